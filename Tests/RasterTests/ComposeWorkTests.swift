import Cells
import Geometry
import LayerModel
@testable import Raster
import Testing

/// Issue 36: the braille composition reads a cell's 32 bytes of fill samples only where a
/// fill reached on that cell row (`RasterSurface.fillColumns`); every other cell is blank or
/// its dots. Counted (`sampledCells`), and checked against a composition that reads them all.
@Suite struct ComposeWorkTests {
    /// One box filled from x 2 to 5 cells and y 1 to 3 cells, on a 10 × 6 braille surface
    /// (20 × 24 samples): samples 4…9 across (centres i + 0.5 in [4, 10)), cells 2…4; sample
    /// rows 4…11, cell rows 1 and 2. A dotted line on cell row 4 is ink only.
    static func drawn(_ mode: RenderMode) -> RasterSurface {
        var surface = RasterSurface(mode: mode, columns: 10, rows: 6, cellAspect: 2, backdrop: 0)
        surface.fillPolygon(
            [
                PolyVertex(x: 2, y: 1, real: true), PolyVertex(x: 5, y: 1, real: true),
                PolyVertex(x: 5, y: 3, real: true), PolyVertex(x: 2, y: 3, real: true)
            ],
            color: PackedColor.present | 0x33_66CC, alpha: 1)
        // A translucent one over its right half: blended samples, still cells 3…4 of rows 1…2.
        surface.fillPolygon(
            [
                PolyVertex(x: 3.5, y: 1.5, real: true), PolyVertex(x: 5, y: 1.5, real: true),
                PolyVertex(x: 5, y: 2.5, real: true), PolyVertex(x: 3.5, y: 2.5, real: true)
            ],
            color: PackedColor.present | 0xCC_3300, alpha: 0.5)
        surface.drawLine(1, 17, 17, 17, color: PackedColor.present | 0xFF_FFFF, pattern: .solid, glyph: 0)
        return surface
    }

    @Test(arguments: [RenderMode.braille, .octant])
    func onlyTheCellsAFillReachedAreRead(_ mode: RenderMode) {
        var surface = Self.drawn(mode)
        #expect(surface.fillColumns[2] == 2 && surface.fillColumns[3] == 4)  // cell row 1
        #expect(surface.fillColumns[4] == 2 && surface.fillColumns[5] == 4)  // cell row 2
        #expect(surface.fillColumns[8] > surface.fillColumns[9])  // cell row 4: dots, no fill
        let canvas = surface.composedCanvas()
        #expect(surface.sampledCells == 3 * 2)
        // The same surface composed reading every cell of every row: the same cells.
        var all = Self.drawn(mode)
        for r in 0..<6 { all.fillColumns[2 * r] = 0; all.fillColumns[2 * r + 1] = 9 }
        let full = all.composedCanvas()
        #expect(all.sampledCells == 60)
        #expect(canvas == full)
        #expect(canvas[3, 1].code == 0x2588 || canvas[3, 1].style.background != .default)  // the fill is there
        #expect(canvas[5, 4].code != 0x20)  // and the dots
        // Both leave the fill buffer clean for the next frame.
        #expect(surface.fill.allSatisfy { $0 == 0 } && all.fill.allSatisfy { $0 == 0 })
    }
}
