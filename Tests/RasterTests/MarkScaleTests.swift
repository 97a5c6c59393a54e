import Cells
import Geometry
import Raster
import Testing
import LayerModel

/// The anchor, position and crosshair marks grow on a big canvas and never sit under a name.
@Suite struct MarkScaleTests {
    /// A plate 160 × 80 with anchorPoint (0.05, 0.05) at position (30, 15), at 1 point a
    /// column and 2 a row: the anchor (bounds (8, 4)) is at (30, 15) → cell (30, 7); the plate
    /// spans columns 22…182 and rows 5.5…45.5, so its name's first spot is row 7 from column
    /// 23 (floor(22.5) + 1) — right through the marks.
    static func plate() throws -> (LayerTree, LayerID) {
        var tree = LayerTree()
        let id = try tree.add(
            Scenes.layer("plate", Rect(0, 0, 160, 80), at: Point(30, 15)) {
                $0.anchorPoint = Point(0.05, 0.05)
                $0.backgroundColor = Scenes.blue
            })
        return (tree, id)
    }

    static func render(columns: Int, rows: Int) throws -> (Canvas, RasterOptions) {
        let (tree, id) = try plate()
        var options = RasterOptions(mode: .braille, selection: id)
        options.labels = .all
        let canvas = SceneRasterizer.render(
            tree, viewport: Viewport(origin: .zero, pointsPerColumn: 1),
            columns: columns, rows: rows, options: options)
        return (canvas, options)
    }

    /// Cells within 3 columns and 1 row of the anchor cell drawn in the anchor's colour.
    static func anchorCells(_ canvas: Canvas, _ options: RasterOptions) -> Int {
        let a = options.palette.anchor
        var n = 0
        for r in 6...8 { for c in 27...33 where canvas[c, r].style.foreground == .rgb(a.red, a.green, a.blue) { n += 1 } }
        return n
    }

    /// At 80 × 24 the anchor is the one `◉` cell; at 200 × 60 (mark scale 2: min(200 / 80,
    /// 60 / 24) = 2) a ring 1.5 columns out (0.75 rows) adds its sub-cells in the cells around.
    @Test func theAnchorMarkGrowsOnABigCanvas() throws {
        let (small, o1) = try Self.render(columns: 80, rows: 24)
        #expect(small[30, 7].glyph == "◉")
        #expect(Self.anchorCells(small, o1) == 1, "\(small.text)")
        let (big, o2) = try Self.render(columns: 200, rows: 60)
        #expect(big[30, 7].glyph == "◉")
        #expect(Self.anchorCells(big, o2) >= 5, "\(Self.anchorCells(big, o2)) cells")
        #expect(SceneRasterizer.markScale(columns: 200, rows: 60) == 2)
        #expect(SceneRasterizer.markScale(columns: 120, rows: 40) == 1)
    }

    /// The name's first spot (row 7 from column 23) crosses the crosshair (position = the
    /// anchor here: arms 6 dots = 3 columns each way at 80 × 24, 6 columns at 200 × 60) and the
    /// anchor: it goes elsewhere, and every mark cell keeps its mark.
    @Test(arguments: [(80, 24), (200, 60)])
    func noNameCoversAMark(size: (Int, Int)) throws {
        let (canvas, _) = try Self.render(columns: size.0, rows: size.1)
        let reach = size.0 >= 160 ? 6 : 3
        #expect(canvas.text.contains("plate"), "\(canvas.text)")
        for c in (30 - reach)...(30 + reach) {
            #expect(!canvas[c, 7].glyph.isLetter, "(\(c), 7) \(canvas.text(row: 7))")
        }
    }
}
