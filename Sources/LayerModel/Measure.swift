import Geometry

/// What `measure` measures (docs/measure.md): the axis-aligned bounding boxes of the two
/// layers' true quads as seen in the chosen space, or the true quads themselves.
public enum MeasureMode: String, Equatable, Sendable, CaseIterable {
    case box, quad
}

/// Which of the two measured layers lies wholly inside the other: `a` when A contains B.
public enum MeasureContainment: String, Equatable, Sendable {
    case a = "A", b = "B"
}

/// A measurement that cannot be made: the message says which layer and why.
public struct MeasureRefusal: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// One red line of a measurement, in the measurement's space: a gap, an inset or the
/// shortest distance, with the figure it shows.
public struct MeasureLine: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case horizontal, vertical, distance
        case insetLeft = "left", insetTop = "top", insetRight = "right", insetBottom = "bottom"
    }
    public var kind: Kind
    public var from: Point
    public var to: Point
    /// The figure, in the space's points (the line's length in that space).
    public var value: Double

    public init(_ kind: Kind, from: Point, to: Point, value: Double) {
        self.kind = kind; self.from = from; self.to = to; self.value = value
    }
}

/// How far apart two layers are, in one space (docs/measure.md). Every figure is in the
/// space's points; the shapes are the layers' bounds corners converted into the space.
public struct Measurement: Equatable, Sendable {
    /// The space measured in; nil is the screen (the root space).
    public var space: LayerID?
    public var mode: MeasureMode
    /// The gap between the two shapes' x-extents; negative: the overlap's width.
    public var horizontal: Double
    /// The same for y.
    public var vertical: Double
    /// The shortest distance between the two shapes (boxes or quads by `mode`); 0 when they
    /// touch or overlap.
    public var distance: Double
    /// The distance between the two layers' bounds centres mapped into the space.
    public var centers: Double
    public var contains: MeasureContainment?
    /// Box mode, when one contains the other: the inner box inside the outer box, left,
    /// top, right, bottom.
    public var insets: [Double]?
    /// The two shapes in the space: four corners each (top-left, top-right, bottom-right,
    /// bottom-left of the bounds).
    public var shapeA: [Point]
    public var shapeB: [Point]
    /// What the canvas draws: the gaps between facing edges, the four insets, or the
    /// shortest distance (quad mode), in the space.
    public var lines: [MeasureLine]
}

/// The pure geometry under `measure`: gaps between extents, the distance between convex
/// polygons, containment. No trees here: each takes points in one space.
public enum MeasureGeometry {
    /// The gap between the intervals [aMin, aMax] and [bMin, bMax]: positive when apart,
    /// negative the overlap's length, 0 when they touch.
    public static func gap(_ aMin: Double, _ aMax: Double, _ bMin: Double, _ bMax: Double) -> Double {
        max(aMin, bMin) - min(aMax, bMax)
    }

