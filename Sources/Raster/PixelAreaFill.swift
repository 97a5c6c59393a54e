import Cells

/// The area painter for convex fills (docs/picture.md, "Pixels: exact area"): each pixel
/// takes the area of its square inside the polygon, worked out from its distance to each edge
/// rather than from spans on four scanlines a row.
///
/// A pixel whose centre is `d` inside an edge's line (unit inward normal n) has the fraction
/// `F(d)` of its square on the inside of that line, where F is the distribution of the square
/// seen along n: the sum of two uniform widths |nx| and |ny| (a trapezoid: linear in the
/// middle, quadratic at the ends; F(d) = 1 for d ≥ (|nx| + |ny|) / 2). The part of the square
/// outside the polygon is the sum of the parts cut off by each edge, which is exact wherever
/// no two cut-off parts overlap — everywhere except next to a corner. So:
///
/// - a row's pixels reached at all, and those inside every edge by half their extent (a run of
///   one colour, as in the scanline painter), are read off each edge's line: a division each,
///   no scanlines;
/// - the other pixels add up the parts their edges cut off (both sides of a thin strip, one
///   pixel wide or less, at once: opposite edges never cut the same part);
/// - a pixel cut by two neighbouring edges (next to their corner, where the parts they cut
///   off can overlap) has its square clipped by the edges and measured (exact).
///
/// What a pixel gets depends only on the polygon and the pixel, never on the rows or the clip
/// being painted, so painting a rectangle gives the pixels the whole painting has there; a
/// pixel inside every edge is whole (256/256 at opacity 1), as `ConvexCover` assumes.
extension PixelDisplayList {
    /// One edge as a half-plane: d(x, y) = nx·x + ny·y + c ≥ 0 inside; the square seen along
    /// the normal: half its extent `h`, half its linear middle `k`, 1 / (the larger of |nx|,
    /// |ny|), and 1 / (2 · |nx| · |ny|) (0 for an axis-aligned edge).
    struct HalfPlane {
        var nx = 0.0, ny = 0.0, c = 0.0
        var h = 0.0, k = 0.0, invB = 0.0, invTwoAB = 0.0
        /// d at pixel (0, j)'s centre for the row being painted (`nx · 0.5 + ny · (j + 0.5) + c`).
        var row = 0.0
        /// A sloped edge's bounds on row j's pixels, `reach + step · j` (pixels i beyond it on
        /// the outside miss the edge's half-plane: d ≤ −h) and `whole + step · j` (pixels
        /// beyond it on the inside are inside by h or more): d(i) = −h and d(i) = h (+1e-9).
        var reach = 0.0, whole = 0.0, step = 0.0
    }

    /// The scratch `fillArea` needs for polygons of at most `vertices` vertices, in
    /// `HalfPlane`s (one per edge).
    static func halfPlaneScratch(vertices: Int) -> Int { vertices }

    /// The points of the square clipped by the edges (`exactArea`), in doubles: two buffers.
    static func clipScratch(vertices: Int) -> Int { 4 * (vertices + 4) }

    /// The fraction of a pixel's square outside edge `e`, its centre `d` inside the edge's
    /// line: F(−d) = 1 − F(d) (the square is symmetric; called for −h < d < h).
    @inline(__always)
    static func outside(_ e: HalfPlane, _ d: Double) -> Double {
        let t = -d
        if t < -e.k {
            let u = t + e.h
            return u * u * e.invTwoAB
        }
        if t <= e.k { return 0.5 + t * e.invB }
        let u = e.h - t
        return 1 - u * u * e.invTwoAB
    }

