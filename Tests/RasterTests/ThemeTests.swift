import Cells
import Geometry
import Raster
import Testing
import LayerModel

/// Translucency composes against the terminal's background (the theme's, or the colour the
/// terminal reported), never against black.
@Suite struct ThemeTests {
    static func box(alpha: Double) throws -> LayerTree {
        var tree = LayerTree()
        _ = try tree.add(
            Scenes.layer("box", Rect(0, 0, 16, 16), at: Point(12, 10)) {
                $0.backgroundColor = Color(red: 200, green: 100, blue: 0)
                $0.opacity = alpha
            })
        return tree
    }

    static func render(_ tree: LayerTree, palette: RasterPalette) -> Canvas {
        SceneRasterizer.render(
            tree, viewport: Viewport(pointsPerColumn: 2), columns: 12, rows: 5,
            options: RasterOptions(mode: .braille, palette: palette))
    }

    @Test(arguments: Theme.allCases)
    func anAlmostTransparentViewIsNotASquareOfColour(theme: Theme) throws {
        // Alpha 0.005 is 1/256 after rounding: (200, 100, 0) over black is (1, 0, 0), over
        // white (254, 254, 253) — within 6 of the backdrop, so nothing is painted: the
        // inside cells (x 4…20, y 2…18: columns 3…8, rows 1…3 away from the outline) keep
        // the terminal's own background.
        let canvas = Self.render(try Self.box(alpha: 0.005), palette: .themed(theme))
        for row in 1...3 {
            for column in 3...8 {
                #expect(canvas[column, row].style.background == .default, "(\(column), \(row)) \(theme)")
                #expect(canvas[column, row].glyph == " ", "(\(column), \(row)) \(theme)")
            }
        }
    }

    @Test func halfAlphaBlendsOverTheLightBackground() throws {
        // (200, 100, 0) at alpha 0.5 (128/256) over white: 255 + ((c − 255)·128 + 128) >> 8
        // = (228, 178, 128); over black it is (100, 50, 0).
        let light = Self.render(try Self.box(alpha: 0.5), palette: .themed(.light))
        #expect(light[5, 2].style.foreground == .rgb(228, 178, 128))
        let dark = Self.render(try Self.box(alpha: 0.5), palette: .themed(.dark))
        #expect(dark[5, 2].style.foreground == .rgb(100, 50, 0))
        // A reported background is used as is: (40, 40, 40) → 40 + ((c − 40)·128 + 128) >> 8.
        let reported = Self.render(try Self.box(alpha: 0.5), palette: .themed(.dark, background: Color(red: 40, green: 40, blue: 40)))
        #expect(reported[5, 2].style.foreground == .rgb(120, 70, 20))
    }

    @Test func themeFollowsTheReportedBackground() {
        #expect(Theme.matching(background: Color(red: 30, green: 30, blue: 46)) == .dark)
        #expect(Theme.matching(background: Color(red: 253, green: 246, blue: 227)) == .light)
    }
}
