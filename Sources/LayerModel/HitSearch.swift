import Geometry

/// The one hit-search sequence: which layers a touch on the screen searches, in which order
/// and under which framework's rules. `hitTestScreen` walks it (its fast paths read the
/// same orders from the tree's caches: `searchByZ`, `FlatHitIndex`), and everything that
/// lists the order — the hit-test page's "searched" column, the exploded view's `hit` plane
/// order — reads `searchSequence`, so a list can never name an order the touch does not take
/// (`HitSearchTests` holds every touch of the shipped scenes to "the first layer of the
/// sequence that takes the point").
extension LayerTree {
    /// The top-level layers front to back, each with the rules its whole subtree is searched
    /// under: a top-level view with UIView rules (the window's), a top-level layer with
    /// CALayer rules in `order`. When every top-level layer is a view they are searched in
    /// reverse array order (UIKit ignores zPosition), else in `order`.
    public func screenSearchOrder(_ order: SiblingOrder) -> [(root: LayerID, rules: HitTestRules)] {
        let allViews = !roots.isEmpty && roots.allSatisfy { self[$0].kind == .view }
        let ordered = allViews ? Array(roots.reversed()) : searchOrder(roots, order)
        return ordered.map { ($0, self[$0].kind == .view ? HitTestRules.view : .layer(order)) }
    }

    /// A layer's sublayers front to back under `rules`: reverse array order under UIView
    /// rules (zPosition ignored, R10), `searchOrder` under CALayer rules (views included:
    /// CALayer.hitTest treats a view as its layer, R9).
    public func searchOrder(sublayersOf id: LayerID, rules: HitTestRules) -> [LayerID] {
        switch rules {
        // Read in place (the hit-testing copy): no layer copied.
        case .view: return Array(hitGeometry[id.raw].sublayers.reversed())
        case let .layer(order): return searchOrder(hitGeometry[id.raw].sublayers, order)
        }
    }

    /// Hit testing's search sequence over the whole tree, first searched first: a layer's
    /// sublayers front to back (each subtree whole) before the layer, in the order and under
    /// the rules of `screenSearchOrder` and `searchOrder(sublayersOf:rules:)`. Hidden layers
    /// and their subtrees are left out; layers UIView rules never reach (a layer that is not
    /// a view, under a top-level view) keep their place in reverse array order.
    public func searchSequence(order: SiblingOrder) -> [LayerID] {
        var out: [LayerID] = []
        out.reserveCapacity(count)
        // Post-order with an explicit stack: (layer, its rules, children expanded?).
        var stack: [(LayerID, HitTestRules, Bool)] = screenSearchOrder(order).reversed().map { ($0.root, $0.rules, false) }
        while let (id, rules, expanded) = stack.popLast() {
            if hitGeometry[id.raw].isHidden { continue }
            if expanded { out.append(id); continue }
            stack.append((id, rules, true))
            for c in searchOrder(sublayersOf: id, rules: rules).reversed() { stack.append((c, rules, false)) }
        }
        return out
    }
}
