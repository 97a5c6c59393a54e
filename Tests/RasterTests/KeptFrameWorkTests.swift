import Cells
import Geometry
import LayerModel
@testable import Raster
import Testing

/// Issue 36, kept cell frames: a frame drawn from the kept one draws and composes only the
/// damaged cells, the boxes of what changed (two cells of padding each way), before and after.
/// Counted (`RasterScratch.lastFrameWork`), never timed; every frame is checked against a
/// whole frame from a fresh scratch.
@Suite struct KeptFrameWorkTests {
    /// 1 point a column, 2 a row; 40 × 12 braille cells.
    static let viewport = Viewport(origin: .zero, pointsPerColumn: 1, cellAspect: 2)

    /// `a`: 10 × 4 points at (15, 10): x 10…20, y 8…12 points → columns 10…20, rows 4…6,
    /// filled. `b`: 6 × 4 at (33, 4): x 30…36, y 2…6 → columns 30…36, rows 1…3; its box,
    /// padded by 2 and cut to the canvas, is columns 28…38, rows 0…5.
    static func tree(aAt x: Double = 15) throws -> (LayerTree, LayerID) {
        var tree = LayerTree()
        var a = Layer(name: "a")
        a.bounds = Rect(0, 0, 10, 4)
        a.position = Point(x, 10)
        a.backgroundColor = Color(red: 40, green: 80, blue: 220)
        var b = Layer(name: "b")
        b.bounds = Rect(0, 0, 6, 4)
        b.position = Point(33, 4)
        let id = try tree.add(a)
        _ = try tree.add(b)
        return (tree, id)
    }

    static func frame(_ tree: LayerTree, _ scratch: RasterScratch, selection: LayerID? = nil, viewport: Viewport = viewport) -> Canvas {
        let options = RasterOptions(mode: .braille, selection: selection)
        let kept = SceneRasterizer.render(tree, viewport: viewport, columns: 40, rows: 12, options: options, scratch: scratch, keepingFrame: true)
        let whole = SceneRasterizer.render(tree, viewport: viewport, columns: 40, rows: 12, options: options)
        #expect(kept == whole)
        return kept
    }

    @Test func aMovedLayerRedrawsTheBoxesItCoveredAndCovers() throws {
        let scratch = RasterScratch()
        _ = try Self.frame(Self.tree().0, scratch)
        #expect(scratch.lastFrameWork.kept == false)
        #expect(scratch.lastFrameWork.composedCells == 40 * 12)
        #expect(scratch.lastFrameWork.drawnItems == 2)

        // The same tree again: nothing changed, nothing drawn or composed.
        _ = try Self.frame(Self.tree().0, scratch)
        #expect(scratch.lastFrameWork.kept == true)
        #expect(scratch.lastFrameWork.composedCells == 0)
        #expect(scratch.lastFrameWork.drawnItems == 0)

        // `a` 2 points right: x 12…22. Its box before, columns 8…22 and rows 2…8, and after,
        // columns 10…24 and rows 2…8: the damage is columns 8…24, rows 2…8, 17 × 7 = 119
        // cells. Only `a` is drawn: `b`'s box (columns 28…38) does not reach it.
        _ = try Self.frame(Self.tree(aAt: 17).0, scratch)
        let work = scratch.lastFrameWork
        #expect(work.kept == true)
        #expect(work.damage.map { [$0.c0, $0.r0, $0.c1, $0.r1] } == [8, 2, 24, 8])
        #expect(work.composedCells == 119)
        #expect(work.drawnItems == 1)
    }

    @Test func theSelectionsMarksAreDamageToo() throws {
        let scratch = RasterScratch()
        let (tree, a) = try Self.tree(aAt: 17)
        _ = Self.frame(tree, scratch)
        // `a` selected: its ghost, frame box and outline lie on its bounds (columns 12…22,
        // rows 4…6: padded, columns 10…24 and rows 2…8); the crosshair on its position, cell
        // (17, 5), reaches 3 columns and 6 dots (1.5 rows) each way (14…20, 3.5…6.5: padded
        // 12…22, 1…8); the anchor's ring 1 column and half a row (padded 14…20, 2…7).
        // The damage: columns 10…24, rows 1…8, 15 × 8 = 120 cells; `a` drawn again, not `b`.
        _ = Self.frame(tree, scratch, selection: a)
        let work = scratch.lastFrameWork
        #expect(work.kept == true)
        #expect(work.damage.map { [$0.c0, $0.r0, $0.c1, $0.r1] } == [10, 1, 24, 8])
        #expect(work.composedCells == 120)
        #expect(work.drawnItems == 1)
        // And back: the same cells again.
        _ = Self.frame(tree, scratch)
        #expect(scratch.lastFrameWork.composedCells == 120)
    }

    @Test func anotherViewportDrawsAWholeFrame() throws {
        let scratch = RasterScratch()
        let (tree, _) = try Self.tree()
        _ = Self.frame(tree, scratch)
        // Panned by a column: every cell may change, so nothing is kept.
        _ = Self.frame(tree, scratch, viewport: Viewport(origin: Point(x: 1, y: 0), pointsPerColumn: 1, cellAspect: 2))
        #expect(scratch.lastFrameWork.kept == false)
        #expect(scratch.lastFrameWork.composedCells == 480)
    }

    @Test func aCallerThatDoesNotAskKeepsNothing() throws {
        let scratch = RasterScratch()
        let (tree, _) = try Self.tree()
        for _ in 0..<2 {
            _ = SceneRasterizer.render(tree, viewport: Self.viewport, columns: 40, rows: 12, scratch: scratch)
            #expect(scratch.lastFrameWork.kept == false)
            #expect(scratch.lastFrameWork.composedCells == 480)
        }
    }
}
