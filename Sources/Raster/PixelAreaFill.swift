import Cells

extension PixelDisplayList {
    /// ∫₀ᵗ clamp(u, 0, 1) du: 0 below 0, t²/2 up to 1, t − ½ above (`c · (t − c/2)` with c the
    /// clamped t). The area a unit-wide pixel loses to the left of an edge, integrated along it.
    @inline(__always)
    static func rampIntegral(_ t: Double) -> Double {
        let c = hi(0, lo(1, t))
        return c * (t - 0.5 * c)
    }

    /// One edge of a chain cut to a pixel row: its least x `a`, its greatest x `b`, its height
    /// `h`, and k = h / (b − a) for an edge that leans, or −h for one that stands (less than
    /// 10⁻⁶ across: its mid x is both ends).
    struct Piece {
        var a = 0.0, b = 0.0, k = 0.0, h = 0.0

        @inline(__always)
        init(_ xa: Double, _ xb: Double, height: Double) {
            var a = lo(xa, xb), b = hi(xa, xb)
            if b - a < 1e-6 {
                a = 0.5 * (a + b); b = a
                k = -height
            } else {
                k = height / (b - a)
            }
            self.a = a; self.b = b; h = height
        }

        /// A whole row's piece of an edge that leans (`leans`: |slope| ≥ 10⁻⁴, every x below 2²⁴,
        /// so the piece is far more than 10⁻⁶ across and never standing), with k = 1 / |slope|
        /// (`inverseWidth`) worked out once for the edge rather than 1 / (b − a) for every row:
        /// b − a is |slope| but for the rounding of the row's two x (on a canvas a few thousand
        /// pixels across, a few 10⁻¹² pixels, so a coverage moves by less than 10⁻⁷), and a
        /// row's divide no longer heads the chain its pixels wait on. Every whole-row piece of
        /// such an edge is made here, by `chainRow` and by the steady rows alike, so both paint
        /// the same pixels.
        @inline(__always)
        init(leaning xa: Double, _ xb: Double, inverseWidth: Double) {
            a = lo(xa, xb); b = hi(xa, xb)
            k = inverseWidth; h = 1
        }

        /// Whether an edge of this slope leans (`init(leaning:)`).
        @inline(__always)
        static func leans(_ slope: Double) -> Bool { abs(slope) >= 1e-4 }

        /// k of a leaning edge's whole-row pieces.
        @inline(__always)
        static func inverseWidth(_ slope: Double) -> Double { 1 / abs(slope) }

        /// `right(of:)` of a leaning piece (k > 0): the same number, without the test for standing.
        @inline(__always)
        func rightLeaning(of x: Double) -> Double {
            if x - b >= 1 { return h }
            return k * (rampIntegral(x - a) - rampIntegral(x - b))
        }

        /// ∫ clamp(x − edge, 0, 1) dy over the piece: the part of the pixel whose right side is
        /// at `x` lying right of the edge, in pixel areas. Leaning from a to b, that is
        /// h · (R(x − a) − R(x − b)) / (b − a) (`rampIntegral`), exact for any x; standing,
        /// h · clamp(x − a, 0, 1). Right of the whole piece it is h exactly, as the row's run
        /// takes it (so a pixel's alpha is the same whichever way its row is cut, clipped or not).
        @inline(__always)
        func right(of x: Double) -> Double {
            if x - b >= 1 { return h }
            if k < 0 { return -k * hi(0, lo(1, x - a)) }
            return k * (rampIntegral(x - a) - rampIntegral(x - b))
        }
    }

    /// One chain in one pixel row: its pieces (the first here, all of them in the scratch when
    /// there are more), their heights' sum, the pixels [p0, p1) they can cut (clamped to the
    /// clip; a whole end may add one either side, summed exactly to its true coverage), and
    /// whether it is one vertical edge across the whole row.
    struct ChainRow {
        var count = 0, height = 0.0, p0 = 0, p1 = 0
        var first = Piece(0, 0, height: 0)
        var vertical = false
    }

