import Benchmarks
import Cells
import Foundation
import Geometry
import LayerModel
@testable import Raster
import SeededRandom
import TestSupport
import Testing

/// The one-pass border (issue 35, part five): a layer's fill and its outline painted as one
/// polygon with a ring, instead of the fill and four strips. Pixels change at edges and
/// corners, so these compare within a stated tolerance — with exact area coverage on random
/// quads, and with the previous painting (`PixelReference`) on nested scenes — instead of
/// byte for byte.
@Suite struct PixelToleranceTests {
    /// A random convex quad inside a 200 × 160 image: a turned rectangle (some of a pixel or
    /// two across), or four corners at random angles and distances round a centre.
    static func quad(_ rng: inout SplitMix64) -> [PolyVertex] {
        let cx = 30 + 140 * rng.unit(), cy = 30 + 100 * rng.unit()
        if rng.unit() < 0.5 {
            let w = rng.unit() < 0.2 ? 0.5 + 3 * rng.unit() : 2 + 60 * rng.unit()
            let h = rng.unit() < 0.2 ? 0.5 + 3 * rng.unit() : 2 + 60 * rng.unit()
            let t = 2 * Double.pi * rng.unit()
            return [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)].map { p in
                PolyVertex(x: cx + p.0 * cos(t) - p.1 * sin(t), y: cy + p.0 * sin(t) + p.1 * cos(t), real: true)
            }
        }
        while true {
            let start = 2 * Double.pi * rng.unit()
            var angles = (0..<4).map { _ in start + 2 * Double.pi * rng.unit() }.sorted()
            angles = angles.map { $0 }
            let poly = angles.map { a -> PolyVertex in
                let r = 4 + 26 * rng.unit()
                return PolyVertex(x: cx + r * cos(a), y: cy + r * sin(a), real: true)
            }
            // Convex, with every turn the same way and no sliver.
            var signs = Set<Bool>()
            var smallest = Double.infinity
            for k in 0..<4 {
                let a = poly[k], b = poly[(k + 1) % 4], c = poly[(k + 2) % 4]
                let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
                signs.insert(cross > 0); smallest = min(smallest, abs(cross))
            }
            if signs.count == 1 && smallest > 20 { return poly }
        }
    }

    /// `poly` turned clockwise on screen, as `PixelRasterTests.trueCoverage` wants it.
    static func clockwise(_ poly: [PolyVertex]) -> [(Double, Double)] {
        var area2 = 0.0
        for k in 0..<poly.count {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            area2 += a.x * b.y - b.x * a.y
        }
        let q = poly.map { ($0.x, $0.y) }
        return area2 >= 0 ? q : q.reversed()
    }

    /// Whether pixel (i, j)'s square lies more than `margin` pixels from every edge of `q`.
    static func clear(_ i: Int, _ j: Int, of q: [(Double, Double)], margin: Double) -> Bool {
        let cx = Double(i) + 0.5, cy = Double(j) + 0.5
        for k in 0..<q.count {
            let a = q[k], b = q[(k + 1) % q.count]
            let dx = b.0 - a.0, dy = b.1 - a.1
            let length2 = dx * dx + dy * dy
            let t = max(0, min(1, ((cx - a.0) * dx + (cy - a.1) * dy) / length2))
            let ex = a.0 + t * dx - cx, ey = a.1 + t * dy - cy
            if (ex * ex + ey * ey).squareRoot() < margin + 0.7072 { return false }
        }
        return true
    }

    @Test func borderedQuadsMatchExactAreaCoverage() throws {
        // 200 random quads, each filled blue (0, 0, 220) with a red (220, 0, 0) border 1 to 4
        // pixels wide, alone over black: red reads the border's coverage (co − ci), blue the
        // fill's left under it, co · (1 − (co − ci)); the truth is each pixel's exact area
        // inside the quad (co) and inside the border's inside edge (ci).
        var rng = SplitMix64(seed: 35)
        var worstEdge = 0.0, sumError = 0.0, pixels = 0, offAway = 0, away = 0
        for _ in 0..<200 {
            let outer = Self.quad(&rng)
            let width = [1.0, 1, 2, 4][Int(rng.next() % 4)]
            let inner = PixelSurface.inset(outer, by: width)
            var surface = PixelSurface(width: 200, height: 160)
            surface.fill(outer, color: 0x0000DC, alpha: 1, inner: inner, border: 0xDC0000, borderAlpha: 1)
            var image = PixelImage(width: 200, height: 160)
            surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 200, height: 160))
            let q = Self.clockwise(outer), qi = inner.map(Self.clockwise)
            let xs = q.map(\.0), ys = q.map(\.1)
            for j in max(0, Int(ys.min()!) - 2)...min(159, Int(ys.max()!) + 2) {
                for i in max(0, Int(xs.min()!) - 2)...min(199, Int(xs.max()!) + 2) {
                    let co = PixelRasterTests.trueCoverage(i, j, q)
                    let ci = qi.map { PixelRasterTests.trueCoverage(i, j, $0) } ?? 0
                    let cb = max(0, co - ci)
                    let rgb = image.rgb(x: i, y: j)
                    let red = Double(rgb.r) / 220, blue = Double(rgb.b) / 220
                    let error = max(abs(red - cb), abs(blue - co * (1 - cb)))
                    worstEdge = max(worstEdge, error)
                    sumError += error; pixels += 1
                    // Away from every edge (the quad's and the inside edge's) a pixel is whole.
                    if Self.clear(i, j, of: q, margin: 0.5) && (qi.map { Self.clear(i, j, of: $0, margin: 0.5) } ?? true) {
                        away += 1
                        if abs(red - cb) * 220 > 2 || abs(blue - co * (1 - cb)) * 220 > 2 { offAway += 1 }
                    }
                }
            }
        }
        // Four scanlines a row: an edge pixel is off by at most a quarter-row strip of each
        // coverage (measured: see the expectation's message).
        #expect(worstEdge <= 0.3, "worst pixel off by \(worstEdge)")
        #expect(sumError / Double(pixels) <= 0.01, "mean error \(sumError / Double(pixels)) over \(pixels) pixels")
        #expect(away > 50_000 && offAway == 0, "\(offAway) of \(away) pixels away from the edges off by more than 2/255")
    }

    @Test func aBorderIsOnePassWithItsFill() {
        // An upright box x 10.5 … 30.5, y 10 … 20 with a border 2 wide: inside edge x 12.5 …
        // 28.5, y 12 … 18. One fill, one pass: on row 15 the pixels are 10 (half fill, then
        // half border over it), 11 (border), 12 (half border over fill), 13 … 27 (fill), 28
        // (half border over fill), 29 (border), 30 (half and half).
        var surface = PixelSurface(width: 40, height: 30)
        let outer = [PolyVertex(x: 10.5, y: 10, real: true), PolyVertex(x: 30.5, y: 10, real: true),
                     PolyVertex(x: 30.5, y: 20, real: true), PolyVertex(x: 10.5, y: 20, real: true)]
        let inner = PixelSurface.inset(outer, by: 2)
        #expect(inner.map { $0.map { [$0.x, $0.y] } } == [[12.5, 12], [28.5, 12], [28.5, 18], [12.5, 18]])
        surface.fill(outer, color: 0x0000FF, alpha: 1, inner: inner, border: 0xFF0000, borderAlpha: 1)
        #expect(surface.list.count == 1)
        var image = PixelImage(width: 40, height: 30)
        var work = PixelDisplayList.PaintWork()
        surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 40, height: 30), work: &work)
        // Half blue over black: blue (255·128 + 128) >> 8 = 128; half red over that: red 128,
        // blue (128·128 + 128) >> 8 = 64. Half red over blue: red 128, blue 128.
        #expect(image[10, 15] == 0x800040 && image[11, 15] == 0xFF0000 && image[12, 15] == 0x800080)
        #expect(image[13, 15] == 0x0000FF && image[27, 15] == 0x0000FF)
        #expect(image[28, 15] == 0x800080 && image[29, 15] == 0xFF0000 && image[30, 15] == 0x800040)
        // Rows 10, 11 and 18, 19 are border across (but the half pixels at the ends).
        #expect(image[20, 10] == 0xFF0000 && image[20, 11] == 0xFF0000 && image[20, 19] == 0xFF0000 && image[20, 12] == 0x0000FF)
        // Per row: pixels 10, 12, 28, 30 one by one (4), the rest in runs; on the 4 rows
        // outside the inside edge only 10 and 30 (2). 6 · 4 + 4 · 2 = 32 one by one; 21 a row.
        #expect(work.edgePixels == 32 && work.edgePixels + work.runPixels == 10 * 21)
    }

    @Test func theNestedSceneIsThePreviousPaintingWithinTolerance() {
        // The benchmark's nested scene (rotations, perspective, masks, translucency, borders,
        // outlines) at three sizes, against the previous painting of the same list.
        for (count, columns, rows) in [(300, 60, 24), (1_000, 80, 24), (120, 40, 12)] {
            let tree = RasterBenchmark.scene(layerCount: count)
            let viewport = Viewport.fitting(RasterBenchmark.screen, columns: columns, rows: rows)
            let options = RasterOptions(mode: .braille, unicode: true, selection: tree.id(named: "L1"))
            let (list, width, height, backdrop) = PixelRaster.record(tree, viewport: viewport, columns: columns, rows: rows,
                                                                      cellWidth: 10, cellHeight: 20, options: options)
            var now = PixelImage(width: width, height: height, fill: backdrop)
            list.paint(into: &now, clip: PixelRect(x: 0, y: 0, width: width, height: height))
            var before = PixelImage(width: width, height: height, fill: backdrop)
            PixelReference.paint(list, into: &before)
            let d = PixelDifference(now, before)
            // Measured: see the messages. The differences are where a border meets its
            // fill (one blend where the strips' seams took two) and at the outline's corners.
            #expect(d.within2 >= 0.97, "\(count) layers: \(d)")
            #expect(d.meanAbs <= 1.0, "\(count) layers: \(d)")
        }
    }
}
