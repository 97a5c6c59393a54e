import LayerModel
import Scenes
import Geometry

/// The edits a changed scene needs: its screen and notes, then each layer changed, removed
/// or added.
extension Patcher {
    // MARK: Scene level

    mutating func patchScene(from reference: Scene, to scene: Scene, root: SourceValue) throws(PatchFailure) {
        if let notes = scene.notes, notes != reference.notes {
            if let member = root.member("notes") {
                try patch(member, .string(notes), flow: isFlowCollection(root))
            } else {
                try insert("notes", .string(notes), into: root)
            }
        }
        if scene.notes == nil, reference.notes != nil {
            guard rewriting, let member = root.member("notes") else { throw PatchFailure(reason: "the notes were removed", field: "notes") }
            try removeMember(member, of: root)
            rewritten.append("the notes removed")
        }
        var screenRemoved = false
        if scene.screen == nil, reference.screen != nil {
            guard rewriting, scene.tree.screenScale == reference.tree.screenScale, let member = root.member("screen") else {
                throw PatchFailure(reason: "the screen size was removed", field: "screen")
            }
            try removeMember(member, of: root)
            rewritten.append("the screen removed")
            screenRemoved = true
        }
        if !screenRemoved, scene.screen != reference.screen || scene.tree.screenScale != reference.tree.screenScale {
            var fields: [(String, WantedValue)] = []
            if let screen = scene.screen { fields = [("width", .number(screen.width)), ("height", .number(screen.height))] }
            if scene.tree.screenScale != 2 || root.member("screen")?.value.member("scale") != nil { fields.append(("scale", .number(scene.tree.screenScale))) }
            let want = WantedValue.object(fields)
            if let member = root.member("screen") { try patch(member, want, flow: isFlowCollection(root)) } else { try insert("screen", want, into: root) }
        }
        let map = SourceLayers(root: root)
        let old = reference.tree, new = scene.tree
        var emptied: Set<String> = []
        /// Takes a removed (or, rewriting, moved) layer's text out of its parent's array.
        func takeOut(_ object: SourceValue, parentName: String?) throws(PatchFailure) {
            // Whether the array's element stays under this parent in the new tree.
            func leaves(_ element: SourceValue) -> Bool {
                guard let name = map.name(of: element) else { return false }
                guard let id = new.id(named: name) else { return true }
                return rewriting && new[id].superlayer.map({ new[$0].name }) != parentName
            }
            if let array = map.childArray(of: parentName), isBlockCollection(array), array.elementList.allSatisfy(leaves) {
                // Every element of a block sequence goes: it becomes `[]` (once).
                if emptied.insert(parentName ?? "").inserted { try emptyBlockArray(array, parentName: parentName, root: root, map: map) }
                return
            }
            try removeElement(object, parentName: parentName, map: map)
        }
        // Rewriting: layers written whole (afresh, moved) cover their sublayers' text.
        var covered: Set<LayerID> = []
        var moved: Set<String> = []
        // Changed and removed layers.
        for id in old.treeOrder {
            let layer = old[id]
            if let parent = layer.superlayer, covered.contains(parent) { covered.insert(id); continue }
            // A layer the script makes is made again on load; the check after patching catches
            // an edit to it.
            guard let object = map.objects[layer.name] else { continue }
            if rewriting, let newID = new.id(named: layer.name) {
                let parentName = layer.superlayer.map { old[$0].name }
                if parentName != new[newID].superlayer.map({ new[$0].name }) {
                    // Moved: out of its old place here (unless its old parent is removed, which
                    // takes it along), into its new one with the added layers.
                    if parentName.map({ new.id(named: $0) != nil }) ?? true { try takeOut(object, parentName: parentName) }
                    moved.insert(layer.name)
                    covered.insert(id)
                    continue
                }
                if fresh.contains(layer.name) {
                    try rewriteLayer(object, as: newID, in: new)
                    covered.insert(id)
                    continue
                }
            }
            guard let newID = new.id(named: layer.name) else {
                // Removed: its parent's removal covers it.
                if let parent = layer.superlayer, new.id(named: old[parent].name) == nil { continue }
                try takeOut(object, parentName: layer.superlayer.map { old[$0].name })
                continue
            }
            let parentName = layer.superlayer.map { old[$0].name }
            let newParentName = new[newID].superlayer.map { new[$0].name }
            if parentName != newParentName {
                throw PatchFailure(reason: "layer \"\(layer.name)\" moved to another superlayer", layer: layer.name)
            }
            do { try patchLayer(object, from: layer, to: new[newID]) } catch {
                var failure = error
                if failure.layer == nil { failure.layer = layer.name }
                throw failure
            }
        }
        // Added (and moved) layers, in tree order, so a new parent is written with its new
        // children; a layer under one written whole is in its text already.
        var wholeInNew: Set<LayerID> = []
        for id in new.treeOrder {
            let name = new[id].name
            let isNew = old.id(named: name) == nil || moved.contains(name)
            if let parent = new[id].superlayer, wholeInNew.contains(parent) { wholeInNew.insert(id); continue }
            if isNew || (rewriting && fresh.contains(name)) { wholeInNew.insert(id) }
            guard isNew else { continue }
            try insertLayer(id, in: new, map: map, notAt: moved)
            if moved.contains(name) {
                rewritten.append("layer \"\(name)\" moved under \(new[id].superlayer.map { "\"\(new[$0].name)\"" } ?? "the screen") and written afresh")
            }
        }
    }

    /// Writes layer `id` of `tree` (with its sublayers) afresh where `object` is (`save --rewrite`).
    mutating func rewriteLayer(_ object: SourceValue, as id: LayerID, in tree: LayerTree) throws(PatchFailure) {
        guard let start = source.offset(of: object.position) else { throw PatchFailure(reason: "a layer is out of the text", layer: tree[id].name) }
        let end = isBlockCollection(object) ? blockEnd(object) : valueEnd(object, flow: true)
        try replace(start..<end, with: render(try layerWant(id, in: tree)))
        rewritten.append("layer \"\(tree[id].name)\" written afresh")
    }

    // MARK: Layers

    mutating func patchLayer(_ object: SourceValue, from a: Layer, to b: Layer) throws(PatchFailure) {
        let view = b.kind == .view
        func set(_ keys: [String], _ want: WantedValue, insertAs: String) throws(PatchFailure) {
            if let member = keys.lazy.compactMap({ object.member($0) }).first {
                try patch(member, want, flow: isFlowCollection(object))
            } else {
                try insert(insertAs, want, into: object)
            }
        }
        if a.kind != b.kind { try set(["kind"], .string(b.kind.rawValue), insertAs: "kind") }
        let boundsChanged = !rectEqual(a.bounds, b.bounds), positionChanged = !pointEqual(a.position, b.position)
        if let frameMember = object.member("frame"), boundsChanged || positionChanged {
            // The file places the layer by its frame: write the new frame when the frame setter
            // reproduces bounds and position from it (the check after patching decides).
            guard b.bounds.origin == a.bounds.origin else {
                throw PatchFailure(reason: "layer \"\(b.name)\" is placed by its frame and its bounds origin changed", layer: b.name, field: "frame")
            }
            let f = b.frame
            try patch(frameMember, rectWant(f, like: frameMember.value), flow: isFlowCollection(object))
        } else {
            if boundsChanged { try set(["bounds"], rectWant(b.bounds, like: object.member("bounds")?.value), insertAs: "bounds") }
            if positionChanged {
                try set(
                    ["position", "center"], pointWant(b.position, like: object.member("position")?.value ?? object.member("center")?.value),
                    insertAs: view ? "center" : "position")
            }
        }
        if !pointEqual(a.anchorPoint, b.anchorPoint) {
            try set(["anchorPoint"], pointWant(b.anchorPoint, like: object.member("anchorPoint")?.value), insertAs: "anchorPoint")
        }
        if a.drawing != b.drawing { try patchDrawing(object, from: a.drawing, to: b.drawing) }
        // The other saved properties, from their declarations: each under the spelling the
        // file already uses, else the one for the layer's kind.
        for declaration in PropertyDeclaration.all where declaration.isSaved {
            guard let old = declaration.value(of: a), let new = declaration.value(of: b) else { continue }
            let key = declaration.spelling(for: b.kind).rawValue
            let want: WantedValue
            switch (old, new) {
            case let (.number(x), .number(y)):
                // Exactly: zPosition 1e-10 over 0 is a change (issue 20).
                guard x != y else { continue }
                want = .number(y)
            case let (.bool(x), .bool(y)):
                guard x != y else { continue }
                want = .bool(y)
            case let (.color(x, _), .color(y, _)):
                guard x != y else { continue }
                guard let y else { throw PatchFailure(reason: "layer \"\(b.name)\" lost its \(key)", layer: b.name, field: key) }
                want = .string(y.cssSpelling)
            case let (.mask(x), .mask(y)):
                guard x != y else { continue }
                want = .string(y.printed)
            case let (.text(x), .text(y)) where declaration.property != .name:
                guard x != y else { continue }
                guard !y.isEmpty else { throw PatchFailure(reason: "layer \"\(b.name)\" lost its \(key)", layer: b.name, field: key) }
                want = .string(y)
            case let (.transform(x), .transform(y)):
                // Exactly, as numbers are: a change under 1e-9 (`scale 1.0000000001`) is a change.
                guard x.matrix != y.matrix else { continue }
                want = TransformFit.want(y.matrix, like: object.member(key)?.value).asTransformNumbers
            default:
                // name, kind, bounds, position, anchorPoint: above.
                continue
            }
            try set(declaration.spellings.map(\.rawValue), want, insertAs: key)
        }
    }

    // Exact: a value that differs in the last bit is written (the save round-trips every number).
    func pointEqual(_ a: Point, _ b: Point) -> Bool { a.x == b.x && a.y == b.y }
    func rectEqual(_ a: Rect, _ b: Rect) -> Bool {
        pointEqual(a.origin, b.origin) && a.size.width == b.size.width && a.size.height == b.size.height
    }

    /// Adds layer `id` beside its siblings; siblings named in `notAt` are no longer where the
    /// file has them (moved away), so the new one is not placed by them.
    mutating func insertLayer(_ id: LayerID, in tree: LayerTree, map: SourceLayers, notAt: Set<String> = []) throws(PatchFailure) {
        let layer = tree[id]
        let siblings = tree.children(of: layer.superlayer)
        let index = siblings.firstIndex(of: id) ?? siblings.count
        let parentName = layer.superlayer.map { tree[$0].name }
        let want = try layerWant(id, in: tree)
        guard let array = map.childArray(of: parentName) else {
            // The parent has no children array yet: add one.
            guard let parentName, let parentObject = map.objects[parentName], let parent = layer.superlayer else {
                throw PatchFailure(reason: "the file has no \"layers\" array to add \"\(layer.name)\" to")
            }
            return try insert(LayoutEncoder.childrenKey(of: tree[parent]), .array([want]), into: parentObject)
        }
        let elements = array.elementList
        // Insert after the previous sibling that the file holds, else before the next one.
        func inFile(_ sibling: LayerID) -> SourceValue? { notAt.contains(tree[sibling].name) ? nil : map.objects[tree[sibling].name] }
        let before = siblings[..<index].last { inFile($0) != nil }.flatMap(inFile)
        // With no sibling in the file (all new or removed), before the file's first element.
        let after =
            siblings[(index + 1)...].first { inFile($0) != nil }.flatMap(inFile)
            ?? (before == nil ? elements.first : nil)
        try insertElement(want, in: array, after: before, before: after, isEmpty: elements.isEmpty)
    }
}
