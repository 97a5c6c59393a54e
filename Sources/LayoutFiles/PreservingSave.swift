import LayerModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import SafeText

/// Saving that keeps the author's file (issue 11).
///
/// When the file being saved over is the scene's own (same title and script), the new text is
/// the old text with only the changed values rewritten in place: the readers recorded where
/// every value starts, so comments, key order, spacing, the script and the notes stay as the
/// author wrote them. The edits are found by comparing the scene with what the file on disk
/// loads to (its layers with its script run), property by property, so fields this tool does
/// not know stay untouched. Added layers are inserted as one flow-style object beside their
/// siblings; removed layers lose their span. A transform written as steps stays steps when
/// one step's value can absorb the change; numbers are the shortest that read back to 1e-9.
///
/// The result is checked before it is written: loaded back and scripted, it must give the
/// scene being saved. When it does not (an edit the script would overwrite, a moved layer),
/// the save is refused with a message that says to save under a new name, which writes the
/// whole scene in the canonical form. A scene with no file behind it is written canonically.
///
/// Comparing needs the scene *played*: its script run and its steps taken up to the current
/// one. That is the engine's job, so the caller passes it in (`play`; the engine's
/// `SceneLoader.save` passes a session's).
public enum PreservingSave {
    /// A scene with its script run and then `step` steps taken.
    public typealias Play = (_ scene: Scene, _ step: Int) throws -> Scene

    /// Saves `scene` to `path`: in place over its own file when that file can keep its text,
    /// canonically otherwise. The write is `TextFile.writeAtomically`.
    public static func save(_ scene: Scene, to path: String, play: Play) throws(LayoutError) {
        guard let format = LayoutFormat(path: path),
              let existing = try? TextFile.readBytes(path, limit: LayoutFile.sizeLimit),
              (try? LayoutFile.checkUTF8(existing, file: path)) != nil else {
            return try writeCanonical(scene, to: path)
        }
        let original = String(decoding: existing, as: UTF8.self)
        guard let text = try preservedText(for: scene, original: original, file: path, format: format, play: play) else {
            return try writeCanonical(scene, to: path)
        }
        if text == original { return }
        do { try TextFile.writeAtomically(Array(text.utf8), to: path) } catch {
            throw LayoutError(file: path, line: 1, column: 1, message: "cannot save: \(error.message)")
        }
    }

    /// The whole scene in the canonical form, its script already applied (so not written).
    static func writeCanonical(_ scene: Scene, to path: String) throws(LayoutError) {
        var flat = scene
        flat.script = []
        flat.steps = []
        flat.currentStep = 0
        try LayoutFile.write(flat, to: path)
    }

    /// The file's text with the scene's changes patched in; nil when `original` is not this
    /// scene's file (it does not parse, or its title or script differ), so a canonical save
    /// is right. Throws when it is the scene's file but the changes cannot be written into it
    /// faithfully.
    static func preservedText(for scene: Scene, original: String, file: String, format: LayoutFormat, play: Play) throws(LayoutError) -> String? {
        let root: SourceValue?
        do {
            switch format {
            case .json: root = try JSONReader.parse(Array(original.utf8), file: file)
            case .yaml: root = try YAMLReader.parse(original, file: file)
            }
        } catch { return nil }
        guard let root, let base = try? LayoutDecoder(file: file).decode(root) else { return nil }
        guard base.title == scene.title, base.script.map(\.text) == scene.script.map(\.text),
              SceneComparison.sameSteps(base.steps, scene.steps) else { return nil }
        // What the file gives at the step the scene is at: the edits are the rest.
        guard let reference = try? play(base, scene.currentStep) else { return nil }

        var patcher = Patcher(text: original, format: format)
        do {
            try patcher.patchScene(from: reference, to: scene, root: root)
        } catch {
            throw unfaithful(file, error.reason)
        }
        let text = patcher.result()
        // Verify: the new text, loaded and scripted, is the scene being saved.
        let reloaded: Scene
        do {
            reloaded = try play(try LayoutFile.parse(text, file: file, format: format), scene.currentStep)
        } catch {
            throw unfaithful(file, "the patched file would not load back (\(error))")
        }
        if let difference = SceneComparison.difference(reloaded, scene) {
            throw unfaithful(file, difference)
        }
        // The steps must still play to the end: removing a layer a step selects (popup.json's
        // anchorFirst) wrote a file that no longer opened (issue 20).
        let written: Scene
        do { written = try LayoutFile.parse(text, file: file, format: format) } catch {
            throw unfaithful(file, "the patched file would not load back (\(error))")
        }
        if !written.steps.isEmpty {
            do { _ = try play(written, written.steps.count) } catch {
                throw LayoutError(file: file, line: 1, column: 1,
                                  message: "cannot save: the file's steps would no longer run — \(error)",
                                  suggestion: "undo the change the steps need, or save under a new name (save NEW.json) to write the scene as it is now, without its steps; the file is unchanged")
            }
        }
        return text
    }

    static func unfaithful(_ file: String, _ reason: String) -> LayoutError {
        LayoutError(file: file, line: 1, column: 1,
                    message: "cannot save into the file and keep its text: \(reason)",
                    suggestion: "save under a new name (save NEW.json) to write the whole scene afresh; the file is unchanged")
    }
}

extension WantedValue {
    /// A transform's value with the numbers of its steps (`{ rotate: 45 }`, recomputed from a
    /// matrix) marked to be written to 1e-9; the 6 or 16 numbers of a matrix written whole
    /// stay exact.
    var asTransformNumbers: WantedValue {
        switch self {
        case let .array(a): return .array(a.map { if case .object = $0 { return $0.stepNumbers } else { return $0 } })
        case .object: return stepNumbers
        default: return self
        }
    }

    private var stepNumbers: WantedValue {
        switch self {
        case let .number(n): return .transformNumber(n)
        case let .array(a): return .array(a.map(\.stepNumbers))
        case let .object(m): return .object(m.map { ($0.0, $0.1.stepNumbers) })
        default: return self
        }
    }
}

/// Why a patch could not be made.
struct PatchFailure: Error { var reason: String }

