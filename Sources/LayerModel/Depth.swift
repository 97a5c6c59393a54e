#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Geometry
import Synchronization

/// How the exploded view assigns planes (depth.md, "Planes").
public enum PlaneOrder: String, Equatable, Sendable, CaseIterable {
    /// Lookin's and FLEX's packing on true quads: one above the highest earlier overlapper.
    case tree
    /// Core Animation's drawing order, one plane per layer.
    case render
    /// Hit testing's search order, one plane per layer, the first searched in front.
    case hit
}

/// The exploded view's settings: the engine keeps them so `eval`, `render` and the
/// explorer agree (depth.md, "Camera" and "Commands").
public struct DepthSettings: Equatable, Sendable {
    public var exploded = false
    public var order: PlaneOrder = .tree
    /// Points of the root space between adjacent planes.
    public var spacing: Double = 20
    /// Planes shown, LO…HI; nil: all.
    public var range: ClosedRange<Int>? = nil
    /// Degrees.
    public var yaw: Double = 30
    public var pitch: Double = 0

    /// The user set the spacing / the pitch (`explode spacing`, `camera pitch`): entering the
    /// view keeps it instead of choosing one from the scene (Depth+Opening.swift).
    public var spacingSet = false
    public var pitchSet = false

    public static let defaultYaw = 30.0
    public static let defaultPitch = 0.0
    public init() {}

    /// The range clamped to 0…planeCount−1 (a range kept across a reload may reach past it).
    public func shownPlanes(planeCount: Int) -> ClosedRange<Int> {
        let top = max(0, planeCount - 1)
        guard let range else { return 0...top }
        let lo = min(max(range.lowerBound, 0), top), hi = min(max(range.upperBound, lo), top)
        return lo...hi
    }
}

/// A layer's bounds corners on screen: (minX,minY), (maxX,minY), (maxX,maxY), (minX,maxY).
public struct Quad: Equatable, Sendable {
    public var p0, p1, p2, p3: Point
    public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) { self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3 }
    public var points: [Point] { [p0, p1, p2, p3] }

    /// The shoelace area (absolute).
    public var area: Double {
        let s =
            (p0.x * p1.y - p1.x * p0.y) + (p1.x * p2.y - p2.x * p1.y)
            + (p2.x * p3.y - p3.x * p2.y) + (p3.x * p0.y - p0.x * p3.y)
        return abs(s) / 2
    }

    public var boundingBox: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (min(p0.x, p1.x, p2.x, p3.x), min(p0.y, p1.y, p2.y, p3.y), max(p0.x, p1.x, p2.x, p3.x), max(p0.y, p1.y, p2.y, p3.y))
    }

    /// True when the point is inside (or on the edge of) the quad, which is convex: the image
    /// of a rectangle through a homography with every corner in front of the eye.
    public func contains(_ p: Point) -> Bool {
        var sign = 0.0
        @inline(__always) func sameSide(_ a: Point, _ b: Point) -> Bool {
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { return true }
            if sign == 0 { sign = cross; return true }
            return (sign > 0) == (cross > 0)
        }
        return sameSide(p0, p1) && sameSide(p1, p2) && sameSide(p2, p3) && sameSide(p3, p0)
    }

    /// True when the two convex quads overlap with positive area. Separating axes: convex
    /// sets have disjoint interiors exactly when some edge's normal separates them (touching
    /// counts as separated), so every edge normal of both must show a positive overlap.
    /// Written without arrays: tree packing calls it for every overlapping pair of boxes.
    public func overlapsWithArea(_ other: Quad) -> Bool {
        let bbA = boundingBox, bbB = other.boundingBox
        // Tolerance relative to the sizes involved: shared edges must read as touching.
        let scale = max(bbA.maxX - bbA.minX, bbA.maxY - bbA.minY, bbB.maxX - bbB.minX, bbB.maxY - bbB.minY, 1)
        let eps = scale * 1e-9
        @inline(__always) func separates(_ e0: Point, _ e1: Point) -> Bool {
            let nx = e0.y - e1.y, ny = e1.x - e0.x
            let len = (nx * nx + ny * ny).squareRoot()
            if len == 0 { return false }
            let a0 = p0.x * nx + p0.y * ny, a1 = p1.x * nx + p1.y * ny, a2 = p2.x * nx + p2.y * ny, a3 = p3.x * nx + p3.y * ny
            let b0 = other.p0.x * nx + other.p0.y * ny, b1 = other.p1.x * nx + other.p1.y * ny
            let b2 = other.p2.x * nx + other.p2.y * ny, b3 = other.p3.x * nx + other.p3.y * ny
            let minA = min(a0, a1, a2, a3), maxA = max(a0, a1, a2, a3)
            let minB = min(b0, b1, b2, b3), maxB = max(b0, b1, b2, b3)
            return (min(maxA, maxB) - max(minA, minB)) / len <= eps
        }
        if separates(p0, p1) || separates(p1, p2) || separates(p2, p3) || separates(p3, p0) { return false }
        let o = other
        if separates(o.p0, o.p1) || separates(o.p1, o.p2) || separates(o.p2, o.p3) || separates(o.p3, o.p0) { return false }
        return true
    }

    public func mapped(_ f: (Point) -> Point) -> Quad { Quad(f(p0), f(p1), f(p2), f(p3)) }
}

