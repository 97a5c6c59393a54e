import Cells
import Foundation
import Geometry
import LayerModel
import Raster
import Testing

/// The pixel canvas (`PixelRaster`): fills against the true quad, the same viewport as the
/// cell canvas, borders at their width, opacity, masks, marks.
@Suite struct PixelRasterTests {
    /// 80 × 40 cells at 2 points a column (4 a row) and 10 × 20 pixels a cell: a pixel is
    /// 0.2 × 0.2 points, so point (x, y) is pixel (5x, 5y).
    static let viewport = Viewport(origin: .zero, pointsPerColumn: 2)

    static func plate(_ size: Size, at centre: Point, degrees: Double, _ configure: (inout Layer) -> Void = { _ in }) throws -> LayerTree {
        var tree = LayerTree()
        _ = try tree.add(
            Scenes.layer("plate", Rect(0, 0, size.width, size.height), at: centre) {
                $0.transform = .rotation(.degrees(degrees))
                $0.backgroundColor = Scenes.blue
                configure(&$0)
            })
        return tree
    }

    static func render(_ tree: LayerTree, outlines: Bool = false, selection: LayerID? = nil, columns: Int = 80, rows: Int = 40) -> PixelImage {
        var options = RasterOptions(selection: selection, showOutlines: outlines)
        options.overlays = selection == nil ? [] : .all
        return PixelRaster.render(tree, viewport: viewport, columns: columns, rows: rows, options: options)
    }

    /// The exact share of pixel (i, j) inside the convex quad `q` (pixels, clockwise on
    /// screen): the pixel square clipped by each edge's half-plane (Sutherland–Hodgman) and
    /// measured with the shoelace formula — no scanlines, unlike the rasterizer.
    static func trueCoverage(_ i: Int, _ j: Int, _ q: [(Double, Double)]) -> Double {
        // Far inside every edge or far outside one (more than half a diagonal): 1 or 0.
        let cx = Double(i) + 0.5, cy = Double(j) + 0.5
        var nearest = Double.infinity
        for k in 0..<q.count {
            let a = q[k], b = q[(k + 1) % q.count]
            let length = ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
            let d = ((b.0 - a.0) * (cy - a.1) - (b.1 - a.1) * (cx - a.0)) / length
            if d < -0.75 { return 0 }
            nearest = min(nearest, d)
        }
        if nearest > 0.75 { return 1 }
        var poly = [(Double(i), Double(j)), (Double(i + 1), Double(j)), (Double(i + 1), Double(j + 1)), (Double(i), Double(j + 1))]
        for k in 0..<q.count {
            let a = q[k], b = q[(k + 1) % q.count]
            func side(_ p: (Double, Double)) -> Double { (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0) }
            var out: [(Double, Double)] = []
            for m in 0..<poly.count {
                let s = poly[m], e = poly[(m + 1) % poly.count]
                let ds = side(s), de = side(e)
                if ds >= 0 { out.append(s) }
                if (ds >= 0) != (de >= 0) {
                    let t = ds / (ds - de)
                    out.append((s.0 + t * (e.0 - s.0), s.1 + t * (e.1 - s.1)))
                }
            }
            poly = out
            if poly.count < 3 { return 0 }
        }
        var area = 0.0
        for m in 0..<poly.count {
            let s = poly[m], e = poly[(m + 1) % poly.count]
            area += s.0 * e.1 - e.0 * s.1
        }
        return abs(area) / 2
    }

