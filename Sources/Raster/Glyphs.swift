import Cells
import LayerModel

/// Glyph tables, built once.
enum Glyphs {
    /// U+2800 + dot bits.
    static let braille: [Unicode.Scalar] = (0..<256).map { Unicode.Scalar(UInt32(0x2800 + $0))! }
    static let upperHalf: Unicode.Scalar = "\u{2580}"  // ▀
    static let lowerHalf: Unicode.Scalar = "\u{2584}"  // ▄
    static let fullBlock: Unicode.Scalar = "\u{2588}"  // █
    /// Markers avoid East-Asian-ambiguous glyphs (terminal.md): all of these are "N".
    static let anchor: Character = "\u{25C9}"  // ◉ FISHEYE
    static let crosshair: Character = "\u{271B}"  // ✛ OPEN CENTRE CROSS
    static let dashHorizontal: Character = "\u{254C}"  // ╌
    static let dashVertical: Character = "\u{254E}"  // ╎
    static let ascii: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// `▀▄▌▐` for the braille masks of exactly a half cell, else nil.
    static let halfCell: [Unicode.Scalar?] = (0..<256).map { mask -> Unicode.Scalar? in
        switch mask {
        case 0x1B: return "\u{2580}"  // top 4 dots ▀
        case 0xE4: return "\u{2584}"  // bottom 4 dots ▄
        case 0x47: return "\u{258C}"  // left column ▌
        case 0xB8: return "\u{2590}"  // right column ▐
        default: return nil
        }
    }

    /// The quadrant block for a braille mask: each 2 × 2 quadrant of the cell (a column of
    /// two dots) solid when either of its dots is lit. For a turned filled layer's rim
    /// (`PackedColor.edge`): solid sub-cells follow its edge, where braille dots next to solid
    /// blocks would read as a staircase of whole cells.
    static let quadrant: [Unicode.Scalar] = (0..<256).map { mask -> Unicode.Scalar in
        let glyphs: [Unicode.Scalar] = [
            " ", "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
            "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}"
        ]
        var q = 0
        if mask & 0x03 != 0 { q |= 1 }  // top left: dots 1, 2
        if mask & 0x18 != 0 { q |= 2 }  // top right: dots 4, 5
        if mask & 0x44 != 0 { q |= 4 }  // bottom left: dots 3, 7
        if mask & 0xA0 != 0 { q |= 8 }  // bottom right: dots 6, 8
        return glyphs[q]
    }

    /// The block octant for a **braille** mask (the octant grid is braille's, 2 × 4): U+1CD00…
    /// U+1CDE5 in mask order for the 230 masks Unicode 16 encodes there; the other 26 are
    /// characters that existed before (space, `█`, half, quarter and quadrant blocks).
    static let octant: [Unicode.Scalar] = {
        // Octant n (1 2 / 3 4 / 5 6 / 7 8) is bit n − 1: row · 2 + column, as in a sextant.
        let existing: [Int: UInt32] = [
            0: 0x20, 1: 0x1CEA8, 2: 0x1CEAB, 3: 0x1FB82, 5: 0x2598, 10: 0x259D, 15: 0x2580,
            20: 0x1FBE6, 40: 0x1FBE7, 63: 0x1FB85, 64: 0x1CEA3, 80: 0x2596, 85: 0x258C,
            90: 0x259E, 95: 0x259B, 128: 0x1CEA0, 160: 0x2597, 165: 0x259A, 170: 0x2590,
            175: 0x259C, 192: 0x2582, 240: 0x2584, 245: 0x2599, 250: 0x259F, 252: 0x2586,
            255: 0x2588
        ]
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