/// The orthographic camera of the exploded view (depth.md, "Camera").
public struct ExplodedCamera: Equatable, Sendable {
    public var center: Point
    public var spacing: Double
    public var planeCount: Int
    public var yaw: Double, pitch: Double
    let cy: Double, sy: Double, cp: Double, sp: Double

    public init(center: Point, spacing: Double, planeCount: Int, yaw: Double, pitch: Double) {
        self.center = center; self.spacing = spacing; self.planeCount = planeCount; self.yaw = yaw; self.pitch = pitch
        cy = cos(yaw * .pi / 180); sy = sin(yaw * .pi / 180)
        cp = cos(pitch * .pi / 180); sp = sin(pitch * .pi / 180)
    }

    /// z = S × (p − (P − 1) / 2): positive toward the viewer.
    public func lift(_ plane: Int) -> Double { spacing * (Double(plane) - Double(planeCount - 1) / 2) }

    public func project(_ p: Point, plane: Int) -> Point {
        let z = lift(plane)
        let dx = p.x - center.x, dy = p.y - center.y
        let x1 = dx * cy + z * sy
        let z1 = -dx * sy + z * cy
        let y2 = dy * cp - z1 * sp
        return Point(x: center.x + x1, y: center.y + y2)
    }

    public func project(_ q: Quad, plane: Int) -> Quad { q.mapped { project($0, plane: plane) } }

    /// The root-space point on `plane` that projects to `p` (the inverse of `project` on
    /// one plane); nil at ±90°, where the plane is seen edge on.
    public func unproject(_ p: Point, plane: Int) -> Point? {
        guard abs(cy) > 1e-9, abs(cp) > 1e-9 else { return nil }
        let z = lift(plane)
        let x1 = p.x - center.x, y2 = p.y - center.y
        let dx = (x1 - z * sy) / cy
        let z1 = -dx * sy + z * cy
        let dy = (y2 + z1 * sp) / cp
        return Point(x: center.x + dx, y: center.y + dy)
    }
}

/// Every drawn layer's true on-screen quad and its plane under one order, plus the sibling
/// pairs whose drawing and search orders disagree. Arrays are indexed by `LayerID.raw`.
public struct DepthLayout: Sendable {
    /// The on-screen quad of every layer that is drawn (not hidden, nothing hidden above
    /// it, every corner in front of the eye); nil otherwise.
    public var quads: [Quad?]
    /// The plane of each layer (−1: none — hidden, zero area or no image).
    public var planes: [Int]
    public var planeCount: Int
    /// Layers with a plane, back to front (by plane, then drawing order).
    public var backToFront: [LayerID]
    /// Pairs of siblings "drawn in front, searched behind": (drawn in front, searched first).
    public var disagreements: [(drawnFront: LayerID, searchedFirst: LayerID)]
    public var order: PlaneOrder
    /// The hit-test order the disagreeing pairs were found under.
    public var hitOrder: SiblingOrder
    /// The layers with a plane in drawing order (back to front as Core Animation draws).
    public var drawing: [LayerID]
    /// Which computation this is: a layout reused for a query or a camera key keeps its
    /// serial, a layout worked out again gets a new one (counted, for tests).
    public private(set) var serial = 0
    /// The boxes and index nodes the `tree` packing looked at (0 for the other orders).
    public private(set) var packWork = 0
    private static let computed = Atomic<Int>(0)

