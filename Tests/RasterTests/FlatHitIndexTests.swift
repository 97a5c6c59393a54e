import Geometry
import Raster
import Benchmarks
import Testing
import LayerModel

/// Hit tests without a trace search a flattened copy of the tree (FlatHitIndex); with a
/// trace they walk the tree itself. Both must answer the same layer everywhere, on the
/// benchmark's scenes (perspective, geometryFlipped, masks, hidden layers, zPosition).
@Suite struct FlatHitIndexTests {
    /// Points on a 24 × 24 grid over the scene's screen and a little beyond it.
    static func probes() -> [Point] {
        var points: [Point] = []
        for i in 0..<24 {
            for j in 0..<24 {
                points.append(Point(x: -40 + 880 * Double(i) / 23, y: -40 + 560 * Double(j) / 23))
            }
        }
        return points
    }

    static func traced(_ tree: LayerTree, _ point: Point, _ order: SiblingOrder) -> LayerID? {
        for root in tree.searchOrder(tree.roots, order) {
            if let hit = tree.hitTest(root, point, rules: .layer(order), trace: HitTrace()) { return hit }
        }
        return nil
    }

    @Test(arguments: [300, 2000], [SiblingOrder.zPosition, .tree])
    func theFlatSearchAnswersWhatTheTracedWalkAnswers(layers: Int, order: SiblingOrder) {
        let tree = RasterBenchmark.scene(layerCount: layers)
        var hits = 0
        for point in Self.probes() {
            let flat = tree.hitTestScreenAsLayers(point, order: order)
            #expect(flat == Self.traced(tree, point, order), "at \(point)")
            if flat != nil { hits += 1 }
        }
        // The grid is mostly over the scene: most probes hit something (so the comparison
        // is not one of nils).
        #expect(hits > 300)
    }

    @Test func aChangeToTheTreeIsSeenByTheNextSearch() throws {
        var tree = LayerTree()
        var box = Layer(name: "box", kind: .layer)
        box.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        box.position = Point(x: 5, y: 5)  // frame (0, 0, 10, 10)
        let id = try tree.add(box)
        #expect(tree.hitTestScreenAsLayers(Point(x: 5, y: 5), order: .zPosition) == id)
        // Moved to frame (100, 100, 10, 10): (5, 5) misses, (105, 105) hits.
        tree[id].position = Point(x: 105, y: 105)
        #expect(tree.hitTestScreenAsLayers(Point(x: 5, y: 5), order: .zPosition) == nil)
        #expect(tree.hitTestScreenAsLayers(Point(x: 105, y: 105), order: .zPosition) == id)
    }

    @Test func aCopyKeepsItsOwnAnswers() throws {
        var tree = LayerTree()
        var box = Layer(name: "box", kind: .layer)
        box.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        box.position = Point(x: 5, y: 5)
        let id = try tree.add(box)
        #expect(tree.hitTestScreenAsLayers(Point(x: 5, y: 5), order: .zPosition) == id)
        var moved = tree
        moved[id].position = Point(x: 105, y: 105)
        // The original, searched before the copy changed, still has the box at the origin.
        #expect(tree.hitTestScreenAsLayers(Point(x: 5, y: 5), order: .zPosition) == id)
        #expect(moved.hitTestScreenAsLayers(Point(x: 5, y: 5), order: .zPosition) == nil)
    }
}
