import Cells
import Foundation
import Geometry
import LayerModel
import Raster
import Testing

/// Reads a sextant-mode canvas back as its 2 × 3 sub-cells: a set sub-cell of a glyph takes
/// the cell's foreground, the others its background (nil: the terminal's own).
enum SextantImage {
    /// The 6-bit mask of a sextant-mode glyph (bit `1 << (row · 2 + column)`), nil for any
    /// other glyph. Worked out from Unicode's names, not from the rasterizer's table:
    /// U+1FB00 is BLOCK SEXTANT-1 and the block counts masks 1…62 up, skipping 21 (the left
    /// column, `▌`) and 42 (the right column, `▐`).
    static func mask(_ glyph: Character) -> Int? {
        switch glyph {
        case " ": return 0
        case "█": return 63
        case "▌": return 0b010101
        case "▐": return 0b101010
        default:
            let v = Int(glyph.unicodeScalars.first!.value)
            guard (0x1FB00...0x1FB3B).contains(v) else { return nil }
            var m = v - 0x1FB00 + 1
            if m >= 21 { m += 1 }
            if m >= 42 { m += 1 }
            return m
        }
    }

    /// The canvas as sub-cells (2 × 3 per cell), in the sample image the thin-layer tests read.
    static func image(_ canvas: Canvas) -> SampleImage {
        let width = canvas.columns * 2, height = canvas.rows * 3
        var colors: [(UInt8, UInt8, UInt8)?] = Array(repeating: nil, count: width * height)
        let rgb = SampleImage.rgb
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns {
                let cell = canvas[column, row]
                let m = mask(cell.glyph) ?? 0
                for k in 0..<6 {
                    colors[(row * 3 + k / 2) * width + column * 2 + k % 2] = m >> k & 1 == 1 ? rgb(cell.style.foreground) : rgb(cell.style.background)
                }
            }
        }
        return SampleImage(width: width, height: height, colors: colors)
    }
}

extension SampleImage {
    init(width: Int, height: Int, colors: [(UInt8, UInt8, UInt8)?]) {
        self.width = width; self.height = height; self.colors = colors
    }
}

@Suite struct SextantModeTests {
    static let orange = Color(red: 255, green: 165, blue: 0)

    /// An orange box, x 31.5…60, y 8…18 (see below).
    static func box() throws -> (LayerTree, LayerID) {
        var tree = LayerTree()
        var layer = Layer(name: "box")
        layer.bounds = Rect(0, 0, 28.5, 10)
        layer.anchorPoint = Point(0, 0)
        layer.position = Point(31.5, 8)
        layer.backgroundColor = orange
        let id = try tree.add(layer)
        return (tree, id)
    }

