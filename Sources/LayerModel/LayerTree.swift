import Geometry

/// Why a tree edit was refused. The engine never prints; callers turn these into messages.
public enum TreeError: Error, Equatable, Sendable {
    case duplicateName(String)
    case indexOutOfRange(index: Int, count: Int)
    case wouldCreateCycle(String)
    case emptyName
}

/// The layer tree: a value with ids. Top-level layers live in the "screen" space (the
/// window); every other layer's position is in its superlayer's bounds space.
///
/// Storage is indexed by `LayerID.raw` (removed slots are nil), so lookups are O(1), and
/// kept in chunks (ChunkedSlots.swift), so copies share it and a write to one slot of a
/// shared tree copies that slot's chunk, not every slot (undo, step snapshots).
public struct LayerTree: Equatable, Sendable {
    /// Two trees are equal when they hold the same layers under the same ids in the same
    /// structure (empty slots left by removals don't count).
    public static func == (a: LayerTree, b: LayerTree) -> Bool {
        guard a.roots == b.roots, a.ids == b.ids, a.screenScale == b.screenScale else { return false }
        for id in a.ids.values where a.storage[id.raw] != b.storage[id.raw] { return false }
        return true
    }

    @usableFromInline private(set) var storage = ChunkedSlots<Layer?>()
    /// The fields hit testing reads, per slot, as plain values (no reference counting):
    /// copying whole layers (name, sublayers) dominated the cost of a search.
    private(set) var hitGeometry = ChunkedSlots<HitGeometry>() {
        // Any change to what hit testing reads drops the flattened copy (FlatHitIndex.swift):
        // a fresh cache, unless this tree alone holds one with nothing built in it (building a
        // big tree changes hitGeometry three times a layer; a new cache each time was an
        // allocation and a release each time). A cache shared with a copy is always replaced.
        didSet {
            if !isKnownUniquelyReferenced(&flatHitCache) || flatHitCache.isFilled { flatHitCache = Memo() }
        }
    }
    /// `hitGeometry` flattened for searching, built on the first search after a change.
    private(set) var flatHitCache = Memo<FlatHitIndex>()
    private(set) var ids: [String: LayerID] = [:]
    /// Top-level layers in tree order.
    public private(set) var roots: [LayerID] = []
    /// The screen's scale (`"screen": {"scale": …}`, default 2): a view's default
    /// `contentsScale` (content.md).
    public var screenScale: Double = 2

    public init() {}

    /// The number of layers in the tree.
    public var count: Int { ids.count }
    public var isEmpty: Bool { ids.isEmpty }

    /// The layer with this id. Precondition: the id is in the tree.
    public subscript(id: LayerID) -> Layer {
        get {
            guard let layer = storage[id.raw] else { preconditionFailure("LayerTree: no layer \(id)") }
            return layer
        }
        set {
            guard let old = storage[id.raw] else { preconditionFailure("LayerTree: no layer \(id)") }
            precondition(
                newValue.superlayer == old.superlayer && newValue.sublayers == old.sublayers,
                "LayerTree: use add/remove/move to change structure")
            if newValue.name != old.name {
                precondition(ids[newValue.name] == nil, "LayerTree: duplicate name \(newValue.name)")
                ids[old.name] = nil
                ids[newValue.name] = id
            }
            storage[id.raw] = newValue
            let sorted = hitGeometry[id.raw].searchByZ
            hitGeometry[id.raw] = HitGeometry(newValue)
            hitGeometry[id.raw].searchByZ = sorted
            let zMoved = newValue.zPosition != old.zPosition
            if zMoved, let parent = newValue.superlayer { refreshSearchOrder(parent) }
            checkInvariants(after: TouchedSlots(slots: zMoved ? [id] + (newValue.superlayer.map { [$0] } ?? []) : [id]))
        }
    }

    /// The layer in slot `raw` (`LayerID.raw`), read in place: the rasterizer's walk reads a
    /// few fields of every visible layer, and a whole copy (name, sublayers, drawing) cost more
    /// than the reading. Precondition: the slot holds a layer.
    @inlinable package subscript(slot raw: Int) -> Layer {
        _read { yield storage[raw]! }
    }

