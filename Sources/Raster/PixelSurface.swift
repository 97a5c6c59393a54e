#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Cells

/// The pixel mode's drawing primitives (docs/picture.md, "Pixels"): convex polygons filled
/// with anti-aliased edges, and strokes, dashes and discs built from them. Coordinates are
/// continuous pixels: pixel (i, j) covers [i, i + 1) × [j, j + 1).
///
/// Every primitive ends in `fill`, which **records** the polygon, its colour and opacity in
/// a `PixelDisplayList` rather than touching pixels: the list is painted afterwards
/// (`PixelDisplayList.paint`), all of it for a new image, or only where it differs from the
/// last frame's list (`PixelRenderer`).
struct PixelSurface {
    var list = PixelDisplayList()
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = max(0, width); self.height = max(0, height)
    }

    /// `max(0, floor(v))` for a finite v below the image's side: truncation, which is the floor
    /// from 0 up (no call to `floor`: the baseline x86-64 has no rounding instruction).
    @inline(__always)
    static func floorFromZero(_ v: Double) -> Int { v > 0 ? Int(v) : 0 }

    /// `min(limit, ceil(v))` for a finite v > 0: the truncation of v cut to `limit`, one more
    /// where that fell short of it.
    @inline(__always)
    static func ceilUpTo(_ v: Double, _ limit: Int) -> Int {
        let m = v < Double(limit) ? v : Double(limit)
        let t = Int(m)
        return Double(t) < m ? t + 1 : t
    }

    /// Fills the convex polygon `poly` (pixels; either orientation) with `color` at `alpha`.
    mutating func fill(_ poly: [PolyVertex], color: UInt32, alpha: Double) {
        guard poly.count >= 3, alpha > 0, width > 0, height > 0 else { return }
        var minY = Double.infinity, maxY = -Double.infinity, minX = Double.infinity, maxX = -Double.infinity
        for v in poly {
            guard v.x.isFinite, v.y.isFinite else { return }
            minY = PixelDisplayList.lo(minY, v.y); maxY = PixelDisplayList.hi(maxY, v.y)
            minX = PixelDisplayList.lo(minX, v.x); maxX = PixelDisplayList.hi(maxX, v.x)
        }
        guard let bounds = touched(minX, minY, maxX, maxY) else { return }
        list.append(poly, color: color & PackedColor.rgbMask, alpha: min(1, alpha), bounds: bounds)
    }

    /// `fill([a, b, c, d], …)` without building the array (the same checks, the same fill
    /// recorded): outline strips, borders, strokes and squares.
    mutating func fill(_ a: PolyVertex, _ b: PolyVertex, _ c: PolyVertex, _ d: PolyVertex, color: UInt32, alpha: Double) {
        guard alpha > 0, width > 0, height > 0 else { return }
        var minY = Double.infinity, maxY = -Double.infinity, minX = Double.infinity, maxX = -Double.infinity
        @inline(__always) func take(_ v: PolyVertex) -> Bool {
            guard v.x.isFinite, v.y.isFinite else { return false }
            minY = PixelDisplayList.lo(minY, v.y); maxY = PixelDisplayList.hi(maxY, v.y)
            minX = PixelDisplayList.lo(minX, v.x); maxX = PixelDisplayList.hi(maxX, v.x)
            return true
        }
        guard take(a), take(b), take(c), take(d), let bounds = touched(minX, minY, maxX, maxY) else { return }
        list.append(a, b, c, d, color: color & PackedColor.rgbMask, alpha: min(1, alpha), bounds: bounds)
    }

    /// The pixels a shape within these bounds can touch (a pixel whose square it crosses),
    /// or nil when it misses the image. (The bounds are finite; min and max of finite values,
    /// `lo`/`hi`, differ from Swift's only in the sign of a zero, which no floor or ceiling sees.)
    @inline(__always)
    private func touched(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> PixelRect? {
        guard maxX > 0, maxY > 0, minX < Double(width), minY < Double(height) else { return nil }
        let y0 = Self.floorFromZero(minY), y1 = Self.ceilUpTo(maxY, height)
        let x0 = Self.floorFromZero(minX), x1 = Self.ceilUpTo(maxX, width)
        guard y0 < y1, x0 < x1 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A straight stroke `width` pixels wide from (x0, y0) to (x1, y1), its ends extended
    /// by `cap` pixels (half the width joins the sides of an outline at its corners).
    mutating func stroke(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width lineWidth: Double,
        color: UInt32, alpha: Double = 1, cap: Double = 0
    ) {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let dx = x1 - x0, dy = y1 - y0
        let length = (dx * dx + dy * dy).squareRoot()
        let half = lineWidth / 2
        guard length > 1e-9 else {
            square(x0, y0, half: max(half, cap), color: color, alpha: alpha)
            return
        }
        let ux = dx / length, uy = dy / length
        let nx = -uy * half, ny = ux * half
        let ax = x0 - ux * cap, ay = y0 - uy * cap, bx = x1 + ux * cap, by = y1 + uy * cap
        fill(
            PolyVertex(x: ax + nx, y: ay + ny, real: true), PolyVertex(x: bx + nx, y: by + ny, real: true),
            PolyVertex(x: bx - nx, y: by - ny, real: true), PolyVertex(x: ax - nx, y: ay - ny, real: true),
            color: color, alpha: alpha)
    }

    /// A stroke in a rhythm: `on` pixels drawn, `off` skipped, along the segment (a solid
    /// stroke when `off` is 0). `phase` carries the rhythm on from the previous segment of
    /// an outline; the phase at the end is returned.
    @discardableResult
    mutating func dashed(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width lineWidth: Double,
        color: UInt32, alpha: Double = 1, on: Double, off: Double, phase: Double = 0
    ) -> Double {
        guard off > 0, on > 0 else {
            stroke(x0, y0, x1, y1, width: lineWidth, color: color, alpha: alpha)
            return 0
        }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return phase }
        let dx = x1 - x0, dy = y1 - y0
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-9 else { return phase }
        let period = on + off
        // At most this many dashes on one segment: a far-off edge is not cut into millions.
        guard length / period < 20_000 else {
            stroke(x0, y0, x1, y1, width: lineWidth, color: color, alpha: alpha * on / period)
            return 0
        }
        var t = -phase.truncatingRemainder(dividingBy: period)
        while t < length {
            let a = max(0, t), b = min(length, t + on)
            if b > a {
                stroke(
                    x0 + dx * a / length, y0 + dy * a / length, x0 + dx * b / length, y0 + dy * b / length,
                    width: lineWidth, color: color, alpha: alpha)
            }
            t += period
        }
        return (phase + length).truncatingRemainder(dividingBy: period)
    }

    /// An axis-aligned square centred on (x, y).
    mutating func square(_ x: Double, _ y: Double, half: Double, color: UInt32, alpha: Double = 1) {
        let h = max(half, 0.5)
        fill(
            PolyVertex(x: x - h, y: y - h, real: true), PolyVertex(x: x + h, y: y - h, real: true),
            PolyVertex(x: x + h, y: y + h, real: true), PolyVertex(x: x - h, y: y + h, real: true),
            color: color, alpha: alpha)
    }

    /// The vertices of a circle (a regular 32-gon) of radius `r` about (x, y).
    static func circle(_ x: Double, _ y: Double, radius r: Double, sides: Int = 32) -> [PolyVertex] {
        (0..<sides).map { i in
            let t = Double(i) / Double(sides) * 2 * Double.pi
            return PolyVertex(x: x + r * cos(t), y: y + r * sin(t), real: true)
        }
    }

    /// A filled disc.
    mutating func disc(_ x: Double, _ y: Double, radius: Double, color: UInt32, alpha: Double = 1) {
        fill(PixelSurface.circle(x, y, radius: radius), color: color, alpha: alpha)
    }

    /// `poly` (convex) with each real edge moved `distance` pixels inward (the others stay),
    /// into `inner`: what an outline `distance` wide inside the real edges leaves of it, the
    /// corners where the moved edges meet. False — `inner` then means nothing — for a polygon
    /// that is not convex, has an edge shorter than 10⁻⁶ or more than 8 vertices, or is too
    /// thin for the band (an edge of the inset runs backwards or the inset turns the other
    /// way): the outline is then drawn as strips (`outlineInside`). Once a layer a frame, so
    /// its scratch is on the stack.
    static func inset(_ poly: [PolyVertex], by distance: Double, into inner: inout [PolyVertex]) -> Bool {
        let n = poly.count
        inner.removeAll(keepingCapacity: true)
        guard n >= 3, n <= 8 else { return false }
        // With y down, a positive shoelace sum runs clockwise on screen: the inside is to the
        // right of each edge.
        let area2 = PolygonOps.doubleArea(poly)
        guard area2 != 0 else { return false }
        let sign: Double = area2 > 0 ? 1 : -1
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * n) { scratch in
            // Edge k (poly[k] → poly[k + 1]): its unit direction (ux, uy), and its line moved
            // inward as normal · p = offset with the inward unit normal (nx, ny) =
            // (−uy, ux) · sign.
            let ux = scratch.baseAddress!, uy = ux + n, offset = uy + n
            @inline(__always) func nx(_ k: Int) -> Double { -uy[k] * sign }
            @inline(__always) func ny(_ k: Int) -> Double { ux[k] * sign }
            for k in 0..<n {
                let a = poly[k], b = poly[k + 1 == n ? 0 : k + 1]
                let dx = b.x - a.x, dy = b.y - a.y
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 1e-6 else { return false }
                ux[k] = dx / length; uy[k] = dy / length
                offset[k] = nx(k) * a.x + ny(k) * a.y + (a.real ? distance : 0)
            }
            // Convex, turning one way: every corner's cross product has the area's sign.
            for k in 0..<n {
                let j = k + 1 == n ? 0 : k + 1
                guard (ux[k] * uy[j] - uy[k] * ux[j]) * sign > 1e-9 else { return false }
            }
            // Vertex k of the inset: where the moved lines of edges k − 1 and k cross.
            for k in 0..<n {
                let i = k == 0 ? n - 1 : k - 1
                let det = nx(i) * ny(k) - ny(i) * nx(k)
                let x = (offset[i] * ny(k) - ny(i) * offset[k]) / det, y = (nx(i) * offset[k] - offset[i] * nx(k)) / det
                inner.append(PolyVertex(x: x, y: y, real: poly[k].real))
            }
            // Each inset edge runs the way its edge does (a band wider than the polygon reverses one).
            for k in 0..<n {
                let a = inner[k], b = inner[k + 1 == n ? 0 : k + 1]
                guard (b.x - a.x) * ux[k] + (b.y - a.y) * uy[k] > 1e-6 else {
                    inner.removeAll(keepingCapacity: true)
                    return false
                }
            }
            return true
        }
    }

    /// The real edges of `poly`, each a band `lineWidth` pixels wide lying just **inside**
    /// the edge (a layer's outline is part of the layer, like Core Animation's border).
    mutating func outlineInside(_ poly: [PolyVertex], width lineWidth: Double, color: UInt32, alpha: Double = 1) {
        let n = poly.count
        guard n >= 3 else { return }
        // With y down, a positive shoelace sum runs clockwise on screen: the inside is to the right.
        let sign: Double = PolygonOps.doubleArea(poly) >= 0 ? 1 : -1
        for i in 0..<n where poly[i].real {
            let a = poly[i], b = poly[(i + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-9 else { continue }
            let ix = -dy / length * lineWidth * sign, iy = dx / length * lineWidth * sign
            fill(
                PolyVertex(x: a.x, y: a.y, real: true), PolyVertex(x: b.x, y: b.y, real: true),
                PolyVertex(x: b.x + ix, y: b.y + iy, real: true), PolyVertex(x: a.x + ix, y: a.y + iy, real: true),
                color: color, alpha: alpha)
        }
    }

    /// The real edges of `poly` as strokes centred on them, in a rhythm (`dashed`).
    mutating func outlineCentred(
        _ poly: [PolyVertex], width lineWidth: Double, color: UInt32, alpha: Double = 1,
        on: Double = 1, off: Double = 0
    ) {
        let n = poly.count
        guard n >= 2 else { return }
        var phase = 0.0
        for i in 0..<n where poly[i].real {
            let a = poly[i], b = poly[(i + 1) % n]
            if off > 0 {
                phase = dashed(a.x, a.y, b.x, b.y, width: lineWidth, color: color, alpha: alpha, on: on, off: off, phase: phase)
            } else {
                stroke(a.x, a.y, b.x, b.y, width: lineWidth, color: color, alpha: alpha, cap: lineWidth / 2)
            }
        }
    }
}
