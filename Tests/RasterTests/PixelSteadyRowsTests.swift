import Cells
import Foundation
@testable import Raster
import SeededRandom
import Testing

/// `fillArea` paints the rows that lie on the row above's two edges without finding the
/// edges again (`steadyRows`, issue 35): counted on a shape worked by hand, and compared
/// pixel for pixel with the painting that finds every row's edges (`steady: false`).
@Suite struct PixelSteadyRowsTests {
    /// A parallelogram leaning a quarter pixel a row: left edge (4.1, 0) → (12.1, 32), right
    /// edge (20.1, 0) → (28.1, 32), its top and bottom flat (no chain edge). Rows 0–31, all in
    /// the first of the 64 × 64 image's two bands (48 rows, then 16). Every row is on the
    /// same two edges (the flat top and bottom are in no chain), so all 32 are steady rows,
    /// found once at row 0 and followed across the tile bands starting at rows 8, 16 and 24.
    ///
    /// Row 4m + q: the left edge runs from x = 4.1 + m + q/4 to a quarter further, never on a
    /// whole pixel: pixel 4 + m, and 5 + m too when q = 3 (it ends at 5.1 + m); the right
    /// edge likewise from pixel 20 + m. So a row has 2 edge pixels (q = 0, 1, 2) or 4 (q = 3)
    /// and a run of 15 or 14 between: 8 · (3 · 2 + 4) = 80 edge pixels, 8 · (3 · 15 + 14) = 472
    /// in runs.
    @Test func aLeaningBoxIsPaintedOnItsTwoEdgesAfterItsFirstRow() {
        var surface = PixelSurface(width: 64, height: 64)
        surface.fill(
            [
                PolyVertex(x: 4.1, y: 0, real: true), PolyVertex(x: 20.1, y: 0, real: true),
                PolyVertex(x: 28.1, y: 32, real: true), PolyVertex(x: 12.1, y: 32, real: true)
            ],
            color: 0xFFFFFF, alpha: 1)
        let whole = PixelRect(x: 0, y: 0, width: 64, height: 64)
        var image = PixelImage(width: 64, height: 64)
        var work = PixelDisplayList.PaintWork()
        surface.list.paint(into: &image, clip: whole, work: &work)
        // Two bands walked, the fill's chains built once, one band holding it; 16 across, so
        // its 4 tile bands are tested for cover.
        #expect(
            work
                == PixelDisplayList.PaintWork(
                    edgePixels: 80, runPixels: 472, clearedPixels: 0, coverTests: 4, bands: 2, chainBuilds: 1, bandFills: 1,
                    steadyRows: 32))
        // Row 12 (m = 3, q = 0): pixel 7 is the left edge's, 8 … 22 the run, 23 the right edge's.
        #expect(image[8, 12] == 0xFFFFFF && image[22, 12] == 0xFFFFFF)
        #expect(image[7, 12] != 0xFFFFFF && image[7, 12] != 0 && image[23, 12] != 0 && image[6, 12] == 0 && image[24, 12] == 0)
        var found = PixelImage(width: 64, height: 64)
        var foundWork = PixelDisplayList.PaintWork()
        surface.list.paint(into: &found, clip: whole, steady: false, work: &foundWork)
        #expect(foundWork.steadyRows == 0 && foundWork.edgePixels == 80 && foundWork.runPixels == 472)
        #expect(found == image)
    }

    /// A box on whole pixels and a 1-pixel strip standing: both chains stand, so their rows
    /// are the kept rows `fillArea` blends again, never steady ones.
    @Test func standingEdgesKeepTheirRowsInstead() {
        var surface = PixelSurface(width: 40, height: 40)
        surface.fill(
            [
                PolyVertex(x: 5, y: 3, real: true), PolyVertex(x: 25, y: 3, real: true),
                PolyVertex(x: 25, y: 30, real: true), PolyVertex(x: 5, y: 30, real: true)
            ],
            color: 0x3366FF, alpha: 0.5)
        var image = PixelImage(width: 40, height: 40)
        var work = PixelDisplayList.PaintWork()
        surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 40, height: 40), work: &work)
        #expect(work.steadyRows == 0)
    }

    /// Random quads — turned boxes, thin strips (outline-like, under two pixels across),
    /// slivers, translucent and opaque, some on whole pixels and tile lines, some past the
    /// image's edges — on images of several sizes, clipped and whole, on one thread and in
    /// bands: the steady rows give exactly the pixels and the pixel counts of finding every
    /// row's edges.
    @Test func steadyRowsPaintWhatFindingEveryRowPaints() {
        var rng = SplitMix64(seed: 35_09)
        var steadySeen = 0
        for (width, height) in [(64, 64), (203, 131), (600, 530), (17, 9)] {
            for round in 0..<6 {
                var surface = PixelSurface(width: width, height: height)
                for _ in 0..<(10 + 10 * round) {
                    let cx = Double(width) * (1.2 * rng.unit() - 0.1), cy = Double(height) * (1.2 * rng.unit() - 0.1)
                    let w = rng.unit() < 0.4 ? 0.3 + 2 * rng.unit() : Double(width) * rng.unit()
                    let h = Double(height) * rng.unit()
                    let snap = rng.unit() < 0.2
                    let t = rng.unit() < 0.2 ? 0 : 6.283 * rng.unit()
                    let (ct, st) = (cos(t), sin(t))
                    var poly: [PolyVertex] = []
                    for (dx, dy) in [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)] {
                        var x = cx + dx * ct - dy * st, y = cy + dx * st + dy * ct
                        if snap { x = (x / 8).rounded() * 8; y = (y / 8).rounded() * 8 }
                        poly.append(PolyVertex(x: x, y: y, real: true))
                    }
                    if rng.unit() < 0.2 { poly.removeLast() }
                    let alpha = rng.unit() < 0.6 ? 1 : 0.2 + 0.7 * rng.unit()
                    surface.fill(poly, color: UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF, alpha: alpha)
                }
                let clips = [
                    PixelRect(x: 0, y: 0, width: width, height: height),
                    PixelRect(x: width / 5, y: height / 7, width: width / 2 + 1, height: height / 3 + 1)
                ]
                for clip in clips {
                    for parallel in [false, true] {
                        var found = PixelImage(width: width, height: height, fill: 0x102030)
                        var foundWork = PixelDisplayList.PaintWork()
                        surface.list.paint(into: &found, clip: clip, parallel: parallel, steady: false, work: &foundWork)
                        var image = PixelImage(width: width, height: height, fill: 0x102030)
                        var work = PixelDisplayList.PaintWork()
                        surface.list.paint(into: &image, clip: clip, parallel: parallel, work: &work)
                        #expect(image == found, "\(width)×\(height) round \(round) clip \(clip)")
                        #expect(work.edgePixels == foundWork.edgePixels && work.runPixels == foundWork.runPixels)
                        #expect(foundWork.steadyRows == 0)
                        steadySeen += work.steadyRows
                    }
                }
            }
        }
        #expect(steadySeen > 1_000)
    }

    /// Edges on either side of the steady rows' "leaning" test (|slope| ≥ 10⁻⁴: no test for
    /// standing) and of the clip (no clamping when both edges stay inside it): slopes 0,
    /// 10⁻⁷, 10⁻⁵, just under and over 10⁻⁴, 10⁻³ and steep, one side standing, each polygon
    /// inside the clip, crossing its edge and past it; the same pixels as finding every row.
    @Test func edgesNearStandingAndNearTheClipArePaintedAsBefore() {
        let slopes = [0, 1e-7, -1e-5, 0.99e-4, 1.01e-4, -1e-3, 0.37, -2.5, 9]
        var steadySeen = 0
        for (n, s) in slopes.enumerated() {
            for other in [0.0, 0.2, s] {
                for dx in [3.3, 40.6, -7.9, 75.2] {
                    var surface = PixelSurface(width: 90, height: 70)
                    let top = 2.3 + Double(n), bottom = 61.7
                    let h = bottom - top
                    surface.fill(
                        [
                            PolyVertex(x: dx, y: top, real: true), PolyVertex(x: dx + 17.4, y: top, real: true),
                            PolyVertex(x: dx + 17.4 + other * h, y: bottom, real: true), PolyVertex(x: dx + s * h, y: bottom, real: true)
                        ],
                        color: 0x80C040, alpha: n % 2 == 0 ? 1 : 0.6)
                    for clip in [PixelRect(x: 0, y: 0, width: 90, height: 70), PixelRect(x: 11, y: 5, width: 53, height: 41)] {
                        var found = PixelImage(width: 90, height: 70, fill: 0x202020)
                        var foundWork = PixelDisplayList.PaintWork()
                        surface.list.paint(into: &found, clip: clip, steady: false, work: &foundWork)
                        var image = PixelImage(width: 90, height: 70, fill: 0x202020)
                        var work = PixelDisplayList.PaintWork()
                        surface.list.paint(into: &image, clip: clip, work: &work)
                        #expect(image == found, "slope \(s), other \(other), dx \(dx), clip \(clip)")
                        #expect(work.edgePixels == foundWork.edgePixels && work.runPixels == foundWork.runPixels)
                        steadySeen += work.steadyRows
                    }
                }
            }
        }
        #expect(steadySeen > 5_000)
    }

    /// Edges whose ends lie exactly on the clip's sides, where the steady rows take each
    /// piece's pixels unclamped (every end inside the clip): x = 11, the clip's left side,
    /// rounds down to pixel 10 and x = 65, its right side, up to 66 (the bounds' rounding goes
    /// one further on a whole odd x), one pixel past the clip either side. No pixel outside
    /// the clip is touched (the poison stays), and every pixel and count is the painting that
    /// finds every row's edges, for a leaning left edge starting on the side (11 at y = 5)
    /// and for one standing on it; the right edge leans to end on x = 65 at y = 45.
    @Test func endsExactlyOnTheClipsSidesStayInsideIt() {
        let clip = PixelRect(x: 11, y: 5, width: 54, height: 41)
        for leftSlope in [0.25, 0] {
            var surface = PixelSurface(width: 80, height: 60)
            surface.fill(
                [
                    PolyVertex(x: 11, y: 5, real: true), PolyVertex(x: 55, y: 5, real: true),
                    PolyVertex(x: 65, y: 45, real: true), PolyVertex(x: 11 + 40 * leftSlope, y: 45, real: true)
                ],
                color: 0xF0E0D0, alpha: leftSlope == 0 ? 0.7 : 1)
            let poison: UInt32 = 0x123456
            var found = PixelImage(width: 80, height: 60, fill: poison)
            var foundWork = PixelDisplayList.PaintWork()
            surface.list.paint(into: &found, clip: clip, steady: false, work: &foundWork)
            var image = PixelImage(width: 80, height: 60, fill: poison)
            var work = PixelDisplayList.PaintWork()
            surface.list.paint(into: &image, clip: clip, work: &work)
            #expect(image == found, "left slope \(leftSlope)")
            #expect(work.edgePixels == foundWork.edgePixels && work.runPixels == foundWork.runPixels)
            // All 40 rows steady (both edges span them; the flat top and bottom are in no chain).
            #expect(work.steadyRows == 40)
            for y in 0..<60 {
                #expect(image[10, y] == poison && image[65, y] == poison && image[66, y] == poison)
            }
            // Inside: the left side's pixel on the first row (the edge from 11 to 11.25), the right
            // edge's on the last (from 64.75 to 65).
            #expect(image[11, 5] != poison && image[64, 44] != poison)
        }
    }

    /// The benchmark's nested scene (outlines, borders, turned and translucent layers): the
    /// same pixels both ways, and most of its painted rows steady.
    @Test func theNestedSceneIsTheSameWithSteadyRows() {
        let (list, width, height, backdrop) = PixelOcclusionTests.nestedScene(layers: 400, columns: 100, rows: 30)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        var found = PixelImage(width: width, height: height, fill: backdrop)
        var foundWork = PixelDisplayList.PaintWork()
        list.paint(into: &found, clip: whole, steady: false, work: &foundWork)
        var image = PixelImage(width: width, height: height, fill: backdrop)
        var work = PixelDisplayList.PaintWork()
        list.paint(into: &image, clip: whole, work: &work)
        #expect(image == found)
        #expect(work.edgePixels == foundWork.edgePixels && work.runPixels == foundWork.runPixels)
        #expect(work.steadyRows > 0)
    }
}

