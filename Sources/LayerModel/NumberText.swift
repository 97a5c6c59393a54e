/// Numbers as the command language and queries print them: shortest text that reads back
/// to the same Double, integers without ".0", never "-0".
public enum NumberText {
    /// Exact round-trip text (for command spellings).
    public static func exact(_ x: Double) -> String {
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// `exact(x)` appended to `out` in place: integers through a small (unallocated)
    /// string, other values written straight into `out`.
    public static func appendExact(_ x: Double, to out: inout String) {
        if x == 0 {
            out += "0"
        } else if x == x.rounded(), abs(x) < 1e15 {
            out += String(Int64(x))
        } else {
            x.write(to: &out)
        }
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

    /// For files: the shortest decimal when it reads back to the same Double, else the
    /// exact shortest round-trip text (so zPosition 1e-10 stays 1e-10, and 0.1 + 0.2 is
    /// written 0.30000000000000004); never `-0`.
    public static func file(_ x: Double) -> String {
        let s = short(x)
        return Double(s) == x || (x == 0 && s == "0") ? s : exact(x)
    }

    /// The shortest decimal within 1e-9 of `x` (so `0.49999999999999994` is `0.5`), for
    /// files and exports; integers without `.0`, never `-0`.
    public static func short(_ x: Double) -> String {
        guard x.isFinite else { return exact(x) }
        if abs(x) < 5e-10 { return "0" }
        var scale = 1.0
        for _ in 0...15 {
            let r = (x * scale).rounded() / scale
            if abs(r - x) <= 1e-9 { return r == 0 ? "0" : exact(r) }
            scale *= 10
        }
        return exact(x)
    }
}

extension StringProtocol {
    /// Without leading and trailing whitespace (no Foundation needed): the one trimming helper.
    public var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
