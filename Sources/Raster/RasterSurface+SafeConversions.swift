extension RasterSurface {
    // MARK: Safe conversions

    /// floor(x) as an Int, clamped to ±2³⁰ (never traps on huge or non-finite values).
    @inline(__always)
    static func floorClamped(_ x: Double) -> Int {
        guard x == x else { return -(1 << 30) }
        // Truncate, then step down for negative non-integers: floor without a libm call.
        let c = min(max(x, -1_073_741_824), 1_073_741_824)
        let t = Int(c)
        return Double(t) > c ? t - 1 : t
    }

    @inline(__always)
    static func ceilClamped(_ x: Double) -> Int {
        guard x == x else { return 1 << 30 }
        let c = min(max(x, -1_073_741_824), 1_073_741_824)
        let t = Int(c)
        return Double(t) < c ? t + 1 : t
    }
}
