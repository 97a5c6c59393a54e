import Synchronization
import Cells
import LayerModel

/// A colour packed for the hot loops: 0xRRGGBB in the low 24 bits, plus flags.
typealias Packed = UInt32

enum PackedColor {
    static let present: Packed = 1 << 24
    static let dim: Packed = 1 << 25
    static let bold: Packed = 1 << 26
    /// An overlay (selection marks, annotations): composed in a colour that contrasts with
    /// what is under it (`OverlayContrast.pick`) instead of exactly this one.
    static let adaptive: Packed = 1 << 27
    /// A filled layer's own outline: in a cell where it meets two other colours (its fill
    /// and what is outside), it also takes the covered samples of the colour nearer its own,
    /// so the cell shows the layer's true edge at sub-cell resolution instead of painting
    /// the outside in the fill colour (the staircase of whole cells).
    static let edge: Packed = 1 << 28
    static let rgbMask: Packed = 0xFF_FFFF

    @inline(__always)
    static func pack(_ c: Color) -> Packed {
        present | Packed(c.red) << 16 | Packed(c.green) << 8 | Packed(c.blue)
    }

    /// `top` over `bottom` at `alpha` (0…1), in sRGB (good enough to show "translucent").
    @inline(__always)
    static func blend(_ top: Packed, over bottom: Packed, alpha: Double) -> Packed {
        blend(top, over: bottom, alpha256: alpha256(alpha))
    }

    /// Opacity as 0…256 for integer blending.
    @inline(__always)
    static func alpha256(_ alpha: Double) -> Int {
        alpha >= 1 ? 256 : (alpha > 0 ? Int(alpha * 256 + 0.5) : 0)
    }

    /// Per channel `b + ((t − b)·a + 128) >> 8`, computed as `(t·a + b·(256 − a) + 128) >> 8`
    /// (the same number: adding 256·b inside a flooring shift adds b outside it), red and
    /// blue at once in the two 16-bit halves of one word, green in another (every half
    /// stays below 65 536: at most 255·256 + 128).
    @inline(__always)
    static func blend(_ top: Packed, over bottom: Packed, alpha256 a: Int) -> Packed {
        blend(premultiplied: premultiply(top, alpha256: a), over: bottom, alpha256: a)
    }

    /// The top colour's share of `blend`, `t·a` for red and blue (one word) and green:
    /// the per-polygon half of a fill of one colour.
    @inline(__always)
    static func premultiply(_ top: Packed, alpha256 a: Int) -> (rb: UInt32, g: UInt32) {
        let a = UInt32(truncatingIfNeeded: a)
        return ((top & 0xFF_00FF) &* a, (top & 0xFF00) &* a)
    }

    /// `blend` with the top colour premultiplied (`premultiply`): the per-pixel half.
    @inline(__always)
    static func blend(premultiplied ta: (rb: UInt32, g: UInt32), over bottom: Packed, alpha256 a: Int) -> Packed {
        let ia = UInt32(truncatingIfNeeded: 256 - a)
        let rb = ((ta.rb &+ (bottom & 0xFF_00FF) &* ia &+ 0x80_0080) >> 8) & 0xFF_00FF
        let g = ((ta.g &+ (bottom & 0xFF00) &* ia &+ 0x8000) >> 8) & 0xFF00
        return present | rb | g
    }

    static func color(_ p: Packed) -> Color {
        Color(red: UInt8((p >> 16) & 0xFF), green: UInt8((p >> 8) & 0xFF), blue: UInt8(p & 0xFF))
    }

    static func cellColor(_ p: Packed) -> CellColor {
        CellColor.rgb(UInt8((p >> 16) & 0xFF), UInt8((p >> 8) & 0xFF), UInt8(p & 0xFF))
    }

    /// True when `top` at `a` over `backdrop` differs from the backdrop by at most 6 on
    /// every channel: nothing anyone would see, so it is left to the terminal's background.
    static func isInvisible(_ top: Packed, alpha256 a: Int, over backdrop: Packed) -> Bool {
        let b = blend(top, over: backdrop | present, alpha256: a)
        for shift: Packed in [16, 8, 0] where abs(Int((b >> shift) & 0xFF) - Int((backdrop >> shift) & 0xFF)) > 6 {
            return false
        }
        return true
    }

    /// Perceived brightness 0…255.
    static func luma(_ p: Packed) -> Double {
        0.299 * Double((p >> 16) & 0xFF) + 0.587 * Double((p >> 8) & 0xFF) + 0.114 * Double(p & 0xFF)
    }

    /// A colour that stands out on `p`: toward black on light colours, toward white on dark.
    static func contrasting(_ p: Packed, amount: Double = 0.55) -> Packed {
        blend(luma(p) > 140 ? present : present | 0xFF_FFFF, over: p, alpha: amount)
    }
}

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

