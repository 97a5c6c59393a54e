import Cells
import Geometry
import LayerModel
import Raster
import SeededRandom

/// The core of `layerscope bench`: generated scenes of N layers and timings of the things
/// that happen per frame or per click, with a monotonic clock (`ContinuousClock`).
///
/// Goals at 200×60 braille on a release build (issue 14): best frame for 1 000 layers ≤ 1 ms,
/// 10 000 ≤ 8 ms; see docs/performance.md for the figures.
public enum RasterBenchmark {
    /// What one scene size measured. Times are medians over `runs`.
    public struct Figures: Equatable, Sendable {
        public var layerCount: Int
        public var columns: Int
        public var rows: Int
        public var mode: RenderMode
        public var runs: Int
        /// Rasterizing one frame, in milliseconds.
        public var rasterMilliseconds: Double
        /// The fastest frame, in milliseconds.
        public var rasterBestMilliseconds: Double
        /// Filling the same canvas with one constant cell, in milliseconds: the floor any
        /// renderer that writes every cell pays.
        public var floorMilliseconds: Double
        /// One `tree.hitTestScreen` from a spread of screen points, in microseconds.
        public var hitTestMicroseconds: Double
        /// One `tree.convert` of a point between the deepest layer and the screen (either
        /// way), in microseconds.
        public var convertMicroseconds: Double
        /// The depth of the layer used for conversions.
        public var convertDepth: Int
        /// The worst case: CALayer rules at a point no layer contains, so the search visits
        /// every layer not cut off by a mask, in microseconds.
        public var hitTestMissMicroseconds: Double = 0

        /// Raster time per layer, in microseconds.
        public var rasterMicrosecondsPerLayer: Double {
            layerCount > 0 ? rasterMilliseconds * 1000 / Double(layerCount) : 0
        }
    }

    /// Several sizes and a printable table.
    public struct Report: Equatable, Sendable, CustomStringConvertible {
        public var figures: [Figures]

        public init(figures: [Figures]) { self.figures = figures }

        public var description: String {
            guard let first = figures.first else { return "no figures" }
            let modeName = first.mode.rawValue
            var lines = [
                "raster benchmark: \(first.columns)x\(first.rows) \(modeName), median of \(first.runs) runs",
                ""
            ]
            let header = ["layers", "frame ms", "best ms", "µs/layer", "floor ms", "×floor", "hit-test µs", "miss µs", "convert µs"]
            var table = [header]
            for f in figures {
                table.append([
                    String(f.layerCount),
                    NumberFormat.format(f.rasterMilliseconds),
                    NumberFormat.format(f.rasterBestMilliseconds),
                    NumberFormat.format(f.rasterMicrosecondsPerLayer),
                    NumberFormat.format(f.floorMilliseconds),
                    NumberFormat.format(f.rasterMilliseconds / max(f.floorMilliseconds, 1e-9), decimals: 1),
                    NumberFormat.format(f.hitTestMicroseconds),
                    NumberFormat.format(f.hitTestMissMicroseconds),
                    NumberFormat.format(f.convertMicroseconds) + " (depth \(f.convertDepth))"
                ])
            }
            var widths = [Int](repeating: 0, count: header.count)
            for row in table { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
            for row in table {
                var line = ""
                for (i, cell) in row.enumerated() {
                    if i > 0 { line += "  " }
                    // Numbers right-aligned; the last column left-aligned, unpadded.
                    line += i == row.count - 1 ? cell : String(repeating: " ", count: widths[i] - cell.count) + cell
                }
                lines.append(line)
            }
            lines.append("")
            lines.append("goals: best frame 1000 layers <= 1 ms, 10000 <= 8 ms; worst-case miss over 10000 <= 100 µs (release build)")
            return lines.joined(separator: "\n")
        }
    }

    /// The screen the generated scenes live on, in points (fits 200×60 cells at aspect 2).
    public static let screen = Rect(x: 0, y: 0, width: 800, height: 480)

