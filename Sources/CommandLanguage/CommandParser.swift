import Geometry
import LayerModel

/// A command that could not be read, or could not apply. `column` is 1-based in its line.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var column: Int?
    public var suggestion: String?
    public init(_ message: String, column: Int? = nil, suggestion: String? = nil) {
        self.message = message; self.column = column; self.suggestion = suggestion
    }
    public var description: String {
        (column.map { "column \($0): " } ?? "") + message + (suggestion.map { "; \($0)" } ?? "")
    }
}

/// A word of a command line, with its 1-based column.
public struct CommandToken: Equatable, Sendable {
    public var text: String
    public var column: Int
    public var quoted: Bool
}

/// Reads the command language (commands.md): one command per line or `;`-separated,
/// `#` starts a comment, double quotes for names with spaces.
public enum CommandParser {
    /// The words a transform starts with, and each step after `then`: the one list the
    /// parser, its errors and completion use.
    public static let transformWords = ["identity", "rotate", "scale", "translate", "perspective", "affine", "matrix"]

    /// Every command word, for completion and help (declared in `CommandTable`).
    public static var verbs: [String] { CommandTable.verbs }

    /// Splits a line into tokens, dropping a `#` comment; `;` is returned as its own token.
    public static func tokenize(_ line: String) throws(CommandError) -> [CommandToken] {
        var tokens: [CommandToken] = []
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { i += 1; continue }
            if c == "#" { break }
            if c == ";" || c == "{" || c == "}" { tokens.append(CommandToken(text: String(c), column: i + 1, quoted: false)); i += 1; continue }
            if c == "\"" {
                let start = i
                var text = ""
                i += 1
                var closed = false
                while i < chars.count {
                    if chars[i] == "\\", i + 1 < chars.count { text.append(chars[i + 1]); i += 2; continue }
                    if chars[i] == "\"" { closed = true; i += 1; break }
                    text.append(chars[i]); i += 1
                }
                guard closed else { throw CommandError("unterminated quoted name", column: start + 1, suggestion: "close it with \"") }
                tokens.append(CommandToken(text: text, column: start + 1, quoted: true))
                continue
            }
            let start = i
            var text = ""
            // A # inside a word is part of it (imported names: UIButton#2); one that starts a word is a comment.
            while i < chars.count, !chars[i].isWhitespace, chars[i] != ";", chars[i] != "\"", chars[i] != "{", chars[i] != "}" {
                text.append(chars[i]); i += 1
            }
            tokens.append(CommandToken(text: text, column: start + 1, quoted: false))
        }
        return tokens
    }

    /// Parses every command on one line (`;`-separated). An empty or comment line gives [].
    public static func parseLine(_ line: String) throws(CommandError) -> [Command] {
        var commands: [Command] = []
        var current: [CommandToken] = []
        var depth = 0  // inside an `animated { … }` block, `;` separates the block's commands
        let end = CommandToken(text: ";", column: line.count + 1, quoted: false)
        for t in try tokenize(line) + [end] {
            if !t.quoted, t.text == "{" { depth += 1 } else if !t.quoted, t.text == "}" { depth -= 1 }
            if t.text == ";" && !t.quoted && (depth <= 0 || t.column == end.column) {
                if !current.isEmpty { commands.append(try parse(tokens: current, endColumn: t.column)) }
                current = []
            } else {
                current.append(t)
            }
        }
        return commands
    }

    /// Parses exactly one command.
    public static func parse(_ text: String) throws(CommandError) -> Command {
        let commands = try parseLine(text)
        guard commands.count == 1 else {
            throw CommandError(commands.isEmpty ? "empty command" : "expected one command, found \(commands.count)", column: 1)
        }
        return commands[0]
    }

    static func parse(tokens: [CommandToken], endColumn: Int) throws(CommandError) -> Command {
        var r = TokenCursor(tokens: tokens, endColumn: endColumn)
        let verb = try r.word("a command")
        guard let spec = CommandTable.spec(for: verb.text) else {
            throw CommandError(
                "unknown command \"\(verb.text)\"", column: verb.column,
                suggestion: NearMiss.closest(to: verb.text, among: verbs).map { "did you mean \"\($0)\"?" } ?? "type help for the list")
        }
        let command = try spec.parse(&r)
        if let extra = r.peek {
            throw CommandError(
                "unexpected \"\(extra.text)\" after \(verb.text)", column: extra.column,
                suggestion: "one command per line, or separate them with ;")
        }
        return command
    }
}

