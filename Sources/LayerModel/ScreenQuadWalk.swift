import Geometry

extension LayerTree {
    /// The box of every drawn layer's quad on screen (its finite corners): the quads
    /// `screenQuads()` lists, walked depth first in place (a hidden layer's subtree skipped),
    /// without its array of every slot or its stack (issue 36: an edit asks for the scene's
    /// box on every key). The corners come in tree order, not slot order, so an edge at zero
    /// may come out −0 where the array's box has +0 (they compare equal). Nil: nothing drawn.
    public func screenBox() -> Rect? {
        var box = CornerBox()
        for root in roots { addScreenQuads(of: root, under: .identity, to: &box) }
        return box.rect
    }

    private func addScreenQuads(of id: LayerID, under parentMap: Homography, to box: inout CornerBox) {
        let i = id.raw
        if hitGeometry[i].isHidden { return }
        let (h, quad) = screenHop(id, under: parentMap)
        if let quad { box.take(quad) }
        for child in hitGeometry[i].sublayers { addScreenQuads(of: child, under: h, to: &box) }
    }
}

/// The running box of finite points (`screenBox()`, `Framing.box`).
public struct CornerBox {
    var lo = Point(x: 0, y: 0), hi = Point(x: 0, y: 0), any = false

    public init() {}

    /// A quad's finite corners, p0 to p3.
    public mutating func take(_ q: Quad) { take(q.p0); take(q.p1); take(q.p2); take(q.p3) }

    public mutating func take(_ p: Point) {
        guard p.isFinite else { return }
        if !any { lo = p; hi = p; any = true; return }
        lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
        hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
    }

    public var rect: Rect? { any ? Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y) : nil }
}
