import Testing
import Geometry
import SeededRandom
@testable import LayerModel

/// Issue 36, part five: a turned layer's `frame` (read several times a key: the edit's
/// record, the status line, the inspector) boxes its four corners in place; it made two
/// arrays for them (the corners, then the ones in front of the eye).
@Suite("A turned layer's frame, without arrays")
struct FrameWorkTests {
    /// The frame as it was computed: the corners through `toSuperlayer`, those in front of
    /// the eye kept, boxed.
    static func referenceFrame(_ layer: Layer) -> Rect {
        if layer.transform.isIdentity, layer.bounds.size.width >= 0, layer.bounds.size.height >= 0 {
            let o = layer.position - layer.bounds.size.scaled(by: layer.anchorPoint)
            return Rect(origin: o, size: layer.bounds.standardized.size)
        }
        let m = layer.toSuperlayer
        let corners = layer.bounds.corners.compactMap { m.apply(to: $0) }
        return Rect.boundingBox(of: corners) ?? Rect(origin: layer.position, size: .zero)
    }

    /// The eye `eye` points in front of the plane (m34 = −1/eye), applied after the turn.
    static func perspective(eye: Double) -> Transform3D {
        var p = Transform3D.identity
        p.m34 = -1 / eye
        return p
    }

    static func same(_ a: Rect, _ b: Rect) -> Bool {
        [a.origin.x, a.origin.y, a.size.width, a.size.height].map(\.bitPattern) == [b.origin.x, b.origin.y, b.size.width, b.size.height].map(\.bitPattern)
    }

    @Test func theFrameIsTheBoxOfItsCornersBitForBit() {
        var random = SplitMix64(seed: 36)
        func r(_ range: ClosedRange<Double>) -> Double { range.lowerBound + random.unit() * (range.upperBound - range.lowerBound) }
        var partly = 0
        for i in 0..<4_000 {
            var layer = Layer(name: "l\(i)")
            layer.bounds = Rect(r(-50...50), r(-50...50), r(-20...200), r(-20...200))
            layer.position = Point(r(-300...300), r(-300...300))
            layer.anchorPoint = Point(r(-0.5...1.5), r(-0.5...1.5))
            layer.anchorPointZ = r(-20...20)
            var t = Transform3D.rotation(.radians(r(-7...7)))
            if i % 3 == 0 { t = t.concatenating(.rotation(.radians(r(-3...3)), x: 0, y: 1, z: 0)) }
            if i % 4 == 0 { t = t.concatenating(.scale(r(-3...3), r(-3...3))) }
            // Perspective strong enough that some corners (or all) go behind the eye.
            if i % 2 == 0 { t = t.concatenating(Self.perspective(eye: r(5...600))) }
            if i % 50 == 0 { t = .identity }
            layer.transform = t
            let m = layer.toSuperlayer
            let front = layer.bounds.corners.filter { m.apply(to: $0) != nil }.count
            if front > 0 && front < 4 { partly += 1 }
            #expect(Self.same(layer.frame, Self.referenceFrame(layer)), "layer \(i)")
        }
        // A layer turned 80° about y under a strong perspective: its far edge goes behind the
        // eye (some corners projected, some not); turned 180° with the eye close: the mirror image.
        for (angle, eye, width) in [(80.0, 40.0, 400.0), (60.0, 30.0, 300.0), (180.0, 1.0, 100.0)] {
            var layer = Layer(name: "deep")
            layer.bounds = Rect(0, 0, width, 100)
            layer.position = Point(100, 100)
            layer.transform = Transform3D.rotation(.degrees(angle), x: 0, y: 1, z: 0).concatenating(Self.perspective(eye: eye))
            let m = layer.toSuperlayer
            let front = layer.bounds.corners.filter { m.apply(to: $0) != nil }.count
            if front > 0 && front < 4 { partly += 1 }
            #expect(Self.same(layer.frame, Self.referenceFrame(layer)), "turned \(angle)°")
        }
        // The hard case was met: some corners behind the eye and some in front.
        #expect(partly > 0)
    }
}

/// Issue 36, part five: asking whether a tree holds an id copied the slot's whole layer
/// (every reference in it retained, then released) to compare it with nil; it now looks at
/// the slot in place. The answers, for held, removed and out-of-range ids.
@Suite("Whether a tree holds a layer")
struct ContainsWorkTests {
    @Test func containsAnswersForEverySlot() throws {
        var tree = LayerTree()
        var card = Layer(name: "card")
        card.note = "a note long enough to be kept on the heap"
        card.drawing = [.save, .restore]
        let c = try tree.add(card)
        let badge = try tree.add(Layer(name: "badge"), in: c)
        let gone = try tree.add(Layer(name: "gone"), in: c)
        // Past the first chunk of 64 slots, so a second chunk is read too.
        var last = badge
        for i in 0..<70 { last = try tree.add(Layer(name: "n\(i)")) }
        tree.remove(gone)
        let ids = [c, badge, gone, last, LayerID(raw: last.raw + 1), LayerID(raw: -1)]
        #expect(ids.map(tree.contains) == [true, true, false, true, false, false])
    }
}
