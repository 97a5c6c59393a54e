import Geometry
import LayerModel
import CommandLanguage

/// Turns a parsed layout document (`SourceValue`, from either reader) into a `Scene`,
/// enforcing layout-format.md: known fields only, right types and arities, finite numbers
/// within ±1e9, unique names, and the fixed order of geometry writes.
///
/// The first problem found is thrown with the file, line, column and field path of the value
/// at fault; nothing half-built escapes. Layers are decoded with an explicit work list, so
/// layer depth costs no call stack.
struct LayoutDecoder {
    let file: String

    /// The largest magnitude a number may have.
    static let numberLimit = 1e9

    func decode(_ root: SourceValue?) throws(LayoutError) -> Scene {
        guard let root else {
            throw LayoutError(file: file, line: 1, column: 1, message: "empty file: expected an object with \"layers\"",
                              suggestion: "start from {\"layers\": [{\"name\": \"box\", \"bounds\": [0, 0, 100, 100], \"position\": [60, 60]}]}")
        }
        guard let members = root.members else {
            var suggestion: String? = nil
            if root.elements != nil { suggestion = "put the layers in an object: {\"layers\": [ … ]}" }
            throw error(at: root.position, "", "expected an object with \"layers\" at the top level, found \(describe(root))",
                        suggestion: suggestion)
        }
        var scene = Scene()
        var layersValue: SourceValue?
        var animationsValue: SourceValue?
        var screenScale: Double?
        for member in members {
            switch member.key {
            case "title": scene.title = try string(member.value, path: "title")
            case "notes": scene.notes = try string(member.value, path: "notes")
            case "screen": (scene.screen, screenScale) = try screen(member.value)
            case "layers": layersValue = member.value
            case "script": scene.script = try script(member.value)
            case "animations": animationsValue = member.value
            case "steps": scene.steps = try steps(member.value)
            default:
                throw unknownField(member, path: "", valid: Self.topLevelFields, synonyms: Self.topLevelSynonyms,
                                   context: "at the top level")
            }
        }
        guard let layersValue else {
            throw error(at: root.position, "", "missing \"layers\": a layout needs a \"layers\" array (it may be empty)",
                        suggestion: "add \"layers\": [ … ]")
        }
        scene.tree = try tree(layersValue)
        if let screenScale { scene.tree.screenScale = screenScale }
        if let animationsValue { scene.animations = try AnimationsDecoder(file: file).decode(animationsValue, tree: scene.tree) }
        return scene
    }

    // MARK: Top level

    static let topLevelFields = ["title", "notes", "screen", "layers", "script", "animations", "steps"]
    static let topLevelSynonyms = [
        "sublayers": "layers", "subviews": "layers", "views": "layers", "children": "layers",
        "commands": "script", "description": "notes", "instructions": "notes", "name": "title", "size": "screen",
    ]

    /// `{"width", "height", "scale"}`: the size (both or neither) and the scale (content.md;
    /// default 2, a view's default contentsScale).
    private func screen(_ value: SourceValue) throws(LayoutError) -> (Size?, Double?) {
        guard let members = value.members else {
            throw error(at: value.position, "screen", "expected {\"width\": W, \"height\": H}, found \(describe(value))")
        }
        var width: Double?, height: Double?, scale: Double?
        for member in members {
            let path = "screen." + member.key
            guard ["width", "height", "scale"].contains(member.key) else {
                throw unknownField(member, path: "screen", valid: ["width", "height", "scale"],
                                   synonyms: ["w": "width", "h": "height", "contentsScale": "scale", "scaleFactor": "scale"],
                                   context: "in \"screen\"")
            }
            let n = try number(member.value, path: path)
            guard n > 0 else {
                throw error(at: member.value.position, path, "the screen \(member.key) must be positive, found \(literal(member.value))",
                            suggestion: member.key == "scale" ? "1, 2 or 3, as UIScreen.main.scale" : nil)
            }
            switch member.key {
            case "width": width = n
            case "height": height = n
            default: scale = n
            }
        }
        if width == nil && height == nil && scale != nil { return (nil, scale) }
        guard let width, let height else {
            throw error(at: value.position, "screen", "missing \"\(width == nil ? "width" : "height")\" in \"screen\"",
                        suggestion: "write {\"width\": 320, \"height\": 240}")
        }
        return (Size(width: width, height: height), scale)
    }

    /// An array of commands, one `ScriptLine` each; or one string holding commands on
    /// separate lines (a YAML `|` block), one `ScriptLine` per non-blank line. `;` inside a line
    /// is left to the command language.
    /// `steps`: a list of `{title, notes?, script}`, played one at a time after the script.
    private func steps(_ value: SourceValue) throws(LayoutError) -> [SceneStep] {
        guard let elements = value.elements else {
            throw error(at: value.position, "steps", "expected a list of steps, found \(describe(value))",
                        suggestion: "write \"steps\": [{\"title\": \"…\", \"script\": [\"select box\", \"rotate 30\"]}]")
        }
        var result: [SceneStep] = []
        for (index, element) in elements.enumerated() {
            let path = "steps[\(index)]"
            guard let members = element.members else {
                throw error(at: element.position, path, "expected a step {\"title\", \"notes\", \"script\"}, found \(describe(element))")
            }
            var step = SceneStep(title: "")
            var hasTitle = false
            for member in members {
                switch member.key {
                case "title": step.title = try string(member.value, path: path + ".title"); hasTitle = true
                case "notes": step.notes = try string(member.value, path: path + ".notes")
                case "script": step.script = try script(member.value, path: path + ".script")
                default:
                    throw unknownField(member, path: path, valid: ["title", "notes", "script"],
                                       synonyms: ["name": "title", "description": "notes", "commands": "script"], context: "in a step")
                }
            }
            guard hasTitle else {
                throw error(at: element.position, path, "a step needs a \"title\"", suggestion: "add \"title\": \"what this step shows\"")
            }
            result.append(step)
        }
        return result
    }