/// The value a field should have, before it is spelled; `keep` leaves the source alone.
indirect enum WantedValue {
    /// Written so it reads back bit for bit (`NumberText.file`).
    case number(Double)
    /// A transform step's number, recomputed from a matrix: the shortest decimal within
    /// 1e-9, so `rotate 45` stays 45 rather than 45.00000000000001.
    case transformNumber(Double)
    case string(String)
    case bool(Bool)
    case array([WantedValue])
    case object([(String, WantedValue)])
    case keep
}

/// Numbers that are the same value for a layout file: within 1e-9 (relative past 1).
func nearlyEqual(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
}

// MARK: - Text patching

/// Collects replacements in a layout file's text (scalar offsets) and applies them at once.
struct Patcher {
    let source: SourceText
    let format: LayoutFormat
    /// The file writes `{ a: 1 }` rather than `{a: 1}`.
    let spacedBraces: Bool
    private(set) var edits: [(range: Range<Int>, text: String)] = []
    /// Empty flow arrays (`[]`, by offset) that already received a new element: the next one
    /// goes after it with a comma (a scene begun from `{"layers": []}` gets two `add`s).
    private var filledEmptyArrays: Set<Int> = []

    init(text: String, format: LayoutFormat) {
        source = SourceText(text)
        self.format = format
        spacedBraces = text.contains("{ ")
    }

    func result() -> String {
        var scalars = source.scalars
        // Back to front; at one offset a removal goes before an insertion there, so the
        // inserted text survives.
        // Insertions at one offset come out in the order they were made.
        let ordered = edits.enumerated().sorted { x, y in
            let a = x.element.range, b = y.element.range
            if a.lowerBound != b.lowerBound { return a.lowerBound > b.lowerBound }
            if a.isEmpty != b.isEmpty { return !a.isEmpty }
            return x.offset > y.offset
        }.map(\.element)
        for edit in ordered {
            scalars.replaceSubrange(edit.range, with: edit.text.unicodeScalars)
        }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }

    mutating func replace(_ range: Range<Int>, with text: String) throws(PatchFailure) {
        for e in edits where e.range.overlaps(range)
            || (e.range.isEmpty && range.dropFirst().contains(e.range.lowerBound))
            || (range.isEmpty && e.range.dropFirst().contains(range.lowerBound)) {
            throw PatchFailure(reason: "two changes fall in the same place")
        }
        edits.append((range, text))
    }

    // MARK: Scene level

    mutating func patchScene(from reference: Scene, to scene: Scene, root: SourceValue) throws(PatchFailure) {
        if let notes = scene.notes, notes != reference.notes {
            if let member = root.member("notes") { try patch(member, .string(notes), flow: isFlowCollection(root)) } else { try insert("notes", .string(notes), into: root) }
        }
        if scene.notes == nil, reference.notes != nil { throw PatchFailure(reason: "the notes were removed") }
        if scene.screen != reference.screen || scene.tree.screenScale != reference.tree.screenScale {
            var fields: [(String, WantedValue)] = []
            if let screen = scene.screen {
                fields = [("width", .number(screen.width)), ("height", .number(screen.height))]
            } else if reference.screen != nil {
                throw PatchFailure(reason: "the screen size was removed")
            }
            if scene.tree.screenScale != 2 || root.member("screen")?.value.member("scale") != nil { fields.append(("scale", .number(scene.tree.screenScale))) }
            let want = WantedValue.object(fields)
            if let member = root.member("screen") { try patch(member, want, flow: isFlowCollection(root)) } else { try insert("screen", want, into: root) }
        }
        let map = SourceLayers(root: root)
        let old = reference.tree, new = scene.tree
        var emptied: Set<String> = []
        // Changed and removed layers.
        for id in old.treeOrder {
            let layer = old[id]
            // A layer the script makes is made again on load; the check after patching catches
            // an edit to it.
            guard let object = map.objects[layer.name] else { continue }
            guard let newID = new.id(named: layer.name) else {
                // Removed: its parent's removal covers it.
                if let parent = layer.superlayer, new.id(named: old[parent].name) == nil { continue }
                let parentName = layer.superlayer.map { old[$0].name }
                if let array = map.childArray(of: parentName), isBlockCollection(array),
                   (array.elements ?? []).allSatisfy({ e in map.name(of: e).map { new.id(named: $0) == nil } ?? false }) {
                    // Every element of a block sequence goes: it becomes `[]` (once).
                    if emptied.insert(parentName ?? "").inserted { try emptyBlockArray(array, parentName: parentName, root: root, map: map) }
                    continue
                }
                try removeElement(object, parentName: parentName, map: map)
                continue
            }
            let parentName = layer.superlayer.map { old[$0].name }
            let newParentName = new[newID].superlayer.map { new[$0].name }
            if parentName != newParentName { throw PatchFailure(reason: "layer \"\(layer.name)\" moved to another superlayer") }
            try patchLayer(object, from: layer, to: new[newID])
        }
        // Added layers, in tree order, so a new parent is written with its new children.
        for id in new.treeOrder where old.id(named: new[id].name) == nil {
            if let parent = new[id].superlayer, old.id(named: new[parent].name) == nil { continue }
            try insertLayer(id, in: new, map: map)
        }
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
            guard b.bounds.origin == a.bounds.origin else { throw PatchFailure(reason: "layer \"\(b.name)\" is placed by its frame and its bounds origin changed") }
            let f = b.frame
            try patch(frameMember, rectWant(f, like: frameMember.value), flow: isFlowCollection(object))
        } else {
            if boundsChanged { try set(["bounds"], rectWant(b.bounds, like: object.member("bounds")?.value), insertAs: "bounds") }
            if positionChanged {
                try set(["position", "center"], pointWant(b.position, like: object.member("position")?.value ?? object.member("center")?.value),
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
                guard let y else { throw PatchFailure(reason: "layer \"\(b.name)\" lost its \(key)") }
                want = .string(y.cssSpelling)
            case let (.mask(x), .mask(y)):
                guard x != y else { continue }
                want = .string(y.printed)
            case let (.text(x), .text(y)) where declaration.property != .name:
                guard x != y else { continue }
                guard !y.isEmpty else { throw PatchFailure(reason: "layer \"\(b.name)\" lost its \(key)") }
                want = .string(y)
            case let (.transform(x), .transform(y)):
                guard !x.matrix.isApproximatelyEqual(to: y.matrix) else { continue }
                want = TransformFit.want(y.matrix, like: object.member(key)?.value).asTransformNumbers
            default:
                // name, kind, bounds, position, anchorPoint: above.
                continue
            }
            try set(declaration.spellings.map(\.rawValue), want, insertAs: key)
        }
    }

