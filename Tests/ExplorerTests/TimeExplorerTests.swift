@testable import Explorer
@testable import ExplorerRuntime
import Scenes
import Cells
import Geometry
import Raster
import TerminalKit
import Testing
import CommandLanguage
import LayoutFiles
import Engine

/// One 100 × 100 layer "box" at (50, 50) on a 400 × 200 screen, 100 × 30 terminal.
private func timeState(_ script: String = "") throws -> ExplorerState {
    var session = Session(scene: Scene(screen: Size(400, 200)))
    for case let .engine(c) in try CommandParser.parseLine("add box; set bounds 0 0 100 100; set position 50 50; set backgroundColor red") {
        _ = try session.perform(c)
    }
    for case let .engine(c) in try CommandParser.parseLine(script) { _ = try session.perform(c) }
    var state = ExplorerState(session: session)
    state.columns = 100
    state.rows = 30
    return state
}

private func screen(_ state: ExplorerState) -> Canvas {
    ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
}

@Suite("Explorer: time")
struct TimeExplorerTests {
    @Test func everyPlaybackKeyEchoesAReplayableCommand() throws {
        var state = try timeState("animate position.x by 200 duration 2")
        let cases: [(String, TimeCommand)] = [
            ("Space", .pause), ("Space", .play),
            (".", .time(0.033333333)), (",", .time(0)),
            (">", .time(0.25)), (">", .time(0.5)), ("<", .time(0.25)),
            ("1", .speed(1)), ("2", .speed(0.5)), ("3", .speed(0.25)), ("4", .speed(0.1))
        ]
        for (key, command) in cases {
            _ = Reducer.reduce(&state, .key(try #require(Key(name: key))))
            #expect(state.echo == "\(key) → \(command.text)")
            // The echo's right half reads back as the same command.
            let spelled = String(state.echo.split(separator: "→")[1].dropFirst())
            #expect(try CommandParser.parse(spelled) == .engine(.clock(command)))
            #expect(!state.statusIsError, "\(key): \(state.status)")
        }
        #expect(state.session.playbackSpeed == 0.1)
        #expect(state.session.now == 0.25)
    }

    @Test func ticksMoveTheClockAndTheCanvasDrawsThePresentation() throws {
        // by 200 over 2 s, linear: 0.5 s in, the box is 50 points right of its model.
        var state = try timeState("animate position.x by 200 duration 2")
        let start = screen(state)
        _ = Reducer.reduce(&state, .tick(seconds: 0.5))
        #expect(state.session.now == 0.5)
        let moving = screen(state)
        #expect(moving != start)
        #expect(state.session.presentationTree()[state.session.tree.id(named: "box")!].position.x == 100)
        // The model's outline ("touches go here") is drawn while the two differ.
        #expect(TimeView.modelOutlines(state, presentation: state.session.presentationTree()).count == 1)
        // After the end the presentation is the model again: no outline, and the canvas
        // (timeline aside) is the first frame's.
        _ = Reducer.reduce(&state, .tick(seconds: 2))
        #expect(!state.session.hasRunningAnimations)
        #expect(TimeView.modelOutlines(state, presentation: state.session.presentationTree()).isEmpty)
        let ended = screen(state)
        for row in 1..<20 { #expect(ended.text(row: row).prefix(51) == start.text(row: row).prefix(51), "row \(row)") }
    }

    @Test func theTimelineShowsNowAndABarPerAnimation() throws {
        var state = try timeState("animate position.x by 200 duration 2; animate opacity to 0.5 duration 1 delay 1")
        _ = Reducer.reduce(&state, .tick(seconds: 0.5))
        let canvas = screen(state)
        // Canvas rows 1…27: the timeline takes the last 3 (header + 2 bars).
        #expect(canvas.text(row: 25).hasPrefix(" now 0.5 s · 1× · playing"))
        #expect(canvas.text(row: 26).hasPrefix(" box.position.x"))
        #expect(canvas.text(row: 27).hasPrefix(" box.opacity"))
        // The canvas is 51 columns: a 17-column label, a space, then 51 − 17 − 2 = 32 bar
        // columns for 0…2 s (column = round(t/2 × 31)). The playhead: round(7.75) = 8; the
        // opacity bar starts at 1 s: round(15.5) = 16.
        let bar = Array(canvas.text(row: 27).dropFirst(18))
        #expect(bar[8] == "┃")
        #expect(bar[15] == "·" && bar[16] == "━")
        // Without animations there is no timeline.
        #expect(!screen(try timeState()).text(row: 25).contains("now"))
    }

    @Test func thePanelShowsModelAndPresentation() throws {
        var state = try timeState("animate position.x by 200 duration 2")
        _ = Reducer.reduce(&state, .tick(seconds: 1))
        let lines = TimeView.panelLines(state).map(\.text)
        #expect(lines == ["Time · now 1 s", " position.x", "  model 50", "  pres  150"])
    }

    @Test func theCursorSaysModelHitAndPresentationHitWhenTheyDiffer() throws {
        // The box is presented 200 points right (kept), its model stays at 0…100.
        var state = try timeState("animate position.x by 200 duration 1 fill forwards keep; wait 2")
        #expect(TimeView.hitLine(state, point: Point(250, 50))?.text == " model hit nothing · presentation hit box")
        #expect(TimeView.hitLine(state, point: Point(50, 50))?.text == " model hit box · presentation hit nothing")
        #expect(TimeView.hitLine(state, point: Point(390, 190)) == nil)
        _ = Reducer.reduce(&state, .command(.explorer(.cursorAt(250, 50))))
        let canvas = screen(state)
        // In the panel (inspector page), and in the timeline's header whatever the page.
        #expect(
            (1..<28).contains {
                canvas.text(row: $0).hasSuffix(" model hit nothing · presentation hit box   ")
                    || canvas.text(row: $0).contains("│ model hit nothing · presentation hit box")
            })
        #expect(canvas.text(row: 26).hasPrefix(" 2 s · model hit nothing · presentation hit box"))
        _ = Reducer.reduce(&state, .command(.explorer(.cursorAt(390, 190))))  // both miss: the key hint again
        #expect(screen(state).text(row: 26).hasPrefix(" now 2 s · 1× · ended · Space . , < > 1-4"))
    }

    @Test func undoOfAnAnimatedBlockInTheExplorer() throws {
        var state = try timeState()
        _ = Reducer.reduce(&state, .command(try CommandParser.parse("animated 1 { move 100 0 }")))
        _ = Reducer.reduce(&state, .tick(seconds: 0.5))
        #expect(state.session.presentationTree()[state.session.tree.id(named: "box")!].position.x == 100)
        _ = Reducer.reduce(&state, .key(.character("u")))
        #expect(state.session.tree[state.session.tree.id(named: "box")!].position.x == 50)
        #expect(state.session.animations.isEmpty)
        #expect(!state.session.hasRunningAnimations)
    }

    @Test func theRunLoopOnlyTicksWhileSomethingAnimates() throws {
        // Idle: the loop waits for input with no timeout (no file): FrameClock says stopped.
        var idle = try timeState()
        #expect(!FrameClock().running(&idle))
        var moving = try timeState("animate position.x by 200 duration 2")
        #expect(FrameClock().running(&moving))
        var paused = moving
        _ = Reducer.reduce(&paused, .key(.character(" ")))
        #expect(!FrameClock().running(&paused))
        var stopped = moving
        _ = Reducer.reduce(&stopped, .command(.engine(.clock(.speed(0)))))
        #expect(!FrameClock().running(&stopped))
        // A fresh clock's first lap is 0 (the clock starts then, not at some earlier time).
        var clock = FrameClock()
        #expect(clock.lap() == 0)
        #expect(clock.millisecondsToNextFrame() <= 34)
    }

    @Test func tabCompletesKeyPathsAndTheTimeQueries() throws {
        let session = try timeState().session
        #expect(
            Completion.complete("animate transform.rot", session: session).candidates
                == ["transform.rotation", "transform.rotation.x", "transform.rotation.y", "transform.rotation.z"])
        #expect(Completion.complete("anima", session: session).candidates == ["animate", "animated"])
        #expect(Completion.complete("get pres", session: session).completion == "get presentation ")
        #expect(Completion.complete("get presentation fra", session: session).candidates == ["frame", "frame.origin", "frame.size"])
        #expect(Completion.complete("remove-animations opa", session: session).completion == "remove-animations opacity ")
    }
}
