import LayerModel
import Scenes
import CommandLanguage

/// The text side of saving a layout file: what text a save writes (`text(saving:to:)`), how
/// far a file may nest, and how a scene read back is compared with the one written
/// (`difference(between:and:)`). Writing the text to disk is LayoutFileIO's
/// (`LayoutFile.write`, `writeVerified`), which calls these.
extension LayoutFile {
    /// The text a save of `scene` to `path` writes, in the format the extension names (with
    /// `withSteps`, the steps authored in the explorer too). Refused, at line 1 column 1 of
    /// `path`, for an extension that is not a layout file's and for layers nested deeper than
    /// a file holds (checked before encoding: a 10 000-deep chain would indent to ~200 MB of
    /// text first).
    package static func text(saving scene: Scene, to path: String, withSteps: Bool = false) throws(LayoutError) -> (text: String, format: LayoutFormat) {
        func failure(_ message: String, _ suggestion: String? = nil) -> LayoutError {
            LayoutError(file: path, line: 1, column: 1, message: message, suggestion: suggestion)
        }
        guard let format = LayoutFormat(path: path) else {
            throw failure("cannot save: a layout file ends in .json, .yaml or .yml", "save under a name with one of those extensions")
        }
        if let depth = deepestNesting(scene.tree, past: maxFileLayerDepth) {
            throw failure(
                "cannot save: layers nest \(depth) deep, and a layout file holds at most \(maxFileLayerDepth) nested layers",
                "move some layers higher up the tree")
        }
        return (LayoutEncoder(format: format, writesSteps: withSteps).encode(scene), format)
    }

    /// The first difference between two scenes in what a layout file stores (title, notes,
    /// screen, script text, and each layer's fields and place in the tree), or nil. Numbers
    /// compare with `==` (so `-0` equals `0`, which the writer prints as `0`).
    public static func difference(between a: Scene, and b: Scene) -> String? {
        if a.title != b.title { return "title" }
        if a.notes != b.notes { return "notes" }
        if a.screen != b.screen { return "screen" }
        if a.script.map(\.text) != b.script.map(\.text) { return "script" }
        let ta = a.tree, tb = b.tree
        if ta.count != tb.count { return "\(ta.count) layers, read back \(tb.count)" }
        for (ia, ib) in zip(ta.treeOrder, tb.treeOrder) {
            let la = ta[ia], lb = tb[ib]
            let parentA = la.superlayer.map { ta[$0].name }, parentB = lb.superlayer.map { tb[$0].name }
            if parentA != parentB { return "the parent of \(la.name)" }
            if la.sublayers.count != lb.sublayers.count { return "the sublayers of \(la.name)" }
            if la.unlinked != lb.unlinked { return "layer \(la.name)" }
        }
        return nil
    }
}

extension LayoutFile {
    /// The most layers a chain may nest in a scene (a top-level layer is the first):
    /// `add … in` refuses to go deeper. The engine (conversion, hit testing, drawing) walks
    /// such chains with work lists, never recursion.
    public static let maxLayerDepth = 10_000

    /// The most nested layers a layout file holds: it allows `layoutNestingLimit` (200)
    /// levels of objects and arrays, and each layer takes two (its object and its
    /// `sublayers` array) after the top object and the `layers` array, so 99 fit exactly.
    /// A deeper scene is refused at save ("would not load back: too deeply nested"), with
    /// the old file untouched.
    public static let maxFileLayerDepth = (layoutNestingLimit - 2) / 2

    public static func tooDeep(under parent: String) -> CommandError {
        CommandError(
            "cannot add a layer in \(parent): it would be nested \(maxLayerDepth + 1) deep, and a scene holds at most \(maxLayerDepth) nested layers",
            suggestion: "add it higher up the tree")
    }
}

extension LayoutFile {
    /// The depth of the deepest layer (a top-level layer is 1) when it is past `limit`, else
    /// nil. One pass with a work list.
    static func deepestNesting(_ tree: LayerTree, past limit: Int) -> Int? {
        var deepest = 0
        var stack: [(LayerID, Int)] = tree.roots.map { ($0, 1) }
        while let (id, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in tree[id].sublayers { stack.append((child, depth + 1)) }
        }
        return deepest > limit ? deepest : nil
    }
}
