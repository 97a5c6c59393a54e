import Geometry

extension LayerTree {
    /// The full 4×4 from the layer's own space to its superlayer's **bounds** space (or the
    /// screen for a top-level layer): `toSuperlayer`, then the superlayer's flip and
    /// sublayerTransform about its anchor (R5, R12).
    public func matrixToSuperlayer(_ id: LayerID) -> Transform3D {
        // From the hit-testing copy's fields (the same `Layer.toSuperlayer` of the same values;
        // `plainSublayerSpace` is "not flipped, identity sublayerTransform"): the whole layer
        // and its superlayer were copied out of the tree, every reference retained and released
        // through the optional's generic witness, several times a key (issue 36).
        let hop = hitGeometry[id.raw].toSuperlayer
        guard let parent = storage[id.raw]!.superlayer else { return hop }
        if hitGeometry[parent.raw].plainSublayerSpace { return hop }
        return hop.concatenating(self[parent].sublayerSpaceToBounds)
    }

    /// One hop up as a plane map (sublayers are flattened into their parent's plane).
    public func hopToSuperlayer(_ id: LayerID) -> Homography {
        matrixToSuperlayer(id).planeHomography
    }

    /// Converts a point from `source`'s space to `destination`'s (nil = the screen, the
    /// space top-level layers live in): up to the common ancestor, then down (R5). Layers in
    /// different trees meet at the screen. Nil when a hop is singular or behind the eye.
    public func convert(_ p: Point, from source: LayerID?, to destination: LayerID?) -> Point? {
        let up = source.map { ancestors(of: $0, includingSelf: true) } ?? []
        let down = destination.map { ancestors(of: $0, includingSelf: true) } ?? []
        // The common ancestor: the first of `up` that is also in `down`.
        let downSet = Set(down)
        var point = p
        var meeting: LayerID? = nil
        for id in up {
            if downSet.contains(id) { meeting = id; break }
            guard let next = hopToSuperlayer(id).apply(to: point) else { return nil }
            point = next
        }
        let below = meeting.flatMap { m in down.firstIndex(of: m) }.map { down[..<$0] } ?? down[...]
        for id in below.reversed() {
            guard let inverse = hopToSuperlayer(id).inverted(), let next = inverse.apply(to: point) else { return nil }
            point = next
        }
        return point
    }

    /// convertRect (R7): the bounding box of the four converted corners; nil when any has
    /// no image.
    public func convert(_ r: Rect, from source: LayerID?, to destination: LayerID?) -> Rect? {
        var corners: [Point] = []
        for c in r.corners {
            guard let q = convert(c, from: source, to: destination) else { return nil }
            corners.append(q)
        }
        return Rect.boundingBox(of: corners)
    }

    /// The plane map from the layer's own space all the way to the screen; used for drawing.
    public func matrixToScreen(_ id: LayerID) -> Homography {
        var h = Homography.identity
        for a in ancestors(of: id, includingSelf: true) {
            h = h.concatenating(hopToSuperlayer(a))
        }
        return h
    }
}
