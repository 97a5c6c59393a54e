extension PixelDisplayList {
    /// `PackedColor.blend(premultiplied:over:alpha256:)` on pixels `from…to` of `row`, with the
    /// rgb mask, four at a time in vector lanes: the same integer steps (red and blue in the
    /// two 16-bit halves of one lane, green in another), so the same pixels; the last few one
    /// by one. A translucent run (a translucent layer's inside, a faint outline's middle) was
    /// about 17 instructions a pixel written one by one.
    @inline(__always)
    static func blendRun(
        _ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, premultiplied: (rb: UInt32, g: UInt32), alpha256: Int
    ) {
        let ia = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: 256 - alpha256))
        let topRB = SIMD4<UInt32>(repeating: premultiplied.rb &+ 0x80_0080), topG = SIMD4<UInt32>(repeating: premultiplied.g &+ 0x8000)
        let maskRB = SIMD4<UInt32>(repeating: 0xFF_00FF), maskG = SIMD4<UInt32>(repeating: 0xFF00)
        var x = from
        while x + 3 <= to {
            let raw = UnsafeMutableRawPointer(row + x)
            let below = raw.loadUnaligned(as: SIMD4<UInt32>.self)
            let rb = ((topRB &+ (below & maskRB) &* ia) &>> 8) & maskRB
            let g = ((topG &+ (below & maskG) &* ia) &>> 8) & maskG
            raw.storeBytes(of: rb | g, as: SIMD4<UInt32>.self)
            x += 4
        }
        while x <= to {
            row[x] = PackedColor.blend(premultiplied: premultiplied, over: row[x], alpha256: alpha256) & PackedColor.rgbMask
            x += 1
        }
    }
}
