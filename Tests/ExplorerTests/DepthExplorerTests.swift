import Testing
import Cells
import Geometry
import Raster
import TerminalKit
import LayerModel
import LayoutFiles
import LayerKit
@testable import Explorer

/// The exploded view in the explorer (docs/depth.md) on the fixture (400 × 210 screen, so
/// the camera's centre c = (200, 105)). Tree packing: card (150…250 × 120…180) has nothing
/// before it → plane 0; badge (in card, 150…170 × 120…140) over card → 1; back (35…85 ×
/// 35…85) overlaps neither → 0. P = 2, so with spacing 20 plane 0 sits at z = −10 and
/// plane 1 at z = +10.
@Suite("Depth: the exploded view in the explorer")
struct DepthExplorerTests {
    func exploded(columns: Int = 120, rows: Int = 40) -> ExplorerState {
        var state = Fixture.state()
        state.columns = columns; state.rows = rows
        _ = Reducer.reduce(&state, .command(.engine(.depth(.explode(true)))))
        return state
    }

    @Test func everyKeyEchoesTheCommandItAmountsTo() {
        var state = Fixture.state()
        state.press("d")
        #expect(state.echo == "d → explode on" && state.session.depth.exploded)
        state.press("}")
        #expect(state.echo == "} → camera yaw 35")
        state.press("(")
        #expect(state.echo == "( → camera pitch -5")
        state.press("z")
        #expect(state.echo == "z → explode spacing 15")
        // P = 2 (planes 0 and 1). 6 raises the back end: 1…1; 5 lowers it again: 0…1, all.
        state.press("6")
        #expect(state.echo == "6 → explode range 1 1")
        state.press("5")
        #expect(state.echo == "5 → explode range all")
        // 7 lowers the front end (Xcode: hides front planes): 0…0.
        state.press("7")
        #expect(state.echo == "7 → explode range 0 0" && state.session.depth.range == 0...0)
        state.press("D")
        #expect(state.echo == "D → explode order render")
        state.press("C")
        #expect(state.echo == "C → camera reset" && state.session.depth.yaw == 30 && state.session.depth.pitch == 0)
        state.press("d")
        #expect(state.echo == "d → explode off" && !state.session.depth.exploded)
        // The spacing and the range stay for the next time.
        #expect(state.session.depth.spacing == 15)
    }

    /// yaw 30: badge's centre (160, 130) on plane 1 (z = 10): dx = −40, x1 = −40·cos30 +
    /// 10·sin30 = −29.641 → (170.359, 130); card's point (240, 170) on plane 0 (z = −10):
    /// x1 = 40·cos30 − 5 = 29.641 → (229.641, 170). A click on each picks it; the badge's
    /// point is also over card's exploded quad (card spans 150…250 flat → 108.4…195.6 + …),
    /// so Tab cycles badge → card → badge.
    @Test func aClickPicksTheFrontmostExplodedQuadAndTabCyclesUnderThePoint() throws {
        var state = exploded()
        let area = state.layout.canvas
        func click(_ p: Point) {
            let cell = state.viewport.cell(containing: p)
            _ = Reducer.reduce(&state, .click(column: area.column + cell.column, row: area.row + cell.row))
        }
        click(Point(x: 170.359, y: 130))
        #expect(state.selectedName == "badge")
        #expect(state.echo == "click → select badge")
        let frame = DepthFrame(state)
        #expect(frame.stack(at: try #require(state.cursor)).map { frame.tree[$0].name } == ["badge", "card"])
        state.press("Tab")
        #expect(state.selectedName == "card" && state.echo == "Tab → select card")
        state.press("Tab")
        #expect(state.selectedName == "badge")
        click(Point(x: 229.641, y: 170))
        #expect(state.selectedName == "card")
        // Nothing under the point: the cursor moves, the selection stays.
        click(Point(x: 235, y: 60))
        #expect(state.selectedName == "card" && state.echo.hasPrefix("click → cursor-at"))
    }

    @Test func theScreenShowsPlanesNamesOrderAndPanel() {
        var state = exploded()
        _ = Reducer.reduce(&state, .command(.engine(.select("badge"))))
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille))
        let text = screen.canvas.text
        #expect(text.contains("explode tree · yaw 30° pitch 0°"))
        #expect(text.contains("Exploded · order tree · 2 planes"))
        #expect(text.contains("badge: plane 1"))
        // Every layer's name is on a plaque (there is room for all three) and outlines are braille.
        for name in [" card ", " badge ", " back "] { #expect(text.contains(name), "\(name)") }
        #expect(text.unicodeScalars.contains { $0.value >= 0x2801 && $0.value <= 0x28FF })
    }

    @Test func cameraAndSpacingSurviveALiveReload() {
        var state = exploded()
        state.session.filePath = "/tmp/fixture.json"
        _ = Reducer.reduce(&state, .command(.engine(.depth(.yaw(45)))))
        _ = Reducer.reduce(&state, .command(.engine(.depth(.spacing(35)))))
        _ = Reducer.reduce(&state, .loaded(Fixture.scene(), path: "/tmp/fixture.json"))
        #expect(state.session.depth.exploded && state.session.depth.yaw == 45 && state.session.depth.spacing == 35)
    }

    /// Placement on a 20 × 3 canvas. "abc" is 5 wide with its spaces. First request at (0, 0)
    /// takes it (columns 0…4). The second wants (2, 0) — overlaps — then (2, 1): taken. The
    /// third wants (0, 0) and (16, 0), which would end at 21 > 20 (off the canvas): left off.
    /// The fourth must show: its candidates are (0, 2) over a foreign outline and (0, 1), which
    /// collides with the second: it takes (0, 2) over the outline. A fifth for the same item as
    /// the first is skipped (one plaque per item).
    @Test func plaquesNeverOverlapAndTheSelectionsAlwaysShows() {
        typealias R = ExplodedRaster.PlaqueRequest
        let requests = [
            R(item: 0, text: "abc", candidates: [CellPosition(column: 0, row: 0)], mustShow: false),
            R(item: 1, text: "abc", candidates: [CellPosition(column: 2, row: 0), CellPosition(column: 2, row: 1)], mustShow: false),
            R(item: 2, text: "abc", candidates: [CellPosition(column: 0, row: 0), CellPosition(column: 16, row: 0)], mustShow: false),
            R(item: 3, text: "abc", candidates: [CellPosition(column: 0, row: 2), CellPosition(column: 0, row: 1)], mustShow: true),
            R(item: 0, text: "≠", candidates: [CellPosition(column: 10, row: 2)], mustShow: false),
        ]
        let placed = ExplodedRaster.placePlaques(requests, columns: 20, rows: 3, blocked: { _ in false },
                                                 foreign: { cell, _ in cell.row == 2 && cell.column == 1 })
        #expect(placed == [
            .init(item: 0, text: "abc", at: CellPosition(column: 0, row: 0)),
            .init(item: 1, text: "abc", at: CellPosition(column: 2, row: 1)),
            .init(item: 3, text: "abc", at: CellPosition(column: 0, row: 2)),
        ])
    }
}
