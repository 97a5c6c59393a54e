@testable import Explorer
import ExplorerTestSupport
import Scenes
import CommandLanguage
import Engine
import Geometry
import Raster
import Testing

/// `step add` in the explorer records the view it was made in (steps are states,
/// workshops.md): the camera, the panel page and the crosshair end the step's script as view
/// commands, so the step replays to that view from anywhere.
@Suite struct StepViewRecordTests {
    static func run(_ state: inout ExplorerState, _ line: String) {
        state.press(":")
        state.type(line)
        state.press("Enter")
        #expect(!state.statusIsError, "\(line): \(state.status)")
    }

    /// A card authored from nothing at 120×40: step 1 places it (the view as fitted), then
    /// the card is turned, zoomed in twice about it and the formula page opened for step 2.
    static func authored() -> (ExplorerState, Viewport) {
        var state = ExplorerState(session: Session(scene: Scene(), filePath: "card-demo.json"))
        state.columns = 120; state.rows = 40
        for line in ["add card view", "set bounds 0 0 200 120", "set backgroundColor orange", "set position 195 422", "set screen 390 844", "step add placed"] {
            run(&state, line)
        }
        run(&state, "rotate 30")
        state.press("+")
        state.press("+")
        state.press("i")
        #expect(state.panelPage == .formula)
        let view = state.viewport
        run(&state, "step add \"turned, up close\"")
        return (state, view)
    }

    static func close(_ a: Viewport, _ b: Viewport) -> Bool {
        abs(a.pointsPerColumn - b.pointsPerColumn) < 1e-6 && abs(a.origin.x - b.origin.x) < 1e-4 && abs(a.origin.y - b.origin.y) < 1e-4
    }

    @Test func theStepEndsWithTheViewCommandsAndTheStepAddKeepsTheView() {
        let (state, view) = Self.authored()
        let script = state.session.scene.steps[1].script.map(\.text)
        // Step 1's view was fitted to the scene as it grew (the empty scene opened on
        // 0 0 320 240): `fit`. Step 2: the edit, the panel page, then `+` twice about the card
        // (1.25² = 1.5625; no pan: the card's centre stayed where it was).
        #expect(
            state.session.scene.steps[0].script.map(\.text) == [
                "add card view", "set bounds 0 0 200 120", "set backgroundColor orange", "set position 195 422", "fit"
            ])
        #expect(script == ["select card", "rotate 30", "panel formula", "zoom 1.5625"])
        // Made here, the step shows the view it was made in.
        #expect(Self.close(state.viewport, view), "\(state.viewport) vs \(view)")
        #expect(state.panelPage == .formula)
    }

    @Test func theStepReplaysToItsViewFromAnywhere() {
        var (state, view) = Self.authored()
        // Move away: the inspector, the whole scene fitted, back to step 0…
        Self.run(&state, "panel inspector")
        state.press("0")
        state.press("p")
        state.press("p")
        #expect(state.session.currentStep == 0)
        #expect(!Self.close(state.viewport, view))
        #expect(state.panelPage == .inspector)
        // …and forward again: step 1 is the fitted view, step 2 the one it was authored in.
        state.press("n")
        #expect(state.panelPage == .inspector)
        state.press("n")
        #expect(state.session.currentStep == 2)
        #expect(Self.close(state.viewport, view), "\(state.viewport) vs \(view)")
        #expect(state.panelPage == .formula)
        // `step 2` straight from step 0 gives it too.
        Self.run(&state, "step 0")
        Self.run(&state, "step 2")
        #expect(Self.close(state.viewport, view), "\(state.viewport) vs \(view)")
    }

    @Test func aStepOfTheViewAloneIsAStep() {
        var (state, _) = Self.authored()
        // No edit since step 2: only the crosshair placed.
        Self.run(&state, "cursor-at 195 422")
        Self.run(&state, "step add \"the crosshair on the card\"")
        #expect(state.session.stepCount == 3)
        #expect(state.session.scene.steps[2].script.map(\.text) == ["cursor-at 195 422"])
        // Back at step 2 the crosshair is off; at step 3 it is on the card again.
        state.press("p")
        #expect(state.mode == .normal && state.cursor == nil)
        state.press("n")
        #expect(state.mode == .cursor && state.cursor == Point(195, 422))
    }

    @Test func withNothingChangedThereIsStillNothingToMakeAStepOf() {
        var (state, _) = Self.authored()
        state.press(":")
        state.type("step add again")
        state.press("Enter")
        #expect(state.statusIsError)
        #expect(state.status.contains("nothing to make a step of"), "\(state.status)")
    }
}
