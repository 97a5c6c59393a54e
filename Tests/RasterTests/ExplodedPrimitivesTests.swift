import Cells
import Geometry
import LayerModel
@testable import Raster
import Testing

/// Issue 31: the exploded view draws with the flat canvas's primitives — its outlines are
/// `drawLine`'s braille dots, its plane fills `fillPolygon`'s samples at one a cell, its
/// plane colour the canvas's integer blend.
@Suite struct ExplodedPrimitivesTests {
    /// 1 point a column, 2 a row: a point (x, y) is dot (2x, 2y).
    static let viewport = Viewport(origin: .zero, pointsPerColumn: 1)

    static func item(_ quad: Quad, fill: Color? = nil) -> ExplodedRaster.Item {
        ExplodedRaster.Item(layer: LayerID(raw: 0), quad: quad, plane: 0, name: "", color: nil, badge: false, fill: fill)
    }

    @Test("An outline's dots are the flat canvas's line dots")
    func outlineIsTheCanvasLine() {
        let quads = [
            Quad(Point(2.3, 1.7), Point(31.6, 4.2), Point(27.9, 17.1), Point(4.4, 13.8)),
            Quad(Point(10, 1), Point(30, 9), Point(20, 19.5), Point(0.5, 11)),
            Quad(Point(-5, -3), Point(45, 2), Point(38, 30), Point(3, 12))
        ]
        for quad in quads {
            let canvas = ExplodedRaster.render(
                [Self.item(quad)], viewport: Self.viewport, columns: 40, rows: 10,
                selection: nil, palette: .standard, unicode: true)
            var surface = RasterSurface(mode: .braille, columns: 40, rows: 10, cellAspect: 2, backdrop: 0)
            let dots = quad.points.map { (2 * $0.x, 2 * $0.y) }
            for e in 0..<4 {
                let a = dots[e], b = dots[(e + 1) % 4]
                surface.drawLine(a.0, a.1, b.0, b.1, color: PackedColor.present, pattern: .solid, glyph: 0)
            }
            for row in 0..<10 {
                for column in 0..<40 {
                    let code = canvas[column, row].code
                    let mask = code >= 0x2800 && code <= 0x28FF ? UInt8(code - 0x2800) : 0
                    #expect(mask == surface.ink[row * 40 + column], "\(quad): cell (\(column), \(row))")
                }
            }
        }
    }

    @Test("A plane's fill covers the cells a flat fill of one sample a cell covers, half-open")
    func fillIsTheCanvasFill() {
        // Cells whose centre (c + 0.5, r + 0.5) is inside, the right and bottom edges left out:
        // x 2.5…6.5 holds centres 2.5 to 5.5 (columns 2…5, not 6, whose centre is on the edge);
        // y 1…5 points = rows 0.5…2.5 holds centres 0.5 and 1.5 (rows 0 and 1, not 2).
        let box = Quad(Point(2.5, 1), Point(6.5, 1), Point(6.5, 5), Point(2.5, 5))
        let canvas = ExplodedRaster.render(
            [Self.item(box, fill: Color(red: 200, green: 40, blue: 40))],
            viewport: Self.viewport, columns: 12, rows: 5,
            selection: LayerID(raw: 0), palette: .standard, unicode: true)
        var filled: [CellPosition] = []
        for row in 0..<5 {
            for column in 0..<12 where canvas[column, row].style.background != .default {
                filled.append(CellPosition(column: column, row: row))
            }
        }
        #expect(filled == (0...1).flatMap { r in (2...5).map { CellPosition(column: $0, row: r) } })
        // And turned quads: the same cells as `fillPolygon` in ascii mode (one sample a cell).
        let turned = [
            Quad(Point(2.3, 1.7), Point(31.6, 4.2), Point(27.9, 17.1), Point(4.4, 13.8)),
            Quad(Point(10, 1), Point(30, 9), Point(20, 19.5), Point(0.5, 11))
        ]
        for quad in turned {
            let canvas = ExplodedRaster.render(
                [Self.item(quad, fill: Color(red: 200, green: 40, blue: 40))],
                viewport: Self.viewport, columns: 40, rows: 10,
                selection: LayerID(raw: 0), palette: .standard, unicode: true)
            var surface = RasterSurface(mode: .ascii, columns: 40, rows: 10, cellAspect: 2, backdrop: 0)
            surface.fillPolygon(quad.points.map { PolyVertex(x: $0.x, y: $0.y / 2, real: true) }, color: PackedColor.present | 1, alpha: 1)
            for row in 0..<10 {
                for column in 0..<40 {
                    #expect(
                        (canvas[column, row].style.background != .default) == (surface.fill[row * 40 + column] != 0),
                        "\(quad): cell (\(column), \(row))")
                }
            }
        }
    }

    @Test("A plane's colour is the canvas's blend: (10·115 + 128) >> 8 = 4 over a (10, 10, 10) backdrop")
    func planeColourIsTheCanvasBlend() {
        // planeFillAlpha 0.55 is 141/256; black over 10 is (0·141 + 10·115 + 128) >> 8 = 4
        // (the Double blend it replaces rounded 4.5 up to 5).
        var palette = RasterPalette.standard
        palette.backdrop = Color(red: 10, green: 10, blue: 10)
        let fill = ExplodedRaster.planeFill(
            Self.item(Quad(.zero, .zero, .zero, .zero), fill: Color(red: 0, green: 0, blue: 0)),
            selection: nil, palette: palette)
        #expect(fill == Color(red: 4, green: 4, blue: 4))
        // Red over black: 255·141 + 128 >> 8 = 140.
        palette.backdrop = Color(red: 0, green: 0, blue: 0)
        #expect(
            ExplodedRaster.planeFill(
                Self.item(Quad(.zero, .zero, .zero, .zero), fill: Color(red: 255, green: 0, blue: 0)),
                selection: nil, palette: palette) == Color(red: 140, green: 0, blue: 0))
    }
}
