import Geometry
import Benchmarks
@testable import Raster
import SeededRandom
import Testing
import LayerModel

/// The rasterizer's faster paths must draw exactly what the plain formulas draw: these pin
/// each one against the formula it replaced, written out here.
@Suite struct RasterFastPathTests {
    /// The per-channel blend the lane arithmetic replaced: b + ((t − b)·a + 128) >> 8.
    static func channelBlend(_ top: UInt32, _ bottom: UInt32, _ a: Int) -> UInt32 {
        var out: UInt32 = PackedColor.present
        for shift: UInt32 in [16, 8, 0] {
            let t = Int((top >> shift) & 0xFF), b = Int((bottom >> shift) & 0xFF)
            out |= UInt32(b + (((t - b) * a + 128) >> 8)) << shift
        }
        return out
    }

    @Test func blendingAllChannelsAtOnceGivesTheChannelFormula() {
        // Red over blue at a half: red 0 + (255·128 + 128) >> 8 = 128; blue 255 + (−255·128 + 128) >> 8 = 255 − 127.
        #expect(PackedColor.blend(PackedColor.present | 0xFF_0000, over: 0x0000FF, alpha256: 128) == PackedColor.present | 0x80_0080)
        // Opaque is the top colour, transparent the bottom one; flags above the colour are ignored.
        #expect(PackedColor.blend(0x12_3456 | PackedColor.dim, over: 0xFE_DCBA | PackedColor.present, alpha256: 256) == PackedColor.present | 0x12_3456)
        #expect(PackedColor.blend(0x12_3456, over: 0xFE_DCBA | PackedColor.bold, alpha256: 0) == PackedColor.present | 0xFE_DCBA)
        let colours: [UInt32] = [0x00_0000, 0xFF_FFFF, 0xFF_0000, 0x00_FF00, 0x00_00FF, 0x01_80FE, 0x7F_7F7F, 0x80_8080, 0xC8_1E64]
        for top in colours {
            for bottom in colours {
                for a in 0...256 {
                    #expect(
                        PackedColor.blend(top, over: bottom, alpha256: a) == Self.channelBlend(top, bottom, a),
                        "\(String(top, radix: 16)) over \(String(bottom, radix: 16)) at \(a)")
                }
            }
        }
    }

    @Test func floorAndCeilWithoutTheLibraryAgreeWithIt() {
        let values: [Double] = [
            -2.5, -2, -1.000001, -0.5, -0.0, 0, 1e-300, 0.3, 0.5, 1, 1.5, 2.999999, 7,
            1_073_741_823.5, -1_073_741_823.5
        ]
        for x in values {
            #expect(RasterSurface.floorClamped(x) == Int(x.rounded(.down)), "\(x)")
            #expect(RasterSurface.ceilClamped(x) == Int(x.rounded(.up)), "\(x)")
        }
        // Clamped to ±2³⁰, never trapping.
        #expect(RasterSurface.floorClamped(1e300) == 1 << 30)
        #expect(RasterSurface.ceilClamped(-.infinity) == -(1 << 30))
        #expect(RasterSurface.floorClamped(.nan) == -(1 << 30))
        #expect(RasterSurface.ceilClamped(.nan) == 1 << 30)
    }

    /// The fill rows of `poly` as the plain formula gives them: for each pixel row centre,
    /// every edge crossing at (x₀ + (y − y₀) ÷ (y₁ − y₀) · (x₁ − x₀)) · sx, and the pixels
    /// whose centres lie in [leftmost, rightmost).
    static func exactSpans(_ poly: [PolyVertex], width: Int, height: Int, sx: Double, sy: Double) -> [Bool] {
        var covered = [Bool](repeating: false, count: width * height)
        for j in 0..<height {
            let y = Double(j) + 0.5
            var left = Double.infinity, right = -Double.infinity
            var prev = poly[poly.count - 1]
            for v in poly {
                let py = prev.y * sy, vy = v.y * sy
                if (py <= y && y < vy) || (vy <= y && y < py) {
                    let x = (prev.x + (y - py) / (vy - py) * (v.x - prev.x)) * sx
                    left = min(left, x); right = max(right, x)
                }
                prev = v
            }
            guard left < right else { continue }
            for i in 0..<width where Double(i) + 0.5 >= left && Double(i) + 0.5 < right { covered[j * width + i] = true }
        }
        return covered
    }

    @Test(arguments: [RenderMode.braille, .blocks, .ascii])
    func fillsCoverExactlyThePixelsOfThePlainFormula(mode: RenderMode) {
        let columns = 23, rows = 11
        var rng = SplitMix64(seed: 14)
        var polygons: [[PolyVertex]] = []
        // Turned rectangles with corners on quarter cells: many crossings land exactly on
        // pixel centres, where the slope shortcut must defer to the exact form.
        for _ in 0..<300 {
            let cx = Double(Int(rng.next() % 92)) / 4, cy = Double(Int(rng.next() % 44)) / 4
            let ux = Double(Int(rng.next() % 41) - 20) / 4, uy = Double(Int(rng.next() % 21) - 10) / 4
            let vx = -uy * Double(Int(rng.next() % 3) + 1), vy = ux / Double(Int(rng.next() % 3) + 1)
            polygons.append([
                PolyVertex(x: cx - ux - vx, y: cy - uy - vy, real: true),
                PolyVertex(x: cx + ux - vx, y: cy + uy - vy, real: true),
                PolyVertex(x: cx + ux + vx, y: cy + uy + vy, real: true),
                PolyVertex(x: cx - ux + vx, y: cy - uy + vy, real: true)
            ])
        }
        // Upright boxes whose edges sit exactly on sample centres and boundaries.
        polygons.append([
            PolyVertex(x: 1.25, y: 1.125, real: true), PolyVertex(x: 7.75, y: 1.125, real: true),
            PolyVertex(x: 7.75, y: 5.375, real: true), PolyVertex(x: 1.25, y: 5.375, real: true)
        ])
        polygons.append([
            PolyVertex(x: 2, y: 3, real: true), PolyVertex(x: 9, y: 3, real: true),
            PolyVertex(x: 9, y: 8, real: true), PolyVertex(x: 2, y: 8, real: true)
        ])
        // Far outside the canvas on one side, across it on the other.
        polygons.append([
            PolyVertex(x: -1e9, y: 0.3, real: true), PolyVertex(x: 12.5, y: -4, real: true),
            PolyVertex(x: 30, y: 10.5, real: true), PolyVertex(x: 0.5, y: 1e7, real: true)
        ])
        for (n, poly) in polygons.enumerated() {
            var surface = RasterSurface(mode: mode, columns: columns, rows: rows, cellAspect: 2, backdrop: 0)
            let colour = PackedColor.present | 0x33_66CC
            surface.fillPolygon(poly, color: colour, alpha: 1)
            let sx = Double(surface.fillGrid.perColumn), sy = Double(surface.fillGrid.perRow)
            let expected = Self.exactSpans(poly, width: surface.fillWidth, height: surface.fillHeight, sx: sx, sy: sy)
            let drawn = surface.fill.map { $0 == colour }
            let wrong = drawn.indices.filter { drawn[$0] != expected[$0] }
            #expect(wrong.isEmpty, "polygon \(n) \(poly.map { ($0.x, $0.y) }): pixels \(wrong.prefix(8)) differ")
        }
    }

    @Test func aFrameMarksTheFillRowsItWroteAndTheNextStartsClean() {
        // Issue 36: a reused buffer is zeroed only over the rows the last frame wrote, so
        // every write must mark its rows. Braille 10 × 6 cells: fill 20 × 24 samples.
        // A box from y 1.125 to 2.375 cells = samples 4.5…9.5: rows 4…8 (centres j + 0.5 in it).
        var surface = RasterSurface(mode: .braille, columns: 10, rows: 6, cellAspect: 2, backdrop: 0)
        #expect(surface.fillRowsLow > surface.fillRowsHigh)  // nothing written yet
        let colour = PackedColor.present | 0x33_66CC
        surface.fillPolygon(
            [
                PolyVertex(x: 1, y: 1.125, real: true), PolyVertex(x: 7, y: 1.125, real: true),
                PolyVertex(x: 7, y: 2.375, real: true), PolyVertex(x: 1, y: 2.375, real: true)
            ],
            color: colour, alpha: 1)
        #expect(surface.fillRowsLow == 4 && surface.fillRowsHigh == 8)
        let written = surface.fill.indices.filter { surface.fill[$0] != 0 }.map { $0 / surface.fillWidth }
        #expect(Set(written) == Set(4...8))
        // A thin stroke in braille is dots (ink, zeroed whole): the fill rows stay 4…8.
        surface.strokeFill(0, 5.125, 9, 5.125, color: colour, alpha: 1)
        #expect(surface.fillRowsLow == 4 && surface.fillRowsHigh == 8)
        var buffers = surface.recycle()
        // Same size again, on the buffers the last frame wrote: they are all zero.
        for mode in [RenderMode.braille, .blocks, .sextant, .ascii] {
            var next = RasterSurface(mode: mode, columns: 10, rows: 6, cellAspect: 2, backdrop: 0, buffers: buffers)
            #expect(next.fill.allSatisfy { $0 == 0 }, "\(mode)")
            #expect(next.ink.allSatisfy { $0 == 0 } && next.inkColor.allSatisfy { $0 == 0 })
            // Blocks draw lines into the fill: a line's row is marked too.
            next.drawLine(0, 3, 19, 3, color: colour, pattern: .solid, glyph: 0)
            if mode == .blocks { #expect(next.fillRowsLow == 3 && next.fillRowsHigh == 3) }
            buffers = next.recycle()
        }
    }

    @Test func aFrameAfterABusierOneOfAnotherSizeAndModeStartsClean() throws {
        // One 20 × 8 point layer at the origin, 2 points per column and 4 per row: columns
        // 0…9, rows 0…1, all else blank.
        var small = LayerTree()
        var box = Layer(name: "box")
        box.bounds = Rect(x: 0, y: 0, width: 20, height: 8)
        box.position = Point(10, 4)
        box.backgroundColor = Color(red: 200, green: 40, blue: 40)
        try small.add(box)
        let viewport = Viewport(origin: .zero, pointsPerColumn: 2, cellAspect: 2)
        let options = RasterOptions(mode: .braille, unicode: true)
        // Every frame here reuses what the one before left (one scratch, as the explorer's).
        let scratch = RasterScratch()
        let first = SceneRasterizer.render(small, viewport: viewport, columns: 30, rows: 6, options: options, scratch: scratch)
        // A busy frame in between, bigger and in another mode, then one the size of the first.
        let busy = RasterBenchmark.scene(layerCount: 300)
        for mode in [RenderMode.braille, .blocks, .ascii] {
            _ = SceneRasterizer.render(
                busy, viewport: Viewport.fitting(RasterBenchmark.screen, columns: 90, rows: 30),
                columns: 90, rows: 30, options: RasterOptions(mode: mode, unicode: true), scratch: scratch)
            _ = SceneRasterizer.render(
                busy, viewport: Viewport.fitting(RasterBenchmark.screen, columns: 30, rows: 6),
                columns: 30, rows: 6, options: RasterOptions(mode: mode, unicode: true), scratch: scratch)
            let again = SceneRasterizer.render(small, viewport: viewport, columns: 30, rows: 6, options: options, scratch: scratch)
            #expect(again == first, "after \(mode)")
        }
        for row in 0..<6 {
            for column in 0..<30 {
                let inside = column < 10 && row < 2
                #expect((first[column, row] == .blank) != inside, "(\(column), \(row))")
            }
        }
    }
}
