import Yams

/// Reads YAML layout files into a `SourceDocument` with Yams (libyaml): `compose` builds the node
/// tree with a `Mark` (line, column) on every node; this file turns that into the shared
/// position-annotated document and turns libyaml's terse errors into layout errors.
///
/// Scalars follow the YAML 1.2 core schema, not YAML 1.1: only `true`/`false` are booleans
/// (`yes`, `no`, `on`, `off` stay strings, so a layer may be called `no`), numbers are
/// decimal, `0x…`, `0o…`, `.inf`, `.nan` (the last two are then refused as non-finite),
/// `~`, `null` and an empty value are null. Anything quoted is a string.
///
/// Bounded: libyaml refuses nesting past 1000 levels before Yams' recursive composer gets
/// deep, this reader refuses anything past `layoutNestingLimit` while converting (and
/// recurses no deeper), and aliases may not expand the document past `yamlValueLimit` values
/// (the "billion laughs" file).
enum YAMLReader {
    /// The least cap on values a YAML document may expand to once aliases are followed.
    /// The cap for a document is the larger of this and its length in bytes: without aliases
    /// every value takes at least one byte, so only aliases can reach it, and any file within
    /// `LayoutFile.sizeLimit` that uses none is read whole.
    static let yamlValueLimit = 200_000

    /// Parses a whole document; nil when it holds no document (empty, or only comments).
    static func parse(_ text: String, file: String, nesting: ReaderNesting = .layout) throws(LayoutError) -> SourceValue? {
        // A UTF-8 byte order mark is tolerated, as in JSON (some editors write one); libyaml,
        // given the text as UTF-8, would read it as the start of a scalar.
        let text = SourceText.withoutByteOrderMark(text).text
        let source = SourceText(text)
        let root: Node?
        do {
            root = try compose(yaml: text, resolver)
        } catch let error as YamlError {
            throw layoutError(from: error, source: source, file: file, nesting: nesting)
        } catch {
            throw LayoutError(file: file, line: 1, column: 1, message: "cannot read the YAML: \(error)")
        }
        guard let root else { return nil }
        var converter = Converter(source: source, file: file, limit: max(yamlValueLimit, text.utf8.count), nesting: nesting)
        let index: Int32
        do throws(LayoutError) { index = try converter.convert(root, depth: 1, path: "") } catch {
            converter.builder.discard()
            throw error
        }
        return SourceValue(document: SourceDocument(converter.builder), index: index)
    }