    /// A changed drawing (content.md): operations the author wrote and the scene still has
    /// keep their text; appended ones are added after the last; anything else rewrites the list.
    mutating func patchDrawing(_ object: SourceValue, from a: [DrawingOperation], to b: [DrawingOperation]) throws(PatchFailure) {
        guard let member = object.member("drawing") else {
            return try insert("drawing", .array(b.map { .string($0.text) }), into: object)
        }
        guard let elements = member.value.elements, elements.count == a.count else {
            // The file's list is not what the scene started from (a script drew too): written
            // whole; the check after patching refuses it if the script would draw again.
            return try patch(member, .array(b.map { .string($0.text) }), flow: isFlowCollection(object))
        }
        if b.count == a.count {
            // Same length: only the operations that changed are rewritten.
            return try patch(member, .array(zip(a, b).map { $0 == $1 ? .keep : .string($1.text) }), flow: isFlowCollection(object))
        }
        if b.count > a.count, Array(b.prefix(a.count)) == a, !elements.isEmpty {
            // Each after the file's last element; insertions at one place keep their order.
            for op in b[a.count...] {
                try insertElement(.string(op.text), in: member.value, after: elements[elements.count - 1], before: nil, isEmpty: false)
            }
            return
        }
        try patch(member, .array(b.map { .string($0.text) }), flow: isFlowCollection(object))
    }

    // Exact: a value that differs in the last bit is written (the save round-trips every number).
    func pointEqual(_ a: Point, _ b: Point) -> Bool { a.x == b.x && a.y == b.y }
    func rectEqual(_ a: Rect, _ b: Rect) -> Bool {
        pointEqual(a.origin, b.origin) && a.size.width == b.size.width && a.size.height == b.size.height
    }

    func pointWant(_ p: Point, like value: SourceValue?) -> WantedValue {
        if let members = value?.members, members.count == 2 { return .object([("x", .number(p.x)), ("y", .number(p.y))]) }
        return .array([.number(p.x), .number(p.y)])
    }

    func rectWant(_ r: Rect, like value: SourceValue?) -> WantedValue {
        if let members = value?.members, members.count == 4 {
            let w = members.contains { $0.key == "w" } ? "w" : "width", h = members.contains { $0.key == "h" } ? "h" : "height"
            return .object([("x", .number(r.origin.x)), ("y", .number(r.origin.y)), (w, .number(r.size.width)), (h, .number(r.size.height))])
        }
        return .array([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])
    }

    /// A layer (and its subtree) as a flow object, its fields as the canonical encoder writes
    /// them (the subtree is encoded as JSON and read back), a transform as one step when it is
    /// a plain rotation, scale or translation.
    func layerWant(_ id: LayerID, in tree: LayerTree) throws(PatchFailure) -> WantedValue {
        var mini = LayerTree()
        var queue: [(LayerID, LayerID?)] = [(id, nil)]
        var head = 0
        while head < queue.count {
            let (source, parent) = queue[head]
            head += 1
            guard let copy = try? mini.add(tree[source], in: parent) else { throw PatchFailure(reason: "cannot copy layer \"\(tree[source].name)\"") }
            queue.append(contentsOf: tree[source].sublayers.map { ($0, copy) })
        }
        let json = LayoutEncoder(format: .json).encode(Scene(tree: mini))
        guard let root = try? JSONReader.parse(Array(json.utf8), file: ""), let object = root.member("layers")?.value.elements?.first else {
            throw PatchFailure(reason: "cannot write layer \"\(tree[id].name)\"")
        }
        return wanted(object, tree: mini)
    }

    private func wanted(_ value: SourceValue, tree: LayerTree) -> WantedValue {
        switch value.kind {
        case .number(let n, _): return .number(n)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .null: return .keep
        case .array(let elements): return .array(elements.map { wanted($0, tree: tree) })
        case .object(let members):
            var result: [(String, WantedValue)] = []
            let name: String? = { if case .string(let s)? = value.member("name")?.value.kind { return s }; return nil }()
            for m in members {
                if m.key == "transform", let name, let id = tree.id(named: name), let steps = TransformFit.steps(tree[id].transform) {
                    result.append((m.key, steps))
                } else {
                    result.append((m.key, wanted(m.value, tree: tree)))
                }
            }
            return .object(result)
        }
    }

    mutating func insertLayer(_ id: LayerID, in tree: LayerTree, map: SourceLayers) throws(PatchFailure) {
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
        let elements = array.elements ?? []
        // Insert after the previous sibling that the file holds, else before the next one.
        let before = siblings[..<index].last { map.objects[tree[$0].name] != nil }.flatMap { map.objects[tree[$0].name] }
        // With no sibling in the file (all new or removed), before the file's first element.
        let after = siblings[(index + 1)...].first { map.objects[tree[$0].name] != nil }.flatMap { map.objects[tree[$0].name] }
            ?? (before == nil ? elements.first : nil)
        try insertElement(want, in: array, after: before, before: after, isEmpty: elements.isEmpty)
    }

    // MARK: Values

    /// Rewrites `member`'s value into `want`, as little as possible.
    mutating func patch(_ member: SourceMember, _ want: WantedValue, flow: Bool) throws(PatchFailure) {
        let value = member.value
        if isBlockCollection(value) && !canPatchInside(value, want) {
            // A block collection becomes a flow one after the key.
            guard let keyStart = source.offset(of: member.keyPosition), let colon = colonAfterKey(from: keyStart) else {
                throw PatchFailure(reason: "cannot find \"\(member.key)\" in the text")
            }
            let end = blockEnd(value)
            try replace((colon + 1)..<end, with: " " + render(want))
            return
        }
        try patch(value, want, flow: flow || format == .json || isFlowCollection(value))
    }

