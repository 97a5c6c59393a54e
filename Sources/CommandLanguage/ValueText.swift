import Geometry
import LayerModel

// The command language's spelling of the values it reads (CommandParser.swift reads them
// back): an angle, a transform step, a transform, a value given to `set`.

extension AngleLiteral {
    public var text: String { NumberText.exact(value) + unit.rawValue }
}

extension TransformStep {
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

extension TransformSpec {
    public var text: String { steps.map(\.text).joined(separator: " then ") }
}

extension PropertyValue {
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
        case let .bool(b): return Toggle.truth(b)
        // Quoted when needed: `#ff8000` unquoted would start a comment.
        case let .color(_, spelling): return CommandQuoting.ifNeeded(spelling)
        case let .mask(m): return m.isEmpty ? "none" : m.printed
        }
    }
}