/// A cursor over one command's tokens. Layout files read their command-language fragments
/// (a transform, a timing, a key path) with it through `CommandParser.fragment`.
public struct TokenCursor {
    var tokens: [CommandToken]
    var endColumn: Int
    var index = 0

    var peek: CommandToken? { index < tokens.count ? tokens[index] : nil }
    mutating func advance() { index += 1 }

    mutating func word(_ expected: String) throws(CommandError) -> CommandToken {
        guard let t = peek else { throw CommandError("missing \(expected)", column: endColumn) }
        advance()
        return t
    }

    /// `on` or `off` (`Toggle.words`).
    mutating func onOff() throws(CommandError) -> Bool {
        let either = Toggle.words.joined(separator: " or ")
        let t = try word(either)
        guard let on = Toggle.parse(t.text) else { throw CommandError("expected \(either), found \"\(t.text)\"", column: t.column) }
        return on
    }

    /// One of an enumeration's spellings; a near miss is suggested, otherwise the list.
    mutating func choice<E: RawRepresentable & CaseIterable>(_ what: String, _ type: E.Type) throws(CommandError) -> E
    where E.RawValue == String {
        let all = E.allCases.map(\.rawValue)
        let list = all.dropLast().joined(separator: ", ") + " or " + (all.last ?? "")
        let t = try word("a \(what) (\(list))")
        guard let value = E(rawValue: t.text) else {
            throw CommandError(
                "unknown \(what) \"\(t.text)\"", column: t.column,
                suggestion: NearMiss.closest(to: t.text, among: all).map { "did you mean \"\($0)\"?" } ?? "use \(list)")
        }
        return value
    }

    mutating func name(_ expected: String) throws(CommandError) -> String {
        let t = try word(expected)
        guard !t.text.isEmpty else { throw CommandError("empty name", column: t.column) }
        return t.text
    }

    mutating func keyword(_ k: String) throws(CommandError) {
        let t = try word("\"\(k)\"")
        guard t.text == k else { throw CommandError("expected \"\(k)\", found \"\(t.text)\"", column: t.column) }
    }

    /// A layer name or `screen`; a quoted "screen" names a layer called screen.
    mutating func space() throws(CommandError) -> SpaceName {
        let t = try word("a layer name or screen")
        guard !t.text.isEmpty else { throw CommandError("empty name", column: t.column) }
        return t.text == "screen" && !t.quoted ? .screen : .layer(t.text)
    }

    static func number(_ text: String) -> Double? {
        guard let first = text.first, first.isNumber || first == "-" || first == "+" || first == "." else { return nil }
        return Double(text)
    }

    mutating func number(_ expected: String) throws(CommandError) -> Double {
        let t = try word(expected)
        guard let x = TokenCursor.number(t.text) else {
            throw CommandError("expected a number (\(expected)), found \"\(t.text)\"", column: t.column)
        }
        guard x.isFinite, abs(x) <= 1e9 else {
            throw CommandError(
                "\(t.text) is out of range (\(expected)); numbers must be finite and at most 1e9 in magnitude", column: t.column,
                suggestion: "write a number from -1e9 to 1e9")
        }
        return x
    }

    mutating func positive(_ expected: String) throws(CommandError) -> Double {
        let column = peek?.column ?? endColumn
        let x = try number(expected)
        guard x > 0 else { throw CommandError("expected a positive number (\(expected))", column: column) }
        return x
    }

