import Geometry

/// One vertex of a screen polygon, in continuous cell coordinates (column, row units).
/// `real` says whether the edge from this vertex to the next is a piece of the layer's own
/// outline (true) or was made by clipping (the eye plane, an ancestor's mask): clip edges
/// are filled across but never outlined.
struct PolyVertex {
    var x: Double
    var y: Double
    var real: Bool
}

/// A convex clip region (an ancestor's masksToBounds quad, already intersected with the
/// regions above it), in continuous cell coordinates.
struct ClipRegion {
    var vertices: [PolyVertex]
    /// +1 or −1: a point p is inside when `sign · cross(b − a, p − a) >= 0` for every edge a→b.
    var sign: Double
}

enum PolygonOps {
    /// Below this |w| a projected point counts as being at the eye plane (R13: w <= 0 is
    /// behind the eye); relative to the largest |w| of the quad.
    static let eyePlaneEpsilon = 1e-6

    /// Maps the four corners of `rect` (in the layer's own space) through `h` (layer → cell
    /// coordinates) into `out`, clipping away whatever lies behind the eye (w <= ε) in
    /// homogeneous space first, so a quad that crosses the eye plane becomes the polygon of
    /// its visible part. `out` is emptied first; it stays empty when nothing is in front of
    /// the eye or a coordinate is not finite.
    static func project(_ rect: Rect, through h: Homography, into out: inout [PolyVertex]) {
        out.removeAll(keepingCapacity: true)
        let xs = (rect.minX, rect.maxX), ys = (rect.minY, rect.maxY)
        // Corners in order top-left, top-right, bottom-right, bottom-left (local space).
        let cx = (xs.0, xs.1, xs.1, xs.0), cy = (ys.0, ys.0, ys.1, ys.1)
        func hom(_ x: Double, _ y: Double) -> (Double, Double, Double) {
            (x * h.h11 + y * h.h21 + h.h31, x * h.h12 + y * h.h22 + h.h32, x * h.h13 + y * h.h23 + h.h33)
        }
        let p0 = hom(cx.0, cy.0), p1 = hom(cx.1, cy.1), p2 = hom(cx.2, cy.2), p3 = hom(cx.3, cy.3)
        let maxW = max(abs(p0.2), abs(p1.2), abs(p2.2), abs(p3.2))
        guard maxW.isFinite, maxW > 0 else { return }
        let eps = maxW * eyePlaneEpsilon
        if p0.2 > eps && p1.2 > eps && p2.2 > eps && p3.2 > eps {
            out.append(PolyVertex(x: p0.0 / p0.2, y: p0.1 / p0.2, real: true))
            out.append(PolyVertex(x: p1.0 / p1.2, y: p1.1 / p1.2, real: true))
            out.append(PolyVertex(x: p2.0 / p2.2, y: p2.1 / p2.2, real: true))
            out.append(PolyVertex(x: p3.0 / p3.2, y: p3.1 / p3.2, real: true))
        } else {
            // Sutherland–Hodgman against w >= eps, emitting start vertices with edge flags.
            func edge(_ s: (Double, Double, Double), _ e: (Double, Double, Double)) {
                let sIn = s.2 > eps, eIn = e.2 > eps
                if sIn { out.append(PolyVertex(x: s.0 / s.2, y: s.1 / s.2, real: true)) }
                if sIn != eIn {
                    let t = (eps - s.2) / (e.2 - s.2)
                    let X = s.0 + t * (e.0 - s.0), Y = s.1 + t * (e.1 - s.1)
                    // Leaving the visible side: the next edge runs along the eye plane.
                    out.append(PolyVertex(x: X / eps, y: Y / eps, real: !sIn))
                }
            }
            edge(p0, p1); edge(p1, p2); edge(p2, p3); edge(p3, p0)
        }
        for v in out where !(v.x.isFinite && v.y.isFinite) {
            out.removeAll(keepingCapacity: true); return
        }
    }

    /// Twice the signed area (shoelace).
    static func doubleArea(_ p: [PolyVertex]) -> Double {
        guard p.count >= 3 else { return 0 }
        var a = 0.0
        var prev = p[p.count - 1]
        for v in p { a += prev.x * v.y - v.x * prev.y; prev = v }
        return a
    }

