import Geometry
import Raster
import Benchmarks
import TestSupport
import Testing
import LayerModel

@Suite struct DrawingWalkTests {
    static func close(_ a: Homography, _ b: Homography) -> Bool {
        let x = [a.h11, a.h12, a.h13, a.h21, a.h22, a.h23, a.h31, a.h32, a.h33]
        let y = [b.h11, b.h12, b.h13, b.h21, b.h22, b.h23, b.h31, b.h32, b.h33]
        return zip(x, y).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0), abs($1)) }
    }

    @Test(arguments: [1, 7, 300, 2_000])
    func visitsTheDrawingOrderWithEachLayersScreenMatrix(layerCount: Int) {
        // Generated scenes mix zPosition, hidden subtrees, flips, sublayerTransforms with
        // perspective and 3D turns.
        let tree = RasterBenchmark.scene(layerCount: layerCount, seed: UInt64(layerCount))
        let steps = Array(DrawingWalk(tree))
        #expect(steps.map(\.id) == tree.drawingOrder())
        #expect(steps.map(\.index) == Array(steps.indices))
        for step in steps {
            #expect(Self.close(step.matrix, tree.matrixToScreen(step.id)), "\(step.id)")
            let parent = tree[step.id].superlayer
            #expect(step.parentIndex == (parent.map { p in steps.firstIndex { $0.id == p }! } ?? -1))
        }
    }

    @Test func opacityMultipliesDownTheTreeAndThenAppliesAfterTheScreen() throws {
        var tree = LayerTree()
        var a = Layer(name: "a")
        a.opacity = 0.5
        a.position = Point(10, 0)
        let aid = try tree.add(a)
        var b = Layer(name: "b")
        b.opacity = 0.5
        b.position = Point(0, 20)
        try tree.add(b, in: aid)
        let toCells = Homography(0.5, 0, 0, 0, 0.25, 0, 0, 0, 1)
        let steps = Array(DrawingWalk(tree, then: toCells))
        #expect(steps.map(\.opacity) == [0.5, 0.25])
        // b's origin is at screen (10, 20): cells (5, 5).
        #expect(steps[1].matrix.apply(to: .zero) == Point(5, 5))
    }

    @Test func siblingsSortByZPositionStablyAndHiddenSubtreesAreSkipped() throws {
        var tree = LayerTree()
        for (name, z, hidden) in [("a", 1.0, false), ("b", 0.0, false), ("c", 1.0, false), ("d", -1.0, true), ("e", 0.0, false)] {
            var l = Layer(name: name)
            l.zPosition = z
            l.isHidden = hidden
            let id = try tree.add(l)
            try tree.add(Layer(name: name + "1"), in: id)
        }
        #expect(DrawingWalk(tree).map { tree[$0.id].name } == ["b", "b1", "e", "e1", "a", "a1", "c", "c1"])
    }
}
