import Cells

/// Sixel images (xterm `-ti vt340`, foot, WezTerm, Konsole, Windows Terminal, mlterm):
/// a palette of at most 128 colours, then bands six pixels high, each colour's pixels of a
/// band as one run-length-encoded line.
///
/// The palette suits the canvas: flat fills cover almost every pixel and anti-aliased edges
/// are blends of two of them. Colours are counted (one count per run of equal pixels, so a
/// frame costs a few lookups a row), those with the same percent levels as one (a palette
/// entry holds nothing finer); when there are 128 or fewer every colour is kept; otherwise
/// the 128 commonest are kept — every fill, and the edge blends met most — and each other
/// colour takes the nearest kept one. A kept colour comes back within ±1.3/255 per channel.
/// 128 rather than 256: each colour used in a band costs its own line, so a rare edge blend
/// costs about ten bytes a pixel (a rotate key's patch: 25.2 KB with 256, 21.5 KB with 128).
public enum Sixel {
    public static let maxColors = 128

    /// The palette (`0xRRGGBB`, commonest first) and each pixel's index into it.
    public static func quantize(_ image: PixelImage) -> (palette: [UInt32], indices: [UInt8]) {
        var counts: [UInt32: Int] = [:]
        let px = image.pixels
        var i = 0
        while i < px.count {
            let c = px[i]
            var j = i + 1
            while j < px.count && px[j] == c { j += 1 }
            counts[c, default: 0] += j - i
            i = j
        }
        // Colours a terminal cannot tell apart — the same percent levels, which is all a sixel
        // palette entry holds — share one entry (the commonest of them stands for the rest).
        var groups: [UInt32: (count: Int, best: UInt32, bestCount: Int)] = [:]
        for (c, n) in counts {
            let key = percentKey(c)
            if let g = groups[key] {
                let better = n > g.bestCount || (n == g.bestCount && c < g.best)
                groups[key] = (g.count + n, better ? c : g.best, better ? n : g.bestCount)
            } else {
                groups[key] = (n, c, n)
            }
        }
        let sorted = groups.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        let palette = sorted.prefix(maxColors).map(\.value.best)
        var slot: [UInt32: UInt8] = [:]
        for (k, g) in sorted.prefix(maxColors).enumerated() { slot[g.key] = UInt8(k) }
        var index: [UInt32: UInt8] = [:]
        for c in counts.keys { index[c] = slot[percentKey(c)] ?? nearest(c, in: palette) }
        var indices = [UInt8](repeating: 0, count: px.count)
        i = 0
        while i < px.count {
            let c = px[i]
            let k = index[c]!
            var j = i
            while j < px.count && px[j] == c { indices[j] = k; j += 1 }
            i = j
        }
        return (palette, indices)
    }

    /// The colour as a sixel palette entry says it: percent levels, packed.
    static func percentKey(_ c: UInt32) -> UInt32 {
        percent(c >> 16) << 16 | percent(c >> 8) << 8 | percent(c)
    }

    @inline(__always)
    static func percent(_ v: UInt32) -> UInt32 { (v & 0xFF &* 100 &+ 127) / 255 }

    static func nearest(_ c: UInt32, in palette: [UInt32]) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for (k, p) in palette.enumerated() {
            let dr = Int(c >> 16 & 0xFF) - Int(p >> 16 & 0xFF), dg = Int(c >> 8 & 0xFF) - Int(p >> 8 & 0xFF), db = Int(c & 0xFF) - Int(p & 0xFF)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { bestDistance = d; best = k }
        }
        return UInt8(best)
    }

    /// The DCS sequence that draws `image` at the cursor.
    public static func encode(_ image: PixelImage) -> [UInt8] {
        let w = image.width, h = image.height
        var out: [UInt8] = Array("\u{1B}P0;1;0q\"1;1;\(w);\(h)".utf8)
        guard w > 0, h > 0 else { return out + [0x1B, 0x5C] }
        let (palette, indices) = quantize(image)
        for (k, c) in palette.enumerated() {
            out += Array("#\(k);2;\(percent(c >> 16));\(percent(c >> 8));\(percent(c))".utf8)
        }
        // Per band: each colour's six-bit column masks, and the columns it spans.
        var masks = [UInt8](repeating: 0, count: palette.count * w)
        var minX = [Int](repeating: Int.max, count: palette.count), maxX = [Int](repeating: -1, count: palette.count)
        var used: [Int] = []
        for top in stride(from: 0, to: h, by: 6) {
            used.removeAll(keepingCapacity: true)
            for r in 0..<min(6, h - top) {
                let bit = UInt8(1 << r), row = (top + r) * w
                for x in 0..<w {
                    let k = Int(indices[row + x])
                    if maxX[k] < 0 { used.append(k) }
                    masks[k * w + x] |= bit
                    if x < minX[k] { minX[k] = x }
                    if x > maxX[k] { maxX[k] = x }
                }
            }
            used.sort()
            for (n, k) in used.enumerated() {
                out += Array("#\(k)".utf8)
                if minX[k] > 0 { run(63, count: minX[k], into: &out) }
                var x = minX[k]
                while x <= maxX[k] {
                    let m = masks[k * w + x]
                    var e = x + 1
                    while e <= maxX[k] && masks[k * w + e] == m { e += 1 }
                    run(63 + m, count: e - x, into: &out)
                    x = e
                }
                for x in minX[k]...maxX[k] { masks[k * w + x] = 0 }
                minX[k] = Int.max; maxX[k] = -1
                out.append(n + 1 < used.count ? UInt8(ascii: "$") : UInt8(ascii: "-"))
            }
        }
        return out + [0x1B, 0x5C]
    }

    /// `count` copies of the sixel `char`: `!count char` from four on.
    @inline(__always)
    private static func run(_ char: UInt8, count: Int, into out: inout [UInt8]) {
        if count >= 4 {
            out.append(UInt8(ascii: "!")); out += Array(String(count).utf8); out.append(char)
        } else {
            for _ in 0..<count { out.append(char) }
        }
    }
}
