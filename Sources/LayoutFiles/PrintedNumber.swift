/// A number token of a dump (`375`, `-20`, `63.6667`, `0.333333`) read as `Double(token)`
/// reads it, without the C library for the plain ones: a sign, at most 15 digits and a
/// fraction of at most 22 of them is `m / 10^k` with both exact in a `Double` (m < 2^53,
/// 10^k ≤ 10^22), and one correctly rounded division gives the correctly rounded value, as
/// `strtod` does (Clinger's fast path). Anything else (more digits, an exponent, `+`, `.5`,
/// `nan`, hexadecimal) is left to `Double(token)`.
enum PrintedNumber {
    static func value(_ token: String) -> Double? {
        var text = token
        let fast = text.withUTF8 { b -> Double? in
            var i = 0
            var negative = false
            if i < b.count, b[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            var mantissa: UInt64 = 0
            var digits = 0, fraction = 0
            var sawDigitBeforeDot = false
            var dot = false
            while i < b.count {
                let c = b[i]
                if c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                    mantissa = mantissa &* 10 &+ UInt64(c - UInt8(ascii: "0"))
                    digits += 1
                    if dot { fraction += 1 } else { sawDigitBeforeDot = true }
                } else if c == UInt8(ascii: "."), !dot, sawDigitBeforeDot {
                    dot = true
                } else {
                    return nil
                }
                i += 1
            }
            guard sawDigitBeforeDot, !dot || fraction > 0, digits <= 15, fraction <= 22 else { return nil }
            let magnitude = Double(mantissa) / powersOfTen[fraction]
            return negative ? -magnitude : magnitude
        }
        return fast ?? Double(token)
    }

    /// 10^0 … 10^22, each exact in a `Double`.
    static let powersOfTen: [Double] = {
        var out: [Double] = [1]
        for _ in 1...22 { out.append(out[out.count - 1] * 10) }
        return out
    }()
}
