import Cells
import Foundation
@testable import Raster
import SeededRandom
import Testing

/// A new pixel image is painted with nothing done before its bands (issue 35): no clear of
/// the whole image and no occlusion pass over every fill; each band finds its own covered
/// tiles, writes the backdrop on the others and paints its fills. Counted, and compared with
/// clearing the image first and painting it.
@Suite struct PixelBandWorkTests {
    /// A box on whole pixels covering 4 × 4 tiles, and a 1-pixel strip across the image in
    /// front of it, worked by hand (64 × 72 pixels: two bands, rows 0–47 and 48–71).
    @Test func theClearSkipsCoveredTilesAndThinFillsAreNotTested() {
        var surface = PixelSurface(width: 64, height: 72)
        surface.fill(
            [
                PolyVertex(x: 8, y: 32, real: true), PolyVertex(x: 40, y: 32, real: true),
                PolyVertex(x: 40, y: 64, real: true), PolyVertex(x: 8, y: 64, real: true)
            ],
            color: 0xFF0000, alpha: 1)
        surface.fill(
            [
                PolyVertex(x: 0, y: 44, real: true), PolyVertex(x: 64, y: 44, real: true),
                PolyVertex(x: 64, y: 45, real: true), PolyVertex(x: 0, y: 45, real: true)
            ],
            color: 0x00FF00, alpha: 1)
        var work = PixelDisplayList.PaintWork()
        let (image, fills) = PixelDisplayList.image(of: surface.list, width: 64, height: 72, backdrop: 0x101010, work: &work)
        // Each fill's chains are worked out once for both bands (2 fills: 2). The bands walk
        // the fills crossing them: the box (rows 32–63) in both, the strip (row 44) in the
        // first: 3.
        // The box covers tile columns 1–4 of tile rows 4–7 whole: 16 tiles, 1 024 pixels, which
        // only it writes (32 rows of one run of 32). The backdrop goes on the other
        // 64 · 72 − 1 024 = 3 584. The strip is one row, one run of 64. Cover tests: the box's
        // 4 tile rows (4 and 5 in the first band, 6 and 7 in the second); the strip, 1 pixel
        // high, none.
        #expect(fills == 2)
        #expect(
            work
                == PixelDisplayList.PaintWork(
                    edgePixels: 0, runPixels: 32 * 32 + 64, clearedPixels: 64 * 72 - 16 * 64, coverTests: 4, bands: 2, chainBuilds: 2, bandFills: 3))
        #expect(image[7, 31] == 0x101010 && image[8, 32] == 0xFF0000 && image[39, 63] == 0xFF0000 && image[40, 64] == 0x101010)
        #expect(image[0, 44] == 0x00FF00 && image[20, 44] == 0x00FF00 && image[63, 44] == 0x00FF00 && image[20, 45] == 0xFF0000)
        // Cleared first and painted: the same pixels.
        var cleared = PixelImage(width: 64, height: 72, fill: 0x101010)
        surface.list.paint(into: &cleared, clip: PixelRect(x: 0, y: 0, width: 64, height: 72))
        #expect(cleared == image)
    }

    /// A strip down three bands (rows 0–47, 48–95, 96–99): its edges and chains are
    /// worked out once, not once a band; the scanline painter (`area` off) still works them
    /// out in each band. The same pixels either way where the two painters agree (a strip on
    /// whole pixels across). 96 rows of 2 pixels: pixel 6, whole, and pixel 7, which the whole
    /// end x = 7 hands to the sum (`ceilOfPositive` may take one more; it sums to exactly 0).
    @Test func aFillsChainsAreBuiltOnceForAllItsBands() {
        var surface = PixelSurface(width: 20, height: 100)
        surface.fill(
            [
                PolyVertex(x: 6, y: 2, real: true), PolyVertex(x: 7, y: 2, real: true),
                PolyVertex(x: 7, y: 98, real: true), PolyVertex(x: 6, y: 98, real: true)
            ],
            color: 0xFFFFFF, alpha: 1)
        var once = PixelImage(width: 20, height: 100)
        var onceWork = PixelDisplayList.PaintWork()
        surface.list.paint(into: &once, clip: PixelRect(x: 0, y: 0, width: 20, height: 100), work: &onceWork)
        #expect(onceWork.chainBuilds == 1 && onceWork.bands == 3)
        #expect(onceWork.runPixels + onceWork.edgePixels == 2 * 96)
        #expect(once[6, 2] == 0xFFFFFF && once[6, 97] == 0xFFFFFF && once[7, 50] == 0 && once[6, 1] == 0 && once[6, 98] == 0)
        var perBand = PixelImage(width: 20, height: 100)
        var perBandWork = PixelDisplayList.PaintWork()
        surface.list.paint(into: &perBand, clip: PixelRect(x: 0, y: 0, width: 20, height: 100), area: false, work: &perBandWork)
        #expect(perBandWork.chainBuilds == 3)
        #expect(perBand == once)
    }

    /// A fill's tiles are tested for cover only when it is opaque and at least a tile across.
    @Test func onlyOpaqueFillsATileAcrossAreTestedForCover() {
        func tests(_ poly: [PolyVertex], alpha: Double) -> Int {
            var surface = PixelSurface(width: 64, height: 64)
            surface.fill(poly, color: 0xFFFFFF, alpha: alpha)
            var work = PixelDisplayList.PaintWork()
            _ = PixelDisplayList.image(of: surface.list, width: 64, height: 64, backdrop: 0, work: &work)
            return work.coverTests
        }
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [PolyVertex] {
            [
                PolyVertex(x: x0, y: y0, real: true), PolyVertex(x: x1, y: y0, real: true),
                PolyVertex(x: x1, y: y1, real: true), PolyVertex(x: x0, y: y1, real: true)
            ]
        }
        // 7.5 pixels wide and 40 high (rows 4–43: tile rows 0–5): never tested.
        #expect(tests(box(10, 4, 17.5, 44), alpha: 1) == 0)
        // 8 wide: all 6 of its tile rows are.
        #expect(tests(box(10, 4, 18, 44), alpha: 1) == 6)
        // Translucent: none.
        #expect(tests(box(10, 4, 18, 44), alpha: 0.99) == 0)
        // A strip 1.5 pixels thick turned 30°: its bounds are large, it is thin.
        let c = 0.866_025_403_784_438_6, s = 0.5
        let turned = box(-20, -0.75, 20, 0.75).map { PolyVertex(x: 32 + $0.x * c - $0.y * s, y: 32 + $0.x * s + $0.y * c, real: true) }
        #expect(tests(turned, alpha: 1) == 0)
    }

    /// Random quads (translucent, opaque, thin, on and off whole pixels and tile lines) on
    /// images whose size is and is not a multiple of the tile: painting a new image over a
    /// buffer of garbage gives exactly the pixels of clearing first and painting, so every
    /// pixel is written.
    @Test func aNewImageWritesEveryPixelAsClearingFirstWould() {
        var rng = SplitMix64(seed: 35_08)
        for (width, height) in [(64, 64), (203, 131), (800, 330), (17, 9)] {
            for round in 0..<6 {
                var surface = PixelSurface(width: width, height: height)
                for _ in 0..<(8 + 8 * round) {
                    let cx = Double(width) * rng.unit(), cy = Double(height) * rng.unit()
                    let w = rng.unit() < 0.3 ? 0.5 + 2 * rng.unit() : Double(width) * rng.unit()
                    let h = Double(height) * rng.unit()
                    let snap = rng.unit() < 0.4
                    let t = rng.unit() < 0.5 ? 0 : 6.283 * rng.unit()
                    let (ct, st) = (cos(t), sin(t))
                    var poly: [PolyVertex] = []
                    for (dx, dy) in [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)] {
                        var x = cx + dx * ct - dy * st, y = cy + dx * st + dy * ct
                        if snap { x = (x / 8).rounded() * 8; y = (y / 8).rounded() * 8 }
                        poly.append(PolyVertex(x: x, y: y, real: true))
                    }
                    let alpha = rng.unit() < 0.6 ? 1 : 0.2 + 0.7 * rng.unit()
                    surface.fill(poly, color: UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF, alpha: alpha)
                }
                let backdrop: UInt32 = 0x182028
                var expected = PixelImage(width: width, height: height, fill: backdrop)
                surface.list.paint(into: &expected, clip: PixelRect(x: 0, y: 0, width: width, height: height), parallel: false)
                for parallel in [false, true] {
                    var poisoned = [UInt32](repeating: 0xDEAD_BEEF, count: width * height)
                    var work = PixelDisplayList.PaintWork()
                    poisoned.withUnsafeMutableBufferPointer { buffer in
                        _ = surface.list.paint(
                            into: buffer.baseAddress!, width: width, height: height,
                            clip: PixelRect(x: 0, y: 0, width: width, height: height), backdrop: backdrop, occlusion: true,
                            exactRuns: true, chains: true, area: true, parallel: parallel, work: &work)
                    }
                    #expect(PixelImage(width: width, height: height, pixels: poisoned) == expected, "\(width)×\(height) round \(round)")
                }
                var work = PixelDisplayList.PaintWork()
                #expect(PixelDisplayList.image(of: surface.list, width: width, height: height, backdrop: backdrop, work: &work).image == expected)
            }
        }
    }

    /// The benchmark's nested scene: a new image equals clearing and painting, and every
    /// pixel is written once by the backdrop or by a fill that covers its tile whole, or more.
    @Test func theNestedSceneIsPaintedAsBefore() {
        let (list, width, height, backdrop) = PixelOcclusionTests.nestedScene(layers: 300, columns: 80, rows: 24)
        var expected = PixelImage(width: width, height: height, fill: backdrop)
        var before = PixelDisplayList.PaintWork()
        let fillsBefore = list.paint(into: &expected, clip: PixelRect(x: 0, y: 0, width: width, height: height), work: &before)
        var work = PixelDisplayList.PaintWork()
        let (image, fills) = PixelDisplayList.image(of: list, width: width, height: height, backdrop: backdrop, work: &work)
        #expect(image == expected)
        #expect(fills == fillsBefore)
        #expect(work.edgePixels == before.edgePixels && work.runPixels == before.runPixels)
        // 480 rows: 10 bands of 48. The root's opaque fill covers the whole canvas here, so
        // nothing is cleared.
        #expect(work.bands == 10)
        #expect(work.clearedPixels == 0)
    }
}
