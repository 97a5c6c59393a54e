import Geometry

/// The tree's invariants, checked in debug builds after every mutation (as swift-collections
/// does with `_checkInvariants()`), so a broken mirror or link fails at the edit that broke
/// it rather than as a wrong hit test later:
///
/// - `storage` and `hitGeometry` have one entry per slot; every live slot's `hitGeometry` entry is
///   `HitGeometry(layer)` with the zPosition search order of its sublayers;
/// - `ids` maps every live layer's name to its slot and nothing else;
/// - links agree both ways: a top-level layer has no superlayer and is in `roots`; every
///   other layer is in its superlayer's `sublayers`, whose entries are live and point back;
///   no layer is listed twice; following superlayers always ends at a top-level layer;
/// - a built `FlatHitIndex` says what `hitGeometry` says.
///
/// After a mutation only the slots it touched are checked (with their parents' lists where
/// those changed), so a script of 10 000 edits stays linear; a full check runs where the
/// whole flattened index is rebuilt anyway, and whenever a test asks (`invariantViolations()`).
/// Release builds check nothing.
extension LayerTree {
    /// What a mutation touched, for the check after it.
    struct TouchedSlots {
        /// Slots whose layer or hit-testing copy changed (live or emptied).
        var slots: [LayerID]
        /// The top-level list changed: check it whole.
        var roots = false
        /// Links changed: check that following superlayers from these slots ends at the top.
        var links = false
    }

    #if DEBUG
        /// Where a failed check goes: a test installs a recorder; otherwise the process stops.
        @TaskLocal static var invariantFailureHandler: (@Sendable ([String]) -> Void)? = nil
    #endif

    /// Checks the slots a mutation touched (debug builds only).
    @inline(__always)
    func checkInvariants(after touched: @autoclosure () -> TouchedSlots) {
        #if DEBUG
            report(invariantViolations(touched()))
        #endif
    }

    /// Checks the whole tree (debug builds only).
    func checkAllInvariants(flat index: FlatHitIndex? = nil) {
        #if DEBUG
            report(invariantViolations(flat: index))
        #endif
    }

    private func report(_ problems: [String]) {
        #if DEBUG
            guard !problems.isEmpty else { return }
            if let handler = LayerTree.invariantFailureHandler { handler(problems); return }
            preconditionFailure("LayerTree invariants broken:\n" + problems.joined(separator: "\n"))
        #endif
    }

    /// Every broken invariant of the whole tree, as text (empty: sound); `index` (default:
    /// the built one, if any) is compared with `hitGeometry`. One pass over the slots, then integer
    /// work: it runs at every rebuild of the flat index in debug builds.
    func invariantViolations(flat index: FlatHitIndex? = nil) -> [String] {
        var problems: [String] = []
        let n = storage.count
        if n != hitGeometry.count { return ["storage has \(n) slots, hitGeometry \(hitGeometry.count)"] }
        // Superlayer per slot (-1: top level, -2: empty slot).
        var parentOf = [Int](repeating: -2, count: n)
        var live = 0
        for i in 0..<n {
            guard let layer = storage[i] else { continue }
            live += 1
            parentOf[i] = layer.superlayer?.raw ?? -1
            var expected = HitGeometry(layer)
            if layer.sublayers.count > 1 { expected.searchByZ = zSortedSearchOrder(layer.sublayers) }
            if !hitGeometry[i].mirrors(expected) { problems.append("#\(i) \"\(layer.name)\": the hit-testing copy differs from the layer") }
        }
        if ids.count != live { problems.append("\(ids.count) names for \(live) layers") }
        for (name, id) in ids where !(id.raw >= 0 && id.raw < n && storage[id.raw]?.name == name) {
            problems.append("name \"\(name)\" maps to \(id), which is not that layer")
        }
        // Each live layer listed exactly once: in `roots` when top-level, else in its superlayer's list.
        var listed = [Int](repeating: 0, count: n)
        for r in roots {
            guard r.raw >= 0, r.raw < n, parentOf[r.raw] == -1 else { problems.append("root \(r) is not a top-level layer of the tree"); continue }
            listed[r.raw] += 1
        }
        for i in 0..<n where parentOf[i] != -2 {
            for c in hitGeometry[i].sublayers {
                guard c.raw >= 0, c.raw < n, parentOf[c.raw] == i else { problems.append("#\(i)'s sublayer \(c) does not name it as superlayer"); continue }
                listed[c.raw] += 1
            }
        }
        for i in 0..<n where parentOf[i] != -2 && listed[i] != 1 {
            problems.append("#\(i) is listed \(listed[i]) times")
        }
        // Following superlayers ends at the top (depth known: 1 + the parent's).
        var state = [UInt8](repeating: 0, count: n)  // 0 unknown, 1 on the current path, 2 ends at the top
        var path: [Int] = []
        for start in 0..<n where parentOf[start] != -2 && state[start] == 0 {
            var c = start
            while c >= 0, state[c] == 0 { state[c] = 1; path.append(c); c = parentOf[c] }
            if c >= 0, state[c] == 1 { problems.append("#\(start) is its own ancestor (a cycle)") }
            for p in path { state[p] = 2 }
            path.removeAll(keepingCapacity: true)
        }
        if problems.isEmpty, let index = index ?? flatHitCache.stored {
            problems += flatIndexViolations(index, nil)
        }
        return problems
    }