    /// The point of segment `a`–`b` nearest `p`.
    public static func nearestOnSegment(_ p: Point, _ a: Point, _ b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return a }
        let t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
        return Point(x: a.x + t * dx, y: a.y + t * dy)
    }

    static func length(_ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The z of (b − a) × (c − a).
    static func cross(_ a: Point, _ b: Point, _ c: Point) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    /// True when the closed segments a–b and c–d share a point (touching counts).
    public static func segmentsMeet(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        func onSegment(_ p: Point, _ q: Point, _ r: Point, _ side: Double) -> Bool {
            side == 0 && min(p.x, q.x) <= r.x && r.x <= max(p.x, q.x) && min(p.y, q.y) <= r.y && r.y <= max(p.y, q.y)
        }
        return onSegment(c, d, a, d1) || onSegment(c, d, b, d2) || onSegment(a, b, c, d3) || onSegment(a, b, d, d4)
    }

    /// True when `p` lies inside or on the convex polygon (either winding). A polygon with
    /// no area contains only the points on its edges.
    public static func convexContains(_ polygon: [Point], _ p: Point) -> Bool {
        guard polygon.count >= 3 else {
            return polygon.count == 2 ? length(nearestOnSegment(p, polygon[0], polygon[1]), p) == 0 : polygon.first == p
        }
        var sign = 0.0
        for i in polygon.indices {
            let c = cross(polygon[i], polygon[(i + 1) % polygon.count], p)
            if c == 0 { continue }
            if sign == 0 { sign = c } else if (sign > 0) != (c > 0) { return false }
        }
        if sign == 0 {
            // Every edge's line goes through p: a degenerate polygon; on an edge or not.
            return polygon.indices.contains { length(nearestOnSegment(p, polygon[$0], polygon[($0 + 1) % polygon.count]), p) == 0 }
        }
        return true
    }

    /// True when every vertex of `inner` lies inside or on the convex polygon `outer` (then
    /// the whole of `inner`, convex too, does).
    public static func convexContains(_ outer: [Point], polygon inner: [Point]) -> Bool {
        !inner.isEmpty && inner.allSatisfy { convexContains(outer, $0) }
    }

    /// The shortest distance between two convex polygons (either winding), with the two
    /// nearest points (on `p` and on `q`): 0 when they touch, cross or one holds the other.
    /// Apart, the nearest pair always has a vertex of one polygon at one end, so the minimum
    /// over vertex–edge pairs both ways is exact.
    public static func distance(_ p: [Point], _ q: [Point]) -> (distance: Double, onP: Point, onQ: Point) {
        guard let p0 = p.first, let q0 = q.first else { return (.infinity, .zero, .zero) }
        func edges(_ poly: [Point]) -> [(Point, Point)] {
            poly.count == 1 ? [(poly[0], poly[0])] : poly.indices.map { (poly[$0], poly[($0 + 1) % poly.count]) }
        }
        let ep = edges(p), eq = edges(q)
        for (a, b) in ep {
            for (c, d) in eq where segmentsMeet(a, b, c, d) {
                // A shared point: where the edges meet, near enough for a line of length 0.
                let on = nearestOnSegment(a, c, d)
                return (0, length(a, on) == 0 ? a : on, on)
            }
        }
        if convexContains(p, q0) { return (0, q0, q0) }
        if convexContains(q, p0) { return (0, p0, p0) }
        var best = (distance: Double.infinity, onP: p0, onQ: q0)
        for v in p {
            for (c, d) in eq {
                let n = nearestOnSegment(v, c, d), l = length(v, n)
                if l < best.distance { best = (l, v, n) }
            }
        }
        for v in q {
            for (a, b) in ep {
                let n = nearestOnSegment(v, a, b), l = length(v, n)
                if l < best.distance { best = (l, n, v) }
            }
        }
        return best
    }

    /// The shoelace area (absolute) of a polygon.
    public static func area(_ polygon: [Point]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var s = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    /// The measurement of two shapes already in one space (`centerA`, `centerB`: the
    /// layers' bounds centres there). Box mode measures their bounding boxes, quad mode the
    /// convex shapes themselves.
    public static func measure(
        _ a: [Point], _ b: [Point], centerA: Point, centerB: Point,
        mode: MeasureMode, space: LayerID?
    ) -> Measurement {
        let boxA = Rect.boundingBox(of: a) ?? Rect(origin: centerA, size: .zero)
        let boxB = Rect.boundingBox(of: b) ?? Rect(origin: centerB, size: .zero)
        let h = gap(boxA.minX, boxA.maxX, boxB.minX, boxB.maxX)
        let v = gap(boxA.minY, boxA.maxY, boxB.minY, boxB.maxY)
        func holds(_ o: Rect, _ i: Rect) -> Bool { o.minX <= i.minX && i.maxX <= o.maxX && o.minY <= i.minY && i.maxY <= o.maxY }
        var out = Measurement(
            space: space, mode: mode, horizontal: h, vertical: v, distance: 0,
            centers: length(centerA, centerB), contains: nil, insets: nil,
            shapeA: a, shapeB: b, lines: [])
        switch mode {
        case .box:
            out.distance = (max(h, 0) * max(h, 0) + max(v, 0) * max(v, 0)).squareRoot()
            out.contains = holds(boxA, boxB) ? .a : (holds(boxB, boxA) ? .b : nil)
            if let c = out.contains {
                let (outer, inner) = c == .a ? (boxA, boxB) : (boxB, boxA)
                let insets = [inner.minX - outer.minX, inner.minY - outer.minY, outer.maxX - inner.maxX, outer.maxY - inner.maxY]
                out.insets = insets
                let y = inner.midY, x = inner.midX
                out.lines = [
                    MeasureLine(.insetLeft, from: Point(x: outer.minX, y: y), to: Point(x: inner.minX, y: y), value: insets[0]),
                    MeasureLine(.insetTop, from: Point(x: x, y: outer.minY), to: Point(x: x, y: inner.minY), value: insets[1]),
                    MeasureLine(.insetRight, from: Point(x: inner.maxX, y: y), to: Point(x: outer.maxX, y: y), value: insets[2]),
                    MeasureLine(.insetBottom, from: Point(x: x, y: inner.maxY), to: Point(x: x, y: outer.maxY), value: insets[3])
                ].filter { $0.value > 0 }
            } else {
                // The gaps between facing edges: through the middle of the other axis's
                // overlap, else through B's middle (the selection's, on the canvas).
                if h > 0 {
                    let (left, right) = boxA.maxX <= boxB.minX ? (boxA, boxB) : (boxB, boxA)
                    let y = v < 0 ? (max(boxA.minY, boxB.minY) + min(boxA.maxY, boxB.maxY)) / 2 : boxB.midY
                    out.lines.append(MeasureLine(.horizontal, from: Point(x: left.maxX, y: y), to: Point(x: right.minX, y: y), value: h))
                }
                if v > 0 {
                    let (top, bottom) = boxA.maxY <= boxB.minY ? (boxA, boxB) : (boxB, boxA)
                    let x = h < 0 ? (max(boxA.minX, boxB.minX) + min(boxA.maxX, boxB.maxX)) / 2 : boxB.midX
                    out.lines.append(MeasureLine(.vertical, from: Point(x: x, y: top.maxY), to: Point(x: x, y: bottom.minY), value: v))
                }
            }
        case .quad:
            let d = distance(a, b)
            out.distance = d.distance
            out.contains = convexContains(a, polygon: b) ? .a : (convexContains(b, polygon: a) ? .b : nil)
            if d.distance > 0 { out.lines = [MeasureLine(.distance, from: d.onP, to: d.onQ, value: d.distance)] }
        }
        return out
    }
}

extension LayerTree {
    /// The default space of a measurement: the nearest layer whose space holds both — their
    /// nearest common superlayer, or A itself when A is B's ancestor (and B when B is A's);
    /// nil (the screen) for layers in different trees.
    public func measureSpace(_ a: LayerID, _ b: LayerID) -> LayerID? {
        let upB = Set(ancestors(of: b, includingSelf: true))
        if a == b { return self[a].superlayer }
        return ancestors(of: a, includingSelf: true).first { upB.contains($0) }
    }

    /// Measures A and B in `space` (nil: the screen): both layers' bounds corners and
    /// centres converted there (R5, through perspective), then `MeasureGeometry.measure`.
    /// Refused when a corner has no image (behind the eye, or a singular layer on the way),
    /// and in quad mode when a layer with area is seen edge-on (its quad has none).
    public func measure(_ a: LayerID, _ b: LayerID, in space: LayerID?, mode: MeasureMode) throws(MeasureRefusal) -> Measurement {
        let spaceName = space.map { self[$0].name } ?? "screen"
        func shape(_ id: LayerID) throws(MeasureRefusal) -> ([Point], Point) {
            let bounds = self[id].bounds
            var corners: [Point] = []
            for c in bounds.corners {
                guard let p = convert(c, from: id, to: space) else {
                    throw MeasureRefusal(
                        "\(self[id].name) has no image in \(spaceName)'s space: a corner is behind the eye, or a layer on the way is singular (scale 0)")
                }
                corners.append(p)
            }
            guard let center = convert(bounds.center, from: id, to: space) else {
                throw MeasureRefusal("\(self[id].name)'s centre has no image in \(spaceName)'s space")
            }
            if mode == .quad, bounds.width > 0, bounds.height > 0 {
                let box = Rect.boundingBox(of: corners) ?? .zero
                let extent = box.width + box.height
                if !(MeasureGeometry.area(corners) > 1e-9 * extent * extent) {
                    throw MeasureRefusal("\(self[id].name) is edge-on in \(spaceName)'s space: its plane is seen side-on, so its quad has no area")
                }
            }
            return (corners, center)
        }
        let (qa, ca) = try shape(a)
        let (qb, cb) = try shape(b)
        let out = MeasureGeometry.measure(qa, qb, centerA: ca, centerB: cb, mode: mode, space: space)
        let figures = [out.horizontal, out.vertical, out.distance, out.centers] + (out.insets ?? [])
        guard figures.allSatisfy(\.isFinite) else {
            throw MeasureRefusal("measuring \(self[a].name) and \(self[b].name) in \(spaceName)'s space overflows")
        }
        return out
    }

    /// A measurement's lines on the screen (the space top-level layers live in), each with
    /// its figure; a line whose ends have no image there is left out.
    public func screenLines(of m: Measurement) -> [MeasureLine] {
        m.lines.compactMap { line in
            guard let p = convert(line.from, from: m.space, to: nil), let q = convert(line.to, from: m.space, to: nil) else { return nil }
            var out = line
            out.from = p
            out.to = q
            return out
        }
    }
}
