import Geometry

/// Compact, stable number text for panels and reports (no Foundation).
///
/// - At most `decimals` decimals (3 by default), rounded half away from zero, trailing
///   zeros trimmed: `0.7071067 → 0.707`, `100.0 → 100`, `2.50 → 2.5`.
/// - Never `-0`: anything that rounds to zero prints `0`.
/// - Bounded width: magnitudes from 10⁷ up print as `1.235e10` (at most 3 decimals in the
///   mantissa), so no number is wider than 12 characters.
/// - `nan`, `inf`, `-inf` for non-finite values.
public enum NumberFormat {
    /// Magnitudes at or above this print in scientific form.
    public static let scientificThreshold = 1e7

    public static func format(_ x: Double, decimals: Int = 3) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x > 0 ? "inf" : "-inf" }
        let decimals = min(max(decimals, 0), 9)
        let magnitude = abs(x)
        if magnitude >= scientificThreshold { return scientific(x, decimals: decimals) }
        return fixed(x, decimals: decimals)
    }

    /// `x y` of a point: `"10 20"`.
    public static func format(_ p: Point, decimals: Int = 3) -> String {
        "\(format(p.x, decimals: decimals)) \(format(p.y, decimals: decimals))"
    }

    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000,
        10_000_000, 100_000_000, 1_000_000_000
    ]

    /// |x| < 10⁷ (or a mantissa < 10): fits in UInt64 once scaled by at most 10⁹.
    /// Built as ASCII bytes in a stack buffer and made a String once (at most 21 bytes;
    /// up to 15 is a small string, no allocation): panels format dozens per frame.
    private static func fixed(_ x: Double, decimals: Int) -> String {
        withFixedBytes(x, decimals: decimals) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends `format(x)`'s text to `bytes` as UTF-8 (issue 36: the panels append dozens of
    /// numbers a frame to one byte buffer; each was a `String` made, appended and freed).
    public static func append(_ x: Double, decimals: Int = 3, to bytes: inout [UInt8]) {
        let decimals = min(max(decimals, 0), 9)
        guard x.isFinite, abs(x) < scientificThreshold else {
            bytes.append(contentsOf: format(x, decimals: decimals).utf8)
            return
        }
        withFixedBytes(x, decimals: decimals) { bytes.append(contentsOf: $0) }
    }

    /// |x| < 10⁷ (or a mantissa < 10), as `fixed`, the bytes built in a stack buffer.
    private static func withFixedBytes<R>(_ x: Double, decimals: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let scale = powersOfTen[decimals]
        let scaled = (abs(x) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        let r = scaled >= 1 ? UInt64(scaled) : 0
        let whole = r / scale
        var fraction = r % scale
        var width = decimals
        if fraction == 0 { width = 0 } else { while fraction % 10 == 0 { fraction /= 10; width -= 1 } }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var n = 0
            // Anything that rounds to zero is "0", never "-0".
            if x < 0 && r > 0 { buffer[n] = UInt8(ascii: "-"); n += 1 }
            // The whole part's digits, most significant first.
            var digits = 1, p = whole
            while p >= 10 { p /= 10; digits += 1 }
            var w = whole
            for i in stride(from: n + digits - 1, through: n, by: -1) { buffer[i] = UInt8(ascii: "0") + UInt8(w % 10); w /= 10 }
            n += digits
            if width > 0 {
                buffer[n] = UInt8(ascii: "."); n += 1
                var f = fraction
                for i in stride(from: n + width - 1, through: n, by: -1) { buffer[i] = UInt8(ascii: "0") + UInt8(f % 10); f /= 10 }
                n += width
            }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    private static func scientific(_ x: Double, decimals: Int) -> String {
        var m = abs(x)
        var exponent = 0
        // Powers of ten up to 1e22 are exact doubles; dividing in big steps keeps the
        // mantissa accurate to well past 3 decimals.
        while m >= 1e16 { m /= 1e16; exponent += 16 }
        while m >= 10 { m /= 10; exponent += 1 }
        var mantissa = fixed(m, decimals: decimals)
        if mantissa == "10" { mantissa = "1"; exponent += 1 }
        return (x < 0 ? "-" : "") + mantissa + "e" + String(exponent)
    }
}