    /// `ChainRow` of a chain in the row [top, bottom) (`index`: the chain's first edge not
    /// above the rows already painted).
    @inline(__always)
    static func chainRow(
        _ chain: UnsafePointer<Edge>, _ index: inout Int, top: Double, bottom: Double, into out: UnsafeMutablePointer<Piece>,
        left: Double, right: Double, leftPixel: Int, rightPixel: Int
    ) -> ChainRow {
        while chain[index].bottom <= top { index += 1 }
        var row = ChainRow()
        var least: Double, greatest: Double
        let e = chain[index]
        if e.top <= top && e.bottom >= bottom {
            // One edge across the whole row (the common case).
            let xa = e.x + (top - e.top) * e.slope, xb = e.x + (bottom - e.top) * e.slope
            row.first =
                bottom - top == 1 && Piece.leans(e.slope)
                ? Piece(leaning: xa, xb, inverseWidth: Piece.inverseWidth(e.slope)) : Piece(xa, xb, height: bottom - top)
            row.count = 1; row.height = bottom - top
            row.vertical = e.slope == 0
            least = row.first.a; greatest = row.first.b
        } else {
            least = .infinity; greatest = -.infinity
            var k = index
            while chain[k].top < bottom {
                let e = chain[k]
                let ya = hi(e.top, top), yb = lo(e.bottom, bottom)
                let xa = e.x + (ya - e.top) * e.slope, xb = e.x + (yb - e.top) * e.slope
                let piece = Piece(xa, xb, height: yb - ya)
                out[row.count] = piece
                if row.count == 0 { row.first = piece }
                least = lo(least, piece.a); greatest = hi(greatest, piece.b)
                row.height += piece.h
                row.count += 1
                k += 1
            }
        }
        row.p0 = max(leftPixel, floorOfPositive(hi(left, lo(right, least))))
        row.p1 = max(row.p0, min(rightPixel, ceilOfPositive(hi(left, lo(right, greatest)))))
        return row
    }

    /// A pixel's alpha (0 … 256) from its covered area `c` at `scale` = opacity · 256.
    @inline(__always)
    static func alphaOf(_ c: Double, _ scale: Double) -> Int32 {
        Int32(truncatingIfNeeded: truncateSmall(hi(0, c) * scale + 0.5))
    }

    /// `color` over pixel `i` of `row` at `a256` / 256 (written whole at 256, untouched at 0).
    @inline(__always)
    static func blendPixel(_ row: UnsafeMutablePointer<UInt32>, _ i: Int, _ color: UInt32, _ a256: Int) {
        if a256 >= 256 {
            row[i] = color
        } else if a256 > 0 {
            row[i] = blendOne(color, over: row[i], alpha256: a256)
        }
    }

    /// A colour's three channels 16 bits apart in one word: blue at bit 0, red at 16, green at 32.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 { UInt64(p & 0xFF_00FF) | UInt64(p & 0xFF00) << 24 }

    /// `PackedColor.blend(top, over: bottom, alpha256: a) & PackedColor.rgbMask` for 0 < a < 256,
    /// the three channels in one 64-bit multiply-add: each channel's t·a + b·(256 − a) + 128 is
    /// below 2¹⁶ (at most 255 · 256 + 128), so the channels 16 bits apart never carry into each
    /// other, and each takes (sum >> 8) as the packed blend does — the same pixel, about 17
    /// instructions where the two 32-bit halves took 22.
    @inline(__always)
    static func blendOne(_ top: UInt32, over bottom: UInt32, alpha256 a: Int) -> UInt32 {
        let a64 = UInt64(truncatingIfNeeded: a)
        let sum = spread(top) &* a64 &+ spread(bottom) &* (256 &- a64) &+ 0x80_0080_0080
        let channels = (sum >> 8) & 0xFF_00FF_00FF
        return UInt32(truncatingIfNeeded: channels & 0xFF_00FF) | UInt32(truncatingIfNeeded: channels >> 24) & 0xFF00
    }

