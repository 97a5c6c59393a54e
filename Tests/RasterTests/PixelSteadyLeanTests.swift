import Cells
import Foundation
@testable import Raster
import SeededRandom
import Testing

/// `steadyLean` (issue 35): steady rows on two leaning edges inside the clip, both edges in
/// one vector's lanes, the edge pixels blended in pairs. Counted on shapes worked by hand, and
/// its lane-wise steps held to the scalar ones they replace.
@Suite struct PixelSteadyLeanTests {
    static let parallelogram = [
        PolyVertex(x: 4.1, y: 0, real: true), PolyVertex(x: 20.1, y: 0, real: true),
        PolyVertex(x: 28.1, y: 32, real: true), PolyVertex(x: 12.1, y: 32, real: true)
    ]

    /// `PixelSteadyRowsTests`' parallelogram (left edge (4.1, 0) → (12.1, 32), right edge 16
    /// further, a quarter pixel a row): row 4m + q has one edge pixel each side for q = 0, 1, 2
    /// (one pair) and two each side for q = 3 (two pairs), all in the one segment of the
    /// 64-pixel row: 8 · (3 · 1 + 2) = 40 pairs, so all 80 edge pixels are paired.
    @Test func aLeaningBoxPairsEveryEdgePixel() {
        var surface = PixelSurface(width: 64, height: 64)
        surface.fill(Self.parallelogram, color: 0xFFFFFF, alpha: 1)
        var image = PixelImage(width: 64, height: 64)
        var work = PixelDisplayList.PaintWork()
        surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 64, height: 64), work: &work)
        #expect(work.steadyRows == 32 && work.pairedPixels == 80 && work.edgePixels == 80 && work.runPixels == 472)
    }

    /// The same parallelogram behind an opaque box on tile column 2 (x 16–23, rows 0–31), which
    /// leaves it two tile segments a row, [0, 16) and [24, 32): every row is cut, so none is
    /// paired, and it paints what the tiles let it, pixel by pixel.
    ///
    /// By hand, row 4m + q: the left edge's pixels (4 + m, and 5 + m when q = 3) are all left
    /// of 16: 8 · (3 + 2) = 40. The right edge's (20 + m, and 21 + m when q = 3) show at 24 and
    /// right: m = 4 … 7 for q < 3 (4 · 3 = 12), and for q = 3 one pixel at m = 3 and two at
    /// m = 4 … 7 (9): 21. The run [5 + m, 19 + m] (q < 3) or [6 + m, 19 + m] (q = 3) shows
    /// 11 − m or 10 − m pixels left of 16 and max(0, m − 4) from 24: 3 · (60 + 6) + (52 + 6) =
    /// 256. The box is 8 × 32 = 256 in runs on whole pixels. Cover tests: both fills' 4 tile
    /// rows (8); one band holds both (band fills 2); the chains built once each (2).
    @Test func rowsTheTilesCutArePaintedPixelByPixel() {
        var surface = PixelSurface(width: 64, height: 64)
        surface.fill(Self.parallelogram, color: 0xFFFFFF, alpha: 1)
        surface.fill(
            [
                PolyVertex(x: 16, y: 0, real: true), PolyVertex(x: 24, y: 0, real: true),
                PolyVertex(x: 24, y: 32, real: true), PolyVertex(x: 16, y: 32, real: true)
            ],
            color: 0x2040C0, alpha: 1)
        let whole = PixelRect(x: 0, y: 0, width: 64, height: 64)
        var image = PixelImage(width: 64, height: 64)
        var work = PixelDisplayList.PaintWork()
        surface.list.paint(into: &image, clip: whole, work: &work)
        #expect(
            work
                == PixelDisplayList.PaintWork(
                    edgePixels: 61, runPixels: 512, clearedPixels: 0, coverTests: 8, bands: 2, chainBuilds: 2, bandFills: 2,
                    steadyRows: 32, pairedPixels: 0))
        var found = PixelImage(width: 64, height: 64)
        var foundWork = PixelDisplayList.PaintWork()
        surface.list.paint(into: &found, clip: whole, steady: false, work: &foundWork)
        #expect(found == image && foundWork.edgePixels == 61 && foundWork.runPixels == 512)
    }

    /// `blendTwo` is `blendPixel` on each of its two pixels: every alpha 0 … 256 over every
    /// channel value, under several colours, the pixels below with and without a top byte (a
    /// pixel at alpha 0 keeps its own; any other takes the blend's, 0).
    @Test func twoPixelsBlendAsEachAlone() {
        for color: UInt32 in [0x00_0000, 0xFF_FFFF, 0x12_80FE, 0xA0_3307] {
            let c8 = unsafeBitCast(SIMD2<UInt32>(repeating: color), to: SIMD8<UInt8>.self)
            let top = SIMD8<UInt16>(truncatingIfNeeded: c8)
            for a in 0...256 {
                for v in 0..<256 {
                    let v32 = UInt32(v)
                    let p = v32 | (255 - v32) << 8 | (v32 ^ 0x5A) << 16
                    let q = p | 0xDE00_0000
                    var expected: [UInt32] = [p, q]
                    PixelDisplayList.blendPixel(&expected, 0, color, a)
                    PixelDisplayList.blendPixel(&expected, 1, color, 256 - a)
                    var row: [UInt32] = [p, q]
                    row.withUnsafeMutableBufferPointer {
                        PixelDisplayList.blendTwo($0.baseAddress!, 0, 1, SIMD2(Int64(a), Int64(256 - a)), top)
                    }
                    if row != expected {
                        Issue.record("colour \(String(color, radix: 16)), alpha \(a), below \(String(p, radix: 16))")
                        return
                    }
                }
            }
        }
    }

    /// `rampIntegral2` and `alphaOf2` give each lane the scalar `rampIntegral` and `alphaOf`:
    /// random values, and values at and next to 0, 1, halves and whole alphas.
    @Test func lanesAreTheScalarSteps() {
        var rng = SplitMix64(seed: 35_10)
        var values: [Double] = [0, -0.0, 1, 0.5, 1e-12, -1e-12, 1 - 1e-12, 1 + 1e-12, -3, 4.25]
        for a in 0...256 {
            let y = (Double(a) - 0.5) / 256
            values += [y, y.nextUp, y.nextDown]
        }
        for _ in 0..<20_000 { values.append(4 * rng.unit() - 1.5) }
        for scale in [256.0, 179.2, 0.256 * 256] {
            for i in stride(from: 0, to: values.count - 1, by: 1) {
                let t = SIMD2(values[i], values[i + 1])
                let ramp = PixelDisplayList.rampIntegral2(t)
                #expect(ramp[0] == PixelDisplayList.rampIntegral(t[0]) && ramp[1] == PixelDisplayList.rampIntegral(t[1]))
                let alpha = PixelDisplayList.alphaOf2(t, scale)
                #expect(Int32(truncatingIfNeeded: alpha[0]) == PixelDisplayList.alphaOf(t[0], scale))
                #expect(Int32(truncatingIfNeeded: alpha[1]) == PixelDisplayList.alphaOf(t[1], scale))
            }
        }
    }
}
