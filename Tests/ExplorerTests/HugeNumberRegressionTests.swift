@testable import Explorer
import Scenes
import Cells
import Foundation
import Testing
import TerminalKit
import CommandLanguage
import LayoutFiles
import Engine
import SceneFiles
import TestSupport

/// Issue 20: numbers within the limits whose products are not. The policy (DECISIONS.md,
/// docs/reliability.md): every number a reader takes is finite and within ±1e9; what the
/// numbers compose to — three nested scales of 1e9 (1e27), a bezier that overshoots to
/// 7.5e8 — is legal, and the rasterizer, labels and viewport cope by clamping in Double.
@Suite("Huge composed numbers render (issue 20)")
struct HugeNumberRegressionTests {
    static let layouts = PackageRoot.url.appendingPathComponent("Layouts")

    static func state(_ scene: Scene, path: String? = nil, _ script: String) throws -> ExplorerState {
        var state = ExplorerState(session: Session(scene: scene, filePath: path))
        state.columns = 80
        state.rows = 24
        try Reducer.runScript(&state, script, name: "<test>")
        return state
    }

    static func render(_ state: ExplorerState) -> Canvas {
        ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
    }

    /// Three nested layers each `scale 1e9` (a file `check` accepts): s3 is 100·1e27 points
    /// wide. Selecting it trapped in Labels ("Double value cannot be converted to Int").
    static let nested = """
        {"screen": {"width": 320, "height": 240}, "layers": [
         {"name": "s1", "bounds": [0, 0, 100, 100], "position": [160, 120], "transform": [{"scale": 1e9}], "sublayers": [
          {"name": "s2", "bounds": [0, 0, 100, 100], "position": [50, 50], "transform": [{"scale": 1e9}], "sublayers": [
           {"name": "s3", "bounds": [0, 0, 100, 100], "position": [50, 50], "transform": [{"scale": 1e9}], "backgroundColor": "red"}]}]}]}
        """

    @Test func threeNestedScalesOfABillionThenSelectS3() throws {
        let scene = try LayoutFile.parse(Self.nested, file: "nested.json", format: .json)
        let state = try Self.state(scene, "select s3")
        #expect(!state.statusIsError, "\(state.status)")
        let canvas = Self.render(state)
        // Each layer is centred on its superlayer's bounds centre (50, 50), so all three are
        // centred on the screen point (160, 120) and s3 covers ±5e28 points: every canvas
        // cell is its red fill (solid █ in red, or a red background under an overlay).
        let area = state.layout.canvas
        let middle = canvas[area.column + area.columns / 2, area.row + area.rows / 3]
        let red = CellColor.rgb(255, 0, 0)
        #expect(middle.style.foreground == red || middle.style.background == red, "\(middle)")
    }

    @Test func aBezierThatOvershootsToSevenHundredMillionRendersAtHalfTime() throws {
        // popup.json's button is 40 × 40 at (120, 120); at 0.5 s its scale is ≈ 7.5e17
        // (NumericPolicyTests works the bezier), so it covers the whole canvas in green.
        let path = Self.layouts.appendingPathComponent("popup.json").path
        let state = try Self.state(
            try SceneLoader.load(path), path: path,
            "select button; animate transform.scale to 1e9 duration 1 timing cubic-bezier 0 1e9 1 1e9; time 0.5")
        #expect(!state.statusIsError, "\(state.status)")
        let canvas = Self.render(state)
        let area = state.layout.canvas
        let green = CellColor.rgb(0, 128, 0)
        let cell = canvas[area.column + 2, area.row + 5]
        #expect(cell.style.foreground == green || cell.style.background == green, "\(cell)")
    }

    @Test func scaleABillionThenZoomAMillionOnEveryShippedSceneRendersPromptly() throws {
        // Work per frame is bounded by the screen: each frame here is well under a second
        // even in a debug build (it took minutes). The selection is scaled, then the view
        // zoomed in 1e6 about the canvas centre.
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.layouts.path).sorted() where name.contains(".") {  // not Lessons/
            let path = Self.layouts.appendingPathComponent(name).path
            var state = try Self.state(try SceneLoader.load(path), path: path, "scale 1e9; zoom 1000000")
            let start = Date()
            _ = Self.render(state)
            // The typed form: `:scale 1e9` on the command line, key by key.
            for key in [":"] + "scale 1e9".map(String.init) { _ = Reducer.reduce(&state, .key(.character(Character(key)))) }
            _ = Reducer.reduce(&state, .key(.enter))
            _ = Self.render(state)
            #expect(Date().timeIntervalSince(start) < 2, "\(name)")
        }
    }

    @Test func pAfterAnEditSaysUndoBringsItBack() throws {
        // popup.json, n (step 1), an edit, p (step 0): the status says the edit was set
        // aside, and u (undo) is back at step 1 with the edit.
        let path = Self.layouts.appendingPathComponent("popup.json").path
        var state = try Self.state(try SceneLoader.load(path), path: path, "")
        _ = Reducer.reduce(&state, .key(.character("n")))
        _ = Reducer.reduce(&state, .command(try CommandParser.parse("select button")))
        _ = Reducer.reduce(&state, .command(try CommandParser.parse("move 10 0")))
        let edited = state.session.tree
        _ = Reducer.reduce(&state, .key(.character("p")))
        #expect(state.session.currentStep == 0)
        #expect(state.status.contains("step 0 set aside your edits made since step 1; undo brings them back"), "\(state.status)")
        _ = Reducer.reduce(&state, .command(.engine(.undo)))
        #expect(!state.statusIsError, "\(state.status)")
        #expect(state.session.currentStep == 1 && state.session.tree == edited)
    }
}
