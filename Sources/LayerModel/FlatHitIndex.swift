import Geometry

/// The layer tree laid out for searching: one small record per slot with exactly what a
/// CALayer hit test reads (the affine hop's numbers, the bounds' edges, three flags), and
/// every layer's sublayers in search order side by side in one array. A miss that visits
/// all 10 000 layers then reads ~1 MB front to back instead of chasing a 230-byte record
/// and a separate sublayer array per layer.
///
/// Built lazily from the tree's hit-testing copy (`hitGeometry`) on the first search after a
/// change and kept until the next change; the arithmetic is the tree's own, operation for
/// operation (`pointInLayer`, `Rect.contains`), so the answers are identical.
struct FlatHitIndex: Sendable {
    struct Node: Sendable {
        // The affine hop (see `LayerTree.pointInLayer`): local = (p − position − m4x)·L⁻¹ + a.
        var positionX = 0.0, positionY = 0.0, m41 = 0.0, m42 = 0.0
        var m11 = 0.0, m12 = 0.0, m21 = 0.0, m22 = 0.0, det = 0.0, anchorX = 0.0, anchorY = 0.0
        // Rect.contains: !isEmpty && minX <= x < maxX && minY <= y < maxY.
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
        /// Sublayers in tree order: `children[childStart ..< childStart + childCount]`;
        /// in zPosition search order from `zStart` (−1: none cached).
        var childStart: Int32 = 0, childCount: Int32 = 0, zStart: Int32 = -1
        /// For a layer off the closed form: its hop's inverse in `inverses` (−1: singular).
        var inverse: Int32 = -1
        var flags: UInt8 = 0

        static let hidden: UInt8 = 1, masks: UInt8 = 2, plainSublayers: UInt8 = 4
        /// The hop is affine (no perspective, anchorPointZ 0): the closed form applies
        /// when the superlayer's sublayer space is plain too.
        static let affine: UInt8 = 8
        static let emptyBounds: UInt8 = 16
        /// The closed form applies (affine, and the superlayer's sublayer space plain):
        /// else `inverse` is used, computed once as `pointInLayer` computes it per search.
        static let closedForm: UInt8 = 32

        @inline(__always) func contains(_ x: Double, _ y: Double) -> Bool {
            flags & Self.emptyBounds == 0 && x >= minX && x < maxX && y >= minY && y < maxY
        }
    }

    var nodes: [Node]
    var children: [Int32]
    /// `tree.hopToSuperlayer(id).inverted()` for the layers whose hop is not affine or
    /// whose superlayer's sublayer space is not plain (perspective, geometryFlipped).
    var inverses: [Homography]

    init(_ tree: LayerTree) {
        let hitGeometry = tree.hitGeometry
        nodes = Array(repeating: Node(), count: hitGeometry.count)
        var children: [Int32] = []
        var inverses: [Homography] = []
        children.reserveCapacity(hitGeometry.count * 2)
        for i in hitGeometry.indices {
            let h = hitGeometry[i]
            let t = h.transform
            var node = Node()
            node.positionX = h.position.x; node.positionY = h.position.y
            node.m41 = t.m41; node.m42 = t.m42
            node.m11 = t.m11; node.m12 = t.m12; node.m21 = t.m21; node.m22 = t.m22
            node.det = t.m11 * t.m22 - t.m12 * t.m21
            node.anchorX = h.bounds.origin.x + h.anchorPoint.x * h.bounds.size.width
            node.anchorY = h.bounds.origin.y + h.anchorPoint.y * h.bounds.size.height
            node.minX = h.bounds.minX; node.minY = h.bounds.minY
            node.maxX = h.bounds.maxX; node.maxY = h.bounds.maxY
            if h.isHidden { node.flags |= Node.hidden }
            if h.masksToBounds { node.flags |= Node.masks }
            if h.plainSublayerSpace { node.flags |= Node.plainSublayers }
            if t.m14 == 0 && t.m24 == 0 && t.m44 == 1 && h.anchorPointZ == 0 { node.flags |= Node.affine }
            if h.bounds.isEmpty { node.flags |= Node.emptyBounds }
            node.childStart = Int32(children.count)
            node.childCount = Int32(h.sublayers.count)
            for id in h.sublayers { children.append(Int32(id.raw)) }
            if let z = h.searchByZ {
                node.zStart = Int32(children.count)
                for id in z { children.append(Int32(id.raw)) }
            }
            if let layer = tree.layerIfPresent(LayerID(raw: i)) {
                let parentIsPlain = layer.superlayer.map { hitGeometry[$0.raw].plainSublayerSpace } ?? true
                if parentIsPlain && node.flags & Node.affine != 0 {
                    node.flags |= Node.closedForm
                } else if let inverse = tree.hopToSuperlayer(LayerID(raw: i)).inverted() {
                    node.inverse = Int32(inverses.count)
                    inverses.append(inverse)
                }
            }
            nodes[i] = node
        }
        self.children = children
        self.inverses = inverses
    }
}
