import Testing
@testable import Cells

/// Issue 36, part five: the screen diff asks every cell it writes whether it is two columns
/// wide. A braille or box-drawing cell (most of a frame's non-ASCII cells) is answered from
/// its code (`Cell.isSurelyNarrow`); only other glyphs go to the width tables.
@Suite("Width lookups in the screen diff")
struct WidthLookupTests {
    /// Every scalar the shortcut answers is one column or none by `DisplayWidth`, the rule
    /// it stands in for; and the first scalars past it are not all narrow (U+1100 is wide).
    @Test func theShortcutAgreesWithTheWidthTables() {
        var answered = 0
        for v in UInt32(0)...0x2_FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let cell = Cell(scalar: scalar, style: .plain)
            guard cell.isSurelyNarrow else { continue }
            answered += 1
            #expect(cell.displayWidth < 2, "U+\(String(v, radix: 16)) is wide")
        }
        #expect(answered == 0x1100 + 0x100 + 0xFD)
        #expect(!Cell(scalar: "\u{1100}", style: .plain).isSurelyNarrow && Cell(scalar: "\u{1100}", style: .plain).displayWidth == 2)
        #expect(!Cell(scalar: "\u{25FD}", style: .plain).isSurelyNarrow && Cell(scalar: "\u{25FD}", style: .plain).displayWidth == 2)
    }

    static func canvas(_ rows: [String]) -> Canvas {
        var canvas = Canvas(columns: 12, rows: rows.count)
        for (row, line) in rows.enumerated() { canvas.write(line, column: 0, row: row) }
        return canvas
    }

    /// A frame of braille, box drawing, Latin and ASCII: no lookup. Wide characters are
    /// still looked up, and drawn as before (the cursor past a wide glyph moves two columns).
    @Test func brailleAndBoxDrawingAreNotLookedUp() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        _ = update.update(to: Self.canvas(["⣿⡇ ─│┼ é ab", "⠁⠂⠃⠄ ▀▄█░▒▓"]))
        #expect(update.widthLookups == 0)
        let bytes = update.update(to: Self.canvas(["漢字 ⣿", "⠁⠂⠃⠄ ▀▄█░▒▓"]))
        #expect(update.widthLookups == 2)  // 漢 and 字; their right halves and the rest are not asked
        // Written whole, each wide glyph once: 漢字, a blank, ⣿.
        #expect(String(decoding: bytes, as: UTF8.self).contains("漢字 ⣿"))
    }
}

/// Issue 36, part five: the numbers of cursor moves and colours are written without
/// recursion up to three digits; every value reads back as itself.
@Suite("Decimals in the screen diff")
struct ScreenDecimalTests {
    @Test func everyNumberIsWrittenAsItsDigits() {
        for value in Array(0...2_000) + [9_999, 10_000, 65_535, 1_000_000, Int(Int32.max)] {
            var out: [UInt8] = [0x41]
            ScreenUpdate.appendDecimal(value, to: &out)
            #expect(out == [0x41] + Array(String(value).utf8), "\(value)")
        }
    }
}

/// Issue 36, part five: a style is resolved for the terminal wherever it changes along a row;
/// the styles seen lately are answered without hashing them into the dictionary again.
@Suite("Styles resolved in the screen diff")
struct ScreenStyleLookupTests {
    /// Two colours alternating cell by cell over a row, then a second frame of the same
    /// styles elsewhere: each style goes to the dictionary once, whatever the changes.
    @Test func aStyleSeenLatelyIsNotLookedUpAgain() {
        let red = CellStyle(foreground: .rgb(255, 0, 0)), blue = CellStyle(foreground: .rgb(0, 0, 255), bold: true)
        var update = ScreenUpdate(options: .init(colors: .truecolor))
        var canvas = Canvas(columns: 40, rows: 2)
        for c in 0..<40 { canvas[c, 0] = Cell("x", style: c % 2 == 0 ? red : blue) }
        let first = update.update(to: canvas)
        #expect(update.resolvedLookups == 2)
        for c in 0..<40 { canvas[c, 1] = Cell("y", style: c % 2 == 0 ? blue : red) }
        let second = update.update(to: canvas)
        #expect(update.resolvedLookups == 2)
        // What was sent: a colour change at every cell but the second frame's first, whose
        // blue was still set from the first frame's last cell: red 20 + 20, blue 20 + 19.
        let text = String(decoding: first + second, as: UTF8.self)
        #expect(text.components(separatedBy: "38;2;255;0;0").count - 1 == 40)
        #expect(text.components(separatedBy: "38;2;0;0;255").count - 1 == 39)
    }
}
