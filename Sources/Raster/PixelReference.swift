import Cells

/// The painting as it was before the one-pass borders (issue 35, part five), kept as the
/// reference the tolerance tests compare the painter with (`PixelToleranceTests`,
/// `PixelShippedScenesTests`): every polygon painted on its own, in list order, pixel by
/// pixel — 4 scanlines a row, the exact span on each, a pixel's coverage the sum of the
/// span lengths inside it — and a fill's border as separate polygons after it: the strips
/// between the polygon's edges and its inside edge's (the old thick-border path), or,
/// when the inside edge has another number of corners, rectangles `1` pixel wide inside
/// each edge (the old one-pixel outline), or the whole polygon when there is no inside
/// edge. No occlusion, no runs, no bands: slow and plain, for tests only.
enum PixelReference {
    static func paint(_ list: PixelDisplayList, into image: inout PixelImage) {
        for op in list.ops {
            let outer = (0..<Int(op.count)).map { (list.xs[Int(op.start) + $0], list.ys[Int(op.start) + $0]) }
            if op.alpha > 0 { polygon(outer, color: op.color, alpha: op.alpha, into: &image) }
            guard op.borderAlpha > 0 else { continue }
            let inner = (0..<Int(op.innerCount)).map { (list.xs[Int(op.innerStart) + $0], list.ys[Int(op.innerStart) + $0]) }
            let n = outer.count
            if inner.isEmpty {
                polygon(outer, color: op.border, alpha: op.borderAlpha, into: &image)
            } else if inner.count == n {
                for i in 0..<n {
                    let j = (i + 1) % n
                    polygon([outer[i], outer[j], inner[j], inner[i]], color: op.border, alpha: op.borderAlpha, into: &image)
                }
            } else {
                var area2 = 0.0
                for i in 0..<n { let j = (i + 1) % n; area2 += outer[i].0 * outer[j].1 - outer[j].0 * outer[i].1 }
                let sign: Double = area2 >= 0 ? 1 : -1
                for i in 0..<n {
                    let a = outer[i], b = outer[(i + 1) % n]
                    let dx = b.0 - a.0, dy = b.1 - a.1
                    let length = (dx * dx + dy * dy).squareRoot()
                    guard length > 1e-9 else { continue }
                    let ix = -dy / length * sign, iy = dx / length * sign
                    polygon([a, b, (b.0 + ix, b.1 + iy), (a.0 + ix, a.1 + iy)], color: op.border, alpha: op.borderAlpha, into: &image)
                }
            }
        }
    }

    /// One convex polygon (pixels) blended over `image` at `alpha` × each pixel's coverage.
    static func polygon(_ poly: [(Double, Double)], color: UInt32, alpha: Double, into image: inout PixelImage) {
        guard poly.count >= 3, alpha > 0 else { return }
        let ys = poly.map(\.1), xs = poly.map(\.0)
        let y0 = max(0, Int(ys.min()!.rounded(.down))), y1 = min(image.height, Int(ys.max()!.rounded(.up)))
        let x0 = max(0, Int(xs.min()!.rounded(.down))), x1 = min(image.width, Int(xs.max()!.rounded(.up)))
        guard y0 < y1, x0 < x1 else { return }
        let n = poly.count
        for j in y0..<y1 {
            var lo = [Double](repeating: .infinity, count: 4), hi = [Double](repeating: -.infinity, count: 4)
            for k in 0..<4 {
                let y = Double(j) + (Double(k) + 0.5) / 4
                for e in 0..<n {
                    let (ax, ay) = poly[(e + n - 1) % n], (bx, by) = poly[e]
                    guard ay != by else { continue }
                    let (tx, ty, ux, uy) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
                    guard ty <= y, y < uy else { continue }
                    let x = tx + (y - ty) * ((ux - tx) / (uy - ty))
                    lo[k] = min(lo[k], x); hi[k] = max(hi[k], x)
                }
            }
            for i in x0..<x1 {
                var c = 0.0
                for k in 0..<4 where lo[k] < hi[k] { c += max(0, min(hi[k], Double(i + 1)) - max(lo[k], Double(i))) }
                let a256 = Int(c / 4 * alpha * 256 + 0.5)
                if a256 <= 0 { continue }
                image[i, j] = a256 >= 256 ? color : PackedColor.blend(color, over: image[i, j], alpha256: a256) & PackedColor.rgbMask
            }
        }
    }
}
