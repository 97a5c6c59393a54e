import Cells
@testable import Raster
import SeededRandom
import Testing

/// The braille composition's short paths (issue 36, speed back part two) must draw exactly
/// what the one-sample-at-a-time rules draw: `BrailleSamples` against `RasterSurface`'s
/// generic `commonest`, `twoColours` and `edgeCell`, and the pass that zeroes the fill as it
/// reads it.
@Suite struct BrailleSamplesTests {
    static func brailleBit(_ k: Int) -> UInt8 { Glyphs.brailleBit(k) }

    @Test func dotMasksAndSampleMasksConvertBothWays() {
        // Sample k has dot Glyphs.brailleBit(k): 0x01 0x08 0x02 0x10 0x04 0x20 0x40 0x80.
        for k in 0..<8 {
            #expect(BrailleSamples.indexMask(fromDots: Glyphs.brailleBit(k)) == 1 << k, "sample \(k)")
            #expect(BrailleSamples.dots(fromIndexMask: 1 << k) == Glyphs.brailleBit(k), "sample \(k)")
        }
        for m in 0...255 {
            let mask = UInt8(m)
            #expect(BrailleSamples.dots(fromIndexMask: BrailleSamples.indexMask(fromDots: mask)) == mask)
        }
    }

    @Test func theSamplesOfFourWordsAreTheCellsSamplesInOrder() {
        // Row k's word holds sample 2k in its low half and 2k + 1 in its high half.
        let words = SIMD4<UInt64>(0x0000_0002_0000_0001, 0x0000_0004_0000_0003, 0x0000_0006_0000_0005, 0x0000_0008_0000_0007)
        let samples = BrailleSamples(words)
        for k in 0..<8 { #expect(samples.values[k] == UInt32(k + 1)) }
        #expect(samples.equalMask(3) == 0b0000_0100)
        #expect(!samples.isUniform)
        #expect(BrailleSamples(SIMD4(repeating: 0x0100_0000_0100_0000 | 0x12_0000_0012)).isUniform)
    }

    @Test func everyRuleGivesWhatTheGenericRuleGives() {
        var rng = SplitMix64(seed: 36)
        // Few colours, so cells repeat colours and ties happen; 0 and a flag-only value are
        // undrawn samples.
        let palette: [Packed] = [
            0, PackedColor.present | 0x10_2030, PackedColor.present | 0xF0_E0D0,
            PackedColor.present | 0x10_2031, PackedColor.dim, PackedColor.present
        ]
        for _ in 0..<20_000 {
            var values = [Packed](repeating: 0, count: 8)
            let colours = 1 + Int(rng.next() % UInt64(palette.count))
            for k in 0..<8 { values[k] = palette[Int(rng.next() % UInt64(colours))] }
            let sample: (Int) -> Packed = { values[$0] }
            let samples = BrailleSamples(sample)
            let dots = UInt8(truncatingIfNeeded: rng.next())
            let ink = palette[Int(rng.next() % UInt64(palette.count))] | (rng.next() % 2 == 0 ? PackedColor.edge : 0)
            let backdrop: Packed = rng.next() % 2 == 0 ? 0 : 0x80_8080
            #expect(samples.commonest(amongDots: dots) == RasterSurface.commonest(among: dots, sample), "\(values) \(dots)")
            #expect(samples.isUniform == values.allSatisfy { $0 == values[0] })
            let two = samples.twoColours(), generic = RasterSurface.twoColours(count: 8, bit: Self.brailleBit, sample)
            #expect(two.fg == generic.fg && two.bg == generic.bg && two.mask == generic.mask, "\(values)")
            let rim = samples.rim(dots: dots, ink: ink, backdrop: backdrop)
            let genericRim = RasterSurface.edgeCell(
                dots: dots, under: values[0], ink: ink, count: 8, bit: Self.brailleBit,
                backdrop: backdrop, sample, byColourOnly: true)
            #expect(rim.0 == genericRim.0 && rim.1 == genericRim.1, "\(values) \(dots) \(ink)")
        }
    }

    @Test func theBraillePassLeavesTheFillZeroedAndDrawsTheSameCells() {
        // Braille 10 × 6 cells: fill 20 × 24 samples. A box from x 1 to 7 and y 1.125 to
        // 2.375 cells covers sample columns 2…13 (cells 1…6) and sample rows 4…8: all of
        // cell row 1, and only the top sample row of cell row 2.
        let colour = PackedColor.present | 0x33_66CC
        let box = [
            PolyVertex(x: 1, y: 1.125, real: true), PolyVertex(x: 7, y: 1.125, real: true),
            PolyVertex(x: 7, y: 2.375, real: true), PolyVertex(x: 1, y: 2.375, real: true)
        ]
        for fresh in [false, true] {
            var surface = RasterSurface(mode: .braille, columns: 10, rows: 6, cellAspect: 2, backdrop: 0)
            surface.fillPolygon(box, color: colour, alpha: 1)
            #expect(surface.fillRowsLow == 4 && surface.fillRowsHigh == 8)
            var canvas = Canvas(columns: 10, rows: 6, fill: Cell("x"))
            if fresh { canvas = surface.composedCanvas() } else { surface.compose(into: &canvas) }
            #expect(surface.fill.allSatisfy { $0 == 0 })
            #expect(surface.fillRowsLow > surface.fillRowsHigh)
            let blue = CellColor.rgb(0x33, 0x66, 0xCC)
            // Cell row 1: solid blocks; cell row 2: the top two dots (⠉, dots 1 and 4) in
            // the colour over the terminal's background.
            #expect(canvas[1, 1] == Cell(scalar: "\u{2588}", style: CellStyle(foreground: blue, background: blue)))
            #expect(canvas[6, 1] == canvas[1, 1])
            #expect(canvas[3, 2] == Cell(scalar: "\u{2809}", style: CellStyle(foreground: blue)))
            // Undrawn cells: blank on a fresh canvas, left as they were otherwise.
            #expect(canvas[0, 1] == (fresh ? Cell(" ") : Cell("x")))
            #expect(canvas[7, 1] == canvas[0, 1] && canvas[3, 0] == canvas[0, 1])
        }
    }
}
