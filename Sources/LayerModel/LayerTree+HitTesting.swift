import Geometry

/// The order CALayer.hitTest searches siblings in (R9).
public enum SiblingOrder: String, Equatable, Sendable, CaseIterable {
    /// As measured on macOS QuartzCore and iOS: higher zPosition first, ties later sibling first.
    case zPosition
    /// As Lockwood's book says: strictly tree order, later sibling first, zPosition ignored.
    case tree
}

/// Which framework's rules a hit test follows.
public enum HitTestRules: Equatable, Sendable {
    /// CALayer.hitTest (R9): the point is in the receiver's superlayer space.
    case layer(SiblingOrder)
    /// UIView.hitTest(_:with:) (R10): the point is in the receiver's own space; only views take part.
    case view
}

/// What happened at one layer during a hit test, in visiting order.
public struct HitVisit: Equatable, Sendable {
    public enum Outcome: String, Equatable, Sendable {
        case hit
        case hidden
        /// UIView: alpha < 0.01.
        case transparent
        /// UIView: userInteractionEnabled == false.
        case interactionDisabled
        /// Not a view, so UIView.hitTest never looks at it.
        case notAView
        /// The hop into the layer is singular (scale 0) or the point is behind the eye.
        case singular
        /// masksToBounds (CALayer) or point(inside:) (UIView) refused the point; the subtree was skipped.
        case clipped
        /// No sublayer took the point and the layer's own bounds do not contain it.
        case outsideBounds
    }
    public var layer: LayerID
    public var outcome: Outcome
    /// The point in the layer's own space, when the hop had an answer.
    public var localPoint: Point?
}

/// Collects the visits of one hit test, in order, for the explanation panel.
public final class HitTrace {
    public var visits: [HitVisit] = []
    public init() {}
}

/// zPosition as a sort key: NaN (never produced by files or commands) sorts as 0 so the
/// comparator stays a strict weak order.
@inline(__always) func zKey(_ z: Double) -> Double { z.isNaN ? 0 : z }

extension LayerTree {
    /// The order siblings are searched in, front to back.
    public func searchOrder(_ siblings: [LayerID], _ order: SiblingOrder) -> [LayerID] {
        var ids = Array(siblings.reversed())
        guard order == .zPosition, ids.count > 1 else { return ids }
        // Keyed once (reading zPosition in place); a stable sort keeps later siblings first
        // among equal zPositions. Swift's sort is stable.
        var keyed: [(z: Double, id: LayerID)] = []
        keyed.reserveCapacity(ids.count)
        for id in ids { keyed.append((zKey(hitGeometry[id.raw].zPosition), id)) }
        keyed.sort { $0.z > $1.z }
        for k in keyed.indices { ids[k] = keyed[k].id }
        return ids
    }

    /// Hit tests the subtree of `id`. `point` is in `id`'s **superlayer** space for `.layer`
    /// rules and in its **own** space for `.view` rules (the classic bug is mixing them up).
    /// When `trace` is given, every visited layer is appended with its outcome.
    public func hitTest(_ id: LayerID, _ point: Point, rules: HitTestRules, trace: HitTrace? = nil) -> LayerID? {
        switch rules {
        case .layer(let order):
            return hitTestLayers(start: id, pointInSuperlayer: point, order: order, trace: trace)
        case .view:
            return hitTestViews(start: id, pointInOwnSpace: point, trace: trace)
        }
    }

    /// Hit test from the screen over the top-level layers (`screenSearchOrder`, HitSearch.swift):
    /// each top-level view with UIView rules (the window's), each top-level layer with CALayer
    /// rules in `order`.
    public func hitTestScreen(_ point: Point, order: SiblingOrder = .zPosition, trace: HitTrace? = nil) -> LayerID? {
        for (root, rules) in screenSearchOrder(order) {
            let hit: LayerID?
            if rules == .view {
                guard let local = hopToSuperlayer(root).inverted()?.apply(to: point) else {
                    trace?.visits.append(HitVisit(layer: root, outcome: .singular, localPoint: nil))
                    continue
                }
                hit = hitTestViews(start: root, pointInOwnSpace: local, trace: trace)
            } else {
                hit = hitTestLayers(start: root, pointInSuperlayer: point, order: order, trace: trace)
            }
            if let hit { return hit }
        }
        return nil
    }

