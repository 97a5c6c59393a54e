import Geometry
import LayerModel

extension TokenCursor {
    public mutating func keyPath() throws(CommandError) -> AnimationKeyPath {
        let t = try word("a key path (position, opacity, transform, transform.rotation.z…)")
        var text = t.text
        if text.hasPrefix("layer.") { text.removeFirst(6) }
        guard let path = AnimationKeyPath(rawValue: text) else {
            // The inspector's labels (`anchor`, `z`: `PropertyDeclaration.panelLabel`) are not
            // key paths: animate takes Core Animation's (time.md), so it names the one to use.
            if let property = Property.named(text), property.rawValue != text, let keyPath = AnimationKeyPath(rawValue: property.rawValue) {
                throw CommandError(
                    "\"\(t.text)\" is the inspector's label, not a key path", column: t.column,
                    suggestion: "did you mean \"\(keyPath.rawValue)\"? animate takes Core Animation's key paths")
            }
            if let declaration = Property.named(text)?.declaration, !declaration.animatable {
                // A layer property Core Animation does not animate (the declaration says so).
                let animatable = PropertyDeclaration.all.filter(\.animatable).map(\.property.rawValue)
                throw CommandError(
                    "\(text) is a layer property but not animatable", column: t.column,
                    suggestion: "set it with set \(text) …; animate one of " + animatable.joined(separator: ", "))
            }
            let hint = NearMiss.closest(to: text, among: AnimationKeyPath.allCases.map(\.rawValue)).map { "did you mean \"\($0)\"?" }
            throw CommandError(
                "\"\(t.text)\" is not an animatable key path", column: t.column,
                suggestion: hint ?? "use position, bounds, anchorPoint, opacity, zPosition, backgroundColor, transform, transform.rotation.z…")
        }
        return path
    }

