@testable import Explorer
import ExplorerTestSupport
import Geometry
import Raster
import Testing
import Engine

/// The camera is fitted when the scene is opened, on `fit`, and to the canvas size on a
/// resize, and then stays put while the scene stays inside it: editing a layer within the
/// view never re-zooms the picture. An edit that grows the scene out of a fitted view refits
/// it (issue 32: a scene grows visibly); a view zoomed or panned by hand is never refitted.
@Suite struct CameraTests {
    /// The fixture without a `screen`, so its screen rect follows the layers: the box of
    /// back (35…85, 35…85) and card (150…250, 120…180) is x 35…250, y 35…180; the margin
    /// is max(20, 0.1 · 215) = 21.5, so the rect is x 13.5…271.5 (258 wide), y 13.5…201.5.
    static func state() -> ExplorerState {
        var scene = Fixture.scene()
        scene.screen = nil
        return ExplorerState(session: Session(scene: scene))
    }

    @Test func editingALayerWithinTheViewDoesNotRefitAScreenlessScene() {
        var state = Self.state()
        let before = state.viewport
        // 258 × 188 points into 80 × 21 cells: max(258 / 80, 188 / 42) = 4.476… points per column.
        #expect(abs(before.pointsPerColumn - 188.0 / 42) < 1e-9)
        // Moving card 20 points right (frame x 170…270, inside x 13.5…271.5) changes the
        // scene's screen rect, which used to refit every frame; the camera must not move.
        _ = Reducer.perform(&state, .edit(.layer(.move(20, 0))), echo: nil)
        #expect(state.session.scene.screenRect != Self.state().session.scene.screenRect)
        #expect(state.viewport == before)
        // `back` did not move, so it is drawn on the same cells.
        let p = Point(60, 60)
        #expect(state.viewport.cell(containing: p) == before.cell(containing: p))
    }

    @Test func editingALayerOutOfAFittedViewRefitsIt() {
        var state = Self.state()
        // Moving card 200 points right (frame x 350…450) takes it out of the view: the view
        // refits as `fit` would — box x 35…450, y 35…180, margin 41.5, 498 × 228 points:
        // max(498 / 80, 228 / 42) = 6.225 points per column.
        _ = Reducer.perform(&state, .edit(.layer(.move(200, 0))), echo: nil)
        #expect(abs(state.viewport.pointsPerColumn - 498.0 / 80) < 1e-9)
    }

    @Test func aViewZoomedByHandIsNeverRefitted() {
        var state = Self.state()
        _ = Reducer.perform(&state, .zoom(2), echo: nil)
        let zoomed = state.viewport
        _ = Reducer.perform(&state, .edit(.layer(.move(200, 0))), echo: nil)
        #expect(state.viewport == zoomed)
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
        _ = Reducer.perform(&state, .edit(.layer(.move(20, 0))), echo: nil)
        _ = Reducer.reduce(&state, .resize(columns: 160, rows: 44))
        // 160 columns: panel 48 + separator, canvas 111 × 41. The rect fitted at open
        // (258 × 188) fills it: max(258 / 111, 188 / 82) = 2.324… points per column.
        #expect(state.layout.canvas.columns == 111 && state.layout.canvas.rows == 41)
        #expect(abs(state.viewport.pointsPerColumn - 258.0 / 111) < 1e-9)
    }

    @Test func undoAndZoomKeepTheFittedRect() {
        var state = Self.state()
        let before = state.viewport
        _ = Reducer.perform(&state, .edit(.layer(.move(-30, 10))), echo: nil)
        _ = Reducer.perform(&state, .undo, echo: nil)
        #expect(state.viewport == before)
        _ = Reducer.perform(&state, .zoom(2), echo: nil)
        #expect(abs(state.viewport.pointsPerColumn - before.pointsPerColumn / 2) < 1e-9)
    }
}
