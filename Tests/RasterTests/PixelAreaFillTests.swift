import Cells
import Foundation
import Geometry
import LayerModel
@testable import Raster
import SeededRandom
import Testing

/// The exact-area painter (`PixelDisplayList.fillArea`): each pixel of a convex fill at its
/// true covered area, worked out per edge in closed form — by hand on a strip at a known
/// angle, and against the slow exact reference (`PixelRasterTests.trueCoverage`: the pixel
/// square clipped by the polygon and measured) on random quads and thin strips.
@Suite struct PixelAreaFillTests {
    @Test func aStripAtAKnownAngleTakesItsExactAreas() {
        // A strip one pixel across, leaning 2 pixels right a row: left edge x = 10.3 + 2(y − 10),
        // right edge one pixel further, y 10 … 14 (flat ends), opaque white on black. In row
        // 10 (t = y − 10), pixel i's part right of an edge at x = c0 + 2t is
        // A(c) = ∫₀¹ clamp(c − 2t, 0, 1) dt with c = i + 1 − c0:
        //   A(0.7) = ∫₀^0.35 (0.7 − 2t) dt = 0.1225,
        //   A(1.7) = 0.35 + ∫_0.35^0.85 (1.7 − 2t) dt = 0.35 + 0.25 = 0.6,
        //   A(2.7) = 0.85 + ∫_0.85^1 (2.7 − 2t) dt = 0.85 + 0.1275 = 0.9775, A(3.7) = 1.
        // The pixel's area inside is A(left) − A(right), the right edge's c one less:
        //   pixel 10: 0.1225 − 0 = 0.1225, 11: 0.6 − 0.1225 = 0.4775,
        //   12: 0.9775 − 0.6 = 0.3775, 13: 1 − 0.9775 = 0.0225 (the four add up to 1).
        // Alphas ⌊256c + ½⌋: 31, 122, 97, 6; white over black at a ≤ 128 is (255a + 128) >> 8 = a.
        // Every row is the one above moved 2 pixels right. (Four scanlines gave pixel 10
        // 0.45 / 4 = 0.1125, alpha 29: the scanline at 10.375 crosses x = 11 just after.)
        var surface = PixelSurface(width: 30, height: 20)
        surface.fill(
            [
                PolyVertex(x: 10.3, y: 10, real: true), PolyVertex(x: 11.3, y: 10, real: true),
                PolyVertex(x: 19.3, y: 14, real: true), PolyVertex(x: 18.3, y: 14, real: true)
            ],
            color: 0xFFFFFF, alpha: 1)
        var image = PixelImage(width: 30, height: 20)
        var work = PixelDisplayList.PaintWork()
        surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 30, height: 20), work: &work)
        let expected: [UInt32] = [31, 122, 97, 6].map { $0 * 0x01_0101 }
        for row in 10...13 {
            let first = 10 + 2 * (row - 10)
            for k in 0..<4 { #expect(image[first + k, row] == expected[k], "pixel (\(first + k), \(row))") }
            #expect(image[first - 1, row] == 0 && image[first + 4, row] == 0)
        }
        for x in 0..<30 { #expect(image[x, 9] == 0 && image[x, 14] == 0) }
        // Only the chains' pixels are summed, four a row; none is a run.
        #expect(work.runPixels == 0 && work.edgePixels >= 16 && work.edgePixels <= 4 * 6)
        // Painted the old way (four scanlines), pixel 10 of row 10 takes 29.
        var old = PixelImage(width: 30, height: 20)
        var oldWork = PixelDisplayList.PaintWork()
        surface.list.paint(into: &old, clip: PixelRect(x: 0, y: 0, width: 30, height: 20), area: false, work: &oldWork)
        #expect(old[10, 10] == 29 * 0x01_0101)
    }

    @Test func aTurnedOutlineStripHasItsHandWorkedAreas() {
        // A layer's outline side as `outlineInside` makes it: a rectangle 1 pixel wide along
        // the edge from (10, 10) to (18, 16) (length 10, direction (0.8, 0.6)), its inside
        // 1 pixel along the normal (−0.6, 0.8): corners (10, 10), (18, 16), (17.4, 16.8),
        // (9.4, 10.8). Pixel (13, 12): the edge line y = 10 + 0.75(x − 10) leaves y 12.25
        // at x = 13 and 13 at x = 14 (the square's top at 12 is above it), and the inner line
        // (the edge moved by (−0.6, 0.8)) y = 11.25 + 0.75(x − 10) … y 13.5 at x = 13,
        // y 14.25 at x = 14: below the square. So the pixel's inside is the part under the
        // edge: from y 12.25 (x = 13) to 13 (x = 14), area 1 − ∫₁₃¹⁴ (10 + 0.75(x − 10) − 12) dx
        // = 1 − (0.25 + 1) / 2 = 0.375, alpha ⌊96 + ½⌋ = 96.
        var surface = PixelSurface(width: 30, height: 24)
        surface.outlineInside(
            [
                PolyVertex(x: 10, y: 10, real: true), PolyVertex(x: 18, y: 16, real: false),
                PolyVertex(x: 10, y: 22, real: false)
            ],
            width: 1, color: 0xFFFFFF)
        #expect(surface.list.count == 1)
        var image = PixelImage(width: 30, height: 24)
        surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 30, height: 24))
        #expect(image[13, 12] == 96 * 0x01_0101)
        // And every pixel of it against the exact reference, to the 1/256 step.
        let op = surface.list.ops[0], list = surface.list
        let strip = (0..<Int(op.count)).map { PolyVertex(x: list.xs[Int(op.start) + $0], y: list.ys[Int(op.start) + $0], real: true) }
        #expect(abs(strip[2].x - 17.4) < 1e-12 && abs(strip[2].y - 16.8) < 1e-12)
        let q = PixelToleranceTests.clockwise(strip)
        for j in 8..<20 {
            for i in 6..<22 {
                let truth = PixelRasterTests.trueCoverage(i, j, q)
                let expected = UInt32(Int(truth * 256 + 0.5) >= 256 ? 255 : (255 * Int(truth * 256 + 0.5) + 128) >> 8)
                #expect(abs(Int(image[i, j] & 0xFF) - Int(expected)) <= 1, "pixel (\(i), \(j)): truth \(truth)")
            }
        }
    }

    @Test func randomQuadsAndStripsMatchTheExactAreaToTheStep() throws {
        // 300 random quads (turned rectangles, some under a pixel across, and four-cornered
        // shapes) and 500 thin strips (1 pixel wide, 4 … 60 long, at any angle, anywhere in a
        // pixel), each alone in blue 220 over black. The drawn coverage is blue / 220; the
        // painter's sums are exact but for rounding, so a pixel is off only by the alpha's
        // 1/256 step (½ of it rounding) and the blend's rounding to a whole blue (½ of 1/220):
        // at most 1/512 + 1/440 < 0.0043.
        var rng = SplitMix64(seed: 0xA4EA_0035)
        var worst = 0.0, pixels = 0
        for k in 0..<800 {
            let poly: [PolyVertex]
            if k < 300 {
                poly = PixelToleranceTests.quad(&rng)
            } else {
                let cx = 30 + 140 * rng.unit(), cy = 30 + 100 * rng.unit()
                let length = 4 + 56 * rng.unit(), t = 2 * Double.pi * rng.unit()
                let ux = cos(t), uy = sin(t)
                poly = [
                    (cx - ux * length / 2, cy - uy * length / 2), (cx + ux * length / 2, cy + uy * length / 2),
                    (cx + ux * length / 2 - uy, cy + uy * length / 2 + ux), (cx - ux * length / 2 - uy, cy - uy * length / 2 + ux)
                ].map { PolyVertex(x: $0.0, y: $0.1, real: true) }
            }
            var surface = PixelSurface(width: 200, height: 160)
            surface.fill(poly, color: 0x0000DC, alpha: 1)
            var image = PixelImage(width: 200, height: 160)
            surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 200, height: 160))
            let q = PixelToleranceTests.clockwise(poly)
            let xs = q.map(\.0), ys = q.map(\.1)
            for j in max(0, Int(ys.min()!) - 2)...min(159, Int(ys.max()!) + 2) {
                for i in max(0, Int(xs.min()!) - 2)...min(199, Int(xs.max()!) + 2) {
                    let truth = PixelRasterTests.trueCoverage(i, j, q)
                    let drawn = Double(image.rgb(x: i, y: j).b) / 220
                    worst = max(worst, abs(drawn - truth)); pixels += 1
                }
            }
        }
        #expect(pixels > 100_000)
        #expect(worst < 0.0043, "worst pixel off by \(worst)")
    }

    @Test func aClippedOrBandedFillPaintsWhatTheWholeOnePaints() {
        // Exact areas per pixel, whatever rows or columns are painted: random leaning quads and
        // strips over each other, translucent or not, painted whole and then in odd clips.
        var rng = SplitMix64(seed: 0xC11B_0035)
        var surface = PixelSurface(width: 200, height: 160)
        for _ in 0..<200 {
            let color = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
            let alpha = rng.unit() < 0.5 ? 1 : 0.2 + 0.7 * rng.unit()
            surface.fill(PixelToleranceTests.quad(&rng), color: color, alpha: alpha)
        }
        let whole = PixelRect(x: 0, y: 0, width: 200, height: 160)
        var image = PixelImage(width: 200, height: 160, fill: 0x102030)
        surface.list.paint(into: &image, clip: whole)
        var parts = PixelImage(width: 200, height: 160, fill: 0x102030)
        for (x, y, w, h) in [(0, 0, 73, 160), (73, 0, 127, 51), (73, 51, 1, 109), (74, 51, 126, 109)] {
            surface.list.paint(into: &parts, clip: PixelRect(x: x, y: y, width: w, height: h))
        }
        #expect(parts == image)
        #expect(image != PixelImage(width: 200, height: 160, fill: 0x102030))
    }
}
