extension PixelDisplayList {
    /// `PackedColor.blend(premultiplied:over:alpha256:)` on pixels `from…to` of `row`, with the
    /// rgb mask, four at a time in vector lanes: the same integer steps, so the same pixels;
    /// the last few one by one. A translucent run (a translucent layer's inside, a faint
    /// outline's middle) was about 17 instructions a pixel written one by one.
    ///
    /// Each channel is `(t·a + b·(256 − a) + 128) >> 8` (`PackedColor.blend`), and for
    /// 0 < a < 256 every term fits 16 bits: t·a + b·(256 − a) ≤ 255 · 256, plus 128 is below
    /// 2¹⁶. So the channels are blended in 16-bit lanes — blue and red as the two halves of
    /// `pixel & 0x00FF00FF`, green (and the empty top byte) as those of `(pixel >> 8) & 0x00FF00FF`
    /// — one 16-bit multiply per lane, where 32-bit lanes took a multiply emulated in shuffles
    /// (no `pmulld` in the baseline x86-64 instructions): about 13 instructions per four
    /// pixels instead of about 45.
    @inline(__always)
    static func blendRun(
        _ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, premultiplied: (rb: UInt32, g: UInt32), alpha256: Int
    ) {
        let ia = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 256 - alpha256))
        // t·a + 128 per channel: `premultiplied` holds t·a for blue in the low half of `rb`, for
        // red in its high half, for green shifted up a byte in `g` (each below 2¹⁶).
        let tB = UInt16(truncatingIfNeeded: premultiplied.rb & 0xFFFF) &+ 128
        let tR = UInt16(truncatingIfNeeded: premultiplied.rb >> 16) &+ 128
        let tG = UInt16(truncatingIfNeeded: premultiplied.g >> 8) &+ 128
        let topRB = SIMD8<UInt16>(tB, tR, tB, tR, tB, tR, tB, tR)
        let topG = SIMD8<UInt16>(tG, 0, tG, 0, tG, 0, tG, 0)
        let halves = SIMD4<UInt32>(repeating: 0xFF_00FF), low = SIMD4<UInt32>(repeating: 0xFF)
        var x = from
        while x + 3 <= to {
            let raw = UnsafeMutableRawPointer(row + x)
            let below = raw.loadUnaligned(as: SIMD4<UInt32>.self)
            let rb = unsafeBitCast(below & halves, to: SIMD8<UInt16>.self)
            let g = unsafeBitCast((below &>> 8) & halves, to: SIMD8<UInt16>.self)
            let outRB = unsafeBitCast((rb &* ia &+ topRB) &>> 8, to: SIMD4<UInt32>.self)
            let outG = unsafeBitCast((g &* ia &+ topG) &>> 8, to: SIMD4<UInt32>.self)
            raw.storeBytes(of: outRB | ((outG & low) &<< 8), as: SIMD4<UInt32>.self)
            x += 4
        }
        while x <= to {
            row[x] = PackedColor.blend(premultiplied: premultiplied, over: row[x], alpha256: alpha256) & PackedColor.rgbMask
            x += 1
        }
    }

    /// `blendRun` as a call of its own, for the rows `fillArea` works out one by one: there a
    /// run's opacity changes from row to row, and the compiler worked the lanes' constants out
    /// on every row, a translucent run or not, when `blendRun` was inlined.
    @inline(never)
    static func blendRunApart(
        _ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, premultiplied: (rb: UInt32, g: UInt32), alpha256: Int
    ) {
        blendRun(row, from: from, to: to, premultiplied: premultiplied, alpha256: alpha256)
    }
}
