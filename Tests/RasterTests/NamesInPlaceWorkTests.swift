import Cells
import Geometry
import LayerModel
@testable import Raster
import Testing

/// Issue 36, names without a copy: a kept frame writes its names over its own picture,
/// saving the cells they cover (the name, a cell either side, and one more each side a
/// cut wide character's mending may reach), and the next frame puts those back before it
/// reads the picture — where every frame copied the whole picture (40 × 12 = 480 cells
/// here, about 8 000 in the explorer at 200 × 60) to write its names on the copy. Counted,
/// never timed; every frame is checked against a whole frame from a fresh scratch.
@Suite struct NamesInPlaceWorkTests {
    static func frame(_ tree: LayerTree, _ scratch: RasterScratch) -> Canvas {
        var options = RasterOptions(mode: .braille)
        options.labels = .all
        let kept = SceneRasterizer.render(
            tree, viewport: KeptFrameWorkTests.viewport, columns: 40, rows: 12, options: options, scratch: scratch, keepingFrame: true)
        let whole = SceneRasterizer.render(tree, viewport: KeptFrameWorkTests.viewport, columns: 40, rows: 12, options: options)
        #expect(kept == whole)
        return kept
    }

    @Test func namesSaveAndPutBackOnlyTheCellsTheyCover() throws {
        let scratch = RasterScratch()
        // `a` (columns 10…20, rows 4…6) has no row inside its outline, so its name goes on its
        // top edge, row 4, from its first inside column, 11; `b` (columns 30…36, rows 1…3) on
        // row 1 from column 31. Each one-letter name saves columns −2…+2 round it: 5 cells,
        // 9…13 on row 4 and 29…33 on row 1: 10 cells, not a copy of 480.
        let first = try Self.frame(KeptFrameWorkTests.tree().0, scratch)
        #expect(first[11, 4].glyph == "a")
        #expect(first[31, 1].glyph == "b")
        #expect(scratch.lastFrameWork.kept == false)
        #expect(scratch.lastFrameWork.savedUnderNames == 10)
        #expect(scratch.lastFrameWork.restoredUnderNames == 0)

        // The same tree: the 10 cells put back, the names written again over the same 10.
        _ = try Self.frame(KeptFrameWorkTests.tree().0, scratch)
        #expect(scratch.lastFrameWork.kept == true)
        #expect(scratch.lastFrameWork.composedCells == 0)
        #expect(scratch.lastFrameWork.restoredUnderNames == 10)
        #expect(scratch.lastFrameWork.savedUnderNames == 10)

        // `a` 2 points right: the damage is columns 8…24, rows 2…8 (`KeptFrameWorkTests`);
        // its name moves to column 13 (saved 11…15, inside the damage); `b`'s stays.
        let moved = try Self.frame(KeptFrameWorkTests.tree(aAt: 17).0, scratch)
        #expect(moved[13, 4].glyph == "a")
        #expect(moved[11, 4].glyph != "a")
        #expect(scratch.lastFrameWork.restoredUnderNames == 10)
        #expect(scratch.lastFrameWork.savedUnderNames == 10)
    }

    /// A caller that holds the last picture keeps it as it was: the names are taken off a
    /// copy (the kept picture is shared), never off the picture handed out.
    @Test func aPictureHandedOutIsNeverChangedAfterwards() throws {
        let scratch = RasterScratch()
        let first = try Self.frame(KeptFrameWorkTests.tree().0, scratch)
        let copy = first
        _ = try Self.frame(KeptFrameWorkTests.tree(aAt: 17).0, scratch)
        #expect(first == copy)
        #expect(first[11, 4].glyph == "a")
    }
}
