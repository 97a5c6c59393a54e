@testable import Explorer
import Mutation
import Scenes
import Foundation
import Fuzzing
import Testing
import Raster
import CommandLanguage
import LayoutFiles
import Engine
import SceneFiles
import TestSupport

/// Issue 20's property test: huge transforms, zooms and animation values, through render.
/// Each case takes a shipped scene (or a random one), a random layer, a transform, an
/// animation and a camera from lists of extremes that every reader accepts (within ±1e9,
/// but composing far past it), renders at a random moment, size and glyph mode, and must
/// neither trap nor take more than 2 s (debug build; the frame budget is the screen).
@Suite("Huge values through render")
struct HugeValuePropertyTests {
    static let layouts = PackageRoot.url.appendingPathComponent("Layouts")

    static let transforms = [
        "scale 1e9", "scale 1e-9", "scale 1e9 1e-9", "rotate 1e9", "rotate 89.99999 y", "set transform translate 1e9 -1e9",
        "set transform perspective 1e-9 then rotate 89.999 0 1 0", "set transform matrix 1e9 0 0 0 0 1e9 0 0 0 0 1 0 1e9 1e9 0 1",
        "set transform matrix 1 0 0 1e9 0 1 0 0 0 0 1 0 0 0 0 1", "set sublayerTransform scale 1e9", "set bounds -1e9 -1e9 1e9 1e9",
        "set anchorPoint 1e9 -1e9", "set position 1e9 1e9", "set zPosition 1e9", "set anchorPointZ -1e9"
    ]
    static let animations = [
        "animate transform.scale to 1e9 duration 1 timing cubic-bezier 0 1e9 1 1e9",
        "animate transform.scale to 1e9 duration 1 timing cubic-bezier 0 -1e9 1 1e9",
        "animate position to 1e9 -1e9 duration 1e-9", "animate bounds.size to 1e9 1e9 duration 1 repeat forever autoreverse",
        "animate transform.rotation.z by 1e9 duration 1e-6 repeat 1e9", "animate anchorPoint to 1e9 1e9 duration 1 timing spring 1e-6 1e9 0 1e9",
        "animate transform.translation.x to -1e9 duration 1 timing spring 1e-6 1e-6 1e9",
        "animate opacity to 0.5 duration 1e9 delay 1e9 fill backwards"
    ]
    static let cameras = ["zoom 1000000", "zoom 1e9; zoom 1e9", "zoom 1e-9", "zoom 1000000; pan 1e9 -1e9", "fit", "zoom 0.000001; pan -1e9 0"]

    @Test func hugeTransformsZoomsAndAnimationValuesRender() throws {
        var random = MutationFuzzer.Random(seed: 2026_11_25)
        var scenes: [(Scene, String?)] = try FileManager.default.contentsOfDirectory(atPath: Self.layouts.path).sorted().filter { $0.contains(".") }.map {
            let path = Self.layouts.appendingPathComponent($0).path
            return (try SceneLoader.load(path), path)
        }
        scenes += (0..<6).map { (SceneFuzzer.randomScene(seed: $0), nil) }
        var rendered = 0, slowest = 0.0
        for i in 0..<150 {
            let (scene, path) = scenes[i % scenes.count]
            var state = ExplorerState(session: Session(scene: scene, filePath: path))
            state.columns = [1, 20, 80, 133, 220][random.below(5)]
            state.rows = [1, 10, 24, 50, 70][random.below(5)]
            let names = scene.tree.treeOrder.map { scene.tree[$0].name }
            guard !names.isEmpty else { continue }
            let script = [
                "select \(names[random.below(names.count)])",
                Self.transforms[random.below(Self.transforms.count)],
                Self.animations[random.below(Self.animations.count)],
                Self.cameras[random.below(Self.cameras.count)],
                ["time 0", "time 0.5", "time 0.999", "wait 1e9", "time 1e9; wait 1e9"][random.below(5)]
            ]
            for line in script {
                // Every line is within the limits: each one parses (what it does may be refused
                // by the engine, e.g. a singular matrix, with a message; that is not a failure).
                for c in try CommandParser.parseLine(line) { _ = Reducer.reduce(&state, .command(c)) }
            }
            if random.below(3) == 0 { _ = Reducer.reduce(&state, .key(.character("c"))) }  // the cursor panel too
            let mode = RenderMode.allCases[random.below(RenderMode.allCases.count)]
            let start = Date()
            let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: mode, unicode: mode != .ascii))
            let took = Date().timeIntervalSince(start)
            slowest = max(slowest, took)
            #expect(screen.canvas.columns == state.columns && screen.canvas.rows == state.rows)
            #expect(took < 2, "case \(i): \(script) at \(state.columns)×\(state.rows) \(mode) took \(took) s")
            rendered += 1
        }
        #expect(rendered > 140, "\(rendered)")
    }
}
