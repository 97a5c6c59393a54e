@testable import Explorer
import ExplorerTestSupport
import Geometry
import Raster
import Testing
import LayerModel
import Engine
import CommandLanguage

/// The content page and its keys (content.md): `}` / `{` step the selection's drawing, echo
/// the `operation N` they amount to, and the page shows the CTM for that step.
@Suite struct ContentPageTests {
    /// The fixture's card (bounds 0 0 100 60 at (200, 150), a layer: contentsScale 1) with a
    /// drawing: save, translate 50 30, rotate 90, fill-rect -10 -5 20 10 red, restore.
    static func state() throws -> ExplorerState {
        var state = Fixture.state()
        for command in ["draw save", "draw translate 50 30", "draw rotate 90", "draw fill-rect -10 -5 20 10 red", "draw restore"] {
            _ = Reducer.perform(&state, try CommandParser.parse(command), echo: nil)
        }
        return state
    }

    func text(_ lines: [PanelLine]) -> String { lines.map(\.text).joined(separator: "\n") }

    @Test func bracesStepThroughTheDrawing() throws {
        var state = try Self.state()
        state.press("}")
        #expect(state.echo == "} → operation 1")
        #expect(state.panelPage == .content)
        #expect(state.contentCursor == ContentCursor(layer: state.session.selection!, count: 1))
        // Base CTM of a 60-tall layer at 1×: [1, 0, 0, −1, 0, 60].
        #expect(text(ContentPage.lines(state)).contains("[1, 0, 0, -1, 0, 60]"))
        state.press("}", "}")
        #expect(state.echo == "} → operation 3")
        // translate 50 30: [1, 0, 0, −1, 50, 30]; rotate 90 (cos 0, sin 1): R·M = [0, −1, −1, 0, 50, 30].
        let page = text(ContentPage.lines(state))
        #expect(page.contains("[0, -1, -1, 0, 50, 30]"))
        #expect(page.contains("▶ 3   rotate 90"))  // indented one level: inside the save
        #expect(page.contains("rotate 90° · scale 1 × 1"))
        #expect(page.contains("content 90° = 90°"))
        state.press("{")
        #expect(state.echo == "{ → operation 2")
        #expect(text(ContentPage.lines(state)).contains("[1, 0, 0, -1, 50, 30]"))
        // The canvas steps the same count, with axes.
        #expect(ContentPage.rasterStep(state) == ContentStep(layer: state.session.selection!, count: 2))
    }

    @Test func theRotationOnScreenAddsEveryLayerAbove() throws {
        var state = try Self.state()
        _ = Reducer.perform(&state, try CommandParser.parse("rotate 45"), echo: nil)
        _ = Reducer.perform(&state, try CommandParser.parse("operation 3"), echo: nil)
        // content 90° (rotate 90) + card 45° = 135°.
        #expect(text(ContentPage.lines(state)).contains("content 90° + card 45° = 135°"))
    }

    @Test func theHitTestExplanationSaysContentIsNotHit() throws {
        var state = try Self.state()
        // After translate 50 30 and rotate 90 the red rect covers layer x 45…55, y 20…40:
        // screen (150 + 50, 120 + 30) = (200, 150) is on it; the card is hit by its bounds.
        state.cursor = Point(200, 150)
        let lines = text(Why.hitTestLines(state))
        #expect(lines.contains(" on card's drawing (op 4 fill-rect):\n  content is never hit-tested; bounds decide"))
    }

    @Test func tabCompletesDrawingOperations() {
        // `draw s` could be save, scale or stroke-rect / stroke-ellipse: the common prefix stays.
        let session = Fixture.state().session
        #expect(
            Completion.complete("draw s", session: session)
                == Completion.Result(completion: "draw s", candidates: ["save", "scale", "stroke-ellipse", "stroke-rect"]))
        #expect(Completion.complete("draw fill-e", session: session).completion == "draw fill-ellipse ")
    }
}
