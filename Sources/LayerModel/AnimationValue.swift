import Geometry

/// A value an animation moves between, already in the engine's types.
public enum AnimationValue: Equatable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case transform(Transform3D)
    case color(Color)

    public init?(_ v: PropertyValue) {
        switch v {
        case let .number(x): self = .number(x)
        case let .point(p): self = .point(p)
        case let .size(s): self = .size(s)
        case let .rect(r): self = .rect(r)
        case let .transform(t): self = .transform(t.matrix)
        case let .color(c?, _): self = .color(c)
        default: return nil
        }
    }

    /// Every component is finite (a presentation value that is not is never shown).
    public var isFinite: Bool {
        switch self {
        case let .number(x): return x.isFinite
        case let .point(p): return p.isFinite
        case let .size(s): return s.width.isFinite && s.height.isFinite
        case let .rect(r): return r.origin.isFinite && r.size.width.isFinite && r.size.height.isFinite
        case let .transform(m): return m.rowMajor.allSatisfy(\.isFinite)
        case .color: return true
        }
    }

    /// The command spelling of the value (for the timeline and `animated`'s animations).
    public var propertyValue: PropertyValue {
        switch self {
        case let .number(x): return .number(x)
        case let .point(p): return .point(p)
        case let .size(s): return .size(s)
        case let .rect(r): return .rect(r)
        case let .transform(m): return .transform(TransformSpec([.matrix(m)]))
        case let .color(c): return .color(c, spelling: c.hex)
        }
    }

    /// a + b (`by`): component-wise; transforms concatenate (a first, then b).
    public static func adding(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue? {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + y)
        case let (.point(p), .point(q)): return .point(Point(x: p.x + q.x, y: p.y + q.y))
        case let (.size(p), .size(q)): return .size(Size(width: p.width + q.width, height: p.height + q.height))
        case let (.rect(p), .rect(q)):
            return .rect(
                Rect(
                    x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y,
                    width: p.size.width + q.size.width, height: p.size.height + q.size.height))
        case let (.transform(m), .transform(n)): return .transform(m.concatenating(n))
        default: return nil
        }
    }

    /// a − b (`by` with `to`): the value that `adding` b takes to a.
    public static func subtracting(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue? {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x - y)
        case let (.point(p), .point(q)): return .point(Point(x: p.x - q.x, y: p.y - q.y))
        case let (.size(p), .size(q)): return .size(Size(width: p.width - q.width, height: p.height - q.height))
        case let (.rect(p), .rect(q)):
            return .rect(
                Rect(
                    x: p.origin.x - q.origin.x, y: p.origin.y - q.origin.y,
                    width: p.size.width - q.size.width, height: p.size.height - q.size.height))
        case let (.transform(m), .transform(n)): return n.inverted().map { .transform(m.concatenating($0)) }
        default: return nil
        }
    }

    /// from + (to − from)·p; transforms by decomposition; colours per channel.
    public static func interpolate(_ a: AnimationValue, _ b: AnimationValue, _ p: Double) -> AnimationValue {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(l(x, y))
        case let (.point(u), .point(v)): return .point(Point(x: l(u.x, v.x), y: l(u.y, v.y)))
        case let (.size(u), .size(v)): return .size(Size(width: l(u.width, v.width), height: l(u.height, v.height)))
        case let (.rect(u), .rect(v)):
            return .rect(
                Rect(
                    x: l(u.origin.x, v.origin.x), y: l(u.origin.y, v.origin.y),
                    width: l(u.size.width, v.size.width), height: l(u.size.height, v.size.height)))
        case let (.transform(m), .transform(n)): return .transform(TransformParts.interpolate(m, n, p))
        case let (.color(c), .color(d)):
            func ch(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(min(255, max(0, l(Double(x), Double(y)).rounded()))) }
            return .color(Color(red: ch(c.red, d.red), green: ch(c.green, d.green), blue: ch(c.blue, d.blue)))
        default: return p < 0.5 ? a : b
        }
    }
}

