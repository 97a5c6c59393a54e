import Geometry
import Testing

/// Named approximate comparisons for tests (`==` stays exact everywhere else).
public enum Approx {
    public static let defaultTolerance = 1e-9

    public static func equal(_ a: Double, _ b: Double, tolerance: Double = defaultTolerance) -> Bool {
        abs(a - b) <= tolerance
    }
}

/// Records an issue unless `actual` is within `tolerance` of `expected`.
public func expectApproximatelyEqual(
    _ actual: Double, _ expected: Double, tolerance: Double = Approx.defaultTolerance,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if !Approx.equal(actual, expected, tolerance: tolerance) {
        Issue.record("\(actual) is not within \(tolerance) of \(expected)", sourceLocation: sourceLocation)
    }
}

public func expectApproximatelyEqual(
    _ actual: Point?, _ expected: Point, tolerance: Double = Approx.defaultTolerance,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("nil is not \(expected)", sourceLocation: sourceLocation); return
    }
    if !actual.isApproximatelyEqual(to: expected, tolerance: tolerance) {
        Issue.record("\(actual) is not within \(tolerance) of \(expected)", sourceLocation: sourceLocation)
    }
}

public func expectApproximatelyEqual(
    _ actual: Rect?, _ expected: Rect, tolerance: Double = Approx.defaultTolerance,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("nil is not \(expected)", sourceLocation: sourceLocation); return
    }
    if !actual.isApproximatelyEqual(to: expected, tolerance: tolerance) {
        Issue.record("\(actual) is not within \(tolerance) of \(expected)", sourceLocation: sourceLocation)
    }
}