    /// The quad of a `w × h`-point plate centred on `c` turned by `degrees` (positive =
    /// clockwise on screen: x' = x cos − y sin, y' = x sin + y cos), in pixels (5 a point).
    static func quad(_ w: Double, _ h: Double, _ c: Point, _ degrees: Double) -> [(Double, Double)] {
        let t = degrees * Double.pi / 180
        return [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)].map { p in
            (5 * (c.x + p.0 * cos(t) - p.1 * sin(t)), 5 * (c.y + p.0 * sin(t) + p.1 * cos(t)))
        }
    }

    /// Soft IoU over the quad's bounding box: Σ min(drawn, true) ÷ Σ max(drawn, true), the
    /// drawn coverage read back from the blue channel (blue 220 over black), and the largest
    /// per-pixel difference.
    static func iou(_ image: PixelImage, _ q: [(Double, Double)]) -> (iou: Double, worst: Double) {
        let xs = q.map(\.0), ys = q.map(\.1)
        let x0 = max(0, Int(xs.min()!) - 2), x1 = min(image.width - 1, Int(xs.max()!) + 2)
        let y0 = max(0, Int(ys.min()!) - 2), y1 = min(image.height - 1, Int(ys.max()!) + 2)
        var inter = 0.0, union = 0.0, worst = 0.0
        for j in y0...y1 {
            for i in x0...x1 {
                let truth = trueCoverage(i, j, q)
                let drawn = Double(image.rgb(x: i, y: j).b) / 220
                inter += min(truth, drawn); union += max(truth, drawn)
                worst = max(worst, abs(truth - drawn))
            }
        }
        return (inter / union, worst)
    }

    @Test func rotatedFillsMatchTheTrueQuadAt36Angles() throws {
        // A 120 × 72 plate and a 12 × 6 one (60 × 30 pixels, the size where cells fail worst).
        var lowest = 1.0
        for (w, h) in [(120.0, 72.0), (12.0, 6.0)] {
            for step in 0..<36 {
                let degrees = Double(step) * 10 + 3
                let centre = Point(x: 80.3, y: 80.1)
                let image = Self.render(try Self.plate(Size(width: w, height: h), at: centre, degrees: degrees))
                let (iou, worst) = Self.iou(image, Self.quad(w, h, centre, degrees))
                #expect(iou >= 0.98, "\(w)×\(h) at \(degrees)°: IoU \(iou)")
                lowest = min(lowest, iou)
                // Four scanlines a pixel: no pixel is off by more than a quarter-row strip (plus rounding).
                #expect(worst <= 0.27, "\(w)×\(h) at \(degrees)°: a pixel off by \(worst)")
            }
        }
        // Measured: 0.9967 at worst; a floor well above the bar.
        #expect(lowest >= 0.99, "lowest IoU \(lowest)")
    }

    @Test func sameViewportAsTheCellCanvas() throws {
        // An upright 20 × 8-point box at (10, 4)…(30, 12): columns 5…15, rows 1…3 of the cell
        // canvas, so pixels x 50…150, y 20…60 exactly.
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("box", Rect(0, 0, 20, 8), at: Point(20, 8)) { $0.backgroundColor = Scenes.red })
        let image = Self.render(tree, columns: 40, rows: 12)
        #expect(image.width == 400 && image.height == 240)
        let red: UInt32 = 0xDC2828
        #expect(image[50, 20] == red && image[149, 59] == red && image[100, 40] == red)
        #expect(image[49, 40] == 0 && image[150, 40] == 0 && image[100, 19] == 0 && image[100, 60] == 0)
        let cells = SceneRasterizer.render(tree, viewport: Self.viewport, columns: 40, rows: 12, options: RasterOptions(showOutlines: false))
        #expect(cells[5, 1].style.foreground == .rgb(220, 40, 40) || cells[5, 1].style.background == .rgb(220, 40, 40))
    }

    @Test func aMeasurementIsDrawnInPixelsWithItsCaps() throws {
        // A gap line from (20, 40) to (60, 40) in points: pixels (100, 200)…(300, 200). A mark
        // is 10/5 = 2 pixels wide, so rows 199 and 200 are wholly red between the ends; each
        // cap crosses an end half a cell (5 pixels) either side: x 99…100, y 195…204.
        let tree = LayerTree()
        var options = RasterOptions(showOutlines: false)
        options.measurement = MeasureOverlay(lines: [MeasureLine(.horizontal, from: Point(20, 40), to: Point(60, 40), value: 40)])
        let image = PixelRaster.render(tree, viewport: Self.viewport, columns: 80, rows: 40, options: options)
        let red: UInt32 = 0xFF3B30
        #expect(image[200, 199] == red && image[200, 200] == red && image[101, 199] == red && image[298, 200] == red)
        #expect(image[200, 198] == 0 && image[200, 201] == 0)  // only the line's two rows
        #expect(image[100, 196] == red && image[300, 203] == red)  // the caps
        #expect(image[150, 196] == 0 && image[100, 193] == 0)  // nothing beside or past them
        // Without the overlay the same pixels are the backdrop.
        let plain = PixelRaster.render(tree, viewport: Self.viewport, columns: 80, rows: 40, options: RasterOptions(showOutlines: false))
        #expect(plain[200, 199] == 0 && plain[100, 196] == 0)
    }

    @Test func opacityBlendsOverWhatIsBelow() throws {
        var tree = LayerTree()
        _ = try tree.add(
            Scenes.layer("white", Rect(0, 0, 20, 20), at: Point(20, 20)) {
                $0.backgroundColor = Scenes.white
                $0.opacity = 0.5
            })
        let image = Self.render(tree)
        // (255·128 + 0·128 + 128) >> 8 = 128.
        #expect(image[100, 100] == 0x808080)
    }

    @Test func bordersAreDrawnAtTheirWidthInside() throws {
        // A 40-point box with a 4-point green border at (10, 10)…(50, 50): pixels 50…250;
        // the border is pixels 50…70 wide on each side (4 points = 20 pixels).
        var tree = LayerTree()
        _ = try tree.add(
            Scenes.layer("framed", Rect(0, 0, 40, 40), at: Point(30, 30)) {
                $0.backgroundColor = Scenes.blue
                $0.borderColor = Scenes.green
                $0.borderWidth = 4
            })
        let image = Self.render(tree, outlines: true)
        #expect(image[60, 150] == 0x28B43C)  // in the border, left
        #expect(image[150, 245] == 0x28B43C)  // in the border, bottom
        #expect(image[75, 150] == 0x2850DC)  // inside it: the fill
        #expect(image[45, 150] == 0)  // outside
    }

    @Test func masksClipSublayers() throws {
        var tree = LayerTree()
        let parent = try tree.add(Scenes.layer("clip", Rect(0, 0, 20, 20), at: Point(20, 20)) { $0.masksToBounds = true })
        _ = try tree.add(Scenes.layer("big", Rect(0, 0, 40, 40), at: Point(10, 10)) { $0.backgroundColor = Scenes.red }, in: parent)
        let image = Self.render(tree)
        // The parent covers pixels 50…150; the child would reach 150 + 50 = 200 without the mask.
        #expect(image[100, 100] == 0xDC2828)
        #expect(image[175, 100] == 0 && image[100, 175] == 0)
    }

    @Test func selectionMarksLandOnTheAnchorAndPosition() throws {
        // The plate turned 30° about its centre (60, 40) = pixel (300, 200): anchor disc there;
        // the crosshair's arms reach 3 columns (30 px) across and 1.5 rows (30 px) down.
        let tree = try Self.plate(Size(width: 40, height: 20), at: Point(x: 60, y: 40), degrees: 30)
        let id = tree.id(named: "plate")!
        let image = Self.render(tree, selection: id)
        let palette = RasterPalette.standard
        func rgb(_ c: Color) -> UInt32 { UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue) }
        #expect(image[300, 200] == rgb(palette.anchor))
        #expect(image[325, 200] == rgb(palette.position))
        #expect(image[300, 226] == rgb(palette.position))
        // The selection's outline runs along the turned edge: the top edge's midpoint is
        // (60 + 10 sin 30°, 40 − 10 cos 30°) = (65, 31.34) points = (325, 156.7) pixels.
        #expect(image[325, 156] == rgb(palette.selection) || image[325, 157] == rgb(palette.selection))
    }

    @Test func layersInFrontCoverLayersBehind() throws {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("back", Rect(0, 0, 40, 40), at: Point(40, 40)) { $0.backgroundColor = Scenes.red })
        _ = try tree.add(Scenes.layer("front", Rect(0, 0, 20, 20), at: Point(40, 40)) { $0.backgroundColor = Scenes.green })
        let image = Self.render(tree)
        #expect(image[200, 200] == 0x28B43C)
        #expect(image[110, 110] == 0xDC2828)
    }
}

