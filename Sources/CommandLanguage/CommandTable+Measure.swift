import LayerModel

/// `measure [presentation] A B [in SPACE] [box|quad]` (docs/measure.md): how far apart two
/// layers are, in one space.
public struct MeasureQuery: Equatable, Sendable {
    public var a: String
    public var b: String
    /// nil: the nearest common superlayer of A and B (A itself when A holds B).
    public var space: SpaceName?
    public var mode: MeasureMode
    /// Over the presentation tree at `now` (time.md).
    public var presentation: Bool

    public init(a: String, b: String, space: SpaceName? = nil, mode: MeasureMode = .box, presentation: Bool = false) {
        self.a = a; self.b = b; self.space = space; self.mode = mode; self.presentation = presentation
    }

    public var text: String {
        let q = CommandQuoting.ifNeeded
        // A layer called presentation, in, box or quad is quoted where the word would read otherwise.
        let first = !presentation && a == "presentation" ? "\"presentation\"" : q(a)
        return "measure " + (presentation ? "presentation " : "") + first + " " + q(b)
            + (space.map { " in \($0.text)" } ?? "") + (mode == .box ? "" : " \(mode.rawValue)")
    }
}

/// `measure-pin [NAME] [in SPACE] [box|quad]`: the layer the canvas measures the selection
/// against (key `M`), with the space and mode; `measure-pin off` lets it go.
public struct MeasurePin: Equatable, Sendable {
    public var layer: String
    public var space: SpaceName?
    public var mode: MeasureMode

    public init(layer: String, space: SpaceName? = nil, mode: MeasureMode = .box) {
        self.layer = layer; self.space = space; self.mode = mode
    }

    public var text: String {
        let q = CommandQuoting.ifNeeded
        let name = layer == "off" || layer == "in" || MeasureMode(rawValue: layer) != nil ? "\"\(layer)\"" : q(layer)
        return "measure-pin" + (layer.isEmpty ? "" : " " + name) + (space.map { " in \($0.text)" } ?? "") + (mode == .box ? "" : " \(mode.rawValue)")
    }
}

extension TokenCursor {
    /// `[in SPACE] [box|quad]`, in either order, each at most once; then nothing.
    mutating func measureTail(verb: String) throws(CommandError) -> (SpaceName?, MeasureMode) {
        var space: SpaceName? = nil
        var mode: MeasureMode? = nil
        while let t = peek {
            if !t.quoted, t.text == "in", space == nil {
                advance()
                space = try self.space()
            } else if !t.quoted, let m = MeasureMode(rawValue: t.text), mode == nil {
                advance()
                mode = m
            } else {
                throw CommandError(
                    "unexpected \"\(t.text)\"", column: t.column,
                    suggestion: "expected: " + CommandTable.usage(of: verb))
            }
        }
        return (space, mode ?? .box)
    }
}

extension CommandTable {
    /// `measure` and `measure-pin`, declared once.
    static let measureCommands: [CommandSpec] = [
        CommandSpec(
            "measure", .query,
            [
                CommandForm(
                    [.layer("A"), .layer("B"), .optional([.keyword("in"), .space("SPACE")]), .optional([.choice(MeasureMode.allCases.map(\.rawValue))])],
                    "`{\"measure\":{\"space\":NAME,\"mode\":MODE,\"horizontal\":H,\"vertical\":V,\"distance\":D,\"centers\":C,\"contains\":WHICH,\"insets\":[L,T,R,B]}}` (`contains` null, `\"A\"` or `\"B\"`; `insets` null unless one box holds the other) in SPACE's points (default: the nearest common superlayer; `screen`); `box` measures the bounding boxes of the true quads, `quad` the quads ([measure.md](measure.md))"
                ),
                CommandForm(
                    [.keyword("presentation"), .layer("A"), .layer("B"), .tail("[in SPACE] [box|quad]")],
                    "the same over the presentation tree at `now` ([time.md](time.md))")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) -> Command in
            var presentation = false
            if let t = r.peek, !t.quoted, t.text == "presentation", r.tokens.count - r.index >= 3 { r.advance(); presentation = true }
            let a = try r.name("the first layer's name (A)")
            let b = try r.name("the second layer's name (B)")
            let (space, mode) = try r.measureTail(verb: "measure")
            return .engine(.query(.measure(MeasureQuery(a: a, b: b, space: space, mode: mode, presentation: presentation))))
        },
        CommandSpec(
            "measure-pin", .query,
            [
                CommandForm(
                    [.optional([.layer("NAME")]), .optional([.keyword("in"), .space("SPACE")]), .optional([.choice(MeasureMode.allCases.map(\.rawValue))])],
                    "nothing (it sets the view): pins NAME (the selection when left out) as the measurement's A: the canvas, the panel and `export svg` then measure the selection against it (key `M`; [measure.md](measure.md))"
                ),
                CommandForm([.keyword("off")], "unpin (key `M` again)")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) -> Command in
            if let t = r.peek, !t.quoted, t.text == "off", r.tokens.count == r.index + 1 { r.advance(); return .engine(.measurePin(nil)) }
            var name = ""
            if let t = r.peek, t.quoted || (t.text != "in" && MeasureMode(rawValue: t.text) == nil) { name = try r.name("a layer name") }
            let (space, mode) = try r.measureTail(verb: "measure-pin")
            return .engine(.measurePin(MeasurePin(layer: name, space: space, mode: mode)))
        }
    ]
}
