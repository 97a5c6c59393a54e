#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Cells

/// The pixel mode's drawing primitives over one `PixelImage` (docs/picture.md, "Pixels"):
/// convex polygons filled with anti-aliased edges, and strokes, dashes and discs built from
/// them. Coordinates are continuous pixels: pixel (i, j) covers [i, i + 1) × [j, j + 1).
///
/// Coverage: each pixel row is cut into `subrows` scanlines; on each, the polygon's span
/// [left, right) is exact, and a pixel takes the length of the span inside it. So a pixel's
/// coverage is its covered area measured on 4 lines — exact across, to a quarter down —
/// and a colour is blended over what is below at `alpha · coverage`. Pixels covered on every
/// scanline are written as one run (the interior of a fill costs a store per pixel).
struct PixelSurface {
    var image: PixelImage
    /// Scanlines per pixel row.
    static let subrows = 4

    init(width: Int, height: Int, backdrop: UInt32) {
        image = PixelImage(width: width, height: height, fill: backdrop)
    }

    var width: Int { image.width }
    var height: Int { image.height }

    /// Blends `color` (0xRRGGBB) over pixel `index` at `a` (0…1).
    @inline(__always)
    private static func blend(_ pixels: UnsafeMutablePointer<UInt32>, _ index: Int, _ color: UInt32, _ a: Double) {
        let a256 = Int(a * 256 + 0.5)
        if a256 <= 0 { return }
        if a256 >= 256 { pixels[index] = color; return }
        pixels[index] = PackedColor.blend(color, over: pixels[index], alpha256: a256) & PackedColor.rgbMask
    }

    /// Fills the convex polygon `poly` (pixels; either orientation) with `color` at `alpha`.
    mutating func fill(_ poly: [PolyVertex], color: UInt32, alpha: Double) {
        let n = poly.count
        guard n >= 3, alpha > 0, width > 0, height > 0 else { return }
        var minY = Double.infinity, maxY = -Double.infinity, minX = Double.infinity, maxX = -Double.infinity
        for v in poly {
            guard v.x.isFinite, v.y.isFinite else { return }
            minY = min(minY, v.y); maxY = max(maxY, v.y); minX = min(minX, v.x); maxX = max(maxX, v.x)
        }
        guard maxX > 0, maxY > 0, minX < Double(width), minY < Double(height) else { return }
        let j0 = max(0, Int(minY.rounded(.down))), j1 = min(height - 1, Int(maxY.rounded(.up)) - 1)
        guard j0 <= j1 else { return }
        let w = width, W = Double(width)
        let color = color & PackedColor.rgbMask
        let a256 = PackedColor.alpha256(alpha)
        let opaque = a256 >= 256
        let premultiplied = PackedColor.premultiply(color, alpha256: a256)
        let sub = PixelSurface.subrows, weight = 1 / Double(sub)
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            var ls = (0.0, 0.0, 0.0, 0.0), rs = (0.0, 0.0, 0.0, 0.0)
            for j in j0...j1 {
                var innerL = -Double.infinity, innerR = Double.infinity
                var outerL = Double.infinity, outerR = -Double.infinity
                var full = true
                for k in 0..<sub {
                    let y = Double(j) + (Double(k) + 0.5) * weight
                    var l = Double.infinity, r = -Double.infinity
                    var prev = poly[n - 1]
                    for v in poly {
                        if (prev.y <= y && y < v.y) || (v.y <= y && y < prev.y) {
                            let x = prev.x + (y - prev.y) / (v.y - prev.y) * (v.x - prev.x)
                            l = min(l, x); r = max(r, x)
                        }
                        prev = v
                    }
                    l = max(0, l); r = min(W, r)
                    if !(l < r) { l = 0; r = 0; full = false }
                    else {
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
                let i0 = max(0, Int(outerL.rounded(.down))), i1 = min(w - 1, Int(outerR.rounded(.up)) - 1)
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
                    PixelSurface.blend(row, i, color, c * weight * alpha)
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

    /// A straight stroke `width` pixels wide from (x0, y0) to (x1, y1), its ends extended
    /// by `cap` pixels (half the width joins the sides of an outline at its corners).
    mutating func stroke(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width lineWidth: Double,
                         color: UInt32, alpha: Double = 1, cap: Double = 0) {
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
        fill([PolyVertex(x: ax + nx, y: ay + ny, real: true), PolyVertex(x: bx + nx, y: by + ny, real: true),
              PolyVertex(x: bx - nx, y: by - ny, real: true), PolyVertex(x: ax - nx, y: ay - ny, real: true)],
             color: color, alpha: alpha)
    }

    /// A stroke in a rhythm: `on` pixels drawn, `off` skipped, along the segment (a solid
    /// stroke when `off` is 0). `phase` carries the rhythm on from the previous segment of
    /// an outline; the phase at the end is returned.
    @discardableResult
    mutating func dashed(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width lineWidth: Double,
                         color: UInt32, alpha: Double = 1, on: Double, off: Double, phase: Double = 0) -> Double {
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
                stroke(x0 + dx * a / length, y0 + dy * a / length, x0 + dx * b / length, y0 + dy * b / length,
                       width: lineWidth, color: color, alpha: alpha)
            }
            t += period
        }
        return (phase + length).truncatingRemainder(dividingBy: period)
    }

    /// An axis-aligned square centred on (x, y).
    mutating func square(_ x: Double, _ y: Double, half: Double, color: UInt32, alpha: Double = 1) {
        let h = max(half, 0.5)
        fill([PolyVertex(x: x - h, y: y - h, real: true), PolyVertex(x: x + h, y: y - h, real: true),
              PolyVertex(x: x + h, y: y + h, real: true), PolyVertex(x: x - h, y: y + h, real: true)],
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

    /// The real edges of `poly`, each a band `lineWidth` pixels wide lying just **inside**
    /// the edge (a layer's outline is part of the layer, like Core Animation's border).
    mutating func outlineInside(_ poly: [PolyVertex], width lineWidth: Double, color: UInt32, alpha: Double = 1) {
        let n = poly.count
        guard n >= 3 else { return }
        var area2 = 0.0
        var prev = poly[n - 1]
        for v in poly { area2 += prev.x * v.y - v.x * prev.y; prev = v }
        // With y down, a positive shoelace sum runs clockwise on screen: the inside is to the right.
        let sign: Double = area2 >= 0 ? 1 : -1
        for i in 0..<n where poly[i].real {
            let a = poly[i], b = poly[(i + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-9 else { continue }
            let ix = -dy / length * lineWidth * sign, iy = dx / length * lineWidth * sign
            fill([PolyVertex(x: a.x, y: a.y, real: true), PolyVertex(x: b.x, y: b.y, real: true),
                  PolyVertex(x: b.x + ix, y: b.y + iy, real: true), PolyVertex(x: a.x + ix, y: a.y + iy, real: true)],
                 color: color, alpha: alpha)
        }
    }

    /// The real edges of `poly` as strokes centred on them, in a rhythm (`dashed`).
    mutating func outlineCentred(_ poly: [PolyVertex], width lineWidth: Double, color: UInt32, alpha: Double = 1,
                                 on: Double = 1, off: Double = 0) {
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