    /// Σ `Piece.right(of:)` over a chain's pieces in a row.
    @inline(__always)
    static func rightOf(_ row: ChainRow, _ pieces: UnsafePointer<Piece>, _ x: Double) -> Double {
        if row.count == 1 { return row.first.right(of: x) }
        var g = 0.0
        for q in 0..<row.count { g += pieces[q].right(of: x) }
        return g
    }

    /// Paints one y-monotone polygon (its two chains, `left` of `right` at every height) on
    /// the rows of `clip` (one band), inside its tiles left to paint, each pixel at its
    /// **exact** covered area: for a convex polygon the part of pixel i inside is
    /// ∫ (clamp(i + 1 − xl(y), 0, 1) − clamp(i + 1 − xr(y), 0, 1)) dy over the row, and each
    /// term is a closed form per edge (`Piece.right(of:)`) — no scanlines. A row's pixels left of
    /// every left-chain piece are empty, those between the two chains' pieces are a run of
    /// the row's covered height (1 inside, less on the polygon's top and bottom rows), and
    /// only the pixels the chains' pieces reach are summed one by one.
    ///
    /// Rows between two standing edges (a box, a layer's side, a border strip) have the same
    /// pixels row after row: their alphas are worked out once and kept.
    static func fillArea(
        _ op: Op, left chainL: UnsafePointer<Edge>, right chainR: UnsafePointer<Edge>, pixels: UnsafeMutablePointer<UInt32>,
        width w: Int, clip: PixelRect, rows: PixelRect, tiles: Tiles, segments: UnsafeMutablePointer<Int32>,
        alphas: UnsafeMutablePointer<Int32>, pieces: UnsafeMutablePointer<Piece>, pieceCapacity: Int,
        steady: Bool = true, work: inout PaintWork
    ) {
        let left = Double(clip.x), right = Double(clip.maxX)
        let leftPixel = clip.x, rightPixel = clip.maxX
        let color = op.color, alpha = op.alpha
        let a256 = PackedColor.alpha256(alpha)
        let premultiplied = PackedColor.premultiply(color, alpha256: a256)
        let scale = alpha * 256
        let piecesL = pieces, piecesR = pieces + pieceCapacity
        var runPixels = 0, edgePixels = 0
        defer {
            work.runPixels += runPixels
            work.edgePixels += edgePixels
        }
        var band = -1, segmentCount = 0
        var il = 0, ir = 0
        // Rows ending at or above `sameUntil` have the last computed row's pixels.
        var sameUntil = -Double.infinity
        // The last computed row: pixels [i0, i1], the run [rs, re] at `ra` (`rp` premultiplied),
        // the alpha of pixel i outside the run at alphas[i − i0].
        var i0 = 0, i1 = -1, rs = 0, re = -1, ra = 0, rp = premultiplied
        var j = rows.y
        while j < rows.maxY {
            if j / tile != band {
                band = j / tile
                segmentCount = Self.segments(of: tiles, band: band, rows: rows, clip: clip, into: segments)
                if segmentCount == 0 {
                    j = min(rows.maxY, (band + 1) * tile)
                    continue
                }
            }
            let top = Double(j), bottom = top + 1
            defer { j += 1 }
            if bottom > sameUntil {
                i0 = 0; i1 = -1; rs = 0; re = -1
                sameUntil = -.infinity
                if steady {
                    // One edge of each chain across the whole row, not both standing: this row
                    // and those below on the same edges are `steadyRows` (it paints none when
                    // the band has no tile to paint, and the row is taken as below).
                    while chainL[il].bottom <= top { il += 1 }
                    while chainR[ir].bottom <= top { ir += 1 }
                    let eL = chainL[il], eR = chainR[ir]
                    if eL.top <= top && eL.bottom >= bottom && eR.top <= top && eR.bottom >= bottom
                        && !(eL.slope == 0 && eR.slope == 0)
                    {
                        let next = steadyRows(
                            from: j, rows: rows, clip: clip, left: eL, right: eR, pixels: pixels, width: w, tiles: tiles,
                            segments: segments, band: &band, segmentCount: &segmentCount, color: color, scale: scale,
                            a256: a256, premultiplied: premultiplied, work: &work, runPixels: &runPixels, edgePixels: &edgePixels)
                        if next > j {
                            j = next - 1
                            continue
                        }
                    }
                }
                let l = chainRow(
                    chainL, &il, top: top, bottom: bottom, into: piecesL, left: left, right: right, leftPixel: leftPixel,
                    rightPixel: rightPixel)
                let r = chainRow(
                    chainR, &ir, top: top, bottom: bottom, into: piecesR, left: left, right: right, leftPixel: leftPixel,
                    rightPixel: rightPixel)
                let h = l.height
                guard l.count > 0, r.count > 0, h > 0 else { continue }
                // (The ranges are forced in order: a polygon thinner than rounding may have its
                // chains a hair the wrong way round.)
                let split = l.p1 <= r.p0
                let mid0 = max(l.p0, split ? l.p1 : r.p0), mid1 = max(mid0, split ? r.p0 : l.p1)
                let end = max(mid1, r.p1)
                i0 = l.p0; i1 = end - 1
                guard i0 <= i1 else { continue }
                // Pixels left of every right-chain piece take the left chain's part alone (the
                // right chain's is exactly 0 there), pixels right of every left-chain piece
                // the row's height less the right chain's (the left chain's is exactly h);
                // between them a run of h, or, where the chains' pixels overlap (a thin strip,
                // a sharp end), both parts.
                if !(l.vertical && r.vertical) && segmentCount == 1 && Int(segments[0]) <= i0 && Int(segments[1]) > i1 {
                    // Nothing kept for the rows below and every pixel of the row to paint (the
                    // common row): each pixel blended as its coverage is worked out, no alphas
                    // stored (the same alphas, the same blends as below).
                    let row = pixels + j * w
                    var x = Double(l.p0) + 1
                    for i in l.p0..<mid0 {
                        blendPixel(row, i, color, Int(alphaOf(rightOf(l, piecesL, x), scale)))
                        x += 1
                    }
                    var runCount = 0
                    if split {
                        runCount = mid1 - mid0
                        if runCount > 0 {
                            let runA = h == 1 ? a256 : truncateSmall(h * scale + 0.5)
                            if runA >= 256 {
                                for x in mid0..<mid1 { row[x] = color }
                            } else if runA > 0 {
                                let runP = h == 1 ? premultiplied : PackedColor.premultiply(color, alpha256: runA)
                                blendRun(row, from: mid0, to: mid1 - 1, premultiplied: runP, alpha256: runA)
                            }
                        }
                        x = Double(mid1) + 1
                    } else {
                        for i in mid0..<mid1 {
                            blendPixel(row, i, color, Int(alphaOf(rightOf(l, piecesL, x) - rightOf(r, piecesR, x), scale)))
                            x += 1
                        }
                    }
                    for i in mid1..<end {
                        blendPixel(row, i, color, Int(alphaOf(h - rightOf(r, piecesR, x), scale)))
                        x += 1
                    }
                    runPixels += runCount
                    edgePixels += end - l.p0 - runCount
                    i0 = 0; i1 = -1
                    continue
                }
                var x = Double(l.p0) + 1
                var out = alphas
                for _ in l.p0..<mid0 {
                    out.pointee = alphaOf(rightOf(l, piecesL, x), scale)
                    out += 1; x += 1
                }
                if split {
                    rs = mid0; re = mid1 - 1
                    if h == 1 {
                        ra = a256; rp = premultiplied
                    } else {
                        ra = truncateSmall(h * scale + 0.5)
                        rp = PackedColor.premultiply(color, alpha256: ra)
                    }
                    out += mid1 - mid0; x = Double(mid1) + 1
                } else {
                    rs = i1 + 1; re = i1
                    for _ in mid0..<mid1 {
                        out.pointee = alphaOf(rightOf(l, piecesL, x) - rightOf(r, piecesR, x), scale)
                        out += 1; x += 1
                    }
                }
                for _ in mid1..<end {
                    out.pointee = alphaOf(h - rightOf(r, piecesR, x), scale)
                    out += 1; x += 1
                }
                // Two standing edges over the whole row: the rows below, down to where either
                // ends, have these very pixels.
                if l.vertical && r.vertical {
                    sameUntil = lo(chainL[il].bottom, chainR[ir].bottom)
                }
            }
            guard i0 <= i1 else { continue }
            let row = pixels + j * w
            let first = i0, runFrom0 = rs, runTo0 = re, runA = ra, runP = rp
            for s in 0..<segmentCount {
                let from = max(first, Int(segments[2 * s])), to = min(i1, Int(segments[2 * s + 1]) - 1)
                guard from <= to else { continue }
                let runFrom = max(from, runFrom0), runTo = min(to, runTo0)
                let runCount = max(0, runTo - runFrom + 1)
                runPixels += runCount
                edgePixels += to - from + 1 - runCount
                // Edge pixels before the run, the run, edge pixels after it.
                var i = from
                let beforeRun = min(to, runFrom0 - 1)
                while i <= beforeRun {
                    blendPixel(row, i, color, Int(alphas[i &- first]))
                    i &+= 1
                }
                if runCount > 0 {
                    if runA >= 256 {
                        for x in runFrom...runTo { row[x] = color }
                    } else if runA > 0 {
                        blendRunApart(row, from: runFrom, to: runTo, premultiplied: runP, alpha256: runA)
                    }
                    i = runTo &+ 1
                }
                while i <= to {
                    blendPixel(row, i, color, Int(alphas[i &- first]))
                    i &+= 1
                }
            }
        }
    }

