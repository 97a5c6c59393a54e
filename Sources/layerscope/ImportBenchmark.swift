import TerminalKit
import Explorer
import Foundation
import LayoutFiles
import LayerKit
import Raster

/// Import and explorer speed on a 2 000-view `recursiveDescription` dump (the synthetic
/// one: real format, 9 views per table cell). Goals: import ≤ 50 ms, one explorer frame at
/// 200×60 ≤ 5 ms.
enum ImportBenchmark {
    static func report(quick: Bool) -> String {
        let views = 2_000
        let text = RecursiveDescriptionSample.synthetic(views: views)
        var lines = ["import, synthetic recursiveDescription dump of \(views) views (\(text.utf8.count / 1024) KiB):"]
        let runs = quick ? 5 : 21
        var importTimes: [Double] = [], importCPU: [Double] = []
        var imported: ImportedDump? = nil
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds, c0 = cpuMilliseconds()
            imported = try? RecursiveDescriptionImporter.importDump(text, file: "bench.txt")
            importCPU.append(cpuMilliseconds() - c0)
            importTimes.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        guard let imported, imported.scene.tree.count == views else { return "import: the synthetic dump did not import" }
        lines.append("  parse + rebuild + check:          median \(fmt(median(importTimes))) ms wall, \(fmt(median(importCPU))) ms CPU (goal ≤ 50 ms, \(runs) runs)")

        // The explorer on it: a cell deep in the table selected (its subtree filled), tree mode.
        var state = ExplorerState(session: Session(scene: imported.scene))
        state.columns = 200; state.rows = 60
        _ = Reducer.reduce(&state, .command(.engine(.select("UITableViewCell#100"))))
        _ = Reducer.reduce(&state, .key(.character("t")))
        let options = ScreenOptions(mode: .braille, unicode: true)
        var frames: [Double] = [], frameCPU: [Double] = []
        let keys: [Key] = [.character("j"), .character("k")]
        for i in 0..<(quick ? 30 : 200) {
            let t0 = DispatchTime.now().uptimeNanoseconds, c0 = cpuMilliseconds()
            _ = Reducer.reduce(&state, .key(keys[i % 2]))
            let screen = ExplorerScreen.render(state, options: options)
            frameCPU.append(cpuMilliseconds() - c0)
            frames.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            precondition(screen.canvas.columns == 200)
        }
        lines.append("  explorer key → frame, 200×60:     median \(fmt(median(frames))) ms wall, \(fmt(median(frameCPU))) ms CPU, p90 \(fmt(percentile(frames, 0.9))) ms wall (goal ≤ 5 ms)")
        // The names alone: the same frame with every layer's name and without (goal ≤ 1 ms).
        for (columns, rows) in [(120, 40), (200, 60)] {
            let viewport = Viewport.fitting(imported.scene.screenRect, columns: columns, rows: rows)
            var named = RasterOptions(mode: .braille)
            named.labels = .all
            let plain = RasterOptions(mode: .braille)
            var with: [Double] = [], without: [Double] = []
            for _ in 0..<(quick ? 9 : 41) {
                let c0 = cpuMilliseconds()
                _ = SceneRasterizer.render(imported.scene.tree, viewport: viewport, columns: columns, rows: rows, options: named)
                let c1 = cpuMilliseconds()
                _ = SceneRasterizer.render(imported.scene.tree, viewport: viewport, columns: columns, rows: rows, options: plain)
                with.append(c1 - c0); without.append(cpuMilliseconds() - c1)
            }
            lines.append("  label layout, \(columns)×\(rows), every name:   \(fmt(median(with) - median(without))) ms CPU a frame (frame \(fmt(median(with))) with names, \(fmt(median(without))) without; goal ≤ 1 ms)")
        }
        lines.append("  (CPU = this thread's CPU time: on a shared, loaded machine wall time includes waiting for a core)")
        return lines.joined(separator: "\n")
    }

    /// This thread's CPU time in milliseconds.
    static func cpuMilliseconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    static func median(_ xs: [Double]) -> Double { percentile(xs, 0.5) }
    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? 0 : s[min(s.count - 1, Int(Double(s.count - 1) * p + 0.5))]
    }
    static func fmt(_ x: Double) -> String { String(format: "%.2f", x) }
}
