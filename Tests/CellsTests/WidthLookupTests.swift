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
