extension Patcher {
    // MARK: Finding ends

    func isFlowCollection(_ value: SourceValue) -> Bool {
        guard let c = source.character(at: value.position) else { return false }
        return c == "[" || c == "{"
    }

    func isBlockCollection(_ value: SourceValue) -> Bool {
        guard format == .yaml else { return false }
        switch value.kind {
        case .array, .object: return !isFlowCollection(value)
        default: return false
        }
    }

    /// One past the last scalar of `value`.
    func valueEnd(_ value: SourceValue, flow: Bool) -> Int {
        guard let start = source.offset(of: value.position) else { return source.scalars.count }
        if isBlockCollection(value) || value.contentStart != nil { return blockEnd(value) }
        return scalarEnd(from: start, flow: flow)
    }

    /// The end of a scalar or flow collection starting at `start`.
    func scalarEnd(from start: Int, flow: Bool) -> Int {
        let s = source.scalars
        guard start < s.count else { return start }
        switch s[start] {
        case "[", "{": return flowEnd(from: start)
        case "\"":
            var i = start + 1
            while i < s.count, s[i] != "\"" { i += s[i] == "\\" ? 2 : 1 }
            return min(i + 1, s.count)
        case "'" where format == .yaml:
            var i = start + 1
            while i < s.count {
                if s[i] == "'" { if i + 1 < s.count, s[i + 1] == "'" { i += 2; continue }; break }
                i += 1
            }
            return min(i + 1, s.count)
        default:
            var i = start
            var end = start
            while i < s.count, !isBreak(s[i]) {
                let c = s[i]
                if format == .json || flow, c == "," || c == "]" || c == "}" { break }
                if format == .json, c == " " || c == "\t" { break }
                if c == "#", i > start, s[i - 1] == " " || s[i - 1] == "\t" { break }
                if c != " " && c != "\t" { end = i + 1 }
                i += 1
            }
            return end
        }
    }

    /// One past the bracket that closes the one at `start`; strings and comments skipped.
    func flowEnd(from start: Int) -> Int {
        let s = source.scalars
        var depth = 0
        var i = start
        while i < s.count {
            let c = s[i]
            switch c {
            case "[", "{": depth += 1
            case "]", "}":
                depth -= 1
                if depth == 0 { return i + 1 }
            case "\"", "'":
                if c == "\"" || format == .yaml { i = scalarEnd(from: i, flow: true) - 1 }
            case "#" where format == .yaml && i > 0 && (s[i - 1] == " " || s[i - 1] == "\t" || isBreak(s[i - 1])):
                while i + 1 < s.count, !isBreak(s[i + 1]) { i += 1 }
            default: break
            }
            i += 1
        }
        return s.count
    }

    /// The end of a YAML block collection or block scalar: its last line with content.
    func blockEnd(_ value: SourceValue) -> Int {
        let startLine = value.position.line
        let column = value.position.column - 1
        let isSequence = value.elements != nil
        var lastContentLine = startLine
        var line = startLine + 1
        // A block scalar's lines only need to be deeper than its key's line.
        let minimum = value.contentStart != nil ? indent(ofLine: startLine) + 1 : column
        while line <= source.lineStarts.count {
            let text = lineText(line)
            let trimmed = text.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.first == "#" { line += 1; continue }
            let ind = text.count - trimmed.count
            let belongs =
                value.contentStart != nil
                ? ind >= minimum
                : ind > minimum || (ind == minimum && (isSequence ? trimmed.first == "-" : true))
            guard belongs else { break }
            lastContentLine = line
            line += 1
        }
        return contentEnd(ofLine: lastContentLine)
    }

    func isBreak(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}" }

    func lineText(_ line: Int) -> [Unicode.Scalar] {
        let start = source.lineStarts[line - 1]
        var end = start
        while end < source.scalars.count, !isBreak(source.scalars[end]) { end += 1 }
        return Array(source.scalars[start..<end])
    }

    func indent(ofLine line: Int) -> Int { lineText(line).prefix { $0 == " " }.count }
    func indentation(ofLine line: Int) -> String { String(repeating: " ", count: indent(ofLine: line)) }

    /// The indentation of the `- ` that starts a block sequence element.
    func dashIndentation(of element: SourceValue) -> String {
        let text = lineText(element.position.line)
        let col = element.position.column - 1
        if let dash = text[..<min(col, text.count)].lastIndex(of: "-") { return String(repeating: " ", count: dash) }
        return String(repeating: " ", count: max(0, col - 2))
    }

    /// The end of a line's content: before a trailing comment and trailing spaces.
    func contentEnd(ofLine line: Int) -> Int {
        let start = source.lineStarts[line - 1]
        let text = lineText(line)
        var end = text.count
        var inQuote: Unicode.Scalar? = nil
        for (i, c) in text.enumerated() {
            if let q = inQuote { if c == q { inQuote = nil }; continue }
            if c == "\"" || c == "'" { inQuote = c; continue }
            if c == "#", i == 0 || text[i - 1] == " " || text[i - 1] == "\t" { end = i; break }
        }
        while end > 0, text[end - 1] == " " || text[end - 1] == "\t" { end -= 1 }
        return start + end
    }

    func lineEnd(containing offset: Int) -> Int {
        var i = offset
        while i < source.scalars.count, !isBreak(source.scalars[i]) { i += 1 }
        return i
    }

    func breakLength(at offset: Int) -> Int {
        source.scalars[offset] == "\r" && offset + 1 < source.scalars.count && source.scalars[offset + 1] == "\n" ? 2 : 1
    }

    /// The `:` after a key that starts at `offset`.
    func colonAfterKey(from offset: Int) -> Int? {
        var i = scalarEnd(from: offset, flow: true)
        if source.scalars[offset] != "\"" && source.scalars[offset] != "'" {
            i = offset
            while i < source.scalars.count, source.scalars[i] != ":" { i += 1 }
            return i < source.scalars.count ? i : nil
        }
        while i < source.scalars.count, source.scalars[i] == " " { i += 1 }
        return i < source.scalars.count && source.scalars[i] == ":" ? i : nil
    }
}