    public func plane(of id: LayerID) -> Int? {
        guard id.raw < planes.count, planes[id.raw] >= 0 else { return nil }
        return planes[id.raw]
    }

    public func quad(of id: LayerID) -> Quad? { id.raw < quads.count ? quads[id.raw] : nil }

    /// The other siblings a layer disagrees with, and whether it is the one drawn in front.
    public func disagreements(of id: LayerID) -> [(other: LayerID, drawnInFront: Bool)] {
        disagreements.compactMap { pair in
            if pair.drawnFront == id { return (pair.searchedFirst, true) }
            if pair.searchedFirst == id { return (pair.drawnFront, false) }
            return nil
        }
    }

    /// The bounding box of all planed quads (nil when none).
    public var drawnBounds: Rect? {
        var lo = Point(x: 0, y: 0), hi = lo, any = false
        for id in backToFront {
            guard let q = quads[id.raw] else { continue }
            for p in [q.p0, q.p1, q.p2, q.p3] {
                if !any { lo = p; hi = p; any = true; continue }
                lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
                hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
            }
        }
        return any ? Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y) : nil
    }

    /// The camera for these planes: c is the centre of `screen`, else of the drawn quads.
    /// The spacing and pitch the user has not set are the opening camera's, derived here from
    /// the scene's size and these planes (Depth+Opening.swift): nothing is measured when the
    /// view is entered, only when it is drawn or asked.
    public func camera(_ settings: DepthSettings, screen: Rect?) -> ExplodedCamera {
        let bounds = screen == nil ? drawnBounds : nil
        let c = screen?.center ?? bounds?.center ?? .zero
        let w = screen?.width ?? bounds?.width ?? 0, h = screen?.height ?? bounds?.height ?? 0
        let spacing = settings.spacingSet ? settings.spacing : OpeningCamera.spacing(width: w, height: h, planeCount: planeCount)
        let pitch = settings.pitchSet ? settings.pitch : OpeningCamera.pitch(width: w, height: h)
        return ExplodedCamera(center: c, spacing: spacing, planeCount: planeCount, yaw: settings.yaw, pitch: pitch)
    }

    /// True when two trees are copies of one value not changed since (their slots share one
    /// buffer and the top level is the same): equal without comparing layer by layer.
    static func sharesStorage(_ a: LayerTree, _ b: LayerTree) -> Bool { a.isUnchangedCopy(of: b) }

    /// The planes of `tree` under `order`. `basis`, a layout of the same tree (under any
    /// order), lends what does not depend on the order: the quads, the drawing order and,
    /// under the same hit-test order, the disagreeing pairs.
    public init(_ tree: LayerTree, order: PlaneOrder, hitOrder: SiblingOrder, basis: DepthLayout? = nil) {
        self.order = order
        self.hitOrder = hitOrder
        let quads = basis?.quads ?? tree.screenQuads()
        self.quads = quads
        var planes = Array(repeating: -1, count: tree.storageCount)
        let minArea = 1e-12
        let hasPlane: (LayerID) -> Bool = { id in (quads[id.raw]?.area ?? 0) > minArea }
        // Drawing order over the layers with a plane (the same layers under every order).
        let drawing = basis?.drawing ?? tree.drawingOrder().filter(hasPlane)
        self.drawing = drawing
        switch order {
        case .tree:
            (planeCount, packWork) = DepthLayout.pack(tree, quads: quads, hasPlane: hasPlane, into: &planes)
            // Back to front: by plane, ties in drawing order (a counting sort: stable, linear).
            var start = Array(repeating: 0, count: planeCount + 1)
            for id in drawing { start[planes[id.raw] + 1] += 1 }
            for p in 0..<planeCount { start[p + 1] += start[p] }
            var out = Array(repeating: LayerID(raw: 0), count: drawing.count)
            for id in drawing { out[start[planes[id.raw]]] = id; start[planes[id.raw]] += 1 }
            backToFront = out
        case .render:
            for (n, id) in drawing.enumerated() { planes[id.raw] = n }
            planeCount = drawing.count
            backToFront = drawing
        case .hit:
            let sequence = tree.searchSequence(order: hitOrder).filter(hasPlane)
            for (i, id) in sequence.enumerated() { planes[id.raw] = sequence.count - 1 - i }
            planeCount = sequence.count
            // One plane per layer: back to front is the search sequence reversed.
            backToFront = sequence.reversed()
        }
        self.planes = planes
        if let basis, basis.hitOrder == hitOrder {
            disagreements = basis.disagreements
        } else {
            disagreements = DepthLayout.disagreeingPairs(tree, hitOrder: hitOrder, hasPlane: hasPlane)
        }
        serial = DepthLayout.computed.add(1, ordering: .relaxed).newValue
    }

    /// Tree packing: in tree order, one above the highest earlier overlapper (0 if none).
    /// Candidates come from `PlaneIndex`, a loose quadtree that knows the highest plane under
    /// each node: a search visits only nodes that could hold a higher overlapper than the best
    /// found so far, and each node's layers highest plane first, so 5 000 layers stacked on
    /// one spot cost a few comparisons each, not one per earlier layer (a uniform grid put each
    /// such layer into all 4 096 of its cells; 3–4.6 s a render, issue 36).
    static func pack(_ tree: LayerTree, quads: [Quad?], hasPlane: (LayerID) -> Bool, into planes: inout [Int]) -> (planes: Int, work: Int) {
        let order = tree.treeOrder.filter(hasPlane)
        guard !order.isEmpty else { return (0, 0) }
        var quadList: [Quad] = [], boxes: [PlaneIndex.Box] = []
        quadList.reserveCapacity(order.count); boxes.reserveCapacity(order.count)
        for id in order {
            let q = quads[id.raw]!
            quadList.append(q); boxes.append(q.boundingBox)
        }
        var index = PlaneIndex(boxes)
        var count = 0
        for (i, id) in order.enumerated() {
            let q = quadList[i]
            let best = index.highestPlane(overlapping: boxes[i]) { j in q.overlapsWithArea(quadList[j]) }
            index.insert(i, plane: best + 1)
            planes[id.raw] = best + 1
            count = max(count, best + 2)
        }
        return (count, index.visited)
    }

    /// Siblings whose drawing order (ascending zPosition, ties in array order) and search
    /// order disagree. Search order ignores zPosition for views' subviews (and top-level
    /// views) and under the `tree` order; under `zPosition` it matches drawing.
    static func disagreeingPairs(_ tree: LayerTree, hitOrder: SiblingOrder, hasPlane: (LayerID) -> Bool) -> [(drawnFront: LayerID, searchedFirst: LayerID)] {
        var out: [(drawnFront: LayerID, searchedFirst: LayerID)] = []
        // zPosition and the sublayers read in place from the hit-testing copy: no layer copied.
        @inline(__always) func z(_ id: LayerID) -> Double { tree.hitGeometry[id.raw].zPosition }
        func group(_ siblings: [LayerID], ignoresZ: Bool) {
            guard ignoresZ, siblings.count > 1 else { return }
            let z0 = z(siblings[0])
            // Siblings of one zPosition never disagree (the common case: no filtering).
            guard siblings.contains(where: { z($0) != z0 }) else { return }
            let drawn = siblings.filter(hasPlane)
            guard drawn.count > 1 else { return }
            let d0 = z(drawn[0])
            guard drawn.contains(where: { z($0) != d0 }) else { return }
            // i before j in the array: searched first is j; drawn in front is i when z_i > z_j.
            for i in drawn.indices {
                for j in drawn.indices where j > i && z(drawn[i]) > z(drawn[j]) {
                    out.append((drawn[i], drawn[j]))
                }
            }
        }
        let roots = tree.roots
        group(roots, ignoresZ: hitOrder == .tree || (!roots.isEmpty && roots.allSatisfy { tree.storage[$0.raw]!.kind == .view }))
        for id in tree.treeOrder {
            group(tree.hitGeometry[id.raw].sublayers, ignoresZ: hitOrder == .tree || tree.storage[id.raw]!.kind == .view)
        }
        return out
    }
}

