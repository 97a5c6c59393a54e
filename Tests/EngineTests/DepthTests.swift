import Testing
import Scenes
import TestSupport
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Export
@testable import Engine

/// depth.md: planes under the three orders, true quads, the camera, the queries.
@Suite("Depth: planes, quads and the exploded camera")
struct DepthTests {
    /// A layer given by its frame (anchor 0.5, so position is the frame's centre).
    func framed(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, kind: LayerKind = .layer, z: Double = 0) -> Layer {
        makeLayer(name, kind: kind, bounds: Rect(0, 0, w, h), position: Point(x + w / 2, y + h / 2)) { $0.zPosition = z }
    }

    func planes(_ tree: LayerTree, _ order: PlaneOrder, hit: SiblingOrder = .zPosition) -> [String: Int] {
        let layout = DepthLayout(tree, order: order, hitOrder: hit)
        var out: [String: Int] = [:]
        for id in tree.treeOrder { if let p = layout.plane(of: id) { out[tree[id].name] = p } }
        return out
    }

    /// Tree packing, visiting bg, A, A1, B, C:
    ///
    ///   0    10   30  50    110  150       250  300
    ///   bg 0…300 × 0…200
    ///        A 10…110 × 10…110        B 150…250 × 10…110
    ///        A1 (in A) 10…30 × 10…30
    ///                 C 50…150 × 50…150   (touches B at x = 150: no area)
    ///
    /// bg: nothing earlier → 0. A: over bg → 1. A1: over bg(0), A(1) → 2 (a child above its
    /// parent). B: over bg only → 1 (beside A: the same plane). C: over bg(0), A(1); A1 ends
    /// at 30 < 50; B only touches → 2. Planes used: 3.
    @Test func treePackingClimbsOnOverlapAndSharesSideBySide() throws {
        var tree = LayerTree()
        let bg = try tree.add(framed("bg", 0, 0, 300, 200))
        let a = try tree.add(framed("A", 10, 10, 100, 100), in: bg)
        try tree.add(makeLayer("A1", bounds: Rect(0, 0, 20, 20), position: Point(10, 10)), in: a)
        try tree.add(framed("B", 150, 10, 100, 100), in: bg)
        try tree.add(framed("C", 50, 50, 100, 100), in: bg)
        #expect(planes(tree, .tree) == ["bg": 0, "A": 1, "A1": 2, "B": 1, "C": 2])
        #expect(DepthLayout(tree, order: .tree, hitOrder: .zPosition).planeCount == 3)
    }

    /// Siblings a(z 0), b(z 1), c(z 0), d(z −1) under P, all the same rect. Drawing: P, then
    /// ascending zPosition with ties in array order: d(−1), a(0), c(0), b(1) → P 0, d 1, a 2,
    /// c 3, b 4.
    @Test func renderOrderSortsByZPositionWithTiesInArrayOrder() throws {
        var tree = LayerTree()
        let p = try tree.add(framed("P", 0, 0, 100, 100))
        for (name, z) in [("a", 0.0), ("b", 1), ("c", 0), ("d", -1)] { try tree.add(framed(name, 10, 10, 50, 50, z: z), in: p) }
        #expect(planes(tree, .render) == ["P": 0, "d": 1, "a": 2, "c": 3, "b": 4])
    }

    /// Views: V with subviews a(z 0), b(z 5, holding b1), c(z 0). UIKit searches reverse array
    /// order and ignores zPosition, sublayers before the layer: c, b1, b, a, V. The first
    /// searched is in front (plane 4): c 4, b1 3, b 2, a 1, V 0. The `order` setting does
    /// not matter for views.
    @Test func hitOrderForViewsIsReverseArrayOrderIgnoringZPosition() throws {
        var tree = LayerTree()
        let v = try tree.add(framed("V", 0, 0, 100, 100, kind: .view))
        try tree.add(framed("a", 10, 10, 50, 50, kind: .view), in: v)
        let b = try tree.add(framed("b", 10, 10, 50, 50, kind: .view, z: 5), in: v)
        try tree.add(framed("b1", 0, 0, 10, 10, kind: .view), in: b)
        try tree.add(framed("c", 10, 10, 50, 50, kind: .view), in: v)
        let expected = ["c": 4, "b1": 3, "b": 2, "a": 1, "V": 0]
        #expect(planes(tree, .hit, hit: .zPosition) == expected)
        #expect(planes(tree, .hit, hit: .tree) == expected)
    }