    public var storageCount: Int { storage.count }

    /// True when both are copies of one tree that neither has changed since (they share their
    /// slots, and the top level is the same): equal without comparing layer by layer. False
    /// says nothing (an equal tree built or edited apart is not a copy).
    public func isUnchangedCopy(of other: LayerTree) -> Bool {
        roots == other.roots && screenScale == other.screenScale && storage.sharesChunks(with: other.storage)
    }
    func layerIfPresent(_ id: LayerID) -> Layer? { storage[id.raw] }

    /// Writes slots back verbatim (names re-indexed): the mechanism behind undo.
    mutating func restore(_ slots: [(LayerID, Layer?)]) {
        for (id, _) in slots where id.raw < storage.count {
            if let old = storage[id.raw], ids[old.name] == id { ids[old.name] = nil }
        }
        for (id, layer) in slots {
            while storage.count <= id.raw { storage.append(nil); hitGeometry.append(HitGeometry()) }
            storage[id.raw] = layer
            if let layer { hitGeometry[id.raw] = HitGeometry(layer) }
            if let layer { ids[layer.name] = id }
        }
        for (id, layer) in slots {
            guard let layer else { continue }
            refreshSearchOrder(id)
            if let parent = layer.superlayer, storage[parent.raw] != nil { refreshSearchOrder(parent) }
        }
    }

    mutating func setRoots(_ r: [LayerID]) { roots = r }

    #if DEBUG
        /// Test hook: changes the slots and their hit-testing copies behind the tree's back (no
        /// mirror, name or link upkeep, no check), to show that the checks catch a broken tree.
        mutating func corruptForTesting(
            storage editStorage: (inout ChunkedSlots<Layer?>) -> Void = { _ in },
            hitGeometry editHitGeometry: (inout ChunkedSlots<HitGeometry>) -> Void = { _ in }
        ) {
            editStorage(&storage)
            editHitGeometry(&hitGeometry)
        }
    #endif

    private mutating func syncSublayers(_ id: LayerID) {
        hitGeometry[id.raw].sublayers = storage[id.raw]!.sublayers
        refreshSearchOrder(id)
    }

    /// Recomputes the cached zPosition search order of `id`'s sublayers.
    private mutating func refreshSearchOrder(_ id: LayerID) {
        hitGeometry[id.raw].searchByZ = zSortedSearchOrder(hitGeometry[id.raw].sublayers)
    }

    /// Siblings front to back by zPosition (ties: later first), or nil when every zPosition is
    /// equal — then reverse tree order is the answer and nothing needs storing.
    func zSortedSearchOrder(_ siblings: [LayerID]) -> [LayerID]? {
        guard siblings.count > 1 else { return nil }
        let z0 = hitGeometry[siblings[0].raw].zPosition
        guard siblings.dropFirst().contains(where: { hitGeometry[$0.raw].zPosition != z0 }) else { return nil }
        return searchOrder(siblings, .zPosition)
    }

    /// Whether `id` names a layer of this tree (its slot holds one), looked at in place: the
    /// slot's layer is not copied out to be compared with nil (issue 36: a whole layer
    /// retained and released, several times a key).
    public func contains(_ id: LayerID) -> Bool { id.raw >= 0 && id.raw < storage.count && storage.holdsValue(at: id.raw) }

    /// The id of the layer called `name`, if any.
    public func id(named name: String) -> LayerID? { ids[name] }

    /// Every layer name, unordered.
    public var names: Dictionary<String, LayerID>.Keys { ids.keys }

    /// The sublayers of `parent`, or the top-level layers for nil.
    public func children(of parent: LayerID?) -> [LayerID] {
        guard let parent else { return roots }
        return self[parent].sublayers
    }

