/// Numbers as the command language and queries print them: shortest text that reads back
/// to the same Double, integers without ".0", never "-0".
public enum NumberText {
    /// Exact round-trip text (for command spellings).
    public static func exact(_ x: Double) -> String {
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// Query output: rounded to 10 decimal places so float noise (190.00000000000003)
    /// does not leak into answers; never "-0".
    public static func query(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        let scale = 1e10
        var r = (x * scale).rounded() / scale
        if abs(x) >= 1e6 { r = x }  // large magnitudes: keep all digits
        if r == 0 { return "0" }
        return exact(r)
    }
}