/// The depth layouts of the last few trees drawn, one per order asked: what a session's `Memo`
/// keeps from one scene change to the next (issue 36: the planes are packed once per scene
/// change). Turning the camera, changing the spacing or the range, asking a query or redrawing
/// leaves the tree alone, so they reuse the planes; switching the order packs only the new
/// order, reusing the quads and the drawing order (a step that changes the order, issue 32).
/// A few trees, not one: going back and forth between steps restores each step's kept tree
/// (the same slots), so a step into the exploded view finds the planes it had (issue 32).
public struct DepthLayouts: Sendable {
    /// The trees, the one used last first.
    var kept: [Kept]
    struct Kept: Sendable {
        /// The tree they are of (kept, so its storage cannot be freed and its address reused).
        let tree: LayerTree
        var layouts: [Key: DepthLayout]
    }
    struct Key: Hashable, Sendable {
        var order: PlaneOrder
        var hitOrder: SiblingOrder
    }
    /// At most this many trees, and the ones after the first only while all of them hold at
    /// most `keptSlots` slots (a layout of 10 000 layers is about 1 MB: 4 trees of 10 000
    /// layers, one of 100 000).
    static let keptTrees = 4
    static let keptSlots = 40_000
}

extension Memo where Value == DepthLayouts {
    /// `DepthLayout(tree, order:, hitOrder:)`, reusing the one kept for this tree and orders.
    /// Only an unchanged copy of a kept tree counts: comparing layer by layer costs ~0.15 ms
    /// per edit at 1 000 layers and almost never finds an equal tree after a change.
    public func layout(_ tree: LayerTree, order: PlaneOrder, hitOrder: SiblingOrder) -> DepthLayout {
        let key = DepthLayouts.Key(order: order, hitOrder: hitOrder)
        let found = value(isValid: { $0.kept.first.map { DepthLayout.sharesStorage($0.tree, tree) && $0.layouts[key] != nil } ?? false }) { old in
            var kept = old?.kept ?? []
            var entry = DepthLayouts.Kept(tree: tree, layouts: [:])
            if let i = kept.firstIndex(where: { DepthLayout.sharesStorage($0.tree, tree) }) { entry = kept.remove(at: i) }
            if entry.layouts[key] == nil {
                let basis = entry.layouts.values.first { $0.hitOrder == hitOrder } ?? entry.layouts.values.first
                entry.layouts[key] = DepthLayout(tree, order: order, hitOrder: hitOrder, basis: basis)
            }
            kept.insert(entry, at: 0)
            var count = 1, slots = tree.storageCount
            while count < kept.count, count < DepthLayouts.keptTrees, slots + kept[count].tree.storageCount <= DepthLayouts.keptSlots {
                slots += kept[count].tree.storageCount
                count += 1
            }
            kept.removeSubrange(count...)
            return DepthLayouts(kept: kept)
        }
        return found.kept[0].layouts[key]!
    }
}

