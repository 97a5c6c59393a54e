import Cells
import Testing

/// Issue 36: the explorer's screen is built as the picture placed on a blank canvas in one
/// pass (`Canvas(columns:rows:placing:column:row:)`), and the diff skips unchanged cells as
/// words. Both must give exactly what the two-pass build and the cell-by-cell scan gave.
@Suite struct CanvasPlacingTests {
    static let red = CellStyle(foreground: .rgb(255, 0, 0))

    /// A 6 × 3 picture with wide characters at both edges and in the middle.
    static func picture() -> Canvas {
        var p = Canvas(columns: 6, rows: 3)
        p.write("語ab語", column: 0, row: 0, style: red)  // 語 a b 語: columns 0–1, 2, 3, 4–5
        p.write("x語yz", column: 0, row: 1)  // x 語 y z: a head at column 1
        p.write("abcdef", column: 0, row: 2, style: red)
        return p
    }

    static func twoPass(_ columns: Int, _ rows: Int, _ other: Canvas, _ column: Int, _ row: Int) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows)
        canvas.blit(other, column: column, row: row)
        return canvas
    }

    @Test(arguments: [0, 2, -1, -2, 3, 5, 8, -7], [0, 1, -1, 2, 4, -3])
    func placingIsTheBlankCanvasThenTheCopy(column: Int, row: Int) {
        let placed = Canvas(columns: 8, rows: 4, placing: Self.picture(), column: column, row: row)
        let expected = Self.twoPass(8, 4, Self.picture(), column, row)
        #expect(placed == expected)
    }

    @Test func aWideCharacterCutByAnEdgeBecomesABlank() {
        // At column −1 the first 語's head falls off: its tail, now in column 0, is a blank
        // in the picture's style; at column 3 the last 語's tail falls off (8 columns: 3 + 5 = 8
        // is the last column's end): its head in column 7 is a blank too.
        let left = Canvas(columns: 8, rows: 4, placing: Self.picture(), column: -1, row: 0)
        #expect(left[0, 0] == Cell(scalar: " ", style: Self.red))
        #expect(left[1, 0] == Cell("a", style: Self.red))
        let right = Canvas(columns: 8, rows: 4, placing: Self.picture(), column: 3, row: 0)
        #expect(right[7, 0] == Cell(scalar: " ", style: Self.red))
        #expect(right[6, 0] == Cell("b", style: Self.red))
        #expect(right[0, 0] == .blank && right[2, 0] == .blank)
        // Rows the picture does not reach are blank.
        #expect((0..<8).allSatisfy { right[$0, 3] == .blank })
    }

    @Test func theDiffWritesTheSameBytesWhenChangesAreFarApart() {
        // Two changes 150 cells apart on one row of 200, and one on the last column of the
        // next: only those three are written, with the moves worked out by hand.
        var before = Canvas(columns: 200, rows: 3)
        before.write(String(repeating: "a", count: 200), column: 0, row: 1)
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        _ = update.update(to: before)
        var after = before
        after[10, 1] = Cell("X")
        after[160, 1] = Cell("Y")
        after[199, 2] = Cell("Z")
        let e = "\u{1B}"
        // ⎋[2;11H X, then 149 columns on: ⎋[149C Y, then the next row: ⎋[3;200H Z.
        #expect(update.update(to: after) == Array("\(e)[2;11HX\(e)[149CY\(e)[3;200HZ".utf8))
    }
}
