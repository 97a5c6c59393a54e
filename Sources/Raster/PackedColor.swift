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

    /// `blend` on `Color`s: the one blend of the cell pictures (the exploded view's plane
    /// fills, the legend's swatch of them), rounded as the flat canvas's translucent fills are.
    static func blend(_ top: Color, over bottom: Color, alpha: Double) -> Color {
        color(blend(pack(top), over: pack(bottom), alpha: alpha))
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
