import Cells
import LayerModel

/// A line's on/off rhythm, counted in grid steps along its major axis.
enum LinePattern {
    case solid, dashed, dotted

    @inline(__always)
    func isOn(_ k: Int, coarse: Bool) -> Bool {
        switch self {
        case .solid: return true
        case .dashed: return coarse ? k % 3 != 2 : k % 5 < 3
        case .dotted: return coarse ? k % 3 == 0 : k & 1 == 0
        }
    }
}

extension RasterSurface {
    // MARK: Lines

    /// Draws the real edges of `poly` (cell coordinates) in `color`, on the polygon's own
    /// **inside** samples, matching the half-open fill: each vertex moves half a sample
    /// toward the centroid on each axis (less for polygons thinner than a sample), then
    /// takes the sample whose interval (j, j + 1] holds it. A 16-point-wide box from x 4 at
    /// 2 points per column (x 4…20 = columns 2…10 continuous) is outlined on columns 2 and
    /// 9, the first and last whose centres are inside.
    mutating func outlinePolygon(_ poly: [PolyVertex], color: Packed, pattern: LinePattern) {
        let n = poly.count
        guard n >= 2 else { return }
        let sx = Double(lineGrid.perColumn), sy = Double(lineGrid.perRow)
        var cx = 0.0, cy = 0.0
        for v in poly { cx += v.x; cy += v.y }
        cx = cx * sx / Double(n); cy = cy * sy / Double(n)
        @inline(__always) func inside(_ v: Double, _ c: Double) -> Double {
            let shift = min(0.5, abs(c - v))
            let moved = v < c ? v + shift : v - shift
            return moved - max(1e-9, abs(moved) * 1e-12)
        }
        for i in 0..<n where poly[i].real {
            let a = poly[i], b = poly[i + 1 == n ? 0 : i + 1]
            drawLine(
                inside(a.x * sx, cx), inside(a.y * sy, cy), inside(b.x * sx, cx), inside(b.y * sy, cy),
                color: color, pattern: pattern, glyph: asciiGlyph(dx: b.x - a.x, dy: b.y - a.y))
        }
        if mode == .ascii {
            // Corners: where two outline edges meet.
            for i in 0..<n where poly[i].real && poly[i == 0 ? n - 1 : i - 1].real {
                plot(
                    RasterSurface.floorClamped(inside(poly[i].x, cx)), RasterSurface.floorClamped(inside(poly[i].y, cy)),
                    color: color, glyph: UInt8(ascii: "+"))
            }
        }
    }

    /// The ASCII glyph for an edge going (dx, dy) cells, judged by how it looks on screen.
    func asciiGlyph(dx: Double, dy: Double) -> UInt8 {
        let vx = abs(dx), vy = abs(dy) * cellAspect
        if vy <= 0.5 * vx { return UInt8(ascii: "-") }
        if vx <= 0.5 * vy { return UInt8(ascii: "|") }
        return (dx > 0) == (dy > 0) ? UInt8(ascii: "\\") : UInt8(ascii: "/")
    }

