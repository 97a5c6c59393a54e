import Cells
import Foundation
import Geometry
import LayerModel
@testable import Raster
import SeededRandom
import Testing

/// The painter's shortcuts change no pixel: walking a monotone polygon's two edge chains
/// instead of testing every edge on every scanline, keeping a row's alphas for the rows below
/// it between vertical edges, and painting a big image's bands on several threads. The first
/// two are the four-scanline painter's (`paint(…, area: false)`; convex fills are painted at
/// their exact area by default, `PixelAreaFillTests`).
@Suite struct PixelChainsTests {
    /// A polygon of `n` vertices round (cx, cy) at random radii, in angle order: convex or
    /// not, y-monotone or not (a star's points dip back up), clockwise or not.
    static func polygon(_ rng: inout SplitMix64, n: Int) -> [PolyVertex] {
        let cx = 20 + 160 * rng.unit(), cy = 20 + 120 * rng.unit()
        let start = 2 * Double.pi * rng.unit()
        let clockwise = rng.unit() < 0.5
        let angles = (0..<n).map { _ in 2 * Double.pi * rng.unit() }.sorted()
        let points = angles.map { a -> PolyVertex in
            let r = 2 + 40 * rng.unit()
            return PolyVertex(x: cx + r * cos(start + a), y: cy + r * sin(start + a), real: true)
        }
        return clockwise ? points : points.reversed()
    }

    @Test func walkingTheChainsPaintsWhatEveryEdgePaints() {
        // 400 random polygons of 3 to 9 vertices, translucent or not, over each other, and
        // axis-aligned boxes and strips on fractional rows (the kept alphas), in one list.
        var rng = SplitMix64(seed: 0xC4A1_0035)
        var surface = PixelSurface(width: 200, height: 160)
        for k in 0..<400 {
            let color = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
            let alpha = rng.unit() < 0.5 ? 1 : 0.2 + 0.7 * rng.unit()
            if k % 4 == 0 {
                let x = 200 * rng.unit(), y = 160 * rng.unit()
                let w = rng.unit() < 0.5 ? 1.0 : 1 + 50 * rng.unit(), h = 1 + 80 * rng.unit()
                surface.fill(
                    [
                        PolyVertex(x: x, y: y, real: true), PolyVertex(x: x + w, y: y, real: true),
                        PolyVertex(x: x + w, y: y + h, real: true), PolyVertex(x: x, y: y + h, real: true)
                    ],
                    color: color, alpha: alpha)
            } else {
                surface.fill(Self.polygon(&rng, n: 3 + Int(rng.next() % 7)), color: color, alpha: alpha)
            }
        }
        let whole = PixelRect(x: 0, y: 0, width: 200, height: 160)
        var walked = PixelImage(width: 200, height: 160, fill: 0x102030)
        var walkedWork = PixelDisplayList.PaintWork()
        surface.list.paint(into: &walked, clip: whole, area: false, work: &walkedWork)
        var tested = PixelImage(width: 200, height: 160, fill: 0x102030)
        var testedWork = PixelDisplayList.PaintWork()
        surface.list.paint(into: &tested, clip: whole, chains: false, work: &testedWork)
        #expect(walked == tested)
        #expect(walkedWork == testedWork)
        #expect(walked != PixelImage(width: 200, height: 160, fill: 0x102030))
        // The benchmark's nested scene too (rotations, perspective, masks, circles).
        let (list, width, height, backdrop) = PixelOcclusionTests.nestedScene()
        var sceneWalked = PixelImage(width: width, height: height, fill: backdrop)
        var sceneWalkedWork = PixelDisplayList.PaintWork()
        list.paint(into: &sceneWalked, clip: PixelRect(x: 0, y: 0, width: width, height: height), area: false, work: &sceneWalkedWork)
        var sceneTested = PixelImage(width: width, height: height, fill: backdrop)
        var work = PixelDisplayList.PaintWork()
        list.paint(into: &sceneTested, clip: PixelRect(x: 0, y: 0, width: width, height: height), chains: false, work: &work)
        #expect(sceneWalked == sceneTested)
    }

    @Test func bandsInParallelPaintWhatOneThreadPaints() {
        // 600 × 480 pixels: 288 000, over `parallelPixels`, in 15 bands.
        let (list, width, height, backdrop) = PixelOcclusionTests.nestedScene()
        #expect(width * height >= PixelDisplayList.parallelPixels && height / PixelDisplayList.band >= 4)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        var parallel = PixelImage(width: width, height: height, fill: backdrop)
        var parallelWork = PixelDisplayList.PaintWork()
        list.paint(into: &parallel, clip: whole, work: &parallelWork)
        var one = PixelImage(width: width, height: height, fill: backdrop)
        var oneWork = PixelDisplayList.PaintWork()
        list.paint(into: &one, clip: whole, parallel: false, work: &oneWork)
        #expect(parallel == one)
        #expect(parallelWork == oneWork)
        #expect(oneWork.edgePixels > 0 && oneWork.runPixels > 0)
    }

    @Test func aStripBetweenVerticalEdgesTakesItsEdgeAlphasOnce() {
        // A strip 1 pixel wide, x 10.25 … 11.25, y 5.5 … 50.5, opaque white on black: each
        // row it crosses whole covers column 10 three quarters across (192/256 → 191) and
        // column 11 one quarter (64/256 → 64); rows 5 and 50 half as much (2 of 4 scanlines:
        // 96/256 → 96 and 32/256 → 32).
        var surface = PixelSurface(width: 30, height: 60)
        surface.fill(
            [
                PolyVertex(x: 10.25, y: 5.5, real: true), PolyVertex(x: 11.25, y: 5.5, real: true),
                PolyVertex(x: 11.25, y: 50.5, real: true), PolyVertex(x: 10.25, y: 50.5, real: true)
            ],
            color: 0xFFFFFF, alpha: 1)
        var image = PixelImage(width: 30, height: 60)
        var work = PixelDisplayList.PaintWork()
        surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 30, height: 60), work: &work)
        // Two bands (rows 0–47, 48–59); a strip 1 pixel across is never tested for covering
        // an 8 × 8 tile; its chains are worked out once for both bands, and each band walks it
        // (rows 5–50 cross both); nothing cleared (the image was cleared by its caller). 46
        // rows of 2 pixels.
        #expect(work == PixelDisplayList.PaintWork(edgePixels: 2 * 46, runPixels: 0, clearedPixels: 0, coverTests: 0, bands: 2, chainBuilds: 1, bandFills: 2))
        for y in 6...49 { #expect(image[10, y] == 0xBFBFBF && image[11, y] == 0x404040) }
        #expect(image[10, 5] == 0x606060 && image[11, 5] == 0x202020)
        #expect(image[10, 50] == 0x606060 && image[11, 50] == 0x202020)
        #expect(image[9, 20] == 0 && image[12, 20] == 0 && image[10, 4] == 0 && image[10, 51] == 0)
    }
}
