import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Graphics
import TerminalKit
import Testing

/// The probe's late answers (`LateAnswers`): dropped before they reach the reducer as keys,
/// and nothing else is.
@Suite struct LateAnswersTests {
    /// Bytes as ncurses hands them over: ESC then a printable character is Alt with it.
    static func events(_ text: String) -> [InputEvent] {
        var out: [InputEvent] = []
        var escape = false
        for c in text {
            if c == "\u{1B}" {
                if escape { out.append(.key(.escape)) }
                escape = true
                continue
            }
            out.append(.key(escape ? .alt(c) : .character(c)))
            escape = false
        }
        if escape { out.append(.key(.escape)) }
        return out
    }

    /// kitty's answers to the probe's five questions, in order.
    static let kittyAnswers = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;17;8t\u{1B}[4;408;640t\u{1B}[?62;c"

    @Test func kittysLateAnswersAreDroppedAndKeysAfterThemKept() {
        var filter = LateAnswers()
        for e in Self.events(Self.kittyAnswers + "r") { filter.take(e) }
        var out: [InputEvent] = []
        while let e = filter.next() { out.append(e) }
        #expect(out == [.key(.character("r"))])
        #expect(filter.finished)
        // What they said is kept: kitty, its version, its cells, DA1.
        let said = GraphicsProbe.parse(filter.dropped)
        #expect(said.kitty && said.answered && said.version == "kitty(0.26.5)" && said.cellSize! == (8, 17))
        // After DA1 nothing is held any more: an Alt-[ is a key.
        filter.take(.key(.alt("[")))
        #expect(filter.next() == .key(.alt("[")))
    }

    @Test func keysThatOnlyStartLikeAnAnswerGoOnAsTheyCame() {
        var filter = LateAnswers()
        // Alt-j, Escape, c: not answers.
        for e in [InputEvent.key(.alt("j")), .key(.escape), .key(.character("c"))] { filter.take(e) }
        var out: [InputEvent] = []
        while let e = filter.next() { out.append(e) }
        #expect(out == [.key(.alt("j")), .key(.escape), .key(.character("c"))])
        // Alt-[ alone is held (it may be an answer's start) until the loop lets it go.
        filter.take(.key(.alt("[")))
        #expect(filter.isHolding && filter.next() == nil)
        filter.flush()
        #expect(filter.next() == .key(.alt("[")))
        // A mouse event or a resize in the middle lets the held burst go first.
        filter.take(.key(.alt("[")))
        filter.take(.resize(columns: 80, rows: 24))
        #expect(filter.next() == .key(.alt("[")) && filter.next() == .resize(columns: 80, rows: 24))
    }

    @Test func theRunLoopNeverSeesTheLateAnswers() throws {
        // Without the filter, DA1's `c` turns on cursor mode; with it, the explorer sees
        // only the `q` typed after the answers.
        let answers = Self.events(Self.kittyAnswers)
        let plain = InMemoryTerminal(columns: 80, rows: 24, events: answers)
        let unfiltered = RunLoop(state: Fixture.state(), terminal: plain, options: ScreenOptions())
        try unfiltered.run(maxEvents: answers.count)
        #expect(unfiltered.state.mode == .cursor)
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: answers + [.key(.character("?"))])
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        loop.dropLateAnswers()
        try loop.run(maxEvents: 1)
        #expect(loop.state.mode == .help, "the first event the explorer saw was the ? typed after the answers")
    }

    @Test func aLateKittyAnswerSwitchesTheCanvasToPixels() throws {
        // Nothing within the 150 ms; then kitty's five answers, as keys. When DA1's has
        // passed the loop switches to kitty graphics at kitty's 8 × 17 cells, says so, and
        // draws the image at once (no key pressed after the answers).
        let terminal = RecordingTerminal(columns: 80, rows: 24, events: Self.events(Self.kittyAnswers))
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        loop.dropLateAnswers(upgrading: LateProbe(early: GraphicsProbe(), environment: [:]))
        try loop.run()
        #expect(loop.pixels?.graphics == .kitty)
        #expect(loop.state.status == "graphics: kitty graphics (the terminal answered the kitty query, after the 150 ms wait)")
        #expect(loop.state.cellAspect == 17.0 / 8.0)
        #expect(loop.state.mode != .cursor, "the answers never reached the reducer")
        let sent = terminal.images.map { String(decoding: $0, as: UTF8.self) }
        #expect(sent.first?.contains("a=T,f=100,") == true, "an image was sent without a key being pressed")
    }

    @Test func aLateAnswerWithoutImagesLeavesCells() throws {
        // A terminal that answers DA1 late with no 4 in it (and no kitty answer): cells stay.
        let terminal = RecordingTerminal(columns: 80, rows: 24, events: Self.events("\u{1B}[?62;1;2c"))
        var state = Fixture.state()
        state.status = "graphics: cells (the terminal did not answer the graphics probe)"
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        loop.dropLateAnswers(upgrading: LateProbe(early: GraphicsProbe(), environment: [:]))
        try loop.run()
        #expect(loop.pixels == nil && terminal.images.isEmpty)
        #expect(loop.state.status == "graphics: cells (the terminal did not answer the graphics probe)")
    }
}