    /// The YAML 1.2 core schema's implicit types (Yams' default is YAML 1.1's).
    static let resolver: Resolver = {
        do {
            return try Resolver.basic
                .appending(.null, "^(?:~|null|Null|NULL|)$")
                .appending(.bool, "^(?:true|True|TRUE|false|False|FALSE)$")
                .appending(.int, "^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
                .appending(.float, "^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$")
        } catch {
            preconditionFailure("YAMLReader: bad resolver pattern: \(error)")
        }
    }()

    // MARK: Nodes to values

    private struct Converter {
        let source: SourceText
        let file: String
        let limit: Int
        let nesting: ReaderNesting
        var count = 0
        var builder = SourceDocument.Builder()

        init(source: SourceText, file: String, limit: Int, nesting: ReaderNesting) {
            self.source = source
            self.file = file
            self.limit = limit
            self.nesting = nesting
        }

        /// Converts `node`, found at nesting `depth` (a container there is level `depth`).
        /// Recurses at most `layoutNestingLimit` deep: deeper containers are an error.
        mutating func convert(_ node: Node, depth: Int, path: String) throws(LayoutError) -> Int32 {
            let position = Self.position(of: node)
            count += 1
            if count > limit {
                throw LayoutError(
                    file: file, line: position.line, column: position.column, path: path,
                    message: "the document expands to more than \(limit) values through its aliases",
                    suggestion: "YAML aliases (*name) copy whole subtrees; use fewer of them")
            }
            switch node {
            case .scalar(let scalar):
                return try convertScalar(scalar, at: position, path: path)
            case .mapping(let mapping):
                try checkDepth(depth, at: position, path: path)
                var entries: [Int32] = []
                entries.reserveCapacity(2 * mapping.count)
                for (keyNode, valueNode) in mapping {
                    let keyPosition = Self.position(of: keyNode)
                    guard case .scalar(let keyScalar) = keyNode else {
                        throw LayoutError(
                            file: file, line: keyPosition.line, column: keyPosition.column, path: path,
                            message: "a key must be plain text, found \(keyNode.mapping != nil ? "a mapping" : "a list")",
                            suggestion: "write the key as text, like name:")
                    }
                    let key = text(of: keyScalar, at: keyPosition)
                    let childPath = path.isEmpty ? key : path + "." + key
                    let keyIndex = builder.add(.string, at: keyPosition, text: key.utf8)
                    let value = try convert(valueNode, depth: depth + 1, path: childPath)
                    entries.append(keyIndex)
                    entries.append(value)
                }
                return builder.addContainer(.object, at: position, entries: entries)
            case .sequence(let sequence):
                try checkDepth(depth, at: position, path: path)
                var elements: [Int32] = []
                elements.reserveCapacity(sequence.count)
                for (index, element) in sequence.enumerated() {
                    elements.append(try convert(element, depth: depth + 1, path: path + "[\(index)]"))
                }
                return builder.addContainer(.array, at: position, entries: elements)
            case .alias:
                throw LayoutError(
                    file: file, line: position.line, column: position.column, path: path,
                    message: "unresolved YAML alias", suggestion: "define the anchor (&name) before using *name")
            }
        }

        private func checkDepth(_ depth: Int, at position: SourcePosition, path: String) throws(LayoutError) {
            guard depth > nesting.levels else { return }
            // No path: it would be 200 segments long, and the position is exact.
            throw LayoutError(
                file: file, line: position.line, column: position.column,
                message: "too deeply nested: more than \(nesting.levels) levels of mappings and lists",
                suggestion: nesting.suggestion)
        }

        /// The scalar's text, with the leading U+FEFF Yams dropped put back.
        private func text(of scalar: Node.Scalar, at position: SourcePosition) -> String {
            let text = scalar.string
            guard text.unicodeScalars.first != "\u{FEFF}", source.scalarStartsWithByteOrderMark(at: position) else { return text }
            return "\u{FEFF}" + text
        }

        private mutating func convertScalar(_ scalar: Node.Scalar, at position: SourcePosition, path: String) throws(LayoutError) -> Int32 {
            let text = self.text(of: scalar, at: position)
            let tag = Node.scalar(scalar).tag.rawValue
            func invalid(_ type: String) -> LayoutError {
                LayoutError(
                    file: file, line: position.line, column: position.column, path: path,
                    message: "\"\(text)\" is not a valid \(type)")
            }
            switch tag {
            case Tag.Name.null.rawValue:
                return builder.add(.null, at: position)
            case Tag.Name.bool.rawValue:
                switch text.lowercased() {
                case "true": return builder.add(.true, at: position)
                case "false": return builder.add(.false, at: position)
                default: throw invalid("bool (true or false)")
                }
            case Tag.Name.int.rawValue, Tag.Name.float.rawValue:
                guard let number = Self.number(from: text) else { throw invalid("number") }
                return builder.addNumber(number, literal: text, at: position)
            default:
                // Strings (plain, quoted or block), and values with tags layout files do not use.
                let start: SourcePosition? = scalar.style == .literal ? source.literalContentStart(after: position) : nil
                let index = builder.add(.string, at: position, text: text.utf8)
                if let start { builder.contentStarts[index] = start }
                return index
            }
        }

        /// A core-schema number: decimal, `0x…`, `0o…`, `.inf`, `.nan`.
        static func number(from text: String) -> Double? {
            var body = Substring(text)
            var sign = 1.0
            if body.hasPrefix("-") { sign = -1; body = body.dropFirst() } else if body.hasPrefix("+") { body = body.dropFirst() }
            switch body.lowercased() {
            case ".inf": return sign * .infinity
            case ".nan": return .nan
            default: break
            }
            if body.hasPrefix("0x") { return Int(body.dropFirst(2), radix: 16).map { sign * Double($0) } ?? (sign * .infinity) }
            if body.hasPrefix("0o") { return Int(body.dropFirst(2), radix: 8).map { sign * Double($0) } ?? (sign * .infinity) }
            // Double reads decimal literals; `1.` and `.5` included. Rule out hex floats and words.
            guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-") }),
                let value = Double(String(body))
            else { return nil }
            return sign * value
        }

        static func position(of node: Node) -> SourcePosition {
            guard let mark = node.mark else { return .start }
            return SourcePosition(line: max(1, mark.line), column: max(1, mark.column))
        }
    }

    // MARK: Errors

    /// A libyaml or Yams error as a layout error: same line and column, plainer words.
    static func layoutError(from error: YamlError, source: SourceText, file: String, nesting: ReaderNesting = .layout) -> LayoutError {
        func at(_ p: SourcePosition, _ message: String, _ suggestion: String? = nil) -> LayoutError {
            LayoutError(file: file, line: p.line, column: p.column, message: message, suggestion: suggestion)
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let p = SourcePosition(line: max(1, mark.line), column: max(1, mark.column))
            let c = context.map { SourcePosition(line: max(1, $0.mark.line), column: max(1, $0.mark.column)) }
            let contextText = context?.text ?? ""
            let character = source.character(at: p)
            if problem.hasPrefix("Maximum nesting level") {
                let limit = min(nesting.levels, 1_000)
                let deep = source.flowNestingPast(limit) ?? p
                return at(deep, "too deeply nested: more than \(limit) levels of mappings and lists", nesting.suggestion)
            }
            if character == "\t" || problem.contains("tab") {
                return at(
                    p, "tab character in the indentation: YAML indents with spaces, never tabs",
                    "replace the tab with spaces")
            }
            switch problem {
            case "found character that cannot start any token":
                let shown = character.map { "\"\($0)\"" } ?? "this character"
                return at(p, "\(shown) cannot start a plain value", "put the value in quotes")
            case "mapping values are not allowed in this context":
                return at(
                    p, "unexpected \":\" here",
                    "check this line's indentation, or quote a value that contains \": \"")
            case "did not find expected '-' indicator":
                let list = c.map { " of the list at \($0)" } ?? ""
                return at(
                    p, "bad indentation: this line does not line up with the \"- \" entries\(list)",
                    "indent it exactly like the entries of that list")
            case "did not find expected key":
                let mapping = c.map { " of the mapping at \($0)" } ?? ""
                return at(
                    p, "bad indentation: this line does not line up with the keys\(mapping)",
                    "indent it exactly like the other keys")
            case "did not find expected ',' or ']'":
                let list = c.map { " in the list that starts at \($0)" } ?? ""
                return at(p, "expected \",\" or \"]\"\(list)", "separate entries with \",\" and close the list with \"]\"")
            case "did not find expected ',' or '}'":
                let mapping = c.map { " in the mapping that starts at \($0)" } ?? ""
                return at(p, "expected \",\" or \"}\"\(mapping)", "separate entries with \",\" and close the mapping with \"}\"")
            case "did not find expected node content":
                return at(p, "expected a value", "remove the extra \",\" or write the missing value")
            case "found unexpected end of stream":
                if contextText.contains("quoted scalar"), let c {
                    return at(p, "the quoted string that starts at \(c) is never closed", "add the closing quote")
                }
                return at(p, "unexpected end of the file", c.map { "something opened at \($0) is never closed" })
            case "found undefined alias":
                return at(p, "unknown alias: no anchor of that name before it", "define the anchor (&name) before using *name")
            case "but found another document":
                return at(
                    p, "a layout file holds one YAML document, found a second one",
                    "remove the \"---\" and what follows it")
            case "block sequence entries are not allowed in this context":
                return at(
                    p, "a \"- \" list entry cannot start here",
                    "put the list on the lines below its key, indented, one \"- \" per line")
            case "did not find expected alphabetic or numeric character":
                let (sign, what) = contextText.contains("alias") ? ("*", "an alias") : ("&", "an anchor")
                return at(p, "\"\(sign)\" starts \(what) name and must be followed by one", "put the value in quotes")
            case "found unexpected ':'":
                return at(p, "unexpected \":\" in a value", "put the value in quotes")
            case "did not find expected comment or line break":
                return at(p, "unexpected text after \"|\" or \">\"", "start the block's text on the next line")
            case "did not find expected whitespace or line break":
                return at(p, "\"!\" starts a YAML tag", "put the value in quotes")
            case "could not find expected directive name":
                return at(p, "\"%\" at the start of a line begins a YAML directive", "put the value in quotes")
            case "did not find expected <document start>":
                return at(p, "unexpected text after the end of the document", "check this line's indentation")
            case "could not find expected ':'":
                let key = c.map { " for the key at \($0)" } ?? ""
                return at(p, "expected \":\"\(key)", "write key: value")
            default:
                let where_ = c.map { " (\(contextText) at \($0))" } ?? (contextText.isEmpty ? "" : " (\(contextText))")
                return at(p, "YAML syntax error: \(problem)\(where_)")
            }
        case let .reader(problem, offset, value, _):
            let p = offset.map { source.position(ofCharacterOffset: $0) } ?? .start
            if problem.contains("control characters"), value >= 0 {
                return at(
                    p, "control character U+\(hex4(UInt32(value)).uppercased()) is not allowed in YAML",
                    "remove it; this may not be a text file")
            }
            return at(p, "cannot read the YAML text: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let key = duplicates.first ?? ""
            let first = SourcePosition(line: max(1, context.mark.line), column: max(1, context.mark.column))
            if let (second, path) = locateSecondKey(key, firstAt: first, source: source) {
                return LayoutError(
                    file: file, line: second.line, column: second.column, path: path,
                    message: "duplicate key \"\(key)\" (first at \(first))", suggestion: "remove one of them")
            }
            if let second = source.blockDuplicate(of: key, firstAt: first) {
                return LayoutError(
                    file: file, line: second.line, column: second.column,
                    message: "duplicate key \"\(key)\" (first at \(first))", suggestion: "remove one of them")
            }
            return at(first, "duplicate key \"\(key)\": it appears again later in the same mapping", "remove one of them")
        case .memory:
            return at(.start, "out of memory while reading the YAML")
        default:
            return at(.start, "cannot read the YAML: \(error)")
        }
    }

    /// Yams reports a duplicate key at its first occurrence; layout errors point at the second.
    /// Find it by renaming first occurrences (one character replaced by a private-use
    /// character, so no column moves) until the document composes, then looking in the mapping
    /// that holds the renamed key. Nil when that does not work out within two parses (then
    /// `SourceText.blockDuplicate` scans for it in one pass).
    private static let firstPlaceholder: Unicode.Scalar = "\u{E000}"

    static func locateSecondKey(_ key: String, firstAt first: SourcePosition, source: SourceText) -> (SourcePosition, String)? {
        var scalars = source.scalars
        // Renamed keys: placeholder first character → the original key and its position.
        var renamed: [Unicode.Scalar: (key: String, position: SourcePosition)] = [:]
        var next: (key: String, position: SourcePosition) = (key, first)
        // At most two extra parses, so a file full of duplicates costs a constant number of
        // parses (it took one per duplicate, up to 64: 124 s for a big file), not one each.
        for round in 0..<2 {
            guard let placeholder = Unicode.Scalar(0xE000 + UInt32(round)),
                let offset = source.keyContentOffset(at: next.position), offset < scalars.count
            else { return nil }
            scalars[offset] = placeholder
            renamed[placeholder] = next
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            do {
                guard let root = try compose(yaml: String(text), resolver) else { return nil }
                return secondOccurrence(in: root, placeholder: firstPlaceholder, renamed: renamed)
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                next = (duplicates.first ?? "", SourcePosition(line: context.mark.line, column: context.mark.column))
            } catch {
                return nil
            }
        }
        return nil
    }

    /// In the mapping holding the key renamed with `placeholder`, the second of the keys that
    /// were (before renaming) equal to it, with its field path.
    private static func secondOccurrence(
        in root: Node, placeholder: Unicode.Scalar,
        renamed: [Unicode.Scalar: (key: String, position: SourcePosition)]
    ) -> (SourcePosition, String)? {
        guard let original = renamed[placeholder] else { return nil }
        var stack: [(node: Node, path: String)] = [(root, "")]
        var visited = 0
        while let (node, path) = stack.popLast(), visited < yamlValueLimit {
            visited += 1
            switch node {
            case .mapping(let mapping):
                let holdsPlaceholder = mapping.keys.contains { $0.scalar?.string.unicodeScalars.first == placeholder }
                if holdsPlaceholder {
                    var positions: [SourcePosition] = []
                    for keyNode in mapping.keys {
                        guard let text = keyNode.scalar?.string else { continue }
                        if text == original.key {
                            positions.append(Converter.position(of: keyNode))
                        } else if let first = text.unicodeScalars.first, let was = renamed[first], was.key == original.key {
                            positions.append(was.position)
                        }
                    }
                    positions.sort { ($0.line, $0.column) < ($1.line, $1.column) }
                    guard positions.count >= 2 else { return nil }
                    return (positions[1], path.isEmpty ? original.key : path + "." + original.key)
                }
                for (key, value) in mapping {
                    let name = key.scalar?.string ?? "?"
                    stack.append((value, path.isEmpty ? name : path + "." + name))
                }
            case .sequence(let sequence):
                for (index, element) in sequence.enumerated() { stack.append((element, path + "[\(index)]")) }
            default:
                break
            }
        }
        return nil
    }
}
