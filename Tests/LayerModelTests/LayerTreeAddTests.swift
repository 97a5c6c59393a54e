import Testing
import TestSupport
import Geometry
@testable import LayerModel

/// `LayerTree.add` records a layer's name with one dictionary update and moves the layer
/// into storage; a refused add must still leave the tree exactly as it was.
@Suite struct LayerTreeAddTests {
    @Test func aDuplicateNameKeepsTheFirstLayersId() throws {
        var tree = LayerTree()
        let first = try tree.add(makeLayer("a"))
        let other = try tree.add(makeLayer("b"))
        #expect(throws: TreeError.duplicateName("a")) { try tree.add(makeLayer("a"), in: other) }
        // The refused "a" was put in the index for a moment and given back: still id #0,
        // nothing added (2 layers), and b still has no sublayers.
        #expect(tree.id(named: "a") == first)
        #expect(tree.count == 2)
        #expect(tree[other].sublayers.isEmpty)
    }

    @Test func anIndexOutOfRangeDoesNotRecordTheName() throws {
        var tree = LayerTree()
        let root = try tree.add(makeLayer("root"))
        // root has no sublayers, so the only valid index is 0; 1 is refused.
        #expect(throws: TreeError.indexOutOfRange(index: 1, count: 0)) { try tree.add(makeLayer("child"), in: root, at: 1) }
        #expect(tree.id(named: "child") == nil)
        #expect(tree.count == 1)
        // The name is free: the same layer at index 0 is added, as id #1 (the refused add
        // took no slot).
        let child = try tree.add(makeLayer("child"), in: root, at: 0)
        #expect(child == LayerID(raw: 1))
        #expect(tree[root].sublayers == [child])
    }

    @Test func anEmptyNameIsRefusedBeforeAnythingElse() throws {
        var tree = LayerTree()
        // Empty name and an index out of range: the name is reported, as before.
        #expect(throws: TreeError.emptyName) { try tree.add(makeLayer(""), at: 3) }
        #expect(tree.count == 0)
    }

    /// A tree reserved for 20 000 layers (313 chunks of 64 slots) holds what is added: 1 root
    /// and 19 999 sublayers, each 10×10 at x = 10·i, found by name and by hit testing.
    @Test func aBigReservedTreeHoldsEveryLayer() throws {
        var tree = LayerTree()
        tree.reserveCapacity(20_000)
        let root = try tree.add(makeLayer("root", bounds: Rect(0, 0, 200_000, 10), position: Point(100_000, 5)))
        for i in 1..<20_000 {
            // Position is the centre: x = 10·i + 5 puts the layer over [10·i, 10·i + 10].
            try tree.add(makeLayer("v\(i)", bounds: Rect(0, 0, 10, 10), position: Point(Double(10 * i) + 5, 5)), in: root)
        }
        #expect(tree.count == 20_000)
        #expect(tree[root].sublayers.count == 19_999)
        let v12345 = try #require(tree.id(named: "v12345"))
        #expect(tree[v12345].position == Point(123_455, 5))
        #expect(tree[v12345].superlayer == root)
        // Root's bounds start at 0, so its sublayers' points are screen points: x 123 452
        // is inside v12345's [123 450, 123 460].
        #expect(tree.hitTestScreen(Point(123_452, 5)) == v12345)
    }
}
