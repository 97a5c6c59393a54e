import Cells

extension PixelDisplayList {
    /// The part of a pixel row where an edge reaches it, for `fillArea`: Doubles a piece.
    static let pieceStride = 4

    /// ∫₀ᵗ clamp(u, 0, 1) du: 0 below 0, t²/2 up to 1, t − ½ above (`c · (t − c/2)` with c the
    /// clamped t). The area a unit-wide pixel loses to the left of an edge, integrated along it.
    @inline(__always)
    static func rampIntegral(_ t: Double) -> Double {
        let c = hi(0, lo(1, t))
        return c * (t - 0.5 * c)
    }

    /// One chain's pieces in the row [top, bottom): each edge of the chain reaching the row,
    /// cut to it, as (its least x, its greatest x, k, h), where h is the piece's height and k
    /// is h / (greatest − least) for an edge that leans, or −h for one that stands (less than
    /// 10⁻⁶ across: its mid x is stored as both ends). Returns how many, their heights' sum and
    /// the pixels [p0, p1) they can cut, clamped to [left, right].
    @inline(__always)
    static func gatherPieces(
        _ chain: UnsafePointer<Edge>, _ index: inout Int, top: Double, bottom: Double, into out: UnsafeMutablePointer<Double>,
        left: Double, right: Double, leftPixel: Int, rightPixel: Int
    ) -> (count: Int, height: Double, p0: Int, p1: Int) {
        while chain[index].bottom <= top { index += 1 }
        var k = index, count = 0, height = 0.0
        var least = Double.infinity, greatest = -Double.infinity
        while chain[k].top < bottom {
            let e = chain[k]
            let ya = hi(e.top, top), yb = lo(e.bottom, bottom)
            let xa = e.x + (ya - e.top) * e.slope, xb = e.x + (yb - e.top) * e.slope
            var a = lo(xa, xb), b = hi(xa, xb)
            let h = yb - ya
            let p = out + count * pieceStride
            if b - a < 1e-6 {
                a = 0.5 * (a + b); b = a
                p[0] = a; p[1] = a; p[2] = -h
            } else {
                p[0] = a; p[1] = b; p[2] = h / (b - a)
            }
            p[3] = h
            least = lo(least, a); greatest = hi(greatest, b)
            height += h
            count += 1
            k += 1
        }
        // The pixels the pieces can cut (a whole end may add one either side: it is summed
        // exactly, to its true coverage).
        let p0 = max(leftPixel, floorOfPositive(hi(left, lo(right, least))))
        let p1 = min(rightPixel, ceilOfPositive(hi(left, lo(right, greatest))))
        return (count, height, p0, max(p0, p1))
    }

    /// Σ over a chain's pieces of ∫ clamp(x − edge, 0, 1) dy: the part of the pixel whose
    /// right side is at `x` lying right of the chain, in pixel areas. An edge leaning from a
    /// to b over height h takes h · (R(x − a) − R(x − b)) / (b − a) (`rampIntegral`), exact for
    /// any x — 0 left of the edge, h right of it; one standing takes h · clamp(x − a, 0, 1).
    @inline(__always)
    static func rightOfChain(_ pieces: UnsafePointer<Double>, _ count: Int, _ x: Double) -> Double {
        var g = 0.0
        for q in 0..<count {
            let p = pieces + q * pieceStride
            let k = p[2]
            if x - p[1] >= 1 {
                // Right of the whole piece: its height exactly, as the row's run takes it (so a
                // pixel's alpha is the same whichever way its row is cut, clipped or not).
                g += p[3]
            } else if k < 0 {
                g -= k * hi(0, lo(1, x - p[0]))
            } else {
                g += k * (rampIntegral(x - p[0]) - rampIntegral(x - p[1]))
            }
        }
        return g
    }

