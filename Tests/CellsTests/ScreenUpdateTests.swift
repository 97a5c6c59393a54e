import Cells
import Testing

/// The bytes the terminal backend sends per frame, worked out by hand.
/// ESC is written `⎋` in the comments.
@Suite struct ScreenUpdateTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    static let e = "\u{1B}"
    static let clear = "\(e)[0m\(e)[H\(e)[2J"
    static let red = CellStyle(foreground: .rgb(255, 0, 0))
    static let blueBackground = CellStyle(background: .rgb(0, 0, 255))

    static func text(_ rows: [String], style: CellStyle = .plain) -> Canvas {
        var canvas = Canvas(columns: rows[0].count, rows: rows.count)
        for (row, line) in rows.enumerated() { canvas.write(line, column: 0, row: row, style: style) }
        return canvas
    }

    @Test func theFirstFrameClearsAndWritesOnlyCellsThatAreNotBlank() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        // "ab  " / "   c": clear, "ab" from home, then c at row 2 column 4 (1-based).
        let bytes = update.update(to: Self.text(["ab  ", "   c"]))
        #expect(bytes == Self.bytes("\(Self.clear)ab\(Self.e)[2;4Hc"))
    }

    @Test func anUnchangedFrameSendsNothing() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        let canvas = Self.text(["hello", "world"])
        _ = update.update(to: canvas)
        #expect(update.update(to: canvas).isEmpty)
    }

    @Test func onlyTheChangedCellsAreWritten() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        _ = update.update(to: Self.text(["abcdefghij", "klmnopqrst"]))
        // Changes at (7, 0) and (2, 1): after the first frame the cursor sits after "t"
        // at row 2 in its pending-wrap state (unknown), so the first move is a full CUP
        // ⎋[1;8H, the next one is on another row: ⎋[2;3H.
        let bytes = update.update(to: Self.text(["abcdefgXij", "klYnopqrst"]))
        #expect(bytes == Self.bytes("\(Self.e)[1;8HX\(Self.e)[2;3HY"))
    }

    @Test func aFarCellOnTheSameRowIsReachedWithACursorForwardMove() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        _ = update.update(to: Self.text(["..........", "          "]))
        // Cells 1 and 8 change: ⎋[1;2H writes "A" (cursor now at 2), then 6 cells to
        // skip: ⎋[6C (4 bytes, fewer than rewriting "......", 6 bytes).
        let bytes = update.update(to: Self.text([".A......B.", "          "]))
        #expect(bytes == Self.bytes("\(Self.e)[1;2HA\(Self.e)[6CB"))
    }

    @Test func aShortGapIsRewrittenInsteadOfSkipped() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        _ = update.update(to: Self.text(["..........", "          "]))
        // Cells 1 and 4 change; the gap ".." (2 bytes) is cheaper than ⎋[2C (4 bytes).
        let bytes = update.update(to: Self.text([".A..B.....", "          "]))
        #expect(bytes == Self.bytes("\(Self.e)[1;2HA..B"))
    }

    @Test func aResizeRepaintsEverything() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        _ = update.update(to: Self.text(["ab", "cd"]))
        // A canvas of another size: the screen is cleared and every non-blank cell sent.
        let bytes = update.update(to: Self.text(["ab ", "cd "]))
        #expect(bytes == Self.bytes("\(Self.clear)ab\(Self.e)[2Hcd"))
    }

    @Test func invalidateRepaintsEverythingAtTheSameSize() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        let canvas = Self.text(["ab", "cd"])
        _ = update.update(to: canvas)
        update.invalidate()
        #expect(update.update(to: canvas) == Self.bytes("\(Self.clear)ab\(Self.e)[2Hcd"))
    }

    @Test func aStyleIsSentOncePerRunAndOnlyThePartThatChanges() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        var canvas = Canvas(columns: 4, rows: 1)
        // Red on blue, red on blue, red on default, plain.
        let redOnBlue = CellStyle(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))
        canvas[0, 0] = Cell("a", style: redOnBlue)
        canvas[1, 0] = Cell("b", style: redOnBlue)
        canvas[2, 0] = Cell("c", style: Self.red)
        canvas[3, 0] = Cell("d")
        // 255,0,0 → 196 and 0,0,255 → 21 (the cube); the plain state after the clear
        // means the first run sets both, then only the background goes back (49), then
        // only the foreground (39).
        let bytes = update.update(to: canvas)
        #expect(bytes == Self.bytes("\(Self.clear)\(Self.e)[38;5;196;48;5;21mab\(Self.e)[49mc\(Self.e)[39md"))
    }

    @Test func anAttributeTurnedOffIsTurnedOffAlone() {
        var update = ScreenUpdate(options: .init(colors: .ansi16))
        var canvas = Canvas(columns: 4, rows: 1)
        canvas[0, 0] = Cell("a", style: CellStyle(foreground: .rgb(255, 0, 0), bold: true, underline: true))
        canvas[1, 0] = Cell("b", style: CellStyle(foreground: .rgb(255, 0, 0), underline: true))
        canvas[2, 0] = Cell("c", style: Self.red)
        canvas[3, 0] = Cell("d", style: CellStyle(foreground: .rgb(255, 0, 0), reverse: true))
        // Bold underlined red (1, 4, 91 = bright red, index 9); bold off: 22 only, the
        // colour stays; underline off: 24; reverse on: 7.
        #expect(
            update.update(to: canvas)
                == Self.bytes("\(Self.clear)\(Self.e)[1;4;91ma\(Self.e)[22mb\(Self.e)[24mc\(Self.e)[7md"))
    }

    @Test func anInvisibleForegroundIsNotChanged() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        var canvas = Canvas(columns: 4, rows: 1)
        let white = CellColor.rgb(255, 255, 255), black = CellColor.rgb(0, 0, 0)
        canvas[0, 0] = Cell("a", style: CellStyle(foreground: .rgb(255, 0, 0), background: white))
        // A space on white with a black foreground: the red foreground stays (nothing sent).
        canvas[1, 0] = Cell(" ", style: CellStyle(foreground: black, background: white))
        // A full block black on black is a black space: only the background changes.
        canvas[2, 0] = Cell("█", style: CellStyle(foreground: black, background: black))
        // Underlined: the foreground shows, so it is sent (black is 16 in the cube).
        canvas[3, 0] = Cell(" ", style: CellStyle(foreground: black, background: black, underline: true))
        // Red 196, white 231; black 16.
        #expect(
            update.update(to: canvas)
                == Self.bytes(
                    "\(Self.clear)\(Self.e)[38;5;196;48;5;231ma \(Self.e)[48;5;16m \(Self.e)[4;38;5;16m "))
    }

    @Test func truecolorIsWrittenAsDirectSGR() {
        var update = ScreenUpdate(options: .init(colors: .truecolor))
        var canvas = Canvas(columns: 1, rows: 1)
        canvas[0, 0] = Cell("x", style: CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(250, 128, 0)))
        #expect(update.update(to: canvas) == Self.bytes("\(Self.clear)\(Self.e)[38;2;1;2;3;48;2;250;128;0mx"))
    }

    @Test func monochromeSendsAttributesOnly() {
        var update = ScreenUpdate(options: .init(colors: .none))
        var canvas = Canvas(columns: 2, rows: 1)
        canvas[0, 0] = Cell("a", style: CellStyle(foreground: .rgb(255, 0, 0)))
        canvas[1, 0] = Cell("b", style: CellStyle(foreground: .rgb(0, 255, 0), reverse: true))
        // Colours vanish: "a" needs no SGR at all; "b" turns reverse (7) on.
        #expect(update.update(to: canvas) == Self.bytes("\(Self.clear)a\(Self.e)[7mb"))
    }

    @Test func eightColorTerminalsTakeTheDarkHalf() {
        var update = ScreenUpdate(options: .init(colors: .ansi16, brightColors: false))
        var canvas = Canvas(columns: 1, rows: 1)
        canvas[0, 0] = Cell("a", style: Self.red)
        // Bright red, index 9, becomes 9 % 8 = 1: 31.
        #expect(update.update(to: canvas) == Self.bytes("\(Self.clear)\(Self.e)[31ma"))
    }

    @Test func asciiModeWritesStandIns() {
        var update = ScreenUpdate(options: .init(colors: .none, unicode: false))
        #expect(update.update(to: Self.text(["┌⠁█"])) == Self.bytes("\(Self.clear)+.#"))
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        // Canvas.write already shows them as ^G ^[; cells set directly (a rasterizer
        // glyph) are the backend's last line of defence.
        var update = ScreenUpdate(options: .init(colors: .none))
        var canvas = Canvas(columns: 4, rows: 1)
        for (i, ch) in ["a", "\u{07}", "\u{1B}", "b"].enumerated() { canvas[i, 0] = Cell(Character(ch)) }
        #expect(update.update(to: canvas) == Self.bytes("\(Self.clear)a??b"))
        var written = Canvas(columns: 6, rows: 1)
        written.write("a\u{07}\u{1B}b", column: 0, row: 0)
        var fresh = ScreenUpdate(options: .init(colors: .none))
        #expect(fresh.update(to: written) == Self.bytes("\(Self.clear)a^G^[b"))
    }

    @Test func theBottomRightCellIsSkippedWhenWritingItWouldScroll() {
        var update = ScreenUpdate(options: .init(colors: .none, skipsBottomRightCell: true))
        #expect(update.update(to: Self.text(["ab", "cd"])) == Self.bytes("\(Self.clear)ab\(Self.e)[2Hc"))
    }

    @Test func aCellChangedBackToBlankIsWritten() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        _ = update.update(to: Self.text(["abc"]))
        // "b" disappears: a blank is written over it (the screen is not cleared again).
        #expect(update.update(to: Self.text(["a c"])) == Self.bytes("\(Self.e)[1;2H "))
    }

    /// Wide characters: the terminal draws one glyph across two cells and moves its cursor
    /// two columns, so the tail cell is never written and the cursor is tracked by 2.
    @Test func aWideCharacterIsWrittenOnceAndMovesTheCursorTwoColumns() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        var first = Canvas(columns: 6, rows: 1)
        first.write("时a", column: 0, row: 0)
        // Clear, then 时 (3 UTF-8 bytes, columns 1–2) and a (column 3): no move between.
        #expect(update.update(to: first) == Self.bytes("\(Self.clear)时a"))
        // Only "a" changes to "b": the cursor is at column 4 (after a), so ⎋[1;3H, then b.
        var second = Canvas(columns: 6, rows: 1)
        second.write("时b", column: 0, row: 0)
        #expect(update.update(to: second) == Self.bytes("\(Self.e)[1;3Hb"))
        // 时 becomes 钟: head changed, tail unchanged: ⎋[H (home) and 钟; then nothing
        // else — the cursor is known to be at column 3, no stray write at the tail.
        var third = Canvas(columns: 6, rows: 1)
        third.write("钟b", column: 0, row: 0)
        #expect(update.update(to: third) == Self.bytes("\(Self.e)[H钟"))
        // A narrow pair replaces the wide glyph: both cells are written.
        var fourth = Canvas(columns: 6, rows: 1)
        fourth.write("xyb", column: 0, row: 0)
        #expect(update.update(to: fourth) == Self.bytes("\(Self.e)[Hxy"))
    }

    @Test func aChangedTailIsRedrawnWithItsHead() {
        var update = ScreenUpdate(options: .init(colors: .ansi256))
        var first = Canvas(columns: 4, rows: 1)
        first.write("a时", column: 0, row: 0)
        _ = update.update(to: first)
        // Same glyph, new style: head and tail both changed; one write of 时 in red from
        // column 2 (1-based), and the cursor ends past the tail.
        var second = Canvas(columns: 4, rows: 1)
        second.write("a", column: 0, row: 0)
        second.write("时", column: 1, row: 0, style: Self.red)
        let bytes = update.update(to: second)
        #expect(bytes == Self.bytes("\(Self.e)[1;2H\(Self.e)[38;5;196m时"))
        #expect(update.cursorPosition.map { [$0.column, $0.row] } == [3, 0])
    }

    @Test func inASCIIAWideCharacterIsOneStandInAndASpace() {
        var update = ScreenUpdate(options: .init(colors: .ansi256, unicode: false))
        var canvas = Canvas(columns: 3, rows: 1)
        canvas.write("时a", column: 0, row: 0)
        #expect(update.update(to: canvas) == Self.bytes("\(Self.clear)? a"))
    }
}
