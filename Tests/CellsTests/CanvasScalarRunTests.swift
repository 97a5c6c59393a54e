import Cells
import Testing

/// Issue 36: text of lone narrow scalars that is not all ASCII (a title with `·`, panel rows
/// with `→`, `│`, `é`) is written as one run into the storage, mended at its ends, as the
/// ASCII run is. It must leave exactly what writing the cells one by one left.
@Suite struct CanvasScalarRunTests {
    static let red = CellStyle(foreground: .rgb(255, 0, 0))
    static let blue = CellStyle(background: .rgb(0, 0, 255))

    /// 8 × 2 cells with wide characters everywhere a run can start or end in one.
    static func background() -> Canvas {
        var c = Canvas(columns: 8, rows: 2)
        c.write("語ab語語", column: 0, row: 0, style: red)
        c.write("x語y語z", column: 0, row: 1, style: blue)
        return c
    }

    /// The cell-by-cell write the run replaced, through the subscript.
    static func cellByCell(_ canvas: inout Canvas, _ text: String, column: Int, row: Int, style: CellStyle, maxWidth: Int?) -> Int {
        let limit = min(canvas.columns, column + (maxWidth ?? canvas.columns))
        var c = column
        for scalar in text.unicodeScalars {
            if c >= limit { break }
            if c >= 0 { canvas[c, row] = Cell(scalar: scalar, style: style) }
            c += 1
        }
        return c
    }

    @Test(arguments: [-3, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10], [nil, 0, 1, 2, 5] as [Int?])
    func aRunLeavesWhatCellByCellLeft(column: Int, maxWidth: Int?) {
        for row in 0..<2 {
            for text in ["·", "a·", "→b│", "é·ü→", "⠿⠿⠿⠿⠿", "x · y → z │ é ⠿ …"] {
                var run = Self.background(), cells = Self.background()
                let a = run.write(text, column: column, row: row, style: .plain, maxWidth: maxWidth)
                let b = Self.cellByCell(&cells, text, column: column, row: row, style: .plain, maxWidth: maxWidth)
                #expect(a == b, "\"\(text)\" at \(column), row \(row), max \(String(describing: maxWidth))")
                #expect(run == cells, "\"\(text)\" at \(column), row \(row), max \(String(describing: maxWidth))")
            }
        }
    }

    @Test func aTitleRowWorkedByHand() {
        // Row 0 is 語 a b 語 語 (heads at 0, 4, 6). "a·b" at column 3 takes columns 3, 4, 5:
        // the b at 3 becomes a, the head at 4 becomes ·, its tail at 5 becomes b; the 語 at 6
        // is whole. Then "·" at column 1 overwrites the first 語's tail: its head becomes a blank.
        var c = Self.background()
        #expect(c.write("a·b", column: 3, row: 0) == 6)
        #expect(c.text(row: 0) == "語aa·b語")
        #expect(c.write("·", column: 1, row: 0, style: Self.blue) == 2)
        #expect(c[0, 0] == Cell(" ", style: Self.red))
        #expect(c.text(row: 0) == " ·aa·b語")
    }
}
