@testable import Explorer
import ExplorerTestSupport
import Cells
import Geometry
import Raster
import TestSupport
import Testing

@Suite struct ScreenSizeTests {
    static func render(_ columns: Int, _ rows: Int, mode: Mode = .normal, unicode: Bool = true) throws -> Canvas {
        var state = try LayoutGoldenTests.state("tour.json", columns: columns, rows: rows)
        state.mode = mode
        return ExplorerScreen.render(state, options: ScreenOptions(mode: unicode ? .braille : .ascii, unicode: unicode)).canvas
    }

    @Test func oneByOneDoesNotCrash() throws {
        let canvas = try Self.render(1, 1)
        #expect(canvas.columns == 1 && canvas.rows == 1)
    }

    @Test func zeroByZeroDoesNotCrash() throws {
        let canvas = try Self.render(0, 0)
        #expect(canvas.columns == 0 && canvas.rows == 0)
    }

    /// One column and one row short of 40 × 12: the message, centred. "terminal too small:"
    /// is 19 wide, (39 − 19) / 2 = 10 columns in; the three lines sit on rows 4…6 of 0…10.
    @Test func belowTheMinimumSaysTerminalTooSmall() throws {
        expectCanvas(
            try Self.render(39, 11),
            matches: """
                |                                       |
                |                                       |
                |                                       |
                |                                       |
                |          terminal too small:          |
                |              need 40×12               |
                |              have 39×11               |
                |                                       |
                |                                       |
                |                                       |
                |                                       |
                """)
    }

    @Test(arguments: [(39, 30), (100, 11)])
    func eitherDimensionBelowTheMinimumIsTooSmall(columns: Int, rows: Int) throws {
        let canvas = try Self.render(columns, rows)
        let text = (0..<canvas.rows).map { canvas.text(row: $0) }.joined(separator: "\n")
        #expect(text.contains("need 40×12"))
        #expect(text.contains("have \(columns)×\(rows)"))
    }

    @Test func theMinimumShowsTheExplorer() throws {
        let canvas = try Self.render(40, 12)
        // 31 columns for the title bar's text: the rest of it is cut with "…" (TitleCutTests).
        #expect(canvas.text(row: 0).hasPrefix(" LayerScope · Layouts/tour.jso…"))
        #expect(canvas.text(row: 0).hasSuffix(" NORMAL "))
        #expect(canvas.text(row: 10).hasSuffix(" face "))  // below 96 columns the order is in the panel
        #expect(!canvas.text(row: 5).contains("terminal too small"))
        #expect(!canvas.text(row: 1).contains("│"))  // no panel
    }

    @Test(arguments: [(40, 12), (80, 24), (95, 30), (96, 30), (100, 30), (500, 200)])
    func everyModeAndOverlayRendersAtEverySize(columns: Int, rows: Int) throws {
        let modes: [Mode] = [.normal, .anchor, .cursor, .tree, .command(text: "rotate 15", caret: 9), .help, .confirmQuit]
        for mode in modes {
            for unicode in [true, false] {
                let canvas = try Self.render(columns, rows, mode: mode, unicode: unicode)
                #expect(canvas.columns == columns && canvas.rows == rows)
            }
        }
    }

    @Test func thePanelCollapsesBelow96Columns() {
        #expect(ScreenLayout(columns: 95, rows: 30).panel.isEmpty)
        #expect(ScreenLayout(columns: 95, rows: 30).canvas == CellRect(column: 0, row: 1, columns: 95, rows: 27))
        #expect(ScreenLayout(columns: 96, rows: 30).panel == CellRect(column: 48, row: 1, columns: 48, rows: 27))
        #expect(ScreenLayout(columns: 96, rows: 30).canvas == CellRect(column: 0, row: 1, columns: 47, rows: 27))
    }

    @Test func thePanelIsDrawnFrom96Columns() throws {
        let narrow = try Self.render(95, 30)
        #expect(!narrow.text(row: 1).contains("Layers"))
        let wide = try Self.render(96, 30)
        #expect(wide[47, 1].glyph == "│")
        #expect(wide.text(row: 1).hasSuffix("│Layers · 5" + String(repeating: " ", count: 38)))
    }

    @Test func aHugeTerminalFillsEveryRow() throws {
        let canvas = try Self.render(500, 200)
        #expect(canvas.text(row: 0).hasSuffix(" NORMAL "))
        #expect(canvas.text(row: 198).hasSuffix(" face  order zPosition "))
        #expect(canvas.text(row: 199).hasSuffix("? help  : command  q quit"))
        #expect(canvas[451, 100].glyph == "│")  // 500 − 48 − 1
    }

    @Test func theCrosshairAtTheCanvasEdgeStaysInside() throws {
        var state = Fixture.state()
        state.press("c", "K", "H", "H", "H", "H", "H")  // far up-left, past the canvas
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
        #expect(canvas.text(row: 0).hasSuffix(" CURSOR hit-test "))
    }
}
