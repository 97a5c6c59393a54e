import Cells

/// The pixel canvas as a list of fills in painting order (docs/picture.md, "Pixels"): each a
/// convex polygon in pixels, a colour, an opacity, and the pixels it can touch. Every shape
/// of the pixel mode is made of these (`PixelSurface`), so two frames' lists say where their
/// pictures can differ: wherever a fill of one is not matched, in order, by an equal fill of
/// the other (`damage`). Painting is `paint`: all of it, or only inside a rectangle — with
/// exactly the pixels the whole painting has there.
struct PixelDisplayList {
    struct Op {
        /// Its vertices: `xs[start ..< start + count]`, `ys[…]`.
        var start: Int32
        var count: Int32
        var color: UInt32
        var alpha: Double
        var bounds: PixelRect
        var hash: UInt64
    }

    private(set) var ops: [Op] = []
    private(set) var xs: [Double] = []
    private(set) var ys: [Double] = []

    var count: Int { ops.count }

    mutating func append(_ poly: [PolyVertex], color: UInt32, alpha: Double, bounds: PixelRect) {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always) func mix(_ v: UInt64) {
            h = (h ^ v) &* 0x1000_0000_01B3
            h ^= h >> 29
        }
        mix(UInt64(color)); mix(alpha.bitPattern)
        let start = xs.count
        for v in poly {
            xs.append(v.x); ys.append(v.y)
            mix(v.x.bitPattern); mix(v.y.bitPattern)
        }
        ops.append(Op(start: Int32(start), count: Int32(poly.count), color: color, alpha: alpha, bounds: bounds, hash: h))
    }

    /// Whether fill `i` of this list and fill `j` of `other` paint the same pixels the same way.
    func same(_ i: Int, as j: Int, in other: PixelDisplayList) -> Bool {
        let a = ops[i], b = other.ops[j]
        guard a.hash == b.hash, a.count == b.count, a.color == b.color, a.alpha == b.alpha, a.bounds == b.bounds else { return false }
        let sa = Int(a.start), sb = Int(b.start)
        for k in 0..<Int(a.count) where xs[sa + k] != other.xs[sb + k] || ys[sa + k] != other.ys[sb + k] { return false }
        return true
    }

    // MARK: Damage

    /// Where painting `self` can differ from painting `old` (same size and backdrop): the
    /// pixels of every fill not matched in order by an equal fill of the other list, as a
    /// few rectangles (touching ones merged). Empty when the two paint the same picture.
    ///
    /// Why that is enough: outside those rectangles each pixel is painted by the same
    /// fills, equal and in the same order, in both lists (matched pairs keep their order;
    /// an unmatched fill touches only pixels inside its own bounds), so it ends the same.
    /// The match is the common head and tail, then, in between, each new fill takes the
    /// first equal old fill after the last one taken (by hash) — a reordering is damage,
    /// never missed.
    func damage(since old: PixelDisplayList, mergeWithin margin: Int = 8) -> [PixelRect] {
        var rects: [PixelRect] = []
        func add(_ r: PixelRect) {
            var r = r
            var i = 0
            while i < rects.count {
                if rects[i].touches(r, margin: margin) {
                    r = r.union(rects.remove(at: i))
                    i = 0
                } else {
                    i += 1
                }
            }
            rects.append(r)
        }
        let n = ops.count, m = old.ops.count
        var head = 0
        while head < n && head < m && same(head, as: head, in: old) { head += 1 }
        var tail = 0
        while tail < n - head && tail < m - head && same(n - 1 - tail, as: m - 1 - tail, in: old) { tail += 1 }
        let newEnd = n - tail, oldEnd = m - tail
        guard head < newEnd || head < oldEnd else { return [] }
        // Old fills in the middle by hash, in order.
        var byHash: [UInt64: [Int]] = [:]
        for k in head..<oldEnd { byHash[old.ops[k].hash, default: []].append(k) }
        var next = head   // the first old fill not yet passed
        for k in head..<newEnd {
            var matched = -1
            if let candidates = byHash[ops[k].hash] {
                for c in candidates where c >= next && same(k, as: c, in: old) { matched = c; break }
            }
            if matched < 0 {
                add(ops[k].bounds)
            } else {
                for skipped in next..<matched { add(old.ops[skipped].bounds) }
                next = matched + 1
            }
        }
        for skipped in next..<oldEnd { add(old.ops[skipped].bounds) }
        return rects
    }

    // MARK: Painting

    /// Scanlines per pixel row.
    static let subrows = 4

    /// Paints every fill touching `clip` into `image`, clipped to it (the pixels outside are
    /// left alone). Returns the number of fills painted (work, for tests).
    ///
    /// Coverage: each pixel row is cut into `subrows` scanlines; on each, the polygon's span
    /// [left, right) is exact, and a pixel takes the length of the span inside it — its
    /// covered area measured on 4 lines, exact across, to a quarter down — and the colour is
    /// blended over what is below at `alpha · coverage`. Pixels covered on every scanline are
    /// written as one run. Clipping changes no pixel inside the clip: spans are cut at whole
    /// pixels, and a pixel's coverage is the same sum whether it is painted in a run or alone.
    @discardableResult
    func paint(into image: inout PixelImage, clip: PixelRect) -> Int {
        let clip = clip.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        guard !clip.isEmpty else { return 0 }
        var painted = 0
        var edges = [Edge](repeating: Edge(), count: 8)
        var active = [Int32](repeating: 0, count: 8)
        let width = image.width
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    for op in ops where op.bounds.touches(clip) {
                        let n = Int(op.count)
                        if edges.count < n { edges = [Edge](repeating: Edge(), count: n); active = [Int32](repeating: 0, count: n) }
                        edges.withUnsafeMutableBufferPointer { e in
                            active.withUnsafeMutableBufferPointer { a in
                                Self.fill(op, xs: xs.baseAddress! + Int(op.start), ys: ys.baseAddress! + Int(op.start),
                                          pixels: pixels, width: width, clip: clip, edges: e.baseAddress!, active: a.baseAddress!)
                            }
                        }
                        painted += 1
                    }
                }
            }
        }
        return painted
    }

    /// One polygon edge that is not horizontal: x at its top, dx/dy, its rows [top, bottom).
    struct Edge {
        var top = 0.0, bottom = 0.0, x = 0.0, slope = 0.0
    }

    /// Blends `color` (0xRRGGBB) over pixel `index` at `a` (0…1).
    @inline(__always)
    private static func blend(_ pixels: UnsafeMutablePointer<UInt32>, _ index: Int, _ color: UInt32, _ a: Double) {
        let a256 = Int(a * 256 + 0.5)
        if a256 <= 0 { return }
        if a256 >= 256 { pixels[index] = color; return }
        pixels[index] = PackedColor.blend(color, over: pixels[index], alpha256: a256) & PackedColor.rgbMask
    }

    private static func fill(_ op: Op, xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, pixels: UnsafeMutablePointer<UInt32>,
                             width w: Int, clip: PixelRect, edges: UnsafeMutablePointer<Edge>, active: UnsafeMutablePointer<Int32>) {
        let n = Int(op.count)
        // The edge table: each non-horizontal edge once, x at its top and its slope (so a
        // scanline's crossing is one multiply-add; the same numbers whatever rows are painted).
        var edgeCount = 0
        var px = xs[n - 1], py = ys[n - 1]
        for k in 0..<n {
            let x = xs[k], y = ys[k]
            if y != py {
                let (tx, ty, bx, by) = y < py ? (x, y, px, py) : (px, py, x, y)
                edges[edgeCount] = Edge(top: ty, bottom: by, x: tx, slope: (bx - tx) / (by - ty))
                edgeCount += 1
            }
            px = x; py = y
        }
        let rows = op.bounds.intersection(clip)
        guard !rows.isEmpty, edgeCount > 0 else { return }
        let left = Double(clip.x), right = Double(clip.maxX)
        let color = op.color, alpha = op.alpha
        let a256 = PackedColor.alpha256(alpha)
        let opaque = a256 >= 256
        let premultiplied = PackedColor.premultiply(color, alpha256: a256)
        let weight = 1 / Double(subrows)
        var ls = (0.0, 0.0, 0.0, 0.0), rs = (0.0, 0.0, 0.0, 0.0)
        for j in rows.y..<rows.maxY {
            let rowTop = Double(j), rowBottom = rowTop + 1
            // The edges that reach into this row.
            var activeCount = 0
            for k in 0..<edgeCount where edges[k].top < rowBottom && edges[k].bottom > rowTop {
                active[activeCount] = Int32(k); activeCount += 1
            }
            guard activeCount > 0 else { continue }
            var innerL = -Double.infinity, innerR = Double.infinity
            var outerL = Double.infinity, outerR = -Double.infinity
            var full = true
            for k in 0..<subrows {
                let y = rowTop + (Double(k) + 0.5) * weight
                var l = Double.infinity, r = -Double.infinity
                for a in 0..<activeCount {
                    let e = edges[Int(active[a])]
                    if e.top <= y && y < e.bottom {
                        let x = e.x + (y - e.top) * e.slope
                        l = min(l, x); r = max(r, x)
                    }
                }
                l = max(left, l); r = min(right, r)
                if !(l < r) {
                    l = 0; r = 0; full = false
                } else {
                    innerL = max(innerL, l); innerR = min(innerR, r)
                    outerL = min(outerL, l); outerR = max(outerR, r)
                }
                switch k {
                case 0: ls.0 = l; rs.0 = r
                case 1: ls.1 = l; rs.1 = r
                case 2: ls.2 = l; rs.2 = r
                default: ls.3 = l; rs.3 = r
                }
            }
            guard outerL < outerR else { continue }
            let i0 = max(clip.x, Int(outerL.rounded(.down))), i1 = min(clip.maxX - 1, Int(outerR.rounded(.up)) - 1)
            guard i0 <= i1 else { continue }
            // Pixels covered on every scanline: [runStart, runEnd].
            var runStart = i1 + 1, runEnd = i1
            if full && innerL < innerR {
                runStart = max(i0, Int(innerL.rounded(.up)))
                runEnd = min(i1, Int(innerR.rounded(.down)) - 1)
                if runStart > runEnd { runStart = i1 + 1; runEnd = i1 }
            }
            let row = pixels + j * w
            @inline(__always) func edge(_ i: Int) {
                let x0 = Double(i), x1 = x0 + 1
                var c = max(0, min(rs.0, x1) - max(ls.0, x0))
                c += max(0, min(rs.1, x1) - max(ls.1, x0))
                c += max(0, min(rs.2, x1) - max(ls.2, x0))
                c += max(0, min(rs.3, x1) - max(ls.3, x0))
                blend(row, i, color, c * weight * alpha)
            }
            var i = i0
            while i < runStart && i <= i1 { edge(i); i += 1 }
            if runStart <= runEnd {
                if opaque {
                    (row + runStart).update(repeating: color, count: runEnd - runStart + 1)
                } else {
                    for x in runStart...runEnd {
                        row[x] = PackedColor.blend(premultiplied: premultiplied, over: row[x], alpha256: a256) & PackedColor.rgbMask
                    }
                }
                i = runEnd + 1
            }
            while i <= i1 { edge(i); i += 1 }
        }
    }
}
