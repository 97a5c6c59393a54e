import Benchmarks
import Cells
import Explorer
import ExplorerRuntime
import Foundation
import Geometry
import Graphics
import Raster
import TerminalKit
import Engine

/// `bench --section pixels` (docs/picture.md, "Pixels"): the pixel canvas beside the cell
/// canvas — key → bytes at 200 × 60 with 10 × 20 cells for kitty and sixel (reduce, render,
/// rasterize, encode; no terminal), the bytes a rotate key sends, the idle bytes, and the
/// 1 000-layer frame in pixels against the same frame in cells.
enum PixelBenchmark {
    static func report(quick: Bool) -> String {
        let columns = 200, rows = 60
        var lines = ["pixels, default scene, \(columns)×\(rows), cells of 10×20 pixels (no terminal: the bytes are counted):"]
        guard let scene = try? DefaultScene.scene() else { return "pixels: cannot load the default scene" }
        let keys: [Key] = [.character("r"), .character("R")]
        let runs = quick ? 20 : 100
        // Cells: key → reduce → render → the frame diff's bytes.
        do {
            var state = ExplorerState(session: Session(scene: scene))
            state.columns = columns; state.rows = rows
            _ = Reducer.reduce(&state, .key(.tab))
            let options = ScreenOptions(mode: .braille, unicode: true)
            var update = ScreenUpdate(options: ScreenUpdate.Options(colors: .truecolor))
            _ = update.update(to: ExplorerScreen.render(state, options: options).canvas)
            var times: [Double] = [], bytes: [Int] = []
            for i in 0..<runs {
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = Reducer.reduce(&state, .key(keys[i % 2]))
                let out = update.update(to: ExplorerScreen.render(state, options: options).canvas)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                bytes.append(out.count)
            }
            let idle = update.update(to: ExplorerScreen.render(state, options: options).canvas).count
            lines.append(
                "  cells (braille): key → bytes median \(ms(median(times))) ms, p90 \(ms(percentile(times, 0.9))) ms; "
                    + "\(Int(median(bytes.map(Double.init)))) B per rotate key; idle \(idle) B")
        }
        // kitty's placeholders (inside tmux): the cells are text in the frame, the image goes
        // through the passthrough; the first frame's bytes are said too (the cells' text).
        for graphics in [GraphicsProtocol.kitty, .sixel, .kittyPlaceholders] {
            var state = ExplorerState(session: Session(scene: scene))
            state.columns = columns; state.rows = rows
            _ = Reducer.reduce(&state, .key(.tab))
            var options = ScreenOptions(mode: .braille, unicode: true)
            options.pixels = true
            let frames = PixelFrames(graphics: graphics, cellWidth: 10, cellHeight: 20)
            var update = ScreenUpdate(options: ScreenUpdate.Options(colors: .truecolor))
            // As the run loop does: the image (placeholders: before the cells), then the cells.
            func frameBytes() -> Int {
                let screen = ExplorerScreen.render(state, options: options).canvas
                let out = frames.frame(state, options: options, screen: screen)
                let image = out.bytes.count + out.afterCells.count
                return image + update.update(to: frames.cells(state, screen: screen)).count
            }
            let firstBytes = frameBytes()
            var times: [Double] = [], bytes: [Int] = []
            for i in 0..<runs {
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = Reducer.reduce(&state, .key(keys[i % 2]))
                let count = frameBytes()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                bytes.append(count)
            }
            let idle = frameBytes()
            lines.append(
                "  \(graphics.rawValue): key → bytes median \(ms(median(times))) ms, p90 \(ms(percentile(times, 0.9))) ms; "
                    + "\(Int(median(bytes.map(Double.init)))) B per rotate key; idle \(idle) B; first frame \(firstBytes) B")
        }
        // The 1 000-layer frame: cells and pixels from one tree and viewport.
        let tree = RasterBenchmark.scene(layerCount: 1_000)
        let viewport = Viewport.fitting(RasterBenchmark.screen, columns: columns, rows: rows)
        let rasterOptions = RasterOptions(mode: .braille, unicode: true, selection: tree.id(named: "L1"))
        // Pixels painted on one thread and in bands in parallel, alternated in one loop.
        var cellTimes: [Double] = [], pixelTimes: [Double] = [], oneThreadTimes: [Double] = []
        let scratch = RasterScratch()
        // At the start of each round, how much of its core each thread gets (`CoreShare`: on a
        // shared machine a core's other hyperthread may be running someone else's work, and the
        // same frame then takes half as long again): every core, for the bands, and the calling
        // thread's, for the frame on one thread. Taken before the cells' frame: a sample right
        // before a pixel frame made it slower (10 % over 16 rounds).
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var bandShares: [CoreShare.Sample] = [], oneThreadShares: [CoreShare.Sample] = []
        for _ in 0..<(quick ? 5 : 21) {
            let shares = CoreShare.sample(threads: cores)
            bandShares.append(shares.all.max { $0.ratio < $1.ratio } ?? shares.caller)
            oneThreadShares.append(shares.caller)
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = SceneRasterizer.render(tree, viewport: viewport, columns: columns, rows: rows, options: rasterOptions, scratch: scratch)
            let t1 = DispatchTime.now().uptimeNanoseconds
            _ = PixelRaster.render(tree, viewport: viewport, columns: columns, rows: rows, options: rasterOptions)
            let t2 = DispatchTime.now().uptimeNanoseconds
            _ = PixelRaster.render(tree, viewport: viewport, columns: columns, rows: rows, options: rasterOptions, parallel: false)
            let t3 = DispatchTime.now().uptimeNanoseconds
            cellTimes.append(Double(t1 - t0) / 1e6); pixelTimes.append(Double(t2 - t1) / 1e6)
            oneThreadTimes.append(Double(t3 - t2) / 1e6)
        }
        let work = PixelRaster.paintWork(tree, viewport: viewport, columns: columns, rows: rows, options: rasterOptions)
        lines.append(
            "  1 000 layers, pixel writes a frame: \(work.edge) blended one by one + \(work.run) in runs "
                + "= \(work.edge + work.run) for \(work.pixels) pixels (\(work.fills) fills painted)")
        lines.append(
            "  1 000 layers, \(columns)×\(rows): cells median \(ms(median(cellTimes))) ms; pixels (2000×1200) median \(ms(median(pixelTimes))) ms "
                + "(bands on \(ProcessInfo.processInfo.activeProcessorCount) cores; one thread \(ms(median(oneThreadTimes))) ms)")
        // The same frames split by whether their threads had their cores to themselves.
        lines.append("  " + CoreShare.split(pixels: (pixelTimes, bandShares), oneThread: (oneThreadTimes, oneThreadShares)))
        // The same frame kept (PixelRenderer) after a key that turns one layer (a leaf, L999,
        // and the selection L1 with its subtree): only the damaged pixels are painted again.
        for name in ["L999", "L1"] {
            var turned = tree
            guard let id = turned.id(named: name) else { continue }
            let renderer = PixelRenderer()
            renderer.render(turned, viewport: viewport, columns: columns, rows: rows, options: rasterOptions)
            var keyTimes: [Double] = []
            for i in 0..<(quick ? 5 : 21) {
                turned[id].transform = turned[id].transform.rotated(by: .degrees(i % 2 == 0 ? 15 : -15))
                let t0 = DispatchTime.now().uptimeNanoseconds
                renderer.render(turned, viewport: viewport, columns: columns, rows: rows, options: rasterOptions)
                keyTimes.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            lines.append("  1 000 layers, pixels kept, \(name) turned 15°: median \(ms(median(keyTimes))) ms (\(renderer.repaintedPixels) pixels repainted)")
        }
        return lines.joined(separator: "\n")
    }

    static func ms(_ x: Double) -> String { String(format: "%.3f", x) }
    static func median(_ xs: [Double]) -> Double { percentile(xs, 0.5) }
    static func percentile(_ xs: [Double], _ q: Double) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        return s[min(s.count - 1, Int(Double(s.count - 1) * q + 0.5))]
    }
}