    mutating func animationValue(for path: AnimationKeyPath) throws(CommandError) -> PropertyValue {
        switch path.valueKind {
        case .number:
            return .number(try number(path.isTransformComponent && path.rawValue.contains("rotation") ? "\(path.rawValue) in degrees" : path.rawValue))
        case .point: return .point(Point(x: try number("x"), y: try number("y")))
        case .size: return .size(Size(width: try number("width"), height: try number("height")))
        case .rect: return .rect(Rect(x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height")))
        case .transform: return .transform(try transform())
        case .color:
            let column = peek?.column ?? endColumn
            let v = try value(for: .backgroundColor)
            if case .color(nil, _) = v {
                throw CommandError("cannot animate to or from no colour", column: column, suggestion: "use a colour, e.g. red or #ff0000")
            }
            return v
        }
    }

    public mutating func timing() throws(CommandError) -> Timing {
        let t = try word("a timing function (linear, ease-in, ease-out, ease-in-out, default, cubic-bezier X1 Y1 X2 Y2, spring M K D [V])")
        if let named = Timing.named(t.text) { return named }
        switch t.text {
        case "cubic-bezier":
            var v: [Double] = []
            for (i, name) in ["x1", "y1", "x2", "y2"].enumerated() {
                let column = peek?.column ?? endColumn
                let x = try number(name)
                if i % 2 == 0, !(0...1).contains(x) {
                    throw CommandError("\(name) must be between 0 and 1 (the curve's x is time)", column: column)
                }
                v.append(x)
            }
            return .cubicBezier(TimingFunction(v[0], v[1], v[2], v[3]))
        case "spring": return .spring(try spring())
        default:
            let names = Timing.names.map(\.0) + ["cubic-bezier", "spring"]
            throw CommandError(
                "unknown timing \"\(t.text)\"", column: t.column,
                suggestion: NearMiss.closest(to: t.text, among: names).map { "did you mean \"\($0)\"?" } ?? "use " + names.joined(separator: ", "))
        }
    }

    mutating func spring() throws(CommandError) -> Spring {
        var column = peek?.column ?? endColumn
        // Mass and stiffness from 1e-6 (numeric policy, docs/reliability.md): a subnormal
        // mass (5e-324) made k/m infinite and the presentation NaN ({"point":[null,150]}).
        let m = try number("the spring's mass")
        guard m >= Spring.smallest else {
            throw CommandError(
                "the spring's mass must be at least 1e-6, found \(NumberText.exact(m))", column: column,
                suggestion: "Core Animation's default mass is 1")
        }
        column = peek?.column ?? endColumn
        let k = try number("the spring's stiffness")
        guard k >= Spring.smallest else {
            throw CommandError(
                "the spring's stiffness must be at least 1e-6, found \(NumberText.exact(k))", column: column,
                suggestion: "Core Animation's default stiffness is 100")
        }
        column = peek?.column ?? endColumn
        let c = try number("the spring's damping")
        guard c >= 0 else { throw CommandError("the spring's damping cannot be negative", column: column) }
        var v = 0.0
        if let p = peek, TokenCursor.number(p.text) != nil { v = try number("the spring's initial velocity") }
        return Spring(mass: m, stiffness: k, damping: c, initialVelocity: v)
    }

    mutating func animationFields(_ path: AnimationKeyPath) throws(CommandError) -> AnimationSpec {
        var spec = AnimationSpec(keyPath: path)
        var seen: Set<String> = []
        let words = ["from", "to", "by", "duration", "delay", "timing", "spring", "repeat", "autoreverse", "fill", "keep"]
        while let t = peek, t.text != "}" || t.quoted {
            let key = t.text == "spring" ? "timing" : t.text
            guard words.contains(t.text), !t.quoted else {
                throw CommandError(
                    "unexpected \"\(t.text)\" in animate", column: t.column,
                    suggestion: NearMiss.closest(to: t.text, among: words).map { "did you mean \"\($0)\"?" }
                        ?? CommandTable.usage(of: "animate"))
            }
            guard seen.insert(key).inserted else { throw CommandError("\(key) is given twice", column: t.column) }
            advance()
            switch t.text {
            case "from": spec.from = try animationValue(for: path)
            case "to": spec.to = try animationValue(for: path)
            case "by": spec.by = try animationValue(for: path)
            case "duration": spec.duration = try positive("the duration in seconds")
            case "delay":
                let column = peek?.column ?? endColumn
                let d = try number("the delay in seconds")
                guard d >= 0 else { throw CommandError("the delay cannot be negative", column: column) }
                spec.delay = d
            case "timing": spec.timing = try timing()
            case "spring": spec.timing = .spring(try spring())
            case "repeat":
                if let p = peek, p.text == "forever" {
                    advance(); spec.repeatCount = .forever
                } else {
                    spec.repeatCount = .count(try positive("a repeat count, or forever"))
                }
            case "autoreverse": spec.autoreverses = true
            case "fill":
                let f = try word("forwards, backwards or both")
                guard let mode = FillMode(rawValue: f.text) else {
                    throw CommandError("unknown fill mode \"\(f.text)\"", column: f.column, suggestion: "use forwards, backwards or both")
                }
                spec.fill = mode
            case "keep": spec.keep = true
            default: break
            }
        }
        guard spec.from != nil || spec.to != nil || spec.by != nil else {
            throw CommandError(
                "animate \(path.rawValue) needs from, to or by", column: peek?.column ?? endColumn,
                suggestion:
                    "e.g. animate \(path.rawValue) \(path.valueKind == .transform ? "to rotate 90" : path.valueKind == .number ? "to 1" : "from … to …")")
        }
        guard [spec.from, spec.to, spec.by].compactMap({ $0 }).count < 3 else {
            throw CommandError("give at most two of from, to and by", column: peek?.column ?? endColumn)
        }
        return spec
    }

    mutating func animatedBlock() throws(CommandError) -> AnimatedBlock {
        var block = AnimatedBlock(duration: try positive("the duration in seconds"), commands: [])
        while let t = peek, t.text != "{" || t.quoted {
            advance()
            switch t.text {
            case "delay" where block.delay == nil:
                let column = peek?.column ?? endColumn
                let d = try number("the delay in seconds")
                guard d >= 0 else { throw CommandError("the delay cannot be negative", column: column) }
                block.delay = d
            case "timing" where block.timing == nil: block.timing = try timing()
            default:
                throw CommandError(
                    "unexpected \"\(t.text)\" in animated", column: t.column,
                    suggestion: CommandTable.usage(of: "animated"))
            }
        }
        let open = try word("{ and the commands to animate")
        guard open.text == "{" else { throw CommandError("expected {", column: open.column) }
        var current: [CommandToken] = []
        var depth = 0
        var closed = false
        while let t = peek {
            advance()
            if !t.quoted, t.text == "{" { depth += 1 }
            if !t.quoted, t.text == "}" {
                if depth == 0 { closed = true; if !current.isEmpty { block.commands.append(try blockCommand(current, endColumn: t.column)) }; break }
                depth -= 1
            }
            if !t.quoted, t.text == ";", depth == 0 {
                if !current.isEmpty { block.commands.append(try blockCommand(current, endColumn: t.column)) }
                current = []
                continue
            }
            current.append(t)
        }
        guard closed else { throw CommandError("animated: missing }", column: endColumn, suggestion: "close the block: animated 0.3 { move 10 0 }") }
        guard !block.commands.isEmpty else { throw CommandError("animated { } has no commands", column: endColumn) }
        return block
    }

    /// One command inside `animated { }`: an edit or a selection.
    private func blockCommand(_ tokens: [CommandToken], endColumn: Int) throws(CommandError) -> EngineCommand {
        let command = try CommandParser.parse(tokens: tokens, endColumn: endColumn)
        switch command {
        case .engine(.edit), .engine(.select), .engine(.selectNext), .engine(.selectPrevious), .engine(.selectParent), .engine(.selectChild):
            if case let .engine(c) = command { return c }
        default: break
        }
        throw CommandError(
            "\(tokens.first?.text ?? "") cannot go inside animated { }", column: tokens.first?.column,
            suggestion: "only edits (set, move, rotate, scale, anchor…) and select")
    }
}

/// `animated DURATION [delay S] [timing T] { COMMANDS }`.
public struct AnimatedBlock: Equatable, Sendable {
    public var duration: Double
    public var delay: Double?
    public var timing: Timing?
    public var commands: [EngineCommand]

    public init(duration: Double, delay: Double? = nil, timing: Timing? = nil, commands: [EngineCommand]) {
        self.duration = duration; self.delay = delay; self.timing = timing; self.commands = commands
    }

    public var text: String {
        let n = NumberText.exact
        var s = "animated \(n(duration))"
        if let delay { s += " delay \(n(delay))" }
        if let timing { s += " timing \(timing.text)" }
        return s + " { " + commands.map(\.text).joined(separator: "; ") + " }"
    }
}

extension AnimationSpec {
    /// Checks what a layer can animate: one or two of from/to/by, no `by` for colours, a
    /// colour to start from, a reachable `from` when only `by` and `to` are given.
    public func validate(model: Layer) throws(CommandError) {
        let spec = self
        let given = [spec.from, spec.to, spec.by].compactMap { $0 }
        guard !given.isEmpty else {
            throw CommandError("animate \(spec.keyPath.rawValue) needs from, to or by", suggestion: "e.g. animate \(spec.keyPath.rawValue) to …")
        }
        guard given.count < 3 else {
            throw CommandError("give at most two of from, to and by", suggestion: "from+to, from+by, by+to, or one of them")
        }
        if spec.by != nil, spec.keyPath.valueKind == .color {
            throw CommandError("by is not defined for colours", suggestion: "use from and to")
        }
        if spec.keyPath.valueKind == .color, model.backgroundColor == nil, spec.from == nil || spec.to == nil {
            throw CommandError("the layer has no backgroundColor to animate from or to", suggestion: "give both from and to, or set backgroundColor first")
        }
        if let to = spec.to.flatMap(AnimationValue.init), let by = spec.by.flatMap(AnimationValue.init),
            spec.from == nil, AnimationValue.subtracting(to, by) == nil
        {
            throw CommandError("the by transform is singular: no from value reaches to", suggestion: "give from instead")
        }
    }
}

extension CommandParser {
    /// Reads all of `text` with `body` (a fragment of the language inside a layout file: a
    /// transform, a timing, a key path); anything left over is an error.
    public static func fragment<T>(_ text: String, _ body: (inout TokenCursor) throws(CommandError) -> T) throws(CommandError) -> T {
        let tokens = try tokenize(text)
        var r = TokenCursor(tokens: tokens, endColumn: text.count + 1)
        let out = try body(&r)
        if let extra = r.peek { throw CommandError("unexpected \"\(extra.text)\"", column: extra.column) }
        return out
    }
}
