@testable import Explorer
import ExplorerTestSupport
import CommandLanguage
import Engine
import Foundation
import Geometry
import LayerModel
import LayoutFiles
import Raster
import Testing

/// Zoom keeps what you look at (issue 32): `+`/`-` zoom about the crosshair in cursor mode,
/// else about the selection; `0` fits every layer's true quad; `9` fits the selection.
@Suite struct ZoomFitTests {
    static func run(_ state: inout ExplorerState, _ line: String) throws {
        for command in try CommandParser.parseLine(line) { _ = Reducer.reduce(&state, .command(command)) }
    }

    /// The canvas area's text rows.
    static func canvasText(_ state: ExplorerState) -> String {
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        let area = state.layout.canvas
        return (area.row..<(area.row + area.rows)).map { row in
            String(canvas.text(row: row).prefix(area.columns))
        }.joined(separator: "\n")
    }

    /// The rotated cover dump (07, sentry): a 100×100 root whose UIView#2 is turned by π/8,
    /// so its corners stick out of the root by up to 20.7 points on every side.
    static func coverDump(columns: Int = 100, rows: Int = 30) throws -> ExplorerState {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        let text = try String(contentsOf: url.appendingPathComponent("LayoutFilesTests/Dumps/07-sentry-rotated-cover.txt"), encoding: .utf8)
        let dump = try RecursiveDescriptionImporter.importDump(text, file: "07-sentry-rotated-cover.txt")
        var state = ExplorerState(session: Session(scene: dump.scene))
        state.columns = columns; state.rows = rows
        return state
    }

    @Test func zoomAboutTheSelectionKeepsItsNameOnTheCanvas() throws {
        // depth.json's layerRed is at (440…580, 120…240) of a 640×300 screen. At 100×30 the
        // canvas is 51×26 cells: 12.55 points a column; zoom 8 shows 80×82 points. About the
        // canvas's centre (320, 150) that is x 280…360 — layerRed was gone. About the
        // selection's centre (510, 180) it stays under the same cell, and its name with it.
        var state = try LayoutGoldenTests.state("depth.json")
        try Self.run(&state, "select layerRed")
        let before = state.viewport.cellCoordinates(of: Point(x: 510, y: 180))
        try Self.run(&state, "zoom 8")
        let after = state.viewport.cellCoordinates(of: Point(x: 510, y: 180))
        #expect(abs(after.column - before.column) < 1e-9 && abs(after.row - before.row) < 1e-9)
        #expect(Self.canvasText(state).contains("layerRed"))
        // The `+` key does the same: the selection's centre stays put.
        var keyed = try LayoutGoldenTests.state("depth.json")
        try Self.run(&keyed, "select layerRed")
        keyed.press("+")
        #expect(keyed.echo == "+ → zoom 1.25")
        let k = keyed.viewport.cellCoordinates(of: Point(x: 510, y: 180))
        #expect(abs(k.column - before.column) < 1e-9 && abs(k.row - before.row) < 1e-9)
    }

    @Test func zoomInCursorModeKeepsTheCrosshairsCell() throws {
        var state = try LayoutGoldenTests.state("depth.json")
        try Self.run(&state, "cursor-at 100 250")
        let before = state.viewport.cell(containing: Point(x: 100, y: 250))
        state.press("+", "+", "+")
        #expect(state.mode == .cursor)
        #expect(state.viewport.cell(containing: Point(x: 100, y: 250)) == before)
    }

    @Test func zoomAboutTheSelectionInTheExplodedView() throws {
        var state = try LayoutGoldenTests.state("depth.json")
        try Self.run(&state, "step 2; select layerRed")
        let anchor = try #require(Framing.zoomAnchor(state))
        let before = state.viewport.cellCoordinates(of: anchor)
        try Self.run(&state, "zoom 6")
        let after = state.viewport.cellCoordinates(of: anchor)
        #expect(abs(after.column - before.column) < 1e-6 && abs(after.row - before.row) < 1e-6)
        #expect(Self.canvasText(state).contains("layerRed"))
    }

    @Test func fitKeepsEveryCornerOfTheRotatedCoverInsideTheCanvas() throws {
        var state = try Self.coverDump()
        let tree = state.session.tree
        let cover = try #require(tree.id(named: "UIView#2"))
        let quad = try #require(tree.screenQuad(of: cover))
        // The cover's corners stick out of the 100×100 root: its frame is printed as
        // (-15.3281 -15.3281; 130.656 130.656).
        #expect(quad.points.map(\.x).min()! < -15 && quad.points.map(\.x).max()! > 115)
        let area = state.layout.canvas
        func inside(_ s: ExplorerState) -> Bool {
            quad.points.allSatisfy { p in
                let c = s.viewport.cell(containing: p)
                return c.column >= 0 && c.column < area.columns && c.row >= 0 && c.row < area.rows
            }
        }
        // It opens fitted (issue 32: it opened on the root's 100×100 screen, the corners cut),
        // as `0` fits it.
        #expect(inside(state), "opened with every corner of the cover on the canvas")
        let opened = state.viewport
        try Self.run(&state, "zoom 3; pan 4 2")
        state.press("0")
        #expect(state.echo == "0 → fit")
        #expect(inside(state) && state.viewport == opened)
        // Fitting, not merely showing: the cover spans most of the canvas's height.
        let rows = quad.points.map { state.viewport.cellCoordinates(of: $0).row }
        #expect(rows.max()! - rows.min()! > Double(area.rows) * 0.85)
    }

    @Test func fitOfAsceneInsideItsScreenStillFitsTheScreen() throws {
        // Every layer of depth.json is inside its 640×300 screen: `0` is the view it opens with.
        var state = try LayoutGoldenTests.state("depth.json")
        let opened = state.viewport
        try Self.run(&state, "zoom 3; pan 5 2")
        state.press("0")
        #expect(state.viewport == opened)
    }

    @Test func nineFitsTheSelectionAndItsSublayers() throws {
        var state = try LayoutGoldenTests.state("depth.json")
        try Self.run(&state, "select layers")
        state.press("9")
        #expect(state.echo == "9 → fit selection")
        // layers (340…620, 40…260) and its sublayers fill the canvas (51×26): 280 wide and
        // 220 tall, with a 3% margin; its width decides (280·1.06 / 51 columns = 5.82 points
        // a column, against 220·1.06 / 52 half-rows = 4.48) — 48.1 of the 51 columns.
        let v = state.viewport
        let top = v.cellCoordinates(of: Point(x: 340, y: 40)), bottom = v.cellCoordinates(of: Point(x: 620, y: 260))
        #expect(top.row >= 0 && bottom.row <= Double(state.layout.canvas.rows))
        #expect(top.column >= 0 && bottom.column <= Double(state.layout.canvas.columns))
        #expect(abs((bottom.column - top.column) - 280 / (280 * 1.06 / 51)) < 1e-6)
        #expect(Self.canvasText(state).contains("layerGreen"))
        #expect(!Self.canvasText(state).contains("viewGreen"))
    }

    @Test func bothFitsAreInTheHelp() {
        let help = ExplorerScreen.helpLines(LayoutGoldenTests.stateOrFixture()).joined(separator: "\n")
        #expect(help.contains("fit every layer and the screen"))
        #expect(help.contains("fit the selection and its sublayers"))
    }
}

extension LayoutGoldenTests {
    static func stateOrFixture() -> ExplorerState { (try? state("depth.json")) ?? Fixture.state() }
}
