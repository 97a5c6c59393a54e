@testable import Explorer
import ExplorerTestSupport
import Geometry
import Raster
import Testing
import Engine

/// The camera is fitted once — when the scene is opened, on `fit`, and to the canvas size
/// on a resize — and then stays put: editing a layer never re-zooms the picture.
@Suite struct CameraTests {
    /// The fixture without a `screen`, so its screen rect follows the layers: the box of
    /// back (35…85, 35…85) and card (150…250, 120…180) is x 35…250, y 35…180; the margin
    /// is max(20, 0.1 · 215) = 21.5, so the rect is x 13.5…271.5 (258 wide), y 13.5…201.5.
    static func state() -> ExplorerState {
        var scene = Fixture.scene()
        scene.screen = nil
        return ExplorerState(session: Session(scene: scene))
    }

    @Test func editingALayerDoesNotRefitAScreenlessScene() {
        var state = Self.state()
        let before = state.viewport
        // 258 × 188 points into 80 × 21 cells: max(258 / 80, 188 / 42) = 4.476… points per column.
        #expect(abs(before.pointsPerColumn - 188.0 / 42) < 1e-9)
        // Moving card 200 points right (frame x 350…450) grows the scene's screen rect, which
        // used to refit every frame and shrink everything; the camera must not move.
        _ = Reducer.perform(&state, .edit(.layer(.move(200, 0))), echo: nil)
        #expect(state.session.scene.screenRect.width > 400)
        #expect(state.viewport == before)
        // `back` did not move, so it is drawn on the same cells.
        let p = Point(60, 60)
        #expect(state.viewport.cell(containing: p) == before.cell(containing: p))
    }

    @Test func fitRefitsToTheSceneAsItIsNow() {
        var state = Self.state()
        _ = Reducer.perform(&state, .edit(.layer(.move(200, 0))), echo: nil)
        _ = Reducer.perform(&state, .fit, echo: nil)
        // Now the box is x 35…450, y 35…180; margin max(20, 0.1 · 415) = 41.5, so 498 × 228
        // points: max(498 / 80, 228 / 42) = 6.225 points per column.
        #expect(abs(state.viewport.pointsPerColumn - 498.0 / 80) < 1e-9)
    }

    @Test func aResizeFitsTheSameRectIntoTheNewCanvas() {
        var state = Self.state()
        _ = Reducer.perform(&state, .edit(.layer(.move(200, 0))), echo: nil)
        _ = Reducer.reduce(&state, .resize(columns: 160, rows: 44))
        // 160 columns: panel 48 + separator, canvas 111 × 41. The rect fitted at open
        // (258 × 188) fills it: max(258 / 111, 188 / 82) = 2.324… points per column.
        #expect(state.layout.canvas.columns == 111 && state.layout.canvas.rows == 41)
        #expect(abs(state.viewport.pointsPerColumn - 258.0 / 111) < 1e-9)
    }

    @Test func undoAndZoomKeepTheFittedRect() {
        var state = Self.state()
        let before = state.viewport
        _ = Reducer.perform(&state, .edit(.layer(.move(-30, 500))), echo: nil)
        _ = Reducer.perform(&state, .undo, echo: nil)
        #expect(state.viewport == before)
        _ = Reducer.perform(&state, .zoom(2), echo: nil)
        #expect(abs(state.viewport.pointsPerColumn - before.pointsPerColumn / 2) < 1e-9)
    }
}