/// A recorded fill's pixel bounds (`PixelSurface.touched`) by truncation instead of `floor` and
/// `ceil` (issue 35): the same rectangles as the rule it replaced, kept here as the reference.
@Suite struct PixelFillBoundsTests {
    @Test func boundsAreTheFloorAndCeilingRule() {
        func reference(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, _ width: Int, _ height: Int) -> PixelRect? {
            guard maxX > 0, maxY > 0, minX < Double(width), minY < Double(height) else { return nil }
            let y0 = max(0, Int(minY.rounded(.down))), y1 = min(height, Int(maxY.rounded(.up)))
            let x0 = max(0, Int(minX.rounded(.down))), x1 = min(width, Int(maxX.rounded(.up)))
            guard y0 < y1, x0 < x1 else { return nil }
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        var rng = SplitMix64(seed: 35_10)
        // Whole, half and random coordinates, inside, on and past the edges, and ±0.
        func coordinate(_ side: Int) -> Double {
            switch rng.next() % 5 {
            case 0: return Double(Int(rng.next() % UInt64(side + 20)) - 10)
            case 1: return Double(Int(rng.next() % UInt64(2 * side + 20)) - 10) / 2
            case 2: return rng.unit() < 0.5 ? 0.0 : -0.0
            default: return Double(side) * (1.4 * rng.unit() - 0.2)
            }
        }
        var recorded = 0
        for _ in 0..<4_000 {
            let (width, height) = (1 + Int(rng.next() % 300), 1 + Int(rng.next() % 200))
            var surface = PixelSurface(width: width, height: height)
            let xs = (0..<4).map { _ in coordinate(width) }, ys = (0..<4).map { _ in coordinate(height) }
            let v = (0..<4).map { PolyVertex(x: xs[$0], y: ys[$0], real: true) }
            surface.fill(v[0], v[1], v[2], v[3], color: 0xFFFFFF, alpha: 1)
            surface.fill(v, color: 0xFFFFFF, alpha: 1)
            let expected = reference(xs.min()!, ys.min()!, xs.max()!, ys.max()!, width, height)
            #expect(surface.list.ops.map(\.bounds) == (expected.map { [$0, $0] } ?? []))
            recorded += surface.list.count
        }
        #expect(recorded > 2_000)
    }
}
