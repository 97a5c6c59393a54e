import LayerModel

extension ImportNote {
    /// Reads back what `text` wrote, so a saved import reopens with its note in parts; nil
    /// for a note that is not an import's (no printed, derived, assumed, approximate or line
    /// part, or a spelling `text` would not give back exactly). Parts are split at `; ` and
    /// lists at `, ` outside parentheses and brackets, as the importers write them.
    public init?(parsing note: String) {
        var n = ImportNote()
        var structured = false
        var seenList = false
        let pieces = Self.split(note, at: Self.partSeparator)
        for (i, piece) in pieces.enumerated() {
            if piece.hasPrefix(Self.printedLabel), n.printed.isEmpty, n.derived.isEmpty, n.assumed.isEmpty, n.remarks.isEmpty {
                n.printed = Self.split(String(piece.dropFirst(Self.printedLabel.count)), at: Self.itemSeparator)
                structured = true; seenList = true
            } else if piece.hasPrefix(Self.derivedLabel), n.derived.isEmpty, n.assumed.isEmpty, n.remarks.isEmpty {
                n.derived = Self.split(String(piece.dropFirst(Self.derivedLabel.count)), at: Self.itemSeparator)
                structured = true; seenList = true
            } else if piece.hasPrefix(Self.assumedLabel), n.assumed.isEmpty, n.remarks.isEmpty {
                n.assumed = Self.split(String(piece.dropFirst(Self.assumedLabel.count)), at: Self.itemSeparator)
                structured = true; seenList = true
            } else if piece.hasPrefix(Self.approximateLabel) {
                n.approximate.append(String(piece.dropFirst(Self.approximateLabel.count)))
                structured = true
            } else if i == pieces.count - 1, piece.hasPrefix(Self.lineLabel), let line = Int(piece.dropFirst(Self.lineLabel.count)) {
                n.line = line
                structured = true
            } else if !n.approximate.isEmpty {
                return nil  // a remark after the approximate parts: not an order `text` writes
            } else if seenList || (i > 0 && Self.isRemark(piece)) {
                n.remarks.append(piece)
                seenList = true
            } else {
                n.identity.append(piece)
            }
        }
        guard structured, n.text == note else { return nil }
        self = n
    }

    /// Before any list, a piece that says something (`what: why`) is a remark, not part of
    /// what the view is — but for a quoted text, name or title, which may hold anything.
    static func isRemark(_ piece: String) -> Bool {
        piece.contains(": ") && !piece.hasPrefix("text '") && !piece.hasPrefix("name '") && !piece.hasPrefix("title \"")
    }

    /// `text` split at `separator` where it stands outside parentheses and brackets. Walks
    /// UTF-8 bytes: the brackets and the separators are ASCII, and an ASCII byte is never part
    /// of a longer character's encoding, so every cut falls between characters (a `Character`
    /// walk with a suffix test at each one cost 45% of importing 20 000 views).
    static func split(_ text: String, at separator: String) -> [String] {
        let bytes = Array(text.utf8)
        let sep = Array(separator.utf8)
        precondition(!sep.isEmpty && sep.allSatisfy { $0 < 0x80 }, "separators are ASCII")
        var out: [String] = []
        var depth = 0
        var start = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "(") || b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: ")") || b == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if depth == 0, b == sep[0], bytes.count - i >= sep.count, bytes[i..<(i + sep.count)].elementsEqual(sep) {
                out.append(String(decoding: bytes[start..<i], as: UTF8.self))
                i += sep.count
                start = i
                continue
            }
            i += 1
        }
        out.append(String(decoding: bytes[start...], as: UTF8.self))
        return out
    }
}

extension Layer {
    /// An importer's note: kept in the parts its text reads back as, so a saved and reopened
    /// import is the same layer (a view's printed text may hold a `; ` or `: ` that reads
    /// back into other parts); a note whose text reads back as no parts is kept as text.
    mutating func setImportNote(_ note: ImportNote) {
        importNote = ImportNote(parsing: note.text)
        self.note = note.text
    }
}
