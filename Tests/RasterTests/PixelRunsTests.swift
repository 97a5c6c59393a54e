import Cells
import Geometry
import LayerModel
@testable import Raster
import Testing

/// Runs of one coverage in `PixelDisplayList.paint`: on a row's top or bottom scanlines a
/// flat edge leaves pixels covered whole across on every scanline the polygon crosses, and
/// those take one blend worked out once instead of one sum each — the same pixels. (The
/// four-scanline painter's, `area: false`, where a comparison needs it.)
@Suite struct PixelRunsTests {
    @Test func partialRunsChangeNoPixel() {
        // The benchmark's nested scene: rotations, perspective, masks, translucency, borders.
        let (list, width, height, backdrop) = PixelOcclusionTests.nestedScene()
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        var before = PixelImage(width: width, height: height, fill: backdrop)
        var beforeWork = PixelDisplayList.PaintWork()
        list.paint(into: &before, clip: whole, exactRuns: false, area: false, work: &beforeWork)
        var now = PixelImage(width: width, height: height, fill: backdrop)
        var nowWork = PixelDisplayList.PaintWork()
        list.paint(into: &now, clip: whole, area: false, work: &nowWork)
        #expect(now == before)
        // The same pixels written, fewer of them one by one.
        #expect(nowWork.edgePixels + nowWork.runPixels == beforeWork.edgePixels + beforeWork.runPixels)
        #expect(nowWork.edgePixels < beforeWork.edgePixels)
    }

    @Test func aBoxOnFractionalRowsBlendsOnlyItsSidesOneByOne() {
        // x 10.5 … 30.5, y 10.25 … 20.75, opaque red on black. Rows 10 … 20 (11 rows);
        // row 10 is crossed by 3 of its 4 scanlines (10.375, 10.625, 10.875), row 20 by 3
        // (20.125, 20.375, 20.625). Columns 10 and 30 are half covered across; 11 … 29
        // (19 pixels) whole across. So 2 pixels a row one by one: 22, and 11 · 19 = 209 in runs.
        var surface = PixelSurface(width: 40, height: 30)
        surface.fill(
            [
                PolyVertex(x: 10.5, y: 10.25, real: true), PolyVertex(x: 30.5, y: 10.25, real: true),
                PolyVertex(x: 30.5, y: 20.75, real: true), PolyVertex(x: 10.5, y: 20.75, real: true)
            ],
            color: 0xFF0000, alpha: 1)
        let whole = PixelRect(x: 0, y: 0, width: 40, height: 30)
        var image = PixelImage(width: 40, height: 30)
        var work = PixelDisplayList.PaintWork()
        surface.list.paint(into: &image, clip: whole, work: &work)
        // One band (30 rows); the box is 20 × 10.5, so it is tested against its 2 tile bands
        // (rows 8–15 and 16–23), and covers neither (it starts at 10.25 and ends at 20.75).
        #expect(work == PixelDisplayList.PaintWork(edgePixels: 22, runPixels: 209, clearedPixels: 0, coverTests: 2, bands: 1, chainBuilds: 1, bandFills: 1))
        // Before the partial runs the top and bottom rows were 21 pixels one by one each.
        var old = PixelImage(width: 40, height: 30)
        var oldWork = PixelDisplayList.PaintWork()
        surface.list.paint(into: &old, clip: whole, exactRuns: false, area: false, work: &oldWork)
        #expect(oldWork == PixelDisplayList.PaintWork(edgePixels: 2 * 21 + 9 * 2, runPixels: 9 * 19, coverTests: 2, bands: 1, chainBuilds: 1, bandFills: 1))
        #expect(old == image)
        // Coverage 3/4 in the top row: alpha 192/256, red (255·192 + 128) >> 8 = 191.
        #expect(image[15, 10] == 0xBF0000)
        #expect(image[15, 20] == 0xBF0000)
        #expect(image[15, 15] == 0xFF0000)
        // The left column: half across on 4 scanlines, 128/256 → 128; on 3 of them, 96/256 → 96.
        #expect(image[10, 15] == 0x800000)
        #expect(image[10, 10] == 0x600000)
        #expect(image[15, 9] == 0 && image[9, 15] == 0 && image[31, 15] == 0 && image[15, 21] == 0)
    }

    @Test func paintingInBandsIsPaintingRowByRow() {
        // `paint` goes down the image in bands of 32 rows, every fill in order in each; one
        // row at a time (a clip one row tall: one band) must give the same picture — a fill
        // lost or painted twice at a band's edge, or a band reading another's tile masks,
        // would show.
        let (list, width, height, backdrop) = PixelOcclusionTests.nestedScene(layers: 150, columns: 40, rows: 12)
        #expect(height > 3 * PixelDisplayList.band)
        var whole = PixelImage(width: width, height: height, fill: backdrop)
        list.paint(into: &whole, clip: PixelRect(x: 0, y: 0, width: width, height: height))
        var byRow = PixelImage(width: width, height: height, fill: backdrop)
        for y in 0..<height { list.paint(into: &byRow, clip: PixelRect(x: 0, y: y, width: width, height: 1)) }
        #expect(byRow == whole)
        #expect(whole != PixelImage(width: width, height: height, fill: backdrop))
    }
}