/// The pixel mode's cells (`RasterOptions.textOnly`): names and a drawing's text stay, the
/// rest of the picture (fills, outlines, marks) is left to the image.
@Suite struct TextOnlyCellsTests {
    @Test func namesAndDrawnTextStayEverythingElseGoes() throws {
        var tree = LayerTree()
        _ = try tree.add(
            Scenes.layer("plate", Rect(0, 0, 60, 16), at: Point(40, 12)) {
                $0.backgroundColor = Scenes.blue
                $0.drawing = [.text("hi", Point(20, 8), DrawingColor(Scenes.white))]
            })
        var options = RasterOptions(selection: tree.id(named: "plate"))
        options.labels = .all
        let cells = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        options.textOnly = true
        let text = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        var shown = ""
        for row in 0..<12 {
            for column in 0..<40 where text[column, row] != .blank {
                // Whatever is left is exactly what the cell canvas has there.
                #expect(text[column, row] == cells[column, row])
                shown.append(text[column, row].glyph)
            }
        }
        #expect(shown.contains("plate"))
        // The drawn text: user (20, 8) in a plate whose top-left is (10, 4) → (30, 12) points
        // → column 15, row 3 (2 points a column, 4 a row).
        #expect(text[15, 3].glyph == "h" && text[16, 3].glyph == "i")
        #expect(!shown.contains("⣿") && !shown.contains("█"), "no fill or outline glyphs")
    }
}
