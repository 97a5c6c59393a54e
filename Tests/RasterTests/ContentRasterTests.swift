import Cells
import Geometry
@testable import Raster
import TestSupport
import Testing
import LayerModel

/// Content on the canvas (content.md), on `Scenes`' grid: 2 points per column, 4 per row,
/// one braille dot per point; blocks mode: 2 points per column, 2 per half-block row.
@Suite struct ContentRasterTests {
    /// The cells whose foreground or background is `color` (blocks mode: a fill shows as
    /// half blocks in the fill colour).
    func cells(of color: Color, in canvas: Canvas) -> Set<[Int]> {
        var out: Set<[Int]> = []
        let c = CellColor.rgb(color.red, color.green, color.blue)
        for r in 0..<canvas.rows {
            for col in 0..<canvas.columns {
                let s = canvas[col, r].style
                if s.foreground == c || s.background == c { out.insert([col, r]) }
            }
        }
        return out
    }

    @Test func aFilledRectIsDrawnThroughTheUserTransform() throws {
        // A 40 × 24 layer at (40, 24) (bounds 0 0 40 24, frame 20…60 × 12…36) draws
        // translate 10 4, fill-rect 0 0 10 8 blue: layer x 10…20, y 4…12 → screen 30…40 × 16…24
        // → columns 15…19, rows 4…5 (4 points per row).
        var tree = LayerTree()
        _ = try tree.add(
            Scenes.layer("l", Rect(0, 0, 40, 24), at: Point(40, 24)) {
                $0.drawing = [.translate(10, 4), .fillRect(Rect(0, 0, 10, 8), DrawingColor(Scenes.blue))]
            })
        let blue = cells(of: Scenes.blue, in: Scenes.render(tree, mode: .blocks, overlays: []))
        #expect(blue == Set((15...19).flatMap { c in (4...5).map { [c, $0] } }))
    }

    @Test func contentIsClippedByMasksToBoundsAndDrawnUnderSublayers() throws {
        // The same layer draws fill-rect 30 0 40 24 red: layer x 30…70 reaches past the bounds
        // (40 wide) to screen x 50…90. With masksToBounds on, only 50…60 (columns 25…29) shows.
        // A green sublayer at layer (35, 12) (bounds 0 0 10 8: layer 30…40 × 8…16, screen
        // 50…60 × 20…28, rows 5…6) covers the red there: content comes before sublayers.
        var tree = LayerTree()
        let id = try tree.add(
            Scenes.layer("l", Rect(0, 0, 40, 24), at: Point(40, 24)) {
                $0.masksToBounds = true
                $0.drawing = [.fillRect(Rect(30, 0, 40, 24), DrawingColor(Scenes.red))]
            })
        _ = try tree.add(Scenes.layer("s", Rect(0, 0, 10, 8), at: Point(35, 12)) { $0.backgroundColor = Scenes.green }, in: id)
        let canvas = Scenes.render(tree, mode: .blocks, overlays: [])
        let red = cells(of: Scenes.red, in: canvas)
        #expect(!red.isEmpty)
        #expect(red.allSatisfy { (25...29).contains($0[0]) && (3...8).contains($0[1]) })
        // Green wins where the sublayer is; the rows above it stay red.
        let green = cells(of: Scenes.green, in: canvas)
        #expect(green.contains([27, 5]) && !red.contains([27, 5]))
        #expect(red.contains([27, 3]))
        // Without the mask the red runs on to x 90: column 44 is off this 40-column canvas,
        // but columns 30…39 show red.
        tree[id].masksToBounds = false
        let unmasked = cells(of: Scenes.red, in: Scenes.render(tree, mode: .blocks, overlays: []))
        #expect(unmasked.contains([35, 4]))
    }

    @Test func steppingDrawsThePrefixAndTheAxesMarkerMoves() throws {
        // fill-rect 0 0 8 8 blue, translate 20 8: stepped to 1 operation the blue square
        // shows and the axes origin (○) is at layer (0, 0) = screen (20, 12) → cell (10, 3);
        // at 0 operations nothing is drawn; at 2 the origin is at layer (20, 8) = screen (40, 20)
        // → cell (20, 5).
        var tree = LayerTree()
        let id = try tree.add(
            Scenes.layer("l", Rect(0, 0, 40, 24), at: Point(40, 24)) {
                $0.drawing = [.fillRect(Rect(0, 0, 8, 8), DrawingColor(Scenes.blue)), .translate(20, 8)]
            })
        func render(_ n: Int) -> Canvas {
            var options = RasterOptions(mode: .blocks, overlays: [])
            options.contentStep = ContentStep(layer: id, count: n)
            return SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: Scenes.columns, rows: Scenes.rows, options: options)
        }
        func origin(_ c: Canvas) -> [Int]? {
            for r in 0..<c.rows { for col in 0..<c.columns where c[col, r].glyph == "○" { return [col, r] } }
            return nil
        }
        #expect(cells(of: Scenes.blue, in: render(0)).isEmpty)
        #expect(origin(render(0)) == [10, 3])
        #expect(!cells(of: Scenes.blue, in: render(1)).isEmpty)
        #expect(origin(render(1)) == [10, 3])
        #expect(origin(render(2)) == [20, 5])
    }

    @Test func contentGoesThroughPerspectiveLikeTheBackground() throws {
        // A layer turned 50° about y under a 200-point eye distance is a trapezoid on screen.
        // Content that fills its bounds (fill-rect 0 0 40 24) must cover exactly the cells the
        // same layer's background covers: both go through the one map, perspective included.
        func tree(content: Bool) throws -> LayerTree {
            var t = LayerTree()
            _ = try t.add(
                Scenes.layer("l", Rect(0, 0, 40, 24), at: Point(40, 24)) {
                    $0.transform = Transform3D.rotation(.degrees(50), x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 200))
                    if content {
                        $0.drawing = [.fillRect(Rect(0, 0, 40, 24), DrawingColor(Scenes.red))]
                    } else {
                        $0.backgroundColor = Scenes.red
                    }
                })
            return t
        }
        // No outlines: the layer's own outline would cover its edge cells in one case only.
        func render(_ t: LayerTree) -> Canvas {
            SceneRasterizer.render(
                t, viewport: Scenes.viewport, columns: Scenes.columns, rows: Scenes.rows,
                options: RasterOptions(mode: .blocks, overlays: [], showOutlines: false))
        }
        let drawn = cells(of: Scenes.red, in: render(try tree(content: true)))
        let background = cells(of: Scenes.red, in: render(try tree(content: false)))
        #expect(!drawn.isEmpty)
        #expect(drawn == background)
        // Foreshortened: narrower than the 20 columns the unturned layer spans.
        let columns = Set(drawn.map { $0[0] })
        #expect(columns.count < 20)
    }
}
