import Benchmarks
import Scenes
import CommandLanguage
import Engine
import Explorer
import ExplorerRuntime
import Foundation
import LayoutFiles

/// A step change on the 10 000-layer benchmark scene (issue 32: ≤ 2 ms): a demo of four
/// steps (an edit, the exploded view and its order, a zoom and the crosshair), timed as
/// `Reducer.reduce` of `step N` — forward one (its script plays), back one (a snapshot is
/// restored), and 0 → 4 and 4 → 0 — with the view re-derived each time. The frame drawn
/// after it is the raster benchmark's.
enum StepBenchmark {
    static func lines(quick: Bool) -> [String] {
        let tree = RasterBenchmark.scene(layerCount: 10_000)
        var scene = Scene(screen: RasterBenchmark.screen.size, tree: tree)
        scene.steps = [
            SceneStep(title: "move", script: [ScriptLine("select L5; move 10 0; set zPosition 2")]),
            SceneStep(title: "explode", script: [ScriptLine("explode on; explode order render; explode spacing 40; select L7")]),
            SceneStep(title: "order", script: [ScriptLine("explode order hit; zoom 2; panel formula")]),
            SceneStep(title: "cursor", script: [ScriptLine("explode off; select L9; rotate 15; cursor-at 200 120")]),
        ]
        var state = ExplorerState(session: Session(scene: scene))
        state.columns = 200; state.rows = 60
        let runs = quick ? 20 : 100
        var forward: [Double] = [], back: [Double] = [], jumps: [Double] = []
        func time(_ n: Int) -> Double {
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = Reducer.reduce(&state, .command(.engine(.step(n))))
            let t1 = DispatchTime.now().uptimeNanoseconds
            precondition(state.session.currentStep == n && !state.statusIsError, state.status)
            return Double(t1 - t0) / 1e6
        }
        _ = time(4); _ = time(0)   // warm-up
        for _ in 0..<runs {
            for n in 1...4 { forward.append(time(n)) }
            for n in stride(from: 3, through: 0, by: -1) { back.append(time(n)) }
            jumps.append(time(4)); jumps.append(time(0))
        }
        let ms = InteractiveBenchmark.ms, median = InteractiveBenchmark.median
        return ["step change, \(tree.count) layers (reduce only; goal ≤ 2 ms):",
                "  forward one step:                  median \(ms(median(forward))) ms, max \(ms(forward.max() ?? 0)) ms (\(forward.count))",
                "  back one step (p):                 median \(ms(median(back))) ms, max \(ms(back.max() ?? 0)) ms (\(back.count))",
                "  0 → 4 and 4 → 0:                   median \(ms(median(jumps))) ms, max \(ms(jumps.max() ?? 0)) ms (\(jumps.count))"]
    }
}
