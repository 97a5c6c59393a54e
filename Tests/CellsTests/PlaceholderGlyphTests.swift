@testable import Cells
import Testing

/// kitty's placeholder cells are held in a cell's code by arithmetic (`PlaceholderGlyph`),
/// not in the process's cluster table, which holds 65 536 clusters: a placeholder canvas
/// has a distinct cluster a cell, so at 256 × 256 cells the table was full and every later
/// cell kept only U+10EEEE (an image cell naming nothing: blank).
@Suite struct PlaceholderGlyphTests {
    static func glyph(_ row: Int, _ column: Int, high: Int? = nil) -> Character {
        var s = String.UnicodeScalarView()
        s.append(Unicode.Scalar(0x10EEEE)!)
        s.append(Unicode.Scalar(PlaceholderGlyph.diacritics[row])!)
        s.append(Unicode.Scalar(PlaceholderGlyph.diacritics[column])!)
        if let high { s.append(Unicode.Scalar(PlaceholderGlyph.diacritics[high])!) }
        return Character(String(s))
    }

    /// Every row and column of a 297 × 297 image, without and with a third mark (two top
    /// bytes, 0 and 19): 3 × 88 209 = 264 627 distinct glyphs, four times the table, each read
    /// back as written, and written as its UTF-8.
    @Test func everyPlaceholderCellReadsBackAsWritten() {
        var wrong = 0
        for high in [nil, 0, 19] as [Int?] {
            for row in 0..<297 {
                for column in 0..<297 {
                    let g = Self.glyph(row, column, high: high)
                    let cell = Cell(g)
                    if cell.glyph != g || cell.code & PlaceholderGlyph.bit == 0 { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
        // A third mark of 0 is kept: it is another cluster than none.
        #expect(Cell(Self.glyph(5, 7, high: 0)).code != Cell(Self.glyph(5, 7)).code)
        // On the wire: the character, then the marks, in UTF-8.
        var update = ScreenUpdate(options: ScreenUpdate.Options(colors: .truecolor))
        var canvas = Canvas(columns: 1, rows: 1)
        canvas[0, 0] = Cell(Self.glyph(296, 1, high: 3))
        let bytes = update.update(to: canvas)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{10EEEE}\u{1D244}\u{030D}\u{0310}"))
    }

    /// Not every cluster that starts with U+10EEEE is a placeholder cell: one with a mark
    /// outside the list, or a top byte past 255, or a fifth scalar goes to the table as before.
    @Test func otherClustersAreNotPlaceholders() {
        let foreign = Character("\u{10EEEE}\u{0301}\u{0305}")  // U+0301 is not in the list
        #expect(Cell(foreign).code & PlaceholderGlyph.bit == 0)
        #expect(Cell(foreign).glyph == foreign)
        let past = Character(
            String(String.UnicodeScalarView([Unicode.Scalar(0x10EEEE)!, "\u{0305}", "\u{0305}", Unicode.Scalar(PlaceholderGlyph.diacritics[260])!])))
        #expect(Cell(past).code & PlaceholderGlyph.bit == 0)
        #expect(Cell(past).glyph == past)
    }
}
