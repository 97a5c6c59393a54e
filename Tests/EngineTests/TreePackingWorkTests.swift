import Testing
import Scenes
import CommandLanguage
import Geometry
import LayerModel
import LayoutFiles
@testable import Engine

/// Issue 36: the exploded view's `tree` order packed planes in time quadratic in overlapping
/// layers (a uniform grid put each of 5 000 stacked layers into all of its 4 096 cells and
/// scanned them all: 3–4.6 s a render) and was worked out again for commands and queries.
/// The packing now searches a loose quadtree that knows each node's highest plane; the layout
/// is computed once per scene change. Work is counted (boxes and nodes looked at), not timed.
@Suite("Tree packing: near-linear, once per scene change")
struct TreePackingWorkTests: SessionScripting {
    /// 5 000 layers 200 × 150, each offset a little from the one before: every pair overlaps.
    func stacked(_ n: Int) throws -> Session {
        var tree = LayerTree()
        for i in 0..<n {
            var l = Layer(name: "l\(i)")
            l.bounds = Rect(x: 0, y: 0, width: 200, height: 150)
            l.position = Point(x: 300 + Double(i % 50) * 0.7, y: 200 + Double(i / 50) * 0.9)
            _ = try tree.add(l, in: nil)
        }
        return Session(scene: Scene(screen: Size(width: 800, height: 600), tree: tree))
    }

    @Test func fiveThousandOverlappingLayersTakeWorkLinearInTheirNumber() throws {
        var s = try stacked(5_000)
        _ = try s.perform(.depth(.explode(true)))
        let layout = s.depthLayout()
        #expect(layout.planeCount == 5_000)
        // Each layer finds the one just below it at once: a handful of looks each. The grid
        // looked at 4 096 cells and every earlier layer in them (over 10⁹ looks).
        #expect(layout.packWork <= 10 * 5_000, "\(layout.packWork)")
    }

    @Test func cameraKeysAndQueriesReuseThePlanesAndAnEditRecomputesThem() throws {
        var s = try stacked(400)
        _ = try s.perform(.depth(.explode(true)))
        let first = s.depthLayout().serial
        for command in ["camera yaw 10", "camera pitch 20", "explode spacing 30", "select l7", "get plane", "get planes", "get exploded-quad"] {
            _ = try s.perform(try CommandParser.parseEngine(command))
            #expect(s.depthLayout().serial == first, "\(command) packed the planes again")
        }
        _ = try s.perform(try CommandParser.parseEngine("move 1 0"))
        let second = s.depthLayout().serial
        #expect(second != first)
        #expect(s.depthLayout().serial == second)
    }

    @Test(arguments: [1, 2, 3])
    func thePlanesAreThoseOfTheDefinition(seed: UInt64) throws {
        // Random rotated and scaled layers, some nested: each layer's plane is one above the
        // highest earlier (tree order) layer whose quad overlaps it with positive area.
        var random = Random(state: seed)
        var tree = LayerTree()
        var ids: [LayerID] = []
        for i in 0..<300 {
            var l = Layer(name: "r\(i)")
            l.bounds = Rect(x: 0, y: 0, width: 5 + Double(random.below(200)), height: 2 + Double(random.below(120)))
            l.position = Point(x: Double(random.below(600)), y: Double(random.below(400)))
            l.transform = .rotation(.degrees(Double(random.below(360))))
            let parent = ids.isEmpty || random.below(4) != 0 ? nil : ids[random.below(ids.count)]
            ids.append(try tree.add(l, in: parent))
        }
        let layout = DepthLayout(tree, order: .tree, hitOrder: .zPosition)
        let quads = tree.screenQuads()
        let order = tree.treeOrder.filter { (quads[$0.raw]?.area ?? 0) > 1e-12 }
        for (i, id) in order.enumerated() {
            let q = quads[id.raw]!, b = q.boundingBox
            var best = -1
            for j in order[..<i] {
                let o = quads[j.raw]!, ob = o.boundingBox
                guard ob.minX < b.maxX, b.minX < ob.maxX, ob.minY < b.maxY, b.minY < ob.maxY, q.overlapsWithArea(o) else { continue }
                best = max(best, layout.planes[j.raw])
            }
            #expect(layout.planes[id.raw] == best + 1)
        }
    }
}

/// A small deterministic generator (SplitMix64's steps) for the test's scenes.
private struct Random {
    var state: UInt64
    mutating func below(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }
}
