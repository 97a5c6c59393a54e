import Graphics
import Explorer
import TerminalKit

/// The graphics probe's answers that came after its 150 ms (docs/picture.md, "Which
/// protocol"): by then ncurses owns the input and hands them over as keys — `ESC [ ? 6 2 c`
/// arrives as Alt-[ then `?`, `6`, `2`, `c`, and the `c` turned on cursor mode. This filter
/// sits before the reducer from the start until DA1's answer has passed (every terminal
/// answers DA1, and it was asked last) or until a deadline: it holds a burst that starts
/// like an answer (ESC `[`, ESC `_`, ESC `P`) and drops it when it ends like one (a CSI's
/// final byte, or the string terminator ESC `\`); anything else is let through as it came.
public struct LateAnswers {
    /// Events to hand on, in order.
    public private(set) var ready: [InputEvent] = []
    /// The dropped answers' bytes (what the terminal said, late).
    public private(set) var dropped: [UInt8] = []
    /// DA1's answer has been dropped: nothing more is expected.
    public private(set) var finished = false
    /// Events of a burst that may be an answer.
    private var held: [InputEvent] = []
    private var bytes: [UInt8] = []
    private var state = State.idle

    private enum State { case idle, escape, csi(question: Bool), string, stringEscape }

    public init() {}

    /// Whether a burst is held (let it go with `flush` if nothing follows soon).
    public var isHolding: Bool { !held.isEmpty }

    /// The next event to hand on, if any.
    public mutating func next() -> InputEvent? { ready.isEmpty ? nil : ready.removeFirst() }

    /// Takes one event from the terminal.
    public mutating func take(_ event: InputEvent) {
        guard !finished, let tokens = Self.bytes(of: event) else {
            flush()
            ready.append(event)
            return
        }
        held.append(event)
        // No answer is this long: a burst that goes on is typing.
        if held.count > 512 { flush(); return }
        for byte in tokens {
            switch (state, byte) {
            case (.idle, 0x1B): state = .escape
            case (.escape, UInt8(ascii: "[")): state = .csi(question: false)
            case (.escape, UInt8(ascii: "_")), (.escape, UInt8(ascii: "P")): state = .string
            case (.csi(let question), 0x20...0x3F):
                state = .csi(question: question || byte == UInt8(ascii: "?"))
            case (.csi(let question), 0x40...0x7E):
                bytes.append(byte)
                drop(da1: question && byte == UInt8(ascii: "c"))
                continue
            case (.string, 0x1B): state = .stringEscape
            case (.string, _): break
            case (.stringEscape, UInt8(ascii: "\\")):
                bytes.append(byte)
                drop(da1: false)
                continue
            case (.stringEscape, _): state = .string
            default:
                // Not an answer: everything held goes on as it came.
                flush()
                return
            }
            bytes.append(byte)
        }
    }

    /// Lets a held burst go on as keys (nothing followed it: a key press, not an answer).
    public mutating func flush() {
        ready += held
        held.removeAll()
        bytes.removeAll()
        state = .idle
    }

    private mutating func drop(da1: Bool) {
        dropped += bytes
        held.removeAll()
        bytes.removeAll()
        state = .idle
        if da1 { finished = true }
    }

    /// An event as the bytes the terminal sent; nil for what no answer contains.
    static func bytes(of event: InputEvent) -> [UInt8]? {
        guard case let .key(key) = event else { return nil }
        switch key {
        case .escape: return [0x1B]
        case let .alt(c): return c.isASCII ? [0x1B] + Array(c.utf8) : nil
        case let .character(c): return c.isASCII ? Array(c.utf8) : nil
        default: return nil
        }
    }
}

extension RunLoop {
    /// Drops the probe's late answers from now until DA1's answer has passed or `seconds`
    /// have gone by (`--graphics auto` when the terminal had not answered within 150 ms).
    /// With `upgrading`, what they said is read when they have passed: a terminal that draws
    /// images after all (kitty under Xvfb answers in about 200 ms) is switched to pixels.
    public func dropLateAnswers(forSeconds seconds: Double = 3, upgrading probe: LateProbe? = nil) {
        lateAnswers = (LateAnswers(), ContinuousClock.now + .milliseconds(Int(seconds * 1000)))
        lateProbe = probe
    }

    /// The late answers have passed (`dropped`, their bytes): switches the canvas to the
    /// image protocol they name, at the cell size they give, and says so on the status line.
    /// The next frame draws in pixels (`graphicsArrived`).
    func lateAnswersPassed(_ dropped: [UInt8]) {
        guard let probe = lateProbe else { return }
        lateProbe = nil
        guard pixels == nil, let (graphics, cell, why) = probe.upgrade(late: dropped, columns: state.columns, rows: state.rows) else { return }
        let (frames, refusal) = pixelFrames(graphics, cell: cell, tmux: probe.tmux)
        guard let frames else {
            state.status = "graphics: " + (refusal ?? why)
            graphicsArrived = true
            return
        }
        useGraphics(frames)
        state.cellAspect = Double(cell.height) / Double(cell.width)
        state.status = "graphics: " + why
        graphicsArrived = true
    }

    /// The terminal's next event, through `LateAnswers` while it is on: a held burst waits
    /// at most 30 ms for the rest of an answer, then goes on as keys.
    func nextEvent(timeoutMilliseconds timeout: Int?) throws -> InputEvent? {
        while let (held, deadline) = lateAnswers {
            var filter = held
            if let event = filter.next() {
                lateAnswers = (filter, deadline)
                return event
            }
            let left = deadline - ContinuousClock.now
            if filter.finished || left <= .zero {
                // Done: whatever is held goes on as keys, then the filter is gone.
                if lateProbe != nil {
                    lateAnswersPassed(filter.dropped)
                    // A wake with no event: the loop draws the pixels at once, not at the next key.
                    if graphicsArrived {
                        lateAnswers = (filter, deadline)
                        return nil
                    }
                }
                filter.flush()
                if let event = filter.next() {
                    lateAnswers = (filter, deadline)
                    return event
                }
                lateAnswers = nil
                break
            }
            let leftMilliseconds = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
            let wait = filter.isHolding ? min(timeout ?? 30, 30) : min(timeout ?? leftMilliseconds, leftMilliseconds)
            guard let event = try terminal.nextEvent(timeoutMilliseconds: wait) else {
                if filter.isHolding {
                    filter.flush()
                    lateAnswers = (filter, deadline)
                    continue
                }
                return nil
            }
            filter.take(event)
            lateAnswers = (filter, deadline)
        }
        return try terminal.nextEvent(timeoutMilliseconds: timeout)
    }
}