    /// The broken invariants among the touched slots.
    func invariantViolations(_ touched: TouchedSlots) -> [String] {
        var problems: [String] = []
        if storage.count != hitGeometry.count { problems.append("storage has \(storage.count) slots, hitGeometry \(hitGeometry.count)") }
        if touched.roots {
            var listed = Set<LayerID>()
            for r in roots {
                if !listed.insert(r).inserted { problems.append("root \(r) is listed twice") }
                if !contains(r) {
                    problems.append("root \(r) is not in the tree")
                } else if storage[r.raw]!.superlayer != nil {
                    problems.append("root \(r) has a superlayer")
                }
            }
        }
        // A long sibling list is searched once as a set, not once per touched sibling.
        var siblingSets: [LayerID: Set<LayerID>] = [:]
        func isListed(_ id: LayerID, under parent: LayerID?) -> Bool {
            let list = parent.map { storage[$0.raw]!.sublayers } ?? roots
            // Appends are the common edit: look from the end first.
            if list.count <= 32 || list.last == id { return list.lastIndex(of: id) != nil }
            let key = parent ?? LayerID(raw: -1)
            if siblingSets[key] == nil { siblingSets[key] = Set(list) }
            return siblingSets[key]!.contains(id)
        }
        for id in touched.slots where contains(id) {
            let layer = storage[id.raw]!
            problems += slotViolations(id, zOrderLimit: 32)
            if let parent = layer.superlayer {
                if !contains(parent) {
                    problems.append("\(id)'s superlayer \(parent) is not in the tree")
                } else if !isListed(id, under: parent) {
                    problems.append("\(id) is not among its superlayer \(parent)'s sublayers")
                }
            } else if !isListed(id, under: nil) {
                problems.append("\(id) has no superlayer but is not top-level")
            }
        }
        if touched.links {
            // Following superlayers ends at the top; paths already known good end walks early.
            var good = Set<LayerID>()
            for start in touched.slots where contains(start) {
                var path: [LayerID] = []
                var cursor: LayerID? = start
                while let c = cursor, contains(c), !good.contains(c) {
                    path.append(c)
                    if path.count > storage.count { problems.append("\(start) is its own ancestor (a cycle)"); break }
                    cursor = storage[c.raw]!.superlayer
                }
                if path.count > storage.count { break }
                good.formUnion(path)
            }
        }
        if problems.isEmpty, let index = flatHitCache.stored { problems += flatIndexViolations(index, touched.slots) }
        return problems
    }