    /// A line between two points in **line-grid** coordinates, clipped to the canvas first
    /// (so a 1e9-point edge costs no more than a short one), then stepped with Bresenham.
    mutating func drawLine(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
        color: Packed, pattern: LinePattern, glyph: UInt8
    ) {
        let w = lineWidth, h = lineHeight
        guard var walk = BresenhamWalk(x0, y0, x1, y1, width: w, height: h) else { return }
        let ex = walk.endX, ey = walk.endY
        // Keep the dash phase anchored to the line's true start, not the clipped one.
        var k = pattern == .solid ? 0 : RasterSurface.floorClamped(walk.t0 * max(abs(x1 - x0), abs(y1 - y0)))
        let coarse = lineGrid.perRow < 4
        let solid = pattern == .solid
        switch mode {
        case .braille, .auto, .sextant, .octant:
            // Ink on the cell's sub-cells: braille dots (2 × 4) or sextants (2 × 3).
            let columns = self.columns
            let sextant = mode == .sextant
            ink.withUnsafeMutableBufferPointer { ink in
                inkColor.withUnsafeMutableBufferPointer { inkColor in
                    Glyphs.brailleBit.withUnsafeBufferPointer { bits in
                        // An overlay (the selection's outline) drawn over a turned filled layer's rim
                        // keeps the rim's `edge` flag, so the cell still shows the true edge.
                        let overlay = color & PackedColor.adaptive != 0
                        @inline(__always) func put(_ cell: Int, _ bit: UInt8) {
                            if overlay && ink[cell] != 0 {
                                inkColor[cell] = color | (inkColor[cell] & PackedColor.edge)
                            } else {
                                inkColor[cell] = color
                            }
                            ink[cell] |= bit
                        }
                        // A solid braille line with both ends on the canvas (the usual outline) stays on it:
                        // the same steps without the per-step checks; straight across or down, a plain run.
                        if !sextant && solid && min(walk.x, ex) >= 0 && max(walk.x, ex) < w && min(walk.y, ey) >= 0 && max(walk.y, ey) < h {
                            if walk.y == ey {
                                let rowCells = (walk.y >> 2) * columns, dotRow = (walk.y & 3) << 1
                                for xi in min(walk.x, ex)...max(walk.x, ex) {
                                    put(rowCells + (xi >> 1), Glyphs.brailleBit(dotRow | (xi & 1)))
                                }
                                return
                            }
                            if walk.x == ex {
                                let column = walk.x >> 1, dotColumn = walk.x & 1
                                for yi in min(walk.y, ey)...max(walk.y, ey) {
                                    put((yi >> 2) * columns + column, Glyphs.brailleBit((yi & 3) << 1 | dotColumn))
                                }
                                return
                            }
                            while true {
                                put((walk.y >> 2) * columns + (walk.x >> 1), Glyphs.brailleBit((walk.y & 3) << 1 | (walk.x & 1)))
                                if walk.atEnd { break }
                                walk.step()
                            }
                            return
                        }
                        while true {
                            if walk.x >= 0, walk.y >= 0, walk.x < w, walk.y < h, solid || pattern.isOn(k, coarse: coarse) {
                                let cell: Int, bit: UInt8
                                if sextant {
                                    cell = (walk.y / 3) * columns + (walk.x >> 1); bit = 1 << UInt8((walk.y % 3) << 1 | (walk.x & 1))
                                } else {
                                    cell = (walk.y >> 2) * columns + (walk.x >> 1); bit = bits[(walk.y & 3) << 1 | (walk.x & 1)]
                                }
                                put(cell, bit)
                            }
                            if walk.atEnd { break }
                            walk.step()
                            k += 1
                        }
                    }
                }
            }
        case .blocks, .ascii:
            while true {
                if solid || pattern.isOn(k, coarse: coarse) { plot(walk.x, walk.y, color: color, glyph: glyph) }
                if walk.atEnd { break }
                walk.step()
                k += 1
            }
        }
    }

    /// One line-grid sample of ink.
    @inline(__always)
    mutating func plot(_ x: Int, _ y: Int, color: Packed, glyph: UInt8) {
        guard x >= 0, y >= 0, x < lineWidth, y < lineHeight else { return }
        switch mode {
        case .braille, .auto, .octant:
            let cell = (y >> 2) * columns + (x >> 1)
            ink[cell] |= Glyphs.brailleBit((y & 3) << 1 | (x & 1))
            inkColor[cell] = color
        case .sextant:
            let cell = (y / 3) * columns + (x >> 1)
            ink[cell] |= 1 << UInt8((y % 3) << 1 | (x & 1))
            inkColor[cell] = color
        case .blocks:
            let i = y * fillWidth + x
            markFillSpan(row: y, from: x, to: x)
            if color & PackedColor.adaptive != 0 {
                let old = fill[i]
                let under = old & PackedColor.present != 0 ? old : backdrop
                fill[i] = PackedColor.pack(picks.pick(PackedColor.color(color), on: PackedColor.color(under)))
            } else if color & PackedColor.dim != 0 {
                let old = fill[i]
                fill[i] = PackedColor.blend(color, over: old & PackedColor.present != 0 ? old : backdrop, alpha256: 128)
            } else {
                fill[i] = color & ~(PackedColor.dim | PackedColor.bold | PackedColor.edge) | PackedColor.present
            }
        case .ascii:
            let cell = y * columns + x
            ink[cell] = glyph
            inkColor[cell] = color
        }
    }