    /// The rows from `first` down that both chains cross on one edge each (`left`, `right`;
    /// not both standing). Each is painted exactly as `fillArea` paints such a row — the same pieces from the same expressions (the x where an
    /// edge leaves a row is the x where it enters the next, `e.x + (y − e.top) · e.slope` at
    /// the same y, so it is worked out once and carried), the same pixel ranges, the same
    /// alpha for each pixel the tiles let it paint, the same blends — without the per-row
    /// work that finds the edges: no search along the chains, no test of whether an edge
    /// spans the row, no check of kept rows, and no alphas stored for a row the tiles cut
    /// (each painted pixel's is worked out where it is blended). Stops at the first row an
    /// edge ends in, a tile band with nothing to paint, or the end of the polygon's rows,
    /// and returns it for `fillArea` to take on; `band` and `segmentCount` follow the tile
    /// bands crossed.
    @inline(__always)
    static func steadyRows(
        from first: Int, rows: PixelRect, clip: PixelRect, left eL: Edge, right eR: Edge, pixels: UnsafeMutablePointer<UInt32>,
        width w: Int, tiles: Tiles, segments: UnsafeMutablePointer<Int32>, band: inout Int, segmentCount: inout Int,
        color: UInt32, scale: Double, a256: Int, premultiplied: (rb: UInt32, g: UInt32), work: inout PaintWork,
        runPixels: inout Int, edgePixels: inout Int
    ) -> Int {
        // Both standing: `fillArea` keeps such rows' alphas instead.
        guard !(eL.slope == 0 && eR.slope == 0) else { return first }
        // Whether both edges stay inside the clip across every row these rows can reach (an
        // edge's x, worked out as the rows do, only grows or only shrinks down the rows:
        // each rounding step keeps order, so its ends bound it): then clamping a piece's
        // ends to the clip changes nothing, and the rows skip it.
        let left = Double(clip.x), right = Double(clip.maxX)
        // `last`: the end of the rows both edges cross whole and that are the fill's (row j's
        // bottom, j + 1, at most the first bottom; whole rows far below 2⁵²).
        let top = Double(first), last = lo(lo(eL.bottom, eR.bottom), Double(rows.maxY)).rounded(.down)
        let xl0 = eL.x + (top - eL.top) * eL.slope, xr0 = eR.x + (top - eR.top) * eR.slope
        let xl1 = eL.x + (last - eL.top) * eL.slope, xr1 = eR.x + (last - eR.top) * eR.slope
        let inside = lo(lo(xl0, xl1), lo(xr0, xr1)) >= left && hi(hi(xl0, xl1), hi(xr0, xr1)) <= right
        // Both edges lean (`Piece(leaning:)`): a piece a row high is then |slope| across, give or
        // take rounding far below 10⁻⁶ (every x is below 2²⁴: `fillArea`'s condition), never
        // standing.
        let leaning = Piece.leans(eL.slope) && Piece.leans(eR.slope)
        switch (inside, leaning) {
        case (true, true):
            return steadyLoop(
                from: first, rows: rows, clip: clip, left: eL, right: eR, pixels: pixels, width: w, tiles: tiles,
                segments: segments, band: &band, segmentCount: &segmentCount, color: color, scale: scale, a256: a256,
                premultiplied: premultiplied, work: &work, runPixels: &runPixels, edgePixels: &edgePixels, last: Int(last),
                clamped: false, leaning: true)
        case (true, false):
            return steadyLoop(
                from: first, rows: rows, clip: clip, left: eL, right: eR, pixels: pixels, width: w, tiles: tiles,
                segments: segments, band: &band, segmentCount: &segmentCount, color: color, scale: scale, a256: a256,
                premultiplied: premultiplied, work: &work, runPixels: &runPixels, edgePixels: &edgePixels, last: Int(last),
                clamped: false, leaning: false)
        default:
            return steadyLoop(
                from: first, rows: rows, clip: clip, left: eL, right: eR, pixels: pixels, width: w, tiles: tiles,
                segments: segments, band: &band, segmentCount: &segmentCount, color: color, scale: scale, a256: a256,
                premultiplied: premultiplied, work: &work, runPixels: &runPixels, edgePixels: &edgePixels, last: Int(last),
                clamped: true, leaning: false)
        }
    }

