import Benchmarks
import Scenes
import CommandLanguage
import Engine
import Explorer
import ExplorerRuntime
import Foundation
import LayoutFiles
import Raster

/// A step change on the 10 000-layer benchmark scene (issue 32: ≤ 2 ms, the worst case too):
/// a demo of four steps (an edit, the exploded view and its order, a zoom and the crosshair),
/// timed as `Reducer.reduce` of `step N` — forward one (the first time its script plays;
/// after that the snapshot kept from the same state is taken), back one (a snapshot is
/// restored), and 0 → 4 and 4 → 0 — with the view re-derived each time.
///
/// Two passes. **As in the explorer**: each step's frame is drawn (not timed) before the next
/// key, as the run loop draws one after every key — the planes of a tree the frame drew are
/// then known, and a step that only changes the order packs that order alone. **Cold**: no
/// frame between keys, so a step into the exploded view works out the planes of a tree no
/// frame has drawn (the quads, the drawing order, the order's planes) inside the step. The
/// median, the 99th percentile and the maximum of each; the frame itself is the raster and
/// depth benchmarks'.
enum StepBenchmark {
    static func lines(quick: Bool) -> [String] {
        let tree = RasterBenchmark.scene(layerCount: 10_000)
        var scene = Scene(screen: RasterBenchmark.screen.size, tree: tree)
        scene.steps = [
            SceneStep(title: "move", script: [ScriptLine("select L5; move 10 0; set zPosition 2")]),
            SceneStep(title: "explode", script: [ScriptLine("explode on; explode order render; explode spacing 40; select L7")]),
            SceneStep(title: "order", script: [ScriptLine("explode order hit; zoom 2; panel formula")]),
            SceneStep(title: "cursor", script: [ScriptLine("explode off; select L9; rotate 15; cursor-at 200 120")])
        ]
        let options = ScreenOptions(mode: .braille, unicode: true)
        let ms = InteractiveBenchmark.ms, median = InteractiveBenchmark.median, p = InteractiveBenchmark.percentile
        func summary(_ xs: [Double]) -> String {
            "median \(ms(median(xs))) ms, p99 \(ms(p(xs, 0.99))) ms, max \(ms(xs.max() ?? 0)) ms (\(xs.count))"
        }
        var lines = ["step change, \(tree.count) layers (reduce only; goal ≤ 2 ms, the worst case too):"]
        for drawn in [true, false] {
            var state = ExplorerState(session: Session(scene: scene))
            state.columns = 200; state.rows = 60
            // Drawing a 10 000-layer exploded frame costs far more than the step: fewer rounds.
            let runs = drawn ? (quick ? 5 : 20) : (quick ? 20 : 100)
            var forward: [Double] = [], back: [Double] = [], jumps: [Double] = []
            var forwardTo = [Double](repeating: 0, count: 5)
            func time(_ n: Int) -> Double {
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = Reducer.reduce(&state, .command(.engine(.step(n))))
                let t1 = DispatchTime.now().uptimeNanoseconds
                precondition(state.session.currentStep == n && !state.statusIsError, state.status)
                if drawn { _ = ExplorerScreen.render(state, options: options) }
                return Double(t1 - t0) / 1e6
            }
            // The first time through: each step's script plays and its snapshot is taken (later
            // forward steps from the same state take the snapshot: Session.keptStepsReach).
            var first: [Double] = []
            for n in 1...4 { first.append(time(n)) }
            _ = time(0)
            for _ in 0..<runs {
                for n in 1...4 {
                    forward.append(time(n))
                    forwardTo[n] = max(forwardTo[n], forward.last!)
                }
                for n in stride(from: 3, through: 0, by: -1) { back.append(time(n)) }
                jumps.append(time(4)); jumps.append(time(0))
            }
            lines.append(
                drawn
                    ? "  as in the explorer (each step's frame drawn before the next key, not timed):"
                    : "  cold (no frame between keys: a step works out planes no frame has drawn):")
            lines.append("    forward, first time (scripts):   " + first.map { ms($0) }.joined(separator: ", ") + " ms")
            lines.append("    forward one step:                " + summary(forward))
            lines.append("      the slowest into each step:    " + (1...4).map { "\($0): \(ms(forwardTo[$0]))" }.joined(separator: ", ") + " ms")
            lines.append("    back one step (p):               " + summary(back))
            lines.append("    0 → 4 and 4 → 0:                 " + summary(jumps))
        }
        return lines
    }
}
