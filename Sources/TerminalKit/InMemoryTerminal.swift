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

    private let keepsAllFrames: Bool

    /// - Parameters:
    ///   - columns: the width in cells.
    ///   - rows: the height in cells.
    ///   - events: the input, read in order by `nextEvent`.
    ///   - capabilities: what to report; by default UTF-8, truecolor, mouse.
    ///   - keepsAllFrames: record every canvas in `frames` (for short tests).
    public init(columns: Int, rows: Int, events: [InputEvent] = [],
                capabilities: Capabilities = Capabilities(unicode: true, colorDepth: .truecolor, mouse: true),
                keepsAllFrames: Bool = false) {
        precondition(columns >= 0 && rows >= 0, "terminal size must not be negative: \(columns)×\(rows)")
        size = (columns, rows)
        pendingEvents = events
        self.capabilities = capabilities
        self.keepsAllFrames = keepsAllFrames
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

    public func shutdown() {
        isShutDown = true
    }
}
