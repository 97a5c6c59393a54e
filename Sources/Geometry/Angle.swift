/// An angle. Stored in radians; files and commands speak degrees.
public struct Angle: Equatable, Hashable, Sendable, Comparable {
    /// The angle in radians.
    public var radians: Double

    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { self.radians = degrees * Double.pi / 180 }

    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
    public static let zero = Angle(radians: 0)

    /// The angle in degrees.
    public var degrees: Double { radians * 180 / Double.pi }

    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }

    /// Sine and cosine, exact (0, ±1) at multiples of 90°, so that a quarter turn
    /// gives an exact matrix and frames round-trip.
    public var sinCos: (sin: Double, cos: Double) {
        let quarterTurns = degrees / 90
        let rounded = quarterTurns.rounded()
        if abs(quarterTurns - rounded) < 1e-12, abs(rounded) < 1e15 {
            switch ((Int(rounded) % 4) + 4) % 4 {
            case 0: return (0, 1)
            case 1: return (1, 0)
            case 2: return (0, -1)
            default: return (-1, 0)
            }
        }
        return (sin(radians), cos(radians))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