    /// Layers: L with a(z 0), b(z 5), c(z 0). zPosition order: highest first, ties later
    /// first: b, c, a, then L → b 3, c 2, a 1, L 0. Tree order: reverse array: c, b, a, L →
    /// c 3, b 2, a 1, L 0.
    @Test func hitOrderForLayersFollowsTheOrderSetting() throws {
        var tree = LayerTree()
        let l = try tree.add(framed("L", 0, 0, 100, 100))
        try tree.add(framed("a", 10, 10, 50, 50), in: l)
        try tree.add(framed("b", 10, 10, 50, 50, z: 5), in: l)
        try tree.add(framed("c", 10, 10, 50, 50), in: l)
        #expect(planes(tree, .hit, hit: .zPosition) == ["b": 3, "c": 2, "a": 1, "L": 0])
        #expect(planes(tree, .hit, hit: .tree) == ["c": 3, "b": 2, "a": 1, "L": 0])
    }

    /// R holds h (hidden, holding hc) and z (0 wide, holding zc). h and hc: hidden → no plane;
    /// z: zero area → no plane, but its child zc is drawn (10×10 over R) → R 0, zc 1 under
    /// every order; 2 planes.
    @Test func hiddenAndZeroAreaLayersGetNoPlane() throws {
        var tree = LayerTree()
        let r = try tree.add(framed("R", 0, 0, 100, 100))
        let h = try tree.add(framed("h", 10, 10, 50, 50), in: r)
        try tree.add(framed("hc", 0, 0, 10, 10), in: h)
        tree[h].isHidden = true
        let z = try tree.add(framed("z", 20, 20, 0, 50), in: r)
        try tree.add(framed("zc", 0, 0, 10, 10), in: z)
        for order in PlaneOrder.allCases {
            #expect(planes(tree, order) == ["R": 0, "zc": 1], "order \(order)")
            #expect(DepthLayout(tree, order: order, hitOrder: .zPosition).planeCount == 2)
        }
    }

    /// 200×100 layer at position (200, 100), transform rotate 60° about y then perspective
    /// (eye 500). Corner x = ±100 from the anchor: rotation gives x' = 0.5x, z' = −sin60·x
    /// = ∓86.6025; w = 1 − z'/500: x = −100 → w = 1 − 0.173205 = 0.8267949, so (−50, ±50)/w =
    /// (−60.4745, ±60.4745); x = +100 → w = 1.173205, (50, ±50)/w = (42.6183, ±42.6183).
    /// Quad: (139.5255, 39.5255), (242.6183, 57.3817), (242.6183, 142.6183), (139.5255, 160.4745)
    /// — a trapezoid, not the frame's rectangle.
    @Test func aPerspectiveLayersQuadIsItsProjectedCorners() throws {
        var tree = LayerTree()
        let t = Transform3D.rotation(.degrees(60), x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 500))
        let id = try tree.add(makeLayer("p", bounds: Rect(0, 0, 200, 100), position: Point(200, 100), transform: t))
        let expected = [Point(139.5255, 39.5255), Point(242.6183, 57.3817), Point(242.6183, 142.6183), Point(139.5255, 160.4745)]
        let q = try #require(tree.screenQuad(of: id))
        let all = try #require(tree.screenQuads()[id.raw])
        for (got, want) in zip(q.points, expected) { #expect(got.isApproximatelyEqual(to: want, tolerance: 1e-3)) }
        #expect(all == q)
        var s = Session(scene: Scene(tree: tree))
        s.selection = id
        let answer = try ask(&s, "get quad")
        #expect(numbers(answer).isClose(to: [139.5255, 39.5255, 242.6183, 57.3817, 242.6183, 142.6183, 139.5255, 160.4745]), "\(answer)")
    }

    /// yaw = pitch = 0: x1 = dx, z1 = z, y2 = dy: every plane lands on the flat view.
    @Test func theProjectionAtZeroAnglesIsTheFlatView() {
        let cam = ExplodedCamera(center: Point(160, 120), spacing: 20, planeCount: 5, yaw: 0, pitch: 0)
        for plane in 0..<5 {
            #expect(cam.project(Point(37, 211), plane: plane).isApproximatelyEqual(to: Point(37, 211), tolerance: 1e-12))
        }
    }