    /// One live slot: its hit-testing copy, its name, its sublayers' back links. The zPosition
    /// order and the back links are checked for at most `zOrderLimit` sublayers (else the
    /// order's length only: the next full check covers the rest).
    private func slotViolations(_ id: LayerID, zOrderLimit: Int) -> [String] {
        var problems: [String] = []
        let layer = storage[id.raw]!
        var expected = HitGeometry(layer)
        let mirror = hitGeometry[id.raw]
        if layer.sublayers.count <= zOrderLimit {
            expected.searchByZ = zSortedSearchOrder(layer.sublayers)
        } else {
            expected.searchByZ = mirror.searchByZ
            if let z = mirror.searchByZ, z.count != layer.sublayers.count {
                problems.append("\(id)'s zPosition order lists \(z.count) of \(layer.sublayers.count) sublayers")
            }
        }
        if !mirror.mirrors(expected) { problems.append("\(id) \"\(layer.name)\": the hit-testing copy differs from the layer") }
        if ids[layer.name] != id { problems.append("\(id) \"\(layer.name)\" is not found by its name") }
        if layer.sublayers.count <= zOrderLimit {
            for c in layer.sublayers where !(c != id && contains(c) && storage[c.raw]!.superlayer == id) {
                problems.append("\(id)'s sublayer \(c) does not name it as superlayer")
            }
        }
        return problems
    }

    /// A flattened index agrees with `hitGeometry` for these slots (nil: every slot). NaN agrees with NaN.
    private func flatIndexViolations(_ index: FlatHitIndex, _ slots: [LayerID]?) -> [String] {
        guard index.nodes.count == hitGeometry.count else { return ["the flat index has \(index.nodes.count) nodes for \(hitGeometry.count) slots"] }
        var problems: [String] = []
        func check(_ i: Int) {
            let node = index.nodes[i]
            let h = hitGeometry[i]
            var agrees =
                Int(node.childCount) == h.sublayers.count
                && (node.zStart >= 0) == (h.searchByZ != nil)
                && (node.flags & FlatHitIndex.Node.hidden != 0) == h.isHidden
                && (node.flags & FlatHitIndex.Node.masks != 0) == h.masksToBounds
                && same(node.minX, h.bounds.minX) && same(node.maxX, h.bounds.maxX)
                && same(node.minY, h.bounds.minY) && same(node.maxY, h.bounds.maxY)
                && same(node.positionX, h.position.x) && same(node.positionY, h.position.y)
            if agrees {
                let start = Int(node.childStart)
                for (k, c) in h.sublayers.enumerated() where index.children[start + k] != Int32(c.raw) { agrees = false; break }
            }
            if !agrees { problems.append("#\(i): the flat index differs from the hit-testing copy") }
        }
        if let slots {
            for id in slots where contains(id) { check(id.raw) }
        } else {
            for i in 0..<storage.count where storage[i] != nil { check(i) }
        }
        return problems
    }
}

/// Equal, or both NaN (a NaN read from a hostile file must not look like a broken mirror).
@inline(__always) private func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }

extension HitGeometry {
    /// Field for field equal, NaN matching NaN.
    func mirrors(_ o: HitGeometry) -> Bool {
        func sameTransform(_ a: Transform3D, _ b: Transform3D) -> Bool {
            same(a.m11, b.m11) && same(a.m12, b.m12) && same(a.m13, b.m13) && same(a.m14, b.m14)
                && same(a.m21, b.m21) && same(a.m22, b.m22) && same(a.m23, b.m23) && same(a.m24, b.m24)
                && same(a.m31, b.m31) && same(a.m32, b.m32) && same(a.m33, b.m33) && same(a.m34, b.m34)
                && same(a.m41, b.m41) && same(a.m42, b.m42) && same(a.m43, b.m43) && same(a.m44, b.m44)
        }
        return same(bounds.origin.x, o.bounds.origin.x) && same(bounds.origin.y, o.bounds.origin.y)
            && same(bounds.size.width, o.bounds.size.width) && same(bounds.size.height, o.bounds.size.height)
            && same(position.x, o.position.x) && same(position.y, o.position.y)
            && same(anchorPoint.x, o.anchorPoint.x) && same(anchorPoint.y, o.anchorPoint.y)
            && same(anchorPointZ, o.anchorPointZ) && same(zPosition, o.zPosition)
            && sameTransform(transform, o.transform)
            && isHidden == o.isHidden && masksToBounds == o.masksToBounds
            && plainSublayerSpace == o.plainSublayerSpace
            && sublayers == o.sublayers && searchByZ == o.searchByZ
    }
}
