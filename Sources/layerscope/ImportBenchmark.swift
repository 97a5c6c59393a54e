import TerminalKit
import Explorer
import ExplorerRuntime
import Foundation
import LayoutFiles
import LayoutFileIO
import Engine
import Raster

/// Import and explorer speed on a 2 000-view `recursiveDescription` dump (the synthetic
/// one: real format, 9 views per table cell). Goals: import ≤ 50 ms, one explorer frame at
/// 200×60 ≤ 5 ms. Then issue 21's goal (a 10 000-view dump ≤ 100 ms) and issue 20's shapes
/// (flat, malformed read by skipping, deep), each at n and 2n to show linear growth.
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
        lines.append(
            "  parse + rebuild + check:          median \(fmt(median(importTimes))) ms wall, \(fmt(median(importCPU))) ms CPU (goal ≤ 50 ms, \(runs) runs)")

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
        lines.append(
            "  explorer key → frame, 200×60:     median \(fmt(median(frames))) ms wall, \(fmt(median(frameCPU))) ms CPU, p90 \(fmt(percentile(frames, 0.9))) ms wall (goal ≤ 5 ms)"
        )
        // The selected subtree's shading, the two ways: the copy of the tree with the shades
        // set that the explorer made every frame before issue 26, and the raster option.
        if let sel = state.session.selection {
            let tree = state.session.tree
            let area = state.layout.canvas
            var options = RasterOptions(mode: .braille, selection: sel)
            options.labels = .all
            let shading = SubtreeShading(root: sel)
            var copied: [Double] = [], optioned: [Double] = []
            let scratch = RasterScratch()
            for _ in 0..<(quick ? 30 : 200) {
                let c0 = cpuMilliseconds()
                var copy = tree
                for id in tree.subtree(of: sel) where tree[id].backgroundColor == nil {
                    var l = copy[id]
                    l.backgroundColor = shading.fill(of: id, in: tree)
                    copy[id] = l
                }
                _ = SceneRasterizer.render(copy, viewport: state.viewport, columns: area.columns, rows: area.rows, options: options, scratch: scratch)
                let c1 = cpuMilliseconds()
                var shaded = options
                shaded.shading = shading
                _ = SceneRasterizer.render(tree, viewport: state.viewport, columns: area.columns, rows: area.rows, options: shaded, scratch: scratch)
                copied.append(c1 - c0); optioned.append(cpuMilliseconds() - c1)
            }
            let c = copied.sorted(), o = optioned.sorted()
            lines.append(
                "  shaded selection, raster:         copy of the tree best \(f3(c[0])), median \(f3(median(c))) ms CPU; raster option best \(f3(o[0])), median \(f3(median(o))) ms CPU"
            )
        }
        // The names alone: the same frame with every layer's name and without (goal ≤ 1 ms).
        for (columns, rows) in [(120, 40), (200, 60)] {
            let viewport = Viewport.fitting(imported.scene.screenRect, columns: columns, rows: rows)
            var named = RasterOptions(mode: .braille)
            named.labels = .all
            let plain = RasterOptions(mode: .braille)
            var with: [Double] = [], without: [Double] = []
            let scratch = RasterScratch()
            for _ in 0..<(quick ? 9 : 41) {
                let c0 = cpuMilliseconds()
                _ = SceneRasterizer.render(imported.scene.tree, viewport: viewport, columns: columns, rows: rows, options: named, scratch: scratch)
                let c1 = cpuMilliseconds()
                _ = SceneRasterizer.render(imported.scene.tree, viewport: viewport, columns: columns, rows: rows, options: plain, scratch: scratch)
                with.append(c1 - c0); without.append(cpuMilliseconds() - c1)
            }
            lines.append(
                "  label layout, \(columns)×\(rows), every name:   \(fmt(median(with) - median(without))) ms CPU a frame (frame \(fmt(median(with))) with names, \(fmt(median(without))) without; goal ≤ 1 ms)"
            )
        }
        lines.append(contentsOf: bigImports(quick: quick))
        lines.append(contentsOf: openBigLayout(quick: quick))
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
    static func f3(_ x: Double) -> String { String(format: "%.3f", x) }

    /// Issue 21's goal (a 10 000-view dump ≤ 100 ms) and issue 20's quadratic cases, which
    /// must now grow linearly: each case at n and 2n (time ratio ≈ 2 when linear).
    static func bigImports(quick: Bool) -> [String] {
        var out: [String] = []
        func time(_ text: String, runs: Int) -> (ms: Double, layers: Int, skipped: Int) {
            var best = Double.infinity
            var result = (0, 0)
            for _ in 0..<runs {
                let c0 = cpuMilliseconds()
                let imported = try? RecursiveDescriptionImporter.importDump(text, file: "bench.txt", lenient: true)
                best = min(best, cpuMilliseconds() - c0)
                result = (imported?.scene.tree.count ?? -1, imported?.skipped.count ?? -1)
            }
            return (best, result.0, result.1)
        }
        let ten = time(RecursiveDescriptionSample.synthetic(views: 10_000), runs: quick ? 2 : 5)
        out.append("  10 000-view dump (synthetic, 1.9 MB): \(fmt(ten.ms)) ms CPU, \(ten.layers) layers (goal ≤ 100 ms)")
        let cases: [(String, (Int) -> String, Int)] = [
            ("flat dump, views", RecursiveDescriptionSample.flat, quick ? 20_000 : 100_000),
            ("malformed dump, lines (skipping)", RecursiveDescriptionSample.malformed, quick ? 4_000 : 10_000),
            ("deep chain, levels", RecursiveDescriptionSample.deep, quick ? 1_000 : 5_000),
            ("po layer tree, layers", RecursiveDescriptionSample.poTree, quick ? 20_000 : 50_000),
            ("malformed, unclosed continuation lines", RecursiveDescriptionSample.unclosed, quick ? 4_000 : 10_000)
        ]
        for (label, make, n) in cases {
            let a = time(make(n), runs: quick ? 1 : 3)
            let b = time(make(2 * n), runs: quick ? 1 : 3)
            out.append(
                "  \(label) \(n) → \(2 * n): \(fmt(a.ms)) → \(fmt(b.ms)) ms CPU (×\(fmt(b.ms / max(a.ms, 0.001))), \(b.layers) layers, \(b.skipped) skipped)")
        }
        return out
    }

    /// Issue 21: opening a 100 000-layer layout file against Python's `json.load` of the same
    /// file, side by side (goal ≤ 1.5×), and the resident memory the loaded scene adds (goal
    /// ≤ 1 KB a layer). CPU time of the best of 3 loads, as Python's is, and the first load's
    /// beside it; memory of the first (the largest). `--quick` opens the same 100 000 layers:
    /// it opened 20 000 once, and missed the goal for two reasons that were the measurement's
    /// (DECISIONS.md): one load against Python's best of 3 (the process's first load pays
    /// fresh heap pages, ~10%), and a size where Python is relatively faster — its time a
    /// layer grows with the file (its garbage collector walks every object it has made: at
    /// 20 000 layers 1.08 µs a layer, at 100 000 1.57 µs), while ours stays flat.
    static func openBigLayout(quick: Bool) -> [String] {
        let count = 100_000
        var text = "{\"title\": \"big\", \"layers\": [{\"name\": \"root\", \"kind\": \"view\", \"frame\": [0, 0, 375, 812], \"subviews\": [\n"
        for i in 1..<count {
            text += "  {\"name\": \"v\(i)\", \"kind\": \"view\", \"frame\": [\(i % 375), \(i % 812), 10, 10]}\(i == count - 1 ? "" : ",")\n"
        }
        text += "]}]}\n"
        let path = NSTemporaryDirectory() + "layerscope-bench-\(getpid()).json"
        defer { unlink(path) }
        guard (try? text.write(toFile: path, atomically: true, encoding: .utf8)) != nil else { return ["  open \(count)-layer layout: cannot write \(path)"] }
        func residentKB() -> Double {
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = statm.split(separator: " ")
            return fields.count > 1 ? (Double(fields[1]) ?? 0) * Double(sysconf(Int32(_SC_PAGESIZE))) / 1024 : 0
        }
        var best = Double.infinity
        var kbPerLayer = 0.0
        var first: Double? = nil
        for _ in 0..<3 {
            let before = residentKB()
            let c0 = cpuMilliseconds()
            let scene = try? LayoutFile.load(contentsOf: path)
            let spent = cpuMilliseconds() - c0
            first = first ?? spent
            best = min(best, spent)
            // The largest increase, which is the first load's: later loads reuse memory the
            // earlier ones freed (malloc keeps it), and would report next to nothing.
            kbPerLayer = max(kbPerLayer, (residentKB() - before) / Double(max(1, scene?.tree.count ?? 1)))
            withExtendedLifetime(scene) {}
        }
        // Python's json.load of the same file, CPU time of the load alone.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            "import json,time,sys\nbest=1e9\nfor _ in range(3):\n  t=time.process_time(); d=json.load(open(sys.argv[1])); best=min(best,time.process_time()-t)\nprint(best*1000)",
            path
        ]
        let pipe = Pipe()
        python.standardOutput = pipe
        python.standardError = FileHandle.nullDevice
        var pythonMs: Double? = nil
        if (try? python.run()) != nil {
            python.waitUntilExit()
            pythonMs = Double(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var line = "  open a \(count)-layer layout (\(text.utf8.count / 1_000_000) MB): \(fmt(best)) ms CPU (best of 3; the first \(fmt(first ?? best)))"
        if let pythonMs { line += " vs Python json.load \(fmt(pythonMs)) ms (×\(fmt(best / max(pythonMs, 0.001))), goal ≤ 1.5×)" }
        line += "; resident memory +\(fmt(kbPerLayer)) KB a layer (goal ≤ 1 KB)"
        return [line]
    }
}
