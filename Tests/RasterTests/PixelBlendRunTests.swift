import Cells
import Geometry
@testable import Raster
import SeededRandom
import Testing

/// Two exact shortcuts of the scanline painter (issue 35, part six): translucent runs blended
/// four pixels at a time in vector lanes, and a row's pixel bounds by a rounding trick that
/// may hand one more pixel to the pixel-by-pixel sum where a span ends on a whole pixel.
/// Neither may change a pixel.
@Suite struct PixelBlendRunTests {
    @Test func aRunBlendedFourAtATimeIsBlendedOneByOne() {
        // `blendRun` against `PackedColor.blend` pixel by pixel: random rows, colours,
        // opacities (1 … 255 of 256), starts and lengths (1 … 40: the lanes and the rest).
        var rng = SplitMix64(seed: 0xB1E4_0035)
        for _ in 0..<500 {
            let length = 1 + Int(rng.next() % 40), start = Int(rng.next() % 5)
            var lanes = (0..<(length + 10)).map { _ in UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF }
            var alone = lanes
            let color = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF, a = 1 + Int(rng.next() % 255)
            let premultiplied = PackedColor.premultiply(color, alpha256: a)
            lanes.withUnsafeMutableBufferPointer {
                PixelDisplayList.blendRun($0.baseAddress!, from: start, to: start + length - 1, premultiplied: premultiplied, alpha256: a)
            }
            for x in start..<(start + length) { alone[x] = PackedColor.blend(color, over: alone[x], alpha256: a) & PackedColor.rgbMask }
            #expect(lanes == alone)
        }
        // By hand: white at 128/256 over black, (255·128 + 0·128 + 128) >> 8 = 128, in lanes
        // and in the one left over.
        var row = [UInt32](repeating: 0, count: 5)
        row.withUnsafeMutableBufferPointer {
            PixelDisplayList.blendRun(
                $0.baseAddress!, from: 0, to: 4, premultiplied: PackedColor.premultiply(0xFFFFFF, alpha256: 128), alpha256: 128)
        }
        #expect(row == [UInt32](repeating: 0x808080, count: 5))
    }

    /// Every opacity (1 … 255 of 256) over every channel value below (0 … 255, in each channel
    /// at once, with random colours on top): the 16-bit lanes give `PackedColor.blend`'s
    /// pixel every time (the largest sum, 255 · 256 + 128, still fits a lane).
    @Test func everyOpacityOverEveryChannelValueIsTheScalarBlend() {
        var rng = SplitMix64(seed: 0xB1E4_0036)
        for a in 1...255 {
            let color = a == 255 ? 0xFF_FFFF : UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
            var lanes = (0..<256).map { v in UInt32(v) * 0x01_0101 ^ (UInt32(truncatingIfNeeded: rng.next()) & 0x01_0000) }
            lanes[0] = 0xFF_FFFF; lanes[1] = 0
            var alone = lanes
            let premultiplied = PackedColor.premultiply(color, alpha256: a)
            lanes.withUnsafeMutableBufferPointer {
                PixelDisplayList.blendRun($0.baseAddress!, from: 0, to: 255, premultiplied: premultiplied, alpha256: a)
            }
            for x in 0..<256 { alone[x] = PackedColor.blend(color, over: alone[x], alpha256: a) & PackedColor.rgbMask }
            #expect(lanes == alone, "alpha \(a)")
        }
    }

    /// One pixel's blend with the three channels in one 64-bit word (`blendOne`, the edge
    /// pixels'): every opacity 1 … 255 over every channel value, random colours on top, is
    /// `PackedColor.blend` with the rgb mask.
    @Test func onePixelInOneWordIsTheScalarBlend() {
        var rng = SplitMix64(seed: 0xB1E4_0037)
        for a in 1...255 {
            for v in 0..<256 {
                let below = UInt32(v) * 0x01_0101 ^ (UInt32(truncatingIfNeeded: rng.next()) & 0x03_0100)
                for top in [UInt32(0xFF_FFFF), 0, UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF] {
                    let expected = PackedColor.blend(top, over: below, alpha256: a) & PackedColor.rgbMask
                    #expect(PixelDisplayList.blendOne(top, over: below, alpha256: a) == expected, "alpha \(a) below \(below) top \(top)")
                }
            }
        }
    }

    @Test func spansEndingOnWholePixelsKeepTheirPixels() {
        // x 10 … 30 (whole pixels), y 10.25 … 20.75, red at opacity 0.5 over a grey (0x404040),
        // and the same at 1: column 9 and 30 untouched, column 10 and 29 whole across (a run's
        // alpha whether in the run or summed alone), rows 10 and 20 three quarters (3 of 4
        // scanlines). At 0.5: alpha 128; red (255·128 + 64·128 + 128) >> 8 = 160 = 0xA0,
        // green and blue (64·128 + 128) >> 8 = 32 = 0x20. Three quarters: 96/256 → red
        // (255·96 + 64·160 + 128) >> 8 = 136 = 0x88, green (64·160 + 128) >> 8 = 40 = 0x28; at 1:
        // 192/256 → red (255·192 + 64·64 + 128) >> 8 = 207 = 0xCF, green (64·64 + 128) >> 8 = 16.
        for (alpha, inside, edgeRow) in [(0.5, UInt32(0xA0_2020), UInt32(0x88_2828)), (1.0, 0xFF_0000, 0xCF_1010)] {
            var surface = PixelSurface(width: 40, height: 30)
            surface.fill(
                [
                    PolyVertex(x: 10, y: 10.25, real: true), PolyVertex(x: 30, y: 10.25, real: true),
                    PolyVertex(x: 30, y: 20.75, real: true), PolyVertex(x: 10, y: 20.75, real: true)
                ],
                color: 0xFF0000, alpha: alpha)
            var image = PixelImage(width: 40, height: 30, fill: 0x404040)
            surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 40, height: 30))
            for y in 11...19 {
                #expect(image[9, y] == 0x404040 && image[30, y] == 0x404040)
                for x in 10...29 { #expect(image[x, y] == inside) }
            }
            for x in 10...29 { #expect(image[x, 10] == edgeRow && image[x, 20] == edgeRow) }
            #expect(image[15, 9] == 0x404040 && image[15, 21] == 0x404040)
        }
    }

    @Test func anAlphaIsTruncatedWithoutAConversion() {
        // `truncateSmall` against `Int(_:)` on the values an edge pixel's alpha takes
        // (0.5 … 256.5), at and next to every whole and half number, and at random.
        var values: [Double] = []
        for k in 0...257 {
            for base in [Double(k), Double(k) + 0.5] {
                values += [base, base.nextUp, base.nextDown, base + 1e-9, base - 1e-9]
            }
        }
        var rng = SplitMix64(seed: 0x7EC4_0035)
        for _ in 0..<10_000 { values.append(0.5 + 256 * rng.unit()) }
        for y in values where y >= 0 { #expect(PixelDisplayList.truncateSmall(y) == Int(y), "\(y)") }
    }
}
