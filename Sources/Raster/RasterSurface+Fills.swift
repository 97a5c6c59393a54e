import Cells
import LayerModel

extension RasterSurface {
    // MARK: Fills

    /// Fills the convex polygon `poly` (cell coordinates) with `color` at `alpha`, on the same
    /// sub-cell grid as the outlines (braille 2 × 4 in braille mode, half-block pixels in
    /// blocks mode), so edges line up. A sample is covered when its centre is inside
    /// (half-open on both axes): for a sample cut by one straight edge that is exactly "at
    /// least half its area is covered" (a square sample is symmetric about its centre), so
    /// this is coverage sampling of the sub-cells; layers too thin to cover half a sample
    /// anywhere are drawn as strokes instead (`strokeFill`). Each pixel row is one
    /// span between the leftmost and rightmost edge crossings: polygons here are always
    /// convex (a projective image of a rectangle, cut by the eye plane and by convex masks),
    /// and a degenerate one has no area. Opaque enough fills (alpha ≥ 0.5) hide the ink of
    /// layers below.
    mutating func fillPolygon(_ poly: [PolyVertex], color: Packed, alpha: Double, asDots: Bool = false) {
        let n = poly.count
        guard n >= 3, alpha > 0 else { return }
        let asDots = asDots && (mode == .braille || mode == .auto)
        var dotColor = color & ~PackedColor.bold
        if alpha < 0.999 { dotColor |= PackedColor.dim }
        let sx = Double(fillGrid.perColumn), sy = Double(fillGrid.perRow)
        let h = fillHeight, w = fillWidth
        guard var (j0, j1) = RasterSurface.spanRows(poly, sy: sy, height: h) else { return }
        // A kept frame's damage (`window`): its sample rows and columns only.
        var firstSample = 0, lastSample = w - 1
        if let window {
            j0 = max(j0, window.r0 * fillGrid.perRow)
            j1 = min(j1, (window.r1 + 1) * fillGrid.perRow - 1)
            firstSample = window.c0 * fillGrid.perColumn
            lastSample = (window.c1 + 1) * fillGrid.perColumn - 1
            guard j0 <= j1, firstSample <= lastSample else { return }
        }
        markFillRows(j0, j1)
        let opaque = alpha >= 0.999
        let occludes = alpha >= 0.5
        let a256 = PackedColor.alpha256(alpha)
        // Over the bare terminal, a fill that composes to (nearly) its background is not
        // painted: an alpha-0.005 view must not show as a square of the backdrop colour.
        let invisible = !opaque && PackedColor.isInvisible(color, alpha256: a256, over: backdrop)
        let braille = mode == .braille || mode == .auto || mode == .octant
        let sextant = mode == .sextant
        let ascii = mode == .ascii
        let columns = self.columns
        let backdrop = self.backdrop
        // Per polygon, not per pixel: the fill colour's share of every blend, the dot bits.
        let premultiplied = PackedColor.premultiply(color, alpha256: a256)
        let perRow = fillGrid.perRow, perColumn = fillGrid.perColumn
        fill.withUnsafeMutableBufferPointer { fill in
            ink.withUnsafeMutableBufferPointer { ink in
                inkColor.withUnsafeMutableBufferPointer { inkColor in
                    fillColumns.withUnsafeMutableBufferPointer { fillColumns in
                        poly.withUnsafeBufferPointer { poly in
                            // Per edge, once: its row range and slope, so a row costs a multiply per crossing
                            // instead of a divide (see `spanEnds`).
                            withUnsafeTemporaryAllocation(of: EdgeRun.self, capacity: n) { edges in
                                let tolerance = RasterSurface.edgeRuns(poly, sx: sx, sy: sy, into: edges)
                                let fillBase = fill.baseAddress!, inkBase = ink.baseAddress
                                for j in j0...j1 {
                                    let y = Double(j) + 0.5
                                    guard
                                        var (i0, i1) = RasterSurface.spanEnds(
                                            y: y, edges: edges, poly: poly, sx: sx, sy: sy,
                                            tolerance: tolerance, width: w)
                                    else { continue }
                                    if i0 < firstSample { i0 = firstSample }
                                    if i1 > lastSample { i1 = lastSample }
                                    if i0 > i1 { continue }
                                    let rowBase = j * w
                                    if asDots {
                                        // A narrow layer in braille mode: every covered sample is a dot of its
                                        // colour, the same texture as the thin strokes, no blocks.
                                        let cellBase = (j >> 2) * columns
                                        let dotRow = (j & 3) << 1
                                        if invisible { continue }
                                        for i in i0...i1 {
                                            ink[cellBase + (i >> 1)] |= Glyphs.brailleBit(dotRow | (i & 1))
                                            inkColor[cellBase + (i >> 1)] = dotColor
                                        }
                                        continue
                                    }
                                    let row = fillBase + rowBase
                                    // The cell columns this span reaches (`markFillSpan`, inlined:
                                    // `self` is lent to the buffers here).
                                    // Braille's 2 × 4 samples a cell by shifts: a divide a span row cost more.
                                    let r = 2 &* (braille ? j >> 2 : j / perRow)
                                    let c0 = Int32(truncatingIfNeeded: braille ? i0 >> 1 : i0 / perColumn)
                                    let c1 = Int32(truncatingIfNeeded: braille ? i1 >> 1 : i1 / perColumn)
                                    if c0 < fillColumns[r] { fillColumns[r] = c0 }
                                    if c1 > fillColumns[r &+ 1] { fillColumns[r &+ 1] = c1 }
                                    if opaque {
                                        (row + i0).update(repeating: color, count: i1 - i0 + 1)
                                    } else if invisible {
                                        // Only over what is already drawn: the bare terminal shows through.
                                        for i in i0...i1 {
                                            let old = row[i]
                                            if old & PackedColor.present != 0 {
                                                row[i] = PackedColor.blend(premultiplied: premultiplied, over: old, alpha256: a256)
                                            }
                                        }
                                    } else {
                                        for i in i0...i1 {
                                            let old = row[i]
                                            let under = old & PackedColor.present != 0 ? old : backdrop
                                            row[i] = PackedColor.blend(premultiplied: premultiplied, over: under, alpha256: a256)
                                        }
                                    }
                                    if occludes {
                                        if braille {
                                            // Fills and dots share the 2 × 4 grid: clear exactly the dots covered:
                                            // both dots of the row in whole cells, maybe one at either end.
                                            let cellRow = inkBase! + (j >> 2) * columns
                                            let left = Glyphs.brailleBit((j & 3) << 1), right = Glyphs.brailleBit((j & 3) << 1 | 1)
                                            let keep = ~(left | right)
                                            var c0 = i0 >> 1, c1 = i1 >> 1
                                            if i0 & 1 == 1 {
                                                cellRow[c0] &= c0 == c1 && i1 & 1 == 0 ? ~UInt8(0) : ~right
                                                c0 += 1
                                            }
                                            if c0 <= c1 && i1 & 1 == 0 {
                                                cellRow[c1] &= ~left
                                                c1 -= 1
                                            }
                                            if c0 <= c1 {
                                                for c in c0...c1 { cellRow[c] &= keep }
                                            }
                                        } else if sextant {
                                            // Fills and lines share the 2 × 3 grid: clear exactly the sub-cells covered.
                                            let cellBase = (j / 3) * columns
                                            let shift = UInt8((j % 3) << 1)
                                            let left: UInt8 = 1 << shift, right: UInt8 = 2 << shift
                                            let c0 = i0 >> 1, c1 = i1 >> 1
                                            for c in c0...c1 {
                                                var m = left | right
                                                if c == c0 && i0 & 1 == 1 { m &= ~left }
                                                if c == c1 && i1 & 1 == 0 { m &= ~right }
                                                ink[cellBase + c] &= ~m
                                            }
                                        } else if ascii {
                                            for i in i0...i1 { ink[rowBase + i] = 0 }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The rows of a grid of `sy` samples a cell row (`height` of them) whose centres
    /// j + 0.5 lie in the polygon's [minY, maxY) (cell coordinates, scaled): first and last,
    /// nil for none.
    @inline(__always)
    static func spanRows(_ poly: UnsafeBufferPointer<PolyVertex>, sy: Double, height h: Int) -> (Int, Int)? {
        var minY = Double.infinity, maxY = -Double.infinity
        for v in poly { minY = min(minY, v.y); maxY = max(maxY, v.y) }
        minY *= sy; maxY *= sy
        let j0 = max(0, RasterSurface.ceilClamped(minY - 0.5))
        let j1 = min(h - 1, RasterSurface.ceilClamped(maxY - 0.5) - 1)
        return j0 <= j1 ? (j0, j1) : nil
    }

    @inline(__always)
    static func spanRows(_ poly: [PolyVertex], sy: Double, height h: Int) -> (Int, Int)? {
        poly.withUnsafeBufferPointer { spanRows($0, sy: sy, height: h) }
    }

    /// Each edge of `poly` for `spanEnds`, into `edges` (one per vertex, initialized here):
    /// its row range and slope on a grid of `sx × sy` samples a cell, so a row costs a
    /// multiply per crossing instead of a divide. Answers the tolerance `spanEnds` checks
    /// crossings against.
    @inline(__always)
    static func edgeRuns(
        _ poly: UnsafeBufferPointer<PolyVertex>, sx: Double, sy: Double,
        into edges: UnsafeMutableBufferPointer<EdgeRun>
    ) -> Double {
        var maxAbsX = 0.0
        var prev = poly[poly.count - 1]
        for (k, v) in poly.enumerated() {
            let py = prev.y * sy, vy = v.y * sy
            (edges.baseAddress! + k).initialize(
                to: EdgeRun(
                    low: min(py, vy), high: max(py, vy), y: py, x: prev.x,
                    slope: (v.x - prev.x) / (vy - py)))
            maxAbsX = max(maxAbsX, abs(v.x))
            prev = v
        }
        // Far more than the two ways of computing a crossing can differ by (a few ulps).
        return 1e-12 * (3 * maxAbsX + 1) * sx
    }

    /// The samples of the convex polygon `poly` (cell coordinates) on a grid of `sx × sy`
    /// samples a cell, `width × height` samples, row by row: `body(row, first, last)` for
    /// each row holding any — the samples `fillPolygon` fills (centres inside, half-open).
    /// The exploded view fills its planes with it at one sample a cell.
    static func forEachSpan(
        _ poly: [PolyVertex], sx: Double, sy: Double, width w: Int, height h: Int,
        _ body: (Int, Int, Int) -> Void
    ) {
        let n = poly.count
        guard n >= 3, let (j0, j1) = spanRows(poly, sy: sy, height: h) else { return }
        poly.withUnsafeBufferPointer { poly in
            withUnsafeTemporaryAllocation(of: EdgeRun.self, capacity: n) { edges in
                let tolerance = edgeRuns(poly, sx: sx, sy: sy, into: edges)
                for j in j0...j1 {
                    if let (i0, i1) = spanEnds(
                        y: Double(j) + 0.5, edges: edges, poly: poly, sx: sx, sy: sy,
                        tolerance: tolerance, width: w)
                    {
                        body(j, i0, i1)
                    }
                }
            }
        }
    }

    /// One polygon edge for `spanEnds`, in fill-grid rows and cell-coordinate x.
    struct EdgeRun {
        var low: Double, high: Double
        /// The start vertex: row coordinate (scaled) and x (cell coordinates).
        var y: Double, x: Double
        /// dx ÷ dy (x in cells per scaled row).
        var slope: Double
    }

    /// The first and last pixel of fill row `y` (its centre) inside the polygon: pixels whose
    /// centre i + 0.5 lies in [left, right), where left and right are the leftmost and
    /// rightmost crossings of the row by the edges (half-open in y), each
    /// `(x₀ + (y − y₀) ÷ (y₁ − y₀) · (x₁ − x₀)) · sx`; nil when the row is empty.
    ///
    /// The crossings are first computed with the edge's slope (a multiply, not a divide);
    /// they can differ from the exact expression by a few ulps, which matters only when a
    /// crossing lands within `tolerance` of a pixel boundary or the two nearly meet: then
    /// the row is computed again exactly, so the pixels are always those of the exact form.
    @inline(__always)
    static func spanEnds(
        y: Double, edges: UnsafeMutableBufferPointer<EdgeRun>, poly: UnsafeBufferPointer<PolyVertex>,
        sx: Double, sy: Double, tolerance: Double, width w: Int
    ) -> (Int, Int)? {
        var left = Double.infinity, right = -Double.infinity
        var exact = false
        for e in edges where e.low <= y && y < e.high {
            let x = (e.x + (y - e.y) * e.slope) * sx
            if !(abs(x) < .infinity) { exact = true }
            left = min(left, x); right = max(right, x)
        }
        if !exact {
            guard left < right else { return nil }
            let a = left - 0.5, b = right - 0.5
            let ca = ceilClamped(a), cb = ceilClamped(b)
            exact =
                right - left < tolerance
                || Double(ca) - a < tolerance || a - Double(ca - 1) < tolerance
                || Double(cb) - b < tolerance || b - Double(cb - 1) < tolerance
            if !exact {
                let i0 = max(0, ca), i1 = min(w - 1, cb - 1)
                return i0 <= i1 ? (i0, i1) : nil
            }
        }
        left = .infinity; right = -.infinity
        var prev = poly[poly.count - 1]
        var py = prev.y * sy
        for v in poly {
            let vy = v.y * sy
            if (py <= y && y < vy) || (vy <= y && y < py) {
                let x = (prev.x + (y - py) / (vy - py) * (v.x - prev.x)) * sx
                left = min(left, x); right = max(right, x)
            }
            prev = v; py = vy
        }
        guard left < right else { return nil }
        let i0 = max(0, ceilClamped(left - 0.5))
        let i1 = min(w - 1, ceilClamped(right - 0.5) - 1)
        return i0 <= i1 ? (i0, i1) : nil
    }

    /// A thin layer (narrower than about one sample) as one continuous stroke of its colour,
    /// from (x0, y0) to (x1, y1) in cell coordinates: Bresenham, so exactly one sample per
    /// step along the major axis (even weight, 8-connected). Braille dots in braille mode
    /// (dimmed when translucent); pixels blended at `alpha` in blocks mode.
    mutating func strokeFill(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, color: Packed, alpha: Double) {
        guard alpha > 0 else { return }
        if mode == .ascii {
            drawLine(x0, y0, x1, y1, color: color, pattern: .solid, glyph: asciiGlyph(dx: x1 - x0, dy: y1 - y0))
            return
        }
        if mode == .braille || mode == .auto || mode == .sextant || mode == .octant {
            // Braille dots (sextant sub-cells), like outlines: the same weight along the whole stroke (a fill's
            // edge cells become blocks, which next to dots would read as blocks joined by dots).
            var c = color & ~PackedColor.bold
            if alpha < 0.999 { c |= PackedColor.dim }
            if PackedColor.isInvisible(c, alpha256: PackedColor.alpha256(alpha), over: backdrop) { return }
            let sx = Double(lineGrid.perColumn), sy = Double(lineGrid.perRow)
            drawLine(x0 * sx, y0 * sy, x1 * sx, y1 * sy, color: c, pattern: .solid, glyph: 0)
            return
        }
        let sx = Double(fillGrid.perColumn), sy = Double(fillGrid.perRow)
        let ax = x0 * sx, ay = y0 * sy, bx = x1 * sx, by = y1 * sy
        let w = fillWidth, h = fillHeight
        guard var walk = BresenhamWalk(ax, ay, bx, by, width: w, height: h) else { return }
        let a256 = PackedColor.alpha256(alpha)
        let opaque = alpha >= 0.999, occludes = alpha >= 0.5
        let braille = mode == .braille || mode == .auto || mode == .octant
        let plain = color & ~(PackedColor.dim | PackedColor.bold | PackedColor.edge) | PackedColor.present
        while true {
            let x = walk.x, y = walk.y
            if x >= 0, y >= 0, x < w, y < h {
                let i = y * w + x
                markFillSpan(row: y, from: x, to: x)
                let old = fill[i]
                if opaque {
                    fill[i] = plain
                } else if old & PackedColor.present != 0 {
                    fill[i] = PackedColor.blend(plain, over: old, alpha256: a256)
                } else if !PackedColor.isInvisible(plain, alpha256: a256, over: backdrop) {
                    fill[i] = PackedColor.blend(plain, over: backdrop, alpha256: a256)
                }
                if occludes && braille {
                    ink[(y >> 2) * columns + (x >> 1)] &= ~Glyphs.brailleBit((y & 3) << 1 | (x & 1))
                }
            }
            if walk.atEnd { break }
            walk.step()
        }
    }
}
