import Cells
import Testing

/// Issue 36: printable ASCII is written as one run into the canvas's storage, with the
/// subscript's mending (a wide character cut in half becomes a blank) done once at the run's
/// ends. It must leave exactly what writing the cells one by one through the subscript left.
@Suite struct CanvasWriteRunTests {
    static let red = CellStyle(foreground: .rgb(255, 0, 0))
    static let blue = CellStyle(background: .rgb(0, 0, 255))

    /// 8 × 2 cells with wide characters everywhere a run can start or end in one.
    static func background() -> Canvas {
        var c = Canvas(columns: 8, rows: 2)
        c.write("語ab語語", column: 0, row: 0, style: red)  // 語 a b 語 語: heads at 0, 4, 6
        c.write("x語y語z", column: 0, row: 1, style: blue)  // heads at 1, 4; z at 6
        return c
    }

    /// The cell-by-cell write the run replaced, through the subscript.
    static func cellByCell(_ canvas: inout Canvas, _ text: String, column: Int, row: Int, style: CellStyle, maxWidth: Int?) -> Int {
        let limit = min(canvas.columns, column + (maxWidth ?? canvas.columns))
        var c = column
        for byte in text.utf8 {
            if c >= limit { break }
            if c >= 0 { canvas[c, row] = Cell(scalar: Unicode.Scalar(byte), style: style) }
            c += 1
        }
        return c
    }

    @Test(arguments: [-3, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10], [nil, 0, 1, 2, 5] as [Int?])
    func aRunLeavesWhatCellByCellLeft(column: Int, maxWidth: Int?) {
        for row in 0..<2 {
            for text in ["", "q", "qr", "qrs", "qrstu", "0123456789ab"] {
                var run = Self.background(), cells = Self.background()
                let a = run.write(text, column: column, row: row, style: .plain, maxWidth: maxWidth)
                let b = Self.cellByCell(&cells, text, column: column, row: row, style: .plain, maxWidth: maxWidth)
                #expect(a == b, "\"\(text)\" at \(column), row \(row), max \(String(describing: maxWidth))")
                #expect(run == cells, "\"\(text)\" at \(column), row \(row), max \(String(describing: maxWidth))")
            }
        }
    }

    @Test func cuttingAWideCharacterAtEitherEndBlanksItsOtherHalf() {
        // "ab" at column 1 of row 0: it overwrites 語's tail (column 1), so the head at column
        // 0 becomes a blank in red; it ends at column 3, whose b was narrow: nothing more.
        var c = Self.background()
        c.write("ab", column: 1, row: 0)
        #expect(c[0, 0] == Cell(" ", style: Self.red))
        #expect(c.text(row: 0) == " abb語語")
        // "k" at column 4 of row 1 overwrites 語's head: its tail (column 5) becomes a blank in blue.
        c.write("k", column: 4, row: 1)
        #expect(c[5, 1] == Cell(" ", style: Self.blue))
        #expect(c.text(row: 1) == "x語yk z ")
    }
}
