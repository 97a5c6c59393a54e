import Cells
import Testing
import ExplorerTestSupport
@testable import Explorer

/// The scrolling help's title says how to scroll and close at every width: at 40 columns it
/// was cut to "Keys, lines 1–8 of 300 (j/k Space", saying neither.
@Suite struct HelpTitleTests {
    static func titleRow(columns: Int, rows: Int) -> String {
        var state = Fixture.state()
        state.columns = columns; state.rows = rows
        state.press("?")
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
        return canvas.text(row: 1)
    }

    @Test func aNarrowTerminalGetsAShorterTitleNotACutOne() {
        let total = { (columns: Int, rows: Int) -> Int in
            var state = Fixture.state()
            state.columns = columns; state.rows = rows
            return ExplorerScreen.helpLines(state).count
        }
        // 80 × 24: 20 rows of lines; the whole title (67 columns) fits the 72 of room.
        #expect(Self.titleRow(columns: 80, rows: 24).contains("─ Keys, lines 1–20 of \(total(80, 24)) (j/k Space scroll, any other key closes) ─"))
        // 40 × 12: 8 rows; room 40 − 8 = 32 columns. "1–8/N · j/k · other keys close" is
        // 7 + 6 + 19 = 32 with a three-digit N: the longest form that fits.
        let n = total(40, 12)
        #expect(n >= 100 && n < 1000, "\(n)")
        #expect(Self.titleRow(columns: 40, rows: 12) == " ┌─ 1–8/\(n) · j/k · other keys close ─┐ ")
        // 60 × 20: room 52, the second form (47 columns with N three digits).
        #expect(Self.titleRow(columns: 60, rows: 20).contains("─ Keys 1–16 of \(total(60, 20)) · j/k scroll · other keys close ─"))
    }

    @Test func theFormsInOrder() {
        #expect(ExplorerScreen.helpTitle(first: 1, last: 8, of: 300, room: 200) == "Keys, lines 1–8 of 300 (j/k Space scroll, any other key closes)")
        #expect(ExplorerScreen.helpTitle(first: 1, last: 8, of: 300, room: 47) == "Keys 1–8 of 300 · j/k scroll · other keys close")
        #expect(ExplorerScreen.helpTitle(first: 1, last: 8, of: 300, room: 46) == "Keys 1–8/300 · j/k · other keys close")
        #expect(ExplorerScreen.helpTitle(first: 1, last: 8, of: 300, room: 32) == "1–8/300 · j/k · other keys close")
        #expect(ExplorerScreen.helpTitle(first: 1, last: 8, of: 300, room: 20) == "1–8/300 · j/k")
        #expect(ExplorerScreen.helpTitle(first: 1, last: 8, of: 300, room: 3) == "1–8/300 · j/k", "the shortest, cut by the box")
    }
}
