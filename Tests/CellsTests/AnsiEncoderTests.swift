import Cells
import TestSupport
import Testing

@Suite struct AnsiEncoderTests {
    static func canvas() -> Canvas {
        var c = Canvas(columns: 3, rows: 2)
        c[0, 0] = Cell("a", style: CellStyle(foreground: .rgb(255, 0, 0)))
        c[1, 0] = Cell("b", style: CellStyle(foreground: .rgb(255, 0, 0)))
        c[2, 0] = Cell("c")
        c[0, 1] = Cell("d", style: CellStyle(background: .rgb(0, 0, 255), bold: true))
        return c
    }

    @Test func noColorIsThePlainText() {
        #expect(AnsiEncoder.encode(Self.canvas(), colors: .none) == "abc\nd  ")
    }

    @Test func truecolorSwitchesStyleOnlyWhereItChangesAndResetsEachRow() {
        let e = "\u{1B}"
        #expect(
            AnsiEncoder.encode(Self.canvas(), colors: .truecolor)
                == "\(e)[0;38;2;255;0;0mab\(e)[0mc\n\(e)[0;1;48;2;0;0;255md\(e)[0m  ")
    }

    /// Pure blue is nearest xterm's blue (0, 0, 238), index 4, not bright blue (92, 92, 255).
    @Test func reducedPalettes() {
        let e = "\u{1B}"
        #expect(
            AnsiEncoder.encode(Self.canvas(), colors: .ansi256)
                == "\(e)[0;38;5;196mab\(e)[0mc\n\(e)[0;1;48;5;21md\(e)[0m  ")
        #expect(
            AnsiEncoder.encode(Self.canvas(), colors: .ansi16)
                == "\(e)[0;91mab\(e)[0mc\n\(e)[0;1;44md\(e)[0m  ")
    }

    @Test func attributesHaveTheirCodes() {
        let style = CellStyle(bold: true, dim: true, reverse: true, underline: true)
        #expect(AnsiEncoder.sgr(style, colors: .none) == "\u{1B}[0;1;2;4;7m")
    }

    @Test(
        arguments: [
            ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((0, 255, 0), 46),
            ((0, 0, 255), 21), ((95, 135, 175), 67), ((128, 128, 128), 244), ((8, 8, 8), 232),
            ((238, 238, 238), 255), ((100, 100, 100), 241)
        ] as [((UInt8, UInt8, UInt8), UInt8)])
    func rgbTo256(_ rgb: (UInt8, UInt8, UInt8), _ index: UInt8) {
        #expect(ColorReduction.ansi256(red: rgb.0, green: rgb.1, blue: rgb.2) == index)
    }

    @Test func every256ColourOfTheCubeAndRampMapsToItself() {
        for i in 16...255 {
            let c = ColorReduction.rgb(ansi256: UInt8(i))
            let back = ColorReduction.ansi256(red: c.red, green: c.green, blue: c.blue)
            // A few cube greys equal ramp greys' neighbours; they must at least match in colour.
            let d = ColorReduction.rgb(ansi256: back)
            #expect(d == c, "index \(i) → \(back)")
        }
    }

    @Test(
        arguments: [
            ((0, 0, 0), 0), ((205, 0, 0), 1), ((255, 0, 0), 9), ((250, 250, 250), 15),
            ((120, 120, 120), 8), ((200, 200, 200), 7), ((10, 10, 200), 4), ((255, 255, 80), 11)
        ] as [((UInt8, UInt8, UInt8), UInt8)])
    func rgbTo16(_ rgb: (UInt8, UInt8, UInt8), _ index: UInt8) {
        #expect(ColorReduction.ansi16(red: rgb.0, green: rgb.1, blue: rgb.2) == index)
    }
}