    /// A single line-grid sample at a point in cell coordinates (for layers smaller than a dot).
    mutating func dot(atCellX x: Double, y: Double, color: Packed) {
        plot(
            RasterSurface.floorClamped(x * Double(lineGrid.perColumn)),
            RasterSurface.floorClamped(y * Double(lineGrid.perRow)), color: color, glyph: UInt8(ascii: "+"))
    }

    /// A whole-cell glyph drawn over everything else; off-canvas cells are ignored.
    mutating func marker(atCellX x: Double, y: Double, glyph: Character, color: Packed) {
        let c = RasterSurface.floorClamped(x), r = RasterSurface.floorClamped(y)
        guard c >= 0, r >= 0, c < columns, r < rows else { return }
        markers.append((r * columns + c, glyph, color))
    }

    /// Keeps names off the cells of the rectangle `x0…x1` × `y0…y1` (cell coordinates).
    mutating func markArea(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let c0 = max(0, RasterSurface.floorClamped(x0)), c1 = min(columns - 1, RasterSurface.floorClamped(x1))
        let r0 = max(0, RasterSurface.floorClamped(y0)), r1 = min(rows - 1, RasterSurface.floorClamped(y1))
        guard c0 <= c1, r0 <= r1 else { return }
        for r in r0...r1 { for c in c0...c1 { markCells.append(r * columns + c) } }
    }
}

/// A segment in sample coordinates, clipped to a grid of `width` × `height` samples (with one
/// sample of slack, so a 1e9-point edge costs no more than a short one), as Bresenham's integer
/// walk: where it starts and ends and how it steps (exactly one sample per step along the major
/// axis, 8-connected). Lines and the thin fills' strokes both walk with it.
struct BresenhamWalk {
    private(set) var x: Int, y: Int
    let endX: Int, endY: Int
    private let stepX: Int, stepY: Int, ddx: Int, ddy: Int
    private var err: Int
    /// Where the clipped segment starts along the whole one (0…1), for a dash pattern's phase.
    let t0: Double

    /// The segment is clipped from whichever end is nearer the canvas: clipped from a far
    /// end (1e288 cells out, a huge layer's edge), the canvas's part is a sliver of the
    /// parameter near 1, which rounds to 1 and leaves one point — a huge layer's left edge
    /// vanished so. From the near end the sliver is near 0, where doubles are fine.
    @inline(__always)
    init?(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Int, height: Int) {
        let reversed = abs(x1) + abs(y1) < abs(x0) + abs(y0)
        let (ax, ay, bx, by) = reversed ? (x1, y1, x0, y0) : (x0, y0, x1, y1)
        guard
            let (s0, s1) = PolygonOps.clipSegment(
                ax, ay, bx, by, minX: -1, minY: -1,
                maxX: Double(width + 1), maxY: Double(height + 1))
        else { return nil }
        let dx = bx - ax, dy = by - ay
        let near = (RasterSurface.floorClamped(ax + s0 * dx), RasterSurface.floorClamped(ay + s0 * dy))
        let far = (RasterSurface.floorClamped(ax + s1 * dx), RasterSurface.floorClamped(ay + s1 * dy))
        (x, y) = reversed ? far : near
        (endX, endY) = reversed ? near : far
        ddx = abs(endX - x); ddy = -abs(endY - y)
        stepX = x < endX ? 1 : -1; stepY = y < endY ? 1 : -1
        err = ddx + ddy
        self.t0 = reversed ? 1 - s1 : s0
    }

    var atEnd: Bool { x == endX && y == endY }

    @inline(__always)
    mutating func step() {
        let e2 = 2 * err
        if e2 >= ddy { err += ddy; x += stepX }
        if e2 <= ddx { err += ddx; y += stepY }
    }
}
