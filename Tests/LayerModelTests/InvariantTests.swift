#if DEBUG
    import Synchronization
    import Testing
    import TestSupport
    import Geometry
    @testable import LayerModel

    /// Debug builds check the tree after every mutation (LayerTree+Invariants.swift). Each test
    /// breaks the tree behind its back through a test hook, makes one ordinary edit, and expects
    /// that edit's check to report it — so removing a check makes its test fail.
    @Suite("Tree invariants are checked after every mutation")
    struct InvariantTests {
        final class Recorder: Sendable {
            let problems = Mutex<[String]>([])
            var all: [String] { problems.withLock { $0 } }
        }

        /// Runs `body` with failed checks recorded instead of stopping the process.
        static func recording(_ body: () throws -> Void) rethrows -> [String] {
            let recorder = Recorder()
            try LayerTree.$invariantFailureHandler.withValue({ problems in recorder.problems.withLock { $0 += problems } }) {
                try body()
            }
            return recorder.all
        }

        /// p (0,0 100×100) holding a (10,10 20×20) and b; c on its own at the top.
        static func tree() throws -> (LayerTree, p: LayerID, a: LayerID, b: LayerID, c: LayerID) {
            var tree = LayerTree()
            let p = try tree.add(makeLayer("p", bounds: Rect(0, 0, 100, 100), position: Point(50, 50)))
            let a = try tree.add(makeLayer("a", bounds: Rect(0, 0, 20, 20), position: Point(20, 20)), in: p)
            let b = try tree.add(makeLayer("b", bounds: Rect(0, 0, 20, 20), position: Point(70, 70)), in: p)
            let c = try tree.add(makeLayer("c", bounds: Rect(0, 0, 10, 10), position: Point(200, 200)))
            return (tree, p, a, b, c)
        }

        @Test func aSoundTreePassesEveryCheck() throws {
            let problems = try Self.recording {
                var (tree, p, a, b, c) = try Self.tree()
                tree[a].zPosition = 2
                try tree.move(c, to: a)
                try tree.move(b, to: nil, at: 0)
                let before = tree.snapshot(of: tree.subtree(of: p) + [p], includingRoots: true)
                tree.remove(p)
                tree.apply(before)
                _ = tree.hitTestScreen(Point(20, 20))  // builds the flat index: a full check
                #expect(tree.invariantViolations().isEmpty)
            }
            #expect(problems == [])
        }

        @Test func aStaleHitTestingCopyIsCaughtWhenItsLayerGainsASublayer() throws {
            var (tree, p, _, _, _) = try Self.tree()
            // p's copy says it sits at (500, 500): hit tests would miss p where it is drawn.
            tree.corruptForTesting(hitGeometry: { $0[p.raw].position = Point(500, 500) })
            let problems = try Self.recording { try tree.add(makeLayer("d"), in: p) }
            #expect(problems.contains { $0.contains("\"p\": the hit-testing copy differs from the layer") }, "\(problems)")
        }

        @Test func aNameThatNoLongerFindsItsLayerIsCaughtAtTheNextEditOfIt() throws {
            var (tree, _, a, _, _) = try Self.tree()
            tree.corruptForTesting(storage: { $0[a.raw]!.name = "renamed" })  // the name index still says "a"
            let problems = Self.recording { tree[a].opacity = 0.5 }
            #expect(problems.contains { $0.contains("\"renamed\" is not found by its name") }, "\(problems)")
        }

        @Test func aCycleIsCaughtWhenAPatchTouchesIt() throws {
            var (tree, p, a, _, _) = try Self.tree()
            // p → a → p: p, a top-level layer, now also claims a as its superlayer.
            tree.corruptForTesting(
                storage: { s in
                    s[p.raw]!.superlayer = a
                    s[a.raw]!.sublayers = [p]
                }, hitGeometry: { $0[a.raw].sublayers = [p] })
            let noChange = tree.snapshot(of: [a], includingRoots: false)
            let problems = Self.recording { tree.apply(noChange) }
            #expect(problems.contains { $0.contains("is its own ancestor (a cycle)") }, "\(problems)")
        }

        @Test func theFullCheckRunsWhenTheFlatIndexIsRebuilt() throws {
            var (tree, _, _, b, _) = try Self.tree()
            // b's copy is hidden: the search would skip it, though it is drawn.
            tree.corruptForTesting(hitGeometry: { $0[b.raw].isHidden = true })
            var hit: LayerID?
            let problems = Self.recording { hit = tree.hitTestScreen(Point(70, 70)) }
            #expect(problems.contains { $0.contains("\"b\": the hit-testing copy differs from the layer") }, "\(problems)")
            #expect(hit != b)  // what the corruption would have done unnoticed
        }
    }
#endif
