import Cells

extension PixelDisplayList {
    /// `rampIntegral` on two lanes: the same steps on each (`lo(1, t)`, then `hi(0, ·)`, then
    /// c · (t − ½c)), so each lane is the scalar's number (`minpd`, `maxpd`: one packed
    /// instruction for two; the sign of a zero may differ, which no alpha sees: a zero
    /// coverage is 0 + ½ before it is truncated).
    @inline(__always)
    static func rampIntegral2(_ t: SIMD2<Double>) -> SIMD2<Double> {
        let one = SIMD2<Double>(repeating: 1), zero = SIMD2<Double>(repeating: 0)
        let l = t.replacing(with: one, where: one .< t)
        let c = l.replacing(with: zero, where: l .< zero)
        return c * (t - 0.5 * c)
    }

    /// `alphaOf` on two lanes, each lane's alpha in its low 32 bits: hi(0, c) · scale + ½
    /// rounded to the nearest integer by adding 1.5 · 2⁵² (the integer then in the low bits),
    /// less one where that went up — `truncateSmall`'s steps, lane by lane.
    @inline(__always)
    static func alphaOf2(_ c: SIMD2<Double>, _ scale: Double) -> SIMD2<Int64> {
        let zero = SIMD2<Double>(repeating: 0), magic = SIMD2<Double>(repeating: 6_755_399_441_055_744)
        let y = c.replacing(with: zero, where: c .< zero) * scale + 0.5
        let big = y + magic
        let down = SIMD2<Int64>(repeating: 0).replacing(with: -1, where: y .< big - magic)
        return unsafeBitCast(big, to: SIMD2<Int64>.self) &+ down
    }