    /// c = (160, 120), S = 20, P = 3, plane 2 → z = 20·(2 − 1) = 20. Point (260, 120): dx = 100, dy = 0.
    /// yaw 30, pitch 0: x1 = 100·cos30 + 20·sin30 = 86.6025 + 10 = 96.6025 → (256.6025, 120).
    /// yaw 30, pitch 30: z1 = −100·sin30 + 20·cos30 = −32.6795; y2 = 0 − (−32.6795)·sin30 =
    /// 16.3397 → (256.6025, 136.3397). The centre on plane 2 at yaw 0, pitch 30: z1 = 20,
    /// y2 = −10 → (160, 110): positive pitch shifts front planes up.
    @Test func theProjectionAtAWorkedAngle() {
        let flat = ExplodedCamera(center: Point(160, 120), spacing: 20, planeCount: 3, yaw: 30, pitch: 0)
        #expect(flat.project(Point(260, 120), plane: 2).isApproximatelyEqual(to: Point(256.6025, 120), tolerance: 1e-4))
        let tilted = ExplodedCamera(center: Point(160, 120), spacing: 20, planeCount: 3, yaw: 30, pitch: 30)
        #expect(tilted.project(Point(260, 120), plane: 2).isApproximatelyEqual(to: Point(256.6025, 136.3397), tolerance: 1e-4))
        let up = ExplodedCamera(center: Point(160, 120), spacing: 20, planeCount: 3, yaw: 0, pitch: 30)
        #expect(up.project(Point(160, 120), plane: 2).isApproximatelyEqual(to: Point(160, 110), tolerance: 1e-9))
        // The middle plane (z = 0) does not move at any angle.
        #expect(tilted.project(Point(260, 120), plane: 1).isApproximatelyEqual(to: Point(160 + 100 * 0.8660254, 120 + 50 * 0.5), tolerance: 1e-4))
    }

    /// Seed 003 as views: root holds green (index 0, zPosition 1) and red (index 1). Green is
    /// drawn in front (z 1 > 0); UIKit searches red first (reverse array order): a pair.
    /// As layers under `order zPosition` search follows drawing (no pair); under `order tree` it is a pair again.
    @Test func drawnInFrontSearchedBehindPairs() throws {
        func scene(_ kind: LayerKind) throws -> LayerTree {
            var tree = LayerTree()
            let root = try tree.add(framed("root", 0, 0, 300, 300, kind: kind))
            try tree.add(framed("green", 50, 50, 150, 150, kind: kind, z: 1), in: root)
            try tree.add(framed("red", 100, 100, 150, 150, kind: kind), in: root)
            return tree
        }
        let views = try scene(.view)
        let pairs = DepthLayout(views, order: .tree, hitOrder: .zPosition).disagreements.map { (views[$0.drawnFront].name, views[$0.searchedFirst].name) }
        #expect(pairs.count == 1)
        #expect(pairs.first?.0 == "green" && pairs.first?.1 == "red")
        let layers = try scene(.layer)
        #expect(DepthLayout(layers, order: .tree, hitOrder: .zPosition).disagreements.isEmpty)
        #expect(DepthLayout(layers, order: .tree, hitOrder: .tree).disagreements.count == 1)
        // Render planes: root 0, red 1, green 2; hit planes (views): red 2, green 1, root 0.
        #expect(planes(views, .render) == ["root": 0, "red": 1, "green": 2])
        #expect(planes(views, .hit) == ["root": 0, "green": 1, "red": 2])
    }

    /// The numbers of a JSON answer, in order.
    func numbers(_ json: String) -> [Double] {
        json.split(whereSeparator: { !"0123456789.-e".contains($0) }).compactMap { Double($0) }
    }

    func ask(_ s: inout Session, _ text: String) throws -> String {
        var last = ""
        for case let .engine(c) in try CommandParser.parseLine(text) {
            if case let .answer(json) = try s.perform(c) { last = json }
        }
        return last
    }

