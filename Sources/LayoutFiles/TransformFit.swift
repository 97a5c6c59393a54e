#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Geometry

/// Writing a transform the way the file already does: a list of steps keeps its steps when
/// one step's value can take the change; 6 or 16 numbers stay numbers.
enum TransformFit {
    /// A step as the file writes it, read by the decoder's one reader of steps.
    typealias Step = WrittenTransformStep

    static func want(_ t: Transform3D, like value: SourceValue?) -> WantedValue {
        guard let value, let elements = value.elements else {
            return steps(t) ?? numbers(t, count: t.isAffine ? 6 : 16)
        }
        if elements.isEmpty { return steps(t) ?? numbers(t, count: t.isAffine ? 6 : 16) }
        if case .number = elements[0].kind {
            return numbers(t, count: elements.count == 6 && t.isAffine ? 6 : 16)
        }
        let parsed = elements.compactMap(step)
        guard parsed.count == elements.count else { return numbers(t, count: t.isAffine ? 6 : 16) }
        for i in parsed.indices {
            let before = parsed[..<i].reduce(Transform3D.identity) { $0.concatenating($1.matrix) }
            let after = parsed[(i + 1)...].reduce(Transform3D.identity) { $0.concatenating($1.matrix) }
            guard let bi = before.inverted(), let ai = after.inverted() else { continue }
            let needed = bi.concatenating(t).concatenating(ai)
            if let w = refit(parsed[i], to: needed) {
                return .array(parsed.indices.map { $0 == i ? w : .keep })
            }
        }
        if let w = refitAll(parsed, to: t) { return w }
        if t.isIdentity { return .array([]) }
        return numbers(t, count: t.isAffine ? 6 : 16)
    }

    /// Steps that are a scale, a z rotation and a translation, in that order (any of them
    /// left out), given all new values at once from the transform's parts: `[{scale: 2},
    /// {rotate: 30}]` rotated by 15 and scaled by 1.5 becomes `[{scale: 3}, {rotate: 45}]`.
    static func refitAll(_ steps: [Step], to t: Transform3D) -> WantedValue? {
        let order = ["scale": 0, "rotate": 1, "translate": 2]
        let ranks = steps.map { step -> Int? in step.axis == nil ? order[step.key] : nil }
        guard ranks.allSatisfy({ $0 != nil }), ranks.map({ $0! }) == ranks.map({ $0! }).sorted(),
            Set(ranks.map { $0! }).count == ranks.count, let p = t.affineParts
        else { return nil }
        var wanted: [WantedValue] = []
        for step in steps {
            switch step.key {
            case "scale":
                if case .number = step.value.kind {
                    guard sameStepValue(p.sx, p.sy) else { return nil }
                    wanted.append(.object([("scale", .number(p.sx))]))
                } else {
                    guard step.value.elements?.count == 2 else { return nil }
                    wanted.append(.object([("scale", .array([.number(p.sx), .number(p.sy)]))]))
                }
            case "rotate":
                let old: Double = {
                    if case .number(let n, _) = step.value.kind { return n }; return 0
                }()
                let d = Angle(radians: p.radians).degrees
                wanted.append(.object([("rotate", .number(d + 360 * ((old - d) / 360).rounded()))]))
            default:
                guard step.value.elements?.count == 2 else { return nil }
                wanted.append(.object([("translate", .array([.number(p.tx), .number(p.ty)]))]))
            }
        }
        // Whatever the steps leave out must be absent from the transform.
        let kinds = Set(steps.map(\.key))
        if !kinds.contains("scale"), !(sameStepValue(p.sx, 1) && sameStepValue(p.sy, 1)) { return nil }
        if !kinds.contains("rotate"), !sameStepValue(p.radians, 0) { return nil }
        if !kinds.contains("translate"), !(sameStepValue(p.tx, 0) && sameStepValue(p.ty, 0)) { return nil }
        return .array(wanted)
    }

    static func numbers(_ t: Transform3D, count: Int) -> WantedValue {
        .array((count == 6 ? t.affine.values : t.rowMajor).map { .number($0) })
    }

    /// A new step for a transform with no steps in the file: one rotation, scale or
    /// translation when the matrix is one of those.
    static func steps(_ t: Transform3D) -> WantedValue? {
        let angle = Angle(radians: atan2(t.m12, t.m11)).degrees
        if sameStepMatrix(t, .rotation(.degrees(angle))) { return .array([.object([("rotate", .number(angle))])]) }
        if sameStepMatrix(t, .scale(t.m11, t.m22, 1)) {
            return .array([.object([("scale", t.m11 == t.m22 ? .number(t.m11) : .array([.number(t.m11), .number(t.m22)]))])])
        }
        if sameStepMatrix(t, .translation(t.m41, t.m42)) {
            return .array([.object([("translate", .array([.number(t.m41), .number(t.m42)]))])])
        }
        return nil
    }

    static func step(_ value: SourceValue) -> Step? { WrittenTransformStep(value) }

    /// The step, with a new value that makes it `needed`; nil when no value of its kind does.
    static func refit(_ step: Step, to needed: Transform3D) -> WantedValue? {
        let old: Double? = {
            if case .number(let n, _) = step.value.kind { return n }; return nil
        }()
        func near(_ degrees: Double) -> Double {
            // The turn nearest the old value, so 350 + 20 writes 370 only if the file had 350.
            guard let old else { return degrees }
            return degrees + 360 * ((old - degrees) / 360).rounded()
        }
        func wrap(_ v: WantedValue) -> WantedValue {
            step.axis == nil ? .object([(step.key, v)]) : .object([(step.key, v), ("axis", .keep)])
        }
        switch step.key {
        case "rotate" where step.axis == nil:
            let d = near(Angle(radians: atan2(needed.m12, needed.m11)).degrees)
            return sameStepMatrix(needed, .rotation(.degrees(d))) ? wrap(.number(d)) : nil
        case "rotateX":
            let d = near(Angle(radians: atan2(needed.m23, needed.m22)).degrees)
            return sameStepMatrix(needed, .rotation(.degrees(d), x: 1, y: 0, z: 0)) ? wrap(.number(d)) : nil
        case "rotateY":
            let d = near(Angle(radians: atan2(-needed.m13, needed.m11)).degrees)
            return sameStepMatrix(needed, .rotation(.degrees(d), x: 0, y: 1, z: 0)) ? wrap(.number(d)) : nil
        case "scale":
            guard sameStepMatrix(needed, .scale(needed.m11, needed.m22, needed.m33)) else { return nil }
            if case .number = step.value.kind {
                return sameStepValue(needed.m11, needed.m22) && sameStepValue(needed.m33, 1) ? wrap(.number(needed.m11)) : nil
            }
            let count = step.value.elements?.count ?? 2
            if count == 2 && !sameStepValue(needed.m33, 1) { return nil }
            return wrap(.array((count == 3 ? [needed.m11, needed.m22, needed.m33] : [needed.m11, needed.m22]).map { .number($0) }))
        case "translate":
            guard sameStepMatrix(needed, .translation(needed.m41, needed.m42, needed.m43)) else { return nil }
            let count = step.value.elements?.count ?? 2
            if count == 2 && !sameStepValue(needed.m43, 0) { return nil }
            return wrap(.array((count == 3 ? [needed.m41, needed.m42, needed.m43] : [needed.m41, needed.m42]).map { .number($0) }))
        case "perspective":
            guard needed.m34 != 0, sameStepMatrix(needed, .perspective(eyeDistance: -1 / needed.m34)) else { return nil }
            return wrap(.number(-1 / needed.m34))
        default:
            return nil
        }
    }
}