    mutating func patch(_ value: SourceValue, _ want: WantedValue, flow: Bool) throws(PatchFailure) {
        switch (value.kind, want) {
        case (_, .keep):
            return
        case (.number(let old, _), .number(let new)):
            if old == new { return }
        case (.number(let old, _), .transformNumber(let new)):
            if nearlyEqual(old, new) { return }
        case (.string(let old), .string(let new)):
            if old == new { return }
        case (.bool(let old), .bool(let new)):
            if old == new { return }
        case (.array(let elements), .array(let wanted)) where elements.count == wanted.count:
            let inner = flow || isFlowCollection(value)
            for (e, w) in zip(elements, wanted) {
                if isBlockCollection(e) && !canPatchInside(e, w) {
                    guard let start = source.offset(of: e.position) else { throw PatchFailure(reason: "a value is out of the text") }
                    try replace(start..<blockEnd(e), with: render(w))
                } else {
                    try patch(e, w, flow: inner)
                }
            }
            return
        case (.object(let members), .object(let wanted)) where members.count == wanted.count
            && wanted.allSatisfy({ w in members.contains { $0.key == w.0 } }):
            for (key, w) in wanted {
                if let m = members.first(where: { $0.key == key }) { try patch(m, w, flow: flow || isFlowCollection(value)) }
            }
            return
        default:
            break
        }
        guard let start = source.offset(of: value.position) else { throw PatchFailure(reason: "a value is out of the text") }
        if value.contentStart != nil { throw PatchFailure(reason: "a block of text (|) changed") }
        if isBlockCollection(value) { return try replace(start..<blockEnd(value), with: render(want)) }
        var text = render(want)
        // A YAML plain scalar that would now need quotes keeps its kind of spelling otherwise.
        if format == .yaml, case .string(let s) = want, flow { text = jsonQuotedIfNeeded(s, flow: true) }
        try replace(start..<scalarEnd(from: start, flow: flow), with: text)
    }

    /// Whether patching `want` into `value` element by element (or member by member) works.
    func canPatchInside(_ value: SourceValue, _ want: WantedValue) -> Bool {
        switch (value.kind, want) {
        case (_, .keep): return true
        case (.array(let e), .array(let w)): return e.count == w.count && zip(e, w).allSatisfy { canPatchLeaf($0, $1) }
        case (.object(let m), .object(let w)):
            return m.count == w.count && w.allSatisfy { pair in m.first { $0.key == pair.0 }.map { canPatchLeaf($0.value, pair.1) } ?? false }
        default: return false
        }
    }

    private func canPatchLeaf(_ value: SourceValue, _ want: WantedValue) -> Bool {
        switch (value.kind, want) {
        case (_, .keep), (.number, .number), (.string, .string), (.bool, .bool): return true
        case (.array, .array), (.object, .object): return !isBlockCollection(value) || canPatchInside(value, want)
        default: return !isBlockCollection(value)
        }
    }

    mutating func insert(_ key: String, _ want: WantedValue, into object: SourceValue) throws(PatchFailure) {
        guard let members = object.members, let start = source.offset(of: object.position) else {
            throw PatchFailure(reason: "cannot add \"\(key)\": not an object")
        }
        let keyText = format == .json ? SafeText.jsonQuoted(key) : yamlKey(key)
        let entry = keyText + ": " + render(want)
        if isFlowCollection(object) {
            guard let last = members.last else {
                let close = flowEnd(from: start) - 1
                return try replace(close..<close, with: (spacedBraces ? " " : "") + entry + (spacedBraces ? " " : ""))
            }
            let end = valueEnd(last.value, flow: true)
            if last.keyPosition.line != object.position.line {
                try replace(end..<end, with: ",\n" + indentation(ofLine: last.keyPosition.line) + entry)
            } else {
                try replace(end..<end, with: ", " + entry)
            }
            return
        }
        // A block mapping: a new line after the last member, at the members' indentation.
        // After the last member written on one line, so a new property lands before the
        // sublayers block rather than after it.
        guard let first = members.first,
              let last = members.last(where: { !isBlockCollection($0.value) && $0.value.contentStart == nil }) ?? members.last else {
            throw PatchFailure(reason: "cannot add \"\(key)\" to an empty block")
        }
        try insertLine(String(repeating: " ", count: first.keyPosition.column - 1) + entry, after: valueEnd(last.value, flow: false))
    }

    mutating func insertElement(_ want: WantedValue, in array: SourceValue, after previous: SourceValue?, before next: SourceValue?, isEmpty: Bool) throws(PatchFailure) {
        guard let start = source.offset(of: array.position) else { throw PatchFailure(reason: "an array is out of the text") }
        let text = render(want)
        if isFlowCollection(array) || format == .json {
            if isEmpty {
                let close = flowEnd(from: start) - 1
                // Insertions at one offset come out in the order made: the second and later
                // follow the first after a comma.
                let first = filledEmptyArrays.insert(start).inserted
                return try replace(close..<close, with: first ? text : ", " + text)
            }
            if let previous {
                let end = valueEnd(previous, flow: true)
                let separator = previous.position.line != array.position.line ? ",\n" + indentation(ofLine: previous.position.line) : ", "
                return try replace(end..<end, with: separator + text)
            }
            guard let next, let nextStart = source.offset(of: next.position) else { throw PatchFailure(reason: "nowhere to add the layer") }
            let separator = next.position.line != array.position.line ? ",\n" + indentation(ofLine: next.position.line) : ", "
            return try replace(nextStart..<nextStart, with: text + separator)
        }
        // A block sequence: `- {…}` on its own line.
        if let previous {
            return try insertLine(dashIndentation(of: previous) + "- " + text, after: valueEnd(previous, flow: false))
        }
        guard let next, source.lineStarts.indices.contains(next.position.line - 1) else { throw PatchFailure(reason: "nowhere to add the layer") }
        let nextLine = source.lineStarts[next.position.line - 1]
        try replace(nextLine..<nextLine, with: dashIndentation(of: next) + "- " + text + lineBreak)
    }

