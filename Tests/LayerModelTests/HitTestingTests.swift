import Testing
import TestSupport
import Geometry
@testable import LayerModel

@Suite("R9–R11: hit testing and drawing order")
struct HitTestingTests {
    /// seed 003: a white 200×200 layer at (100,100)…(300,300) holding a blue 100×100 at its (50,50).
    ///
    ///   screen  100      150       250      300
    ///     100   +--------------------------+
    ///           | white                    |
    ///     150   |        +---------+       |
    ///           |        |  blue   |       |
    ///     250   |        +---------+       |
    ///     300   +--------------------------+
    func whiteAndBlue() throws -> (LayerTree, LayerID, LayerID) {
        var tree = LayerTree()
        let white = try tree.add(makeLayer("white", bounds: Rect(0, 0, 200, 200), position: Point(200, 200)))
        let blue = try tree.add(makeLayer("blue", bounds: Rect(0, 0, 100, 100), position: Point(100, 100)), in: white)
        return (tree, white, blue)
    }

    @Test func layerHitTestTakesAPointInTheSuperlayersSpace() throws {
        let (tree, white, blue) = try whiteAndBlue()
        #expect(tree.hitTest(white, Point(200, 200), rules: .layer(.zPosition)) == blue)
        #expect(tree.hitTest(white, Point(110, 110), rules: .layer(.zPosition)) == white)
        #expect(tree.hitTest(white, Point(99, 110), rules: .layer(.zPosition)) == nil)
        // The classic bug: passing white's local (10, 10) — that is screen (10,10), a miss.
        #expect(tree.hitTest(white, Point(10, 10), rules: .layer(.zPosition)) == nil)
        // Boundaries: blue spans screen 150 ..< 250.
        #expect(tree.hitTest(white, Point(150, 150), rules: .layer(.zPosition)) == blue)
        #expect(tree.hitTest(white, Point(250, 200), rules: .layer(.zPosition)) == white)
        #expect(tree.hitTestScreen(Point(249.9, 249.9)) == blue)
    }

    @Test func hitTestSkipsHiddenLayersAndTheirSubtrees() throws {
        var (tree, white, blue) = try whiteAndBlue()
        tree[blue].isHidden = true
        #expect(tree.hitTestScreen(Point(200, 200)) == white)
        tree[white].isHidden = true
        tree[blue].isHidden = false
        #expect(tree.hitTestScreen(Point(200, 200)) == nil)
    }

    @Test func sublayersHangingOutsideAreHitUnlessMasksToBounds() throws {
        var (tree, white, blue) = try whiteAndBlue()
        tree[blue].position = Point(220, 100)  // blue spans white-local x 170…270, screen 270…370
        #expect(tree.hitTestScreen(Point(320, 200)) == blue)
        tree[white].masksToBounds = true
        #expect(tree.hitTestScreen(Point(320, 200)) == nil)
        #expect(tree.hitTestScreen(Point(280, 200)) == blue)
    }

    @Test func measuredOrderSearchesHigherZPositionFirstAndReportsTreeOrder() throws {
        // seed 003: green added first, red second, overlapping; green.zPosition = 1.
        var tree = LayerTree()
        let green = try tree.add(makeLayer("green", bounds: Rect(0, 0, 100, 100), position: Point(100, 100)) { $0.zPosition = 1 })
        let red = try tree.add(makeLayer("red", bounds: Rect(0, 0, 100, 100), position: Point(150, 150)))
        // In the overlap, the measured order gives green (drawn on top); tree order gives red.
        #expect(tree.hitTestScreen(Point(140, 140), order: .zPosition) == green)
        #expect(tree.hitTestScreen(Point(140, 140), order: .tree) == red)
        // Ties: later sibling first.
        tree[green].zPosition = 0
        #expect(tree.hitTestScreen(Point(140, 140), order: .zPosition) == red)
        #expect(tree.drawingOrder() == [green, red])
    }

    @Test func drawingOrderSortsSiblingsByZPositionStably() throws {
        var tree = LayerTree()
        let a = try tree.add(makeLayer("a") { $0.zPosition = 2 })
        let b = try tree.add(makeLayer("b"))
        let c = try tree.add(makeLayer("c") { $0.zPosition = 2 })
        let d = try tree.add(makeLayer("d"), in: b)
        let h = try tree.add(
            makeLayer("h") {
                $0.isHidden = true; $0.zPosition = -1
            })
        _ = try tree.add(makeLayer("hiddenChild"), in: h)
        #expect(tree.drawingOrder() == [b, d, a, c])
    }

