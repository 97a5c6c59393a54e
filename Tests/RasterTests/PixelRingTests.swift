import Cells
import Foundation
import Geometry
import LayerModel
@testable import Raster
import Testing

/// An opaque layer's outline or border in pixels (issue 35): the whole shape in the band's
/// colour and the fill on what the band leaves (`PixelSurface.inset`), two fills rather than
/// the fill and four strips over it. Worked by hand on shapes whose numbers come out exact.
@Suite struct PixelRingTests {
    static func vertices(_ points: [(Double, Double)], real: [Bool]? = nil) -> [PolyVertex] {
        points.enumerated().map { PolyVertex(x: $0.element.0, y: $0.element.1, real: real?[$0.offset] ?? true) }
    }

    static func points(_ poly: [PolyVertex]) -> [[Double]] { poly.map { [$0.x, $0.y] } }

    /// A 20 × 10 box, clockwise on screen and the other way: each edge moved a pixel inward
    /// (the normals are the axes and every offset a whole number, so the corners are exact).
    @Test func insetMovesEachRealEdgeInward() {
        var inner: [PolyVertex] = []
        let box = Self.vertices([(10, 10), (30, 10), (30, 20), (10, 20)])
        #expect(PixelSurface.inset(box, by: 1, into: &inner))
        #expect(Self.points(inner) == [[11, 11], [29, 11], [29, 19], [11, 19]])
        #expect(PixelSurface.inset(Array(box.reversed()), by: 1, into: &inner))
        #expect(Self.points(inner) == [[11, 19], [29, 19], [29, 11], [11, 11]])
        // The right edge (from vertex 1) is a clip's edge, not the layer's: it stays.
        let clipped = Self.vertices([(10, 10), (30, 10), (30, 20), (10, 20)], real: [true, false, true, true])
        #expect(PixelSurface.inset(clipped, by: 1, into: &inner))
        #expect(Self.points(inner) == [[11, 11], [30, 11], [30, 19], [11, 19]])
    }

    /// What the band cannot be drawn from: a box 1.5 pixels tall (its top moves to 11, its
    /// bottom to 10.5: the inset's left edge runs backwards), a shape that is not convex, one
    /// with a repeated vertex, and one with more than 8 vertices.
    @Test func insetRefusesWhatTheStripsMustDraw() {
        var inner: [PolyVertex] = []
        #expect(!PixelSurface.inset(Self.vertices([(10, 10), (30, 10), (30, 11.5), (10, 11.5)]), by: 1, into: &inner))
        #expect(inner.isEmpty)
        #expect(!PixelSurface.inset(Self.vertices([(0, 0), (20, 0), (10, 5), (20, 10), (0, 10)]), by: 1, into: &inner))
        #expect(!PixelSurface.inset(Self.vertices([(0, 0), (20, 0), (20, 0), (20, 10), (0, 10)]), by: 1, into: &inner))
        let nine = (0..<9).map { k -> (Double, Double) in
            let t = Double(k) / 9 * 2 * Double.pi
            return (50 + 40 * cos(t), 50 + 40 * sin(t))
        }
        #expect(!PixelSurface.inset(Self.vertices(nine), by: 1, into: &inner))
    }

    /// Fills recorded for one layer with outlines on: an opaque filled layer is its shape in
    /// the outline's colour and its fill inset (2); translucent, it is the fill and four
    /// strips (5); an opaque layer with a 4-point border, the shape in the border's colour
    /// and the fill inside the border (2).
    @Test func anOpaqueLayerIsTwoFills() throws {
        func fills(_ configure: @escaping (inout Layer) -> Void) throws -> Int {
            var tree = LayerTree()
            _ = try tree.add(
                Scenes.layer("box", Rect(0, 0, 40, 40), at: Point(30, 30)) {
                    $0.backgroundColor = Scenes.blue
                    configure(&$0)
                })
            let recorded = PixelRaster.record(
                tree, viewport: PixelRasterTests.viewport, columns: 80, rows: 40, cellWidth: 10, cellHeight: 20,
                options: RasterOptions(showOutlines: true))
            return recorded.list.ops.count
        }
        #expect(try fills { _ in } == 2)
        #expect(try fills { $0.opacity = 0.5 } == 5)
        #expect(
            try fills {
                $0.borderColor = Scenes.green
                $0.borderWidth = 4
            } == 2)
    }

    /// A 40-point box at x = 10.1 … 50.1 points: pixels 50.5 … 250.5 across, 50 … 250 down, so
    /// the outline is pixels 50.5 … 51.5 on the left. Pixel 50 is half outline over the black
    /// backdrop, (o · 128 + 0 · 128 + 128) >> 8 a channel — not the outline over half a fill
    /// over the backdrop (both blended at 128), which the strips gave. Pixel 51 is half
    /// outline, half fill: (f · 128 + o · 128 + 128) >> 8. Row 50 is the top outline whole.
    @Test func theOutlinesEdgePixelIsTheOutlineAtItsCoveredArea() throws {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("box", Rect(0, 0, 40, 40), at: Point(30.1, 30)) { $0.backgroundColor = Scenes.blue })
        let image = PixelRasterTests.render(tree, outlines: true)
        let fill: UInt32 = 0x2850DC
        let outline = image[150, 50]
        #expect(outline != fill && outline != 0)
        #expect(image[150, 150] == fill)
        #expect(image[49, 150] == 0)
        func halves(_ a: UInt32, _ b: UInt32) -> UInt32 {
            var out: UInt32 = 0
            for shift: UInt32 in [0, 8, 16] {
                let x = (a >> shift) & 0xFF, y = (b >> shift) & 0xFF
                out |= ((x * 128 + y * 128 + 128) >> 8) << shift
            }
            return out
        }
        #expect(image[50, 150] == halves(outline, 0))
        #expect(image[50, 150] != halves(outline, halves(fill, 0)))
        #expect(image[51, 150] == halves(fill, outline))
        #expect(image[52, 150] == fill)
    }
}
