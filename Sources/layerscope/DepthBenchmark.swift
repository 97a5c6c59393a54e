import Explorer
import ExplorerRuntime
import Scenes
import Foundation
import Engine
import LayerModel
import LayoutFiles
import Raster
import Benchmarks
import TerminalKit

/// The exploded view's cost: one whole exploded frame (planes, projection, outlines,
/// plaques, panel) of the 1 000-layer benchmark scene at 200×60, and the planes alone.
enum DepthBenchmark {
    static func report(quick: Bool) -> String {
        let columns = 200, rows = 60
        let tree = RasterBenchmark.scene(layerCount: 1_000)
        var state = ExplorerState(session: Session(scene: Scene(screen: RasterBenchmark.screen.size, tree: tree)))
        state.columns = columns; state.rows = rows
        _ = Reducer.reduce(&state, .command(.engine(.depth(.explode(true)))))
        let options = ScreenOptions(mode: .braille, unicode: true)
        let runs = quick ? 30 : 200
        var lines = ["exploded view, \(tree.count) layers, \(columns)×\(rows), braille:"]
        // The opening camera (the scene's pitch and spacing) for the three orders, then tree
        // order again under the contract's camera (pitch 0, spacing 20) — the picture the
        // view opened with before issue 32, to compare with runs of older builds.
        let cases: [(PlaneOrder, contract: Bool)] = PlaneOrder.allCases.map { ($0, false) } + [(.tree, true)]
        for (order, contract) in cases {
            _ = Reducer.reduce(&state, .command(.engine(.depth(.order(order)))))
            if contract {
                _ = Reducer.reduce(&state, .command(.engine(.depth(.pitch(0)))))
                _ = Reducer.reduce(&state, .command(.engine(.depth(.spacing(20)))))
            }
            let shown = state.session.explodedCamera(state.session.depthLayout())
            let camera = "pitch \(ms0(shown.pitch))° spacing \(ms0(shown.spacing))"
            var turning: [Double] = [], editing: [Double] = [], planes: [Double] = []
            var planeCount = 0
            for i in 0..<runs {
                // A camera key: the planes are the same, only the projection and drawing change.
                _ = Reducer.reduce(&state, .command(.engine(.depth(.yaw(i % 2 == 0 ? 35 : 30)))))
                let t0 = DispatchTime.now().uptimeNanoseconds
                let screen = ExplorerScreen.render(state, options: options)
                let t1 = DispatchTime.now().uptimeNanoseconds
                precondition(screen.canvas.columns == columns)
                turning.append(Double(t1 - t0) / 1e6)
                // An edit (the selection moves): the planes are packed again.
                _ = Reducer.reduce(&state, .command(.engine(.edit(.layer(.move(i % 2 == 0 ? 1 : -1, 0))))))
                let t2 = DispatchTime.now().uptimeNanoseconds
                _ = ExplorerScreen.render(state, options: options)
                let t3 = DispatchTime.now().uptimeNanoseconds
                editing.append(Double(t3 - t2) / 1e6)
                let t4 = DispatchTime.now().uptimeNanoseconds
                let layout = DepthLayout(state.session.tree, order: order, hitOrder: state.session.hitTestOrder)
                let t5 = DispatchTime.now().uptimeNanoseconds
                planeCount = layout.planeCount
                planes.append(Double(t5 - t4) / 1e6)
            }
            let f = turning.sorted(), e = editing.sorted(), p = planes.sorted()
            lines.append(
                "  order \(order.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) (\(planeCount) planes, \(camera)): camera key → frame best \(ms(f[0])) ms, median \(ms(f[f.count / 2])) ms; "
                    + "edit → frame best \(ms(e[0])) ms, median \(ms(e[e.count / 2])) ms; planes alone best \(ms(p[0])) ms")
        }
        return lines.joined(separator: "\n")
    }

    static func ms(_ x: Double) -> String { String(format: "%.3f", x) }
    static func ms0(_ x: Double) -> String { String(format: "%.0f", x) }
}
