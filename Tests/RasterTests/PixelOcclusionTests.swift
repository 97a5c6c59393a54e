import Benchmarks
import Cells
import Geometry
import LayerModel
@testable import Raster
import Testing

/// Occlusion in `PixelDisplayList.paint`: skipping what an opaque fill in front covers whole
/// changes no pixel, and skips most of a nested scene's painting.
@Suite struct PixelOcclusionTests {
    /// The benchmark's nested scene (rotations, perspective, masks, translucency, borders),
    /// `layers` layers at `columns` × `rows` cells of 10 × 20 pixels, recorded as the pixel
    /// mode paints it.
    static func nestedScene(layers: Int = 300, columns: Int = 60, rows: Int = 24)
        -> (list: PixelDisplayList, width: Int, height: Int, backdrop: UInt32)
    {
        let tree = RasterBenchmark.scene(layerCount: layers)
        let viewport = Viewport.fitting(RasterBenchmark.screen, columns: columns, rows: rows)
        let options = RasterOptions(mode: .braille, unicode: true, selection: tree.id(named: "L1"))
        return PixelRaster.record(tree, viewport: viewport, columns: columns, rows: rows, cellWidth: 10, cellHeight: 20, options: options)
    }

    @Test func skippingCoveredTilesChangesNoPixel() {
        let (list, width, height, backdrop) = Self.nestedScene()
        var plain = PixelImage(width: width, height: height, fill: backdrop)
        list.paint(into: &plain, clip: PixelRect(x: 0, y: 0, width: width, height: height), occlusion: false)
        var culled = PixelImage(width: width, height: height, fill: backdrop)
        list.paint(into: &culled, clip: PixelRect(x: 0, y: 0, width: width, height: height))
        #expect(culled == plain)
        // And clipped to an odd rectangle (not on tile lines), the same pixels there.
        var part = plain
        let r = PixelRect(x: 133, y: 77, width: 211, height: 150)
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { part[x, y] = 0 } }
        list.paint(into: &part, clip: r)
        #expect(part == plain)
    }

    @Test func aSquareUnderAnOpaqueSquareIsNotPainted() {
        // Two 80 × 80-pixel squares at the same place, the front one opaque: the back one
        // touches only tiles the front one covers whole, so it is never painted.
        var surface = PixelSurface(width: 160, height: 160)
        func square(_ color: UInt32) -> [PolyVertex] {
            [
                PolyVertex(x: 40, y: 40, real: true), PolyVertex(x: 120, y: 40, real: true),
                PolyVertex(x: 120, y: 120, real: true), PolyVertex(x: 40, y: 120, real: true)
            ]
        }
        surface.fill(square(0xFF0000), color: 0xFF0000, alpha: 1)
        surface.fill(square(0x00FF00), color: 0x00FF00, alpha: 1)
        var image = PixelImage(width: 160, height: 160)
        #expect(surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 160, height: 160)) == 1)
        #expect(image[40, 40] == 0x00FF00 && image[119, 119] == 0x00FF00 && image[39, 39] == 0)
        // A translucent front square hides nothing: both are painted.
        var veiled = PixelSurface(width: 160, height: 160)
        veiled.fill(square(0), color: 0xFF0000, alpha: 1)
        veiled.fill(square(0), color: 0x00FF00, alpha: 0.5)
        #expect(veiled.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: 160, height: 160)) == 2)
    }
}