    /// A new line after the line holding `offset`: at the start of the next line, so it
    /// stays clear of a removal that ends there.
    mutating func insertLine(_ line: String, after offset: Int) throws(PatchFailure) {
        let end = lineEnd(containing: offset)
        if end < source.scalars.count {
            let next = end + breakLength(at: end)
            try replace(next..<next, with: line + lineBreak)
        } else {
            try replace(end..<end, with: lineBreak + line)
        }
    }

    /// `key:` followed by a block sequence whose every element is removed becomes `key: []`.
    mutating func emptyBlockArray(_ array: SourceValue, parentName: String?, root: SourceValue, map: SourceLayers) throws(PatchFailure) {
        let owner = parentName.flatMap { map.objects[$0] } ?? root
        guard let member = owner.members?.first(where: { $0.value.position == array.position }) else {
            throw PatchFailure(reason: "cannot find the layers to remove")
        }
        guard let keyStart = source.offset(of: member.keyPosition), let colon = colonAfterKey(from: keyStart) else {
            throw PatchFailure(reason: "cannot find \"\(member.key)\" in the text")
        }
        try replace((colon + 1)..<blockEnd(array), with: " []")
    }

    mutating func removeElement(_ object: SourceValue, parentName: String?, map: SourceLayers) throws(PatchFailure) {
        guard let array = map.childArray(of: parentName), let elements = array.elements,
              let index = elements.firstIndex(where: { $0.position == object.position }),
              let start = source.offset(of: object.position) else {
            throw PatchFailure(reason: "cannot find a removed layer in the file")
        }
        if isFlowCollection(array) || format == .json {
            let end = valueEnd(object, flow: true)
            if index > 0 {
                try replace(valueEnd(elements[index - 1], flow: true)..<end, with: "")
            } else if index + 1 < elements.count, let nextStart = source.offset(of: elements[index + 1].position) {
                try replace(start..<nextStart, with: "")
            } else {
                try replace(start..<end, with: "")
            }
            return
        }
        // Block sequence: drop the element's whole lines.
        let firstLine = source.lineStarts[object.position.line - 1]
        let end = lineEnd(containing: valueEnd(object, flow: false))
        let next = end < source.scalars.count ? end + breakLength(at: end) : end
        try replace(firstLine..<next, with: "")
    }

    // MARK: Spelling

    var lineBreak: String { source.scalars.contains("\r") && source.scalars.contains("\n") ? "\r\n" : "\n" }

    func yamlKey(_ key: String) -> String { yamlQuoted(key, blockIndent: nil) }

    func jsonQuotedIfNeeded(_ s: String, flow: Bool) -> String {
        let plain = yamlQuoted(s, blockIndent: nil)
        return plain == s ? s : SafeText.jsonQuoted(s)
    }

    /// `want` in flow style, in the file's format.
    func render(_ want: WantedValue) -> String {
        switch want {
        case .number(let n): return NumberText.file(n)
        case .transformNumber(let n): return NumberText.short(n)
        case .string(let s): return format == .json ? SafeText.jsonQuoted(s) : yamlQuoted(s, blockIndent: nil)
        case .bool(let b): return b ? "true" : "false"
        case .array(let elements): return "[" + elements.map(render).joined(separator: ", ") + "]"
        case .object(let members):
            let body = members.map { (format == .json ? SafeText.jsonQuoted($0.0) : yamlKey($0.0)) + ": " + render($0.1) }.joined(separator: ", ")
            return spacedBraces ? "{ " + body + " }" : "{" + body + "}"
        case .keep: return ""
        }
    }

    // MARK: Finding ends

    func isFlowCollection(_ value: SourceValue) -> Bool {
        guard let c = source.character(at: value.position) else { return false }
        return c == "[" || c == "{"
    }

    func isBlockCollection(_ value: SourceValue) -> Bool {
        guard format == .yaml else { return false }
        switch value.kind {
        case .array, .object: return !isFlowCollection(value)
        default: return false
        }
    }

    /// One past the last scalar of `value`.
    func valueEnd(_ value: SourceValue, flow: Bool) -> Int {
        guard let start = source.offset(of: value.position) else { return source.scalars.count }
        if isBlockCollection(value) || value.contentStart != nil { return blockEnd(value) }
        return scalarEnd(from: start, flow: flow)
    }

    /// The end of a scalar or flow collection starting at `start`.
    func scalarEnd(from start: Int, flow: Bool) -> Int {
        let s = source.scalars
        guard start < s.count else { return start }
        switch s[start] {
        case "[", "{": return flowEnd(from: start)
        case "\"":
            var i = start + 1
            while i < s.count, s[i] != "\"" { i += s[i] == "\\" ? 2 : 1 }
            return min(i + 1, s.count)
        case "'" where format == .yaml:
            var i = start + 1
            while i < s.count {
                if s[i] == "'" { if i + 1 < s.count, s[i + 1] == "'" { i += 2; continue }; break }
                i += 1
            }
            return min(i + 1, s.count)
        default:
            var i = start
            var end = start
            while i < s.count, !isBreak(s[i]) {
                let c = s[i]
                if format == .json || flow, c == "," || c == "]" || c == "}" { break }
                if format == .json, c == " " || c == "\t" { break }
                if c == "#", i > start, s[i - 1] == " " || s[i - 1] == "\t" { break }
                if c != " " && c != "\t" { end = i + 1 }
                i += 1
            }
            return end
        }
    }

    /// One past the bracket that closes the one at `start`; strings and comments skipped.
    func flowEnd(from start: Int) -> Int {
        let s = source.scalars
        var depth = 0
        var i = start
        while i < s.count {
            let c = s[i]
            switch c {
            case "[", "{": depth += 1
            case "]", "}":
                depth -= 1
                if depth == 0 { return i + 1 }
            case "\"", "'":
                if c == "\"" || format == .yaml { i = scalarEnd(from: i, flow: true) - 1 }
            case "#" where format == .yaml && i > 0 && (s[i - 1] == " " || s[i - 1] == "\t" || isBreak(s[i - 1])):
                while i + 1 < s.count, !isBreak(s[i + 1]) { i += 1 }
            default: break
            }
            i += 1
        }
        return s.count
    }