    /// `blendPixel` of two pixels at once, `row[i]` at the alpha in lane 0's low bits and
    /// `row[j]` at lane 1's (0 … 256; `top` is the colour's bytes as 16-bit lanes, twice): each
    /// channel is (t·a + b·(256 − a) + 128) >> 8 in a 16-bit lane — below 2¹⁶ for every a in
    /// 0 … 256 — as `blendOne` works it out 16 bits apart in one word; at a = 256 that is the
    /// colour itself (`blendPixel` writes it whole), and a pixel at a = 0 is not written. The
    /// top byte is cleared, as `blendOne`'s mask and the recorded colour have it.
    @inline(__always)
    static func blendTwo(_ row: UnsafeMutablePointer<UInt32>, _ i: Int, _ j: Int, _ alpha: SIMD2<Int64>, _ top: SIMD8<UInt16>) {
        let a0 = UInt16(truncatingIfNeeded: alpha[0]), a1 = UInt16(truncatingIfNeeded: alpha[1])
        let a = SIMD8<UInt16>(a0, a0, a0, a0, a1, a1, a1, a1)
        let below = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(row[i], row[j]), to: SIMD8<UInt8>.self))
        let sum = top &* a &+ below &* (SIMD8<UInt16>(repeating: 256) &- a) &+ SIMD8<UInt16>(repeating: 128)
        let out = unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: sum &>> 8), to: SIMD2<UInt32>.self) & SIMD2<UInt32>(repeating: 0xFF_FFFF)
        if a0 != 0 { row[i] = out[0] }
        if a1 != 0 { row[j] = out[1] }
    }

    /// What `steadyLean` painted, kept in registers and added by the caller once.
    struct SteadyCounts {
        var rows = 0, runs = 0, edges = 0, paired = 0
    }

    /// `steadyLoop(…, clamped: false, leaning: true)` — two leaning edges that stay inside the
    /// clip over every row the run can reach, the common steady row — with the two edges side
    /// by side in the lanes of one vector (issue 35): each edge's x where it leaves the row,
    /// its piece's ends, 1 / (b − a) and the pixel bounds are worked out for both at once, and
    /// the row's edge pixels are taken in pairs, the left edge's next pixel beside the right
    /// edge's. Every lane does the scalar path's steps on the scalar path's numbers (the same
    /// expressions, in the same order, rounded the same way), so each pixel gets exactly the
    /// alpha and the blend it got one by one; a row whose pixels one tile segment holds skips
    /// the segment loop (the loop would take from = lp0 and to = end), any other row takes it
    /// as `steadyLoop` does. Returns the first row not painted, as `steadyLoop` does.
    @inline(never)
    static func steadyLean(
        from first: Int, rows: PixelRect, clip: PixelRect, left eL: Edge, right eR: Edge, pixels: UnsafeMutablePointer<UInt32>,
        width w: Int, tiles: Tiles, segments: UnsafeMutablePointer<Int32>, band: inout Int, segmentCount: inout Int,
        color: UInt32, scale: Double, a256: Int, premultiplied: (rb: UInt32, g: UInt32), counts: inout SteadyCounts
    ) -> Int {
        let leftPixel = clip.x, rightPixel = clip.maxX
        let limit = lo(eL.bottom, eR.bottom)
        let x0 = SIMD2(eL.x, eR.x), top0 = SIMD2(eL.top, eR.top), slope = SIMD2(eL.slope, eR.slope)
        let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744), half = SIMD2<Double>(repeating: 0.5)
        let one = SIMD2<Double>(repeating: 1)
        var j = first
        // Where the two edges enter row `first` (`e.x + (y − e.top) · e.slope`, lane by lane).
        let xs0 = x0 + (SIMD2(repeating: Double(j)) - top0) * slope
        // Row j's pieces and bounds, worked out one row ahead (below, before row j is painted,
        // the next row's: the two do not depend on each other, so they overlap).
        var ns = x0 + (SIMD2(repeating: Double(j &+ 1)) - top0) * slope
        var a = ns.replacing(with: xs0, where: xs0 .< ns), b = ns.replacing(with: xs0, where: xs0 .> ns)
        var k = one / (b - a)
        var fa = unsafeBitCast((a - half) + magic, to: SIMD2<Int64>.self)
        var cb = unsafeBitCast((b + half) + magic, to: SIMD2<Int64>.self)
        // (`edges` holds the pairs too, from bit 40: one register for both in the loop.)
        var rowsDone = 0, runs = 0, edges = 0
        // Row j is painted while its bottom, j + 1 (exact), is at or above `limit`: j < ⌊limit⌋.
        let stop = limit >= Double(rows.maxY) ? rows.maxY : max(j, Int(limit.rounded(.down)))
        // The tile band's end, and the one segment holding its paintable pixels (or an empty one).
        var bandEnd = band == j / tile ? (band + 1) * tile : j
        var segLo = Int.max, segHi = Int.min
        if band == j / tile && segmentCount == 1 { segLo = Int(segments[0]); segHi = Int(segments[1]) }
        var row = pixels + j * w
        // The colour's bytes (blue, green, red, 0) as 16-bit lanes, for two pixels (`blendTwo`).
        let c8 = unsafeBitCast(SIMD2<UInt32>(repeating: color), to: SIMD8<UInt8>.self)
        let top16 = SIMD8<UInt16>(truncatingIfNeeded: c8)
        bands: while j < stop {
            if j >= bandEnd {
                band = j / tile
                bandEnd = (band + 1) * tile
                segmentCount = Self.segments(of: tiles, band: band, rows: rows, clip: clip, into: segments)
                guard segmentCount > 0 else {
                    band = -1
                    break bands
                }
                if segmentCount == 1 {
                    segLo = Int(segments[0]); segHi = Int(segments[1])
                } else {
                    segLo = Int.max; segHi = Int.min
                }
            }
            let rowsEnd = min(stop, bandEnd)
            while j < rowsEnd {
            // The next row's: `Piece(leaning:)` of each edge, a = lo(x, n), b = hi(x, n),
            // k = 1 / (b − a), and `floorOfPositive(a)`, `ceilOfPositive(b)` of both.
            let nextN = x0 + (SIMD2(repeating: Double(j &+ 2)) - top0) * slope
            let nextA = nextN.replacing(with: ns, where: ns .< nextN), nextB = nextN.replacing(with: ns, where: ns .> nextN)
            let nextK = one / (nextB - nextA)
            let nextFa = unsafeBitCast((nextA - half) + magic, to: SIMD2<Int64>.self)
            let nextCb = unsafeBitCast((nextB + half) + magic, to: SIMD2<Int64>.self)
            let lp0 = max(leftPixel, Int(Int32(truncatingIfNeeded: fa[0])))
            let lp1 = max(lp0, min(rightPixel, Int(Int32(truncatingIfNeeded: cb[0]))))
            let rp0 = max(leftPixel, Int(Int32(truncatingIfNeeded: fa[1])))
            let rp1 = max(rp0, min(rightPixel, Int(Int32(truncatingIfNeeded: cb[1]))))
            let split = lp1 <= rp0
            let mid0 = max(lp0, split ? lp1 : rp0), mid1 = max(mid0, split ? rp0 : lp1)
            let end = max(mid1, rp1)
            if segLo <= lp0 && end <= segHi {
                // One segment holds the whole row: the segment loop with from = lp0, to = end.
                var runCount = 0
                if split {
                    runCount = mid1 &- mid0
                    if runCount > 0 {
                        if a256 >= 256 {
                            for p in mid0..<mid1 { row[p] = color }
                        } else if a256 > 0 {
                            blendRun(row, from: mid0, to: mid1 - 1, premultiplied: premultiplied, alpha256: a256)
                        }
                    }
                } else {
                    let pl = Piece(a: a[0], b: b[0], k: k[0]), pr = Piece(a: a[1], b: b[1], k: k[1])
                    var x = Double(mid0) + 1
                    for i in mid0..<mid1 {
                        blendPixel(row, i, color, Int(alphaOf(pl.rightLeaning(of: x) - pr.rightLeaning(of: x), scale)))
                        x += 1
                    }
                }
                // The edge pixels in pairs: the left edge's pixels [lp0, mid0) take its part
                // (0 + v), the right edge's [mid1, end) the row less its part (1 − v); each
                // lane is `rightLeaning`'s steps (x − b ≥ 1 takes the whole row, h = 1).
                let nL = mid0 &- lp0, nR = end &- mid1
                var x = SIMD2(Double(lp0) + 1, Double(mid1) + 1)
                var t = 0
                // Both lanes' pixels to paint: blended together.
                while t < nL && t < nR {
                    let u = x - b
                    let v = (k * (rampIntegral2(x - a) - rampIntegral2(u))).replacing(with: one, where: one .<= u)
                    blendTwo(row, lp0 &+ t, mid1 &+ t, alphaOf2(SIMD2(0, 1) + v * SIMD2(1, -1), scale), top16)
                    x += one
                    t &+= 1
                }
                edges &+= t &<< 40
                while t < nL || t < nR {
                    let u = x - b
                    let v = (k * (rampIntegral2(x - a) - rampIntegral2(u))).replacing(with: one, where: one .<= u)
                    let alpha = alphaOf2(SIMD2(0, 1) + v * SIMD2(1, -1), scale)
                    if t < nL { blendPixel(row, lp0 &+ t, color, Int(Int32(truncatingIfNeeded: alpha[0]))) }
                    if t < nR { blendPixel(row, mid1 &+ t, color, Int(Int32(truncatingIfNeeded: alpha[1]))) }
                    x += one
                    t &+= 1
                }
                runs &+= runCount
                edges &+= end &- lp0 &- runCount
            } else {
                // Cut by the tiles: `steadyLoop`'s segment loop, on the same pieces, one pixel at a
                // time. (Pairing the edges of a cut row where one segment holds each was tried:
                // 3.6 k more rows paired, 3 M more instructions a frame.)
                let pl = Piece(a: a[0], b: b[0], k: k[0]), pr = Piece(a: a[1], b: b[1], k: k[1])
                for s in 0..<segmentCount {
                    let from = max(lp0, Int(segments[2 * s])), to = min(end, Int(segments[2 * s + 1]))
                    guard from < to else { continue }
                    var i = from
                    var x = Double(i) + 1
                    while i < min(mid0, to) {
                        blendPixel(row, i, color, Int(alphaOf(pl.rightLeaning(of: x), scale)))
                        i += 1; x += 1
                    }
                    var runCount = 0
                    if split {
                        let runTo = min(mid1, to)
                        if i < runTo {
                            runCount = runTo - i
                            if a256 >= 256 {
                                for p in i..<runTo { row[p] = color }
                            } else if a256 > 0 {
                                blendRun(row, from: i, to: runTo - 1, premultiplied: premultiplied, alpha256: a256)
                            }
                            i = runTo; x = Double(i) + 1
                        }
                    } else {
                        while i < min(mid1, to) {
                            blendPixel(row, i, color, Int(alphaOf(pl.rightLeaning(of: x) - pr.rightLeaning(of: x), scale)))
                            i += 1; x += 1
                        }
                    }
                    while i < to {
                        blendPixel(row, i, color, Int(alphaOf(1 - pr.rightLeaning(of: x), scale)))
                        i += 1; x += 1
                    }
                    runs &+= runCount
                    edges &+= to &- from &- runCount
                }
            }
            ns = nextN; a = nextA; b = nextB; k = nextK; fa = nextFa; cb = nextCb
            j &+= 1
            row += w
            rowsDone &+= 1
            }
        }
        counts.rows &+= rowsDone
        counts.runs &+= runs
        counts.edges &+= edges & (1 << 40 - 1)
        counts.paired &+= 2 &* (edges >> 40)
        return j
    }
}

extension PixelDisplayList.Piece {
    /// A leaning piece from its ends and 1 / (b − a) already worked out (`steadyLean`): the
    /// `init(leaning:)` piece of the same edge.
    @inline(__always)
    init(a: Double, b: Double, k: Double) {
        self.a = a; self.b = b; self.k = k; h = 1
    }
}
