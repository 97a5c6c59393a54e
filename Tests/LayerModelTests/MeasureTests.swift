import Testing
import TestSupport
import Geometry
import SeededRandom
@testable import LayerModel

/// docs/measure.md: every figure worked by hand in the comments.
@Suite("measure: gaps, insets, true-quad distance, spaces, refusals")
struct MeasureTests {
    /// Two unrotated siblings in a 400×300 root: a's frame (10,20,100,50), b's (130,80,80,40).
    func siblings() throws -> (LayerTree, LayerID, LayerID, LayerID) {
        var tree = LayerTree()
        let root = try tree.add(makeLayer("root", bounds: Rect(0, 0, 400, 300), position: Point(200, 150)))
        let a = try tree.add(makeLayer("a", bounds: Rect(0, 0, 100, 50), position: Point(60, 45)), in: root)
        let b = try tree.add(makeLayer("b", bounds: Rect(0, 0, 80, 40), position: Point(170, 100)), in: root)
        return (tree, root, a, b)
    }

    @Test func twoUnrotatedSiblingsGaps() throws {
        let (tree, root, a, b) = try siblings()
        #expect(tree.measureSpace(a, b) == root)
        let m = try tree.measure(a, b, in: root, mode: .box)
        // x: a 10…110, b 130…210 → 20; y: a 20…70, b 80…120 → 10; √(20² + 10²) = √500.
        #expect(m.horizontal == 20)
        #expect(m.vertical == 10)
        #expect(abs(m.distance - 500.0.squareRoot()) < 1e-12)
        // Centres (60,45) and (170,100): √(110² + 55²) = √15125.
        #expect(abs(m.centers - 15125.0.squareRoot()) < 1e-12)
        #expect(m.contains == nil && m.insets == nil)
        // The lines: across the x gap through b's middle (y 100), down the y gap through b's (x 170).
        #expect(
            m.lines == [
                MeasureLine(.horizontal, from: Point(110, 100), to: Point(130, 100), value: 20),
                MeasureLine(.vertical, from: Point(170, 70), to: Point(170, 80), value: 10)
            ])
        // Unrotated, the quads are the boxes: quad mode's distance is the same √500.
        #expect(abs(try tree.measure(a, b, in: root, mode: .quad).distance - 500.0.squareRoot()) < 1e-9)
    }

    @Test func aChildInsideItsParentHasInsets() throws {
        var tree = LayerTree()
        let card = try tree.add(makeLayer("card", bounds: Rect(0, 0, 200, 100), position: Point(100, 50)))
        let badge = try tree.add(makeLayer("badge", bounds: Rect(0, 0, 40, 20), position: Point(30, 20)), in: card)
        // The default space is the card's own (it holds the badge).
        #expect(tree.measureSpace(card, badge) == card)
        let m = try tree.measure(card, badge, in: card, mode: .box)
        // Badge 10…50 × 10…30 in card 0…200 × 0…100.
        #expect(m.contains == .a)
        #expect(m.insets == [10, 10, 150, 70])
        #expect(m.horizontal == -40 && m.vertical == -20)  // the overlap: the badge's own size
        #expect(m.distance == 0)
        #expect(abs(m.centers - 5800.0.squareRoot()) < 1e-12)  // (100,50) to (30,20)
        #expect(m.lines.map(\.kind) == [.insetLeft, .insetTop, .insetRight, .insetBottom])
        #expect(m.lines[2] == MeasureLine(.insetRight, from: Point(50, 20), to: Point(200, 20), value: 150))
        // Swapped, B contains A.
        #expect(try tree.measure(badge, card, in: card, mode: .box).contains == .b)
    }

    @Test func aFortyFiveDegreeSquareBoxGapAndQuadDistanceDiffer() throws {
        // box: 0…100 square. diamond: a 100 square turned 45° about its centre (160,160): its
        // corners are 50√2 from the centre, so its box is 160 ± 50√2 ≈ 89.29…230.71 each way.
        var tree = LayerTree()
        let box = try tree.add(makeLayer("box", bounds: Rect(0, 0, 100, 100), position: Point(50, 50)))
        let diamond = try tree.add(
            makeLayer(
                "diamond", bounds: Rect(0, 0, 100, 100), position: Point(160, 160),
                transform: .rotation(.degrees(45))))
        #expect(tree.measureSpace(box, diamond) == nil)  // two trees: the screen
        let r2 = 2.0.squareRoot()
        let boxes = try tree.measure(box, diamond, in: nil, mode: .box)
        // The boxes overlap by 100 − (160 − 50√2) = 50√2 − 60 ≈ 10.71 each way: distance 0.
        #expect(abs(boxes.horizontal - (60 - 50 * r2)) < 1e-9)
        #expect(abs(boxes.vertical - (60 - 50 * r2)) < 1e-9)
        #expect(boxes.distance == 0)
        // The true shapes: the diamond's edge facing the corner (100,100) is the line
        // x + y = 320 − 50√2; the corner is (320 − 50√2 − 200)/√2 = 60√2 − 50 ≈ 34.85 from it,
        // the nearest point (100,100) + 24.64·(1,1), the middle of that edge.
        let quads = try tree.measure(box, diamond, in: nil, mode: .quad)
        #expect(abs(quads.distance - (60 * r2 - 50)) < 1e-9)
        #expect(quads.horizontal == boxes.horizontal)  // extents are the same shapes' extents
        #expect(quads.lines.count == 1)
        let line = quads.lines[0]
        #expect(line.from == Point(100, 100))
        let s = (60 * r2 - 50) / r2
        #expect(abs(line.to.x - (100 + s)) < 1e-9 && abs(line.to.y - (100 + s)) < 1e-9)
        #expect(abs(quads.centers - 110 * r2) < 1e-9)  // (50,50) to (160,160)
    }

    @Test func aScaledSuperlayersSpaceAndTheScreensScaleTheNumbers() throws {
        // zoom: 200×200 at (100,100) scaled 2 about its centre: zoom x ↦ screen 2x − 100.
        var tree = LayerTree()
        let zoom = try tree.add(makeLayer("zoom", bounds: Rect(0, 0, 200, 200), position: Point(100, 100), transform: .scale(2, 2)))
        let a = try tree.add(makeLayer("a", bounds: Rect(0, 0, 20, 20), position: Point(20, 10)), in: zoom)  // x 10…30
        let b = try tree.add(makeLayer("b", bounds: Rect(0, 0, 20, 20), position: Point(60, 10)), in: zoom)  // x 50…70
        let inZoom = try tree.measure(a, b, in: zoom, mode: .box)
        let onScreen = try tree.measure(a, b, in: nil, mode: .box)
        #expect(inZoom.horizontal == 20 && inZoom.distance == 20 && inZoom.centers == 40)
        #expect(onScreen.horizontal == 40 && onScreen.distance == 40 && onScreen.centers == 80)
        #expect(inZoom.vertical == -20 && onScreen.vertical == -40)
        // The line drawn on the screen is the same either way: zoom (30,10)–(50,10) is screen (−40,−80)–(0,−80).
        #expect(tree.screenLines(of: inZoom) == [MeasureLine(.horizontal, from: Point(-40, -80), to: Point(0, -80), value: 20)])
    }

    @Test func aPerspectiveLayerEdgeOnIsRefusedInQuadMode() throws {
        var tree = LayerTree()
        let stage = try tree.add(
            makeLayer("stage", bounds: Rect(0, 0, 400, 400), position: Point(200, 200)) {
                $0.sublayerTransform = .perspective(eyeDistance: 500)
            })
        let card = try tree.add(
            makeLayer(
                "card", bounds: Rect(0, 0, 100, 100), position: Point(200, 100),
                transform: .rotation(.degrees(90), x: 0, y: 1, z: 0)), in: stage)
        let other = try tree.add(makeLayer("other", bounds: Rect(0, 0, 50, 50), position: Point(300, 200)), in: stage)
        #expect(throws: MeasureRefusal.self) { try tree.measure(card, other, in: stage, mode: .quad) }
        do {
            _ = try tree.measure(card, other, in: stage, mode: .quad)
        } catch {
            #expect(error.message.contains("card is edge-on"))
        }
        // The card's plane is x = 200, through the eye (above the stage's anchor, x 200): seen
        // side-on, a line. Box mode measures that line's box: 275 − 200 = 75 to other (275…325).
        let m = try tree.measure(card, other, in: stage, mode: .box)
        #expect(abs(m.horizontal - 75) < 1e-9)
    }

    @Test func aCornerBehindTheEyeIsRefused() throws {
        var tree = LayerTree()
        let stage = try tree.add(
            makeLayer("stage", bounds: Rect(0, 0, 400, 400), position: Point(200, 200)) {
                $0.sublayerTransform = .perspective(eyeDistance: 100)
            })
        let near = try tree.add(makeLayer("near", bounds: Rect(0, 0, 100, 100), position: Point(200, 200)) { $0.zPosition = 150 }, in: stage)
        let other = try tree.add(makeLayer("other", bounds: Rect(0, 0, 50, 50), position: Point(50, 50)), in: stage)
        #expect(throws: MeasureRefusal.self) { try tree.measure(near, other, in: stage, mode: .box) }
    }

    /// Random 2D-transformed pairs (seeded): quad mode's distance against brute-force sampling
    /// of both outlines (each edge cut into 100 pieces), with overlap judged independently by
    /// `Quad.overlapsWithArea` and containment of a corner; the extents against the corners
    /// drawn through `matrixToScreen` (not `convert`).
    @Test func seededRandomScenesAgreeWithBruteForce() throws {
        var random = SplitMix64(seed: 33)
        func r(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * random.unit() }
        var checked = 0, apart = 0
        for _ in 0..<300 {
            var tree = LayerTree()
            func layer(_ name: String) throws -> LayerID {
                let t = Transform3D.scale(r(0.3, 2), r(0.3, 2)).concatenating(.rotation(.degrees(r(-180, 180))))
                return try tree.add(
                    makeLayer(
                        name, bounds: Rect(r(-20, 20), r(-20, 20), r(5, 120), r(5, 120)),
                        position: Point(r(0, 400), r(0, 300)), anchor: Point(r(0, 1), r(0, 1)), transform: t))
            }
            let a = try layer("a"), b = try layer("b")
            let m = try tree.measure(a, b, in: nil, mode: .quad)
            let qa = try #require(tree.screenQuad(of: a)), qb = try #require(tree.screenQuad(of: b))
            let ba = qa.boundingBox, bb = qb.boundingBox
            #expect(abs(m.horizontal - (max(ba.minX, bb.minX) - min(ba.maxX, bb.maxX))) < 1e-6)
            #expect(abs(m.vertical - (max(ba.minY, bb.minY) - min(ba.maxY, bb.maxY))) < 1e-6)
            checked += 1
            if qa.overlapsWithArea(qb) || qa.points.contains(where: qb.contains) || qb.points.contains(where: qa.contains) {
                #expect(m.distance < 1e-6)
                continue
            }
            apart += 1
            func samples(_ q: Quad) -> [Point] {
                let p = q.points
                return (0..<4).flatMap { i in
                    (0...100).map { k -> Point in
                        let t = Double(k) / 100, u = p[i], v = p[(i + 1) % 4]
                        return Point(u.x + (v.x - u.x) * t, u.y + (v.y - u.y) * t)
                    }
                }
            }
            let sa = samples(qa), sb = samples(qb)
            var brute = Double.infinity
            for p in sa {
                for q in sb {
                    let dx = p.x - q.x, dy = p.y - q.y
                    brute = min(brute, (dx * dx + dy * dy).squareRoot())
                }
            }
            // Sampling only overestimates, by at most half a step on each outline.
            var step = 0.0
            for q in [qa, qb] {
                for i in 0..<4 {
                    let u = q.points[i], v = q.points[(i + 1) % 4]
                    let dx = u.x - v.x, dy = u.y - v.y
                    step = max(step, (dx * dx + dy * dy).squareRoot() / 100)
                }
            }
            #expect(m.distance <= brute + 1e-9)
            #expect(brute - m.distance <= step + 1e-9)
        }
        #expect(checked == 300)
        #expect(apart > 50)  // the scenes exercise the distance, not only overlaps
    }
}