    /// The end of a YAML block collection or block scalar: its last line with content.
    func blockEnd(_ value: SourceValue) -> Int {
        let startLine = value.position.line
        let column = value.position.column - 1
        let isSequence = value.elements != nil
        var lastContentLine = startLine
        var line = startLine + 1
        // A block scalar's lines only need to be deeper than its key's line.
        let minimum = value.contentStart != nil ? indent(ofLine: startLine) + 1 : column
        while line <= source.lineStarts.count {
            let text = lineText(line)
            let trimmed = text.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.first == "#" { line += 1; continue }
            let ind = text.count - trimmed.count
            let belongs = value.contentStart != nil ? ind >= minimum
                : ind > minimum || (ind == minimum && (isSequence ? trimmed.first == "-" : true))
            guard belongs else { break }
            lastContentLine = line
            line += 1
        }
        return contentEnd(ofLine: lastContentLine)
    }

    func isBreak(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}" }

    func lineText(_ line: Int) -> [Unicode.Scalar] {
        let start = source.lineStarts[line - 1]
        var end = start
        while end < source.scalars.count, !isBreak(source.scalars[end]) { end += 1 }
        return Array(source.scalars[start..<end])
    }

    func indent(ofLine line: Int) -> Int { lineText(line).prefix { $0 == " " }.count }
    func indentation(ofLine line: Int) -> String { String(repeating: " ", count: indent(ofLine: line)) }

    /// The indentation of the `- ` that starts a block sequence element.
    func dashIndentation(of element: SourceValue) -> String {
        let text = lineText(element.position.line)
        let col = element.position.column - 1
        if let dash = text[..<min(col, text.count)].lastIndex(of: "-") { return String(repeating: " ", count: dash) }
        return String(repeating: " ", count: max(0, col - 2))
    }

    /// The end of a line's content: before a trailing comment and trailing spaces.
    func contentEnd(ofLine line: Int) -> Int {
        let start = source.lineStarts[line - 1]
        let text = lineText(line)
        var end = text.count
        var inQuote: Unicode.Scalar? = nil
        for (i, c) in text.enumerated() {
            if let q = inQuote { if c == q { inQuote = nil }; continue }
            if c == "\"" || c == "'" { inQuote = c; continue }
            if c == "#", i == 0 || text[i - 1] == " " || text[i - 1] == "\t" { end = i; break }
        }
        while end > 0, text[end - 1] == " " || text[end - 1] == "\t" { end -= 1 }
        return start + end
    }

    func lineEnd(containing offset: Int) -> Int {
        var i = offset
        while i < source.scalars.count, !isBreak(source.scalars[i]) { i += 1 }
        return i
    }

    func breakLength(at offset: Int) -> Int {
        source.scalars[offset] == "\r" && offset + 1 < source.scalars.count && source.scalars[offset + 1] == "\n" ? 2 : 1
    }

    /// The `:` after a key that starts at `offset`.
    func colonAfterKey(from offset: Int) -> Int? {
        var i = scalarEnd(from: offset, flow: true)
        if source.scalars[offset] != "\"" && source.scalars[offset] != "'" {
            i = offset
            while i < source.scalars.count, source.scalars[i] != ":" { i += 1 }
            return i < source.scalars.count ? i : nil
        }
        while i < source.scalars.count, source.scalars[i] == " " { i += 1 }
        return i < source.scalars.count && source.scalars[i] == ":" ? i : nil
    }
}

/// Where each layer's object and each children array are in the file, by layer name.
struct SourceLayers {
    var objects: [String: SourceValue] = [:]
    /// Children arrays by parent name; the top-level `layers` under "".
    var arrays: [String: SourceValue] = [:]

    init(root: SourceValue) {
        guard let layers = root.member("layers")?.value else { return }
        arrays[""] = layers
        var stack = layers.elements ?? []
        while let object = stack.popLast() {
            guard case .string(let name)? = object.member("name")?.value.kind else { continue }
            objects[name] = object
            if let children = object.member("sublayers")?.value ?? object.member("subviews")?.value {
                arrays[name] = children
                stack.append(contentsOf: children.elements ?? [])
            }
        }
    }

    func childArray(of parent: String?) -> SourceValue? { arrays[parent ?? ""] }

    /// The `name` an element of a layers array gives.
    func name(of element: SourceValue) -> String? {
        if case .string(let name)? = element.member("name")?.value.kind { return name }
        return nil
    }
}


// MARK: - Transforms

/// Writing a transform the way the file already does: a list of steps keeps its steps when
/// one step's value can take the change; 6 or 16 numbers stay numbers.
enum TransformFit {
    struct Step {
        var key: String
        var value: SourceValue
        var axis: SourceValue?
        var matrix: Transform3D
    }

    static func want(_ t: Transform3D, like value: SourceValue?) -> WantedValue {
        guard let value, let elements = value.elements else {
            return steps(t) ?? numbers(t, count: t.isAffine ? 6 : 16)
        }
        if elements.isEmpty { return steps(t) ?? numbers(t, count: t.isAffine ? 6 : 16) }
        if case .number = elements[0].kind {
            return numbers(t, count: elements.count == 6 && t.isAffine ? 6 : 16)
        }
        let parsed = elements.compactMap(step)
        guard parsed.count == elements.count else { return numbers(t, count: t.isAffine ? 6 : 16) }
        for i in parsed.indices {
            let before = parsed[..<i].reduce(Transform3D.identity) { $0.concatenating($1.matrix) }
            let after = parsed[(i + 1)...].reduce(Transform3D.identity) { $0.concatenating($1.matrix) }
            guard let bi = before.inverted(), let ai = after.inverted() else { continue }
            let needed = bi.concatenating(t).concatenating(ai)
            if let w = refit(parsed[i], to: needed) {
                return .array(parsed.indices.map { $0 == i ? w : .keep })
            }
        }
        if let w = refitAll(parsed, to: t) { return w }
        if t.isIdentity { return .array([]) }
        return numbers(t, count: t.isAffine ? 6 : 16)
    }

