/// The YAML text split into lines of Unicode scalars, as libyaml counts them (lines break at
/// `\n`, `\r\n`, `\r`, U+0085, U+2028, U+2029; columns count scalars).
struct SourceText {
    let scalars: [Unicode.Scalar]
    /// Scalar offset where each line starts; `lineStarts[0]` is line 1.
    let lineStarts: [Int]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        var i = 0
        while i < scalars.count {
            switch scalars[i] {
            case "\r":
                if i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                starts.append(i + 1)
            case "\n", "\u{85}", "\u{2028}", "\u{2029}":
                starts.append(i + 1)
            default:
                break
            }
            i += 1
        }
        lineStarts = starts
    }

    /// The scalar offset of a position, nil past the end of its line's text.
    func offset(of p: SourcePosition) -> Int? {
        guard p.line >= 1, p.line <= lineStarts.count, p.column >= 1 else { return nil }
        let offset = lineStarts[p.line - 1] + p.column - 1
        return offset < scalars.count ? offset : nil
    }

    func character(at p: SourcePosition) -> Unicode.Scalar? {
        offset(of: p).map { scalars[$0] }
    }

    /// `text` without a leading byte order mark, and whether it had one. Both readers give
    /// positions as an editor shows them, where the mark takes no column (JSON skips it in its
    /// bytes); the YAML reader and the patcher take it off first.
    static func withoutByteOrderMark(_ text: String) -> (text: String, hadMark: Bool) {
        guard text.unicodeScalars.first == "\u{FEFF}" else { return (text, false) }
        return (String(text.unicodeScalars.dropFirst()), true)
    }

    /// Whether the scalar written at `p` starts with U+FEFF: raw, after a quote, or escaped in
    /// double quotes (`"\ufeff…"`, `"\U0000FEFF…"`). Yams makes its Strings with Foundation,
    /// which drops a leading U+FEFF as a byte order mark; the reader puts it back.
    func scalarStartsWithByteOrderMark(at p: SourcePosition) -> Bool {
        guard var i = offset(of: p) else { return false }
        let quote = scalars[i]
        if quote == "\"" || quote == "'" { i += 1 }
        guard i < scalars.count else { return false }
        if scalars[i] == "\u{FEFF}" { return true }
        guard quote == "\"", scalars[i] == "\\", i + 1 < scalars.count else { return false }
        let digits: String
        switch scalars[i + 1] {
        case "u": digits = "feff"
        case "U": digits = "0000feff"
        default: return false
        }
        guard i + 2 + digits.unicodeScalars.count <= scalars.count else { return false }
        return String(String.UnicodeScalarView(scalars[(i + 2)..<(i + 2 + digits.unicodeScalars.count)])).lowercased() == digits
    }

    /// Where the first character of a key's text is, given where the key starts (past an
    /// opening quote). Nil for an empty quoted key.
    func keyContentOffset(at p: SourcePosition) -> Int? {
        guard var offset = offset(of: p) else { return nil }
        let quote = scalars[offset]
        if quote == "\"" || quote == "'" {
            offset += 1
            guard offset < scalars.count, scalars[offset] != quote else { return nil }
        }
        return offset
    }

    /// The position of a character offset as Yams counts it for reader errors (Characters).
    func position(ofCharacterOffset characters: Int) -> SourcePosition {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        let string = String(text)
        let index = string.index(string.startIndex, offsetBy: max(0, characters), limitedBy: string.endIndex) ?? string.endIndex
        let scalarOffset = string.unicodeScalars.distance(from: string.unicodeScalars.startIndex, to: index)
        return position(ofScalarOffset: scalarOffset)
    }

    func position(ofScalarOffset offset: Int) -> SourcePosition {
        // The last line start at or before the offset.
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return SourcePosition(line: lo + 1, column: offset - lineStarts[lo] + 1)
    }

    /// For a literal block scalar whose `|` is at `header`: where its content starts (the
    /// line after the header, at the block's indentation).
    func literalContentStart(after header: SourcePosition) -> SourcePosition? {
        var line = header.line + 1
        while line <= lineStarts.count {
            var i = lineStarts[line - 1]
            var indent = 0
            while i < scalars.count, scalars[i] == " " { i += 1; indent += 1 }
            if i < scalars.count, !["\n", "\r"].contains(scalars[i]) {
                return SourcePosition(line: header.line + 1, column: indent + 1)
            }
            if i >= scalars.count { return nil }
            line += 1
        }
        return nil
    }

    /// For a block-style key at `first`: where the same key appears again in the same
    /// mapping (a later line indented exactly as far whose text is the key, plain or quoted,
    /// then `:`), scanning until the mapping ends (a line indented less). One pass over the
    /// lines after `first`; nil for flow mappings or when not found.
    func blockDuplicate(of key: String, firstAt first: SourcePosition) -> SourcePosition? {
        let indent = first.column - 1
        let keyScalars = Array(key.unicodeScalars)
        var line = first.line + 1
        while line <= lineStarts.count {
            defer { line += 1 }
            var i = lineStarts[line - 1]
            var spaces = 0
            while i < scalars.count, scalars[i] == " " { i += 1; spaces += 1 }
            guard i < scalars.count else { return nil }
            let c = scalars[i]
            if c == "\n" || c == "\r" || c == "#" { continue }  // blank or comment
            if spaces < indent { return nil }  // the mapping has ended
            guard spaces == indent else { continue }  // deeper: a nested value
            for quote in [nil, "\"", "'"] as [Unicode.Scalar?] {
                var j = i
                if let quote { guard scalars[j] == quote else { continue }; j += 1 }
                guard j + keyScalars.count <= scalars.count, Array(scalars[j..<j + keyScalars.count]) == keyScalars else { continue }
                j += keyScalars.count
                if let quote { guard j < scalars.count, scalars[j] == quote else { continue }; j += 1 }
                while j < scalars.count, scalars[j] == " " { j += 1 }
                if j < scalars.count, scalars[j] == ":" { return SourcePosition(line: line, column: spaces + 1) }
            }
        }
        return nil
    }

    /// The first flow bracket (`[` or `{`) opened more than `limit` deep, skipping quoted
    /// text and comments: where a too-deep flow collection starts (libyaml's own nesting
    /// error does not say).
    func flowNestingPast(_ limit: Int) -> SourcePosition? {
        var depth = 0
        var i = 0
        var previous: Unicode.Scalar = "\n"
        while i < scalars.count {
            let c = scalars[i]
            let tokenStart = [" ", "\t", "\n", "\r", "[", "{", ",", ":", "-"].contains(previous)
            switch c {
            case "#" where previous == " " || previous == "\t" || previous == "\n" || previous == "\r":
                while i < scalars.count, scalars[i] != "\n", scalars[i] != "\r" { i += 1 }
                continue
            case "\"" where tokenStart, "'" where tokenStart:
                i += 1
                while i < scalars.count, scalars[i] != c {
                    if c == "\"", scalars[i] == "\\" { i += 1 }
                    i += 1
                }
            case "[", "{":
                depth += 1
                if depth > limit { return position(ofScalarOffset: i) }
            case "]", "}":
                depth = max(0, depth - 1)
            default:
                break
            }
            previous = i < scalars.count ? scalars[i] : "\n"
            i += 1
        }
        return nil
    }
}
