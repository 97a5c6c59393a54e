/// The saved state of some layers' slots (and the top-level list): what undo restores.
/// Recording only the touched slots keeps undo O(edit), not O(tree), so a script that adds
/// 10 000 layers stays linear.
public struct TreePatch: Equatable, Sendable {
    var slots: [(LayerID, Layer?)]
    var roots: [LayerID]?

    /// One patch that undoes `patches` (oldest first) at once: for each slot, the value the
    /// earliest patch saved wins, and the earliest saved top-level list.
    public static func combining(_ patches: [TreePatch]) -> TreePatch {
        TreePatch(slots: patches.reversed().flatMap(\.slots), roots: patches.first { $0.roots != nil }?.roots)
    }

    public static func == (l: TreePatch, r: TreePatch) -> Bool {
        l.roots == r.roots && l.slots.count == r.slots.count
            && zip(l.slots, r.slots).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

extension LayerTree {
    /// The current contents of these slots (nil for empty or future ids), and the roots.
    public func snapshot(of ids: [LayerID], includingRoots: Bool) -> TreePatch {
        TreePatch(
            slots: ids.map { ($0, $0.raw < storageCount ? layerIfPresent($0) : nil) },
            roots: includingRoots ? roots : nil)
    }

    /// Puts the patch's slots back; returns the patch that undoes this.
    @discardableResult
    public mutating func apply(_ patch: TreePatch) -> TreePatch {
        let inverse = snapshot(of: patch.slots.map(\.0), includingRoots: patch.roots != nil)
        restore(patch.slots)
        if let r = patch.roots { setRoots(r) }
        // The restored slots and their superlayers (whose lists and zPosition order were redone).
        var touched = patch.slots.map(\.0)
        for (_, layer) in patch.slots { if let parent = layer?.superlayer { touched.append(parent) } }
        checkInvariants(after: TouchedSlots(slots: touched, roots: patch.roots != nil, links: true))
        return inverse
    }
}
