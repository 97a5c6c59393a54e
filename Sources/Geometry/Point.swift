/// A point in some layer's coordinate space, in points, y down.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)

    public static func - (lhs: Point, rhs: Point) -> Vector { Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y) }
    public static func + (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy) }
    public static func - (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy) }

    /// The vector from the origin to this point.
    public var vector: Vector { Vector(dx: x, dy: y) }

    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Equal within `tolerance` on each axis.
    public func isApproximatelyEqual(to other: Point, tolerance: Double = 1e-9) -> Bool {
        abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance
    }

    public var description: String { "(\(x), \(y))" }
}

/// A displacement, in points.
public struct Vector: Equatable, Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    public init(_ dx: Double, _ dy: Double) { self.dx = dx; self.dy = dy }
    public static let zero = Vector(dx: 0, dy: 0)

    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy) }
    public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy) }
    public static prefix func - (v: Vector) -> Vector { Vector(dx: -v.dx, dy: -v.dy) }
    public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs) }

    public var length: Double { (dx * dx + dy * dy).squareRoot() }
}

/// A width and height, in points. May be negative (CGSize allows it); `Rect.standardized` fixes that.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)

    /// Component-wise product with a unit point: `anchorPoint ⊙ size`.
    public func scaled(by unit: Point) -> Vector { Vector(dx: unit.x * width, dy: unit.y * height) }
}
