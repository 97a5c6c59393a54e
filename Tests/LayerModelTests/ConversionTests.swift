import Testing
import TestSupport
import Geometry
@testable import LayerModel

@Suite("R5–R7, R12, R13: converting points and rects between layers")
struct ConversionTests {
    /// parent: bounds 200×200 at position (100,100) → its bounds' origin is at screen (0,0).
    /// child: 20×20 at position (50,50) in the parent → child (0,0) is parent (40,40).
    func parentAndChild(_ configure: (inout Layer) -> Void = { _ in }) throws -> (LayerTree, LayerID, LayerID) {
        var tree = LayerTree()
        let p = try tree.add(makeLayer("parent", bounds: Rect(0, 0, 200, 200), position: Point(100, 100), configure: configure))
        let c = try tree.add(makeLayer("child", bounds: Rect(0, 0, 20, 20), position: Point(50, 50)), in: p)
        return (tree, p, c)
    }

    @Test func oneHopUpIsMinusAnchorThenTransformThenPlusPosition() throws {
        let (tree, p, c) = try parentAndChild()
        #expect(tree.convert(Point(0, 0), from: c, to: p) == Point(40, 40))
        #expect(tree.convert(Point(0, 0), from: c, to: nil) == Point(40, 40))
        #expect(tree.convert(Point(40, 40), from: nil, to: c) == Point(0, 0))
        #expect(tree.convert(Point(3, 4), from: c, to: c) == Point(3, 4))
    }

    @Test func theSuperlayersSublayerTransformAppliesAboutItsAnchor() throws {
        // Child (0,0) → parent sublayer space (40,40) → about the anchor (100,100):
        // (−60,−60) × 2 = (−120,−120) → (−20,−20).
        let (tree, p, c) = try parentAndChild { $0.sublayerTransform = .scale(2, 2) }
        #expect(tree.convert(Point(0, 0), from: c, to: p) == Point(-20, -20))
        #expect(tree.convert(Point(-20, -20), from: p, to: c) == Point(0, 0))
        // The parent's own points are not affected by its sublayerTransform.
        #expect(tree.convert(Point(0, 0), from: p, to: nil) == Point(0, 0))
    }

    @Test func boundsOriginScrollsTheSublayers() throws {
        // R6: parent bounds.origin (0, 50): every sublayer shows 50 higher; the parent doesn't move.
        let (tree, p, c) = try parentAndChild { $0.bounds.origin = Point(0, 50) }
        #expect(tree.convert(Point(0, 0), from: c, to: nil) == Point(40, -10))
        #expect(tree.convert(Point(0, 50), from: p, to: nil) == Point(0, 0))
        #expect(tree[p].frame == Rect(0, 0, 200, 200))
    }

    @Test func layersInDifferentTreesMeetAtTheScreen() throws {
        var tree = LayerTree()
        let a = try tree.add(makeLayer("a", bounds: Rect(0, 0, 10, 10), position: Point(5, 5)))
        let b = try tree.add(makeLayer("b", bounds: Rect(0, 0, 10, 10), position: Point(105, 205)))
        // a's (1,1) is screen (1,1), which is b's (1 − 100, 1 − 200).
        #expect(tree.convert(Point(1, 1), from: a, to: b) == Point(-99, -199))
    }

    @Test func convertingUpAndDownThroughThreeLevelsRoundTrips() throws {
        var tree = LayerTree()
        let a = try tree.add(
            makeLayer("a", bounds: Rect(5, 5, 300, 300), position: Point(160, 120), transform: .rotation(.degrees(20))) {
                $0.sublayerTransform = .scale(1.5, 0.75)
            })
        let b = try tree.add(
            makeLayer(
                "b", bounds: Rect(0, 0, 100, 60), position: Point(80, 90), anchor: Point(0.2, 0.7),
                transform: .rotation(.degrees(-35)).concatenating(.translation(4, 9))), in: a)
        let c = try tree.add(
            makeLayer("c", bounds: Rect(-10, 3, 20, 20), position: Point(30, 30), transform: .scale(2, 1)) {
                $0.isGeometryFlipped = true
            }, in: b)
        let d = try tree.add(makeLayer("d", bounds: Rect(0, 0, 5, 5), position: Point(1, 2)), in: c)
        let p = Point(3, -7)
        let screen = try #require(tree.convert(p, from: d, to: nil))
        #expect(tree.convert(screen, from: nil, to: d).isClose(to: p, 1e-9))
        let inB = try #require(tree.convert(p, from: d, to: b))
        #expect(tree.convert(inB, from: b, to: d).isClose(to: p, 1e-9))
        // Sibling-ish route: d → a directly equals d → b → a.
        let viaB = tree.convert(inB, from: b, to: a)
        #expect(tree.convert(p, from: d, to: a).isClose(to: viaB!, 1e-9))
    }

