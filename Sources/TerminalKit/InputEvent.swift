/// Something the run loop must react to: a key, a mouse action, a new terminal size,
/// or a return from suspension.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has this many cells; `Terminal.size` already answers it.
    /// Render a canvas of the new size.
    case resize(columns: Int, rows: Int)
    /// The program was suspended (Ctrl-Z, SIGTSTP) and is running again (`fg`,
    /// SIGCONT). The backend has restored its screen mode and forgotten what the
    /// screen shows, so the next `draw` repaints every cell even if the canvas is
    /// unchanged; draw the current frame now.
    case resumed
}
