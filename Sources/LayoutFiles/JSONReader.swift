import LayerModel

/// A strict JSON (RFC 8259) reader that keeps the position of every value and key.
///
/// Hand-written rather than Foundation's `JSONSerialization` because a layout error must say
/// where it is: every syntax error carries the exact line and column, duplicate keys are
/// refused at the second one, and the common slips of hand-written JSON (trailing commas,
/// comments, single quotes, `NaN`, a missing comma) get a message that names the slip.
///
/// Iterative (an explicit stack of open containers), so hostile input cannot overflow the
/// call stack; nesting deeper than `layoutNestingLimit` is an error at the first container
/// past the limit. Works on UTF-8 bytes; the caller has checked they are valid UTF-8.
struct JSONReader {
    /// The text, borrowed for the parse: every read is checked against `count` by the
    /// reader itself, so the array's own bounds check is not repeated.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var offset = 0
    private var line = 1
    /// Byte offset where the current line starts.
    private var lineStart = 0
    /// A known column on the current line, so positions are found without rescanning the line
    /// (minified files are one long line).
    private var cachedOffset = 0
    private var cachedColumn = 1

    /// What is built: the document's nodes (strings and numbers as ranges of the file's bytes).
    private var builder: SourceDocument.Builder
    /// How deep containers may nest (a layout's limit unless an import says otherwise).
    private var nesting = ReaderNesting.layout

