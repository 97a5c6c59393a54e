import Cells
import Testing

/// A cell is a plain value (a 32-bit glyph code and a packed style): no reference counting,
/// no padding, and every glyph — combining marks and emoji sequences included — survives.
@Suite struct CellValueTests {
    @Test func aCellIsSixteenDefinedBytes() {
        // Style 8 bytes + code 4 + reserved 4: no padding, so rows compare as bytes.
        #expect(MemoryLayout<Cell>.size == 16)
        #expect(MemoryLayout<Cell>.stride == 16)
        #expect(_isPOD(Cell.self))
        #expect(MemoryLayout<CellStyle>.size == 8)
    }

    @Test func oneScalarGlyphsAreTheirScalar() {
        #expect(Cell("a").code == 0x61)
        #expect(Cell("⣿").code == 0x28FF)
        #expect(Cell("时").code == 0x65F6)
        #expect(Cell("👍").code == 0x1F44D)
        #expect(Cell("⣿").glyph == "⣿")
        #expect(Cell(scalar: "x") == Cell("x"))
        #expect(Cell.wideTail(.plain).isWideTail)
        #expect(!Cell(" ").isWideTail)
    }

    @Test(arguments: ["e\u{301}", "👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "\u{1F1EB}\u{1F1F7}"])
    func clustersOfSeveralScalarsRoundTrip(_ text: String) {
        let glyph = Character(text)
        let cell = Cell(glyph)
        #expect(cell.glyph == glyph)
        #expect(cell.glyph.unicodeScalars.count == text.unicodeScalars.count)
        #expect(Cell(glyph) == cell)  // the same cluster, the same code
        #expect(cell != Cell(glyph.unicodeScalars.first.map(Character.init)!))
        #expect(cell.scalar == text.unicodeScalars.first!)
    }

    @Test func aClusterIsWrittenWhole() {
        var update = ScreenUpdate(options: .init(colors: .none))
        var canvas = Canvas(columns: 3, rows: 1)
        canvas.write("e\u{301}👍", column: 0, row: 0)
        // Clear, then é (3 bytes: e + U+0301), then 👍 (4 bytes), whose tail is skipped.
        let bytes = update.update(to: canvas)
        #expect(bytes == Array("\u{1B}[0m\u{1B}[H\u{1B}[2Je\u{301}👍".utf8))
        var ascii = ScreenUpdate(options: .init(colors: .none, unicode: false))
        // ASCII: the cluster's first scalar, the emoji's stand-in and a blank for its tail.
        #expect(ascii.update(to: canvas) == Array("\u{1B}[0m\u{1B}[H\u{1B}[2Je? ".utf8))
    }

    @Test func everyStyleFieldReadsBackWhatWasSet() {
        var style = CellStyle()
        #expect(style == .plain && style.bits == 0)
        style.foreground = .rgb(1, 2, 3)
        style.background = .rgb(250, 128, 0)
        style.underline = true
        #expect(style.foreground == .rgb(1, 2, 3))
        #expect(style.background == .rgb(250, 128, 0))
        #expect(!style.bold && !style.dim && !style.reverse && style.underline)
        #expect(style == CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(250, 128, 0), underline: true))
        // rgb(0, 0, 0) is a colour, not the default.
        style.background = .rgb(0, 0, 0)
        #expect(style.background == .rgb(0, 0, 0))
        #expect(style != CellStyle(foreground: .rgb(1, 2, 3), underline: true))
        style.background = .default
        style.underline = false
        style.bold = true; style.dim = true; style.reverse = true
        #expect(style == CellStyle(foreground: .rgb(1, 2, 3), bold: true, dim: true, reverse: true))
        style.foreground = .default
        style.bold = false; style.dim = false; style.reverse = false
        #expect(style == .plain)
    }
}