    mutating func integer(_ expected: String) throws(CommandError) -> Int {
        let t = try word(expected)
        // `magnitude`, never `abs`: abs(Int.min) traps (`step -9223372036854775808`).
        guard let i = Int(t.text) else {
            if let x = TokenCursor.number(t.text), x == x.rounded() {
                // A whole number written as a decimal (`step 2.0`, `at 1e3`) is that number.
                if x.magnitude <= 1_000_000_000 { return Int(x) }
                throw CommandError(
                    "\(t.text) is out of range (\(expected)); whole numbers must be at most 1e9 in magnitude", column: t.column,
                    suggestion: "write a whole number from -1000000000 to 1000000000")
            }
            throw CommandError("expected a whole number (\(expected)), found \"\(t.text)\"", column: t.column)
        }
        guard i.magnitude <= 1_000_000_000 else {
            throw CommandError(
                "\(t.text) is out of range (\(expected)); whole numbers must be at most 1e9 in magnitude", column: t.column,
                suggestion: "write a whole number from -1000000000 to 1000000000")
        }
        return i
    }

    mutating func angle() throws(CommandError) -> AngleLiteral {
        let t = try word("an angle in degrees")
        var text = t.text
        var unit = AngleLiteral.Unit.degrees
        if text.hasSuffix("deg") {
            unit = .deg; text.removeLast(3)
        } else if text.hasSuffix("rad") {
            unit = .rad; text.removeLast(3)
        } else if text.hasSuffix("°") {
            unit = .deg; text.removeLast()
        }
        guard let x = TokenCursor.number(text) else {
            throw CommandError("expected an angle (degrees, or with a deg/rad suffix), found \"\(t.text)\"", column: t.column)
        }
        guard x.isFinite, abs(x) <= 1e9 else { throw CommandError("angle \(t.text) is out of range", column: t.column) }
        return AngleLiteral(x, unit)
    }

    mutating func property(allowReadOnly: Bool) throws(CommandError) -> Property {
        let t = try word("a property name")
        var text = t.text
        if text.hasPrefix("layer.") { text.removeFirst(6) }
        // A spelling or a label the inspector shows (`isHidden`, `anchor`): `Property.named`.
        guard let p = Property.named(text), allowReadOnly || !p.isReadOnly else {
            let candidates = Property.commandWords.filter { allowReadOnly || Property.named($0)?.isReadOnly == false }.sorted()
            let hint = NearMiss.closest(to: text, among: candidates).map { "did you mean \"\($0)\"?" }
            if let p = Property.named(text), p.isReadOnly {
                throw CommandError("\(text) is read-only (derived)", column: t.column, suggestion: "use get \(text)")
            }
            throw CommandError("unknown property \"\(t.text)\"", column: t.column, suggestion: hint)
        }
        return p
    }

    /// A value of the property's declared kind, checked against its declared constraint.
    mutating func value(for property: Property) throws(CommandError) -> PropertyValue {
        let declaration = property.declaration
        let column = peek?.column ?? endColumn
        let value: PropertyValue
        switch declaration.kind {
        case .text: value = .text(try name(property.canonical == .name ? "a name" : "a text"))
        case .kind:
            let t = try word("layer or view")
            guard let k = LayerKind(rawValue: t.text) else { throw CommandError("expected layer or view, found \"\(t.text)\"", column: t.column) }
            value = .kind(k)
        case .rect:
            let x = try number("x"), y = try number("y")
            let wColumn = peek?.column ?? endColumn
            let r = Rect(x: x, y: y, width: try number("width"), height: try number("height"))
            if declaration.violates(.rect(r)) {
                throw CommandError(
                    "\(property.rawValue) size cannot be negative (\(NumberText.exact(r.size.width)) × \(NumberText.exact(r.size.height)))", column: wColumn)
            }
            return .rect(r)
        case .point: value = .point(Point(x: try number("x"), y: try number("y")))
        case .size:
            let s = Size(width: try number("width"), height: try number("height"))
            if declaration.violates(.size(s)) { throw CommandError("bounds size cannot be negative", column: column) }
            value = .size(s)
        case .number:
            let x = try number(property.rawValue)
            switch declaration.constraint {
            case .unitInterval? where declaration.violates(.number(x)):
                throw CommandError("\(property.rawValue) must be between 0 and 1, found \(NumberText.exact(x))", column: column)
            case .nonNegative? where declaration.violates(.number(x)):
                throw CommandError("\(property.rawValue) cannot be negative", column: column)
            case .positive? where declaration.violates(.number(x)):
                throw CommandError(
                    "\(property.rawValue) must be positive, found \(NumberText.exact(x))", column: column, suggestion: "1, 2 or 3 (a screen's scale)")
            default: value = .number(x)
            }
        case .transform: value = .transform(try transform())
        case .bool:
            let either = "\(Toggle.truth(true)) or \(Toggle.truth(false))"
            let t = try word(either)
            guard let b = Toggle.truth(t.text) else { throw CommandError("expected \(either), found \"\(t.text)\"", column: t.column) }
            value = .bool(b)
        case .color:
            let t = try word("a color (CSS name, #rgb, #rrggbb or none)")
            if t.text == "none" || t.text == "nil" { return .color(nil, spelling: "none") }
            guard let c = Color(css: t.text) else {
                throw CommandError(
                    "unknown color \"\(t.text)\"", column: t.column,
                    suggestion: NearMiss.closest(to: t.text, among: Color.cssNames).map { "did you mean \"\($0)\"?" } ?? "use a CSS color name, #rgb or #rrggbb"
                )
            }
            value = .color(c, spelling: t.text)
        case .mask:
            let t = try word("an autoresizing mask (flags joined by +, or none)")
            if t.text == "none" { return .mask([]) }
            guard let m = AutoresizingMask(printed: t.text) else {
                throw CommandError(
                    "\"\(t.text)\" is not an autoresizing mask", column: t.column,
                    suggestion: "write flags joined by +, from LM W RM TM H BM (e.g. W+H), or none")
            }
            value = .mask(m)
        }
        return value
    }

