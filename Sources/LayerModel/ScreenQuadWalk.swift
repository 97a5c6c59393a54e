import Geometry

extension LayerTree {
    /// Calls `body` with each drawn layer's quad on screen, the quads `screenQuads()` lists,
    /// in its order (depth first, a hidden layer's subtree skipped), without making its
    /// array of every slot or its stack (issue 36: an edit asks for the scene's box on every
    /// key).
    public func forEachScreenQuad(_ body: (Quad) -> Void) {
        func visit(_ id: LayerID, _ parentMap: Homography) {
            let i = id.raw
            if hitGeometry[i].isHidden { return }
            let h = fastHopToSuperlayer(id).concatenating(parentMap)
            let b = hitGeometry[i].bounds
            if let a = h.apply(to: Point(x: b.minX, y: b.minY)), let c = h.apply(to: Point(x: b.maxX, y: b.minY)),
                let d = h.apply(to: Point(x: b.maxX, y: b.maxY)), let e = h.apply(to: Point(x: b.minX, y: b.maxY))
            {
                body(Quad(a, c, d, e))
            }
            for child in hitGeometry[i].sublayers { visit(child, h) }
        }
        for root in roots { visit(root, .identity) }
    }
}
