import LayerModel
import Geometry

/// Scene equality as a save needs it: numbers to 1e-9, layers matched by name, fields this
/// file does not know compared exactly.
enum SceneComparison {
    /// Nil when `a` and `b` are the same scene, else what differs, in words.
    static func difference(_ a: Scene, _ b: Scene) -> String? {
        if a.title != b.title { return "the title differs" }
        if a.notes != b.notes { return "the notes differ" }
        if a.script.map(\.text) != b.script.map(\.text) { return "the script differs" }
        if !sameSteps(a.steps, b.steps) { return "the steps differ" }
        if a.tree.screenScale != b.tree.screenScale { return "the screen scale differs" }
        switch (a.screen, b.screen) {
        case (nil, nil): break
        case let (x?, y?) where nearlyEqual(x.width, y.width) && nearlyEqual(x.height, y.height): break
        default: return "the screen size differs"
        }
        if let d = treeDifference(a.tree, b.tree) { return d }
        var x = a, y = b
        x.tree = y.tree; x.screen = y.screen; x.script = y.script; x.steps = y.steps
        return x == y ? nil : "a scene field differs"
    }

    /// Same titles, notes and commands (where they were written may differ).
    static func sameSteps(_ a: [SceneStep], _ b: [SceneStep]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.title == $1.title && $0.notes == $1.notes && $0.script.map(\.text) == $1.script.map(\.text) }
    }

    static func treeDifference(_ a: LayerTree, _ b: LayerTree) -> String? {
        guard a.count == b.count else { return "the number of layers differs (\(a.count) vs \(b.count))" }
        var stack: [(LayerID?, LayerID?)] = [(nil, nil)]
        while let (pa, pb) = stack.popLast() {
            let ca = a.children(of: pa), cb = b.children(of: pb)
            let na = ca.map { a[$0].name }, nb = cb.map { b[$0].name }
            guard na == nb else { return "the layers under \(pa.map { a[$0].name } ?? "the screen") differ or are in another order" }
            for (ia, ib) in zip(ca, cb) {
                if let d = layerDifference(a[ia], b[ib]) { return "layer \"\(a[ia].name)\": \(d)" }
                stack.append((ia, ib))
            }
        }
        return nil
    }

    static func layerDifference(_ a: Layer, _ b: Layer) -> String? {
        var x = a
        func same(_ p: Double, _ q: Double) -> Bool { nearlyEqual(p, q) }
        func sameT(_ p: Transform3D, _ q: Transform3D) -> Bool { zip(p.rowMajor, q.rowMajor).allSatisfy { nearlyEqual($0, $1) } }
        if same(a.bounds.origin.x, b.bounds.origin.x), same(a.bounds.origin.y, b.bounds.origin.y),
           same(a.bounds.size.width, b.bounds.size.width), same(a.bounds.size.height, b.bounds.size.height) { x.bounds = b.bounds }
        if same(a.position.x, b.position.x), same(a.position.y, b.position.y) { x.position = b.position }
        if same(a.anchorPoint.x, b.anchorPoint.x), same(a.anchorPoint.y, b.anchorPoint.y) { x.anchorPoint = b.anchorPoint }
        // Numbers written as they are (no frame derives them) must come back bit for bit.
        if a.anchorPointZ == b.anchorPointZ { x.anchorPointZ = b.anchorPointZ }
        if a.zPosition == b.zPosition { x.zPosition = b.zPosition }
        if sameT(a.transform, b.transform) { x.transform = b.transform }
        if sameT(a.sublayerTransform, b.sublayerTransform) { x.sublayerTransform = b.sublayerTransform }
        if a.opacity == b.opacity { x.opacity = b.opacity }
        if a.borderWidth == b.borderWidth { x.borderWidth = b.borderWidth }
        guard x.unlinked != b.unlinked else { return nil }
        if x.bounds != b.bounds { return "bounds" }
        if x.position != b.position { return "position" }
        if x.anchorPoint != b.anchorPoint { return "anchorPoint" }
        if x.transform != b.transform { return "transform" }
        if x.zPosition != b.zPosition { return "zPosition" }
        return "a property differs"
    }
}