    public mutating func transform() throws(CommandError) -> TransformSpec {
        var steps: [TransformStep] = []
        repeat {
            if !steps.isEmpty { advance() }  // "then"
            let t = try word("a transform (\(CommandParser.transformWords.joined(separator: ", ")))")
            switch t.text {
            case "identity": steps.append(.identity)
            case "rotate":
                let a = try angle()
                if let p = peek, p.text != "then", TokenCursor.number(p.text) != nil {
                    steps.append(.rotate(a, axis: (try number("axis x"), try number("axis y"), try number("axis z"))))
                } else {
                    steps.append(.rotate(a, axis: nil))
                }
            case "scale":
                let sx = try number("sx")
                var sy: Double? = nil, sz: Double? = nil
                if let p = peek, TokenCursor.number(p.text) != nil { sy = try number("sy") }
                if sy != nil, let p = peek, TokenCursor.number(p.text) != nil { sz = try number("sz") }
                steps.append(.scale(sx, sy, sz))
            case "translate":
                let tx = try number("tx"), ty = try number("ty")
                var tz: Double? = nil
                if let p = peek, TokenCursor.number(p.text) != nil { tz = try number("tz") }
                steps.append(.translate(tx, ty, tz))
            case "perspective":
                let column = peek?.column ?? endColumn
                let d = try number("the eye distance")
                guard d != 0 else {
                    throw CommandError("perspective distance cannot be 0", column: column, suggestion: "use e.g. perspective 500 (m34 = -1/500)")
                }
                steps.append(.perspective(d))
            case "affine":
                var v: [Double] = []
                for name in ["a", "b", "c", "d", "tx", "ty"] { v.append(try number(name)) }
                steps.append(.affine(Affine2D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])))
            case "matrix":
                var v: [Double] = []
                for i in 0..<16 { v.append(try number("m\(i / 4 + 1)\(i % 4 + 1)")) }
                steps.append(.matrix(Transform3D(rowMajor: v)!))
            default:
                throw CommandError(
                    "unknown transform \"\(t.text)\"", column: t.column,
                    suggestion: NearMiss.closest(to: t.text, among: CommandParser.transformWords).map { "did you mean \"\($0)\"?" }
                        ?? "chain steps with then: rotate 45 then translate 10 0")
            }
        } while peek?.text == "then"
        return TransformSpec(steps)
    }
}

extension CommandParser {
    /// Parses exactly one command the engine runs; the explorer's own commands are refused
    /// (tools and tests that drive a `Session` directly).
    public static func parseEngine(_ text: String) throws(CommandError) -> EngineCommand {
        switch try parse(text) {
        case let .engine(c): return c
        case let .explorer(c):
            throw CommandError("\(c.text) is one of the explorer's own commands, not the engine's", column: 1)
        }
    }
}
