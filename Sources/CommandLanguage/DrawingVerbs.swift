import LayerModel

/// The drawing operations as the command language writes them (content.md), declared once, in
/// the contract's order: each word with its synopsis. The parser's messages
/// (DrawingParser.swift), completion and the `draw` command's help (`CommandTable`, so the
/// docs' command table and `layerscope commands`) are made from this list.
extension DrawingOperation {
    public static let declared: [(verb: String, synopsis: String)] = [
        ("save", "save"), ("restore", "restore"), ("translate", "translate TX TY"), ("rotate", "rotate DEG"),
        ("scale", "scale SX SY"), ("concat", "concat A B C D TX TY"),
        ("fill-rect", "fill-rect X Y W H COLOR"), ("stroke-rect", "stroke-rect X Y W H COLOR [WIDTH]"),
        ("fill-ellipse", "fill-ellipse X Y W H COLOR"), ("stroke-ellipse", "stroke-ellipse X Y W H COLOR [WIDTH]"),
        ("line", "line X1 Y1 X2 Y2 COLOR [WIDTH]"), ("text", "text \"TEXT\" X Y [COLOR]")
    ]

    /// Every operation word, in order (completion, suggestions).
    public static let verbs: [String] = declared.map(\.verb)

    /// How each operation is written, for messages and help.
    public static let synopses: [String: String] = Dictionary(uniqueKeysWithValues: declared.map { ($0.verb, $0.synopsis) })

    /// "`save`, `restore`, `translate TX TY`, …": every synopsis in order, for help.
    public static var synopsisList: String { declared.map { "`\($0.synopsis)`" }.joined(separator: ", ") }
}
