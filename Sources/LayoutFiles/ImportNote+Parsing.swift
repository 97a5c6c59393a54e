import LayerModel

extension ImportNote {
    /// Reads back what `text` wrote, so a saved import reopens with its note in parts; nil
    /// for a note that is not an import's (no printed, derived, assumed, approximate or line
    /// part, or a spelling `text` would not give back exactly). Parts are split at `; ` and
    /// lists at `, ` outside parentheses and brackets, as the importers write them.
    public init?(parsing note: String) {
        var bytes = note
        guard let n = bytes.withUTF8({ Self.parts(of: $0, note: note) }) else { return nil }
        self = n
    }

    /// `init(parsing:)` on the note's UTF-8 bytes. The note is cut once into pieces at `; `
    /// outside brackets, as `split` cuts it; an ASCII piece is then read on its bytes (its
    /// label tests and its list's items), and a piece with any other character as the
    /// `String` it is (`hasPrefix` and `contains` compare characters there, not bytes). When
    /// every piece is ASCII and they came in `text`'s order, the parts' `text` is the note
    /// byte for byte, so it is not written again to be compared.
    static func parts(of b: UnsafeBufferPointer<UInt8>, note: String) -> ImportNote? {
        var pieces: [(start: Int, end: Int, ascii: Bool)] = []
        pieces.reserveCapacity(12)
        var depth = 0, start = 0, i = 0
        var high: UInt8 = 0
        while i < b.count {
            let c = b[i]
            high |= c
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                depth += 1
            } else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if depth == 0, c == UInt8(ascii: ";"), i + 1 < b.count, b[i + 1] == UInt8(ascii: " ") {
                pieces.append((start, i, high < 0x80))
                i += 2
                start = i
                high = 0
                continue
            }
            i += 1
        }
        pieces.append((start, b.count, high < 0x80))

