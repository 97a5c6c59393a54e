import Testing
import TestSupport
import Geometry
@testable import LayerModel

/// A tree's slots are kept in copy-on-write chunks of 64 (issue 32): a copy shares them, and a
/// write to one slot of a shared tree copies that slot's chunk only. Counted by which chunks
/// the two trees still share, not timed.
@Suite struct ChunkedSlotsTests {
    static func tree(_ n: Int) throws -> LayerTree {
        var tree = LayerTree()
        for i in 0..<n { try tree.add(makeLayer("l\(i)", bounds: Rect(0, 0, 10, 10), position: Point(Double(i), 0))) }
        return tree
    }

    /// How many chunks the two slot lists hold in the same memory.
    static func sharedChunks<T>(_ a: ChunkedSlots<T>, _ b: ChunkedSlots<T>) -> Int {
        zip(a.chunks, b.chunks).filter { x, y in
            x.withUnsafeBufferPointer { px in y.withUnsafeBufferPointer { py in px.baseAddress == py.baseAddress } }
        }.count
    }

    @Test func aWriteToOneSlotOfACopyCopiesOneChunk() throws {
        let original = try Self.tree(1_000)
        var copy = original
        // 1 000 slots: 15 full chunks of 64 and one of 40.
        #expect(original.storage.chunks.count == 16)
        #expect(Self.sharedChunks(original.storage, copy.storage) == 16)
        let id = try #require(copy.id(named: "l700"))  // slot 700: chunk 700 / 64 = 10
        copy[id].opacity = 0.5
        #expect(Self.sharedChunks(original.storage, copy.storage) == 15)
        #expect(Self.sharedChunks(original.hitGeometry, copy.hitGeometry) == 15)
        #expect(
            !copy.storage.chunks[10].withUnsafeBufferPointer { c in original.storage.chunks[10].withUnsafeBufferPointer { $0.baseAddress == c.baseAddress } })
        // The original is untouched; the copy has the change.
        #expect(original[id].opacity == 1)
        #expect(copy[id].opacity == 0.5)
        #expect(copy != original)
    }

    @Test func anUnchangedCopyIsKnownWithoutComparingLayers() throws {
        let original = try Self.tree(200)
        var copy = original
        #expect(copy.isUnchangedCopy(of: original))
        let id = try #require(copy.id(named: "l3"))
        copy[id].opacity = 0.5
        #expect(!copy.isUnchangedCopy(of: original))
        // An equal tree built apart is equal, but not a copy (the check never compares layers).
        let twin = try Self.tree(200)
        #expect(twin == original)
        #expect(!twin.isUnchangedCopy(of: original))
    }

    @Test func slotsPastAChunkBoundaryReadBack() throws {
        // 64, 65 and 129 slots: the first layer of a new chunk, and a chunk of one.
        for n in [64, 65, 129] {
            let tree = try Self.tree(n)
            #expect(tree.storageCount == n)
            #expect(tree.storage.chunks.count == (n + 63) / 64)
            let last = try #require(tree.id(named: "l\(n - 1)"))
            #expect(last.raw == n - 1)
            #expect(tree[last].position == Point(Double(n - 1), 0))
            #expect(tree.hitTestScreen(Point(Double(n - 1) + 4.5, 0)) == last)
        }
    }
}