    /// `steadyRows`' rows [first, last) (one compare a row ends them), each piece's ends clamped
    /// to the clip (`clamped`) or not (every end inside it already), its pieces tested for
    /// standing or known to lean (`leaning`): one copy of the loop each.
    @inline(__always)
    static func steadyLoop(
        from first: Int, rows: PixelRect, clip: PixelRect, left eL: Edge, right eR: Edge, pixels: UnsafeMutablePointer<UInt32>,
        width w: Int, tiles: Tiles, segments: UnsafeMutablePointer<Int32>, band: inout Int, segmentCount: inout Int,
        color: UInt32, scale: Double, a256: Int, premultiplied: (rb: UInt32, g: UInt32), work: inout PaintWork,
        runPixels: inout Int, edgePixels: inout Int, last: Int, clamped: Bool, leaning: Bool
    ) -> Int {
        let left = Double(clip.x), right = Double(clip.maxX)
        let leftPixel = clip.x, rightPixel = clip.maxX
        var j = first
        var top = Double(j)
        // Where the two edges enter row `first` (where they left the row above).
        var xl = eL.x + (top - eL.top) * eL.slope, xr = eR.x + (top - eR.top) * eR.slope
        // Each edge's whole-row pieces as `chainRow` makes them: k once for an edge that leans
        // (`leaning` says both do, and is a constant in that copy of the loop).
        let leansL = Piece.leans(eL.slope), leansR = Piece.leans(eR.slope)
        let kl = Piece.inverseWidth(eL.slope), kr = Piece.inverseWidth(eR.slope)
        // The row's first pixel, moved down a row at a time; the tile band's segments, kept
        // here and handed back at the end; the first row of the next tile band.
        var row = pixels + j &* w
        var segmentsHere = segmentCount
        var nextBand = band >= 0 && j / tile == band ? (band + 1) * tile : j
        // What it wrote, added to the caller's counts once at the end (kept in registers).
        var runs = 0, edges = 0
        defer {
            work.steadyRows += j - first
            runPixels += runs
            edgePixels += edges
            segmentCount = segmentsHere
        }
        while j < last {
            if j == nextBand {
                band = j / tile
                nextBand = (band + 1) * tile
                segmentsHere = Self.segments(of: tiles, band: band, rows: rows, clip: clip, into: segments)
                // No segment: `fillArea` skips the band (`band` unset, so it finds the
                // segments again and sees none).
                guard segmentsHere > 0 else {
                    band = -1
                    break
                }
            }
            let bottom = top + 1
            let nl = eL.x + (bottom - eL.top) * eL.slope, nr = eR.x + (bottom - eR.top) * eR.slope
            // The row's height, bottom − top, is exactly 1 (whole rows far below 2⁵²): the run
            // is at the fill's own alpha.
            let pl = leaning || leansL ? Piece(leaning: xl, nl, inverseWidth: kl) : Piece(xl, nl, height: 1)
            let pr = leaning || leansR ? Piece(leaning: xr, nr, inverseWidth: kr) : Piece(xr, nr, height: 1)
            // The pixels each piece can cut. Clamped to the clip where an end may leave it;
            // where every end is inside (`clamped` false) unclamped: a bound may then pass the
            // clip's side by one only where an end is exactly on it, and every pixel painted
            // is in a segment, inside the clip, and takes the same alpha whichever of the
            // row's formulas gives it (see `fillArea`).
            let lp0: Int, lp1: Int, rp0: Int, rp1: Int
            if clamped {
                lp0 = max(leftPixel, floorOfPositive(hi(left, lo(right, pl.a))))
                lp1 = max(lp0, min(rightPixel, ceilOfPositive(hi(left, lo(right, pl.b)))))
                rp0 = max(leftPixel, floorOfPositive(hi(left, lo(right, pr.a))))
                rp1 = max(rp0, min(rightPixel, ceilOfPositive(hi(left, lo(right, pr.b)))))
            } else {
                lp0 = floorOfPositive(pl.a); lp1 = ceilOfPositive(pl.b)
                rp0 = floorOfPositive(pr.a); rp1 = ceilOfPositive(pr.b)
            }
            let split = lp1 <= rp0
            let mid0 = max(lp0, split ? lp1 : rp0), mid1 = max(mid0, split ? rp0 : lp1)
            let end = max(mid1, rp1)
            // Pixels left of the right edge's take the left edge's part alone, pixels right of
            // the left edge's the row less the right edge's, the ones between a run of the whole
            // row (`split`) or both parts — each only where the tiles let this fill paint (the
            // row's pixels [lp0, end) cut to each segment), as `fillArea`'s rows do.
            var segment = segments
            for _ in 0..<segmentsHere {
                let from = max(lp0, Int(segment[0])), to = min(end, Int(segment[1]))
                segment += 2
                guard from < to else { continue }
                var i = from
                var x = Double(i) + 1
                while i < min(mid0, to) {
                    blendPixel(row, i, color, Int(alphaOf(leaning ? pl.rightLeaning(of: x) : pl.right(of: x), scale)))
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
                        let c =
                            leaning ? pl.rightLeaning(of: x) - pr.rightLeaning(of: x) : pl.right(of: x) - pr.right(of: x)
                        blendPixel(row, i, color, Int(alphaOf(c, scale)))
                        i += 1; x += 1
                    }
                }
                while i < to {
                    blendPixel(row, i, color, Int(alphaOf(1 - (leaning ? pr.rightLeaning(of: x) : pr.right(of: x)), scale)))
                    i += 1; x += 1
                }
                runs &+= runCount
                edges &+= to &- from &- runCount
            }
            xl = nl; xr = nr
            top = bottom
            row += w
            j += 1
        }
        return j
    }
}
