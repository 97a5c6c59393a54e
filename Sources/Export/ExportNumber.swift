import LayerModel

/// Every number an export writes (SVG, Swift) is finite (issue 36). Valid inputs compose to
/// values past `Double` (40 nested views each `scale 1e9` reach 1e360), and an SVG with `inf`
/// in it is not an SVG any viewer draws: such values are clamped, NaN written as 0.
enum ExportNumber {
    /// An SVG coordinate: to 3 decimals, within ±1e15 (far past anything a viewer can place).
    static func svg(_ x: Double) -> String {
        NumberText.short((clamped(x, to: 1e15) * 1000).rounded() / 1000)
    }

    /// A Swift literal: as typed (`NumberText.short`), within the largest finite `CGFloat`.
    static func swift(_ x: Double) -> String {
        NumberText.short(clamped(x, to: .greatestFiniteMagnitude))
    }

    static func clamped(_ x: Double, to limit: Double) -> Double {
        x.isNaN ? 0 : min(max(x, -limit), limit)
    }
}
