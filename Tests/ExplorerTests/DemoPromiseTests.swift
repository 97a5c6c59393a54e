@testable import Explorer
import ExplorerTestSupport
import Cells
import Geometry
import Raster
import Testing
import CommandLanguage
import LayerModel

/// Issue 23: step demos show what they promise, presentation keeps every panel page, no
/// message is cut, and keep-frame mode keeps the frame for a typed `anchor` too.
@Suite struct DemoPromiseTests {
    static func render(_ state: ExplorerState) -> Canvas {
        ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
    }

    /// The rows' text joined with spaces and runs of spaces collapsed: what wrapped text
    /// reads as.
    static func prose(_ canvas: Canvas, rows: ClosedRange<Int>) -> String {
        rows.map { canvas.text(row: $0) }.joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
    }

    // MARK: Steps

    @Test func aStepsSelectStaysSelectedAndItsAnchorJumpDrawsTheGhost() throws {
        var state = try LayoutGoldenTests.state("popup.json", columns: 110, rows: 34)
        #expect(state.selectedName == "button")
        state.press("n")
        // Step 1: "select anchorFirst; …".
        #expect(state.selectedName == "anchorFirst")
        state.press("n")
        // Step 2: "select frameFirst; set frame 140 140 100 100; set anchorPoint 0 0".
        #expect(state.selectedName == "frameFirst")
        // set frame with anchor (0.5, 0.5): position = (140 + 50, 140 + 50) = (190, 190).
        // anchorPoint (0, 0) keeps position: frame origin = (190, 190) − (0, 0)·(100, 100).
        let edit = try #require(state.session.lastEdit)
        #expect(state.session.tree[edit.layer].name == "frameFirst")
        #expect(edit.frameBefore == Rect(140, 140, 100, 100))
        #expect(edit.frameAfter == Rect(190, 190, 100, 100))
        // Deltas as a key would say them: frame moved by (50, 50), position by (0, 0).
        #expect(state.status == "anchor → (0, 0): frame moved by (50, 50), position by (0, 0)")
        let fromStep = Why.anchorJump(state)
        // The ghost (the old frame, dotted) and the arrow from its centre to the new one.
        #expect(fromStep.count == 2)

        // The same commands typed: the same ghost, the same status.
        var typed = try LayoutGoldenTests.state("popup.json", columns: 110, rows: 34)
        for c in try CommandParser.parseLine("select frameFirst; set frame 140 140 100 100; set anchorPoint 0 0") {
            _ = Reducer.reduce(&typed, .command(c))
        }
        #expect(Why.anchorJump(typed) == fromStep)
        #expect(typed.status == state.status)

        // The formula page says the last edit, as after the key.
        state.press("i")
        let canvas = Self.render(state)
        let panel = (1..<34).map { canvas.text(row: $0) }.joined(separator: "\n")
        #expect(panel.contains("last: set anchorPoint 0 0"))

        // Back: step 1 as a fresh `step 1` shows it (issue 32, steps are states) — its own
        // selection and its own last edit (set frame on anchorFirst), not what step 2 left.
        state.press("p")
        #expect(state.selectedName == "anchorFirst")
        #expect(state.session.lastEdit.map { state.session.tree[$0.layer].name } == "anchorFirst")
    }

    @Test func aStepWithoutEditsShowsNoGhostFromBefore() throws {
        var state = try LayoutGoldenTests.state("popup.json", columns: 110, rows: 34)
        // A user edit, then step 1: the step's own last edit (set frame on anchorFirst) is shown,
        // not the user's move of button.
        state.press("l")
        #expect(state.session.lastEdit.map { state.session.tree[$0.layer].name } == "button")
        state.press("n")
        #expect(state.session.lastEdit.map { state.session.tree[$0.layer].name } == "anchorFirst")
    }

    // MARK: Presentation

    @Test func presentationTurnsEveryPanelPage() throws {
        var state = try LayoutGoldenTests.state("popup.json", columns: 110, rows: 34)
        state.press("W")
        #expect(state.picture.present)
        func panelText() -> String {
            let canvas = Self.render(state)
            // The panel is the right 48 columns from column 62 on.
            return (1..<31).map { String(canvas.text(row: $0).dropFirst(62)) }.joined(separator: "\n")
        }
        // Inspector page: the essentials (big, bold, five lines).
        #expect(panelText().contains(" position  (120, 120)"))
        state.press("i")
        #expect(state.panelPage == .formula)
        #expect(panelText().contains("button: frame, step by step"))
        state.press("i")
        #expect(state.panelPage == .hitTest)
        #expect(!panelText().contains("button: frame, step by step"))
        #expect(!panelText().contains(" position  (120, 120)"))
        state.press("i")
        #expect(panelText().contains(" position  (120, 120)"))
    }

