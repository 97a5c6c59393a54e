import Cells
import Geometry
import Raster
import Testing
import LayerModel

/// `--mode octant`: braille's 2 × 4 grid drawn as solid Unicode 16 block octants.
@Suite struct OctantModeTests {
    /// At 2 points a column and 4 a row a sample is 1 × 1 point. Two layers of one colour, no
    /// outlines: a (x 0…2, y 0…1) covers octants 1 and 2 of cell (0, 0), b (x 0…1, y 1…2)
    /// octant 3: octants 1, 2, 3 — U+1CD02 BLOCK OCTANT-123 (the third in the block: masks 1,
    /// 2 and 3 have older characters, 4 is U+1CD00 OCTANT-3, 6 U+1CD01 OCTANT-23, 7 U+1CD02).
    @Test func anLShapeIsOneOctantGlyph() throws {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("a", Rect(0, 0, 2, 1), at: Point(1, 0.5)) { $0.backgroundColor = Scenes.blue })
        _ = try tree.add(Scenes.layer("b", Rect(0, 0, 1, 1), at: Point(0.5, 1.5)) { $0.backgroundColor = Scenes.blue })
        var options = RasterOptions(mode: .octant)
        options.showOutlines = false
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 4, rows: 2, options: options)
        #expect(canvas[0, 0].code == 0x1CD02, "\(String(canvas[0, 0].code, radix: 16))")
        #expect(canvas[0, 0].style.foreground == .rgb(40, 80, 220) && canvas[0, 0].style.background == .default)
    }

    /// A full cell is `█`, an upper half `▀` (mask 1234 = 15, an older character), in octant
    /// mode as in braille.
    @Test func halvesAndFullCellsKeepTheirBlockElements() throws {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("full", Rect(0, 0, 2, 4), at: Point(1, 2)) { $0.backgroundColor = Scenes.blue })
        _ = try tree.add(Scenes.layer("top", Rect(0, 0, 2, 2), at: Point(3, 1)) { $0.backgroundColor = Scenes.blue })
        var options = RasterOptions(mode: .octant)
        options.showOutlines = false
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 4, rows: 2, options: options)
        #expect(canvas[0, 0].glyph == "█")
        #expect(canvas[1, 0].glyph == "▀")
    }

    /// Where the target cannot show UTF-8, octant falls back to ASCII like every other mode.
    @Test func asciiFallback() {
        #expect(RenderMode.octant.resolved(unicode: false) == .ascii)
        #expect(RenderMode.octant.resolved(unicode: true) == .octant)
        #expect(RenderMode(rawValue: "octant") == .octant)
    }
}
