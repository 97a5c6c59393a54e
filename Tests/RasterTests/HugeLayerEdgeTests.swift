import Geometry
import LayerModel
@testable import Raster
import Testing

/// A layer 1e300 points across at the widest zoom (1e12 points per column, the clamp) is
/// 1e288 columns wide: drawn as a layer 1e20 across is — its left and top edges on the
/// canvas. Its left edge used to vanish (clipped from its far end, the canvas's part of the
/// edge was a sliver of the parameter next to 1, which rounds to 1: one point), its braille
/// outline went too (its squared sides overflowed, so it read as 0 thick and was stroked
/// along an axis off the canvas), and as a mask it hid its sublayers (its area overflowed).
@Suite struct HugeLayerEdgeTests {
    /// A square `side` points across with its top-left corner at the origin, and `kid`
    /// (4e12 points, centred on (1e13, 1e13)) in it when given.
    static func tree(side: Double, filled: Bool = false) throws -> LayerTree {
        var tree = LayerTree()
        var huge = Layer(name: "huge")
        huge.bounds = Rect(x: 0, y: 0, width: side, height: side)
        huge.position = Point(side / 2, side / 2)
        if filled {
            huge.backgroundColor = Color(red: 1, green: 0, blue: 0)
            huge.masksToBounds = true
        }
        let id = try tree.add(huge)
        if filled {
            var kid = Layer(name: "kid")
            kid.bounds = Rect(x: 0, y: 0, width: 4e12, height: 4e12)
            kid.position = Point(1e13, 1e13)
            _ = try tree.add(kid, in: id)
        }
        return tree
    }

    static func rows(_ tree: LayerTree, _ mode: RenderMode, rows: Int = 4) -> [String] {
        var options = RasterOptions(mode: mode, selection: nil)
        options.labels = .none
        let canvas = SceneRasterizer.render(
            tree, viewport: Viewport(origin: Point(0, 0), pointsPerColumn: 1e12), columns: 20, rows: rows, options: options)
        return (0..<rows).map { canvas.text(row: $0) }
    }

    /// Braille: the left edge is dot column 0 (moved half a dot inside), the top edge dot
    /// row 0. Cell (0, 0) has both: left dots 0x01 0x02 0x04 0x40 and top dots 0x01 0x08 =
    /// 0x4F, U+284F ⡏; the rest of row 0 the top dots, 0x09 ⠉; column 0 below, the left
    /// dots, 0x47 ⡇. Blocks: column 0 a full block, row 0's top half ▀. ASCII: the corner +,
    /// then - along the top and | down the left.
    @Test func theHugeLayersLeftAndTopEdgesAreDrawn() throws {
        let blank = String(repeating: " ", count: 19)
        let expected: [RenderMode: [String]] = [
            .braille: ["⡏" + String(repeating: "⠉", count: 19)] + Array(repeating: "⡇" + blank, count: 3),
            .blocks: ["█" + String(repeating: "▀", count: 19)] + Array(repeating: "█" + blank, count: 3),
            .ascii: ["+" + String(repeating: "-", count: 19)] + Array(repeating: "|" + blank, count: 3)
        ]
        for side in [1e300, 1e20] {
            let tree = try Self.tree(side: side)
            for (mode, rows) in expected {
                #expect(Self.rows(tree, mode) == rows, "side \(side), \(mode)")
            }
        }
    }

    /// Filled and masking: its sublayer still shows. kid spans x and y 8e12…1.2e13: columns
    /// 8…12 (dots 16…24) and rows 4…6 (dot rows 16…24); its outline, half a dot inside, is
    /// dot columns 16 and 23 and dot rows 16 and 23. Row 4: ⡏ (left + top), ⠉ ⠉, and
    /// column 11 right dots 0x08 0x10 0x20 0x80 + top 0x01 0x08 = 0xB9 ⢹; row 5: left +
    /// bottom 0x40 0x80 = 0xC7 ⣇, bottom ⣀ ⣀, right + bottom 0xF8 ⣸.
    @Test func aHugeMaskStillShowsItsSublayers() throws {
        for side in [1e300, 1e20] {
            let rows = Self.rows(try Self.tree(side: side, filled: true), .braille, rows: 6)
            #expect(rows[4].dropFirst(8).prefix(4) == "⡏⠉⠉⢹", "side \(side): \(rows[4])")
            #expect(rows[5].dropFirst(8).prefix(4) == "⣇⣀⣀⣸", "side \(side): \(rows[5])")
            #expect(rows[1].hasPrefix("⡇███"), "side \(side): \(rows[1])")
        }
    }

    /// The clip from the near end: a vertical edge from 1e288 rows below up to row 0 keeps
    /// every row of a 10-row canvas (dot rows −1…11 after the one-sample margin), where from
    /// the far end it was the single point at row 0.
    @Test func aSegmentFromFarAwayIsClippedFromItsNearEnd() throws {
        let walk = try #require(BresenhamWalk(0.5, 1e288, 0.5, 0.5, width: 4, height: 10))
        #expect(walk.x == 0 && walk.endX == 0)
        #expect(walk.y == 11 && walk.endY == 0)
        // Either way round the same cells.
        let back = try #require(BresenhamWalk(0.5, 0.5, 0.5, 1e288, width: 4, height: 10))
        #expect(back.y == 0 && back.endY == 11)
        // Thickness of a huge square: its side, 1e288 columns, in braille samples (2 across).
        let square = [
            PolyVertex(x: 0, y: 0, real: true), PolyVertex(x: 1e288, y: 0, real: true),
            PolyVertex(x: 1e288, y: 1e288, real: true), PolyVertex(x: 0, y: 1e288, real: true)
        ]
        let thickness = SceneRasterizer.thickness(square, perColumn: 2, perRow: 4)
        #expect(abs(thickness / 2e288 - 1) < 1e-12, "\(thickness)")
    }
}