/// Glyph tables, built once.
enum Glyphs {
    /// U+2800 + dot bits.
    static let braille: [Unicode.Scalar] = (0..<256).map { Unicode.Scalar(UInt32(0x2800 + $0))! }
    static let upperHalf: Unicode.Scalar = "\u{2580}"  // ▀
    static let lowerHalf: Unicode.Scalar = "\u{2584}"  // ▄
    static let fullBlock: Unicode.Scalar = "\u{2588}"  // █
    /// Markers avoid East-Asian-ambiguous glyphs (terminal.md): all of these are "N".
    static let anchor: Character = "\u{25C9}"     // ◉ FISHEYE
    static let crosshair: Character = "\u{271B}"  // ✛ OPEN CENTRE CROSS
    static let dashHorizontal: Character = "\u{254C}"  // ╌
    static let dashVertical: Character = "\u{254E}"    // ╎
    static let ascii: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// `▀▄▌▐` for the braille masks of exactly a half cell, else nil.
    static let halfCell: [Unicode.Scalar?] = (0..<256).map { mask -> Unicode.Scalar? in
        switch mask {
        case 0x1B: return "\u{2580}"   // top 4 dots ▀
        case 0xE4: return "\u{2584}"   // bottom 4 dots ▄
        case 0x47: return "\u{258C}"   // left column ▌
        case 0xB8: return "\u{2590}"   // right column ▐
        default: return nil
        }
    }

    /// The quadrant block for a braille mask: each 2 × 2 quadrant of the cell (a column of
    /// two dots) solid when either of its dots is lit. For a turned filled layer's rim
    /// (`PackedColor.edge`): solid sub-cells follow its edge, where braille dots next to solid
    /// blocks would read as a staircase of whole cells.
    static let quadrant: [Unicode.Scalar] = (0..<256).map { mask -> Unicode.Scalar in
        let glyphs: [Unicode.Scalar] = [" ", "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
                                        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}"]
        var q = 0
        if mask & 0x03 != 0 { q |= 1 }   // top left: dots 1, 2
        if mask & 0x18 != 0 { q |= 2 }   // top right: dots 4, 5
        if mask & 0x44 != 0 { q |= 4 }   // bottom left: dots 3, 7
        if mask & 0xA0 != 0 { q |= 8 }   // bottom right: dots 6, 8
        return glyphs[q]
    }

    /// The block octant for a **braille** mask (the octant grid is braille's, 2 × 4): U+1CD00…
    /// U+1CDE5 in mask order for the 230 masks Unicode 16 encodes there; the other 26 are
    /// characters that existed before (space, `█`, half, quarter and quadrant blocks).
    static let octant: [Unicode.Scalar] = {
        // Octant n (1 2 / 3 4 / 5 6 / 7 8) is bit n − 1: row · 2 + column, as in a sextant.
        let existing: [Int: UInt32] = [0: 0x20, 1: 0x1CEA8, 2: 0x1CEAB, 3: 0x1FB82, 5: 0x2598, 10: 0x259D, 15: 0x2580,
                                       20: 0x1FBE6, 40: 0x1FBE7, 63: 0x1FB85, 64: 0x1CEA3, 80: 0x2596, 85: 0x258C,
                                       90: 0x259E, 95: 0x259B, 128: 0x1CEA0, 160: 0x2597, 165: 0x259A, 170: 0x2590,
                                       175: 0x259C, 192: 0x2582, 240: 0x2584, 245: 0x2599, 250: 0x259F, 252: 0x2586,
                                       255: 0x2588]
        var byOctantMask = [Unicode.Scalar](repeating: " ", count: 256)
        var next: UInt32 = 0x1CD00
        for m in 0..<256 {
            if let e = existing[m] { byOctantMask[m] = Unicode.Scalar(e)! } else { byOctantMask[m] = Unicode.Scalar(next)!; next += 1 }
        }
        return (0..<256).map { dots in
            var m = 0
            for k in 0..<8 where UInt8(dots) & Glyphs.brailleBit(k) != 0 { m |= 1 << k }
            return byOctantMask[m]
        }
    }()

    /// The block sextant (U+1FB00…U+1FB3B) for a 6-bit mask of a cell's 2 × 3 sub-cells, bit
    /// `1 << (row · 2 + column)` (Unicode numbers them 1…6 in the same order). The empty and
    /// full masks are a space and `█`; the two half columns are `▌` and `▐` (Block Elements),
    /// which is why the sextant block skips them.
    static let sextant: [Unicode.Scalar] = (0..<64).map { mask -> Unicode.Scalar in
        switch mask {
        case 0: return " "
        case 63: return "\u{2588}"
        case 0b010101: return "\u{258C}"
        case 0b101010: return "\u{2590}"
        default:
            let index = mask - 1 - (mask > 0b010101 ? 1 : 0) - (mask > 0b101010 ? 1 : 0)
            return Unicode.Scalar(UInt32(0x1FB00 + index))!
        }
    }