    @Test func onANarrowTerminalThePanelKeySaysWhereThePageIs() {
        var state = Fixture.state()  // 80 columns: the panel is hidden behind the canvas
        state.press("i")
        #expect(state.panelPage == .formula)
        #expect(state.status == "panel page: formula — w shows the panel (narrower than 96 columns it takes the canvas's place)")
        state.columns = 120
        state.press("i")
        #expect(state.status == "")
    }

    // MARK: Nothing is cut

    @Test func aLongSaveFailureWrapsAboveTheStatusLine() {
        var state = Fixture.state()
        let message = "cannot save: the scene would not load back (too deeply nested at layers[0].sublayers[0].sublayers[0])"
        _ = Reducer.reduce(&state, .saveFailed(message))
        let canvas = Self.render(state)
        // "save failed: " + message + " — nothing was lost" is 12 + 101 + 19 = 132 columns:
        // two rows of 79 (a leading space each) at 80 columns — rows 21 and 22, the echo on 23.
        let text = Self.prose(canvas, rows: 21...22)
        #expect(text.contains("save failed: " + message + " — nothing was lost"))
        #expect(canvas.text(row: 20).contains("save failed") == false)
    }

    @Test func theClipboardHintWrapsWhole() {
        var state = Fixture.state()
        state.setStatus("sent 12 lines to the clipboard (OSC 52) — if nothing arrives, the terminal may not support it (tmux: set -g set-clipboard on)")
        let canvas = Self.render(state)
        #expect(Self.prose(canvas, rows: 21...22).contains("(tmux: set -g set-clipboard on)"))
    }

    @Test func aLongStepCaptionWrapsOnTheCanvas() throws {
        var state = try LayoutGoldenTests.state("popup.json", columns: 80, rows: 24)
        state.press("n", "n")
        let canvas = Self.render(state)
        // The caption is 2/3 · title — notes, 131 columns: two rows above the status line,
        // the canvas's last rows (21 is the canvas's last row at 24 rows; the status, one row
        // here, is row 22).
        let text = Self.prose(canvas, rows: 19...21)
        #expect(
            text.contains(
                "2/3 · frameFirst: frame (140, 140, 100, 100), then anchorPoint (0, 0) — the gotcha: position stays (190, 190), so the frame jumps to (190, 190)"
            ))
    }

    @Test func thePresentationBannerWraps() {
        var state = Fixture.state()
        state.press("W")
        state.echo = "x → " + String(repeating: "select-next ", count: 10) + "end"
        let canvas = Self.render(state)
        // 4 + 120 + 3 = 127 columns in rows of 76: two rows, 22 and 23.
        #expect(Self.prose(canvas, rows: 22...23).contains(state.echo))
    }

    @Test func anEmptyPresentationBannerDrawsNothing() {
        var state = Fixture.state()
        state.picture.present = true
        state.echo = ""
        let canvas = Self.render(state)
        // The bottom row is blank: no banner-coloured block for an empty echo.
        #expect(canvas.text(row: 23).allSatisfy { $0 == " " })
        #expect((0..<80).allSatisfy { canvas[$0, 23].style.background == CellStyle.plain.background })
    }

    // MARK: Keep-frame

    @Test func aTypedAnchorInKeepFrameModeKeepsTheFrameAndSaysSo() {
        var state = Fixture.state()
        state.press("f")
        state.press(":")
        state.type("anchor 0 0")
        state.press("Enter")
        // card: frame (150, 120, 100, 60) stays; position = origin + (0, 0)·size = (150, 120).
        #expect(state.layer("card").frame == Rect(150, 120, 100, 60))
        #expect(state.layer("card").position == Point(150, 120))
        #expect(state.echo == "anchor 0 0 keep-frame")
        #expect(state.history.last == "anchor 0 0")
        // The echo replays to the same state in Core Animation mode.
        var replay = Fixture.state()
        for c in try! CommandParser.parseLine(state.echo) { _ = Reducer.reduce(&replay, .command(c)) }
        #expect(replay.layer("card") == state.layer("card"))

        // set anchorPoint stays Core Animation's setter: position (150, 120) stays, the
        // frame origin becomes (150, 120) − (1, 1)·(100, 60) = (50, 60), a jump of (−100, −60).
        state.press(":")
        state.type("set anchorPoint 1 1")
        state.press("Enter")
        #expect(state.layer("card").position == Point(150, 120))
        #expect(state.layer("card").frame == Rect(50, 60, 100, 60))
        #expect(state.status.hasPrefix("anchor → (1, 1): frame moved by (-100, -60), position by (0, 0) — set anchorPoint is Core Animation's setter"))
    }

    @Test func aTypedAnchorInCoreAnimationModeStillJumps() {
        var state = Fixture.state()
        state.press(":")
        state.type("anchor 0 0")
        state.press("Enter")
        // position (200, 150) stays; frame origin = (200, 150) − (0, 0) = (200, 150).
        #expect(state.layer("card").frame == Rect(200, 150, 100, 60))
        #expect(state.echo == "anchor 0 0")
        #expect(!state.status.contains("Core Animation's setter"))
    }
}
