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
    public var text: String { NumberText.exact(value) + unit.rawValue }
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

    public var text: String {
        let n = NumberText.exact
        switch self {
        case .identity: return "identity"
        case let .rotate(a, axis):
            guard let (x, y, z) = axis else { return "rotate \(a.text)" }
            return "rotate \(a.text) \(n(x)) \(n(y)) \(n(z))"
        case let .scale(sx, sy, sz): return (["scale", n(sx)] + [sy, sz].compactMap { $0.map(n) }).joined(separator: " ")
        case let .translate(tx, ty, tz): return (["translate", n(tx), n(ty)] + [tz].compactMap { $0.map(n) }).joined(separator: " ")
        case let .perspective(d): return "perspective \(n(d))"
        case let .affine(t): return "affine " + t.values.map(n).joined(separator: " ")
        case let .matrix(m): return "matrix " + m.rowMajor.map(n).joined(separator: " ")
        }
    }
}

/// A transform value: steps chained with `then`, applied first to last.
public struct TransformSpec: Equatable, Sendable {
    public var steps: [TransformStep]
    public init(_ steps: [TransformStep]) { self.steps = steps }
    public var matrix: Transform3D { steps.reduce(Transform3D.identity) { $0.concatenating($1.matrix) } }
    public var text: String { steps.map(\.text).joined(separator: " then ") }
}

/// A layer property that `set` and `get` name (layout-file names plus the dotted parts).
public enum Property: String, Equatable, Sendable, CaseIterable {
    case name, kind
    case bounds, boundsOrigin = "bounds.origin", boundsSize = "bounds.size"
    case position, center
    case frame, frameOrigin = "frame.origin", frameSize = "frame.size"
    case anchorPoint, anchorPointZ, zPosition
    case transform, sublayerTransform, affineTransform
    case hidden, masksToBounds, clipsToBounds, geometryFlipped
    case opacity, alpha, userInteractionEnabled
    case backgroundColor, borderColor, borderWidth
    /// Read-only: the effective matrix to the superlayer (seed 000's hidden prefix and suffix).
    case effectiveTransform

    /// The canonical property an alias stands for.
    public var canonical: Property {
        switch self {
        case .center: return .position
        case .clipsToBounds: return .masksToBounds
        case .alpha: return .opacity
        default: return self
        }
    }

    public enum ValueKind: Equatable, Sendable { case text, kind, rect, point, size, number, transform, bool, color }
    public var valueKind: ValueKind {
        switch canonical {
        case .name: return .text
        case .kind: return .kind
        case .bounds, .frame: return .rect
        case .boundsOrigin, .frameOrigin, .position, .anchorPoint: return .point
        case .boundsSize, .frameSize: return .size
        case .anchorPointZ, .zPosition, .opacity, .borderWidth: return .number
        case .transform, .sublayerTransform, .affineTransform, .effectiveTransform: return .transform
        case .hidden, .masksToBounds, .geometryFlipped, .userInteractionEnabled: return .bool
        case .backgroundColor, .borderColor: return .color
        default: return .text
        }
    }

    public var isReadOnly: Bool { self == .effectiveTransform }
}

/// A value given to `set`, already typed for its property.
public enum PropertyValue: Equatable, Sendable {
    case text(String)
    case kind(LayerKind)
    case rect(Rect)
    case point(Point)
    case size(Size)
    case number(Double)
    case transform(TransformSpec)
    case bool(Bool)
    /// nil clears the color.
    case color(Color?, spelling: String)

    public var text: String {
        let n = NumberText.exact
        switch self {
        case let .text(s): return CommandQuoting.ifNeeded(s)
        case let .kind(k): return k.rawValue
        case let .rect(r): return [r.origin.x, r.origin.y, r.size.width, r.size.height].map(n).joined(separator: " ")
        case let .point(p): return "\(n(p.x)) \(n(p.y))"
        case let .size(s): return "\(n(s.width)) \(n(s.height))"
        case let .number(x): return n(x)
        case let .transform(t): return t.text
        case let .bool(b): return b ? "true" : "false"
        case let .color(_, spelling): return spelling
        }
    }
}

/// How a word is written in the command language: as is when plain, otherwise in double
/// quotes with `\` and `"` escaped (names with spaces, `;`, `#`, braces or quotes).
public enum CommandQuoting {
    public static func ifNeeded(_ s: String) -> String {
        let plain = !s.isEmpty && s.allSatisfy { !$0.isWhitespace && $0 != ";" && $0 != "#" && $0 != "\"" && $0 != "{" && $0 != "}" }
        if plain { return s }
        var out = "\""
        for c in s {
            if c == "\\" || c == "\"" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