    private func script(_ value: SourceValue, path: String = "script") throws(LayoutError) -> [ScriptLine] {
        if case .string(let text) = value.kind {
            var lines: [ScriptLine] = []
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var command = String(line)
                if command.hasSuffix("\r") { command.removeLast() }
                guard !command.trimmingSpaces.isEmpty else { continue }
                let where_: SourcePosition
                if let start = value.contentStart {
                    let indent = command.prefix { $0 == " " }.count
                    where_ = SourcePosition(line: start.line + index, column: start.column + indent)
                } else {
                    where_ = value.position
                }
                lines.append(ScriptLine(command, location: SourceLocation(file: file, line: where_.line, column: where_.column)))
            }
            return lines
        }
        guard let elements = value.elements else {
            throw error(at: value.position, path, "expected a list of commands, found \(describe(value))",
                        suggestion: "write \"script\": [\"select box\", \"rotate 30\"]")
        }
        var lines: [ScriptLine] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let command) = element.kind else {
                throw error(at: element.position, path + "[\(index)]", "expected a command (a string), found \(describe(element))",
                            suggestion: "put the command in quotes")
            }
            lines.append(ScriptLine(command, location: SourceLocation(file: file, line: element.position.line, column: element.position.column)))
        }
        return lines
    }

    // MARK: Layers

    private func tree(_ value: SourceValue) throws(LayoutError) -> LayerTree {
        guard let elements = value.elements else {
            throw error(at: value.position, "layers", "expected an array of layers, found \(describe(value))",
                        suggestion: value.members != nil ? "wrap the layer in a list: [ { … } ]" : nil)
        }
        var tree = LayerTree()
        let capacity = Self.countLayers(elements)
        tree.reserveCapacity(capacity)
        // Where each layer's name was written, by id: the first use of a name (the tree's
        // own index finds the id), without a second dictionary of every name.
        var namePositions: [SourcePosition] = []
        namePositions.reserveCapacity(capacity)
        var scratch = LayerScratch()
        // Pre-order, so ids and sibling order follow the file, and the second of two equal
        // names is the one reported: a stack of sibling lists, each with the next to decode.
        // Paths are built only for a message (`LayerPath`).
        struct Siblings {
            var values: [SourceValue]
            var next = 0
            var parent: LayerID?
            var parentPath: LayerPathNode?
            var key: String
        }
        var stack = [Siblings(values: elements, parent: nil, parentPath: nil, key: "layers")]
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].next
            guard index < stack[top].values.count else { stack.removeLast(); continue }
            stack[top].next += 1
            let parent = stack[top].parent
            let path = LayerPath(parent: stack[top].parentPath, key: stack[top].key, index: index)
            let value = stack[top].values[index]
            let decoded = try layer(value, path: path.text, scratch: &scratch)
            let name = decoded.layer.name, namePosition = decoded.namePosition
            let children = decoded.children, childrenKey = decoded.childrenKey
            func duplicateName(first: LayerID) -> LayoutError {
                error(at: namePosition, path.text + ".name",
                      "duplicate layer name \"\(name)\": already used at \(namePositions[first.raw])",
                      suggestion: "names must be unique in the file; rename one of them")
            }
            // A name used before is reported before a number out of range; the tree's add
            // finds the name, so the usual layer costs one lookup of it, not two.
            if !Self.savedNumbersWithinLimit(decoded.layer) {
                if let first = tree.id(named: name) { throw duplicateName(first: first) }
                try checkWritable(decoded.layer, at: value.position, path: path.text)
            }
            let id: LayerID
            do {
                // The decoded layer is handed to the tree, not copied.
                id = try tree.add((consume decoded).layer, in: parent)
            } catch .duplicateName {
                throw duplicateName(first: tree.id(named: name)!)
            } catch {
                // Names were checked above; a refusal here is our bug, reported rather than trapped.
                throw self.error(at: value.position, path.text, "cannot add the layer: \(error)")
            }
            while namePositions.count <= id.raw { namePositions.append(.start) }
            namePositions[id.raw] = namePosition
            if !children.isEmpty {
                stack.append(Siblings(values: children, parent: id, parentPath: LayerPathNode(path), key: childrenKey))
            }
        }
        return tree
    }

    /// How many layers the file holds, at most: objects in `layers` and in any layer's
    /// sublayer list, counted before decoding to size the tree once. Counts, never judges
    /// (the decode reports what is wrong).
    static func countLayers(_ elements: [SourceValue]) -> Int {
        var count = 0
        var lists = [elements]
        while let list = lists.popLast() {
            count += list.count
            for value in list {
                guard case .object(let members) = value.kind else { continue }
                for member in members where Field.sublayerSpellings.contains(member.key) {
                    if case .array(let children) = member.value.kind { lists.append(children) }
                }
            }
        }
        return count
    }

    /// A field of a layer: a stored property (declared in `PropertyDeclaration.all`, named
    /// by its canonical spelling), or the sublayers.
    enum Field: Hashable {
        case property(Property)
        case sublayers
        /// The layer's content: a list of drawing operations (content.md).
        case drawing

        static let sublayerSpellings = ["sublayers", "subviews"]

        /// Every spelling a layer object accepts: each file property's spellings (CALayer's
        /// first, then the UIView alias), in declaration order, then the sublayers.
        static let allSpellings: [String] =
            PropertyDeclaration.all.filter(\.isFileField).flatMap { $0.spellings.map(\.rawValue) } + ["drawing"] + sublayerSpellings

        static let bySpelling: [String: Field] = {
            var map: [String: Field] = [:]
            for declaration in PropertyDeclaration.all where declaration.isFileField {
                for spelling in declaration.spellings { map[spelling.rawValue] = .property(declaration.property) }
            }
            for spelling in sublayerSpellings { map[spelling] = .sublayers }
            map["drawing"] = .drawing
            return map
        }()

        /// The file properties in decode order: a property's slot is its index here.
        static let decodeDeclarations = PropertyDeclaration.decodeOrder
        /// What decoding reads of each, by slot: plain values, copied without reference counting.
        static let shapes = decodeDeclarations.map { FieldShape(property: $0.property, kind: $0.kind, constraint: $0.constraint) }
        static let drawingSlot = decodeDeclarations.count
        static let sublayersSlot = decodeDeclarations.count + 1
        static let slotCount = decodeDeclarations.count + 2
        static let slotByProperty: [Property: Int] =
            Dictionary(uniqueKeysWithValues: decodeDeclarations.enumerated().map { ($0.element.property, $0.offset) })
        static let slotBySpelling: [String: Int] = bySpelling.mapValues(\.slot)

        /// `slotBySpelling` as a small table in 64 buckets by length and first letter, each
        /// spelling compared whole: no hashing of every key of every layer.
        static func slot(spelledAs key: String) -> Int? {
            let utf8 = key.utf8
            guard let first = utf8.first else { return nil }
            for (spelling, slot) in spellingBuckets[bucket(count: utf8.count, first: first)] where spelling == key { return slot }
            return nil
        }

        private static func bucket(count: Int, first: UInt8) -> Int { (count &* 31 &+ Int(first)) & 63 }

        private static let spellingBuckets: [[(String, Int)]] = {
            var buckets = [[(String, Int)]](repeating: [], count: 64)
            for (spelling, slot) in slotBySpelling.sorted(by: { $0.key < $1.key }) {
                buckets[bucket(count: spelling.utf8.count, first: spelling.utf8.first!)].append((spelling, slot))
            }
            return buckets
        }()
        static let nameSlot = Field.property(.name).slot
        static let kindSlot = Field.property(.kind).slot
        static let frameSlot = Field.property(.frame).slot

        /// Where a layer's working storage (`LayerScratch`) keeps the field: the properties in
        /// decode order, then the drawing, then the sublayers.
        var slot: Int {
            switch self {
            case .property(let property): return Self.slotByProperty[property]!
            case .drawing: return Self.drawingSlot
            case .sublayers: return Self.sublayersSlot
            }
        }
    }

    struct FieldShape {
        let property: Property
        let kind: Property.ValueKind
        let constraint: PropertyConstraint?
    }

    /// Working storage one decode reuses from layer to layer (no dictionary per layer).
    struct LayerScratch {
        /// By field slot: the index of the member that gives the field, or -1.
        var given = [Int](repeating: -1, count: Field.slotCount)
        /// The slots set for the current layer.
        var present: [Int] = []
    }

    /// A layer's field path (`layers[0].subviews[3]`) kept as links and spelled out only for
    /// a message: building the text for every layer of a big file cost more than decoding it.
    struct LayerPath {
        var parent: LayerPathNode?
        var key: String
        var index: Int
        var text: String { (parent.map { $0.path.text + "." } ?? "") + "\(key)[\(index)]" }
    }

    final class LayerPathNode {
        let path: LayerPath
        init(_ path: LayerPath) { self.path = path }
    }

    /// Names people write for a field: common words, plus each property's Swift name where
    /// it differs from the file's (`isHidden`, `isGeometryFlipped`, from the declarations).
    static let layerSynonyms: [String: String] = {
        var synonyms = [
            "children": "sublayers", "layers": "sublayers", "views": "subviews", "id": "name", "type": "kind",
            "size": "bounds", "rect": "frame", "anchor": "anchorPoint", "color": "backgroundColor",
            "background": "backgroundColor", "zIndex": "zPosition", "affineTransform": "transform",
        ]
        for declaration in PropertyDeclaration.all where declaration.isFileField {
            guard case let .assign(layerName, viewName) = declaration.swift else { continue }
            for name in [layerName, viewName].compactMap({ $0 }) where Field.bySpelling[name] == nil {
                synonyms[name] = declaration.spelling(for: name == viewName && name != layerName ? .view : .layer).rawValue
            }
        }
        return synonyms
    }()

    private struct DecodedLayer {
        var layer: Layer
        var namePosition: SourcePosition
        var children: [SourceValue]
        var childrenKey: String
    }

    private func layer(_ value: SourceValue, path: @autoclosure () -> String, scratch: inout LayerScratch) throws(LayoutError) -> DecodedLayer {
        guard let members = value.members else {
            throw error(at: value.position, path(), "expected a layer (an object with a \"name\"), found \(describe(value))",
                        suggestion: {
                            if case .string(let s) = value.kind { return "write {\"name\": \"\(s)\"}" }
                            return nil
                        }())
        }
        // Which member gives each field, by slot; cleared for the next layer on the way out.
        defer {
            for slot in scratch.present { scratch.given[slot] = -1 }
            scratch.present.removeAll(keepingCapacity: true)
        }
        for index in members.indices {
            guard let slot = Field.slot(spelledAs: members[index].key) else {
                let member = members[index]
                var e = unknownField(member, path: path(), valid: Field.allSpellings, synonyms: Self.layerSynonyms, context: "in a layer")
                if ["rotation", "rotate", "scale", "translate"].contains(member.key) {
                    let step = member.key == "rotation" ? "rotate" : member.key
                    e.suggestion = "transforms are lists of steps: \"transform\": [{\"\(step)\": …}]"
                }
                throw e
            }
            if scratch.given[slot] >= 0 {
                let member = members[index], earlier = members[scratch.given[slot]]
                throw error(at: member.keyPosition, path() + "." + member.key,
                            "\"\(earlier.key)\" and \"\(member.key)\" are the same field, given twice (first at \(earlier.keyPosition))",
                            suggestion: "keep one of them")
            }
            scratch.given[slot] = index
            scratch.present.append(slot)
        }
        func given(_ slot: Int) -> SourceMember? {
            let index = scratch.given[slot]
            return index >= 0 ? members[index] : nil
        }
        func given(_ field: Field) -> SourceMember? { given(field.slot) }
        func fieldPath(_ property: Property) -> String { path() + "." + (given(.property(property))?.key ?? property.rawValue) }

        // name and kind
        guard let nameMember = given(Field.nameSlot) else {
            throw error(at: value.position, path(), "missing \"name\": every layer needs a name, unique in the file",
                        suggestion: "add \"name\": \"…\"")
        }
        let name = try string(nameMember.value, path: fieldPath(.name))
        // (A name that starts and ends with a visible ASCII character is not blank: no trimming.)
        if !((0x21...0x7E).contains(name.utf8.first ?? 0) && (0x21...0x7E).contains(name.utf8.last ?? 0)), name.trimmingSpaces.isEmpty {
            throw error(at: nameMember.value.position, fieldPath(.name), "the name is empty", suggestion: "give the layer a name")
        }
        var kind = LayerKind.layer
        if let member = given(Field.kindSlot) {
            let text = try string(member.value, path: fieldPath(.kind))
            guard let k = LayerKind(rawValue: text) else {
                let near = NearMiss.closest(to: text, among: LayerKind.allCases.map(\.rawValue))
                throw error(at: member.value.position, fieldPath(.kind), "unknown kind \"\(text)\": expected \"layer\" or \"view\"",
                            suggestion: near.map { "did you mean \"\($0)\"?" })
            }
            kind = k
        }
        var layer = Layer(name: name, kind: kind)

        // Conflicts before any geometry is read, so the message is about the conflict.
        if let frame = given(Field.frameSlot) {
            for other in [Property.position, .bounds] {
                guard let o = given(.property(other)) else { continue }
                let later = frame.keyPosition.isAfter(o.keyPosition) ? frame : o
                let earlier = later.key == frame.key ? o : frame
                let what = other == .position ? "both place the layer" : "both set the size"
                throw error(at: later.keyPosition, path() + "." + later.key,
                            "\"frame\" and \"\(o.key)\" \(what) (\"\(earlier.key)\" at \(earlier.keyPosition))",
                            suggestion: "give \"frame\" alone, or \"bounds\" and \"\(other == .position ? o.key : (kind == .view ? "center" : "position"))\"")
            }
        }

        // Every other field in the declared decode order: geometry first, in the documented
        // order bounds, anchorPoint, anchorPointZ, transform, position, frame (so frame is
        // resolved with the file's anchorPoint and transform), then the rest.
        // Slots number the properties in that order: the fields given, sorted, are the loop.
        scratch.present.sort()
        for slot in scratch.present where slot < Field.drawingSlot && slot != Field.nameSlot && slot != Field.kindSlot {
            guard let write = Field.decodeDeclarations[slot].write else { continue }
            // The member is read in place (no copy of it held by the path's closure).
            let memberIndex = scratch.given[slot]
            let key = members[memberIndex].key
            func p() -> String { path() + "." + key }
            let v = try fieldValue(members[memberIndex], slot: slot, path: p())
            do {
                try write(&layer, v)
            } catch {
                let member = members[memberIndex]
                switch error {
                case .singularTransform:
                    throw self.error(at: member.keyPosition, p(),
                                     "\"frame\" cannot be set under this transform: it squashes the layer flat (scale 0), so no bounds give that frame",
                                     suggestion: "give \"bounds\" and \"\(kind == .view ? "center" : "position")\" instead")
                case .wrongKind, .notAffine:
                    // A decoded value always has its declared kind; reported, never trapped.
                    throw self.error(at: member.value.position, p(), "\(member.key) cannot take \(describe(member.value))")
                }
            }
        }

        if let member = given(Field.drawingSlot) { layer.drawing = try drawing(member, path: path() + "." + member.key) }

        var children: [SourceValue] = []
        var childrenKey = kind == .view ? "subviews" : "sublayers"
        if let member = given(Field.sublayersSlot) {
            childrenKey = member.key
            guard let elements = member.value.elements else {
                throw error(at: member.value.position, path() + "." + member.key, "expected an array of layers, found \(describe(member.value))",
                            suggestion: member.value.members != nil ? "wrap the layer in a list: [ { … } ]" : nil)
            }
            children = elements
        }
        return DecodedLayer(layer: layer, namePosition: nameMember.value.position, children: children, childrenKey: childrenKey)
    }

    /// `drawing`: a list of operations, each a string (content.md). An operation that does not
    /// read, or a `restore` without its `save`, is reported at its element with its index.
    private func drawing(_ member: SourceMember, path: String) throws(LayoutError) -> [DrawingOperation] {
        guard let elements = member.value.elements else {
            throw error(at: member.value.position, path, "expected a list of drawing operations, found \(describe(member.value))",
                        suggestion: "write \"drawing\": [\"save\", \"rotate 45\", \"fill-rect 0 0 40 20 orange\", \"restore\"]")
        }
        var ops: [DrawingOperation] = []
        for (index, element) in elements.enumerated() {
            let p = "\(path)[\(index)]"
            guard case .string(let text) = element.kind else {
                throw error(at: element.position, p, "operation \(index): expected an operation (a string), found \(describe(element))",
                            suggestion: "put the operation in quotes, like \"translate 10 20\"")
            }
            do {
                ops.append(try DrawingOperation.parse(text))
            } catch {
                let at = error.column.map { " (at character \($0) of the operation)" } ?? ""
                throw self.error(at: element.position, p, "operation \(index) \"\(text.abbreviated)\": \(error.message)\(at)",
                                 suggestion: error.suggestion)
            }
        }
        if let bad = ContentGeometry.unmatchedRestore(ops) {
            throw error(at: elements[bad].position, "\(path)[\(bad)]", "operation \(bad): restore without a save before it",
                        suggestion: "add \"save\" before it, or remove this \"restore\"")
        }
        if let bad = ContentGeometry.userTransforms(ops).dropFirst().firstIndex(where: { !$0.values.allSatisfy(\.isFinite) }) {
            throw error(at: elements[bad - 1].position, "\(path)[\(bad - 1)]",
                        "operation \(bad - 1): the CTM is no longer finite here (the operations so far multiply past any number)",
                        suggestion: "use smaller factors, or put the operations between save and restore")
        }
        return ops
    }

    /// A field's value, read as its declared kind and checked against its declared
    /// constraint; every message names the field as written and a fix.
    private func fieldValue(_ member: SourceMember, slot: Int, path p: @autoclosure () -> String) throws(LayoutError) -> PropertyValue {
        let value = member.value
        let declaration = Field.shapes[slot]
        switch declaration.kind {
        case .text:
            return .text(try string(value, path: p()))
        case .rect:
            let r = try rect(value, path: p())
            if declaration.constraint == .nonNegativeSize {
                for (label, size, index) in [("width", r.size.width, 2), ("height", r.size.height, 3)] where size < 0 {
                    let component = componentValue(value, index: index, key: label)
                    throw error(at: component.position, component.path(p()), "the \(member.key) \(label) must not be negative, found \(NumberText.exact(size))",
                                suggestion: "write \(NumberText.exact(-size)) and move the origin, or use \"frame\", which accepts negative sizes")
                }
            }
            return .rect(r)
        case .point:
            return .point(try point(value, path: p(), zField: declaration.property == .anchorPoint ? "anchorPointZ" : "zPosition"))
        case .number:
            let n = try number(value, path: p())
            switch declaration.constraint {
            case .unitInterval? where Field.decodeDeclarations[slot].violates(.number(n)):
                throw error(at: value.position, p(), "\(member.key) must be between 0 and 1, found \(literal(value))",
                            suggestion: n >= 10 && n <= 100 ? "for \(NumberText.exact(n))%, write \(NumberText.exact(n / 100))" : "use a number from 0 (transparent) to 1 (opaque)")
            case .nonNegative? where Field.decodeDeclarations[slot].violates(.number(n)):
                throw error(at: value.position, p(), "\(member.key) must not be negative, found \(literal(value))",
                            suggestion: "write \(NumberText.exact(-n)), or 0 for none")
            case .positive? where Field.decodeDeclarations[slot].violates(.number(n)):
                throw error(at: value.position, p(), "\(member.key) must be positive, found \(literal(value))",
                            suggestion: "write 1, 2 or 3 (a screen's scale), or leave it out for the default")
            default:
                return .number(n)
            }
        case .transform:
            return .transform(try transform(value, path: p()))
        case .bool:
            return .bool(try bool(value, path: p()))
        case .color:
            let c = try color(value, path: p())
            return .color(c, spelling: c.cssSpelling)
        case .mask:
            let text = try string(value, path: p())
            guard let mask = text.isEmpty ? [] : AutoresizingMask(printed: text) else {
                throw error(at: value.position, p(), "\(member.key) \"\(text)\" is not a mask",
                            suggestion: "write flags joined by +, from LM W RM TM H BM (e.g. \"W+H\", \"LM+RM+TM+BM\")")
            }
            return .mask(mask)
        case .kind, .size:
            // Not the kind of any file field (kind is read above; sizes are command parts).
            throw error(at: value.position, p(), "\(member.key) cannot be read from a file", suggestion: "leave it out")
        }
    }

    // MARK: Transforms

    /// A transform value, in either spelling of the one transform grammar (both give
    /// `TransformStep`s, built into a matrix by `TransformSpec.matrix`, as commands are):
    /// a list of steps applied first to last (`Concat(step1, step2, …)`), 6 numbers
    /// `[a, b, c, d, tx, ty]` or 16 numbers `m11 … m44` row by row; or a string in the command
    /// language's transform grammar (`"rotate 45 then translate 10 0"`, as `set transform`).
    func transform(_ value: SourceValue, path: String) throws(LayoutError) -> TransformSpec {
        if case .string(let text) = value.kind {
            do throws(CommandError) {
                return try CommandParser.fragment(text) { r throws(CommandError) in try r.transform() }
            } catch {
                throw self.error(at: value.position, path, "\"\(text.abbreviated)\": " + error.message,
                                 suggestion: error.suggestion ?? "write steps chained with then, like \"rotate 30 then translate 10 0\", or a list [{\"rotate\": 30}]")
            }
        }
        guard let elements = value.elements else {
            var suggestion = "write a list of steps, like [{\"rotate\": 30}]"
            if let members = value.members, members.contains(where: { WrittenTransformStep.keys.contains($0.key) }) {
                suggestion = "wrap the step in a list: [ { … } ]"
            }
            throw error(at: value.position, path,
                        "expected a transform (a list of steps like [{\"rotate\": 30}], 6 numbers, 16 numbers or a string like \"rotate 30\"), found \(describe(value))",
                        suggestion: suggestion)
        }
        if let first = elements.first, case .number = first.kind {
            guard elements.count == 6 || elements.count == 16 else {
                throw error(at: value.position, path,
                            "expected 6 numbers [a, b, c, d, tx, ty] or 16 numbers [m11 … m44], found \(describe(value))")
            }
            var numbers: [Double] = []
            for (index, element) in elements.enumerated() {
                guard case .number = element.kind else {
                    throw error(at: element.position, path + "[\(index)]", "expected a number, found \(describe(element))",
                                suggestion: "a matrix transform is all numbers")
                }
                numbers.append(try number(element, path: path + "[\(index)]"))
            }
            if numbers.count == 6 {
                return TransformSpec([.affine(Affine2D(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5]))])
            }
            // Exactly 16 numbers, checked above.
            return TransformSpec([Transform3D(rowMajor: numbers).map { .matrix($0) } ?? .identity])
        }
        var steps: [TransformStep] = []
        for (index, element) in elements.enumerated() {
            steps.append(try transformStep(element, path: path + "[\(index)]").step)
        }
        return TransformSpec(steps)
    }

    // MARK: Values

    private func string(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> String {
        guard case .string(let s) = value.kind else {
            throw error(at: value.position, path(), "expected a string, found \(describe(value))", suggestion: "put it in quotes")
        }
        return s
    }

    private func bool(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> Bool {
        switch value.kind {
        case .bool(let b):
            return b
        case .string(let s):
            // The command language's true/false words (`Toggle`), and YAML 1.1's y and n.
            let meant: String? = (Toggle.truth(s.lowercased()) ?? ["y": true, "n": false][s.lowercased()]).map(Toggle.truth)
            throw error(at: value.position, path(), "expected true or false, found \(describe(value))",
                        suggestion: meant.map { "write \($0) without quotes" })
        case .number(let n, _) where n == 0 || n == 1:
            throw error(at: value.position, path(), "expected true or false, found \(describe(value))",
                        suggestion: "write \(n == 1 ? "true" : "false")")
        default:
            throw error(at: value.position, path(), "expected true or false, found \(describe(value))")
        }
    }

    /// Refuses a layer whose stored fields, as a save would write them, fall outside what a
    /// file may hold: a view's `frame` at x = 1e9 gives a `center` past 1e9, which could be
    /// saved but never read back. Found here, it is an error at load, not a lost save.
    private func checkWritable(_ layer: Layer, at position: SourcePosition, path: @autoclosure () -> String) throws(LayoutError) {
        // Nearly always every number is in range: found with plain comparisons, and only a
        // layer that fails them is looked at declaration by declaration, for the message.
        if Self.savedNumbersWithinLimit(layer) { return }
        for declaration in PropertyDeclaration.all where declaration.isSaved {
            let numbers: [Double]
            switch declaration.value(of: layer) {
            case let .number(n)?: numbers = [n]
            case let .point(p)?: numbers = [p.x, p.y]
            case let .rect(r)?: numbers = [r.origin.x, r.origin.y, r.size.width, r.size.height]
            case let .transform(t)?: numbers = t.matrix.rowMajor
            default: continue
            }
            let key = declaration.spelling(for: layer.kind).rawValue
            if let bad = numbers.first(where: { !$0.isFinite || abs($0) > Self.numberLimit }) {
                throw error(at: position, path() + "." + key,
                            "the layer's \(key) works out to \(bad.isFinite ? NumberText.exact(bad) : "\(bad)"), past the ±1e9 a layout file can hold, so it could not be saved and read back",
                            suggestion: "bring the layer's numbers nearer the origin")
            }
        }
    }

    /// True when every number a save writes for the layer (the saved declarations' values:
    /// bounds, anchorPoint, anchorPointZ, position, zPosition, transform, sublayerTransform,
    /// opacity, borderWidth, a set contentsScale) is finite and within ±`numberLimit`. False
    /// sends `checkWritable` to the full check, which finds the field and words the message.
    static func savedNumbersWithinLimit(_ l: Layer) -> Bool {
        func ok(_ x: Double) -> Bool { abs(x) <= numberLimit }   // false for NaN and ±infinity
        func ok(_ m: Transform3D) -> Bool {
            ok(m.m11) && ok(m.m12) && ok(m.m13) && ok(m.m14) && ok(m.m21) && ok(m.m22) && ok(m.m23) && ok(m.m24)
                && ok(m.m31) && ok(m.m32) && ok(m.m33) && ok(m.m34) && ok(m.m41) && ok(m.m42) && ok(m.m43) && ok(m.m44)
        }
        return ok(l.bounds.origin.x) && ok(l.bounds.origin.y) && ok(l.bounds.size.width) && ok(l.bounds.size.height)
            && ok(l.anchorPoint.x) && ok(l.anchorPoint.y) && ok(l.anchorPointZ) && ok(l.position.x) && ok(l.position.y)
            && ok(l.zPosition) && ok(l.transform) && ok(l.sublayerTransform) && ok(l.opacity) && ok(l.borderWidth)
            && ok(l.contentsScale ?? 1)
    }

    /// A finite number no larger than `numberLimit` in magnitude.
    func number(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> Double {
        if case .number(let n, _) = value.kind, abs(n) <= Self.numberLimit { return n }   // the usual case
        guard case .number(let n, let literal) = value.kind else {
            var suggestion: String? = nil
            if case .string(let s) = value.kind, let n = Double(s.trimmingSpaces), n.isFinite { suggestion = "write \(NumberText.exact(n)) without quotes" }
            throw error(at: value.position, path(), "expected a number, found \(describe(value))", suggestion: suggestion)
        }
        guard n.isFinite else {
            let overflow = !n.isNaN && !literal.lowercased().contains("inf")
            throw error(at: value.position, path(),
                        "expected a finite number, found \(literal)\(overflow ? " (too large to represent)" : "")",
                        suggestion: "numbers must be finite, between -1e9 and 1e9")
        }
        guard abs(n) <= Self.numberLimit else {
            throw error(at: value.position, path(), "\(literal) is too large: numbers must be between -1e9 and 1e9",
                        suggestion: "write a number from -1e9 to 1e9")
        }
        return n
    }

    /// An array of numbers whose count is one of `counts`.
    func numbers(_ value: SourceValue, path: @autoclosure () -> String, counts: [Int], expected: String,
                 extraSuggestion: ((Int) -> String?)? = nil) throws(LayoutError) -> [Double] {
        guard let elements = value.elements, counts.contains(elements.count) else {
            let count = value.elements?.count ?? -1
            var suggestion = extraSuggestion?(count)
            if case .string(let s) = value.kind {
                // "0 0 100 100" or "10, 20": the numbers are right, the brackets are missing.
                let parts = s.split(whereSeparator: { $0 == " " || $0 == "," })
                let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
                if counts.contains(parts.count), numbers.count == parts.count {
                    suggestion = "write [" + numbers.map(NumberText.exact).joined(separator: ", ") + "] without quotes"
                }
            }
            throw error(at: value.position, path(), "expected \(expected), found \(describe(value))", suggestion: suggestion)
        }
        var out: [Double] = []
        out.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            out.append(try number(element, path: path() + "[\(index)]"))
        }
        return out
    }

    /// `[x, y]` or `{"x": …, "y": …}`.
    private func point(_ value: SourceValue, path: @autoclosure () -> String, zField: String) throws(LayoutError) -> Point {
        if let members = value.members {
            let v = try keyed(members, at: value.position, path: path(), keys: ["x", "y"], synonyms: [:], what: "a point")
            return Point(x: v[0], y: v[1])
        }
        let v = try numbers(value, path: path(), counts: [2], expected: "a point [x, y]") { count in
            count == 3 ? "z is a separate field: \"\(zField)\"" : nil
        }
        return Point(x: v[0], y: v[1])
    }

    /// `[x, y, width, height]` or `{"x", "y", "width", "height"}`.
    private func rect(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> Rect {
        if case .array(let e) = value.kind, e.count == 4 {
            // Four plain numbers in range, the usual case, read without the checks' paths.
            if case .number(let x, _) = e[0].kind, case .number(let y, _) = e[1].kind,
               case .number(let width, _) = e[2].kind, case .number(let height, _) = e[3].kind,
               abs(x) <= Self.numberLimit, abs(y) <= Self.numberLimit,
               abs(width) <= Self.numberLimit, abs(height) <= Self.numberLimit {
                return Rect(x: x, y: y, width: width, height: height)
            }
            // The usual spelling, read without an intermediate array (same checks, same order).
            return Rect(x: try number(e[0], path: path() + "[0]"), y: try number(e[1], path: path() + "[1]"),
                        width: try number(e[2], path: path() + "[2]"), height: try number(e[3], path: path() + "[3]"))
        }
        if let members = value.members {
            let v = try keyed(members, at: value.position, path: path(), keys: ["x", "y", "width", "height"],
                              synonyms: ["w": "width", "h": "height"], what: "a rect")
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        let v = try numbers(value, path: path(), counts: [4], expected: "a rect [x, y, width, height]") { count in
            count == 2 ? "a rect has 4 numbers: [x, y, width, height], e.g. [0, 0, w, h]" : nil
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// The numbers of an object with exactly these keys, in this order.
    private func keyed(_ members: [SourceMember], at position: SourcePosition, path: @autoclosure () -> String, keys: [String],
                       synonyms: [String: String], what: String) throws(LayoutError) -> [Double] {
        var values = [Double?](repeating: nil, count: keys.count)
        for member in members {
            guard let index = keys.firstIndex(of: member.key) else {
                throw unknownField(member, path: path(), valid: keys, synonyms: synonyms, context: "in \(what)")
            }
            values[index] = try number(member.value, path: path() + "." + member.key)
        }
        let missing = keys.indices.filter { values[$0] == nil }.map { "\"\(keys[$0])\"" }
        guard missing.isEmpty else {
            throw error(at: position, path(), "\(what) needs \(keys.map { "\"\($0)\"" }.joined(separator: ", ")); missing \(missing.joined(separator: ", "))")
        }
        return values.map { $0 ?? 0 }
    }

    private func color(_ value: SourceValue, path: @autoclosure () -> String) throws(LayoutError) -> Color {
        guard case .string(let text) = value.kind else {
            throw error(at: value.position, path(), "expected a color (a CSS name like \"steelblue\", \"#rgb\" or \"#rrggbb\"), found \(describe(value))",
                        suggestion: value.kind == .null ? "leave the field out for no color" : nil)
        }
        if let color = Color(css: text) { return color }
        let lowered = text.trimmingSpaces.lowercased()
        if lowered.hasPrefix("#") {
            throw error(at: value.position, path(), "\"\(text)\" is not a color: hex colors are #rgb or #rrggbb",
                        suggestion: "write 3 or 6 hex digits, like #f80 or #ff8800")
        }
        if ["transparent", "clear", "none"].contains(lowered) {
            throw error(at: value.position, path(), "unknown color \"\(text)\"", suggestion: "leave the field out for no color")
        }
        let near = NearMiss.closest(to: lowered.replacingSpaces, among: Color.cssNames)
        throw error(at: value.position, path(), "unknown color \"\(text)\"",
                    suggestion: near.map { "did you mean \"\($0)\"?" } ?? "use a CSS color name like \"steelblue\", or #rrggbb")
    }

    // MARK: Messages

    func error(at position: SourcePosition, _ path: String, _ message: String, suggestion: String? = nil) -> LayoutError {
        LayoutError(file: file, line: position.line, column: position.column, path: path, message: message, suggestion: suggestion)
    }

    func unknownField(_ member: SourceMember, path: String, valid: [String], synonyms: [String: String],
                      context: String) -> LayoutError {
        let fieldPath = path.isEmpty ? member.key : path + "." + member.key
        var suggestion: String?
        if let near = synonyms[member.key] ?? NearMiss.closest(to: member.key, among: valid) {
            suggestion = "did you mean \"\(near)\"?"
        } else if member.key == "<<" {
            suggestion = "YAML merge keys are not supported; write the fields out"
        } else if context == "at the top level", Field.bySpelling[member.key] != nil {
            suggestion = "layer fields go inside an entry of \"layers\""
        } else {
            suggestion = "valid fields \(context): \(valid.joined(separator: ", "))"
        }
        return error(at: member.keyPosition, fieldPath, "unknown field \"\(member.key.abbreviated)\" \(context)", suggestion: suggestion)
    }

    /// Where the `index`-th number of an array (or the `key` of an object) is, for messages.
    private func componentValue(_ value: SourceValue, index: Int, key: String) -> (position: SourcePosition, path: (String) -> String) {
        if let elements = value.elements, index < elements.count {
            return (elements[index].position, { "\($0)[\(index)]" })
        }
        if let member = value.member(key) { return (member.value.position, { "\($0).\(key)" }) }
        return (value.position, { $0 })
    }

    func literal(_ value: SourceValue) -> String {
        if case .number(_, let literal) = value.kind { return literal }
        return describe(value)
    }
}

/// What a value is, for "found …" in messages: `an array of 3 numbers`, `the string "abc"`.
func describe(_ value: SourceValue) -> String {
    switch value.kind {
    case .object(let members): return members.isEmpty ? "an empty object" : "an object"
    case .array(let elements):
        if elements.isEmpty { return "an empty array" }
        let allNumbers = elements.allSatisfy { $0.kind.isNumber }
        let noun = allNumbers ? (elements.count == 1 ? "number" : "numbers") : (elements.count == 1 ? "value" : "values")
        return "an array of \(elements.count) \(noun)"
    case .string(let s):
        let shown = s.count > 40 ? String(s.prefix(40)) + "…" : s
        return "the string \"\(shown)\""
    case .number(_, let literal): return "the number \(literal)"
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    }
}

extension SourceValue.Kind {
    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}

extension SourcePosition {
    func isAfter(_ other: SourcePosition) -> Bool { (line, column) > (other.line, other.column) }
}

extension String {
    /// At most 60 characters, for quoting user text in a message.
    var abbreviated: String { count > 60 ? String(prefix(60)) + "…" : self }

    /// Without spaces (`"steel blue"` → `"steelblue"`), for color suggestions.
    var replacingSpaces: String { String(filter { $0 != " " }) }
}