    /// Adds `layer` as the last (topmost) sublayer of `parent` (top level for nil), or at `index`.
    @discardableResult
    public mutating func add(_ layer: consuming Layer, in parent: LayerID? = nil, at index: Int? = nil) throws(TreeError) -> LayerID {
        guard !layer.name.isEmpty else { throw .emptyName }
        let id = LayerID(raw: storage.count)
        // The name looked up once: recorded, or given back to the layer that has it.
        if let taken = ids.updateValue(id, forKey: layer.name) {
            ids[layer.name] = taken
            throw .duplicateName(layer.name)
        }
        // The count alone: copying the parent layer to read its sublayers cost more than the add.
        let siblingCount = parent.map { storage[$0.raw]!.sublayers.count } ?? roots.count
        let at = index ?? siblingCount
        guard at >= 0, at <= siblingCount else {
            ids[layer.name] = nil
            throw .indexOutOfRange(index: at, count: siblingCount)
        }
        layer.superlayer = parent
        layer.sublayers = []
        let geometry = HitGeometry(layer)
        // Moved into the storage, not copied (the caller's layer is handed over).
        storage.append(consume layer)
        hitGeometry.append(geometry)
        if let parent {
            // Linear bulk building (an import of 200 000 siblings): drop the hit-testing copy
            // first so the insert does not copy the shared array, and keep "all siblings share
            // one zPosition" without rescanning them.
            let uniform =
                hitGeometry[parent.raw].searchByZ == nil
                && (storage[parent.raw]!.sublayers.first.map { hitGeometry[$0.raw].zPosition == geometry.zPosition } ?? true)
            hitGeometry[parent.raw].sublayers = []
            storage[parent.raw]!.sublayers.insert(id, at: at)
            hitGeometry[parent.raw].sublayers = storage[parent.raw]!.sublayers
            if !uniform { refreshSearchOrder(parent) }
        } else {
            roots.insert(id, at: at)
        }
        // A new leaf cannot close a cycle: no walk up.
        checkInvariants(after: TouchedSlots(slots: [id] + (parent.map { [$0] } ?? [])))
        return id
    }

    /// Makes room for `count` layers in all, so building a big tree (a layout file of 100 000
    /// layers) does not grow and copy its storage again and again.
    public mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
        hitGeometry.reserveCapacity(count)
        ids.reserveCapacity(count)
    }

    /// Removes the layer and its whole subtree.
    public mutating func remove(_ id: LayerID) {
        let layer = self[id]
        if let parent = layer.superlayer {
            storage[parent.raw]!.sublayers.removeAll { $0 == id }
            syncSublayers(parent)
        } else {
            roots.removeAll { $0 == id }
        }
        for victim in subtree(of: id) {
            ids[storage[victim.raw]!.name] = nil
            storage[victim.raw] = nil
        }
        checkInvariants(after: TouchedSlots(slots: layer.superlayer.map { [$0] } ?? [], roots: layer.superlayer == nil))
    }

    /// Moves a layer (with its subtree) under a new parent at an index.
    public mutating func move(_ id: LayerID, to parent: LayerID?, at index: Int? = nil) throws(TreeError) {
        if let parent, ancestors(of: parent, includingSelf: true).contains(id) {
            throw .wouldCreateCycle(self[id].name)
        }
        let old = self[id].superlayer
        if let old { storage[old.raw]!.sublayers.removeAll { $0 == id }; syncSublayers(old) } else { roots.removeAll { $0 == id } }
        let siblings = children(of: parent)
        let at = min(max(index ?? siblings.count, 0), siblings.count)
        if let parent { storage[parent.raw]!.sublayers.insert(id, at: at); syncSublayers(parent) } else { roots.insert(id, at: at) }
        storage[id.raw]!.superlayer = parent
        checkInvariants(
            after: TouchedSlots(
                slots: [id] + [old, parent].compactMap { $0 },
                roots: old == nil || parent == nil, links: true))
    }

    /// The layer and all its descendants, depth first, parents before children (iterative:
    /// trees 10 000 deep must not overflow the stack).
    public func subtree(of id: LayerID) -> [LayerID] {
        var out: [LayerID] = []
        var stack = [id]
        while let next = stack.popLast() {
            out.append(next)
            stack.append(contentsOf: self[next].sublayers.reversed())
        }
        return out
    }

    /// Every layer in tree order (depth first, parents before children, siblings in order).
    public var treeOrder: [LayerID] {
        var out: [LayerID] = []
        out.reserveCapacity(count)
        var stack = Array(roots.reversed())
        while let next = stack.popLast() {
            out.append(next)
            stack.append(contentsOf: self[next].sublayers.reversed())
        }
        return out
    }

    /// The chain from `id` up to its top-level layer (`id` first when `includingSelf`).
    public func ancestors(of id: LayerID, includingSelf: Bool = false) -> [LayerID] {
        var out: [LayerID] = includingSelf ? [id] : []
        var cursor = self[id].superlayer
        while let c = cursor { out.append(c); cursor = self[c].superlayer }
        return out
    }

    /// The number of superlayers above `id` (0 for a top-level layer).
    public func depth(of id: LayerID) -> Int {
        var d = 0
        var cursor = self[id].superlayer
        while let c = cursor { d += 1; cursor = self[c].superlayer }
        return d
    }

    /// "root/child/leaf" — the names from the top level down.
    public func path(of id: LayerID) -> String {
        ancestors(of: id, includingSelf: true).reversed().map { self[$0].name }.joined(separator: "/")
    }
}