    @Test func convertRectIsTheBoundingBoxAndInflatesUnderRotation() throws {
        // R7: a 100-wide square rotated 45° and converted there and back grows to 200.
        var tree = LayerTree()
        let r = try tree.add(makeLayer("r", bounds: Rect(0, 0, 100, 100), position: Point(0, 0), transform: .rotation(.degrees(45))))
        let out = try #require(tree.convert(Rect(0, 0, 100, 100), from: r, to: nil))
        #expect(abs(out.width - 141.4213562373095) < 1e-9)
        let back = try #require(tree.convert(out, from: nil, to: r))
        #expect(abs(back.width - 200) < 1e-9 && abs(back.height - 200) < 1e-9)
    }

    @Test func geometryFlippedFlipsTheSublayerSpaceAboutTheMidLine() throws {
        // R12: parent 100×100 flipped; child centred at (50, 10) shows at y = 0 + 100 − 10 = 90.
        var tree = LayerTree()
        let p = try tree.add(makeLayer("p", bounds: Rect(0, 0, 100, 100), position: Point(50, 50)) { $0.isGeometryFlipped = true })
        let c = try tree.add(makeLayer("c", bounds: Rect(0, 0, 10, 10), position: Point(50, 10)), in: p)
        #expect(tree.convert(Point(5, 5), from: c, to: nil) == Point(50, 90))
        // The child's own top edge (y = 0) is now below its bottom edge (y = 10): content upside down.
        #expect(tree.convert(Point(5, 0), from: c, to: nil) == Point(50, 95))
        // The flipped layer's own frame does not change.
        #expect(tree[p].frame == Rect(0, 0, 100, 100))
    }

    @Test func aFlippedDescendantOfAFlippedLayerCancelsIt() throws {
        var tree = LayerTree()
        let p = try tree.add(makeLayer("p", bounds: Rect(0, 0, 100, 100), position: Point(50, 50)) { $0.isGeometryFlipped = true })
        let c = try tree.add(makeLayer("c", bounds: Rect(0, 0, 100, 100), position: Point(50, 50)) { $0.isGeometryFlipped = true }, in: p)
        let g = try tree.add(makeLayer("g", bounds: Rect(0, 0, 10, 10), position: Point(50, 10)), in: c)
        // Two flips about the same mid-line: back where an unflipped tree puts it.
        #expect(tree.convert(Point(5, 5), from: g, to: nil) == Point(50, 10))
    }

    @Test func perspectiveConversionUsesTheDivideAndRoundTrips() throws {
        // R13: parent with m34 = −1/500 as sublayerTransform; child turned 60° about y.
        var tree = LayerTree()
        let p = try tree.add(
            makeLayer("p", bounds: Rect(0, 0, 400, 400), position: Point(200, 200)) {
                $0.sublayerTransform = .perspective(eyeDistance: 500)
            })
        let c = try tree.add(
            makeLayer(
                "card", bounds: Rect(0, 0, 200, 100), position: Point(200, 200),
                transform: .rotation(.degrees(60), x: 0, y: 1, z: 0)), in: p)
        // The card's right edge centre (200, 50) is 100 right of the anchor: rotated to
        // x = 50, z = −86.6; w = 1 + 86.6/500; shown at 200 + 50/w.
        let w = 1 + 100 * 0.8660254037844386 / 500
        let shown = try #require(tree.convert(Point(200, 50), from: c, to: nil))
        #expect(abs(shown.x - (200 + 50 / w)) < 1e-9)
        #expect(abs(shown.y - 200) < 1e-9)
        #expect(tree.convert(shown, from: nil, to: c).isClose(to: Point(200, 50), 1e-9))
        // Its left edge comes towards the eye and looks bigger: 200 − 50/(1 − 86.6/500).
        let left = try #require(tree.convert(Point(0, 50), from: c, to: nil))
        #expect(abs(left.x - (200 - 50 / (1 - 100 * 0.8660254037844386 / 500))) < 1e-9)
    }

    @Test func aSingularLayerHasNoPointToConvertInto() throws {
        var tree = LayerTree()
        let s = try tree.add(makeLayer("s", bounds: Rect(0, 0, 10, 10), position: Point(5, 5), transform: .scale(0, 1)))
        #expect(tree.convert(Point(1, 1), from: nil, to: s) == nil)
        #expect(tree.convert(Rect(0, 0, 1, 1), from: nil, to: s) == nil)
        // Out of it is fine: everything collapses onto a line.
        #expect(tree.convert(Point(3, 4), from: s, to: nil) == Point(5, 4))
    }

    @Test func pointsBehindTheEyeHaveNoConversion() throws {
        var tree = LayerTree()
        let p = try tree.add(
            makeLayer("p", bounds: Rect(0, 0, 100, 100), position: Point(50, 50)) {
                $0.sublayerTransform = .perspective(eyeDistance: 100)
            })
        // Pushed 150 towards a viewer 100 away: behind the eye.
        let c = try tree.add(makeLayer("c", bounds: Rect(0, 0, 10, 10), position: Point(50, 50)) { $0.zPosition = 150 }, in: p)
        #expect(tree.convert(Point(1, 1), from: c, to: nil) == nil)
    }
}