    /// Steps that are a scale, a z rotation and a translation, in that order (any of them
    /// left out), given all new values at once from the transform's parts: `[{scale: 2},
    /// {rotate: 30}]` rotated by 15 and scaled by 1.5 becomes `[{scale: 3}, {rotate: 45}]`.
    static func refitAll(_ steps: [Step], to t: Transform3D) -> WantedValue? {
        let order = ["scale": 0, "rotate": 1, "translate": 2]
        let ranks = steps.map { step -> Int? in step.axis == nil ? order[step.key] : nil }
        guard ranks.allSatisfy({ $0 != nil }), ranks.map({ $0! }) == ranks.map({ $0! }).sorted(),
              Set(ranks.map { $0! }).count == ranks.count, let p = SwiftExport.parts(t) else { return nil }
        var wanted: [WantedValue] = []
        for step in steps {
            switch step.key {
            case "scale":
                if case .number = step.value.kind {
                    guard nearlyEqual(p.sx, p.sy) else { return nil }
                    wanted.append(.object([("scale", .number(p.sx))]))
                } else {
                    guard step.value.elements?.count == 2 else { return nil }
                    wanted.append(.object([("scale", .array([.number(p.sx), .number(p.sy)]))]))
                }
            case "rotate":
                let old: Double = { if case .number(let n, _) = step.value.kind { return n }; return 0 }()
                let d = Angle(radians: p.radians).degrees
                wanted.append(.object([("rotate", .number(d + 360 * ((old - d) / 360).rounded()))]))
            default:
                guard step.value.elements?.count == 2 else { return nil }
                wanted.append(.object([("translate", .array([.number(p.tx), .number(p.ty)]))]))
            }
        }
        // Whatever the steps leave out must be absent from the transform.
        let kinds = Set(steps.map(\.key))
        if !kinds.contains("scale"), !(nearlyEqual(p.sx, 1) && nearlyEqual(p.sy, 1)) { return nil }
        if !kinds.contains("rotate"), !nearlyEqual(p.radians, 0) { return nil }
        if !kinds.contains("translate"), !(nearlyEqual(p.tx, 0) && nearlyEqual(p.ty, 0)) { return nil }
        return .array(wanted)
    }

    static func numbers(_ t: Transform3D, count: Int) -> WantedValue {
        .array((count == 6 ? t.affine.values : t.rowMajor).map { .number($0) })
    }

    /// A new step for a transform with no steps in the file: one rotation, scale or
    /// translation when the matrix is one of those.
    static func steps(_ t: Transform3D) -> WantedValue? {
        let angle = Angle(radians: atan2Approx(t.m12, t.m11)).degrees
        if t.isApproximatelyEqual(to: .rotation(.degrees(angle))) { return .array([.object([("rotate", .number(angle))])]) }
        if t.isApproximatelyEqual(to: .scale(t.m11, t.m22, 1)) {
            return .array([.object([("scale", t.m11 == t.m22 ? .number(t.m11) : .array([.number(t.m11), .number(t.m22)]))])])
        }
        if t.isApproximatelyEqual(to: .translation(t.m41, t.m42)) {
            return .array([.object([("translate", .array([.number(t.m41), .number(t.m42)]))])])
        }
        return nil
    }

    static func step(_ value: SourceValue) -> Step? {
        guard let members = value.members else { return nil }
        let axis = members.first { $0.key == "axis" }?.value
        guard let m = members.first(where: { $0.key != "axis" }) else { return nil }
        func num(_ v: SourceValue) -> Double? { if case .number(let n, _) = v.kind { return n }; return nil }
        func nums(_ v: SourceValue) -> [Double]? { v.elements?.compactMap(num) }
        let matrix: Transform3D
        switch m.key {
        case "rotate":
            guard let d = num(m.value) else { return nil }
            if let axis { guard let v = nums(axis), v.count == 3 else { return nil }; matrix = .rotation(.degrees(d), x: v[0], y: v[1], z: v[2]) }
            else { matrix = .rotation(.degrees(d)) }
        case "rotateX": guard let d = num(m.value) else { return nil }; matrix = .rotation(.degrees(d), x: 1, y: 0, z: 0)
        case "rotateY": guard let d = num(m.value) else { return nil }; matrix = .rotation(.degrees(d), x: 0, y: 1, z: 0)
        case "scale":
            if let s = num(m.value) { matrix = .scale(s, s, 1) }
            else if let v = nums(m.value), v.count >= 2 { matrix = .scale(v[0], v[1], v.count == 3 ? v[2] : 1) } else { return nil }
        case "translate":
            guard let v = nums(m.value), v.count >= 2 else { return nil }
            matrix = .translation(v[0], v[1], v.count == 3 ? v[2] : 0)
        case "perspective": guard let d = num(m.value), d != 0 else { return nil }; matrix = .perspective(eyeDistance: d)
        default: return nil
        }
        return Step(key: m.key, value: m.value, axis: axis, matrix: matrix)
    }

