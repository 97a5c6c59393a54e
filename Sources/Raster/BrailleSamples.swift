/// A braille (or octant) cell's 8 fill samples, `k = dy · 2 + dx` (dy 0…3, dx 0…1), and the
/// composition's rules over them: the commonest colour, two colours, a filled layer's rim.
///
/// The same rules as `RasterSurface.commonest`, `twoColours` and `edgeCell` (which sextant
/// cells still use), worked on masks by sample index (bit k = sample k) with vector
/// comparisons instead of one sample at a time; braille dot masks are converted at the edges
/// (`indexMask(fromDots:)`, `dots(fromIndexMask:)`). `RasterFastPathTests` holds the two
/// equal on random cells.
struct BrailleSamples {
    let values: SIMD8<UInt32>

    /// From the cell's four sample rows, each read as one word (its left sample in the low half).
    @inline(__always)
    init(_ rows: SIMD4<UInt64>) {
        values = unsafeBitCast(rows, to: SIMD8<UInt32>.self)
    }

    init(_ sample: (Int) -> Packed) {
        var v = SIMD8<UInt32>()
        for k in 0..<8 { v[k] = sample(k) }
        values = v
    }

    /// Braille dot bits (`Glyphs.brailleBit(k)` for sample k) → sample-index bits.
    @inline(__always)
    static func indexMask(fromDots m: UInt8) -> UInt8 {
        // Dots 1, 4, 2, 5 (bits 0x01 0x08 0x02 0x10 0x04) are samples 0, 1, 2, 3, 4; the rest
        // (0x20 0x40 0x80: samples 5, 6, 7) are in place.
        (m & 0xE1) | (m & 0x08) >> 2 | (m & 0x02) << 1 | (m & 0x10) >> 1 | (m & 0x04) << 2
    }

    /// Sample-index bits → braille dot bits (the inverse of `indexMask(fromDots:)`).
    @inline(__always)
    static func dots(fromIndexMask x: UInt8) -> UInt8 {
        (x & 0xE1) | (x & 0x02) << 2 | (x & 0x04) >> 1 | (x & 0x08) << 1 | (x & 0x10) >> 2
    }

    /// The samples equal to `v`, by index (lanes read at constant indices: no vector
    /// comparison through memory).
    @inline(__always)
    func equalMask(_ v: Packed) -> UInt8 {
        let s = values
        var m: UInt8 = s[0] == v ? 0x01 : 0
        m |= s[1] == v ? 0x02 : 0
        m |= s[2] == v ? 0x04 : 0
        m |= s[3] == v ? 0x08 : 0
        m |= s[4] == v ? 0x10 : 0
        m |= s[5] == v ? 0x20 : 0
        m |= s[6] == v ? 0x40 : 0
        m |= s[7] == v ? 0x80 : 0
        return m
    }

    /// The samples something was drawn on, by index.
    @inline(__always)
    var presentMask: UInt8 {
        let s = values, p = PackedColor.present
        var m: UInt8 = s[0] & p != 0 ? 0x01 : 0
        m |= s[1] & p != 0 ? 0x02 : 0
        m |= s[2] & p != 0 ? 0x04 : 0
        m |= s[3] & p != 0 ? 0x08 : 0
        m |= s[4] & p != 0 ? 0x10 : 0
        m |= s[5] & p != 0 ? 0x20 : 0
        m |= s[6] & p != 0 ? 0x40 : 0
        m |= s[7] & p != 0 ? 0x80 : 0
        return m
    }

    @inline(__always)
    var isUniform: Bool { equalMask(values[0]) == 0xFF }

    /// The commonest of the samples in `byIndex` (ties: the drawn colour, then the earlier
    /// sample); 0 when `byIndex` is empty. `RasterSurface.commonest`, by index.
    @inline(__always)
    func commonest(amongIndices byIndex: UInt8) -> Packed {
        var best: Packed = 0, bestCount = 0
        var todo = byIndex
        while todo != 0 {
            // Each colour once, at its first sample: a repeat has the same count, and a
            // colour that did not win then cannot win on the tie rule later.
            let v = values[todo.trailingZeroBitCount]
            let same = equalMask(v) & byIndex
            let n = same.nonzeroBitCount
            todo &= ~same
            if n > bestCount || (n == bestCount && best & PackedColor.present == 0 && v & PackedColor.present != 0) {
                best = v; bestCount = n
            }
        }
        return best
    }

    /// The commonest of the samples under braille dot bits `mask`.
    @inline(__always)
    func commonest(amongDots mask: UInt8) -> Packed {
        commonest(amongIndices: Self.indexMask(fromDots: mask))
    }

    /// `RasterSurface.twoColours` over these samples: foreground, background and the
    /// foreground's samples as braille dot bits.
    func twoColours() -> (fg: Packed, bg: Packed, mask: UInt8) {
        let a = commonest(amongIndices: 0xFF)
        let b = commonest(amongIndices: ~equalMask(a))
        if b & PackedColor.present == 0 {
            // `a` drawn, `b` not: draw every drawn sample in `a` over the terminal background.
            return (a, 0, Self.dots(fromIndexMask: presentMask))
        }
        return (b, a, Self.dots(fromIndexMask: equalMask(b)))
    }

    /// `RasterSurface.edgeCell(…, byColourOnly: true)` over these samples: the dot bits of
    /// every sample in the layer's fill colour (the commonest under its outline's `dots`, else
    /// the colour nearest the outline's `ink`), and the commonest of the others.
    func rim(dots: UInt8, ink: Packed, backdrop: Packed) -> (UInt8, Packed) {
        @inline(__always) func rgb(_ p: Packed) -> Packed { p & PackedColor.present != 0 ? p : backdrop }
        @inline(__always) func distance(_ a: Packed, _ b: Packed) -> Int {
            let a = rgb(a), b = rgb(b)
            let dr = Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF)
            let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
            let db = Int(a & 0xFF) - Int(b & 0xFF)
            return dr * dr + dg * dg + db * db
        }
        var nearest = commonest(amongDots: dots)
        if dots == 0 || nearest & PackedColor.present == 0 {
            var best = distance(ink, values[0])
            nearest = values[0]
            for k in 1..<8 {
                let d = distance(ink, values[k])
                if d < best { best = d; nearest = values[k] }
            }
        }
        let mask = equalMask(nearest)
        return (Self.dots(fromIndexMask: mask), commonest(amongIndices: ~mask))
    }
}
