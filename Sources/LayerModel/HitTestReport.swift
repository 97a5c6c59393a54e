import Geometry

extension SiblingOrder {
    /// The order a report compares against.
    public var other: SiblingOrder { self == .zPosition ? .tree : .zPosition }
}

/// One hit test and what explains it: who was hit, what the other sibling order and the
/// other framework's rules would hit, and (when asked) every layer visited. The one place
/// these answers are computed: the `hit-test` query's JSON, the explorer's cursor panel and
/// its hit-test page all read a report.
public struct HitTestReport: Equatable, Sendable {
    /// Another rule set's answer for the same touch.
    public struct Alternative: Equatable, Sendable {
        public var hit: LayerID?
    }

    /// The layer the point was given to (nil: the screen, over the top-level layers).
    public var receiver: LayerID?
    /// The point as given: in the receiver's superlayer space for a layer, in its own space
    /// for a view, in screen space for the screen.
    public var point: Point
    /// The sibling order CALayer rules used.
    public var order: SiblingOrder
    /// The answer.
    public var hit: LayerID?
    /// What `order.other` would hit; nil where the sibling order plays no part (a view
    /// receiver: UIView rules ignore zPosition).
    public var otherOrder: Alternative?
    /// What CALayer rules would hit for the same touch (views ignored as views: no alpha,
    /// interaction or subview rules); nil when no view takes part, or when the point has no
    /// image in the view's superlayer space.
    public var layerRules: Alternative?
    /// Every layer visited, in order, with its outcome; empty unless the report was traced.
    public var visits: [HitVisit]

    /// The other order's answer when it differs from `hit`.
    public var otherOrderDiffers: Alternative? { otherOrder.flatMap { $0.hit != hit ? $0 : nil } }
    /// CALayer rules' answer when it differs from `hit`.
    public var layerRulesDiffer: Alternative? { layerRules.flatMap { $0.hit != hit ? $0 : nil } }
}

extension LayerTree {
    /// The hit test of `point` given to `receiver` (nil: the screen) under the rules of the
    /// receiver's kind, with the other order's and the other framework's answers; `traced`
    /// records every visit.
    ///
    /// - A layer receiver: CALayer rules in `order`, the point in its superlayer's space;
    ///   the other order is reported.
    /// - A view receiver: UIView rules, the point in its own space; CALayer rules on the
    ///   view's layer (the point converted to the superlayer's space) are reported.
    /// - The screen: each top-level view with UIView rules, each top-level layer with CALayer
    ///   rules (`hitTestScreen`); the other order is reported, and CALayer rules everywhere
    ///   when a top-level layer is a view.
    ///
    /// Precondition: `receiver`, when given, is in the tree.
    public func hitTestReport(
        at point: Point, receiver: LayerID? = nil, order: SiblingOrder,
        traced: Bool = false
    ) -> HitTestReport {
        let trace = traced ? HitTrace() : nil
        var report = HitTestReport(
            receiver: receiver, point: point, order: order, hit: nil,
            otherOrder: nil, layerRules: nil, visits: [])
        if let id = receiver {
            if self[id].kind == .view {
                report.hit = hitTest(id, point, rules: .view, trace: trace)
                // CALayer.hitTest on the view's layer takes the point in the superlayer's space.
                if let pointInSuperlayer = convert(point, from: id, to: self[id].superlayer) {
                    report.layerRules = .init(hit: hitTest(id, pointInSuperlayer, rules: .layer(order)))
                }
            } else {
                report.hit = hitTest(id, point, rules: .layer(order), trace: trace)
                report.otherOrder = .init(hit: hitTest(id, point, rules: .layer(order.other)))
            }
        } else {
            report.hit = hitTestScreen(point, order: order, trace: trace)
            report.otherOrder = .init(hit: hitTestScreen(point, order: order.other))
            if roots.contains(where: { self[$0].kind == .view }) {
                report.layerRules = .init(hit: hitTestScreenAsLayers(point, order: order))
            }
        }
        report.visits = trace?.visits ?? []
        return report
    }
}
