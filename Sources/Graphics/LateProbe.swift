/// A probe whose answers came after its 150 ms (docs/picture.md, "Which protocol"): kitty
/// on software GL under Xvfb answers in about 200 ms. The explorer starts in cells at once
/// (the probe never blocks), drops the late answers before they reach the reducer as keys
/// (`LateAnswers`), and when DA1's answer has passed hands what they said to `upgrade`: a
/// terminal that turns out to draw images gets them from then on, and the status line says
/// so. Only `--graphics auto` with nothing else asking for cells gets here: outside tmux,
/// or inside it when the outer terminal was asked through passthrough (`tmux`; then a late
/// answer to the placeholder query switches to placeholders).
public struct LateProbe: Sendable {
    /// What was heard within the 150 ms (often nothing).
    public var early: GraphicsProbe
    /// The process's environment when the probe ran (NO_COLOR, TERM, TERM_PROGRAM).
    public var environment: [String: String]
    /// Inside tmux: what tmux said (the outer terminal was asked through its passthrough).
    public var tmux: TmuxAnswers?

    public init(early: GraphicsProbe, environment: [String: String], tmux: TmuxAnswers? = nil) {
        self.early = early; self.environment = environment; self.tmux = tmux
    }

    /// The protocol to switch to, the cell size in pixels and why, given the late answers'
    /// bytes (`LateAnswers.dropped`) and the terminal's size in cells now; nil when they
    /// change nothing (still no image protocol: the canvas stays in cells).
    public func upgrade(late bytes: [UInt8], columns: Int, rows: Int)
        -> (graphics: GraphicsProtocol, cell: (width: Int, height: Int), why: String)?
    {
        let probe = early.merging(GraphicsProbe.parse(bytes))
        let (chosen, why) = GraphicsProbe.choose(.auto, probe: probe, environment: environment, asciiMode: false, tmux: tmux)
        guard chosen != .cells else { return nil }
        return (chosen, probe.cellPixels(columns: columns, rows: rows), why.replacingLastParenthesis(with: ", after the 150 ms wait)"))
    }
}

extension GraphicsProbe {
    /// This probe's answers with `later`'s added (what either heard).
    public func merging(_ later: GraphicsProbe) -> GraphicsProbe {
        var out = self
        out.kitty = kitty || later.kitty
        out.placeholders = placeholders || later.placeholders
        out.sixel = sixel || later.sixel
        out.answered = answered || later.answered
        out.version = version ?? later.version
        out.cellSize = cellSize ?? later.cellSize
        out.windowPixels = windowPixels ?? later.windowPixels
        return out
    }
}

extension String {
    /// "kitty graphics (the terminal answered)" → "kitty graphics (the terminal answered" + `tail`.
    fileprivate func replacingLastParenthesis(with tail: String) -> String {
        hasSuffix(")") ? String(dropLast()) + tail : self + " " + tail
    }
}