    /// A power of two to divide `p`'s coordinates by when they pass 1e150, where a product
    /// of two (an area, a squared length) would overflow to infinity — a huge layer at the
    /// widest zoom is 1e288 cells across — bringing them to about 1; 1 otherwise. Dividing by
    /// a power of two is exact.
    static func overflowScale(_ p: [PolyVertex]) -> Double {
        var big = 0.0
        for v in p { big = max(big, abs(v.x), abs(v.y)) }
        guard big > 1e150, big.isFinite else { return 1 }
        return Double(sign: .plus, exponent: big.exponent + 1, significand: 1)
    }

    /// `p` with its coordinates divided by `f` (`overflowScale`).
    static func scaled(_ p: [PolyVertex], by f: Double) -> [PolyVertex] {
        f == 1 ? p : p.map { PolyVertex(x: $0.x / f, y: $0.y / f, real: $0.real) }
    }

    /// The clip region a masking layer gives its sublayers; nil when it has no area (a
    /// zero-size or edge-on layer masks everything away).
    static func region(from polygon: [PolyVertex]) -> ClipRegion? {
        let a = doubleArea(scaled(polygon, by: overflowScale(polygon)))
        guard a.isFinite, abs(a) > 1e-12 else { return nil }
        return ClipRegion(vertices: polygon, sign: a > 0 ? 1 : -1)
    }

    /// Clips `poly` (any orientation) to the convex `region`, in place, using `scratch`.
    /// Edge flags survive: pieces of original edges stay real, pieces of the region's
    /// boundary are clip edges.
    static func clip(_ poly: inout [PolyVertex], to region: ClipRegion, scratch: inout [PolyVertex]) {
        let r = region.vertices
        var a = r[r.count - 1]
        for b in r {
            guard !poly.isEmpty else { return }
            let ex = b.x - a.x, ey = b.y - a.y, sign = region.sign
            @inline(__always) func side(_ p: PolyVertex) -> Double { sign * (ex * (p.y - a.y) - ey * (p.x - a.x)) }
            scratch.removeAll(keepingCapacity: true)
            let n = poly.count
            for i in 0..<n {
                let s = poly[i], e = poly[i + 1 == n ? 0 : i + 1]
                let ds = side(s), de = side(e)
                let sIn = ds >= 0, eIn = de >= 0
                if sIn { scratch.append(s) }
                if sIn != eIn {
                    let t = ds / (ds - de)
                    let x = s.x + t * (e.x - s.x), y = s.y + t * (e.y - s.y)
                    // Entering keeps the original edge's flag; leaving starts a clip edge.
                    scratch.append(PolyVertex(x: x, y: y, real: sIn ? false : s.real))
                }
            }
            swap(&poly, &scratch)
            a = b
        }
        if poly.count < 3 { poly.removeAll(keepingCapacity: true) }
    }

    /// The bounding box of a polygon: (minX, minY, maxX, maxY).
    static func bounds(_ p: [PolyVertex]) -> (Double, Double, Double, Double) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for v in p {
            minX = min(minX, v.x); maxX = max(maxX, v.x)
            minY = min(minY, v.y); maxY = max(maxY, v.y)
        }
        return (minX, minY, maxX, maxY)
    }

    /// Liang–Barsky: the parameter range [t0, t1] of the segment inside the box, or nil.
    static func clipSegment(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
        minX: Double, minY: Double, maxX: Double, maxY: Double
    ) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = x1 - x0, dy = y1 - y0
        @inline(__always) func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let r = q / p
            if p < 0 { if r > t1 { return false }; if r > t0 { t0 = r } } else { if r < t0 { return false }; if r < t1 { t1 = r } }
            return true
        }
        guard edge(-dx, x0 - minX), edge(dx, maxX - x0), edge(-dy, y0 - minY), edge(dy, maxY - y0) else { return nil }
        guard t0.isFinite, t1.isFinite else { return nil }
        return (t0, t1)
    }
}