    /// Braille dot bit for dot (x 0…1, y 0…3) inside a cell.
    static let brailleBit: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
    /// `brailleBit[k]` from a constant (byte k of one word): no table load in hot loops.
    @inline(__always)
    static func brailleBit(_ k: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: UInt64(0x8040_2004_1002_0801) >> (UInt64(truncatingIfNeeded: k & 7) << 3))
    }
}

/// The working buffers of one frame: fill pixels, ink (outline dots or glyphs) per cell,
/// markers; composed into a `Canvas` at the end. Polygons arrive in continuous cell
/// coordinates; each primitive scales them to its own grid.
struct RasterSurface {
    let mode: RenderMode
    let columns: Int
    let rows: Int
    let cellAspect: Double
    /// Fill samples per cell: half-block pixels (1 × 2) except in ascii (1 × 1).
    let fillGrid: SubcellGrid
    /// Line samples per cell: braille dots (2 × 4), half-block pixels (1 × 2), or cells.
    let lineGrid: SubcellGrid
    let backdrop: Packed

    /// Fill grid pixels, row-major; 0 = nothing drawn. In blocks mode lines land here too.
    var fill: [Packed]
    /// Per cell: braille dot bits (braille) or an ASCII code (ascii); 0 = none.
    var ink: [UInt8]
    /// Per cell: the colour and flags of the last ink written there.
    var inkColor: [Packed]
    /// Where each drawn layer landed (cell coordinates), for labels; filled only when asked.
    var labelBoxes: [LabelBox] = []
    /// Cells the selection's marks cover (anchor, crosshair): no name goes on them.
    var markCells: [Int] = []
    /// Whole-cell glyphs drawn last, in order (later wins).
    var markers: [(cell: Int, glyph: Character, color: Packed)] = []

    let fillWidth: Int
    let fillHeight: Int
    let lineWidth: Int
    let lineHeight: Int

    init(mode: RenderMode, columns: Int, rows: Int, cellAspect: Double, backdrop: Packed) {
        self.mode = mode
        self.columns = columns
        self.rows = rows
        self.cellAspect = cellAspect
        self.backdrop = backdrop
        switch mode {
        case .ascii: fillGrid = .cell; lineGrid = .cell
        case .blocks: fillGrid = .halfBlock; lineGrid = .halfBlock
        case .braille, .auto, .octant: fillGrid = .braille; lineGrid = .braille
        case .sextant: fillGrid = .sextant; lineGrid = .sextant
        }
        fillWidth = columns * fillGrid.perColumn
        fillHeight = rows * fillGrid.perRow
        lineWidth = columns * lineGrid.perColumn
        lineHeight = rows * lineGrid.perRow
        // The last frame's buffers when there are some (zeroed, resized): a frame allocates
        // nothing this big, and the allocator does not hand the pages back and fault them in
        // again every frame.
        var buffers = RasterSurface.spare.withLock { spare in spare.take() } ?? Buffers()
        RasterSurface.zero(&buffers.fill, count: columns * rows * fillGrid.perColumn * fillGrid.perRow)
        RasterSurface.zero(&buffers.ink, count: mode == .blocks ? 0 : columns * rows)
        RasterSurface.zero(&buffers.inkColor, count: mode == .blocks ? 0 : columns * rows)
        fill = buffers.fill
        ink = buffers.ink
        inkColor = buffers.inkColor
    }

    /// The per-frame buffers, kept between frames (one set: frames of one session share a size).
    struct Buffers {
        var fill: [Packed] = []
        var ink: [UInt8] = []
        var inkColor: [Packed] = []
    }

    private static let spare = Mutex<Buffers?>(nil)

    /// Hands this frame's buffers to the next frame; the surface is empty afterwards.
    mutating func recycle() {
        let buffers = Buffers(fill: fill, ink: ink, inkColor: inkColor)
        fill = []; ink = []; inkColor = []
        RasterSurface.spare.withLock { spare in spare = buffers }
    }

