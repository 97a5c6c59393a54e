import Geometry
import LayerModel
import CommandLanguage
import Scenes

/// The layers of a layout: the tree walked with an explicit work list, each layer's fields found
/// in a table built once, its drawing and its field values (LayoutDecoder.swift has the top level).
extension LayoutDecoder {
    // MARK: Layers

    /// The layers of `layers`; what loads but warns (`frame` under a rotation) goes to `warnings`.
    func tree(_ value: SourceValue, warnings: inout [LayoutWarning]) throws(LayoutError) -> LayerTree {
        guard let elements = value.elements else {
            throw error(
                at: value.position, "layers", "expected an array of layers, found \(describe(value))",
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
            var values: SourceElements
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
            if !scratch.warnings.isEmpty {
                warnings += scratch.warnings
                scratch.warnings.removeAll()
            }
            let name = decoded.layer.name, namePosition = decoded.namePosition
            let children = decoded.children, childrenKey = decoded.childrenKey
            func duplicateName(first: LayerID) -> LayoutError {
                error(
                    at: namePosition, path.text + ".name",
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
            if let children, !children.isEmpty {
                stack.append(Siblings(values: children, parent: id, parentPath: LayerPathNode(path), key: childrenKey))
            }
        }
        return tree
    }

    /// How many layers the file holds, at most: objects in `layers` and in any layer's
    /// sublayer list, counted before decoding to size the tree once. Counts, never judges
    /// (the decode reports what is wrong).
    static func countLayers(_ elements: SourceElements) -> Int {
        let document = elements.document
        var count = 0
        var lists = [(elements.start, elements.count)]
        while let (start, length) = lists.popLast() {
            count += length
            for entry in start..<start + length {
                let node = document.node(document.child(entry))
                guard node.kind == .object else { continue }
                for member in stride(from: Int(node.start), to: Int(node.start + node.count), by: 2)
                where Field.isSublayersSpelling(document, key: document.child(member)) {
                    let value = document.node(document.child(member + 1))
                    if value.kind == .array { lists.append((Int(value.start), Int(value.count))) }
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
        /// spelling compared byte for byte with the key in the file: no String made and no
        /// hashing for every key of every layer.
        static func slot(spelledAs key: String) -> Int? {
            var key = key
            return key.withUTF8(slot(spelledAs:))
        }

        static func slot(spelledAs key: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let first = key.first else { return nil }
            for (spelling, slot) in spellingBuckets[bucket(count: key.count, first: first)] where spelling.elementsEqual(key) { return slot }
            return nil
        }

        /// True when the key node is `sublayers` or `subviews`.
        static func isSublayersSpelling(_ document: SourceDocument, key: Int32) -> Bool {
            let key = document.bytes(of: key)
            return sublayerSpellingBytes.contains { $0.elementsEqual(key) }
        }

        private static let sublayerSpellingBytes = sublayerSpellings.map { Array($0.utf8) }

        private static func bucket(count: Int, first: UInt8) -> Int { (count &* 31 &+ Int(first)) & 63 }

        private static let spellingBuckets: [[([UInt8], Int)]] = {
            var buckets = [[([UInt8], Int)]](repeating: [], count: 64)
            for (spelling, slot) in slotBySpelling.sorted(by: { $0.key < $1.key }) {
                buckets[bucket(count: spelling.utf8.count, first: spelling.utf8.first!)].append((Array(spelling.utf8), slot))
            }
            return buckets
        }()
        static let nameSlot = Field.property(.name).slot
        static let kindSlot = Field.property(.kind).slot
        static let frameSlot = Field.property(.frame).slot
        static let positionSlot = Field.property(.position).slot
        static let boundsSlot = Field.property(.bounds).slot

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
        /// What the current layer's fields warned about (`frameUnderRotation`).
        var warnings: [LayoutWarning] = []
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
            "background": "backgroundColor", "zIndex": "zPosition", "affineTransform": "transform"
        ]
        for declaration in PropertyDeclaration.all where declaration.isFileField {
            guard case let .assign(layerName, viewName) = declaration.swift else { continue }
            for name in [layerName, viewName].compactMap({ $0 }) where Field.bySpelling[name] == nil {
                synonyms[name] = declaration.spelling(for: name == viewName && name != layerName ? .view : .layer).rawValue
            }
        }
        return synonyms
    }()

    struct DecodedLayer {
        var layer: Layer
        var namePosition: SourcePosition
        var children: SourceElements?
        var childrenKey: String
    }

    func layer(_ value: SourceValue, path: @autoclosure () -> String, scratch: inout LayerScratch) throws(LayoutError) -> DecodedLayer {
        guard let members = value.members else {
            throw error(
                at: value.position, path(), "expected a layer (an object with a \"name\"), found \(describe(value))",
                suggestion: {
                    if case .string(let s) = value.kind { return "write {\"name\": \"\(s)\"}" }
                    return nil
                }())
        }
        // The usual layer is read from the document's nodes by number (no handle, so no
        // reference counting); a member is made a `SourceMember` only for the slow paths.
        let document = value.document
        let entries = Int(value.node.start)
        func valueNode(_ member: Int) -> Int32 { document.child(entries + 2 * member + 1) }
        // Which member gives each field, by slot; cleared for the next layer on the way out.
        defer {
            for slot in scratch.present { scratch.given[slot] = -1 }
            scratch.present.removeAll(keepingCapacity: true)
        }
        for index in 0..<members.count {
            guard let slot = Field.slot(spelledAs: document.bytes(of: document.child(entries + 2 * index))) else {
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
                throw error(
                    at: member.keyPosition, path() + "." + member.key,
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
        let nameMemberIndex = scratch.given[Field.nameSlot]
        guard nameMemberIndex >= 0 else {
            throw error(
                at: value.position, path(), "missing \"name\": every layer needs a name, unique in the file",
                suggestion: "add \"name\": \"…\"")
        }
        let nameNode = valueNode(nameMemberIndex)
        let namePosition = document.node(nameNode).position
        let name = document.node(nameNode).kind == .string ? document.string(nameNode) : try string(members[nameMemberIndex].value, path: fieldPath(.name))
        // (A name that starts and ends with a visible ASCII character is not blank: no trimming.)
        if !((0x21...0x7E).contains(name.utf8.first ?? 0) && (0x21...0x7E).contains(name.utf8.last ?? 0)), name.trimmingSpaces.isEmpty {
            throw error(at: namePosition, fieldPath(.name), "the name is empty", suggestion: "give the layer a name")
        }
        var kind = LayerKind.layer
        let kindMemberIndex = scratch.given[Field.kindSlot]
        if kindMemberIndex >= 0, let k = Self.plainKind(document, valueNode(kindMemberIndex)) {
            kind = k
        } else if let member = given(Field.kindSlot) {
            let text = try string(member.value, path: fieldPath(.kind))
            guard let k = LayerKind(rawValue: text) else {
                let near = NearMiss.closest(to: text, among: LayerKind.allCases.map(\.rawValue))
                throw error(
                    at: member.value.position, fieldPath(.kind), "unknown kind \"\(text)\": expected \"layer\" or \"view\"",
                    suggestion: near.map { "did you mean \"\($0)\"?" })
            }
            kind = k
        }
        var layer = Layer(name: name, kind: kind)

        // Conflicts before any geometry is read, so the message is about the conflict.
        if scratch.given[Field.frameSlot] >= 0, scratch.given[Field.positionSlot] >= 0 || scratch.given[Field.boundsSlot] >= 0,
            let frame = given(Field.frameSlot)
        {
            for other in [Property.position, .bounds] {
                guard let o = given(.property(other)) else { continue }
                let later = frame.keyPosition.isAfter(o.keyPosition) ? frame : o
                let earlier = later.key == frame.key ? o : frame
                let what = other == .position ? "both place the layer" : "both set the size"
                throw error(
                    at: later.keyPosition, path() + "." + later.key,
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
            func p() -> String { path() + "." + members[memberIndex].key }
            let v: PropertyValue
            if let plain = Self.plainFieldValue(document, valueNode(memberIndex), slot: slot) {
                v = plain
            } else {
                v = try fieldValue(members[memberIndex], slot: slot, path: p())
            }
            // Apple's frame setter under a rotation distorts the bounds (geometry R3): the file
            // gets Apple's numbers, and a warning (`frameUnderRotation`).
            let lossyFrame = slot == Field.frameSlot && layer.frameSetterIsLossy
            do {
                try write(&layer, v)
                if lossyFrame, case let .rect(requested) = v {
                    scratch.warnings.append(frameUnderRotation(layer, requested: requested, member: members[memberIndex], path: p()))
                }
            } catch {
                let member = members[memberIndex]
                switch error {
                case .singularTransform:
                    throw self.error(
                        at: member.keyPosition, p(),
                        "\"frame\" cannot be set under this transform: it squashes the layer flat (scale 0), so no bounds give that frame",
                        suggestion: "give \"bounds\" and \"\(kind == .view ? "center" : "position")\" instead")
                case .wrongKind, .notAffine:
                    // A decoded value always has its declared kind; reported, never trapped.
                    throw self.error(at: member.value.position, p(), "\(member.key) cannot take \(describe(member.value))")
                }
            }
        }

        if let member = given(Field.drawingSlot) { layer.drawing = try drawing(member, path: path() + "." + member.key) }

        var children: SourceElements? = nil
        var childrenKey = kind == .view ? "subviews" : "sublayers"
        if let member = given(Field.sublayersSlot) {
            childrenKey = member.key
            guard let elements = member.value.elements else {
                throw error(
                    at: member.value.position, path() + "." + member.key, "expected an array of layers, found \(describe(member.value))",
                    suggestion: member.value.members != nil ? "wrap the layer in a list: [ { … } ]" : nil)
            }
            children = elements
        }
        // An import's note, saved and read back: in parts again for the inspector.
        if let note = layer.note, let parts = ImportNote(parsing: note) { layer.importNote = parts }
        return DecodedLayer(layer: layer, namePosition: namePosition, children: children, childrenKey: childrenKey)
    }

    /// `"layer"` or `"view"`, read from the node; nil for anything else (`fieldValue`'s
    /// reading then words the message).
    static func plainKind(_ document: SourceDocument, _ node: Int32) -> LayerKind? {
        guard document.node(node).kind == .string else { return nil }
        let text = document.bytes(of: node)
        if text.elementsEqual("view".utf8) { return .view }
        if text.elementsEqual("layer".utf8) { return .layer }
        return nil
    }

    /// A field's value in its usual, valid spelling, read straight from the node: a string for
    /// text, a number in range that meets its constraint, `[x, y]`, `[x, y, w, h]`, `true` or
    /// `false`. Nil for anything else, which `fieldValue` then reads (the same value, or the
    /// error with its message): the fast path decides nothing the slow one would not.
    static func plainFieldValue(_ document: SourceDocument, _ node: Int32, slot: Int) -> PropertyValue? {
        let shape = Field.shapes[slot]
        let value: PropertyValue
        switch shape.kind {
        case .text:
            guard document.node(node).kind == .string else { return nil }
            value = .text(document.string(node))
        case .rect:
            guard let r = plainRect(document, node) else { return nil }
            value = .rect(r)
        case .point:
            guard let numbers = plainNumbers(document, node, count: 2) else { return nil }
            value = .point(Point(x: numbers.0, y: numbers.1))
        case .number:
            guard let n = plainNumber(document, node) else { return nil }
            value = .number(n)
        case .bool:
            switch document.node(node).kind {
            case .true: value = .bool(true)
            case .false: value = .bool(false)
            default: return nil
            }
        default:
            return nil
        }
        return Field.decodeDeclarations[slot].violates(value) ? nil : value
    }

    /// A number within ±`numberLimit`, or nil.
    static func plainNumber(_ document: SourceDocument, _ node: Int32) -> Double? {
        guard document.node(node).kind == .number else { return nil }
        let n = document.number(node)
        return abs(n) <= numberLimit ? n : nil
    }

    /// `[x, y, width, height]`, four numbers within ±`numberLimit`, or nil.
    static func plainRect(_ document: SourceDocument, _ node: Int32) -> Rect? {
        guard let (x, y, width, height) = plainNumbers(document, node, count: 4) else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The first numbers of an array of exactly `count` (2 or 4) numbers within
    /// ±`numberLimit` (unused ones are 0), or nil.
    static func plainNumbers(_ document: SourceDocument, _ node: Int32, count: Int) -> (Double, Double, Double, Double)? {
        let array = document.node(node)
        guard array.kind == .array, Int(array.count) == count else { return nil }
        var numbers = (0.0, 0.0, 0.0, 0.0)
        for i in 0..<count {
            guard let n = plainNumber(document, document.child(Int(array.start) + i)) else { return nil }
            switch i {
            case 0: numbers.0 = n
            case 1: numbers.1 = n
            case 2: numbers.2 = n
            default: numbers.3 = n
            }
        }
        return numbers
    }

    /// `drawing`: a list of operations, each a string (content.md). An operation that does not
    /// read, or a `restore` without its `save`, is reported at its element with its index.
    func drawing(_ member: SourceMember, path: String) throws(LayoutError) -> [DrawingOperation] {
        guard let elements = member.value.elements else {
            throw error(
                at: member.value.position, path, "expected a list of drawing operations, found \(describe(member.value))",
                suggestion: "write \"drawing\": [\"save\", \"rotate 45\", \"fill-rect 0 0 40 20 orange\", \"restore\"]")
        }
        var ops: [DrawingOperation] = []
        for (index, element) in elements.enumerated() {
            let p = "\(path)[\(index)]"
            guard case .string(let text) = element.kind else {
                throw error(
                    at: element.position, p, "operation \(index): expected an operation (a string), found \(describe(element))",
                    suggestion: "put the operation in quotes, like \"translate 10 20\"")
            }
            do {
                ops.append(try DrawingOperation.parse(text))
            } catch {
                let at = error.column.map { " (at character \($0) of the operation)" } ?? ""
                throw self.error(
                    at: element.position, p, "operation \(index) \"\(text.abbreviated)\": \(error.message)\(at)",
                    suggestion: error.suggestion)
            }
        }
        if let bad = ContentGeometry.unmatchedRestore(ops) {
            throw error(
                at: elements[bad].position, "\(path)[\(bad)]", "operation \(bad): restore without a save before it",
                suggestion: "add \"save\" before it, or remove this \"restore\"")
        }
        if let bad = ContentGeometry.userTransforms(ops).dropFirst().firstIndex(where: { !$0.values.allSatisfy(\.isFinite) }) {
            throw error(
                at: elements[bad - 1].position, "\(path)[\(bad - 1)]",
                "operation \(bad - 1): the CTM is no longer finite here (the operations so far multiply past any number)",
                suggestion: "use smaller factors, or put the operations between save and restore")
        }
        return ops
    }

    /// A field's value, read as its declared kind and checked against its declared
    /// constraint; every message names the field as written and a fix.
    func fieldValue(_ member: SourceMember, slot: Int, path p: @autoclosure () -> String) throws(LayoutError) -> PropertyValue {
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
                    throw error(
                        at: component.position, component.path(p()), "the \(member.key) \(label) must not be negative, found \(NumberText.exact(size))",
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
                throw error(
                    at: value.position, p(), "\(member.key) must be between 0 and 1, found \(literal(value))",
                    suggestion: n >= 10 && n <= 100
                        ? "for \(NumberText.exact(n))%, write \(NumberText.exact(n / 100))" : "use a number from 0 (transparent) to 1 (opaque)")
            case .nonNegative? where Field.decodeDeclarations[slot].violates(.number(n)):
                throw error(
                    at: value.position, p(), "\(member.key) must not be negative, found \(literal(value))",
                    suggestion: "write \(NumberText.exact(-n)), or 0 for none")
            case .positive? where Field.decodeDeclarations[slot].violates(.number(n)):
                throw error(
                    at: value.position, p(), "\(member.key) must be positive, found \(literal(value))",
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
                throw error(
                    at: value.position, p(), "\(member.key) \"\(text)\" is not a mask",
                    suggestion: "write flags joined by +, from LM W RM TM H BM (e.g. \"W+H\", \"LM+RM+TM+BM\")")
            }
            return .mask(mask)
        case .kind, .size:
            // Not the kind of any file field (kind is read above; sizes are command parts).
            throw error(at: value.position, p(), "\(member.key) cannot be read from a file", suggestion: "leave it out")
        }
    }
}