    /// The queries through eval's engine, on seed 003's views in a 300×300 screen
    /// (c = (150, 150)). Tree packing: root 0, green 1 (over root), red 2 (over green).
    /// green's quad (50,50)…(200,200) on plane 1 of P = 3: z = 20·(1 − 1) = 0, so at any
    /// angle it turns about c: yaw 30 → x = 150 + (x − 150)·cos30: 50 → 63.3975, 200 → 193.3013.
    @Test func queriesAnswerThroughTheEngine() throws {
        var tree = LayerTree()
        let root = try tree.add(framed("root", 0, 0, 300, 300, kind: .view))
        try tree.add(framed("green", 50, 50, 150, 150, kind: .view, z: 1), in: root)
        try tree.add(framed("red", 100, 100, 150, 150, kind: .view), in: root)
        var s = Session(scene: Scene(screen: Size(width: 300, height: 300), tree: tree))
        #expect(try ask(&s, "select green; get plane") == "{\"plane\":1}")
        #expect(try ask(&s, "get planes") == "{\"planes\":3}")
        #expect(try ask(&s, "get quad") == "{\"quad\":[[50,50],[200,50],[200,200],[50,200]]}")
        // The contract's camera (yaw 30, pitch 0, spacing 20), set by hand: the view opens
        // with the scene's own (OpeningCameraTests).
        let exploded = try ask(&s, "explode on; camera pitch 0; explode spacing 20; get exploded-quad")
        #expect(exploded.hasPrefix("{\"quad\":[["))
        #expect(numbers(exploded).isClose(to: [63.3975, 50, 193.3013, 50, 193.3013, 200, 63.3975, 200]))
        // Render order: root 0, red 1, green 2 → green is the front plane now.
        #expect(try ask(&s, "explode order render; get plane") == "{\"plane\":2}")
        // yaw 0 pitch 0: the flat quad.
        #expect(try ask(&s, "camera yaw 0; get exploded-quad") == "{\"quad\":[[50,50],[200,50],[200,200],[50,200]]}")
        #expect(try ask(&s, "toggle hidden; get plane") == "{\"plane\":null}")
        #expect(s.depth.exploded && s.depth.order == .render && s.depth.yaw == 0)
        _ = try ask(&s, "camera reset; explode spacing 35; explode range 1 2; explode off")
        // camera reset: yaw 30 and the opening pitch, −15° for this square screen.
        #expect(s.depth.yaw == 30 && s.depth.spacing == 35 && s.depth.range == 1...2 && !s.depth.exploded)
        #expect(s.explodedCamera(s.depthLayout()).pitch == -15)
        // Kept across a reload (the explorer's camera and spacing survive live reloads).
        s.replaceScene(Scene(tree: tree), filePath: nil)
        #expect(s.depth.spacing == 35)
    }

    /// The SVG export of the exploded view: render order on seed 003's views → root plane 0,
    /// red 1, green 2, each polygon naming its layer and plane; green and red carry ≠.
    @Test func theSVGExportDrawsTheExplodedViewWithLayerAndPlaneAttributes() throws {
        var tree = LayerTree()
        let root = try tree.add(framed("root", 0, 0, 300, 300, kind: .view))
        try tree.add(framed("green", 50, 50, 150, 150, kind: .view, z: 1), in: root)
        try tree.add(framed("red", 100, 100, 150, 150, kind: .view), in: root)
        var s = Session(scene: Scene(screen: Size(width: 300, height: 300), tree: tree))
        #expect(!s.svgText().contains("data-plane"))
        _ = try ask(&s, "explode on; explode order render; camera yaw 0; camera pitch 0")
        let svg = s.svgText()
        // yaw 0, pitch 0: the flat quads.
        #expect(svg.contains("<polygon class=\"plane\" data-layer=\"root\" data-plane=\"0\" points=\"0,0 300,0 300,300 0,300\""))
        #expect(svg.contains("data-layer=\"red\" data-plane=\"1\" points=\"100,100 250,100 250,250 100,250\""))
        #expect(svg.contains("data-layer=\"green\" data-plane=\"2\" points=\"50,50 200,50 200,200 50,200\""))
        #expect(svg.contains(">≠ green</text>") && svg.contains(">≠ red</text>") && svg.contains(">root</text>"))
        // Polygons back to front: root before red before green.
        let order = ["\"root\" data-plane", "\"red\" data-plane", "\"green\" data-plane"].compactMap { svg.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
    }

    @Test func spellingsRoundTripAndBadInputIsNamed() throws {
        for text in [
            "explode", "explode on", "explode off", "explode order tree", "explode order render", "explode order hit",
            "explode spacing 12.5", "explode range 1 3", "explode range all", "camera yaw -45", "camera pitch 10",
            "camera reset", "get quad", "get plane", "get planes", "get exploded-quad"
        ] {
            #expect(try CommandParser.parse(text).text == text)
        }
        #expect(throws: CommandError.self) { try CommandParser.parse("camera yaw 100") }
        #expect(throws: CommandError.self) { try CommandParser.parse("explode range 3 1") }
        #expect(throws: CommandError.self) { try CommandParser.parse("explode spacing -1") }
        #expect(throws: CommandError.self) { try CommandParser.parse("explode order zPosition") }
    }
}

extension Array where Element == Double {
    func isClose(to other: [Double], _ tolerance: Double = 1e-4) -> Bool {
        count == other.count && zip(self, other).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
