import Geometry
import LayerModel

/// Walks a layer tree in drawing order, back to front, handing out each visible layer with
/// its plane homography to the screen and its effective opacity, in O(1) per layer.
///
/// The order is `tree.drawingOrder()` (R11: tree order with siblings stable-sorted by
/// zPosition, hidden subtrees skipped); the matrix equals `tree.matrixToScreen(id)` (up to
/// rounding), but is built as `hop · parent's matrix` instead of walking the ancestors, and
/// each layer is read in place in the tree (`layers`), never copied out whole. `then` is
/// applied after the screen matrix (e.g. screen points → cells), so every step's `matrix`
/// maps straight to that space.
public struct DrawingWalk: Sequence, IteratorProtocol {
    /// One visible layer.
    public struct Step {
        /// The position of this layer in drawing order (0 = drawn first).
        public var index: Int
        /// The superlayer's `index`, or -1 for a top-level layer.
        public var parentIndex: Int
        public var id: LayerID
        public var layer: Layer
        /// The layer's own space → screen points (then `then`), as a plane homography.
        public var matrix: Homography
        /// The product of the opacities from the top level down to this layer, 0…1.
        public var opacity: Double
    }

    /// One visible layer, as the rasterizer takes it: the layer itself stays in the tree,
    /// read in place through `layers`.
    struct Visit {
        var index: Int
        var parentIndex: Int
        var id: LayerID
        /// The layer's slot in the tree (`LayerID.raw`): `layers[slot]`.
        var slot: Int
        var matrix: Homography
        var opacity: Double
    }

    struct Pending {
        var id: LayerID
        var slot: Int32
        var parent: Int32
    }

    struct Visited {
        var matrix: Homography
        var opacity: Double
        /// Index into `sublayerSpaces`, or -1 when the layer's sublayer space is its bounds
        /// space (not flipped, identity sublayerTransform).
        var sublayerSpace: Int32
    }

    /// The tree's layers by slot, read in place (never copied out whole).
    struct Layers {
        let tree: LayerTree
        subscript(slot: Int) -> Layer {
            @inline(__always) _read { yield tree[slot: slot] }
        }
    }

    /// The tree being walked; `layers[visit.slot]` is a visited layer.
    let layers: Layers
    private let base: Homography
    private var stack: [Pending] = []
    private var visited: [Visited] = []
    private var sublayerSpaces: [Transform3D] = []
    private var siblings: [(offset: Int, z: Double, pending: Pending)] = []

    public init(_ tree: LayerTree, then base: Homography = .identity) {
        self.init(tree, then: base, reusing: Storage())
    }

    /// The walk's working arrays, handed from one frame's walk to the next (`takeStorage`):
    /// a frame then allocates nothing in proportion to the tree (big per-frame allocations
    /// are mapped and faulted in afresh each time).
    struct Storage {
        var stack: [Pending] = []
        var visited: [Visited] = []
        var sublayerSpaces: [Transform3D] = []
        var siblings: [(offset: Int, z: Double, pending: Pending)] = []
    }

    init(_ tree: LayerTree, then base: Homography = .identity, reusing storage: Storage) {
        layers = Layers(tree: tree)
        self.base = base
        stack = storage.stack
        visited = storage.visited
        sublayerSpaces = storage.sublayerSpaces
        siblings = storage.siblings
        stack.removeAll(keepingCapacity: true)
        visited.removeAll(keepingCapacity: true)
        sublayerSpaces.removeAll(keepingCapacity: true)
        siblings.removeAll(keepingCapacity: true)
        visited.reserveCapacity(tree.count)
        stack.reserveCapacity(64)
        push(tree.roots, parent: -1)
    }

    /// The working arrays, emptied (no layer kept alive), for the next walk; this walk is
    /// over afterwards.
    mutating func takeStorage() -> Storage {
        var storage = Storage(stack: stack, visited: visited, sublayerSpaces: sublayerSpaces, siblings: siblings)
        stack = []; visited = []; sublayerSpaces = []; siblings = []
        storage.stack.removeAll(keepingCapacity: true)
        return storage
    }

    /// Pushes the visible ones among `ids` so they pop in drawing order (lowest zPosition
    /// first, ties in tree order). What is sorted and stacked is a small record naming the
    /// layer's slot; the layer stays in the tree.
    private mutating func push(_ ids: [LayerID], parent: Int32) {
        if ids.count == 1 {
            if !layers[ids[0].raw].isHidden {
                stack.append(Pending(id: ids[0], slot: Int32(ids[0].raw), parent: parent))
            }
            return
        }
        siblings.removeAll(keepingCapacity: true)
        var sorted = true
        var lastZ = -Double.infinity
        for (offset, id) in ids.enumerated() {
            if layers[id.raw].isHidden { continue }
            let z = layers[id.raw].zPosition
            if !(z >= lastZ) { sorted = false }
            lastZ = z
            siblings.append((offset, z, Pending(id: id, slot: Int32(id.raw), parent: parent)))
        }
        if !sorted {
            // Stable: equal zPositions keep tree order (NaN sorts as 0, so the order stays strict).
            siblings.sort { l, r in
                let zl = l.z.isNaN ? 0 : l.z, zr = r.z.isNaN ? 0 : r.z
                return zl != zr ? zl < zr : l.offset < r.offset
            }
        }
        while let s = siblings.popLast() { stack.append(s.pending) }
    }

    public mutating func next() -> Step? {
        guard let v = visit() else { return nil }
        return Step(
            index: v.index, parentIndex: v.parentIndex, id: v.id, layer: layers[v.slot],
            matrix: v.matrix, opacity: v.opacity)
    }

    /// The next layer in drawing order, without copying it: its properties are `layers[slot]`.
    mutating func visit() -> Visit? {
        guard let p = stack.popLast() else { return nil }
        let slot = Int(p.slot)
        var m = layers[slot].toSuperlayer
        var matrix: Homography
        var opacity = SceneRasterizer.unitClamped(layers[slot].opacity)
        if p.parent >= 0 {
            let parent = visited[Int(p.parent)]
            if parent.sublayerSpace >= 0 {
                m = m.concatenating(sublayerSpaces[Int(parent.sublayerSpace)])
            }
            matrix = m.planeHomography.concatenating(parent.matrix)
            opacity *= parent.opacity
        } else {
            matrix = m.planeHomography.concatenating(base)
        }
        var space: Int32 = -1
        if layers[slot].isGeometryFlipped || !layers[slot].sublayerTransform.isIdentity {
            sublayerSpaces.append(layers[slot].sublayerSpaceToBounds)
            space = Int32(sublayerSpaces.count - 1)
        }
        let index = visited.count
        visited.append(Visited(matrix: matrix, opacity: opacity, sublayerSpace: space))
        if !layers[slot].sublayers.isEmpty { push(layers[slot].sublayers, parent: Int32(index)) }
        return Visit(index: index, parentIndex: Int(p.parent), id: p.id, slot: slot, matrix: matrix, opacity: opacity)
    }
}
