import Cells

/// A terminal with no screen: input is a queue of events given in advance, and every
/// drawn canvas is recorded. For tests of the run loop and for headless runs.
///
/// Its size is fixed until a `.resize` event is taken from the queue, exactly as with a
/// real terminal, whose size changes when the run loop reads the resize event.
public final class InMemoryTerminal: Terminal {
    public private(set) var size: (columns: Int, rows: Int)
    public let capabilities: Capabilities

    /// Events not yet read by `nextEvent`, first first.
    public private(set) var pendingEvents: [InputEvent]
    /// The last canvas drawn, or `nil` before the first draw.
    public private(set) var lastFrame: Canvas?
    /// The cursor passed with the last draw, in cells; `nil` when hidden.
    public private(set) var lastCursor: (column: Int, row: Int)?
    /// How many times `draw` was called.
    public private(set) var drawCount = 0
    /// Every canvas drawn, first first, when created with `keepsAllFrames`; else empty.
    public private(set) var frames: [Canvas] = []
    /// True once `shutdown` was called.
    public private(set) var isShutDown = false
    /// The bytes written besides frames (the clipboard's OSC 52 sequences), in order: what a
    /// real terminal (and its recording) would have got.
    public private(set) var written: [UInt8] = []

    private let keepsAllFrames: Bool
    private let clipboard: Bool

    /// - Parameters:
    ///   - columns: the width in cells.
    ///   - rows: the height in cells.
    ///   - events: the input, read in order by `nextEvent`.
    ///   - capabilities: what to report; by default UTF-8, truecolor, mouse.
    ///   - keepsAllFrames: record every canvas in `frames` (for short tests).
    ///   - clipboard: takes OSC 52 copies (into `written`); by default it has no clipboard
    ///     and `copyToClipboard` throws `TerminalError.cannotCopy`, as a headless run has none.
    public init(
        columns: Int, rows: Int, events: [InputEvent] = [],
        capabilities: Capabilities = Capabilities(unicode: true, colorDepth: .truecolor, mouse: true),
        keepsAllFrames: Bool = false, clipboard: Bool = false
    ) {
        precondition(columns >= 0 && rows >= 0, "terminal size must not be negative: \(columns)×\(rows)")
        size = (columns, rows)
        pendingEvents = events
        self.capabilities = capabilities
        self.keepsAllFrames = keepsAllFrames
        self.clipboard = clipboard
    }

    /// Appends events to the input queue.
    public func enqueue(_ events: InputEvent...) {
        pendingEvents.append(contentsOf: events)
    }

    /// Appends events to the input queue.
    public func enqueue(contentsOf events: some Sequence<InputEvent>) {
        pendingEvents.append(contentsOf: events)
    }

    /// Appends a key event for each character of `text` (a typing helper).
    public func type(_ text: String) {
        for scalar in text.unicodeScalars {
            if let key = Key(scalar: scalar) { pendingEvents.append(.key(key)) }
        }
    }

    public func draw(_ canvas: Canvas, cursor: (column: Int, row: Int)?) throws {
        guard !isShutDown else { throw TerminalError.closed }
        lastFrame = canvas
        lastCursor = cursor
        drawCount += 1
        if keepsAllFrames { frames.append(canvas) }
    }

    /// Takes the next queued event at once (the timeout is not waited for); `nil` when
    /// the queue is empty. Taking a `.resize` event changes `size`.
    public func nextEvent(timeoutMilliseconds: Int?) throws -> InputEvent? {
        guard !isShutDown else { throw TerminalError.closed }
        guard !pendingEvents.isEmpty else { return nil }
        let event = pendingEvents.removeFirst()
        if case .resize(let columns, let rows) = event { size = (columns, rows) }
        return event
    }

    /// The queue is empty: a headless run or test has no more input.
    public var inputHasEnded: Bool { pendingEvents.isEmpty }

    /// Writes the OSC 52 sequence to `written`, when made with `clipboard: true`.
    public func copyToClipboard(_ text: String) throws {
        guard !isShutDown else { throw TerminalError.closed }
        guard clipboard else { throw TerminalError.cannotCopy }
        written += OSC52.sequence(for: text)
    }

    public func shutdown() {
        isShutDown = true
    }
}