    /// `count` zeros, reusing the array's storage when it is large enough.
    private static func zero<T: FixedWidthInteger>(_ a: inout [T], count: Int) {
        if a.count == count {
            a.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            a.removeAll(keepingCapacity: true)
            a.append(contentsOf: repeatElement(0, count: count))
        }
    }

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
        var minY = Double.infinity, maxY = -Double.infinity
        for v in poly { minY = min(minY, v.y); maxY = max(maxY, v.y) }
        minY *= sy; maxY *= sy
        let h = fillHeight, w = fillWidth
        // Rows whose centre j + 0.5 lies in [minY, maxY).
        let j0 = max(0, RasterSurface.ceilClamped(minY - 0.5))
        let j1 = min(h - 1, RasterSurface.ceilClamped(maxY - 0.5) - 1)
        guard j0 <= j1 else { return }
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
        fill.withUnsafeMutableBufferPointer { fill in
        ink.withUnsafeMutableBufferPointer { ink in
        inkColor.withUnsafeMutableBufferPointer { inkColor in
        poly.withUnsafeBufferPointer { poly in
        // Per edge, once: its row range and slope, so a row costs a multiply per crossing
        // instead of a divide (see `spanEnds`).
        withUnsafeTemporaryAllocation(of: EdgeRun.self, capacity: n) { edges in
            var maxAbsX = 0.0
            var prev = poly[n - 1]
            for (k, v) in poly.enumerated() {
                let py = prev.y * sy, vy = v.y * sy
                (edges.baseAddress! + k).initialize(to: EdgeRun(low: min(py, vy), high: max(py, vy), y: py, x: prev.x,
                                   slope: (v.x - prev.x) / (vy - py)))
                maxAbsX = max(maxAbsX, abs(v.x))
                prev = v
            }
            // Far more than the two ways of computing a crossing can differ by (a few ulps).
            let tolerance = 1e-12 * (3 * maxAbsX + 1) * sx
            let fillBase = fill.baseAddress!, inkBase = ink.baseAddress
            for j in j0...j1 {
                let y = Double(j) + 0.5
                guard let (i0, i1) = RasterSurface.spanEnds(y: y, edges: edges, poly: poly, sx: sx, sy: sy,
                                                            tolerance: tolerance, width: w) else { continue }
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
    static func spanEnds(y: Double, edges: UnsafeMutableBufferPointer<EdgeRun>, poly: UnsafeBufferPointer<PolyVertex>,
                         sx: Double, sy: Double, tolerance: Double, width w: Int) -> (Int, Int)? {
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
            exact = right - left < tolerance
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
        guard let (t0, t1) = PolygonOps.clipSegment(ax, ay, bx, by, minX: -1, minY: -1,
                                                    maxX: Double(w + 1), maxY: Double(h + 1)) else { return }
        let dx = bx - ax, dy = by - ay
        var x = RasterSurface.floorClamped(ax + t0 * dx), y = RasterSurface.floorClamped(ay + t0 * dy)
        let ex = RasterSurface.floorClamped(ax + t1 * dx), ey = RasterSurface.floorClamped(ay + t1 * dy)
        let ddx = abs(ex - x), ddy = -abs(ey - y)
        let stepX = x < ex ? 1 : -1, stepY = y < ey ? 1 : -1
        var err = ddx + ddy
        let a256 = PackedColor.alpha256(alpha)
        let opaque = alpha >= 0.999, occludes = alpha >= 0.5
        let braille = mode == .braille || mode == .auto || mode == .octant
        let plain = color & ~(PackedColor.dim | PackedColor.bold | PackedColor.edge) | PackedColor.present
        while true {
            if x >= 0, y >= 0, x < w, y < h {
                let i = y * w + x
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
            if x == ex && y == ey { break }
            let e2 = 2 * err
            if e2 >= ddy { err += ddy; x += stepX }
            if e2 <= ddx { err += ddx; y += stepY }
        }
    }

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
            drawLine(inside(a.x * sx, cx), inside(a.y * sy, cy), inside(b.x * sx, cx), inside(b.y * sy, cy),
                     color: color, pattern: pattern, glyph: asciiGlyph(dx: b.x - a.x, dy: b.y - a.y))
        }
        if mode == .ascii {
            // Corners: where two outline edges meet.
            for i in 0..<n where poly[i].real && poly[i == 0 ? n - 1 : i - 1].real {
                plot(RasterSurface.floorClamped(inside(poly[i].x, cx)), RasterSurface.floorClamped(inside(poly[i].y, cy)),
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
    mutating func drawLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                           color: Packed, pattern: LinePattern, glyph: UInt8) {
        let w = lineWidth, h = lineHeight
        guard let (t0, t1) = PolygonOps.clipSegment(x0, y0, x1, y1, minX: -1, minY: -1,
                                                    maxX: Double(w + 1), maxY: Double(h + 1)) else { return }
        let dx = x1 - x0, dy = y1 - y0
        var x = RasterSurface.floorClamped(x0 + t0 * dx), y = RasterSurface.floorClamped(y0 + t0 * dy)
        let ex = RasterSurface.floorClamped(x0 + t1 * dx), ey = RasterSurface.floorClamped(y0 + t1 * dy)
        // Keep the dash phase anchored to the line's true start, not the clipped one.
        var k = pattern == .solid ? 0 : RasterSurface.floorClamped(t0 * max(abs(dx), abs(dy)))
        let coarse = lineGrid.perRow < 4
        let solid = pattern == .solid
        let ddx = abs(ex - x), ddy = -abs(ey - y)
        let stepX = x < ex ? 1 : -1, stepY = y < ey ? 1 : -1
        var err = ddx + ddy
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
                if !sextant && solid && min(x, ex) >= 0 && max(x, ex) < w && min(y, ey) >= 0 && max(y, ey) < h {
                    if y == ey {
                        let rowCells = (y >> 2) * columns, dotRow = (y & 3) << 1
                        for xi in min(x, ex)...max(x, ex) {
                            put(rowCells + (xi >> 1), Glyphs.brailleBit(dotRow | (xi & 1)))
                        }
                        return
                    }
                    if x == ex {
                        let column = x >> 1, dotColumn = x & 1
                        for yi in min(y, ey)...max(y, ey) {
                            put((yi >> 2) * columns + column, Glyphs.brailleBit((yi & 3) << 1 | dotColumn))
                        }
                        return
                    }
                    while true {
                        put((y >> 2) * columns + (x >> 1), Glyphs.brailleBit((y & 3) << 1 | (x & 1)))
                        if x == ex && y == ey { break }
                        let e2 = 2 * err
                        if e2 >= ddy { err += ddy; x += stepX }
                        if e2 <= ddx { err += ddx; y += stepY }
                    }
                    return
                }
                while true {
                    if x >= 0, y >= 0, x < w, y < h, solid || pattern.isOn(k, coarse: coarse) {
                        let cell: Int, bit: UInt8
                        if sextant {
                            cell = (y / 3) * columns + (x >> 1); bit = 1 << UInt8((y % 3) << 1 | (x & 1))
                        } else {
                            cell = (y >> 2) * columns + (x >> 1); bit = bits[(y & 3) << 1 | (x & 1)]
                        }
                        put(cell, bit)
                    }
                    if x == ex && y == ey { break }
                    let e2 = 2 * err
                    if e2 >= ddy { err += ddy; x += stepX }
                    if e2 <= ddx { err += ddx; y += stepY }
                    k += 1
                }
            }
            }
            }
        case .blocks, .ascii:
            while true {
                if solid || pattern.isOn(k, coarse: coarse) { plot(x, y, color: color, glyph: glyph) }
                if x == ex && y == ey { break }
                let e2 = 2 * err
                if e2 >= ddy { err += ddy; x += stepX }
                if e2 <= ddx { err += ddx; y += stepY }
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
            if color & PackedColor.adaptive != 0 {
                let old = fill[i]
                let under = old & PackedColor.present != 0 ? old : backdrop
                fill[i] = PackedColor.pack(OverlayContrast.pick(PackedColor.color(color), on: PackedColor.color(under)))
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
        plot(RasterSurface.floorClamped(x * Double(lineGrid.perColumn)),
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

    // MARK: Composition

    /// Turns the buffers into cells: braille dots over half-block fills (the dots take the
    /// outline colour as foreground and the fill as background), or half blocks alone, or
    /// ASCII glyphs over `.` fills; then markers.
    func compose(into canvas: inout Canvas) {
        precondition(canvas.columns == columns && canvas.rows == rows, "RasterSurface: canvas size mismatch")
        // Overlay colours against what is under them; few distinct pairs per frame, so cached.
        var contrastCache: [UInt64: Packed] = [:]
        let backdrop = self.backdrop
        func adapt(_ fg: Packed, over bg: Packed) -> Packed {
            guard fg & PackedColor.adaptive != 0 else { return fg }
            let under = bg & PackedColor.present != 0 ? bg : backdrop
            let key = UInt64(fg & PackedColor.rgbMask) << 32 | UInt64(under & PackedColor.rgbMask)
            let rgb: Packed
            if let hit = contrastCache[key] {
                rgb = hit
            } else {
                rgb = PackedColor.pack(OverlayContrast.pick(PackedColor.color(fg), on: PackedColor.color(under))) & PackedColor.rgbMask
                contrastCache[key] = rgb
            }
            return fg & ~PackedColor.rgbMask | rgb
        }
        let w = columns, fw = fillWidth
        let braille = Glyphs.braille, ascii = Glyphs.ascii
        let octant = mode == .octant
        let ink = self.ink, inkColor = self.inkColor
        let mode = self.mode
        self.fill.withUnsafeBufferPointer { fill in
        canvas.withUnsafeMutableCells { cells in
            for r in 0..<rows {
                let top = (2 * r) * w, bottom = (2 * r + 1) * w
                for c in 0..<w {
                    let cell = r * w + c
                    switch mode {
                    case .braille, .auto, .octant:
                        let dots = ink[cell]
                        let base = (4 * r) * fw + 2 * c
                        // The cell's 8 fill samples, in braille bit order (k = dy·2 + dx).
                        @inline(__always) func sample(_ k: Int) -> Packed { fill[base + (k >> 1) * fw + (k & 1)] }
                        let first = fill[base]
                        let r1 = base + fw, r2 = r1 + fw, r3 = r2 + fw
                        let uniform = fill[base + 1] == first && fill[r1] == first && fill[r1 + 1] == first
                            && fill[r2] == first && fill[r2 + 1] == first && fill[r3] == first && fill[r3 + 1] == first
                        if dots != 0 {
                            // Dots in the outline colour over the commonest fill under the undotted samples.
                            var under = uniform ? first : RasterSurface.commonest(among: ~dots, sample)
                            var dots = dots
                            var glyph = octant ? Glyphs.octant[Int(dots)] : braille[Int(dots)]
                            if inkColor[cell] & PackedColor.edge != 0 && !uniform {
                                // A turned filled layer's rim: its covered samples (its fill's
                                // colour, the one nearest the outline's, under the dots too) as
                                // solid quadrants in the outline colour over the rest.
                                let own = dots
                                (dots, under) = RasterSurface.edgeCell(dots: dots, under: first, ink: inkColor[cell], count: 8,
                                                                       bit: { Glyphs.brailleBit($0) }, backdrop: backdrop, sample,
                                                                       byColourOnly: true)
                                if inkColor[cell] & PackedColor.adaptive != 0 {
                                    // The selection's outline over the rim: its dots and the
                                    // covered samples, as dots, over the outside.
                                    dots |= own
                                    glyph = octant ? Glyphs.octant[Int(dots)] : braille[Int(dots)]
                                } else {
                                    glyph = octant ? Glyphs.octant[Int(dots)] : Glyphs.quadrant[Int(dots)]
                                }
                            }
                            cells[cell] = Cell(scalar: glyph, style: RasterSurface.style(adapt(inkColor[cell], over: under), background: under))
                        } else if uniform {
                            if first & PackedColor.present != 0 { cells[cell] = RasterSurface.solid(first) }
                        } else {
                            cells[cell] = octant ? RasterSurface.twoColourOctant(sample) : RasterSurface.twoColourCell(sample)
                        }
                    case .sextant:
                        let base = (3 * r) * fw + 2 * c
                        // The cell's 6 fill samples, k = row · 2 + column.
                        @inline(__always) func sample(_ k: Int) -> Packed { fill[base + (k >> 1) * fw + (k & 1)] }
                        let first = fill[base]
                        let uniform = fill[base + 1] == first && fill[base + fw] == first && fill[base + fw + 1] == first
                            && fill[base + 2 * fw] == first && fill[base + 2 * fw + 1] == first
                        let ink = ink[cell]
                        if ink != 0 {
                            // Lines in their colour over the commonest fill of the other sub-cells.
                            var under = uniform ? first : RasterSurface.commonestSextant(among: ~ink & 63, sample)
                            var ink = ink
                            if !uniform, inkColor[cell] & PackedColor.edge != 0 {
                                (ink, under) = RasterSurface.edgeCell(dots: ink, under: under, ink: inkColor[cell], count: 6,
                                                                      bit: { 1 << UInt8($0) }, backdrop: backdrop, sample)
                            }
                            cells[cell] = Cell(scalar: Glyphs.sextant[Int(ink)], style: RasterSurface.style(adapt(inkColor[cell], over: under), background: under))
                        } else if uniform {
                            if first & PackedColor.present != 0 { cells[cell] = RasterSurface.solid(first) }
                        } else {
                            cells[cell] = RasterSurface.twoColourSextant(sample)
                        }
                    case .blocks:
                        let t = fill[top + c], b = fill[bottom + c]
                        if (t | b) & PackedColor.present != 0 {
                            cells[cell] = RasterSurface.halfBlock(t, b)
                        }
                    case .ascii:
                        let f = fill[cell]
                        let g = ink[cell]
                        if g != 0 {
                            cells[cell] = Cell(ascii[Int(g & 0x7F)], style: RasterSurface.style(adapt(inkColor[cell], over: f), background: f))
                        } else if f & PackedColor.present != 0 {
                            cells[cell] = Cell(".", style: RasterSurface.style(PackedColor.contrasting(f), background: f))
                        }
                    }
                }
            }
            for m in markers {
                let under = backgroundUnder(cell: m.cell)
                cells[m.cell] = Cell(m.glyph, style: RasterSurface.style(adapt(m.color, over: under), background: under))
            }
        }
        }
    }

    /// A cell where a filled layer's outline (`PackedColor.edge`) meets two other colours:
    /// `under` (the commonest of the undotted samples) and another. The one nearer the
    /// outline's colour (the layer's fill: the outline is its tint or shade) joins the dots,
    /// the other is the background, so the cell's lit samples are exactly the layer's.
    @inline(__always)
    ///
    /// `byColourOnly`: the result is the mask of every sample (under the dots too) in the
    /// layer's fill colour — the commonest under the dots — over the commonest of the others.
    static func edgeCell(dots: UInt8, under: Packed, ink: Packed, count: Int, bit: (Int) -> UInt8, backdrop: Packed,
                         _ sample: (Int) -> Packed, byColourOnly: Bool = false) -> (UInt8, Packed) {
        func rgb(_ p: Packed) -> Packed { p & PackedColor.present != 0 ? p : backdrop }
        func distance(_ a: Packed, _ b: Packed) -> Int {
            let a = rgb(a), b = rgb(b)
            let dr = Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF)
            let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
            let db = Int(a & 0xFF) - Int(b & 0xFF)
            return dr * dr + dg * dg + db * db
        }
        if byColourOnly {
            // The layer's fill: what lies under its outline's dots (the outline runs on the
            // first samples inside), else the colour nearest the outline's.
            var nearest = commonest(among: dots, count: count, bit: bit, sample)
            if dots == 0 || nearest & PackedColor.present == 0 {
                var best = distance(ink, sample(0))
                nearest = sample(0)
                for k in 1..<count {
                    let d = distance(ink, sample(k))
                    if d < best { best = d; nearest = sample(k) }
                }
            }
            var mask: UInt8 = 0
            for k in 0..<count where sample(k) == nearest { mask |= bit(k) }
            let rest = commonest(among: ~mask, count: count, bit: bit, sample)
            return (mask, rest)
        }
        var other: Packed = 0, otherMask: UInt8 = 0, underMask: UInt8 = 0, found = false
        for k in 0..<count where dots & bit(k) == 0 {
            let s = sample(k)
            if s == under { underMask |= bit(k); continue }
            if !found { other = s; found = true }
            if s == other { otherMask |= bit(k) }
        }
        guard found else { return (dots, under) }
        if distance(ink, other) < distance(ink, under) {
            return (dots | otherMask, under)
        }
        return (dots | underMask, other)
    }

    private func backgroundUnder(cell: Int) -> Packed {
        switch mode {
        case .ascii: return fill[cell]
        case .braille, .auto, .octant:
            let r = cell / columns, c = cell % columns, fw = fillWidth
            let base = (4 * r) * fw + 2 * c
            return RasterSurface.commonest(among: 0xFF) { fill[base + ($0 >> 1) * fw + ($0 & 1)] }
        case .sextant:
            let r = cell / columns, c = cell % columns, fw = fillWidth
            let base = (3 * r) * fw + 2 * c
            return RasterSurface.commonestSextant(among: 63) { fill[base + ($0 >> 1) * fw + ($0 & 1)] }
        case .blocks:
            let r = cell / columns, c = cell % columns
            let top = fill[(2 * r) * columns + c]
            return top & PackedColor.present != 0 ? top : fill[(2 * r + 1) * columns + c]
        }
    }

    @inline(__always)
    static func style(_ fg: Packed, background bg: Packed) -> CellStyle {
        CellStyle(foreground: fg & PackedColor.present != 0 ? PackedColor.cellColor(fg) : .default,
                  background: bg & PackedColor.present != 0 ? PackedColor.cellColor(bg) : .default,
                  bold: fg & PackedColor.bold != 0, dim: fg & PackedColor.dim != 0)
    }

    /// The commonest of a cell's `count` samples whose bit (`bit(k)`) is in `mask` (ties: the
    /// drawn colour, then the earlier sample); 0 when `mask` is empty.
    @inline(__always)
    static func commonest(among mask: UInt8, count: Int, bit: (Int) -> UInt8, _ sample: (Int) -> Packed) -> Packed {
        // The samples once, and the mask by sample index (bit k = sample k) rather than by dot.
        var s = SIMD8<UInt32>()
        var byIndex: UInt8 = 0
        for k in 0..<count {
            s[k] = sample(k)
            if mask & bit(k) != 0 { byIndex |= 1 << k }
        }
        var best: Packed = 0, bestCount = 0
        var todo = byIndex
        while todo != 0 {
            // Each colour once, at its first sample: a repeat has the same count, and a
            // colour that did not win then cannot win on the tie rule later.
            let v = s[todo.trailingZeroBitCount]
            var n = 0, same: UInt8 = 0
            for m in 0..<count where byIndex >> m & 1 != 0 && s[m] == v { n += 1; same |= 1 << m }
            todo &= ~same
            if n > bestCount || (n == bestCount && best & PackedColor.present == 0 && v & PackedColor.present != 0) {
                best = v; bestCount = n
            }
        }
        return best
    }

    /// `commonest` over a braille cell's 8 samples (bits in braille order).
    @inline(__always)
    static func commonest(among mask: UInt8, _ sample: (Int) -> Packed) -> Packed {
        commonest(among: mask, count: 8, bit: { Glyphs.brailleBit($0) }, sample)
    }

    /// `commonest` over a sextant cell's 6 samples (bit `1 << k`).
    @inline(__always)
    static func commonestSextant(among mask: UInt8, _ sample: (Int) -> Packed) -> Packed {
        commonest(among: mask, count: 6, bit: { 1 << UInt8($0) }, sample)
    }

    /// A cell whose samples hold more than one colour and no lines: the commonest colour is
    /// the background, the next the foreground, exactly on its samples (`mask`). A third
    /// colour (rare: three layers meeting in one cell) shows as the background. An undrawn
    /// colour never becomes a foreground: the drawn one does, with the terminal's own
    /// background behind it.
    @inline(__always)
    static func twoColours(count: Int, bit: (Int) -> UInt8, _ sample: (Int) -> Packed) -> (fg: Packed, bg: Packed, mask: UInt8) {
        let all: UInt8 = count == 8 ? 0xFF : UInt8((1 << count) - 1)
        let a = commonest(among: all, count: count, bit: bit, sample)
        var rest: UInt8 = 0
        for k in 0..<count where sample(k) != a { rest |= bit(k) }
        let b = commonest(among: rest, count: count, bit: bit, sample)
        var mask: UInt8 = 0
        if b & PackedColor.present == 0 {
            // `a` drawn, `b` not: draw every drawn sample in `a` over the terminal background.
            for k in 0..<count where sample(k) & PackedColor.present != 0 { mask |= bit(k) }
            return (a, 0, mask)
        }
        for k in 0..<count where sample(k) == b { mask |= bit(k) }
        return (b, a, mask)
    }

    /// A braille cell of two colours: the foreground as braille dots exactly on its samples,
    /// or as a half block (`▀▄▌▐`) when they are exactly half the cell (solid, and just as
    /// exact). Quadrant blocks were tried: they are solid, but a quadrant (a column of 2
    /// samples) must round, which cut thin diagonal layers apart.
    static func twoColourCell(_ sample: (Int) -> Packed) -> Cell {
        let (fg, bg, mask) = twoColours(count: 8, bit: { Glyphs.brailleBit($0) }, sample)
        let glyph = Glyphs.halfCell[Int(mask)] ?? Glyphs.braille[Int(mask)]
        return Cell(scalar: glyph, style: style(fg, background: bg))
    }

    /// An octant cell of two colours: the foreground as solid eighths exactly on its samples.
    static func twoColourOctant(_ sample: (Int) -> Packed) -> Cell {
        let (fg, bg, mask) = twoColours(count: 8, bit: { Glyphs.brailleBit($0) }, sample)
        return Cell(scalar: Glyphs.octant[Int(mask)], style: style(fg, background: bg))
    }

    /// A sextant cell of two colours: the foreground as solid sub-cells exactly on its samples.
    static func twoColourSextant(_ sample: (Int) -> Packed) -> Cell {
        let (fg, bg, mask) = twoColours(count: 6, bit: { 1 << UInt8($0) }, sample)
        return Cell(scalar: Glyphs.sextant[Int(mask)], style: style(fg, background: bg))
    }

    /// A whole cell of one drawn colour: `█` on its own colour.
    @inline(__always)
    static func solid(_ p: Packed) -> Cell {
        let color = PackedColor.cellColor(p)
        return Cell(scalar: Glyphs.fullBlock, style: CellStyle(foreground: color, background: color))
    }

    /// `▀`/`▄`/`█` for a cell's two half-block pixels (at least one is drawn).
    @inline(__always)
    static func halfBlock(_ top: Packed, _ bottom: Packed) -> Cell {
        let t = top & PackedColor.present != 0, b = bottom & PackedColor.present != 0
        switch (t, b) {
        case (true, true):
            if top & PackedColor.rgbMask == bottom & PackedColor.rgbMask {
                let c = PackedColor.cellColor(top)
                return Cell(scalar: Glyphs.fullBlock, style: CellStyle(foreground: c, background: c))
            }
            return Cell(scalar: Glyphs.upperHalf, style: CellStyle(foreground: PackedColor.cellColor(top),
                                                         background: PackedColor.cellColor(bottom)))
        case (true, false):
            return Cell(scalar: Glyphs.upperHalf, style: CellStyle(foreground: PackedColor.cellColor(top)))
        case (false, true):
            return Cell(scalar: Glyphs.lowerHalf, style: CellStyle(foreground: PackedColor.cellColor(bottom)))
        case (false, false):
            return Cell.blank
        }
    }

    // MARK: Safe conversions

    /// floor(x) as an Int, clamped to ±2³⁰ (never traps on huge or non-finite values).
    @inline(__always)
    static func floorClamped(_ x: Double) -> Int {
        guard x == x else { return -(1 << 30) }
        // Truncate, then step down for negative non-integers: floor without a libm call.
        let c = min(max(x, -1_073_741_824), 1_073_741_824)
        let t = Int(c)
        return Double(t) > c ? t - 1 : t
    }

    @inline(__always)
    static func ceilClamped(_ x: Double) -> Int {
        guard x == x else { return 1 << 30 }
        let c = min(max(x, -1_073_741_824), 1_073_741_824)
        let t = Int(c)
        return Double(t) < c ? t + 1 : t
    }
}
