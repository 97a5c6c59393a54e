import Testing
import Cells
import Geometry
import Raster
import TerminalKit
import LayerModel
import LayoutFiles
import Engine
@testable import Explorer
import ExplorerTestSupport

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
        // The contract's camera, which the numbers below are worked for (the view opens with
        // the scene's own: pitch −25°, spacing 65 here; OpeningCameraTests).
        _ = Reducer.reduce(&state, .command(.engine(.depth(.pitch(0)))))
        _ = Reducer.reduce(&state, .command(.engine(.depth(.spacing(20)))))
        return state
    }

    @Test func everyKeyEchoesTheCommandItAmountsTo() {
        var state = Fixture.state()
        state.press("d")
        #expect(state.echo == "d → explode on" && state.session.depth.exploded)
        // The opening camera for the 400 × 210 screen with 2 planes: wider than tall → pitch
        // −25°; spacing min(400/6, 0.75·400/1) = 66.7 → 65 (a multiple of 5).
        let opening = state.session.explodedCamera(state.session.depthLayout())
        #expect(opening.pitch == -25 && opening.spacing == 65)
        state.press("}")
        #expect(state.echo == "} → camera yaw 35")
        state.press("(")
        #expect(state.echo == "( → camera pitch -30")
        state.press("z")
        #expect(state.echo == "z → explode spacing 60")
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
        #expect(state.echo == "C → camera reset" && state.session.depth.yaw == 30)
        #expect(state.session.explodedCamera(state.session.depthLayout()).pitch == -25)
        state.press("d")
        #expect(state.echo == "d → explode off" && !state.session.depth.exploded)
        // The spacing and the range stay for the next time.
        #expect(state.session.depth.spacing == 60)
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

    /// Plaques through the one label layout, on a 20 × 3 canvas at one point a column (two a
    /// row). "back" (plane 0) covers the canvas: cells (0, 0)…(19, 2); "sel" (plane 1, the
    /// selection) cells (0, 0)…(9, 2). Both want their top edge from column 1 (a margin
    /// there, the name from 2).
    ///
    /// A: the crosshair blocks (3, 0) and sel's outline holds (8, 0). sel goes first: the run
    /// 1…2 is too short for " sel " (5), the next run 4…13 (10 cells at most: twice the
    /// plaque) holds it: text at 5…7. back: 1…2 short, 4…7 short (8 is sel's outline, not
    /// back's), 9…19 holds " back ": the name at 10 — two cells (8, 9) after sel's, its halo.
    /// B: back's outline everywhere, no block: sel has no spot of its own (every cell is
    /// back's), so it takes its top row over the outlines: 2…4; back (its own outline) its
    /// top edge after sel's halo (5, 6): 7.
    @Test func plaquesGoThroughTheLabelLayoutAndTheSelectionsAlwaysShows() {
        let v = Viewport(origin: .zero, pointsPerColumn: 1)
        func quad(_ w: Double) -> Quad { Quad(Point(0, 0), Point(w, 0), Point(w, 5.5), Point(0, 5.5)) }
        let back = LayerID(raw: 0), sel = LayerID(raw: 1)
        let items = [
            ExplodedRaster.Item(layer: back, quad: quad(19.5), plane: 0, name: "back", color: nil, badge: false),
            ExplodedRaster.Item(layer: sel, quad: quad(9.5), plane: 1, name: "sel", color: nil, badge: false)
        ]
        func place(_ drawing: ExplodedRaster.Drawing, blocked: [Int]) -> [String] {
            var grid = LabelGrid(columns: 20, rows: 3)
            for c in blocked { grid.block(column: c, row: 0) }
            return ExplodedRaster.placePlaques(items, drawing: drawing, viewport: v, selection: sel, grid: &grid)
                .map { "\($0.text)@\($0.column),\($0.row)" }
        }
        var a = ExplodedRaster.Drawing(
            mask: .init(repeating: 0, count: 60), owner: .init(repeating: -1, count: 60),
            filled: .init(repeating: -1, count: 60))
        a.mask[8] = 1; a.owner[8] = 1
        #expect(place(a, blocked: [3]) == ["sel@5,0", "back@10,0"])
        let b = ExplodedRaster.Drawing(
            mask: .init(repeating: 1, count: 60), owner: .init(repeating: 0, count: 60),
            filled: .init(repeating: -1, count: 60))
        #expect(place(b, blocked: []) == ["sel@2,0", "back@7,0"])
    }
}