        func text(_ s: Int, _ e: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[s..<e]), as: UTF8.self) }
        /// The ASCII piece `s..<e` starts with `label` (ASCII).
        func starts(_ s: Int, _ e: Int, _ label: String) -> Bool {
            var k = s
            for c in label.utf8 {
                guard k < e, b[k] == c else { return false }
                k += 1
            }
            return true
        }
        /// An ASCII list's items: cut at `, ` outside brackets, from depth 0 (as `split`).
        func items(_ s: Int, _ e: Int) -> [String] {
            var out: [String] = []
            var depth = 0, start = s, i = s
            while i < e {
                let c = b[i]
                if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                    depth += 1
                } else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") {
                    depth = max(0, depth - 1)
                } else if depth == 0, c == UInt8(ascii: ","), i + 1 < e, b[i + 1] == UInt8(ascii: " ") {
                    out.append(text(start, i))
                    i += 2
                    start = i
                    continue
                }
                i += 1
            }
            out.append(text(start, e))
            return out
        }
        /// `isRemark` on an ASCII piece's bytes.
        func isRemark(_ s: Int, _ e: Int) -> Bool {
            var k = s
            while k + 1 < e, !(b[k] == UInt8(ascii: ":") && b[k + 1] == UInt8(ascii: " ")) { k += 1 }
            return k + 1 < e && !Self.quotedPrefixes.contains { starts(s, e, $0) }
        }

        var n = ImportNote()
        var structured = false
        var seenList = false
        // The parts' places in `text`'s order, as met: while they never go back (and every
        // piece is ASCII, and the line reads back as written), `n.text` is the note itself.
        var inOrder = true
        var lastPlace = 0
        func place(_ p: Int) {
            if p < lastPlace { inOrder = false }
            lastPlace = p
        }
        for (k, p) in pieces.enumerated() {
            let (s, e) = (p.start, p.end)
            guard p.ascii else {
                inOrder = false
                let piece = text(s, e)
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
                } else if k == pieces.count - 1, piece.hasPrefix(Self.lineLabel), let line = Int(piece.dropFirst(Self.lineLabel.count)) {
                    n.line = line
                    structured = true
                } else if !n.approximate.isEmpty {
                    return nil  // a remark after the approximate parts: not an order `text` writes
                } else if seenList || (k > 0 && Self.isRemark(piece)) {
                    n.remarks.append(piece)
                    seenList = true
                } else {
                    n.identity.append(piece)
                }
                continue
            }
            if starts(s, e, Self.printedLabel), n.printed.isEmpty, n.derived.isEmpty, n.assumed.isEmpty, n.remarks.isEmpty {
                n.printed = items(s + Self.printedLabel.utf8.count, e)
                structured = true; seenList = true; place(1)
            } else if starts(s, e, Self.derivedLabel), n.derived.isEmpty, n.assumed.isEmpty, n.remarks.isEmpty {
                n.derived = items(s + Self.derivedLabel.utf8.count, e)
                structured = true; seenList = true; place(2)
            } else if starts(s, e, Self.assumedLabel), n.assumed.isEmpty, n.remarks.isEmpty {
                n.assumed = items(s + Self.assumedLabel.utf8.count, e)
                structured = true; seenList = true; place(3)
            } else if starts(s, e, Self.approximateLabel) {
                n.approximate.append(text(s + Self.approximateLabel.utf8.count, e))
                structured = true; place(5)
            } else if k == pieces.count - 1, starts(s, e, Self.lineLabel), let line = Int(text(s + Self.lineLabel.utf8.count, e)) {
                n.line = line
                structured = true; place(6)
                if String(line) != text(s + Self.lineLabel.utf8.count, e) { inOrder = false }  // `line 007`, `line +7`
            } else if !n.approximate.isEmpty {
                return nil  // a remark after the approximate parts: not an order `text` writes
            } else if seenList || (k > 0 && isRemark(s, e)) {
                n.remarks.append(text(s, e))
                seenList = true; place(4)
            } else {
                n.identity.append(text(s, e))
                place(0)
            }
        }
        guard structured else { return nil }
        if !inOrder, n.text != note { return nil }
        return n
    }

    /// What `ImportNote(parsing: text)` gives for this note's own `text`, when it can be told
    /// from the parts themselves.
    enum ReadBack: Equatable {
        /// This very note.
        case itself
        /// nil: the text is not read as parts (a `; ` inside an approximate part leaves a
        /// piece after it that is not a part).
        case nothing
        /// Not told this way: read the text back.
        case unknown
    }

    /// What the text reads back as, found on the parts' own bytes without writing the text or
    /// reading it back. The reader cuts the text at `; ` outside brackets, and a list at `, `;
    /// when every cut falls where `text` joins two parts (brackets closed at each join, no
    /// `; ` inside a part, no `, ` inside a list item) and each part reads as the kind it is,
    /// the note reads back as itself. A `; ` inside an approximate part (which the importers
    /// write: "transform at 45°: …; a square is assumed") leaves a piece that is no part after
    /// an approximate one, and the reader gives nothing. Anything else (a part that starts
    /// with a label, a `: ` that could make a part a remark, a part whose first character
    /// might join the label before it, no part the reader counts) is `unknown`.
    ///
    /// Characters: the reader compares an ASCII piece's bytes and any other piece's
    /// characters. No character but ASCII ones is canonically equivalent to a character of a
    /// label, so a piece that does not start with a label's bytes does not start with it in
    /// characters either; and a label followed by an ASCII byte is followed by a character
    /// boundary, so it starts such a piece in characters too. `isRemark` on a part that is
    /// not ASCII is asked as the reader asks it.
    func readBack() -> ReadBack {
        guard !printed.isEmpty || !derived.isEmpty || !assumed.isEmpty || !approximate.isEmpty || line != nil else { return .unknown }
        /// What the reader would make of one item, seen in one pass over its bytes.
        struct Look {
            /// Where the reader would cut inside the item (just after its `; `, or its `, ` in
            /// a list item), and whether the rest of the item starts with a label.
            var cut: (at: Int, restLabelled: Bool)? = nil
            /// The first byte is ASCII (or there is none): a label before it ends at a
            /// character boundary.
            var leadsASCII = true
            /// Starts with a label's bytes.
            var labelled = false
            /// Reads as a remark where one may stand (`isRemark`).
            var remark = false
        }
        var outerDepth = 0
        var first = true
        /// The `; ` written before a part is a cut only outside brackets.
        func join() -> Bool {
            defer { first = false }
            return first || outerDepth == 0
        }
        /// Carries the bracket depth over the item, up to the reader's first cut inside it.
        func walk(_ item: String, listItem: Bool) -> Look {
            var bytes = item
            let entryDepth = outerDepth
            let (seen, depth, ascii) = bytes.withUTF8 { b -> (Look, Int, Bool) in
                var look = Look()
                look.leadsASCII = b.isEmpty || b[0] < 0x80
                var depth = entryDepth  // local to the loop: no captured variable changes in it
                /// The bytes from `at` start with `prefix`.
                func starts(_ prefix: String, at: Int = 0) -> Bool {
                    var k = at
                    for c in prefix.utf8 {
                        guard k < b.count, b[k] == c else { return false }
                        k += 1
                    }
                    return true
                }
                /// Starts with a label at `at` (a label's first letter is one of `pdaAl`).
                func labelled(at: Int) -> Bool {
                    guard at < b.count else { return false }
                    switch b[at] {
                    case UInt8(ascii: "p"), UInt8(ascii: "d"), UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "l"):
                        return Self.labels.contains { starts($0, at: at) }
                    default: return false
                    }
                }
                var high: UInt8 = 0
                var colon = false
                var i = 0
                while i < b.count {
                    let c = b[i]
                    high |= c
                    switch c {
                    case UInt8(ascii: "("), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: ")"), UInt8(ascii: "]"):
                        depth = max(0, depth - 1)
                    case UInt8(ascii: " ") where i > 0:
                        let previous = b[i - 1]
                        if depth == 0, previous == UInt8(ascii: ";") || (listItem && previous == UInt8(ascii: ",")) {
                            look.cut = (i + 1, labelled(at: i + 1))
                            return (look, depth, true)  // the caller stops at a cut
                        }
                        if previous == UInt8(ascii: ":") { colon = true }
                    default: break
                    }
                    i += 1
                }
                look.labelled = labelled(at: 0)
                look.remark = colon && !Self.quotedPrefixes.contains { starts($0) }
                return (look, depth, high < 0x80)
            }
            var look = seen
            outerDepth = depth
            // Not ASCII: `isRemark` compares characters; ask it.
            if look.cut == nil, !ascii { look.remark = Self.isRemark(item) }
            return look
        }
        func list(_ items: [String]) -> Bool {
            guard !items.isEmpty else { return true }
            guard join() else { return false }
            for (i, item) in items.enumerated() {
                if i > 0, outerDepth != 0 { return false }  // the `, ` before it would not cut
                let look = walk(item, listItem: true)
                guard look.cut == nil, i > 0 || look.leadsASCII else { return false }
            }
            return true
        }
        var index = 0  // the part's place among the identity parts and remarks
        for item in identity {
            // The first part is never a remark; a later one must not read as one.
            guard join() else { return .unknown }
            let look = walk(item, listItem: false)
            guard look.cut == nil, !look.labelled, index == 0 || !look.remark else { return .unknown }
            index += 1
        }
        guard list(printed), list(derived), list(assumed) else { return .unknown }
        var seenList = !printed.isEmpty || !derived.isEmpty || !assumed.isEmpty
        for item in remarks {
            guard join() else { return .unknown }
            let look = walk(item, listItem: false)
            guard look.cut == nil, !look.labelled, seenList || (index > 0 && look.remark) else { return .unknown }
            seenList = true
            index += 1
        }
        for item in approximate {
            guard join() else { return .unknown }
            let look = walk(item, listItem: false)
            // "APPROXIMATE: " and an ASCII byte: the reader takes the piece for an
            // approximate part, and a piece after it with no label for no part at all.
            guard look.leadsASCII else { return .unknown }
            if let cut = look.cut { return cut.restLabelled ? .unknown : .nothing }
        }
        if line != nil {
            guard join() else { return .unknown }
        }
        return .itself
    }

    /// The labels a part can start with.
    static let labels = [printedLabel, derivedLabel, assumedLabel, approximateLabel, lineLabel]
    /// The starts of a quoted text, name or title, which `isRemark` never takes for a remark
    /// (its ASCII reading, on bytes).
    static let quotedPrefixes = ["text '", "name '", "title \""]

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
        let text = note.text
        switch note.readBack() {
        case .itself: importNote = note
        case .nothing: importNote = nil
        case .unknown: importNote = ImportNote(parsing: text)
        }
        self.note = text
    }
}
