import TerminalKit

extension NCursesTerminal {
    /// Writes the OSC 52 sequence through `TerminalOutput`, the one path of LayerScope's
    /// bytes to the terminal, so a recording (`--record`) has it like a frame. Called between
    /// frames (after the last frame was written whole), so it cannot land inside a drawing
    /// sequence; it moves no cursor, so the screen as last drawn stays right.
    public func copyToClipboard(_ text: String) throws {
        try writeBetweenFrames(OSC52.sequence(for: text))
    }
}