    /// Parses a whole document; nil when it holds nothing but whitespace.
    static func parse(_ bytes: [UInt8], file: String, nesting: ReaderNesting = .layout) throws(LayoutError) -> SourceValue? {
        let result = bytes.withUnsafeBufferPointer { buffer in
            // About one node per 6 bytes of a typical layout; the arrays grow if there are more.
            var reader = JSONReader(bytes: buffer, file: file, builder: SourceDocument.Builder(text: buffer, expectedNodes: buffer.count / 6))
            reader.nesting = nesting
            defer { reader.entryStack.deallocate() }
            return Result { () throws(LayoutError) -> SourceValue? in
                let root: Int32?
                do throws(LayoutError) { root = try reader.parseDocument() } catch {
                    reader.builder.discard()
                    throw error
                }
                guard let root else {
                    reader.builder.discard()
                    return nil
                }
                return SourceValue(document: SourceDocument(reader.builder), index: root)
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String, builder: SourceDocument.Builder) {
        self.bytes = bytes
        self.file = file
        self.builder = builder
    }

    // MARK: The document

    /// An open object or array. What it has collected so far (node numbers; an object's are
    /// key, value, key, value…) is on `entryStack` from `start` on, and goes into the
    /// document's children in one piece when it closes.
    private struct Frame {
        var isObject: Bool
        var position: SourcePosition
        /// Where its entries start on the shared stack.
        var start: Int
        /// How many members or elements it has so far.
        var count = 0
        /// Object keys seen so far, with where (duplicate detection), once an object has
        /// `Self.scanLimit` keys; fewer are found by looking through the members.
        var seen: [String: SourcePosition]? = nil
        /// The node of the key whose value is being parsed (objects only).
        var pendingKey: Int32 = -1

        static let scanLimit = 16
    }

    private var stack: [Frame] = []
    private var entryStack = SourceDocument.Buffer<Int32>()

    private mutating func parseDocument() throws(LayoutError) -> Int32? {
        // A UTF-8 byte order mark is tolerated (some editors write one).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3; cachedOffset = 3 }
        skipWhitespace()
        if offset == bytes.count { return nil }
        let value = try parseValueTree()
        skipWhitespace()
        if offset < bytes.count {
            throw error(
                at: offset, "unexpected \(describeToken(at: offset)) after the end of the top-level value",
                suggestion: "a layout file holds exactly one object; remove what follows it")
        }
        return value
    }

    /// Parses one value and everything nested in it, without recursion; its node.
    private mutating func parseValueTree() throws(LayoutError) -> Int32 {
        outer: while true {
            skipWhitespace()
            let start = offset
            var value: Int32
            guard start < bytes.count else {
                throw unexpectedEnd(expecting: "a value")
            }
            switch bytes[start] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[start] == UInt8(ascii: "{")
                let position = recordPosition(at: start)
                if stack.count + 1 > nesting.levels {
                    throw error(
                        at: start, "too deeply nested: more than \(nesting.levels) levels of objects and arrays",
                        suggestion: nesting.suggestion)
                }
                offset += 1
                skipWhitespace()
                let closer = UInt8(ascii: isObject ? "}" : "]")
                if offset < bytes.count, bytes[offset] == closer {
                    offset += 1
                    value = builder.addContainer(isObject ? .object : .array, at: position, entries: EmptyCollection())
                } else {
                    stack.append(Frame(isObject: isObject, position: position, start: entryStack.count))
                    if isObject { try parseKeyAndColon() }
                    continue outer
                }
            case UInt8(ascii: "\""):
                let position = recordPosition(at: start)
                value = try parseString(at: position)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                value = try parseWord()
            default:
                throw unexpectedInValuePosition(at: start)
            }

            // Hand the finished value to its container; close containers as they end.
            while true {
                guard !stack.isEmpty else { return value }
                let top = stack.count - 1
                // (An object's key went on the stack before its value.)
                entryStack.append(value)
                stack[top].count += 1
                skipWhitespace()
                let closer = UInt8(ascii: stack[top].isObject ? "}" : "]")
                guard offset < bytes.count else {
                    let frame = stack[top]
                    throw error(
                        at: offset,
                        "unexpected end of the file: the \"\(frame.isObject ? "{" : "[")\" at \(frame.position) is never closed",
                        suggestion: "add a \"\(frame.isObject ? "}" : "]")\" at the end")
                }
                let byte = bytes[offset]
                if byte == UInt8(ascii: ",") {
                    let comma = recordPosition(at: offset)
                    offset += 1
                    skipWhitespace()
                    if offset < bytes.count, bytes[offset] == closer {
                        throw error(
                            at: comma, "trailing comma before \"\(stack[top].isObject ? "}" : "]")\"",
                            suggestion: "JSON does not allow a comma after the last \(stack[top].isObject ? "member" : "element"); remove it")
                    }
                    if stack[top].isObject { try parseKeyAndColon() }
                    continue outer
                }
                if byte == closer {
                    offset += 1
                    let frame = stack.removeLast()
                    value = builder.addContainer(frame.isObject ? .object : .array, at: frame.position, movingFrom: &entryStack, start: frame.start)
                    continue
                }
                throw missingCommaOrCloser(at: offset)
            }
        }
    }

    /// After `{` or `,` in an object: a quoted key, a colon; records the key on the top frame.
    private mutating func parseKeyAndColon() throws(LayoutError) {
        skipWhitespace()
        let top = stack.count - 1
        guard offset < bytes.count else { throw unexpectedEnd(expecting: "a key in double quotes") }
        let start = offset
        let byte = bytes[start]
        guard byte == UInt8(ascii: "\"") else {
            if isWordStart(byte) {
                let word = scanWord(from: start)
                throw error(
                    at: start, "keys must be in double quotes, found \(word)",
                    suggestion: "write \"\(word)\"")
            }
            if byte == UInt8(ascii: "'") {
                throw error(
                    at: start, "JSON keys and strings use double quotes, found '",
                    suggestion: "write \"key\" instead of 'key', or write the layout in YAML")
            }
            if let comment = commentError(at: start) { throw comment }
            throw error(at: start, "expected a key in double quotes, found \(describeToken(at: start))")
        }
        let keyPosition = recordPosition(at: start)
        let keyNode = try parseString(at: keyPosition)
        if let first = firstPosition(of: keyNode, at: keyPosition) {
            let key = keyText(keyNode)
            throw error(
                at: start, "duplicate key \"\(key)\" (first at \(first))",
                path: currentPath(appending: key),
                suggestion: "remove one of them")
        }
        stack[top].pendingKey = keyNode
        entryStack.append(keyNode)
        skipWhitespace()
        guard offset < bytes.count else { throw unexpectedEnd(expecting: "\":\" after the key \"\(keyText(keyNode))\"") }
        guard bytes[offset] == UInt8(ascii: ":") else {
            let key = keyText(keyNode)
            if bytes[offset] == UInt8(ascii: "=") {
                throw error(at: offset, "expected \":\" after the key \"\(key)\", found \"=\"", suggestion: "write \"\(key)\": value")
            }
            throw error(
                at: offset, "expected \":\" after the key \"\(key)\", found \(describeToken(at: offset))",
                suggestion: "write \"\(key)\": value")
        }
        offset += 1
    }

    /// A key's text, for a message.
    private func keyText(_ node: Int32) -> String { builder.string(node) }

    /// Where the object on top of the stack first had the key `node`, or nil (then the key at
    /// `position` is recorded): its keys compared byte for byte while they are few, a
    /// dictionary once they are many.
    private mutating func firstPosition(of node: Int32, at position: SourcePosition) -> SourcePosition? {
        let top = stack.count - 1
        if stack[top].count < Frame.scanLimit {
            let key = builder.bytes(of: node)
            for i in stride(from: stack[top].start, to: entryStack.count, by: 2) where builder.bytes(of: entryStack[i]).elementsEqual(key) {
                return builder.node(entryStack[i]).position
            }
            return nil
        }
        if stack[top].seen == nil {
            var seen: [String: SourcePosition] = [:]
            for i in stride(from: stack[top].start, to: entryStack.count, by: 2) {
                seen[keyText(entryStack[i])] = builder.node(entryStack[i]).position
            }
            stack[top].seen = seen
        }
        let key = keyText(node)
        if let first = stack[top].seen?[key] { return first }
        stack[top].seen?[key] = position
        return nil
    }

    // MARK: Scalars

    /// A string starting at the opening quote, as a node; leaves `offset` after the closing quote.
    private mutating func parseString(at position: SourcePosition) throws(LayoutError) -> Int32 {
        let open = offset
        // Most strings hold no escape: their bytes are the string, a range of the file.
        var end = open + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                offset = end + 1
                return builder.add(.string, at: position, fileBytes: open + 1, count: end - open - 1)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        offset += 1
        var out: [UInt8] = []
        while true {
            guard offset < bytes.count else {
                throw error(
                    at: offset, "unexpected end of the file inside the string that starts at \(self.position(at: open))",
                    suggestion: "close the string with \"")
            }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return builder.add(.string, at: position, text: out)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error(
                    at: offset, "the string that starts at \(self.position(at: open)) is not closed before the end of the line",
                    suggestion: "close it with \", or write a line break inside a string as \\n")
            case 0..<0x20:
                throw error(
                    at: offset, "control character \(unicodeName(byte)) inside a string",
                    suggestion: byte == 9 ? "write a tab as \\t" : "write it as \\u\(hex4(UInt32(byte)))")
            default:
                out.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(LayoutError) {
        let backslash = offset
        offset += 1
        guard offset < bytes.count else { throw unexpectedEnd(expecting: "an escape after \"\\\"") }
        let byte = bytes[offset]
        offset += 1
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 8
        case UInt8(ascii: "f"): simple = 12
        case UInt8(ascii: "n"): simple = 10
        case UInt8(ascii: "r"): simple = 13
        case UInt8(ascii: "t"): simple = 9
        case UInt8(ascii: "u"): simple = nil
        default:
            throw error(
                at: backslash, "invalid escape \"\\\(printable(at: offset - 1))\" in a string",
                suggestion: "JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX; write a backslash as \\\\")
        }
        if let simple { out.append(simple); return }
        var scalar = try parseHex4(escapeAt: backslash)
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw error(
                    at: backslash, "unpaired surrogate \\u\(hex4(scalar)) in a string",
                    suggestion: "follow it with a low surrogate \\uDC00…\\uDFFF, or write the character itself")
            }
            let second = offset
            offset += 2
            let low = try parseHex4(escapeAt: second)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(
                    at: backslash, "unpaired surrogate \\u\(hex4(scalar)) in a string",
                    suggestion: "follow it with a low surrogate \\uDC00…\\uDFFF, or write the character itself")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error(
                at: backslash, "unpaired surrogate \\u\(hex4(scalar)) in a string",
                suggestion: "a low surrogate must follow a high one \\uD800…\\uDBFF")
        }
        guard let unicode = Unicode.Scalar(scalar) else {
            throw error(at: backslash, "invalid \\u escape: U+\(hex4(scalar).uppercased()) is not a character")
        }
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    /// Four hex digits after `\u` (offset is just after the `u`).
    private mutating func parseHex4(escapeAt backslash: Int) throws(LayoutError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                throw error(
                    at: backslash, "invalid \\u escape: expected 4 hex digits",
                    suggestion: "write \\u followed by exactly four of 0-9 a-f, like \\u00e9")
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as a node of its spelling; the value is
    /// read from it when asked (`SourceDocument.number`: a literal out of range, like `1e999`,
    /// is ±infinity, and the decoder says why that is refused).
    private mutating func parseNumber() throws(LayoutError) -> Int32 {
        let start = offset
        let position = recordPosition(at: start)
        if bytes[offset] == UInt8(ascii: "-") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "I") || bytes[offset] == UInt8(ascii: "N") {
                let word = scanWord(from: offset)
                if word == "Infinity" || word == "NaN" {
                    throw nonFinite("-" + word, at: start)
                }
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw error(at: start, "expected a digit after \"-\", found \(describeToken(at: offset))")
            }
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) {
                throw invalidNumber(
                    from: start, reason: "a number cannot start with 0",
                    suggestion: "remove the leading zeros")
            }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw invalidNumber(
                    from: start, reason: "expected a digit after the decimal point",
                    suggestion: "write \(String(decoding: bytes[start..<offset], as: UTF8.self))0")
            }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw invalidNumber(from: start, reason: "expected a digit in the exponent", suggestion: nil)
            }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        // `0x1F`, `12px`, `1.2.3`: the number runs on into something that is not JSON.
        if offset < bytes.count, isWordStart(bytes[offset]) || isDigit(bytes[offset]) || bytes[offset] == UInt8(ascii: ".") {
            throw invalidNumber(from: start, reason: "not a JSON number", suggestion: "JSON numbers are decimal, like 12 or -0.5 or 1e3")
        }
        // The value is read from the spelling when it is asked for (SourceDocument.number).
        return builder.add(.number, at: position, fileBytes: start, count: offset - start)
    }

    private mutating func parseWord() throws(LayoutError) -> Int32 {
        let start = offset
        let position = recordPosition(at: start)
        let word = scanWord(from: start)
        offset = start + word.utf8.count
        switch word {
        case "true": return builder.add(.true, at: position)
        case "false": return builder.add(.false, at: position)
        case "null": return builder.add(.null, at: position)
        case "NaN", "Infinity", "nan", "inf", "infinity":
            throw nonFinite(word, at: start)
        default:
            if let near = NearMiss.closest(to: word, among: ["true", "false", "null"]) {
                throw error(at: start, "unexpected word \(word)", suggestion: "did you mean \(near)?")
            }
            throw error(
                at: start, "unexpected word \(word): strings must be in double quotes",
                suggestion: "write \"\(word)\"")
        }
    }

    // MARK: Errors

    private func error(at offset: Int, _ message: String, path: String = "", suggestion: String? = nil) -> LayoutError {
        error(at: position(at: offset), message, path: path, suggestion: suggestion)
    }

    private func error(at p: SourcePosition, _ message: String, path: String = "", suggestion: String? = nil) -> LayoutError {
        LayoutError(file: file, line: p.line, column: p.column, path: path, message: message, suggestion: suggestion)
    }

    private func unexpectedEnd(expecting what: String) -> LayoutError {
        if let frame = stack.last {
            return error(
                at: offset, "unexpected end of the file: expected \(what); the \"\(frame.isObject ? "{" : "[")\" at \(frame.position) is never closed",
                suggestion: "finish the value and add a \"\(frame.isObject ? "}" : "]")\"")
        }
        return error(at: offset, "unexpected end of the file: expected \(what)")
    }

    private func nonFinite(_ word: String, at start: Int) -> LayoutError {
        error(
            at: start, "expected a finite number, found \(word)",
            suggestion: "JSON has no NaN or Infinity; numbers must be finite")
    }

    private mutating func invalidNumber(from start: Int, reason: String, suggestion: String?) -> LayoutError {
        var end = offset
        while end < bytes.count,
            isWordStart(bytes[end]) || isDigit(bytes[end]) || bytes[end] == UInt8(ascii: ".")
                || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+")
        { end += 1 }
        let literal = String(decoding: bytes[start..<end], as: UTF8.self)
        return error(at: start, "invalid number \(literal): \(reason)", suggestion: suggestion)
    }

    /// A character that cannot start a value where a value is expected.
    private func unexpectedInValuePosition(at start: Int) -> LayoutError {
        let byte = bytes[start]
        // `[1, ]` and `{"a": 1, }` are caught as trailing commas; this is `{"a": }`.
        if let frame = stack.last, frame.isObject, byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            return error(at: start, "expected a value after the key \"\(keyText(frame.pendingKey))\", found \(describeToken(at: start))")
        }
        if let comment = commentError(at: start) { return comment }
        switch byte {
        case UInt8(ascii: "'"):
            return error(
                at: start, "JSON strings use double quotes, found '",
                suggestion: "write \"text\" instead of 'text', or write the layout in YAML")
        case UInt8(ascii: "."):
            return error(at: start, "expected a value, found \".\"", suggestion: "write a leading zero, like 0.5")
        case UInt8(ascii: "+"):
            return error(at: start, "expected a value, found \"+\"", suggestion: "JSON numbers have no plus sign; remove it")
        case UInt8(ascii: ","):
            return error(at: start, "expected a value, found \",\"", suggestion: "remove the extra comma")
        default:
            return error(at: start, "expected a value, found \(describeToken(at: start))")
        }
    }

    /// After a value inside a container, neither `,` nor the right closer came.
    private func missingCommaOrCloser(at offset: Int) -> LayoutError {
        let frame = stack[stack.count - 1]
        let closer = frame.isObject ? "}" : "]"
        let what = frame.isObject ? "after the value of \"\(keyText(frame.pendingKey))\"" : "after an array element"
        let byte = bytes[offset]
        if let comment = commentError(at: offset) { return comment }
        if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
            let opener = frame.isObject ? "{" : "["
            return error(
                at: offset, "expected \",\" or \"\(closer)\" \(what), found \"\(byte == UInt8(ascii: "]") ? "]" : "}")\"",
                suggestion: "the \"\(opener)\" at \(frame.position) must be closed with \"\(closer)\"")
        }
        let startsValue =
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "-") || isDigit(byte) || isWordStart(byte)
        return error(
            at: offset, "expected \",\" or \"\(closer)\" \(what), found \(describeToken(at: offset))",
            suggestion: startsValue ? "add a \",\" before it" : nil)
    }

    private func commentError(at offset: Int) -> LayoutError? {
        guard bytes[offset] == UInt8(ascii: "/") || bytes[offset] == UInt8(ascii: "#") else { return nil }
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        guard bytes[offset] == UInt8(ascii: "#") || next == UInt8(ascii: "/") || next == UInt8(ascii: "*") else { return nil }
        return error(
            at: offset, "JSON does not allow comments",
            suggestion: "remove the comment, or write the layout in YAML (.yaml), where # starts a comment")
    }

    /// Names what is at `offset` for a message: `a string`, `"}"`, `the end of the file`.
    private func describeToken(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") { return "a string" }
        if byte == UInt8(ascii: "-") || isDigit(byte) { return "a number" }
        if isWordStart(byte) { return "\(scanWord(from: offset)) (text without quotes)" }
        if byte < 0x20 || byte == 0x7F { return "the control character \(unicodeName(byte))" }
        return "\"\(printable(at: offset))\""
    }

    /// The dotted field path of the value being parsed, for errors that are not syntax errors.
    private func currentPath(appending key: String? = nil) -> String {
        var path = ""
        for (index, frame) in stack.enumerated() {
            let isLast = index == stack.count - 1
            if frame.isObject {
                if isLast, key != nil { break }
                let key = keyText(frame.pendingKey)
                path += path.isEmpty ? key : "." + key
            } else {
                path += "[\(frame.count)]"
            }
        }
        if let key { path += path.isEmpty ? key : "." + key }
        return path
    }

    // MARK: Characters and positions

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                startLine()
            case UInt8(ascii: "\r"):
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
                startLine()
            default:
                return
            }
        }
    }

    private mutating func startLine() {
        line += 1
        lineStart = offset
        cachedOffset = offset
        cachedColumn = 1
    }

    /// The line and column of a byte on the current line (or the start of the next one).
    private func position(at target: Int) -> SourcePosition {
        var from = lineStart, column = 1
        if target >= cachedOffset { from = cachedOffset; column = cachedColumn }
        var i = from
        while i < target, i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SourcePosition(line: line, column: column)
    }

    /// `position(at:)`, remembered so later positions on the same line are found quickly.
    private mutating func recordPosition(at target: Int) -> SourcePosition {
        let p = position(at: target)
        if target >= cachedOffset { cachedOffset = target; cachedColumn = p.column }
        return p
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private func isWordStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: "_")
    }

    /// Letters, digits and `_` from `start` (at most 40, for messages).
    private func scanWord(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 40, isWordStart(bytes[end]) || isDigit(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The whole character starting at `offset`, for quoting in a message.
    private func printable(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// `U+0009`.
func unicodeName(_ byte: UInt8) -> String { "U+" + hex4(UInt32(byte)).uppercased() }

/// Four lower-case hex digits.
func hex4(_ value: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).reversed().map { digits[Int((value >> (4 * UInt32($0))) & 15)] })
}
