@testable import Explorer
import CommandLanguage
import Engine
import SceneFiles
import Foundation
import Geometry
import LayerModel
import LayoutFiles
import Raster
import Testing
import TestSupport

/// Present the subject (issue 32): `--present` frames the step's `view`, else the layers'
/// union — never the empty phone screen around a small card.
@Suite struct PresentSubjectTests {
    /// A 200×120 card at (95, 362) on a 390×844 screen; step 1 turns it 30° and names it its view.
    static let cardDemo = """
        {
          "title": "A card on a phone",
          "screen": { "width": 390, "height": 844 },
          "layers": [ { "name": "card", "kind": "view", "frame": [95, 362, 200, 120], "backgroundColor": "orange" } ],
          "steps": [ { "title": "turn the card", "script": ["select card; rotate 30"], "view": "card" },
                     { "title": "the top", "script": ["select card; rotate -30"], "view": [0, 0, 390, 200] } ]
        }
        """

    static func state(columns: Int = 80, rows: Int = 24) throws -> ExplorerState {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/card-demo.json"
        try cardDemo.write(toFile: path, atomically: true, encoding: .utf8)
        var state = ExplorerState(session: Session(scene: try SceneLoader.load(path), filePath: path))
        state.columns = columns; state.rows = rows
        return state
    }

    /// The share of the canvas's width and height the card's drawn quad spans.
    static func cardShare(_ state: ExplorerState) throws -> (width: Double, height: Double) {
        let tree = state.session.tree
        let id = try #require(tree.id(named: "card"))
        let quad = try #require(tree.screenQuad(of: id))
        let cells = quad.points.map { state.viewport.cellCoordinates(of: $0) }
        let area = state.layout.canvas
        let w = (cells.map(\.column).max()! - cells.map(\.column).min()!) / Double(area.columns)
        let h = (cells.map(\.row).max()! - cells.map(\.row).min()!) / Double(area.rows)
        return (w, h)
    }

    static func canvasText(_ state: ExplorerState) -> String {
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        return (1..<(1 + state.layout.canvas.rows)).map { canvas.text(row: $0) }.joined(separator: "\n")
    }

    @Test func presentingAt80x24TheCardFillsTheCanvasWidthOrHeight() throws {
        var plain = try Self.state()
        // Fitted to the 390×844 phone, the card is a blob: 80×21 cells show 844 points
        // tall (20.1 points a column), so 200 points are 10 columns, 12% of the width.
        let before = try Self.cardShare(plain)
        #expect(max(before.width, before.height) < 0.2)
        var presented = plain
        presented.startPresenting()
        let share = try Self.cardShare(presented)
        #expect(max(share.width, share.height) >= 0.7, "\(share)")
        #expect(Self.canvasText(presented).contains("card"))
        // The key and the command do the same.
        for c in try CommandParser.parseLine("present on") { _ = Reducer.reduce(&plain, .command(c)) }
        #expect(plain.viewport == presented.viewport)
    }

    @Test func aStepsViewIsFramedAndTheTurnedCardKeepsItsName() throws {
        var state = try Self.state()
        state.startPresenting()
        for c in try CommandParser.parseLine("step 1") { _ = Reducer.reduce(&state, .command(c)) }
        let share = try Self.cardShare(state)
        #expect(max(share.width, share.height) >= 0.7, "\(share)")
        #expect(Self.canvasText(state).contains("card"), "after a 30° turn the name stays")
        // Step 2's view is a rect: the top 390×200 of the screen, with a 3% margin.
        for c in try CommandParser.parseLine("step 2") { _ = Reducer.reduce(&state, .command(c)) }
        #expect(state.view.fitted == Rect(x: -11.7, y: -6, width: 413.4, height: 212))
    }

    @Test func theScreensOutlineIsDrawnFaintlyOnBlankCells() throws {
        var state = try Self.state(columns: 80, rows: 24)
        state.startPresenting()
        for c in try CommandParser.parseLine("step 2") { _ = Reducer.reduce(&state, .command(c)) }
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        let outline = (0..<canvas.rows).flatMap { r in (0..<canvas.columns).map { canvas[$0, r] } }.filter { $0.glyph == "┆" || $0.glyph == "┄" }
        #expect(!outline.isEmpty)
        #expect(outline.allSatisfy { $0.style.dim })
    }

    @Test func aBadViewIsALoadErrorNamingTheField() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/bad.json"
        try Self.cardDemo.replacingOccurrences(of: "\"view\": \"card\"", with: "\"view\": 3").write(toFile: path, atomically: true, encoding: .utf8)
        let e = try #require(throws: SceneLoadError.self) { _ = try SceneLoader.load(path) }
        #expect(e.description.contains("steps[0].view"), "\(e)")
        #expect(e.description.contains("expected a layer's name or a rect"), "\(e)")
    }
}