    /// Screen hit test with CALayer rules everywhere (views included), ignoring UIView's
    /// extra exclusions: what a layer-level `hitTest:` on the window's layer would answer.
    public func hitTestScreenAsLayers(_ point: Point, order: SiblingOrder) -> LayerID? {
        for root in searchOrder(roots, order) {
            if let hit = hitTestLayers(start: root, pointInSuperlayer: point, order: order, trace: nil) { return hit }
        }
        return nil
    }

    private struct Frame {
        var id: LayerID
        var local: Point
        /// How many sublayers, and whether to walk the tree's cached zPosition order
        /// (`searchByZ`) or plain reverse tree order; read in place, never copied.
        var count: Int
        var isSorted: Bool
        var next: Int
    }

    /// The point in `id`'s own space for a point in its superlayer's bounds space, or nil
    /// when the hop is singular or the point is behind the eye. Affine hops (the common case)
    /// are inverted in closed form, without building matrices. Fields are read in place
    /// (`storage[i]!.field`): copying whole layers dominated the cost of a search.
    @inline(__always)
    func pointInLayer(_ id: LayerID, fromSuperlayer p: Point, parentIsPlain: Bool) -> Point? {
        let i = id.raw
        // Field by field: binding the whole entry would retain its sublayers array.
        let t = hitGeometry[i].transform
        if parentIsPlain && t.m14 == 0 && t.m24 == 0 && t.m44 == 1 && hitGeometry[i].anchorPointZ == 0 {
            // q = (local − a)·L + (m41, m42) + position  ⇒  local = (q − position − m4x)·L⁻¹ + a
            let det = t.m11 * t.m22 - t.m12 * t.m21
            guard det != 0, det.isFinite else { return nil }
            let position = hitGeometry[i].position, bounds = hitGeometry[i].bounds, anchor = hitGeometry[i].anchorPoint
            let x = p.x - position.x - t.m41, y = p.y - position.y - t.m42
            let ax = bounds.origin.x + anchor.x * bounds.size.width
            let ay = bounds.origin.y + anchor.y * bounds.size.height
            // Row vectors: [x y]·L⁻¹ with L = [m11 m12; m21 m22].
            let lx = (x * t.m22 - y * t.m21) / det + ax
            let ly = (-x * t.m12 + y * t.m11) / det + ay
            guard lx.isFinite, ly.isFinite else { return nil }
            return Point(x: lx, y: ly)
        }
        return hopToSuperlayer(id).inverted()?.apply(to: p)
    }

    @inline(__always)
    func isPlainSublayerSpace(_ id: LayerID) -> Bool { hitGeometry[id.raw].plainSublayerSpace }

    /// Entering one layer during a CALayer hit test: nil when it is skipped (recorded in `trace`).
    @inline(__always)
    private func enterLayer(_ id: LayerID, _ p: Point, parentIsPlain: Bool, order: SiblingOrder, trace: HitTrace?) -> Frame? {
        let i = id.raw
        if hitGeometry[i].isHidden { trace?.visits.append(HitVisit(layer: id, outcome: .hidden, localPoint: nil)); return nil }
        guard let local = pointInLayer(id, fromSuperlayer: p, parentIsPlain: parentIsPlain) else {
            trace?.visits.append(HitVisit(layer: id, outcome: .singular, localPoint: nil)); return nil
        }
        if hitGeometry[i].masksToBounds && !hitGeometry[i].bounds.contains(local) {
            trace?.visits.append(HitVisit(layer: id, outcome: .clipped, localPoint: local)); return nil
        }
        // The zPosition order is cached by the tree whenever sublayers or their zPositions change.
        let isSorted = order == .zPosition && hitGeometry[i].searchByZ != nil
        return Frame(id: id, local: local, count: hitGeometry[i].sublayers.count, isSorted: isSorted, next: 0)
    }

