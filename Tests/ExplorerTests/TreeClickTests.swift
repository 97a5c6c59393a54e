@testable import Explorer
import Scenes
import Geometry
import Raster
import Testing
import LayerModel
import LayoutFiles
import Engine

/// A click on a row of the tree pane selects the layer that row shows — read off the
/// rendered screen, so drawing and clicking must agree when the tree is scrolled and when
/// the file-error banner pushes it down.
@Suite struct TreeClickTests {
    /// 30 top-level layers `l00` … `l29`, each 10 × 10, in a row.
    static func state(selecting name: String, banner: Bool) throws -> ExplorerState {
        var tree = LayerTree()
        for i in 0..<30 {
            var layer = Layer(name: String(format: "l%02d", i))
            layer.bounds = Rect(0, 0, 10, 10)
            layer.position = Point(Double(i) * 12 + 6, 20)
            _ = try tree.add(layer)
        }
        var state = ExplorerState(session: Session(scene: Scene(title: "rows", screen: Size(width: 360, height: 40), tree: tree)))
        state.columns = 120; state.rows = 40
        _ = Reducer.perform(&state, .select(name), echo: nil)
        if banner { state.fileError = "rows.json:3:9: layers[0].bounds: expected 4 numbers, found 3" }
        return state
    }

    /// The layer name drawn on each terminal row of the panel that shows a tree row.
    static func drawnRows(_ state: ExplorerState) -> [(row: Int, name: String)] {
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille))
        let panel = state.layout.panel
        var out: [(Int, String)] = []
        for row in panel.row..<(panel.row + panel.rows) {
            let text = screen.canvas.text(row: row)
            let cells = Array(text)
            guard cells.count > panel.column else { continue }
            let inPanel = String(cells[panel.column...])
            // A tree row reads "› L l07" or "  L l07".
            if let r = inPanel.range(of: #"L l[0-9][0-9]"#, options: .regularExpression) {
                out.append((row, String(inPanel[r].dropFirst(2))))
            }
        }
        return out
    }

    @Test(arguments: [("l00", false), ("l25", false), ("l29", true), ("l14", true)])
    func clickingEveryDrawnTreeRowSelectsThatRowsLayer(selected: String, banner: Bool) throws {
        let start = try Self.state(selecting: selected, banner: banner)
        let rows = Self.drawnRows(start)
        // The panel is 40 rows tall with the title, status and echo lines around it; the
        // tree gets a third of it, so it shows fewer than the 30 layers and must scroll.
        try #require(rows.count >= 3 && rows.count < 30)
        #expect(rows.contains { $0.name == selected }, "the selection is scrolled into view")
        if selected == "l25" || selected == "l29" { #expect(rows.first?.name != "l00", "the tree is scrolled") }
        for (row, name) in rows {
            var state = start
            _ = Reducer.reduce(&state, .click(column: state.layout.panel.column + 2, row: row))
            #expect(state.selectedName == name, "row \(row) shows \(name)")
        }
    }

    @Test func clickingTheBannerOrHeadingSelectsNothingNew() throws {
        var state = try Self.state(selecting: "l05", banner: true)
        let panel = state.layout.panel
        // Panel row 0 is the banner's first line, not a tree row.
        _ = Reducer.reduce(&state, .click(column: panel.column + 2, row: panel.row))
        #expect(state.selectedName == "l05")
    }
}