    /// The step, with a new value that makes it `needed`; nil when no value of its kind does.
    static func refit(_ step: Step, to needed: Transform3D) -> WantedValue? {
        let old: Double? = { if case .number(let n, _) = step.value.kind { return n }; return nil }()
        func near(_ degrees: Double) -> Double {
            // The turn nearest the old value, so 350 + 20 writes 370 only if the file had 350.
            guard let old else { return degrees }
            return degrees + 360 * ((old - degrees) / 360).rounded()
        }
        func wrap(_ v: WantedValue) -> WantedValue {
            step.axis == nil ? .object([(step.key, v)]) : .object([(step.key, v), ("axis", .keep)])
        }
        switch step.key {
        case "rotate" where step.axis == nil:
            let d = near(Angle(radians: atan2Approx(needed.m12, needed.m11)).degrees)
            return needed.isApproximatelyEqual(to: .rotation(.degrees(d))) ? wrap(.number(d)) : nil
        case "rotateX":
            let d = near(Angle(radians: atan2Approx(needed.m23, needed.m22)).degrees)
            return needed.isApproximatelyEqual(to: .rotation(.degrees(d), x: 1, y: 0, z: 0)) ? wrap(.number(d)) : nil
        case "rotateY":
            let d = near(Angle(radians: atan2Approx(-needed.m13, needed.m11)).degrees)
            return needed.isApproximatelyEqual(to: .rotation(.degrees(d), x: 0, y: 1, z: 0)) ? wrap(.number(d)) : nil
        case "scale":
            guard needed.isApproximatelyEqual(to: .scale(needed.m11, needed.m22, needed.m33)) else { return nil }
            if case .number = step.value.kind {
                return nearlyEqual(needed.m11, needed.m22) && nearlyEqual(needed.m33, 1) ? wrap(.number(needed.m11)) : nil
            }
            let count = step.value.elements?.count ?? 2
            if count == 2 && !nearlyEqual(needed.m33, 1) { return nil }
            return wrap(.array((count == 3 ? [needed.m11, needed.m22, needed.m33] : [needed.m11, needed.m22]).map { .number($0) }))
        case "translate":
            guard needed.isApproximatelyEqual(to: .translation(needed.m41, needed.m42, needed.m43)) else { return nil }
            let count = step.value.elements?.count ?? 2
            if count == 2 && !nearlyEqual(needed.m43, 0) { return nil }
            return wrap(.array((count == 3 ? [needed.m41, needed.m42, needed.m43] : [needed.m41, needed.m42]).map { .number($0) }))
        case "perspective":
            guard needed.m34 != 0, needed.isApproximatelyEqual(to: .perspective(eyeDistance: -1 / needed.m34)) else { return nil }
            return wrap(.number(-1 / needed.m34))
        default:
            return nil
        }
    }
}

/// atan2 from the C library (no Foundation).
func atan2Approx(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

// MARK: - Comparing scenes

/// Scene equality as a save needs it: numbers to 1e-9, layers matched by name, fields this
/// file does not know compared exactly.
enum SceneComparison {
    /// Nil when `a` and `b` are the same scene, else what differs, in words.
    static func difference(_ a: Scene, _ b: Scene) -> String? {
        if a.title != b.title { return "the title differs" }
        if a.notes != b.notes { return "the notes differ" }
        if a.script.map(\.text) != b.script.map(\.text) { return "the script differs" }
        if !sameSteps(a.steps, b.steps) { return "the steps differ" }
        if a.tree.screenScale != b.tree.screenScale { return "the screen scale differs" }
        switch (a.screen, b.screen) {
        case (nil, nil): break
        case let (x?, y?) where nearlyEqual(x.width, y.width) && nearlyEqual(x.height, y.height): break
        default: return "the screen size differs"
        }
        if let d = treeDifference(a.tree, b.tree) { return d }
        var x = a, y = b
        x.tree = y.tree; x.screen = y.screen; x.script = y.script; x.steps = y.steps
        return x == y ? nil : "a scene field differs"
    }

    /// Same titles, notes and commands (where they were written may differ).
    static func sameSteps(_ a: [SceneStep], _ b: [SceneStep]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.title == $1.title && $0.notes == $1.notes && $0.script.map(\.text) == $1.script.map(\.text) }
    }

    static func treeDifference(_ a: LayerTree, _ b: LayerTree) -> String? {
        guard a.count == b.count else { return "the number of layers differs (\(a.count) vs \(b.count))" }
        var stack: [(LayerID?, LayerID?)] = [(nil, nil)]
        while let (pa, pb) = stack.popLast() {
            let ca = a.children(of: pa), cb = b.children(of: pb)
            let na = ca.map { a[$0].name }, nb = cb.map { b[$0].name }
            guard na == nb else { return "the layers under \(pa.map { a[$0].name } ?? "the screen") differ or are in another order" }
            for (ia, ib) in zip(ca, cb) {
                if let d = layerDifference(a[ia], b[ib]) { return "layer \"\(a[ia].name)\": \(d)" }
                stack.append((ia, ib))
            }
        }
        return nil
    }

    static func layerDifference(_ a: Layer, _ b: Layer) -> String? {
        var x = a
        func same(_ p: Double, _ q: Double) -> Bool { nearlyEqual(p, q) }
        func sameT(_ p: Transform3D, _ q: Transform3D) -> Bool { zip(p.rowMajor, q.rowMajor).allSatisfy { nearlyEqual($0, $1) } }
        if same(a.bounds.origin.x, b.bounds.origin.x), same(a.bounds.origin.y, b.bounds.origin.y),
           same(a.bounds.size.width, b.bounds.size.width), same(a.bounds.size.height, b.bounds.size.height) { x.bounds = b.bounds }
        if same(a.position.x, b.position.x), same(a.position.y, b.position.y) { x.position = b.position }
        if same(a.anchorPoint.x, b.anchorPoint.x), same(a.anchorPoint.y, b.anchorPoint.y) { x.anchorPoint = b.anchorPoint }
        // Numbers written as they are (no frame derives them) must come back bit for bit.
        if a.anchorPointZ == b.anchorPointZ { x.anchorPointZ = b.anchorPointZ }
        if a.zPosition == b.zPosition { x.zPosition = b.zPosition }
        if sameT(a.transform, b.transform) { x.transform = b.transform }
        if sameT(a.sublayerTransform, b.sublayerTransform) { x.sublayerTransform = b.sublayerTransform }
        if a.opacity == b.opacity { x.opacity = b.opacity }
        if a.borderWidth == b.borderWidth { x.borderWidth = b.borderWidth }
        guard x.unlinked != b.unlinked else { return nil }
        if x.bounds != b.bounds { return "bounds" }
        if x.position != b.position { return "position" }
        if x.anchorPoint != b.anchorPoint { return "anchorPoint" }
        if x.transform != b.transform { return "transform" }
        if x.zPosition != b.zPosition { return "zPosition" }
        return "a property differs"
    }
}