    @Test func viewHitTestTakesAPointInTheViewsOwnSpace() throws {
        var tree = LayerTree()
        let white = try tree.add(makeLayer("white", kind: .view, bounds: Rect(0, 0, 200, 200), position: Point(200, 200)))
        let blue = try tree.add(makeLayer("blue", kind: .view, bounds: Rect(0, 0, 100, 100), position: Point(100, 100)), in: white)
        #expect(tree.hitTest(white, Point(100, 100), rules: .view) == blue)  // white-local (100,100) is blue's centre
        #expect(tree.hitTest(white, Point(10, 10), rules: .view) == white)
        #expect(tree.hitTest(white, Point(200, 10), rules: .view) == nil)  // at maxX: outside
    }

    @Test func viewHitTestExcludesHiddenTransparentAndDisabledViews() throws {
        var tree = LayerTree()
        let root = try tree.add(makeLayer("root", kind: .view, bounds: Rect(0, 0, 100, 100), position: Point(50, 50)))
        let v = try tree.add(makeLayer("v", kind: .view, bounds: Rect(0, 0, 50, 50), position: Point(25, 25)), in: root)
        #expect(tree.hitTestScreen(Point(10, 10)) == v)
        tree[v].opacity = 0.009
        #expect(tree.hitTestScreen(Point(10, 10)) == root)
        tree[v].opacity = 0.01
        #expect(tree.hitTestScreen(Point(10, 10)) == v)
        tree[v].isUserInteractionEnabled = false
        #expect(tree.hitTestScreen(Point(10, 10)) == root)
        tree[v].isUserInteractionEnabled = true
        tree[v].isHidden = true
        #expect(tree.hitTestScreen(Point(10, 10)) == root)
    }

    @Test func subviewsOutsideTheirParentsBoundsAreVisibleButUntouchable() throws {
        var tree = LayerTree()
        let root = try tree.add(makeLayer("root", kind: .view, bounds: Rect(0, 0, 100, 100), position: Point(50, 50)))
        let out = try tree.add(makeLayer("out", kind: .view, bounds: Rect(0, 0, 40, 40), position: Point(120, 50)), in: root)
        // Screen (120, 50) is inside "out" (100…140) but outside root's bounds.
        #expect(tree.hitTestScreen(Point(120, 50)) == nil)
        // CALayer rules would have found it.
        #expect(tree.hitTestScreenAsLayers(Point(120, 50), order: .zPosition) == out)
        let trace = HitTrace()
        _ = tree.hitTestScreen(Point(120, 50), trace: trace)
        #expect(trace.visits.map(\.outcome) == [.clipped])
    }

    @Test func viewHitTestIgnoresZPosition() throws {
        var tree = LayerTree()
        let root = try tree.add(makeLayer("root", kind: .view, bounds: Rect(0, 0, 100, 100), position: Point(50, 50)))
        let lifted = try tree.add(makeLayer("lifted", kind: .view, bounds: Rect(0, 0, 100, 100), position: Point(50, 50)) { $0.zPosition = 5 }, in: root)
        let last = try tree.add(makeLayer("last", kind: .view, bounds: Rect(0, 0, 100, 100), position: Point(50, 50)), in: root)
        #expect(tree.hitTest(root, Point(50, 50), rules: .view) == last)
        // CALayer rules on the same tree search the higher zPosition first.
        #expect(tree.hitTest(root, Point(50, 50), rules: .layer(.zPosition)) == lifted)
        #expect(tree.hitTestScreenAsLayers(Point(50, 50), order: .zPosition) == lifted)
    }