    /// A deterministic scene of exactly `layerCount` layers (at least 1): one full-screen
    /// root, then breadth-first nesting of 2–7 sublayers each, sized 30–70 % of their
    /// parent, with rotations, scales, borders, fills, some translucency, zPosition,
    /// masksToBounds, a few hidden layers, and perspective containers whose sublayers turn
    /// about x or y.
    public static func scene(layerCount: Int, seed: UInt64 = 0x5EED_1A7E) -> LayerTree {
        var rng = SplitMix64(seed: seed)
        var tree = LayerTree()
        var root = Layer(name: "L0", kind: .view)
        root.bounds = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        root.position = screen.center
        root.backgroundColor = Color(red: 24, green: 24, blue: 32)
        guard let rootID = try? tree.add(root) else { return tree }
        var queue: [LayerID] = [rootID]
        var head = 0
        var made = 1
        while made < max(1, layerCount) {
            if head == queue.count { queue.append(rootID);  }
            let parentID = queue[head]
            head += 1
            let parent = tree[parentID]
            let fanout = 2 + Int(rng.next() % 6)
            for _ in 0..<fanout where made < layerCount {
                var layer = Layer(name: "L\(made)", kind: rng.unit() < 0.5 ? .view : .layer)
                let w = max(1, parent.bounds.width * (0.3 + 0.4 * rng.unit()))
                let h = max(1, parent.bounds.height * (0.3 + 0.4 * rng.unit()))
                layer.bounds = Rect(x: 0, y: 0, width: w, height: h)
                layer.position = Point(x: parent.bounds.width * rng.unit(), y: parent.bounds.height * rng.unit())
                var t = Transform3D.identity
                if !parent.sublayerTransform.isIdentity && rng.unit() < 0.6 {
                    let axisIsY = rng.unit() < 0.5
                    t = t.rotated(by: .degrees(20 + 40 * rng.unit()), x: axisIsY ? 0 : 1, y: axisIsY ? 1 : 0, z: 0)
                }
                if rng.unit() < 0.4 { t = t.rotated(by: .degrees(360 * rng.unit())) }
                if rng.unit() < 0.2 { t = t.scaled(by: 0.7 + 0.6 * rng.unit(), 0.7 + 0.6 * rng.unit()) }
                layer.transform = t
                if rng.unit() < 0.1 { layer.sublayerTransform = .perspective(eyeDistance: 500 + 1000 * rng.unit()) }
                if rng.unit() < 0.6 {
                    layer.backgroundColor = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte())
                }
                if rng.unit() < 0.3 {
                    layer.borderColor = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte())
                    layer.borderWidth = 1
                }
                if rng.unit() < 0.1 { layer.opacity = 0.3 + 0.6 * rng.unit() }
                if rng.unit() < 0.1 { layer.zPosition = Double(Int(rng.next() % 11) - 5) }
                layer.masksToBounds = rng.unit() < 0.15
                layer.isHidden = rng.unit() < 0.01
                layer.isGeometryFlipped = rng.unit() < 0.05
                guard let id = try? tree.add(layer, in: parentID) else { continue }
                queue.append(id)
                made += 1
            }
        }
        return tree
    }

    /// Times one scene size. `runs` frames are rasterized after a warm-up; hit tests and
    /// conversions are timed in batches and reported per call.
    public static func measure(
        layerCount: Int, columns: Int = 200, rows: Int = 60,
        mode: RenderMode = .braille, runs: Int = 41
    ) -> Figures {
        let tree = scene(layerCount: layerCount)
        let viewport = Viewport.fitting(screen, columns: columns, rows: rows)
        let options = RasterOptions(mode: mode, unicode: true, selection: tree.id(named: "L1"))
        let runs = max(1, runs)
        let clock = ContinuousClock()
        var sink = 0

        // Frames, each reusing what the last one left (as the explorer's are).
        let scratch = RasterScratch()
        sink &+= SceneRasterizer.render(tree, viewport: viewport, columns: columns, rows: rows, options: options, scratch: scratch).columns
        var frames: [Double] = []
        for _ in 0..<runs {
            var canvas: Canvas? = nil
            let d = clock.measure {
                canvas = SceneRasterizer.render(tree, viewport: viewport, columns: columns, rows: rows, options: options, scratch: scratch)
            }
            sink &+= canvas?[0, 0].glyph == " " ? 1 : 0
            frames.append(seconds(d) * 1000)
        }

        // Floor: the same canvas, every cell written with one constant.
        var floors: [Double] = []
        let constant = Cell("\u{28FF}", style: CellStyle(foreground: .rgb(200, 200, 200), background: .rgb(20, 20, 20)))
        for _ in 0..<runs {
            var canvas: Canvas? = nil
            let d = clock.measure {
                var c = Canvas(columns: columns, rows: rows)
                c.fill(constant)
                canvas = c
            }
            sink &+= canvas?.rows ?? 0
            floors.append(seconds(d) * 1000)
        }

        // Hit tests over an 8×8 grid of screen points.
        var probes: [Point] = []
        for i in 0..<8 {
            for j in 0..<8 {
                probes.append(Point(x: screen.width * (Double(i) + 0.5) / 8, y: screen.height * (Double(j) + 0.5) / 8))
            }
        }
        var hits: [Double] = []
        for _ in 0..<runs {
            let d = clock.measure {
                for p in probes { sink &+= tree.hitTestScreen(p)?.raw ?? 0 }
            }
            hits.append(seconds(d) * 1e6 / Double(probes.count))
        }

        // The worst case: a miss under CALayer rules walks the whole tree.
        var misses: [Double] = []
        let far = Point(x: -1e6, y: -1e6)
        for _ in 0..<runs {
            let d = clock.measure { sink &+= tree.hitTestScreenAsLayers(far, order: .zPosition)?.raw ?? 0 }
            misses.append(seconds(d) * 1e6)
        }

        // Conversions from the deepest layer to the screen and back.
        var deepest = tree.roots.first
        var depth = 0
        for id in tree.treeOrder {
            let d = tree.depth(of: id)
            if d > depth { depth = d; deepest = id }
        }
        var converts: [Double] = []
        let local = Point(x: 1, y: 1)
        for _ in 0..<runs {
            let d = clock.measure {
                for _ in 0..<32 {
                    if let s = tree.convert(local, from: deepest, to: nil),
                        let back = tree.convert(s, from: nil, to: deepest)
                    {
                        sink &+= back.x > 0 ? 1 : 0
                    }
                }
            }
            converts.append(seconds(d) * 1e6 / 64)
        }
        blackHole(sink)
        return Figures(
            layerCount: tree.count, columns: columns, rows: rows, mode: mode, runs: runs,
            rasterMilliseconds: median(frames), rasterBestMilliseconds: frames.min() ?? 0,
            floorMilliseconds: median(floors), hitTestMicroseconds: median(hits),
            convertMicroseconds: median(converts), convertDepth: depth,
            hitTestMissMicroseconds: median(misses))
    }

    /// Measures each size in turn.
    public static func run(
        layerCounts: [Int] = [100, 1_000, 10_000], columns: Int = 200, rows: Int = 60,
        mode: RenderMode = .braille, runs: Int = 41
    ) -> Report {
        Report(figures: layerCounts.map { measure(layerCount: $0, columns: columns, rows: rows, mode: mode, runs: runs) })
    }

    static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    @inline(never)
    static func blackHole(_ x: Int) {
        if x == Int.min { print("") }
    }
}
