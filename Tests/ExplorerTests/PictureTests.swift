@testable import Explorer
import ExplorerTestSupport
import Cells
import Geometry
import Raster
import Testing

/// Legend (`b`), small terminals (`w`, the compact inspector), presentation (`W`), labels.
@Suite struct PictureTests {
    static func render(_ state: ExplorerState) -> Canvas {
        ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
    }

    @Test func aSmallTerminalShowsTheCompactInspectorAndTheHiddenPanelHint() {
        // 80 × 24: below 96 columns the panel is hidden; the canvas keeps 80 × 21.
        let state = Fixture.state()
        #expect(state.layout.panelHidden)
        #expect(state.layout.canvas == CellRect(column: 0, row: 1, columns: 80, rows: 21))
        let canvas = Self.render(state)
        // card: frame (150, 120, 100, 60), position (200, 150), anchor (0.5, 0.5), no rotation.
        #expect(canvas.text(row: 22).hasPrefix(" rot 0° · frame (150, 120, 100, 60) · pos (200, 150) · anchor (0.5, 0.5)"))
        #expect(canvas.text(row: 22).hasSuffix(" card "))
        #expect(canvas.text(row: 23).hasSuffix("w panel  ? help  : command  q quit"))
    }

    @Test func theCompactInspectorFollowsTheSelection() {
        var state = Fixture.state()
        state.press("r", "Esc")  // rotate 15, then clear the status line
        let canvas = Self.render(state)
        // Spelled out it would be 89 columns; tersely with 3 decimals 77: the line has
        // 80 − " card ".count − 2 = 72, so one decimal. The frame of a 100 × 60 card turned
        // 15° is 100·cos15 + 60·sin15 = 112.122 wide and 100·sin15 + 60·cos15 = 83.837 high
        // about the position (200, 150): origin (143.939, 108.081).
        #expect(canvas.text(row: 22).hasPrefix(" rot 15° · frame 143.9,108.1 112.1×83.8 · pos 200,150 · anchor 0.5,0.5 "))
        #expect(canvas.text(row: 22).hasSuffix(" card "))
    }

    /// Cut by whole fields, never in the middle of a number.
    @Test(arguments: [(200, 4), (72, 4), (60, 3), (45, 2), (30, 1), (3, 1)])
    func theCompactInspectorFitsByWholeFields(width: Int, fields: Int) {
        var state = Fixture.state()
        state.press("r", "Esc")
        let line = Picture.compactInspector(state, width: width)
        #expect(line.split(separator: "·").count == fields)
        #expect(line.displayWidth <= width || fields == 1)
        #expect(line.hasPrefix("rot 15°"))
    }

    @Test func wSwapsToAFullWidthPanelWhereEveryPageIsReachable() throws {
        var state = Fixture.state()
        state.press("w")
        #expect(state.layout.panel == CellRect(column: 0, row: 1, columns: 80, rows: 21))
        var canvas = Self.render(state)
        #expect(canvas.text(row: 1).hasPrefix("Layers · 3"))
        #expect(canvas.text.contains("in superlayer space"))  // the inspector page
        state.press("i")
        #expect(state.panelPage == .formula)
        canvas = Self.render(state)
        let formula = try #require(Why.formulaLines(state).first?.text)
        #expect(canvas.text.contains(formula))
        state.press("i")
        #expect(state.panelPage == .hitTest)
        canvas = Self.render(state)
        let hitTest = try #require(Why.hitTestLines(state).first?.text)
        #expect(canvas.text.contains(hitTest))
        state.press("w")
        #expect(state.layout.canvas.columns == 80)
    }

    @Test func wDoesNothingWhenThePanelFitsBeside() {
        var state = Fixture.state()
        state.columns = 120
        state.press("w")
        #expect(!state.picture.panelInFront)
        #expect(state.layout.panel.columns == ScreenLayout.panelWidth)
    }

    @Test func bShowsTheLegendOnTheCanvasLastRow() {
        var state = Fixture.state()
        state.columns = 120; state.rows = 40
        // 120 × 40: canvas 71 × 37 at rows 1…37; with the legend, rows 1…36 and the legend on row 37.
        #expect(state.layout.canvas.rows == 37)
        state.press("b")
        #expect(state.layout.canvas.rows == 36 && state.layout.legendRow == 37)
        let row = Self.render(state).text(row: 37)
        for word in ["selection", "frame box", "ghost", "position", "anchor"] { #expect(row.contains(word), "\(word)") }
        state.press("b")
        #expect(state.layout.legendRow == nil)
    }

    @Test func presentationShowsTheEchoAsABannerAndTheEssentials() {
        var state = Fixture.state()
        state.columns = 120; state.rows = 40
        state.press("W", "r")
        #expect(state.picture.present)
        let canvas = Self.render(state)
        // The echo "r → rotate 15" padded by two spaces, centred on the 120-column bottom row.
        let echo = "  r → rotate 15  "
        let column = (120 - echo.count) / 2
        #expect(canvas.text(row: 39).contains(echo))
        #expect(canvas[column + 2, 39].style.bold && canvas[column + 2, 39].style.background != .default)
        #expect(canvas.text.contains(" rotation  15°"))
        #expect(!canvas.text.contains("effective → superlayer"))  // the full inspector is gone
    }

    @Test func theSelectionIsLabelledAndTheAnchorStaysVisible() {
        var state = Fixture.state()
        state.columns = 120; state.rows = 40
        let canvas = Self.render(state)
        let area = state.layout.canvas
        let text = (area.row..<(area.row + area.rows)).map { String(canvas.text(row: $0).prefix(area.columns)) }.joined(separator: "\n")
        #expect(text.contains("card"))
        #expect(text.contains("◉"))
    }
}