    private func hitTestLayers(
        start: LayerID, pointInSuperlayer: Point, order: SiblingOrder,
        trace: HitTrace?
    ) -> LayerID? {
        // Without a trace, search the flattened copy (same arithmetic, same answers).
        if trace == nil { return hitTestLayersFlat(start: start, pointInSuperlayer: pointInSuperlayer, order: order) }
        var stack: [Frame] = []
        stack.reserveCapacity(64)
        let startParentPlain = storage[start.raw]!.superlayer.map { isPlainSublayerSpace($0) } ?? true
        guard let first = enterLayer(start, pointInSuperlayer, parentIsPlain: startParentPlain, order: order, trace: trace) else { return nil }
        stack.append(first)
        while let top = stack.indices.last {
            let i = stack[top].id.raw
            let count = stack[top].count
            let next = stack[top].next
            if next < count {
                let child = stack[top].isSorted ? hitGeometry[i].searchByZ.unsafelyUnwrapped[next] : hitGeometry[i].sublayers[count - 1 - next]
                stack[top].next = next + 1
                if let f = enterLayer(child, stack[top].local, parentIsPlain: hitGeometry[i].plainSublayerSpace, order: order, trace: trace) {
                    stack.append(f)
                }
                continue
            }
            let frame = stack.removeLast()
            if hitGeometry[i].bounds.contains(frame.local) {
                trace?.visits.append(HitVisit(layer: frame.id, outcome: .hit, localPoint: frame.local))
                return frame.id
            }
            trace?.visits.append(HitVisit(layer: frame.id, outcome: .outsideBounds, localPoint: frame.local))
        }
        return nil
    }

    private struct FlatFrame {
        var node: Int32
        var x: Double
        var y: Double
        /// Where the sublayers are in `FlatHitIndex.children`, how many, which is next,
        /// and whether they are in zPosition order (else read backwards: tree order reversed).
        var base: Int32
        var count: Int32
        var next: Int32
        var isSorted: Bool
    }

    /// `hitTestLayers` over `FlatHitIndex`: the same walk (enter: hidden, hop, mask; leave:
    /// own bounds), reading one compact record per layer and one shared children array.
    private func hitTestLayersFlat(start: LayerID, pointInSuperlayer p: Point, order: SiblingOrder) -> LayerID? {
        let index = flatHitCache.value {
            let built = FlatHitIndex(self)
            // The whole index is rebuilt: check the whole tree against it (debug builds).
            checkAllInvariants(flat: built)
            return built
        }
        return index.nodes.withUnsafeBufferPointer { nodes in
            index.children.withUnsafeBufferPointer { children in
                @inline(__always)
                func enter(_ raw: Int32, _ px: Double, _ py: Double) -> FlatFrame? {
                    let node = nodes[Int(raw)]
                    if node.flags & FlatHitIndex.Node.hidden != 0 { return nil }
                    let lx: Double, ly: Double
                    if node.flags & FlatHitIndex.Node.closedForm != 0 {
                        // pointInLayer's closed form, operation for operation.
                        let det = node.det
                        guard det != 0, det.isFinite else { return nil }
                        let x = px - node.positionX - node.m41, y = py - node.positionY - node.m42
                        lx = (x * node.m22 - y * node.m21) / det + node.anchorX
                        ly = (-x * node.m12 + y * node.m11) / det + node.anchorY
                        guard lx.isFinite, ly.isFinite else { return nil }
                    } else {
                        // pointInLayer's general case with the inverse computed once.
                        guard node.inverse >= 0,
                            let local = index.inverses[Int(node.inverse)].apply(to: Point(x: px, y: py))
                        else { return nil }
                        lx = local.x; ly = local.y
                    }
                    if node.flags & FlatHitIndex.Node.masks != 0 && !node.contains(lx, ly) { return nil }
                    let isSorted = order == .zPosition && node.zStart >= 0
                    return FlatFrame(
                        node: raw, x: lx, y: ly, base: isSorted ? node.zStart : node.childStart,
                        count: node.childCount, next: 0, isSorted: isSorted)
                }
                var stack: [FlatFrame] = []
                stack.reserveCapacity(64)
                guard let first = enter(Int32(start.raw), p.x, p.y) else { return nil }
                stack.append(first)
                while let top = stack.indices.last {
                    let frame = stack[top]
                    if frame.next < frame.count {
                        let slot = frame.isSorted ? frame.base + frame.next : frame.base + frame.count - 1 - frame.next
                        stack[top].next = frame.next + 1
                        if let f = enter(children[Int(slot)], frame.x, frame.y) {
                            stack.append(f)
                        }
                        continue
                    }
                    stack.removeLast()
                    if nodes[Int(frame.node)].contains(frame.x, frame.y) { return LayerID(raw: Int(frame.node)) }
                }
                return nil
            }
        }
    }