extension AnimationKeyPath {
    /// The property declaration of a whole-property key path (`position`, `alpha`…); nil for
    /// a part (`position.x`, `transform.rotation.z`…).
    public var declaration: PropertyDeclaration? { Self.declarations[self] }

    private static let declarations: [AnimationKeyPath: PropertyDeclaration] = {
        var map: [AnimationKeyPath: PropertyDeclaration] = [:]
        for path in allCases { map[path] = Property(rawValue: path.canonical.rawValue)?.declaration }
        return map
    }()

    /// The layer's value at this key path (nil: a layer without a backgroundColor).
    public func value(of layer: Layer) -> AnimationValue? {
        if let declaration { return declaration.value(of: layer).flatMap(AnimationValue.init) }
        switch canonical {
        case .positionX: return .number(layer.position.x)
        case .positionY: return .number(layer.position.y)
        default:
            let parts = TransformParts(layer.transform) ?? .identity
            switch canonical {
            case .rotationX: return .number(parts.eulerDegrees.x)
            case .rotationY: return .number(parts.eulerDegrees.y)
            case .rotationZ: return .number(parts.eulerDegrees.z)
            case .scale, .scaleX: return .number(parts.scale[0])
            case .scaleY: return .number(parts.scale[1])
            case .translationX: return .number(parts.translation[0])
            case .translationY: return .number(parts.translation[1])
            default: return nil
            }
        }
    }

    /// Writes a value at this key path. The `transform.…` paths replace one part of the
    /// decomposed transform (on the identity: simply `rotate V`, `scale V`, `translate V 0`).
    public func set(_ value: AnimationValue, on layer: inout Layer) {
        if let declaration, let write = declaration.write {
            var v = value.propertyValue
            // A spring overshoots: opacity is clamped to its declared 0…1.
            if declaration.constraint == .unitInterval, case let .number(x) = v { v = .number(min(1, max(0, x))) }
            // A value of another kind is ignored, as before.
            try? write(&layer, v)
            return
        }
        switch (canonical, value) {
        case let (.positionX, .number(x)): layer.position.x = x
        case let (.positionY, .number(y)): layer.position.y = y
        case let (path, .number(x)):
            var parts = TransformParts(layer.transform) ?? .identity
            var euler = parts.eulerDegrees
            var rotation: Transform3D? = nil
            switch path {
            case .rotationX: euler.x = x; rotation = TransformParts.rotation(eulerDegrees: euler)
            case .rotationY: euler.y = x; rotation = TransformParts.rotation(eulerDegrees: euler)
            case .rotationZ: euler.z = x; rotation = TransformParts.rotation(eulerDegrees: euler)
            case .scale: parts.scale[0] = x; parts.scale[1] = x
            case .scaleX: parts.scale[0] = x
            case .scaleY: parts.scale[1] = x
            case .translationX: parts.translation[0] = x
            case .translationY: parts.translation[1] = x
            default: return
            }
            layer.transform = parts.matrix(rotation: rotation)
        default: break
        }
    }
}

extension LayerAnimation {
    /// The value this animation gives its key path at progress p, with the model's value
    /// filling in a missing from or to (as CABasicAnimation does).
    public func value(progress p: Double, model: Layer) -> AnimationValue? {
        let path = spec.keyPath
        let m = path.value(of: model)
        let from = spec.from.flatMap(AnimationValue.init), to = spec.to.flatMap(AnimationValue.init), by = spec.by.flatMap(AnimationValue.init)
        var a: AnimationValue?, b: AnimationValue?
        switch (from, to, by) {
        case let (f?, t?, _): a = f; b = t
        case let (f?, nil, by?): a = f; b = AnimationValue.adding(f, by)
        case let (nil, t?, by?): a = AnimationValue.subtracting(t, by); b = t
        case let (f?, nil, nil): a = f; b = m
        case let (nil, t?, nil): a = m; b = t
        case let (nil, nil, by?): a = m; b = m.flatMap { AnimationValue.adding($0, by) }
        default: return nil
        }
        switch (a, b) {
        case let (a?, b?): return AnimationValue.interpolate(a, b, p)
        case let (a?, nil): return a
        case let (nil, b?): return b
        default: return nil
        }
    }
}
