import Testing
import Geometry
@testable import LayerModel

/// The hit-testing cache is kept across changes only when nothing is built in it and no copy
/// of the tree shares it (building a big tree no longer allocates a cache per change).
@Suite struct FlatHitCacheKeepingTests {
    /// One 100×100 layer at the origin (position (50, 50), anchor in the middle).
    func tree() throws -> (LayerTree, LayerID) {
        var tree = LayerTree()
        var box = Layer(name: "box")
        box.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        box.position = Point(x: 50, y: 50)
        let id = try tree.add(box)
        return (tree, id)
    }

    @Test func aCopyChangedBeforeAnySearchAnswersFromItsOwnGeometry() throws {
        let (original, id) = try tree()
        var moved = original
        // Moved right by 200: it now covers x 200…300. The copy's change comes first, while
        // the shared cache is empty; then the original searches (and builds its index).
        moved[id].position = Point(x: 250, y: 50)
        #expect(original.hitTestScreenAsLayers(Point(x: 10, y: 10), order: .zPosition) == id)
        #expect(original.hitTestScreenAsLayers(Point(x: 210, y: 10), order: .zPosition) == nil)
        // Had the copy kept the shared cache, it would now read the original's index.
        #expect(moved.hitTestScreenAsLayers(Point(x: 10, y: 10), order: .zPosition) == nil)
        #expect(moved.hitTestScreenAsLayers(Point(x: 210, y: 10), order: .zPosition) == id)
    }

    @Test func aChangeAfterASearchIsSeenByTheNextSearch() throws {
        var (tree, id) = try tree()
        #expect(tree.hitTestScreenAsLayers(Point(x: 10, y: 10), order: .zPosition) == id)  // builds the index
        tree[id].position = Point(x: 250, y: 50)
        #expect(tree.hitTestScreenAsLayers(Point(x: 10, y: 10), order: .zPosition) == nil)
        #expect(tree.hitTestScreenAsLayers(Point(x: 210, y: 10), order: .zPosition) == id)
    }
}
