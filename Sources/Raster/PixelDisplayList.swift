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
        /// The border's inside edge, when it has a border: `xs[innerStart ..< innerStart +
        /// innerCount]`; no vertices: the border is all of the polygon.
        var innerStart: Int32 = 0
        var innerCount: Int32 = 0
        /// The fill's colour and opacity (0: no fill).
        var color: UInt32
        var alpha: Double
        /// The border's colour and opacity (0: no border), painted over the fill.
        var border: UInt32 = 0
        var borderAlpha: Double = 0
        var bounds: PixelRect
        var hash: UInt64
    }

    private(set) var ops: [Op] = []
    private(set) var xs: [Double] = []
    private(set) var ys: [Double] = []

    var count: Int { ops.count }

    mutating func append(_ poly: [PolyVertex], color: UInt32, alpha: Double, bounds: PixelRect) {
        append(poly, color: color, alpha: alpha, inner: nil, border: 0, borderAlpha: 0, bounds: bounds)
    }

    /// A fill with a border: `poly` filled with `color` at `alpha` (0: not filled), and the
    /// ring between `poly` and `inner` (the border's inside edge, within `poly`; nil: all
    /// of it) in `border` at `borderAlpha` over it — painted in one pass.
    mutating func append(_ poly: [PolyVertex], color: UInt32, alpha: Double, inner: [PolyVertex]?, border: UInt32,
                         borderAlpha: Double, bounds: PixelRect) {
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
        var op = Op(start: Int32(start), count: Int32(poly.count), color: color, alpha: alpha, bounds: bounds, hash: 0)
        if borderAlpha > 0 {
            mix(UInt64(border) | 1 << 32); mix(borderAlpha.bitPattern)
            op.border = border; op.borderAlpha = borderAlpha
            op.innerStart = Int32(xs.count)
            for v in inner ?? [] {
                xs.append(v.x); ys.append(v.y)
                mix(v.x.bitPattern); mix(v.y.bitPattern)
            }
            op.innerCount = Int32(xs.count) - op.innerStart
        }
        op.hash = h
        ops.append(op)
    }

    /// Whether fill `i` of this list and fill `j` of `other` paint the same pixels the same way.
    func same(_ i: Int, as j: Int, in other: PixelDisplayList) -> Bool {
        let a = ops[i], b = other.ops[j]
        guard a.hash == b.hash, a.count == b.count, a.color == b.color, a.alpha == b.alpha, a.bounds == b.bounds,
              a.border == b.border, a.borderAlpha == b.borderAlpha, a.innerCount == b.innerCount else { return false }
        let sa = Int(a.start), sb = Int(b.start)
        for k in 0..<Int(a.count) where xs[sa + k] != other.xs[sb + k] || ys[sa + k] != other.ys[sb + k] { return false }
        let ia = Int(a.innerStart), ib = Int(b.innerStart)
        for k in 0..<Int(a.innerCount) where xs[ia + k] != other.xs[ib + k] || ys[ia + k] != other.ys[ib + k] { return false }
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
    /// blended over what is below at `alpha · coverage`. Pixels whole across on every scanline
    /// the polygon crosses in a row are written as one run of one coverage (the interior, and
    /// the part of a top or bottom row under a flat edge: an axis-aligned box blends pixels
    /// one by one only down its sides). Clipping changes no pixel inside the clip: spans are
    /// cut at whole pixels, and a pixel's coverage is the same sum whether it is painted in a
    /// run or alone.
    ///
    /// Occlusion: the image is cut into tiles of `tile` × `tile` pixels, and the fills are
    /// first walked front to back: a tile an opaque fill covers whole is written by that fill
    /// with its colour alone, whatever was below, so no fill behind it paints there. A
    /// nested scene paints each pixel about once instead of once per layer over it.
    @discardableResult
    func paint(into image: inout PixelImage, clip: PixelRect, occlusion: Bool = true) -> Int {
        var work = PaintWork()
        return paint(into: &image, clip: clip, occlusion: occlusion, work: &work)
    }

    /// The pixels `paint` wrote, by kind (tests count them): blended one by one with their
    /// own coverage (`edgePixels`), or in runs of one coverage (`runPixels`: inside, and under
    /// a flat top or bottom edge).
    struct PaintWork: Equatable {
        var edgePixels = 0
        var runPixels = 0
    }

    /// `paint`, adding what it wrote to `work`. `exactRuns` false takes the runs only on rows
    /// the polygon crosses on every scanline (each pixel of a top or bottom row blended on its
    /// own, as before the partial runs): the same pixels, more work (tests compare the two).
    @discardableResult
    func paint(into image: inout PixelImage, clip: PixelRect, occlusion: Bool = true, exactRuns: Bool = true,
               work: inout PaintWork) -> Int {
        let clip = clip.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        guard !clip.isEmpty, !ops.isEmpty else { return 0 }
        let width = image.width, height = image.height
        let tile = Self.tile
        let tilesX = (width + tile - 1) / tile, words = (tilesX + 63) / 64
        let bandLo = clip.y / tile, bandHi = (clip.maxY - 1) / tile
        let tileLo = clip.x / tile, tileHi = (clip.maxX - 1) / tile
        // Front to back: each fill's tiles not yet covered (per band it spans, `words` words).
        var covered = [UInt64](repeating: 0, count: (bandHi - bandLo + 1) * words)
        var visibleAt = [Int32](repeating: -1, count: ops.count)
        var visible: [UInt64] = []
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                for k in ops.indices.reversed() {
                    let op = ops[k]
                    let r = op.bounds.intersection(clip)
                    if r.isEmpty { continue }
                    let b0 = r.y / tile, b1 = (r.maxY - 1) / tile, t0 = r.x / tile, t1 = (r.maxX - 1) / tile
                    let start = visible.count
                    var any: UInt64 = 0
                    let cover = occlusion && op.alpha >= 1
                        ? Self.ConvexCover(xs.baseAddress! + Int(op.start), ys.baseAddress! + Int(op.start), Int(op.count)) : nil
                    for b in b0...b1 {
                        let row = (b - bandLo) * words
                        for w in 0..<words {
                            let m = Self.bits(t0, t1, word: w) & ~covered[row + w]
                            visible.append(m)
                            any |= m
                        }
                        // The tiles of this band the fill covers whole (band rows and tile
                        // columns clipped to the image).
                        guard let cover else { continue }
                        let top = Double(b * tile), bottom = Double(min(b * tile + tile, height))
                        guard let (l, r) = cover.inside(top, bottom) else { continue }
                        // A pixel short of whole by less than `slack` on a scanline (rounding in
                        // the spans) still takes the colour whole: at opacity 1 it rounds to 256/256.
                        let slack = 1e-6
                        let c0 = max(tileLo, Int(((l - slack) / Double(tile)).rounded(.up)))
                        let c1 = min(tileHi, r + slack >= Double(width) ? tilesX - 1 : Int(((r + slack) / Double(tile)).rounded(.down)) - 1)
                        if c0 <= c1 { for w in 0..<words { covered[row + w] |= Self.bits(c0, c1, word: w) } }
                    }
                    if any != 0 { visibleAt[k] = Int32(start) } else { visible.removeSubrange(start...) }
                }
            }
        }
        // Painted in bands of `band` rows, every visible fill in order within each: a band of
        // the image (32 rows of a 2000-pixel canvas: 256 KB) stays in the cache while the
        // fills cross it, where fill after fill down the whole image went out to memory for
        // each edge pixel. The same pixels: a pixel is painted by the same fills in the same
        // order, and clipping changes no pixel (spans are cut at whole pixels).
        let drawn = ops.indices.filter { visibleAt[$0] >= 0 }
        // Each fill's spans on the band's scanlines: its polygon's and its inside edge's.
        var spans = [Double](repeating: 0, count: 4 * Self.subrows * Self.band)
        var segments = [Int32](repeating: 0, count: 2 * (tilesX / 2 + 2))
        let band = Self.band
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    visible.withUnsafeBufferPointer { visible in
                        segments.withUnsafeMutableBufferPointer { segments in
                            spans.withUnsafeMutableBufferPointer { spans in
                                do {
                                    var top = clip.y
                                    while top < clip.maxY {
                                        let bottom = min(clip.maxY, (top / band + 1) * band)
                                        let rows = PixelRect(x: clip.x, y: top, width: clip.width, height: bottom - top)
                                        for k in drawn {
                                            let op = ops[k]
                                            guard op.bounds.y < bottom && op.bounds.maxY > top else { continue }
                                            // The fill's tile masks start at its first tile band in the whole clip.
                                            let r = op.bounds.intersection(clip)
                                            let tiles = Tiles(masks: visible.baseAddress! + Int(visibleAt[k]), firstBand: r.y / tile, words: words)
                                            Self.fill(op, xs: xs.baseAddress!, ys: ys.baseAddress!,
                                                      pixels: pixels, width: width, clip: rows, tiles: tiles, segments: segments.baseAddress!,
                                                      spans: spans.baseAddress!, exactRuns: exactRuns, work: &work)
                                        }
                                        top = bottom
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let painted = drawn.count
        return painted
    }

    /// The occlusion tile's side, in pixels.
    static let tile = 8

    /// The height of the bands the image is painted in, in pixels (a multiple of `tile`).
    static let band = 32

    /// Bits `from…to` (tile columns) that fall in 64-bit word `word`.
    @inline(__always)
    static func bits(_ from: Int, _ to: Int, word: Int) -> UInt64 {
        let lo = max(from - word * 64, 0), hi = min(to - word * 64, 63)
        guard lo <= hi else { return 0 }
        let upper: UInt64 = hi == 63 ? ~0 : (1 << UInt64(hi + 1)) - 1
        return upper & ~((1 << UInt64(lo)) - 1)
    }

    /// Where a convex polygon covers a whole horizontal band: between its spans at the band's
    /// top and bottom (its left side is convex and its right side concave in y, so the
    /// narrowest span of the band is at one of its ends). Nil for a polygon that is not
    /// convex (never claimed to cover anything).
    struct ConvexCover {
        let xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, n: Int
        let minY: Double, maxY: Double

        init?(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int) {
            self.xs = xs; self.ys = ys; self.n = n
            var lo = Double.infinity, hi = -Double.infinity
            var sign = 0.0
            for k in 0..<n {
                lo = min(lo, ys[k]); hi = max(hi, ys[k])
                let a = k, b = (k + 1) % n, c = (k + 2) % n
                let cross = (xs[b] - xs[a]) * (ys[c] - ys[b]) - (ys[b] - ys[a]) * (xs[c] - xs[b])
                if cross != 0 {
                    if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0) != (sign > 0) { return nil }
                }
            }
            minY = lo; maxY = hi
        }

        /// The x range covered at every y of [top, bottom]; nil when the polygon does not
        /// span the band or the range is empty.
        func inside(_ top: Double, _ bottom: Double) -> (Double, Double)? {
            guard minY <= top, maxY >= bottom else { return nil }
            let (l0, r0) = span(top), (l1, r1) = span(bottom)
            let l = max(l0, l1), r = min(r0, r1)
            return l < r ? (l, r) : nil
        }

        /// The polygon's cross-section at `y` (edges taken closed at both ends).
        private func span(_ y: Double) -> (Double, Double) {
            var l = Double.infinity, r = -Double.infinity
            var px = xs[n - 1], py = ys[n - 1]
            for k in 0..<n {
                let x = xs[k], vy = ys[k]
                if (py <= y && y <= vy) || (vy <= y && y <= py) {
                    if vy == py {
                        l = min(l, x, px); r = max(r, x, px)
                    } else {
                        let cx = px + (y - py) / (vy - py) * (x - px)
                        l = min(l, cx); r = max(r, cx)
                    }
                }
                px = x; py = vy
            }
            return (l, r)
        }
    }

    /// One fill's tiles left to paint: `words` mask words per band from `firstBand`.
    struct Tiles {
        var masks: UnsafePointer<UInt64>
        var firstBand: Int
        var words: Int
    }

    /// One fill's paint for pixels of one coverage: the fill at `fillA` (0…256), then the
    /// border over it at `borderA`; `solid` when the result does not depend on what is below.
    struct RunPaint {
        var fillA = 0, borderA = 0
        var fillPre: (rb: UInt32, g: UInt32) = (0, 0), borderPre: (rb: UInt32, g: UInt32) = (0, 0)
        var solid: UInt32?

        /// `co` of the 4 scanlines inside the polygon, `ci` of them inside the border's
        /// inside edge: the same numbers the per-pixel sum gives there (`Painter.pixel`).
        init(_ p: Painter, co: Int, ci: Int) {
            if p.fillAlpha > 0 {
                fillA = co == subrows ? p.fillA256 : Int(Double(co) * p.weight * p.fillAlpha * 256 + 0.5)
            }
            if p.borderAlpha > 0 {
                let d = co - ci
                borderA = d == subrows ? p.borderA256 : Int(Double(d) * p.weight * p.borderAlpha * 256 + 0.5)
            }
            fillA = min(256, max(0, fillA)); borderA = min(256, max(0, borderA))
            fillPre = PackedColor.premultiply(p.color, alpha256: fillA)
            borderPre = PackedColor.premultiply(p.border, alpha256: borderA)
            if borderA >= 256 {
                solid = p.border
            } else if fillA >= 256 {
                solid = borderA > 0 ? PackedColor.blend(premultiplied: borderPre, over: p.color, alpha256: borderA) & PackedColor.rgbMask : p.color
            }
        }

        @inline(__always)
        func paint(_ row: UnsafeMutablePointer<UInt32>, _ from: Int, _ end: Int) {
            guard from < end else { return }
            if let solid {
                (row + from).update(repeating: solid, count: end - from)
                return
            }
            if borderA == 0 {
                guard fillA > 0 else { return }
                for x in from..<end { row[x] = PackedColor.blend(premultiplied: fillPre, over: row[x], alpha256: fillA) & PackedColor.rgbMask }
            } else if fillA == 0 {
                for x in from..<end { row[x] = PackedColor.blend(premultiplied: borderPre, over: row[x], alpha256: borderA) & PackedColor.rgbMask }
            } else {
                for x in from..<end {
                    let p = PackedColor.blend(premultiplied: fillPre, over: row[x], alpha256: fillA)
                    row[x] = PackedColor.blend(premultiplied: borderPre, over: p, alpha256: borderA) & PackedColor.rgbMask
                }
            }
        }
    }

    /// One fill's colours and opacities, as the row loop reads them.
    struct Painter {
        var color: UInt32, fillAlpha: Double, fillA256: Int
        var border: UInt32, borderAlpha: Double, borderA256: Int
        let weight = 1 / Double(subrows)
    }

    /// The polygon's span on each scanline of rows `j0 ..< j1` (scanline `s` of the band is
    /// at y = j0 + (s + 0.5) / 4): `lo[s] ..< hi[s]`, +∞ / −∞ where it misses. Each edge
    /// is walked once over the scanlines it holds (top ≤ y < bottom), its x worked out from
    /// its own top (`x + (y − top)·slope`), so a scanline's span is the same number whatever
    /// rows are painted — a clipped repaint gives the whole painting's pixels. The polygon
    /// is convex: its span is the least and the greatest crossing.
    @inline(__always)
    static func scan(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ n: Int, rows j0: Int, _ j1: Int,
                     lo: UnsafeMutablePointer<Double>, hi: UnsafeMutablePointer<Double>) {
        let lines = subrows * (j1 - j0)
        for s in 0..<lines { lo[s] = .infinity; hi[s] = -.infinity }
        let first = subrows * j0, last = subrows * j1
        let quarter = 1 / Double(subrows)
        @inline(__always) func y(_ s: Int) -> Double { (Double(s) + 0.5) * quarter }
        /// The first scanline (absolute) at or below `v`, within first…last.
        @inline(__always) func firstAtOrBelow(_ v: Double) -> Int {
            var s = Int(max(Double(first), min(Double(last), (v * Double(subrows) - 0.5).rounded(.up))))
            while s > first && y(s - 1) >= v { s -= 1 }
            while s < last && y(s) < v { s += 1 }
            return s
        }
        var px = xs[n - 1], py = ys[n - 1]
        for k in 0..<n {
            let x = xs[k], vy = ys[k]
            if vy != py {
                let (tx, ty, bx, by) = vy < py ? (x, vy, px, py) : (px, py, x, vy)
                let slope = (bx - tx) / (by - ty)
                let s0 = firstAtOrBelow(ty), s1 = firstAtOrBelow(by)
                if s0 < s1 {
                    for s in s0..<s1 {
                        let cx = tx + (y(s) - ty) * slope
                        let i = s - first
                        lo[i] = min(lo[i], cx); hi[i] = max(hi[i], cx)
                    }
                }
            }
            px = x; py = vy
        }
    }

    /// Paints one fill over `clip`'s rows (one band): its polygon, and its border — the ring
    /// between the polygon and its inside edge — in the same pass.
    ///
    /// Coverage: on each of a row's 4 scanlines the polygon's span (and the inside edge's)
    /// is exact; a pixel takes the length of each span inside it, `co` for the polygon and
    /// `ci` for the inside edge (summed over the scanlines, quarters of the pixel). The fill
    /// is blended at `alpha · co`, the border over it at `borderAlpha · (co − ci)`. Pixels
    /// whose sums are whole numbers the row's spans settle — inside the polygon on every
    /// scanline it crosses and either clear of the inside edge (the ring) or inside it on
    /// every scanline it crosses (the middle) — take one paint worked out once, in runs;
    /// the rest (the edges) are summed one by one. Clipping changes no pixel inside the
    /// clip: spans are cut at whole pixels, and a pixel's sums are the same in a run or alone.
    private static func fill(_ op: Op, xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, pixels: UnsafeMutablePointer<UInt32>,
                             width w: Int, clip: PixelRect, tiles: Tiles, segments: UnsafeMutablePointer<Int32>,
                             spans: UnsafeMutablePointer<Double>, exactRuns: Bool, work: inout PaintWork) {
        let rows = op.bounds.intersection(clip)
        guard !rows.isEmpty else { return }
        let j0 = rows.y, j1 = rows.maxY
        let lines = subrows * band
        let lo = spans, hi = spans + lines, ilo = spans + 2 * lines, ihi = spans + 3 * lines
        let hasFill = op.alpha > 0, hasBorder = op.borderAlpha > 0
        let hasInside = hasBorder && op.innerCount >= 3
        var scanned = j0   // the first row of the spans in `lo`…`ihi`
        let left = Double(clip.x), right = Double(clip.maxX)
        let painter = Painter(color: op.color, fillAlpha: hasFill ? op.alpha : 0, fillA256: PackedColor.alpha256(op.alpha),
                              border: op.border, borderAlpha: hasBorder ? op.borderAlpha : 0,
                              borderA256: PackedColor.alpha256(op.borderAlpha))
        // The two commonest run paints, worked out once: whole in the ring, whole in the middle.
        let ring = RunPaint(painter, co: subrows, ci: 0), middle = RunPaint(painter, co: subrows, ci: subrows)
        let fillColor = op.color, fillAlpha = painter.fillAlpha, borderColor = op.border, borderAlpha = painter.borderAlpha
        let weight = painter.weight
        let tile = Self.tile
        var band = -1, segmentCount = 0
        var j = j0
        while j < j1 {
            // This band's tiles to paint, as runs of pixels [start, end) (segments).
            if j / tile != band {
                band = j / tile
                let masks = tiles.masks + (band - tiles.firstBand) * tiles.words
                segmentCount = 0
                // Runs of set bits, word by word (a run may go on into the next word).
                for word in (rows.x / tile) >> 6...((rows.maxX - 1) / tile) >> 6 {
                    var m = masks[word]
                    while m != 0 {
                        let from = m.trailingZeroBitCount
                        let rest = ~(m >> UInt64(from))
                        let length = rest == 0 ? 64 - from : rest.trailingZeroBitCount
                        let start = Int32(max((word * 64 + from) * tile, clip.x))
                        let end = Int32(min((word * 64 + from + length) * tile, clip.maxX))
                        if segmentCount > 0 && segments[2 * segmentCount - 1] >= start {
                            segments[2 * segmentCount - 1] = end
                        } else {
                            segments[2 * segmentCount] = start
                            segments[2 * segmentCount + 1] = end
                            segmentCount += 1
                        }
                        m = from + length >= 64 ? 0 : m & ~((1 << UInt64(from + length)) - 1)
                    }
                }
                if segmentCount == 0 {
                    j = min(j1, (band + 1) * tile)
                    continue
                }
                // The spans of this tile band's rows only: a band the fills in front cover
                // whole is never scanned.
                scanned = j
                let last = min(j1, (band + 1) * tile)
                scan(xs + Int(op.start), ys + Int(op.start), Int(op.count), rows: j, last, lo: lo, hi: hi)
                if hasInside { scan(xs + Int(op.innerStart), ys + Int(op.innerStart), Int(op.innerCount), rows: j, last, lo: ilo, hi: ihi) }
            }
            let s = subrows * (j - scanned)
            defer { j += 1 }
            // The polygon's spans on the 4 scanlines, clipped; a scanline it misses takes
            // the empty span [0, 0), which covers no pixel (every pixel's x ≥ 0).
            var l0 = lo[s], l1 = lo[s + 1], l2 = lo[s + 2], l3 = lo[s + 3]
            var r0 = hi[s], r1 = hi[s + 1], r2 = hi[s + 2], r3 = hi[s + 3]
            var o = Reach()
            o.take(&l0, &r0, left, right); o.take(&l1, &r1, left, right); o.take(&l2, &r2, left, right); o.take(&l3, &r3, left, right)
            let covered = o.covered, innerL = o.innerL, innerR = o.innerR, outerL = o.outerL, outerR = o.outerR
            guard covered > 0 else { continue }
            let i0 = max(clip.x, Int(outerL.rounded(.down))), i1 = min(clip.maxX - 1, Int(outerR.rounded(.up)) - 1)
            guard i0 <= i1 else { continue }
            // The inside edge's spans, within the polygon's on each scanline.
            var m0 = 0.0, m1 = 0.0, m2 = 0.0, m3 = 0.0, n0 = 0.0, n1 = 0.0, n2 = 0.0, n3 = 0.0
            var n = Reach()
            if hasInside {
                m0 = ilo[s]; m1 = ilo[s + 1]; m2 = ilo[s + 2]; m3 = ilo[s + 3]
                n0 = ihi[s]; n1 = ihi[s + 1]; n2 = ihi[s + 2]; n3 = ihi[s + 3]
                n.take(&m0, &n0, l0, r0); n.take(&m1, &n1, l1, r1); n.take(&m2, &n2, l2, r2); n.take(&m3, &n3, l3, r3)
            }
            let inside = n.covered, insideInnerL = n.innerL, insideInnerR = n.innerR, insideOuterL = n.outerL, insideOuterR = n.outerR
            // Up to three runs of one paint, in order: the ring left of the inside edge, the
            // middle, the ring right of it (with no inside edge on this row: one run, the
            // polygon's inside). Each is [start, end), end exclusive.
            var a0 = 0, b0 = 0, a1 = 0, b1 = 0, a2 = 0, b2 = 0
            var ringPaint = ring, middlePaint = middle
            if exactRuns || covered == subrows, innerL < innerR {
                let runStart = max(i0, Int(innerL.rounded(.up))), runEnd = min(i1 + 1, Int(innerR.rounded(.down)))
                if runStart < runEnd {
                    if covered != subrows { ringPaint = RunPaint(painter, co: covered, ci: 0) }
                    if inside == 0 {
                        a0 = runStart; b0 = runEnd
                    } else {
                        a0 = runStart; b0 = min(runEnd, Int(insideOuterL.rounded(.down)))
                        if insideInnerL < insideInnerR {
                            a1 = max(runStart, Int(insideInnerL.rounded(.up))); b1 = min(runEnd, Int(insideInnerR.rounded(.down)))
                            if covered != subrows || inside != subrows { middlePaint = RunPaint(painter, co: covered, ci: inside) }
                        }
                        a2 = max(runStart, Int(insideOuterR.rounded(.up))); b2 = runEnd
                    }
                }
            }
            let row = pixels + j * w
            let withInside = inside > 0
            // Constants for the edge pixels: a nested function that reads a variable boxes it
            // on the heap (measured: six times the instructions).
            let (L0, L1, L2, L3, R0, R1, R2, R3) = (l0, l1, l2, l3, r0, r1, r2, r3)
            let (M0, M1, M2, M3, N0, N1, N2, N3) = (m0, m1, m2, m3, n0, n1, n2, n3)
            /// One edge pixel: the fill at its coverage of the polygon `c`, the border over
            /// it at its coverage of the ring, `c` less its coverage of the inside edge.
            @inline(__always) func pixel(_ i: Int) {
                let x0 = Double(i), x1 = x0 + 1
                var c = max(0, min(R0, x1) - max(L0, x0))
                c += max(0, min(R1, x1) - max(L1, x0))
                c += max(0, min(R2, x1) - max(L2, x0))
                c += max(0, min(R3, x1) - max(L3, x0))
                if hasFill { Self.blend(row, i, fillColor, c * weight * fillAlpha) }
                if hasBorder {
                    var ci = 0.0
                    if withInside {
                        ci = max(0, min(N0, x1) - max(M0, x0))
                        ci += max(0, min(N1, x1) - max(M1, x0))
                        ci += max(0, min(N2, x1) - max(M2, x0))
                        ci += max(0, min(N3, x1) - max(M3, x0))
                    }
                    Self.blend(row, i, borderColor, max(0, c - ci) * weight * borderAlpha)
                }
            }
            for g in 0..<segmentCount {
                let from = max(i0, Int(segments[2 * g])), to = min(i1, Int(segments[2 * g + 1]) - 1)
                guard from <= to else { continue }
                let end = to + 1
                var i = from
                var runs = 0
                for k in 0..<3 {
                    let a = max(k == 0 ? a0 : k == 1 ? a1 : a2, i), b = min(k == 0 ? b0 : k == 1 ? b1 : b2, end)
                    guard a < b else { continue }
                    while i < a { pixel(i); i += 1 }
                    (k == 1 ? middlePaint : ringPaint).paint(row, a, b)
                    runs += b - a
                    i = b
                }
                while i < end { pixel(i); i += 1 }
                work.runPixels += runs
                work.edgePixels += end - from - runs
            }
        }
    }

    /// Where a row's spans reach: how many of its scanlines a span is on, and where all of
    /// them (`innerL ..< innerR`) and any of them (`outerL ..< outerR`) are.
    struct Reach {
        var covered = 0
        var innerL = -Double.infinity, innerR = Double.infinity
        var outerL = Double.infinity, outerR = -Double.infinity

        /// Cuts span `l ..< r` to `left ..< right` and counts it; a span left empty becomes
        /// [0, 0), which covers no pixel (every pixel's x ≥ 0).
        @inline(__always)
        mutating func take(_ l: inout Double, _ r: inout Double, _ left: Double, _ right: Double) {
            l = max(left, l); r = min(right, r)
            if !(l < r) {
                l = 0; r = 0
            } else {
                covered += 1
                innerL = max(innerL, l); innerR = min(innerR, r)
                outerL = min(outerL, l); outerR = max(outerR, r)
            }
        }
    }

    /// Blends `color` (0xRRGGBB) over pixel `index` at `a` (0…1).
    @inline(__always)
    private static func blend(_ pixels: UnsafeMutablePointer<UInt32>, _ index: Int, _ color: UInt32, _ a: Double) {
        let a256 = Int(a * 256 + 0.5)
        if a256 <= 0 { return }
        if a256 >= 256 { pixels[index] = color; return }
        pixels[index] = PackedColor.blend(color, over: pixels[index], alpha256: a256) & PackedColor.rgbMask
    }
}