    private func hitTestViews(start: LayerID, pointInOwnSpace: Point, trace: HitTrace?) -> LayerID? {
        var stack: [Frame] = []
        func enter(_ id: LayerID, _ local: Point?) {
            let layer = self[id]
            let outcome: HitVisit.Outcome?
            if layer.kind != .view {
                outcome = .notAView
            } else if layer.isHidden {
                outcome = .hidden
            } else if !layer.isUserInteractionEnabled {
                outcome = .interactionDisabled
            } else if layer.opacity < 0.01 {
                outcome = .transparent
            } else if local == nil {
                outcome = .singular
            } else if !layer.bounds.contains(local!) {
                outcome = .clipped
            } else {
                outcome = nil
            }
            if let outcome { trace?.visits.append(HitVisit(layer: id, outcome: outcome, localPoint: local)); return }
            stack.append(Frame(id: id, local: local!, count: layer.sublayers.count, isSorted: false, next: 0))
        }
        enter(start, pointInOwnSpace)
        while !stack.isEmpty {
            let top = stack.count - 1
            let count = stack[top].count
            if stack[top].next < count {
                // Reverse array order, zPosition ignored (R10).
                let child = hitGeometry[stack[top].id.raw].sublayers[count - 1 - stack[top].next]
                stack[top].next += 1
                let local = self[child].kind == .view ? hopToSuperlayer(child).inverted()?.apply(to: stack[top].local) : nil
                enter(child, local)
                continue
            }
            // point(inside:) already held on entry: with no subview taking it, the view is hit.
            let frame = stack.removeLast()
            trace?.visits.append(HitVisit(layer: frame.id, outcome: .hit, localPoint: frame.local))
            return frame.id
        }
        return nil
    }

    /// Drawing order (R11): tree order with siblings stable-sorted by zPosition (higher on
    /// top), hidden subtrees skipped; back to front.
    public func drawingOrder() -> [LayerID] {
        var out: [LayerID] = []
        out.reserveCapacity(count)
        func sorted(_ siblings: [LayerID]) -> [LayerID] {
            guard siblings.count > 1 else { return siblings }
            let keyed = siblings.enumerated().map { (id: $0.element, z: zKey(hitGeometry[$0.element.raw].zPosition), offset: $0.offset) }
            if keyed.allSatisfy({ $0.z == keyed[0].z }) { return siblings }
            return keyed.sorted { $0.z != $1.z ? $0.z < $1.z : $0.offset < $1.offset }.map(\.id)
        }
        var stack = Array(sorted(roots).reversed())
        while let next = stack.popLast() {
            // Read in place from the hit-testing copy: no layer copied.
            if hitGeometry[next.raw].isHidden { continue }
            out.append(next)
            stack.append(contentsOf: sorted(hitGeometry[next.raw].sublayers).reversed())
        }
        return out
    }
}
