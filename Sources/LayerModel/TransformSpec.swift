import Geometry

/// An axis for `rotate`.
public enum RotationAxis: String, Equatable, Sendable, CaseIterable { case x, y, z }

/// An angle as the user wrote it: the unit is kept so the command prints back identically.
public struct AngleLiteral: Equatable, Sendable {
    public enum Unit: String, Equatable, Sendable { case degrees = "", deg, rad }
    public var value: Double
    public var unit: Unit
    public init(_ value: Double, _ unit: Unit = .degrees) { self.value = value; self.unit = unit }
    public var angle: Angle { unit == .rad ? .radians(value) : .degrees(value) }
}

/// One step of a transform value (commands.md), in the order written.
public enum TransformStep: Equatable, Sendable {
    case identity
    case rotate(AngleLiteral, axis: (Double, Double, Double)?)
    case scale(Double, Double?, Double?)
    case translate(Double, Double, Double?)
    case perspective(Double)
    case affine(Affine2D)
    case matrix(Transform3D)

    public static func == (l: TransformStep, r: TransformStep) -> Bool {
        switch (l, r) {
        case (.identity, .identity): return true
        case let (.rotate(a, x), .rotate(b, y)): return a == b && x?.0 == y?.0 && x?.1 == y?.1 && x?.2 == y?.2
        case let (.scale(a, b, c), .scale(d, e, f)): return a == d && b == e && c == f
        case let (.translate(a, b, c), .translate(d, e, f)): return a == d && b == e && c == f
        case let (.perspective(a), .perspective(b)): return a == b
        case let (.affine(a), .affine(b)): return a == b
        case let (.matrix(a), .matrix(b)): return a == b
        default: return false
        }
    }

    /// The step's matrix.
    public var matrix: Transform3D {
        switch self {
        case .identity: return .identity
        case let .rotate(a, axis):
            let (x, y, z) = axis ?? (0, 0, 1)
            return .rotation(a.angle, x: x, y: y, z: z)
        case let .scale(sx, sy, sz): return .scale(sx, sy ?? sx, sz ?? 1)
        case let .translate(tx, ty, tz): return .translation(tx, ty, tz ?? 0)
        case let .perspective(d): return .perspective(eyeDistance: d)
        case let .affine(t): return Transform3D(t)
        case let .matrix(m): return m
        }
    }
}

/// A transform value: steps chained with `then`, applied first to last.
public struct TransformSpec: Equatable, Sendable {
    public var steps: [TransformStep]
    public init(_ steps: [TransformStep]) { self.steps = steps }
    public var matrix: Transform3D {
        // One step is its own matrix (no product with the identity).
        if steps.count == 1 { return steps[0].matrix }
        return steps.reduce(Transform3D.identity) { $0.concatenating($1.matrix) }
    }
    /// A matrix as a value: `identity`, else one `matrix` step.
    public init(matrix m: Transform3D) { self.steps = m.isIdentity ? [.identity] : [.matrix(m)] }
}