    /// Paints convex polygon `op` on the rows of `clip` (one band) inside its tiles left to
    /// paint, by area (see above). Returns false, painting nothing, for a polygon that is not
    /// convex (the scanline painter takes it).
    static func fillArea(
        _ op: Op, xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, pixels: UnsafeMutablePointer<UInt32>,
        width w: Int, clip: PixelRect, tiles: Tiles, segments: UnsafeMutablePointer<Int32>,
        planes: UnsafeMutablePointer<HalfPlane>, candidates: UnsafeMutablePointer<Int32>, square: UnsafeMutablePointer<Double>,
        work: inout PaintWork
    ) -> Bool {
        let n = Int(op.count)
        guard n >= 3 else { return true }
        // Convex (every turn the same way, straight ones aside) and its orientation.
        var area2 = 0.0, turn = 0.0
        for i in 0..<n {
            let a = i, b = i + 1 == n ? 0 : i + 1, c = b + 1 == n ? 0 : b + 1
            area2 += xs[a] * ys[b] - xs[b] * ys[a]
            let cross = (xs[b] - xs[a]) * (ys[c] - ys[b]) - (ys[b] - ys[a]) * (xs[c] - xs[b])
            if cross != 0 {
                if turn == 0 { turn = cross } else if (cross > 0) != (turn > 0) { return false }
            }
        }
        let rows = op.bounds.intersection(clip)
        guard !rows.isEmpty, abs(area2) > 1e-12 else { return true }
        // The edges, normals inward (y down: a positive shoelace sum turns clockwise on
        // screen, inside to the right of each edge).
        let sign: Double = area2 > 0 ? 1 : -1
        var m = 0
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            let dx = xs[j] - xs[i], dy = ys[j] - ys[i]
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-12 else { continue }
            var nx = -dy / length * sign, ny = dx / length * sign
            // Level to 1e-9 (2e-6 of a pixel across a 2000-pixel row): level, so a row's
            // pixels all have the same distance to it.
            if abs(nx) < 1e-9 { nx = 0; ny = ny > 0 ? 1 : -1 }
            if abs(ny) < 1e-9 { ny = 0; nx = nx > 0 ? 1 : -1 }
            let a = min(abs(nx), abs(ny)), b = max(abs(nx), abs(ny))
            let c = -(nx * xs[i] + ny * ys[i])
            // An edge in line with the last one (a vertex in the middle of a side) is the same
            // half-plane: taken once, or both would cut the same part off.
            if m > 0, planes[m - 1].nx == nx, planes[m - 1].ny == ny, abs(planes[m - 1].c - c) < 1e-9 { continue }
            let h = (a + b) / 2
            var plane = HalfPlane(nx: nx, ny: ny, c: c, h: h, k: (b - a) / 2, invB: 1 / b, invTwoAB: a > 0 ? 1 / (2 * a * b) : 0)
            if nx != 0 {
                // d(i) on row j is nx · i + nx · 0.5 + ny · (j + 0.5) + c.
                let base = nx * 0.5 + ny * 0.5 + c
                plane.reach = (-h - base) / nx
                plane.whole = (h + 1e-9 - base) / nx
                plane.step = -ny / nx
            }
            planes[m] = plane
            m += 1
            // Beyond 64 edges (the cut edges are a 64-bit mask) the scanline painter takes it.
            if m > 64 { return false }
        }
        if m > 1, planes[m - 1].nx == planes[0].nx, planes[m - 1].ny == planes[0].ny, abs(planes[m - 1].c - planes[0].c) < 1e-9 {
            m -= 1
        }
        guard m >= 3 else { return true }
        let color = op.color, alpha = op.alpha
        let a256 = PackedColor.alpha256(alpha)
        let premultiplied = PackedColor.premultiply(color, alpha256: a256)
        let scale = alpha * 256
        let tile = Self.tile
        let left = Double(rows.x), right = Double(rows.maxX - 1)
        var runPixels = 0, edgePixels = 0
        defer {
            work.runPixels += runPixels
            work.edgePixels += edgePixels
        }
        // Tile band by tile band (the tiles left to paint as runs of pixels), then its rows.
        for band in rows.y / tile...(rows.maxY - 1) / tile {
          let segmentCount = Self.segments(tiles: tiles, band: band, rows: rows, clip: clip, into: segments)
          if segmentCount == 0 { continue }
          for j in max(rows.y, band * tile)..<min(rows.maxY, band * tile + tile) {
            let jd = Double(j), cy = jd + 0.5
            // The pixels the row can reach, [lo, hi], and those inside every edge but the level
            // ones, [runLo, runHi]: the run, covered but for what the level edges cut off the
            // whole row alike (`levelOut`: the top or bottom row of an upright box or strip).
            // Floor and ceiling are monotone: taken once, of the greatest or least bound.
            var lo = -Double.infinity, hi = Double.infinity, runLo = -Double.infinity, runHi = Double.infinity
            var empty = false
            var levelOut = 0.0
            for e in 0..<m {
                let p = planes[e]
                planes[e].row = p.nx * 0.5 + p.ny * cy + p.c
                if p.nx == 0 {
                    let d0 = p.ny * cy + p.c
                    if d0 <= -p.h { empty = true }
                    if d0 < p.h { levelOut += outside(p, d0) }
                } else if p.nx > 0 {
                    lo = hiOf(lo, p.reach + p.step * jd); runLo = hiOf(runLo, p.whole + p.step * jd)
                } else {
                    hi = loOf(hi, p.reach + p.step * jd); runHi = loOf(runHi, p.whole + p.step * jd)
                }
            }
            if empty || levelOut >= 1 { continue }
            let i0 = max(rows.x, floorClamped(lo, left, right) + 1), i1 = min(rows.maxX - 1, ceilClamped(hi, left, right) - 1)
            if i0 > i1 { continue }
            var r0 = max(i0, ceilClamped(runLo, left, right)), r1 = min(i1, floorClamped(runHi, left, right))
            if r0 > r1 { r0 = i1 + 1; r1 = i1 }
            // The run's opacity: a pixel of it adds up only the level edges' parts, in the same
            // order, so it is what the pixel would get alone.
            let runA256 = levelOut == 0 ? a256 : Int((1 - levelOut) * scale + 0.5)
            let runPremultiplied = levelOut == 0 ? premultiplied : PackedColor.premultiply(color, alpha256: runA256)
            // The edges that can cut a pixel of [i0, i1] (d < h at one end of it), in order.
            var cutting = 0
            for e in 0..<m {
                let p = planes[e]
                if p.nx == 0 ? p.row < p.h : p.nx * Double(p.nx > 0 ? i0 : i1) + p.row < p.h {
                    candidates[cutting] = Int32(e)
                    cutting += 1
                }
            }
            // Neighbouring edges (a corner): bit e and bit e + 1, or the last and the first.
            let wrap = m - 1
            let row = pixels + j * w
            for s in 0..<segmentCount {
                let from = max(i0, Int(segments[2 * s])), to = min(i1, Int(segments[2 * s + 1]) - 1)
                guard from <= to else { continue }
                let runFrom = max(from, r0), runTo = min(to, r1)
                let runCount = max(0, runTo - runFrom + 1)
                runPixels += runCount
                edgePixels += to - from + 1 - runCount
                var i = from
                while i <= to {
                    if i == runFrom && runCount > 0 {
                        if runA256 >= 256 {
                            for x in i...runTo { row[x] = color }
                        } else if runA256 > 0 {
                            blendRun(row, from: i, to: runTo, premultiplied: runPremultiplied, alpha256: runA256)
                        }
                        i = runTo + 1
                        continue
                    }
                    let x = Double(i)
                    // The parts cut off by each edge, and whether two neighbouring edges cut it.
                    var out = 0.0, cut: UInt64 = 0
                    var gone = false
                    for c in 0..<cutting {
                        let e = Int(candidates[c])
                        let d = planes[e].nx * x + planes[e].row, h = planes[e].h
                        if d < h {
                            if d <= -h { gone = true; break }
                            out += outside(planes[e], d)
                            cut |= 1 &<< UInt64(e)
                        }
                    }
                    if gone { i += 1; continue }
                    let corner = cut & (cut &>> 1 | cut &<< UInt64(wrap)) != 0
                    let coverage = corner ? exactArea(x, Double(j), planes: planes, count: m, square: square) : 1 - out
                    if coverage > 0 {
                        let pixelA256 = Int(coverage * scale + 0.5)
                        if pixelA256 >= 256 {
                            row[i] = color
                        } else if pixelA256 > 0 {
                            row[i] = PackedColor.blend(color, over: row[i], alpha256: pixelA256) & PackedColor.rgbMask
                        }
                    }
                    i += 1
                }
            }
          }
        }
        return true
    }

    /// `floor(x)` for x clamped to [lo − 2, hi + 2] (±∞ too; the clip's pixels, far below
    /// 2³¹), or one less where x is whole: x − 0.5 rounded to the nearest integer by adding
    /// 1.5 · 2⁵² (the integer is then the low bits: no checked conversion). Every use takes it
    /// as a bound that may leave one more pixel to be worked out alone (the same pixel
    /// either way: one with nothing of the polygon, or whole inside).
    @inline(__always)
    private static func floorClamped(_ x: Double, _ lo: Double, _ hi: Double) -> Int {
        Int(Int32(truncatingIfNeeded: ((loOf(hiOf(x, lo - 2), hi + 2) - 0.5) + 6_755_399_441_055_744).bitPattern))
    }

    /// `ceil(x)` for x clamped the same way, or one more where x is whole (as above).
    @inline(__always)
    private static func ceilClamped(_ x: Double, _ lo: Double, _ hi: Double) -> Int {
        Int(Int32(truncatingIfNeeded: ((loOf(hiOf(x, lo - 2), hi + 2) + 0.5) + 6_755_399_441_055_744).bitPattern))
    }

    /// `PackedColor.blend(premultiplied:over:alpha256:)` on pixels `from…to` of `row`, four at
    /// a time in vector lanes (the same integer steps, so the same pixels), the rest one by one.
    @inline(__always)
    static func blendRun(
        _ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, premultiplied: (rb: UInt32, g: UInt32), alpha256: Int
    ) {
        let ia = UInt32(truncatingIfNeeded: 256 - alpha256)
        let taRB = SIMD4<UInt32>(repeating: premultiplied.rb &+ 0x80_0080), taG = SIMD4<UInt32>(repeating: premultiplied.g &+ 0x8000)
        let maskRB = SIMD4<UInt32>(repeating: 0xFF_00FF), maskG = SIMD4<UInt32>(repeating: 0xFF00), via = SIMD4<UInt32>(repeating: ia)
        var x = from
        while x + 3 <= to {
            let raw = UnsafeMutableRawPointer(row + x)
            let p = raw.loadUnaligned(as: SIMD4<UInt32>.self)
            let rb = ((taRB &+ (p & maskRB) &* via) &>> 8) & maskRB
            let g = ((taG &+ (p & maskG) &* via) &>> 8) & maskG
            raw.storeBytes(of: rb | g, as: SIMD4<UInt32>.self)
            x += 4
        }
        while x <= to {
            row[x] = PackedColor.blend(premultiplied: premultiplied, over: row[x], alpha256: alpha256) & PackedColor.rgbMask
            x += 1
        }
    }

    /// The lesser of two bounds that are never NaN (one `minsd`).
    @inline(__always)
    private static func loOf(_ a: Double, _ b: Double) -> Double { a < b ? a : b }

    /// The greater of two bounds that are never NaN (one `maxsd`).
    @inline(__always)
    private static func hiOf(_ a: Double, _ b: Double) -> Double { a > b ? a : b }

    /// The area of pixel (x, y)'s square inside every edge: the square clipped by each edge
    /// that cuts it (Sutherland–Hodgman), then the shoelace formula.
    static func exactArea(_ x: Double, _ y: Double, planes: UnsafeMutablePointer<HalfPlane>, count m: Int, square: UnsafeMutablePointer<Double>) -> Double {
        var a = square, b = square + 2 * (m + 4)
        a[0] = x; a[1] = y; a[2] = x + 1; a[3] = y; a[4] = x + 1; a[5] = y + 1; a[6] = x; a[7] = y + 1
        var count = 4
        for e in 0..<m {
            let p = planes[e]
            var next = 0
            var px = a[2 * (count - 1)], py = a[2 * (count - 1) + 1]
            var pd = p.nx * px + p.ny * py + p.c
            for v in 0..<count {
                let qx = a[2 * v], qy = a[2 * v + 1]
                let qd = p.nx * qx + p.ny * qy + p.c
                if (pd >= 0) != (qd >= 0) {
                    let t = pd / (pd - qd)
                    b[2 * next] = px + (qx - px) * t; b[2 * next + 1] = py + (qy - py) * t
                    next += 1
                }
                if qd >= 0 {
                    b[2 * next] = qx; b[2 * next + 1] = qy
                    next += 1
                }
                px = qx; py = qy; pd = qd
            }
            count = next
            swap(&a, &b)
            if count < 3 { return 0 }
        }
        var area2 = 0.0
        var px = a[2 * (count - 1)], py = a[2 * (count - 1) + 1]
        for v in 0..<count {
            let qx = a[2 * v], qy = a[2 * v + 1]
            area2 += px * qy - qx * py
            px = qx; py = qy
        }
        return min(1, abs(area2) / 2)
    }

    /// A band's tiles left to paint as runs of pixels [start, end) in `segments` (pairs),
    /// touching runs merged; returns how many.
    static func segments(tiles: Tiles, band: Int, rows: PixelRect, clip: PixelRect, into segments: UnsafeMutablePointer<Int32>) -> Int {
        let tile = Self.tile
        let masks = tiles.masks + (band - tiles.firstBand) * tiles.words
        var segmentCount = 0
        for word in (rows.x / tile) >> 6...((rows.maxX - 1) / tile) >> 6 {
            var m = masks[word - tiles.firstWord]
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
        return segmentCount
    }
}