/// A loose quadtree of bounding boxes, each with a plane, answering "the highest plane of a
/// box overlapping this one (and passing a finer test)". A box lives in the deepest node whose
/// cell holds its centre and is at least as large as the box (the node's loose bounds, its
/// cell grown by half a cell on every side, then hold the whole box); each node keeps its
/// boxes sorted by plane and the highest plane in its subtree, so a search skips every node
/// and every box that could not beat the best found so far.
struct PlaneIndex {
    typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)
    /// A cell of the tree. Plain values only: its boxes are in `items`, so reading a node
    /// copies no array (a reference count per node visited was a third of the search).
    struct Node {
        var x0: Double, y0: Double, size: Double
        var depth: Int
        var firstChild = -1
        var subtreeMax = -1
    }

    let boxes: [Box]
    var planeOf: [Int]
    var nodes: [Node]
    /// Each node's boxes (indices), by ascending plane.
    var items: [[Int32]]
    let maxDepth: Int
    /// Nodes visited and boxes looked at by searches: the work, for tests.
    private(set) var visited = 0

    init(_ boxes: [Box]) {
        self.boxes = boxes
        planeOf = Array(repeating: -1, count: boxes.count)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for b in boxes {
            minX = min(minX, b.minX); minY = min(minY, b.minY); maxX = max(maxX, b.maxX); maxY = max(maxY, b.maxY)
        }
        let size = max(maxX - minX, maxY - minY, 1e-9)
        let finite = minX.isFinite && minY.isFinite && size.isFinite
        nodes = [Node(x0: finite ? minX : 0, y0: finite ? minY : 0, size: finite ? size : 1, depth: 0)]
        items = [[]]
        // About one cell per box at the deepest level; with no finite extent, everything at the top.
        var depth = 1, cells = 4
        while cells < boxes.count, depth < 18 { cells *= 4; depth += 1 }
        maxDepth = finite ? depth + 1 : 0
    }

    /// Adds box `i` on `plane`.
    mutating func insert(_ i: Int, plane: Int) {
        planeOf[i] = plane
        let b = boxes[i]
        let extent = max(b.maxX - b.minX, b.maxY - b.minY)
        let cx = (b.minX + b.maxX) / 2, cy = (b.minY + b.maxY) / 2
        var n = 0
        while true {
            if nodes[n].subtreeMax < plane { nodes[n].subtreeMax = plane }
            let node = nodes[n]
            let half = node.size / 2
            // A child's cell is half this one: the box fits its loose bounds when no larger.
            guard node.depth < maxDepth, extent <= half, cx.isFinite, cy.isFinite else { break }
            if node.firstChild < 0 {
                nodes[n].firstChild = nodes.count
                for k in 0..<4 {
                    nodes.append(
                        Node(
                            x0: node.x0 + (k & 1 == 0 ? 0 : half), y0: node.y0 + (k & 2 == 0 ? 0 : half),
                            size: half, depth: node.depth + 1))
                    items.append([])
                }
            }
            let k = (cx >= node.x0 + half ? 1 : 0) + (cy >= node.y0 + half ? 2 : 0)
            n = nodes[n].firstChild + k
        }
        // Sorted by plane; a new box is usually the highest, so this is an append.
        var at = items[n].count
        while at > 0, planeOf[Int(items[n][at - 1])] > plane { at -= 1 }
        items[n].insert(Int32(i), at: at)
    }

    /// The highest plane of a box whose bounding box overlaps `b` (open intervals: touching is
    /// not overlapping) and for which `overlaps` is true; −1 when none.
    mutating func highestPlane(overlapping b: Box, _ overlaps: (Int) -> Bool) -> Int {
        var best = -1, work = 0
        // Depth first; a node pushes at most 4 children, so the stack never holds more than
        // 3 per level plus 4: kept on the machine stack, not allocated per search.
        nodes.withUnsafeBufferPointer { nodes in
            planeOf.withUnsafeBufferPointer { planeOf in
                boxes.withUnsafeBufferPointer { boxes in
                    items.withUnsafeBufferPointer { items in
                        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * maxDepth + 8) { stack in
                            stack[0] = 0
                            var top = 1
                            while top > 0 {
                                top -= 1
                                let n = Int(stack[top])
                                let node = nodes[n]
                                guard node.subtreeMax > best else { continue }
                                // The loose bounds hold every box below this node: a query outside them meets none.
                                if node.depth > 0 {
                                    let grow = node.size / 2
                                    guard node.x0 - grow < b.maxX, b.minX < node.x0 + node.size + grow,
                                        node.y0 - grow < b.maxY, b.minY < node.y0 + node.size + grow
                                    else { continue }
                                }
                                work += 1
                                items[n].withUnsafeBufferPointer { list in
                                    var k = list.count - 1
                                    while k >= 0 {
                                        let j = Int(list[k]); k -= 1
                                        let pj = planeOf[j]
                                        if pj <= best { break }
                                        work += 1
                                        let o = boxes[j]
                                        guard o.minX < b.maxX, b.minX < o.maxX, o.minY < b.maxY, b.minY < o.maxY else { continue }
                                        if overlaps(j) { best = pj; break }
                                    }
                                }
                                if node.firstChild >= 0 {
                                    // The children that could beat the best, the higher planes last, so
                                    // they are searched first (a stable insertion sort of at most four).
                                    let first = top
                                    for kid in node.firstChild..<(node.firstChild + 4) where nodes[kid].subtreeMax > best {
                                        let m = nodes[kid].subtreeMax
                                        var at = top
                                        while at > first, nodes[Int(stack[at - 1])].subtreeMax > m {
                                            stack[at] = stack[at - 1]; at -= 1
                                        }
                                        stack[at] = Int32(kid)
                                        top += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        visited += work
        return best
    }
}

extension LayerTree {
    /// The layer's bounds corners in the root space as drawn (through perspective); nil
    /// when a corner has no image (behind the eye).
    public func screenQuad(of id: LayerID) -> Quad? {
        let h = matrixToScreen(id), b = self[id].bounds
        guard let a = h.apply(to: Point(x: b.minX, y: b.minY)), let c = h.apply(to: Point(x: b.maxX, y: b.minY)),
            let d = h.apply(to: Point(x: b.maxX, y: b.maxY)), let e = h.apply(to: Point(x: b.minX, y: b.maxY))
        else { return nil }
        return Quad(a, c, d, e)
    }

    /// Every drawn layer's on-screen quad, indexed by raw id; each map to the screen built
    /// from its parent's (O(layers)). Hidden layers and everything under them get nil.
    /// The geometry is read from the tree's hit-testing copy (no layer is copied); the
    /// arithmetic is `hopToSuperlayer`'s.
    public func screenQuads() -> [Quad?] {
        var out = [Quad?](repeating: nil, count: storageCount)
        var stack: [(LayerID, Homography)] = roots.reversed().map { ($0, .identity) }
        while let (id, parentMap) = stack.popLast() {
            let i = id.raw
            if hitGeometry[i].isHidden { continue }
            let (h, quad) = screenHop(id, under: parentMap)
            out[i] = quad
            for child in hitGeometry[i].sublayers.reversed() { stack.append((child, h)) }
        }
        return out
    }

    /// A drawn layer's map to the screen, from its parent's, and its quad on screen (nil when a
    /// corner does not project): one rule for `screenQuads()` and `screenBox()`.
    @inline(__always) func screenHop(_ id: LayerID, under parentMap: Homography) -> (Homography, Quad?) {
        let h = fastHopToSuperlayer(id).concatenating(parentMap)
        let b = hitGeometry[id.raw].bounds
        guard let a = h.apply(to: Point(x: b.minX, y: b.minY)), let c = h.apply(to: Point(x: b.maxX, y: b.minY)),
            let d = h.apply(to: Point(x: b.maxX, y: b.maxY)), let e = h.apply(to: Point(x: b.minX, y: b.maxY))
        else { return (h, nil) }
        return (h, Quad(a, c, d, e))
    }

    /// `hopToSuperlayer(id)` from the hit-testing copy: the layer's own hop when its
    /// superlayer's sublayer space is plain (no flip, identity sublayerTransform), as
    /// `matrixToSuperlayer` takes it; else the general path.
    func fastHopToSuperlayer(_ id: LayerID) -> Homography {
        let i = id.raw
        if let parent = storage[i]!.superlayer, !hitGeometry[parent.raw].plainSublayerSpace { return hopToSuperlayer(id) }
        return hitGeometry[i].toSuperlayer.planeHomography
    }
}