    @Test func hitTestSkipsSingularLayersAndHitsThroughPerspective() throws {
        var tree = LayerTree()
        let p = try tree.add(
            makeLayer("p", bounds: Rect(0, 0, 400, 400), position: Point(200, 200)) {
                $0.sublayerTransform = .perspective(eyeDistance: 500)
            })
        let card = try tree.add(
            makeLayer(
                "card", bounds: Rect(0, 0, 200, 100), position: Point(200, 200),
                transform: .rotation(.degrees(60), x: 0, y: 1, z: 0)), in: p)
        // Right edge is foreshortened to 200 + 50/1.1732 = 242.6: 240 hits the card, 250 doesn't.
        #expect(tree.hitTestScreen(Point(240, 200)) == card)
        #expect(tree.hitTestScreen(Point(250, 200)) == p)
        tree[card].transform = .scale(0, 1)
        #expect(tree.hitTestScreen(Point(200, 200)) == p)
        let trace = HitTrace()
        _ = tree.hitTestScreen(Point(200, 200), trace: trace)
        #expect(trace.visits.map(\.outcome) == [.singular, .hit])
    }
}

@Suite("Deep and wide trees")
struct DeepAndWideTreeTests {
    @Test func tenThousandWideHitTestsTheTopmost() throws {
        var tree = LayerTree()
        let root = try tree.add(makeLayer("root", bounds: Rect(0, 0, 1000, 1000), position: Point(500, 500)))
        var last = root
        for i in 0..<10_000 {
            last = try tree.add(makeLayer("c\(i)", bounds: Rect(0, 0, 10, 10), position: Point(Double(i % 100) * 10 + 5, Double(i / 100) * 10 + 5)), in: root)
        }
        #expect(tree.hitTestScreen(Point(995, 995)) == last)
        #expect(tree.hitTestScreen(Point(5, 5)) == tree.id(named: "c0"))
        #expect(tree.convert(Point(0, 0), from: last, to: nil) == Point(990, 990))
    }
}

@Suite("Hit testing's fast path agrees with the general one")
struct HitTestFastPathTests {
    /// The closed-form inverse for affine hops must give exactly what the homography
    /// inverse gives, including rotations about x/y (flattened) and translations in z.
    @Test(arguments: [
        Transform3D.rotation(.degrees(33)).concatenating(.scale(2, 0.5)).concatenating(.translation(7, -3)),
        Transform3D.rotation(.degrees(40), x: 1, y: 0, z: 0),
        Transform3D.rotation(.degrees(25), x: 0, y: 1, z: 0).concatenating(.translation(0, 0, 30)),
        Transform3D.scale(-1, 1)
    ])
    func closedFormMatchesTheHomography(_ t: Transform3D) throws {
        var tree = LayerTree()
        var l = Layer(name: "a")
        l.bounds = Rect(5, -4, 80, 50); l.position = Point(30, 40); l.anchorPoint = Point(0.2, 0.7); l.transform = t
        let id = try tree.add(l)
        for p in [Point(0, 0), Point(31, 39), Point(-50, 120)] {
            let fast = tree.pointInLayer(id, fromSuperlayer: p, parentIsPlain: true)
            let general = tree.hopToSuperlayer(id).inverted()?.apply(to: p)
            #expect(fast.isClose(to: general!, 1e-9))
        }
    }
}

@Suite("The tree's cached zPosition order")
struct CachedSearchOrderTests {
    @Test func changingASublayersZPositionReordersTheSearch() throws {
        // Two overlapping sublayers of p; b is later, so it wins until a is lifted.
        var tree = LayerTree()
        let p = try tree.add(makeLayer("p", bounds: Rect(0, 0, 100, 100), position: Point(50, 50)))
        let a = try tree.add(makeLayer("a", bounds: Rect(0, 0, 50, 50), position: Point(50, 50)), in: p)
        let b = try tree.add(makeLayer("b", bounds: Rect(0, 0, 50, 50), position: Point(50, 50)), in: p)
        #expect(tree.hitTestScreen(Point(50, 50)) == b)
        tree[a].zPosition = 3
        #expect(tree.invariantViolations() == [])
        #expect(tree.hitTestScreen(Point(50, 50)) == a)
        #expect(tree.hitTestScreen(Point(50, 50), order: .tree) == b)
        tree[a].zPosition = 0
        #expect(tree.hitTestScreen(Point(50, 50)) == b)
        let c = try tree.add(makeLayer("c", bounds: Rect(0, 0, 50, 50), position: Point(50, 50)) { $0.zPosition = -1 }, in: p)
        #expect(tree.invariantViolations() == [])
        #expect(tree.hitTestScreen(Point(50, 50)) == b)  // c is last but lowest
        tree.remove(b)
        #expect(tree.invariantViolations() == [])
        #expect(tree.hitTestScreen(Point(50, 50)) == a)
        _ = c
    }
}
