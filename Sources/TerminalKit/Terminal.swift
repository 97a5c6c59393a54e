import Cells

/// A full-screen terminal, as the run loop sees it: a grid of cells to draw a canvas
/// into, and a source of input events.
///
/// Use one from one thread. A terminal draws whole canvases: the backend works out
/// what changed (the ncurses backend sends only the difference, and nothing at all
/// when a canvas equals the last one drawn), so the run loop simply draws the frame
/// it rendered after every event that may have changed it.
///
/// Implementations: `InMemoryTerminal` (tests, headless runs) and `NCursesTerminal`.
public protocol Terminal: AnyObject {
    /// The terminal's size in cells. Changes only when `nextEvent` returns `.resize`.
    var size: (columns: Int, rows: Int) { get }

    /// What the terminal can show and report, fixed at start-up.
    var capabilities: Capabilities { get }

    /// Shows `canvas`, its top-left cell at the terminal's top-left cell.
    ///
    /// Cells beyond the terminal's size are clipped; terminal cells beyond the canvas are
    /// blanked. `cursor`, in cells from (0, 0) at the top left, shows the text cursor
    /// there (for a command line); `nil` hides it.
    func draw(_ canvas: Canvas, cursor: (column: Int, row: Int)?) throws

    /// Waits for the next input event.
    ///
    /// - Parameter timeoutMilliseconds: how long to wait; `0` polls, `nil` waits
    ///   until an event arrives.
    /// - Returns: the event, or `nil` when the timeout passed with none (an
    ///   `InMemoryTerminal` also answers `nil` once its queue is empty).
    func nextEvent(timeoutMilliseconds: Int?) throws -> InputEvent?

    /// True when no input will ever come again (an in-memory terminal whose queued events
    /// are used up): the run loop ends instead of waiting. A real terminal answers false.
    var inputHasEnded: Bool { get }

    /// Puts `text` on the user's clipboard: writes `OSC52.sequence(for: text)` to the
    /// terminal through the same output as the frames (between frames, so it never lands
    /// inside a drawing sequence; it moves no cursor). Throws `TerminalError.cannotCopy`
    /// from a terminal with no clipboard (the default), `TerminalError.closed` after
    /// `shutdown`.
    func copyToClipboard(_ text: String) throws

    /// Gives the terminal back as it was found (main screen, cursor, modes).
    /// Idempotent; `draw` and `nextEvent` throw `TerminalError.closed` afterwards.
    func shutdown()
}

extension Terminal {
    public var inputHasEnded: Bool { false }

    /// No clipboard: says so.
    public func copyToClipboard(_ text: String) throws { throw TerminalError.cannotCopy }

    /// Shows `canvas` with the text cursor hidden.
    public func draw(_ canvas: Canvas) throws {
        try draw(canvas, cursor: nil)
    }
}
