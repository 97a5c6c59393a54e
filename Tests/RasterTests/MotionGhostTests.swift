import Cells
import Geometry
import Raster
import Testing
import LayerModel

/// While a layer animates, its presentation is the figure and its model a quiet ghost: a dim
/// dotted outline drawn under the layer (`Annotation.under`), which the moving layer covers.
@Suite struct MotionGhostTests {
    /// The presentation: a red 40 × 40 box at (40, 24), x 20…60, y 4…44 — columns 10…30,
    /// rows 1…11 at 2 points a column and 4 a row. The model ghost: the same box at x 30…70,
    /// columns 15…35. Its left edge (column 15) runs inside the red box, which covers it: cell
    /// (15, 6) is solid red. Its right edge (column 35) is on the bare background: cell (35, 6)
    /// holds braille dots in the ghost's colour, dim — in both themes.
    @Test(arguments: [Theme.dark, .light])
    func theModelIsAQuietGhostUnderTheMovingLayer(theme: Theme) throws {
        var tree = LayerTree()
        let id = try tree.add(Scenes.layer("box", Rect(0, 0, 40, 40), at: Point(40, 24)) { $0.backgroundColor = Scenes.red })
        let model = [Point(30, 4), Point(70, 4), Point(70, 44), Point(30, 44)]
        var options = RasterOptions(mode: .braille)
        options.palette = .themed(theme)
        options.annotations = [Annotation(.polygon(model), color: Color(red: 255, green: 170, blue: 60), pattern: .dotted, under: id)]
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        #expect(canvas[15, 6].glyph == "█" && canvas[15, 6].style.foreground == .rgb(220, 40, 40), "\(canvas.text)")
        let ghost = canvas[35, 6]
        #expect((0x2801...0x28FF).contains(ghost.code), "\(canvas.text)")
        #expect(ghost.style.dim && !ghost.style.bold)
        let g = options.palette.modelOutline
        #expect(ghost.style.foreground == .rgb(g.red, g.green, g.blue))
        // Dotted: on the 4 dot rows of each cell of the right edge, fewer than all are lit.
        var lit = 0, total = 0
        for row in 2...9 {
            let bits = canvas[35, row].code >= 0x2800 && canvas[35, row].code <= 0x28FF ? canvas[35, row].code - 0x2800 : 0
            lit += bits.nonzeroBitCount; total += 4
        }
        #expect(lit > 0 && lit < total, "\(lit) of \(total) dots")
    }
}
