import Geometry
import LayerModel

/// What every import form does the same way once it has a layer: its name, the check that it
/// can be written and read back, what a lenient import skips (and a strict one stops at), the
/// depth a layout file holds, and the extent the scene's screen covers. One copy, used by each
/// form (recursiveDescription and `po` layers, AppKit, Sentry, SDCALayer).
struct ImportBuilder {
    let file: String
    let lenient: Bool
    private(set) var tree = LayerTree()
    private(set) var skipped: [LayoutError] = []
    private(set) var extent = Rect.zero
    private var names: ImportedNames
    private var given: Set<String> = []
    /// Each added layer's depth in the tree (0: top level), by `LayerID.raw`.
    private var depths: [Int] = []
    /// Layers hung at the last level because the dump nests them deeper; the first is listed.
    private var deepCount = 0
    private var deepIndex: Int?

    /// The deepest level (0-based) a layout file holds.
    static let deepest = LayoutFile.maxFileLayerDepth - 1

    /// `classNames`: every class the import will name a layer after, to know which repeat.
    init(file: String, lenient: Bool, classNames: some Sequence<String>) {
        self.file = file
        self.lenient = lenient
        names = ImportedNames(classNames: classNames)
    }

    /// The layer name for a class: short, visible, numbered in the order asked when it repeats.
    mutating func name(forClass className: String, fallback: String) -> String {
        let name = names.next(forClass: className, fallback: fallback) { given.contains($0) }
        given.insert(name)
        return name
    }

    /// Lenient: list it and go on; strict: stop here.
    mutating func problem(_ e: LayoutError) throws(LayoutError) {
        if !lenient { throw e }
        skipped.append(e)
    }

    /// Problems found before the builder (the text parser's).
    mutating func listed(_ problems: [LayoutError]) { skipped += problems }

    /// Why the layer cannot be written and read back, as the end of a sentence; nil when it can.
    func unwritable(_ layer: Layer) -> String? { RecursiveDescriptionImporter.unwritable(layer) }

    /// The depth `id` was added at.
    func depth(of id: LayerID) -> Int { depths[id.raw] }

    /// Adds `layer` under `parent` (top level for nil). Where the dump nests it deeper than a
    /// layout file holds, it hangs at the last level (under `parent`'s superlayer), and the first
    /// such layer is listed (strict: the import stops there). Top-level layers that `counts`
    /// widen the extent. The returned id is the parent to give the layer's own children: they
    /// hang at the last level too.
    mutating func add(
        _ layer: Layer, under parent: LayerID?, line: Int, column: Int, path: String,
        countsInExtent: Bool = true
    ) throws(LayoutError) -> LayerID {
        var parent = parent
        var depth = parent.map { depths[$0.raw] + 1 } ?? 0
        if depth > Self.deepest, let p = parent {
            deepCount += 1
            if deepCount == 1 {
                try problem(
                    LayoutError(
                        file: file, line: line, column: column, path: path,
                        message: "this dump nests \(layer.name) more than the \(Self.deepest + 1) levels a layout file holds",
                        suggestion:
                            "import a deeper part of the dump on its own; without --strict, what is deeper hangs at level \(Self.deepest + 1) and is listed"))
                deepIndex = skipped.count - 1
            }
            parent = tree[p].superlayer
            depth = Self.deepest
        }
        let isTop = parent == nil
        let hidden = layer.isHidden
        let id: LayerID
        do { id = try tree.add(layer, in: parent) } catch {
            // Names are unique and non-empty and depth is bounded here, so this cannot refuse;
            // say where if it ever does, never trap.
            throw LayoutError(
                file: file, line: line, column: column, path: path, message: "cannot import this layer: \(error)",
                suggestion: "import a smaller part of the dump")
        }
        if depths.count <= id.raw { depths.append(contentsOf: repeatElement(0, count: id.raw + 1 - depths.count)) }
        depths[id.raw] = depth
        if isTop, countsInExtent, !hidden {
            let frame = layer.frame  // only a top-level layer's widens the extent
            if frame.maxX.isFinite, frame.maxY.isFinite {
                extent = extent.union(Rect(origin: .zero, size: Size(width: max(0, frame.maxX), height: max(0, frame.maxY))))
            }
        }
        return id
    }

    /// Widens the extent by a top-level frame the form measures its own way.
    mutating func include(_ rect: Rect) { extent = extent.union(rect) }

    /// The scene: titled with the file's name and the form, the notes, what was skipped.
    /// `empty`: what to say when nothing could be imported (the form's own words).
    func finish(form: String, notes: String, approximate: [(name: String, reason: String)] = [], empty: String? = nil) throws(LayoutError) -> ImportedDump {
        var skipped = skipped
        if deepCount > 1, let i = deepIndex { skipped[i].message += " (\(deepCount) layers that deep, all hung at level \(Self.deepest + 1))" }
        guard !tree.isEmpty else {
            if let empty { throw LayoutError(file: file, line: 1, column: 1, message: empty, suggestion: skipped.first?.description) }
            throw LayoutError(
                file: file, line: 1, column: 1,
                message: "nothing in this dump could be imported (\(skipped.count) line\(skipped.count == 1 ? "" : "s") skipped)",
                suggestion: skipped.first.map { "the first: \($0.line):\($0.column) \($0.message)" })
        }
        return ImportedDump(file: file, form: form, notes: notes, tree: tree, extent: extent, approximate: approximate, skipped: skipped)
    }
}
