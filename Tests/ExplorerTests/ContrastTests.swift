@testable import Explorer
import Cells
import Foundation
import Geometry
import Raster
import TestSupport
import Testing
import LayerModel
import CommandLanguage

/// Overlays (selection outline, frame box, ghost, position, anchor, and the explanations'
/// annotations: anchor-jump ghost and arrow, untouchable hatching …) are drawn in a colour
/// that contrasts with what is under them, at every colour depth, on every shipped scene.
@Suite struct ContrastTests {
    /// Every cell where `with` differs from `without` (the overlay's cells), as
    /// (foreground, background) with the terminal's background standing in for "default".
    static func overlayCells(_ with: Canvas, _ without: Canvas, background: Color) -> [(Color, Color, Int, Int)] {
        func color(_ c: CellColor) -> Color? {
            if case let .rgb(r, g, b) = c { return Color(red: r, green: g, blue: b) }
            return nil
        }
        var out: [(Color, Color, Int, Int)] = []
        for row in 0..<with.rows {
            for column in 0..<with.columns where with[column, row] != without[column, row] {
                let cell = with[column, row]
                guard cell.glyph != " ", let fg = color(cell.style.foreground) else { continue }
                out.append((fg, color(cell.style.background) ?? background, column, row))
            }
        }
        return out
    }

    /// The worked example behind the rule: the untouchable hatching's red (255, 60, 60)
    /// over the scene's red-ish badge reduces to xterm-256 colour 203 on both, distance 0.
    @Test func sameIndexIn256ColoursIsNotReadable() {
        let hatch = Color(red: 255, green: 60, blue: 60), badge = Color(red: 255, green: 95, blue: 95)
        // Cube levels 0, 95, 135, 175, 215, 255: 255 → 5, 60 → 1 (95), 95 → 1: index 16 + 180 + 6 + 1 = 203.
        #expect(ColorReduction.ansi256(red: 255, green: 60, blue: 60) == 203)
        #expect(ColorReduction.ansi256(red: 255, green: 95, blue: 95) == 203)
        #expect(!OverlayContrast.isReadable(hatch, on: badge))
        let picked = OverlayContrast.pick(hatch, on: badge)
        #expect(OverlayContrast.isReadable(picked, on: badge))
        // Its shade (half way to black) is tried first on a light-ish colour: (127, 30, 30).
        #expect(picked == Color(red: 127, green: 30, blue: 30))
    }

    @Test(arguments: LayoutGoldenTests.layoutFiles, Theme.allCases)
    func selectionOverlaysContrastOnEveryShippedScene(file: String, theme: Theme) throws {
        let state = try LayoutGoldenTests.state(file, columns: 120, rows: 40)
        let tree = state.session.tree
        let palette = RasterPalette.themed(theme)
        let area = state.layout.canvas
        var checked = 0
        for id in tree.drawingOrder() {
            func draw(_ overlays: SelectionOverlays) -> Canvas {
                SceneRasterizer.render(
                    tree, viewport: state.viewport, columns: area.columns, rows: area.rows,
                    options: RasterOptions(mode: .braille, selection: id, overlays: overlays, palette: palette))
            }
            for (fg, bg, column, row) in Self.overlayCells(draw(.all), draw([]), background: palette.backdrop) {
                checked += 1
                #expect(
                    OverlayContrast.isReadable(fg, on: bg),
                    "\(file) \(theme) selecting \(tree[id].name): cell (\(column), \(row)) \(fg.hex) on \(bg.hex), worst distance \(OverlayContrast.worstDistance(fg, bg))"
                )
            }
        }
        #expect(checked > 0)
    }

    /// The explanations' marks, on the scenes that show them: the anchor-jump ghost over
    /// the orange layer, the untouchable hatching over the badge (colour 203 on 203 before).
    @Test(
        arguments: [
            ("anchor-jump.yaml", "select jumping\nanchor 0.5 0.5"),
            ("untouchable.json", "panel hit-test\ncursor-at 250 80"),
            ("scroll-view.json", ""),
            ("nested-rotation.json", "convert rect 0 0 100 30 from shape to view")
        ],
        Theme.allCases)
    func annotationsContrastWithWhatIsUnderThem(scene: (String, String), theme: Theme) throws {
        var state = try LayoutGoldenTests.state(scene.0, columns: 120, rows: 40)
        for line in scene.1.split(separator: "\n") {
            for c in try CommandParser.parseLine(String(line)) { _ = Reducer.reduce(&state, .command(c)) }
        }
        let annotations = Why.annotations(state)
        #expect(!annotations.isEmpty)
        let palette = RasterPalette.themed(theme)
        let area = state.layout.canvas
        func draw(_ a: [Annotation]) -> Canvas {
            SceneRasterizer.render(
                state.session.tree, viewport: state.viewport, columns: area.columns, rows: area.rows,
                options: RasterOptions(mode: .braille, selection: nil, palette: palette, annotations: a))
        }
        let cells = Self.overlayCells(draw(annotations), draw([]), background: palette.backdrop)
        #expect(!cells.isEmpty)
        for (fg, bg, column, row) in cells {
            #expect(
                OverlayContrast.isReadable(fg, on: bg),
                "\(scene.0) \(theme): cell (\(column), \(row)) \(fg.hex) on \(bg.hex), worst distance \(OverlayContrast.worstDistance(fg, bg))")
        }
    }

    /// Panel text in a colour of its own stays readable on a light terminal: the
    /// formula page's yellow "changed" highlight (255, 210, 60) is 46 from white.
    @Test func panelHighlightsAreReadableOnBothThemes() throws {
        var state = try LayoutGoldenTests.state("anchor-jump.yaml", columns: 120, rows: 40)
        for c in try CommandParser.parseLine("select jumping; anchor 0 0; panel formula") { _ = Reducer.reduce(&state, .command(c)) }
        for theme in Theme.allCases {
            let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, theme: theme))
            let canvas = screen.canvas
            let area = state.layout.canvas
            var coloured = 0
            for row in 0..<canvas.rows {
                for column in 0..<canvas.columns where !area.contains(CellPosition(column: column, row: row)) {
                    let style = canvas[column, row].style
                    guard style.background == .default, !style.reverse, case let .rgb(r, g, b) = style.foreground,
                        canvas[column, row].glyph != " "
                    else { continue }
                    coloured += 1
                    #expect(
                        OverlayContrast.isReadable(Color(red: r, green: g, blue: b), on: theme.background),
                        "\(theme): (\(column), \(row)) \(canvas[column, row].glyph)")
                }
            }
            #expect(coloured > 0)
        }
    }
}