    /// Paints one y-monotone polygon (its two chains, `left` of `right` at every height) on
    /// the rows of `clip` (one band), inside its tiles left to paint, each pixel at its
    /// **exact** covered area: for a convex polygon the part of pixel i inside is
    /// ∫ (clamp(i + 1 − xl(y), 0, 1) − clamp(i + 1 − xr(y), 0, 1)) dy over the row, and each
    /// term is a closed form per edge (`rightOfChain`) — no scanlines. A row's pixels left of
    /// every left-chain piece are empty, those between the two chains' pieces are a run of
    /// the row's covered height (1 inside, less on the polygon's top and bottom rows), and
    /// only the pixels the chains' pieces reach are summed one by one.
    ///
    /// Rows between two standing edges (a box, a layer's side, a border strip) have the same
    /// pixels row after row: their alphas are worked out once and kept.
    static func fillArea(
        _ op: Op, left chainL: UnsafePointer<Edge>, right chainR: UnsafePointer<Edge>, pixels: UnsafeMutablePointer<UInt32>,
        width w: Int, clip: PixelRect, rows: PixelRect, tiles: Tiles, segments: UnsafeMutablePointer<Int32>,
        alphas: UnsafeMutablePointer<Int32>, pieces: UnsafeMutablePointer<Double>, pieceCapacity: Int,
        work: inout PaintWork
    ) {
        let left = Double(clip.x), right = Double(clip.maxX)
        let leftPixel = clip.x, rightPixel = clip.maxX
        let color = op.color, alpha = op.alpha
        let a256 = PackedColor.alpha256(alpha)
        let premultiplied = PackedColor.premultiply(color, alpha256: a256)
        let scale = alpha * 256
        let piecesL = pieces, piecesR = pieces + pieceCapacity * pieceStride
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
                let l = gatherPieces(
                    chainL, &il, top: top, bottom: bottom, into: piecesL, left: left, right: right, leftPixel: leftPixel,
                    rightPixel: rightPixel)
                let r = gatherPieces(
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
                var x = Double(l.p0) + 1
                for i in l.p0..<mid0 {
                    let c = rightOfChain(piecesL, l.count, x)
                    alphas[i - i0] = Int32(truncatingIfNeeded: truncateSmall(hi(0, c) * scale + 0.5))
                    x += 1
                }
                if split {
                    rs = mid0; re = mid1 - 1
                    if h == 1 {
                        ra = a256; rp = premultiplied
                    } else {
                        ra = truncateSmall(h * scale + 0.5)
                        rp = PackedColor.premultiply(color, alpha256: ra)
                    }
                } else {
                    rs = i1 + 1; re = i1
                    for i in mid0..<mid1 {
                        let c = rightOfChain(piecesL, l.count, x) - rightOfChain(piecesR, r.count, x)
                        alphas[i - i0] = Int32(truncatingIfNeeded: truncateSmall(hi(0, c) * scale + 0.5))
                        x += 1
                    }
                }
                x = Double(mid1) + 1
                for i in mid1..<end {
                    let c = h - rightOfChain(piecesR, r.count, x)
                    alphas[i - i0] = Int32(truncatingIfNeeded: truncateSmall(hi(0, c) * scale + 0.5))
                    x += 1
                }
                // Two standing edges over the whole row: the rows below, down to where either
                // ends, have these very pixels.
                if l.count == 1 && r.count == 1 && h == 1 && chainL[il].slope == 0 && chainR[ir].slope == 0 {
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
                var i = from
                while i <= to {
                    if i == runFrom && runCount > 0 {
                        if runA >= 256 {
                            for x in i...runTo { row[x] = color }
                        } else if runA > 0 {
                            blendRun(row, from: i, to: runTo, premultiplied: runP, alpha256: runA)
                        }
                        i = runTo + 1
                        continue
                    }
                    let pixelA256 = Int(alphas[i - first])
                    if pixelA256 >= 256 {
                        row[i] = color
                    } else if pixelA256 > 0 {
                        row[i] = PackedColor.blend(color, over: row[i], alpha256: pixelA256) & PackedColor.rgbMask
                    }
                    i += 1
                }
            }
        }
    }
}
