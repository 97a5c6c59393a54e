/// An axis-aligned rectangle, in points. Containment is half-open: `minX <= x < maxX`.
public struct Rect: Equatable, Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y); self.size = Size(width: width, height: height)
    }
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { (minX + maxX) / 2 }
    public var midY: Double { (minY + maxY) / 2 }
    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var center: Point { Point(x: midX, y: midY) }

    /// True when width or height is zero.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same rectangle with non-negative size (CGRectStandardize).
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// Half-open containment; an empty rect contains nothing.
    public func contains(_ p: Point) -> Bool {
        !isEmpty && p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The four corners in order: top-left, top-right, bottom-right, bottom-left (y down).
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// The smallest rect containing all `points`; nil for none.
    public static func boundingBox<S: Sequence>(of points: S) -> Rect? where S.Element == Point {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var lo = first, hi = first
        while let p = it.next() {
            lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The smallest rect containing both (empty rects included as points).
    public func union(_ other: Rect) -> Rect {
        Rect.boundingBox(of: corners + other.corners)!
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func isApproximatelyEqual(to other: Rect, tolerance: Double = 1e-9) -> Bool {
        origin.isApproximatelyEqual(to: other.origin, tolerance: tolerance)
            && abs(size.width - other.size.width) <= tolerance
            && abs(size.height - other.size.height) <= tolerance
    }
}