/// A layer's hit-testing fields, read without touching the layer itself.
struct HitGeometry: Equatable {
    /// `Layer.toSuperlayer` from the copy's fields.
    var toSuperlayer: Transform3D {
        Layer.toSuperlayer(
            transform: transform, anchor: bounds.origin + bounds.size.scaled(by: anchorPoint), anchorPointZ: anchorPointZ,
            position: position, zPosition: zPosition)
    }

    var bounds = Rect.zero
    var position = Point.zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var anchorPointZ = 0.0
    var zPosition = 0.0
    var transform = Transform3D.identity
    var isHidden = false
    var masksToBounds = false
    /// No geometryFlipped and an identity sublayerTransform: its sublayers' points need no extra hop.
    var plainSublayerSpace = true
    var sublayers: [LayerID] = []
    /// `sublayers` in zPosition search order when their zPositions differ (kept by the tree).
    var searchByZ: [LayerID]? = nil

    init() {}
    init(_ l: borrowing Layer) {
        bounds = l.bounds; position = l.position; anchorPoint = l.anchorPoint
        anchorPointZ = l.anchorPointZ; zPosition = l.zPosition; transform = l.transform
        isHidden = l.isHidden; masksToBounds = l.masksToBounds
        plainSublayerSpace = !l.isGeometryFlipped && l.sublayerTransform.isIdentity
        sublayers = l.sublayers
    }
}

extension LayerTree {
    /// Appends one operation to a layer's drawing in place: amortized O(1), the drawing not
    /// copied (a `draw` command used to copy the whole drawing, and so did its undo entry:
    /// 10 000 `draw` lines took 2.3 s and 980 MB; issue 36). Structure, names and hit geometry
    /// do not depend on the drawing, so nothing else changes.
    public mutating func appendDrawing(_ op: DrawingOperation, to id: LayerID) {
        precondition(id.raw < storage.count && storage[id.raw] != nil, "LayerTree: no layer \(id)")
        storage[id.raw]!.drawing.append(op)
    }

    /// Removes the last operation of a layer's drawing in place and returns it (nil: none).
    @discardableResult
    public mutating func removeLastDrawing(of id: LayerID) -> DrawingOperation? {
        precondition(id.raw < storage.count && storage[id.raw] != nil, "LayerTree: no layer \(id)")
        return storage[id.raw]!.drawing.popLast()
    }
}

extension TreePatch {
    /// The drawing operations the layers kept in this patch hold (what an undo entry costs
    /// for drawing).
    public var heldDrawingOperations: Int { slots.reduce(0) { $0 + ($1.1?.drawing.count ?? 0) } }
}
