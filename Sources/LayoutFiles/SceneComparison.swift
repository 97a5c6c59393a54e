import LayerModel
import Scenes
import Geometry

/// Scene equality as a save needs it: numbers to 1e-9, layers matched by name, fields this
/// file does not know compared exactly.
public enum SceneComparison {
    /// What differs between two scenes: in words, and the layer and field when it is one
    /// layer's field (so a refused save can say where in the file).
    struct Difference: Equatable {
        var words: String
        var layer: String? = nil
        var field: String? = nil
    }

    /// Nil when `a` and `b` are the same scene, else what differs, in words.
    static func difference(_ a: Scene, _ b: Scene) -> String? { detailedDifference(a, b)?.words }

    /// `difference`, with the layer and field when the difference is a layer's.
    static func detailedDifference(_ a: Scene, _ b: Scene) -> Difference? {
        func words(_ text: String) -> Difference { Difference(words: text) }
        if a.title != b.title { return words("the title differs") }
        if a.notes != b.notes { return words("the notes differ") }
        if a.script.map(\.text) != b.script.map(\.text) { return words("the script differs") }
        if !sameSteps(a.steps, b.steps) { return words("the steps differ") }
        if a.tree.screenScale != b.tree.screenScale { return words("the screen scale differs") }
        switch (a.screen, b.screen) {
        case (nil, nil): break
        case let (x?, y?) where nearlyEqual(x.width, y.width) && nearlyEqual(x.height, y.height): break
        default: return words("the screen size differs")
        }
        if let d = treeDifferenceDetail(a.tree, b.tree) { return d }
        if let d = animationDifference(a.animations, b.animations) { return words(d) }
        if a.currentStep != b.currentStep { return words("the current step differs (\(a.currentStep) vs \(b.currentStep))") }
        // Every field is compared above, by name; this catches one added to Scene later.
        var x = a, y = b
        x.tree = y.tree; x.screen = y.screen; x.script = y.script; x.steps = y.steps; x.animations = y.animations
        return x == y ? nil : words("a scene field differs")
    }

    /// The first declared animation that differs, in words; nil when all are the same. Where
    /// an animation is written in the file (its line and column) is not compared: an edit
    /// above it moves it (issue 36: every save of the three `time-*.json` scenes was refused
    /// as "a scene field differs" because a patched number moved the animations down a line).
    static func animationDifference(_ a: [AnimationDeclaration], _ b: [AnimationDeclaration]) -> String? {
        guard a.count == b.count else { return "the number of animations differs (\(a.count) vs \(b.count))" }
        for (i, (x, y)) in zip(a, b).enumerated() where x.layer != y.layer || x.spec != y.spec {
            return "animations[\(i)] (\(x.layer) \(x.spec.keyPath.rawValue)) differs"
        }
        return nil
    }

    /// Same titles, notes and commands (where they were written may differ).
    static func sameSteps(_ a: [SceneStep], _ b: [SceneStep]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.title == $1.title && $0.notes == $1.notes && $0.script.map(\.text) == $1.script.map(\.text) }
    }

    public static func treeDifference(_ a: LayerTree, _ b: LayerTree) -> String? { treeDifferenceDetail(a, b)?.words }

    static func treeDifferenceDetail(_ a: LayerTree, _ b: LayerTree) -> Difference? {
        guard a.count == b.count else { return Difference(words: "the number of layers differs (\(a.count) vs \(b.count))") }
        var stack: [(LayerID?, LayerID?)] = [(nil, nil)]
        while let (pa, pb) = stack.popLast() {
            let ca = a.children(of: pa), cb = b.children(of: pb)
            let na = ca.map { a[$0].name }, nb = cb.map { b[$0].name }
            guard na == nb else {
                return Difference(
                    words: "the layers under \(pa.map { a[$0].name } ?? "the screen") differ or are in another order",
                    layer: pa.map { a[$0].name }, field: pa.map { a[$0].kind == .view ? "subviews" : "sublayers" })
            }
            for (ia, ib) in zip(ca, cb) {
                if let d = layerDifference(a[ia], b[ib]) { return Difference(words: "layer \"\(a[ia].name)\": \(d)", layer: a[ia].name, field: d) }
                stack.append((ia, ib))
            }
        }
        return nil
    }

    /// The first saved property (in the declarations' order) that differs, by its name;
    /// nil when none does. What a frame derives (rects and points) and transforms (steps
    /// recomputed) come back to 1e-9 and 1e-12 (`sameStepValue`); numbers written as they are
    /// must come back bit for bit.
    /// Compared by iterating `PropertyDeclaration.all`, so a new property is compared too.
    static func layerDifference(_ a: Layer, _ b: Layer) -> String? {
        guard a.unlinked != b.unlinked else { return nil }
        var x = a
        for declaration in PropertyDeclaration.all where declaration.isSaved {
            let p = declaration.value(of: a), q = declaration.value(of: b)
            if p == nil, q == nil { continue }
            guard let p, let q, sameSaved(p, q) else { return declaration.property.rawValue }
            // Equal to the tolerance: take b's value so what is left compares exactly.
            try? declaration.write?(&x, q)
        }
        return x.unlinked == b.unlinked ? nil : "a property differs"
    }

    /// Equal as a save must bring it back (see `layerDifference`).
    static func sameSaved(_ p: PropertyValue, _ q: PropertyValue) -> Bool {
        func same(_ u: [Double], _ v: [Double]) -> Bool { u.count == v.count && zip(u, v).allSatisfy { nearlyEqual($0, $1) } }
        switch (p, q) {
        case let (.rect(r), .rect(s)):
            return same([r.origin.x, r.origin.y, r.size.width, r.size.height], [s.origin.x, s.origin.y, s.size.width, s.size.height])
        case let (.point(u), .point(v)): return same([u.x, u.y], [v.x, v.y])
        case let (.size(u), .size(v)): return same([u.width, u.height], [v.width, v.height])
        // Steps come back to their rounding noise only (`sameStepValue`), not to 1e-9.
        case let (.transform(t), .transform(u)): return sameStepMatrix(t.matrix, u.matrix)
        default: return p.sameValue(as: q)
        }
    }
}