    /// One upright layer whose edges fall between sub-cells. At 3 points per column and cell
    /// aspect 2, a sub-cell is 1.5 points wide and 2 points tall. The layer spans x 31.5…60
    /// (sub-cell columns 21…39: centres 21.5…39.5 lie in [21, 40)) and y 8…18 (sub-cell rows
    /// 4…8: centres 4.5…8.5 lie in [4, 9)). So cell column 10 (sub-cells 20, 21) has only its
    /// right half, cell row 1 (sub-cell rows 3, 4, 5) only its lower two thirds, and cell
    /// row 2 (rows 6, 7, 8) all of it.
    @Test func uprightFillLandsOnExactSubcells() throws {
        let (tree, _) = try SextantModeTests.box()
        let viewport = Viewport(origin: .zero, pointsPerColumn: 3)
        let canvas = SceneRasterizer.render(
            tree, viewport: viewport, columns: 24, rows: 4,
            options: RasterOptions(mode: .sextant, showOutlines: false))
        let fg = CellColor.rgb(255, 165, 0)
        // Corner: rows 1–2 of the right column = sextants 4 and 6.
        #expect(canvas[10, 1].glyph == "\u{1FB26}")  // BLOCK SEXTANT-46
        #expect(canvas[10, 1].style.foreground == fg)
        #expect(canvas[10, 1].style.background == .default)
        // Top edge: the lower two rows = sextants 3, 4, 5, 6.
        for c in 11...19 { #expect(canvas[c, 1].glyph == "\u{1FB39}") }  // BLOCK SEXTANT-3456
        // Left edge: the right column (▐), then solid.
        #expect(canvas[10, 2].glyph == "▐")
        for c in 11...19 {
            #expect(canvas[c, 2].glyph == "█")
            #expect(canvas[c, 2].style.foreground == fg)
        }
        // Nothing outside: column 20 (sub-cells 40, 41), rows 0 and 3.
        for r in 0..<4 { #expect(canvas[20, r] == .blank) }
        for c in 0..<24 { #expect(canvas[c, 0] == .blank && canvas[c, 3] == .blank) }
        // No dot glyphs anywhere: a sextant canvas has no braille.
        for r in 0..<4 { for c in 0..<24 { #expect(SextantImage.mask(canvas[c, r].glyph) != nil) } }
    }

    /// The selection outline is drawn on the same sub-cells, in its own colour, over the fill:
    /// on the first inside row and column (sub-cell row 4, column 21), so the corner cell
    /// shows sextants 4 and 6 in the selection colour.
    @Test func selectionOutlineWinsOverTheFillOnItsSubcells() throws {
        let (tree, id) = try SextantModeTests.box()
        let viewport = Viewport(origin: .zero, pointsPerColumn: 3)
        let canvas = SceneRasterizer.render(
            tree, viewport: viewport, columns: 24, rows: 4,
            options: RasterOptions(
                mode: .sextant, selection: id, overlays: .outline,
                showOutlines: false))
        let corner = canvas[10, 1]
        #expect(SextantImage.mask(corner.glyph) == 0b101000)
        #expect(corner.style.foreground != .rgb(255, 165, 0))
        #expect(corner.style.foreground != .default)
        // Along the top edge the outline is sub-cell row 4 (sextants 3, 4 of cell row 1); the
        // cell's other sub-cells are two empty (row 3) and two orange (row 5): the tie goes to
        // the drawn colour, so the fill is the background.
        let edge = canvas[12, 1]
        #expect(SextantImage.mask(edge.glyph) == 0b001100)
        #expect(edge.style.foreground == corner.style.foreground)
        #expect(edge.style.background == .rgb(255, 165, 0))
        // The bottom edge is the last inside row, 8 (sextants 5, 6 of cell row 2), over the fill.
        let bottom = canvas[12, 2]
        #expect(SextantImage.mask(bottom.glyph) == 0b110000)
        #expect(bottom.style.foreground == corner.style.foreground)
        #expect(bottom.style.background == .rgb(255, 165, 0))
    }

    /// A clock hand 1–8 points wide at many angles is one connected shape of its hue, as long
    /// as the hand (its farthest sample from the pivot is within two sub-cells of the tip).
    @Test(arguments: [(80, 24), (120, 40), (200, 60)])
    func turnedHandsAreOneConnectedShape(size: (Int, Int)) throws {
        let (columns, rows) = size
        for width in [1.0, 2, 4, 8] {
            for angle in [0.0, 15, 30, 45, 60, 90, 135, 200, 300] {
                let tree = try ThinScene.tree(width: width, angle: angle)
                let viewport = Viewport.fitting(ThinScene.screen, columns: columns, rows: rows)
                let canvas = SceneRasterizer.render(
                    tree, viewport: viewport, columns: columns, rows: rows,
                    options: RasterOptions(mode: .sextant))
                let image = SextantImage.image(canvas)
                let red = image.samples(ofHue: SampleImage.hue((220, 40, 40))!)
                #expect(componentCount(red) == 1, "width \(width) angle \(angle) at \(columns)×\(rows)")
                // Sub-cell coordinates of the pivot and tip (centres of sub-cells: +0.5).
                let (pivot, tip) = ThinScene.axis(angle: angle)
                func sub(_ p: Point) -> (Double, Double) {
                    let (c, r) = viewport.cellCoordinates(of: p)
                    return (c * 2, r * 3)
                }
                let p = sub(pivot), t = sub(tip)
                // Sub-cells are not square (0.5 × 0.667 of a column's width): measure in columns.
                func dist(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
                    let dx = (a.0 - b.0) / 2, dy = (a.1 - b.1) / 3 * viewport.cellAspect
                    return (dx * dx + dy * dy).squareRoot()
                }
                let reach = red.map { dist((Double($0.x) + 0.5, Double($0.y) + 0.5), p) }.max() ?? 0
                #expect(abs(reach - dist(t, p)) <= 1.5, "width \(width) angle \(angle): reach \(reach) vs \(dist(t, p))")
            }
        }
    }
}
