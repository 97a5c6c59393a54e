import LayerModel
import Scenes
import CommandLanguage
/// The write path of layout files: whatever LayerScope writes, it can read back, equal.
///
/// `LayoutFile.write` encodes a scene and hands the text to `writeVerified`, which any other
/// encoder (one that keeps the author's formatting, say) can call the same way:
/// 1. the text must fit `LayoutFile.sizeLimit`, the same limit the reader applies;
/// 2. it is written to a temporary file beside the target and flushed (`TextFile`);
/// 3. that file is read back from disk with the normal reader and decoded, and the result
///    must be the same scene (every stored field, compared number by number);
/// 4. only then is it renamed over the target (through symbolic links).
extension LayoutFile {
    /// Saves `text`, which must describe `scene`, to `path` (see above). Returns the stale
    /// temporary files of killed earlier saves that were removed on the way.
    @discardableResult
    public static func writeVerified(_ text: String, of scene: Scene, to path: String, format: LayoutFormat) throws(LayoutError) -> [String] {
        try writeVerified(text, of: scene, to: path, format: format, holding: try saveLock(path), expecting: .any).removed
    }

    /// `writeVerified` with the save lock held and the file as `expected` (else a conflict:
    /// nothing is written). Returns the version written as well.
    static func writeVerified(_ text: String, of scene: Scene, to path: String, format: LayoutFormat,
                              holding lock: SaveLock, expecting expected: TextFile.Expectation) throws(LayoutError) -> (removed: [String], version: FileVersion?) {
        func failure(_ message: String, _ suggestion: String? = nil) -> LayoutError {
            LayoutError(file: path, line: 1, column: 1, message: message, suggestion: suggestion)
        }
        let bytes = Array(text.utf8)
        guard bytes.count <= sizeLimit else {
            throw failure("cannot save: the file would be \(bytes.count >> 20) MB, over the \(sizeLimit >> 20) MB a layout file may be",
                          "remove layers, or split the scene into several files")
        }
        var mismatch: LayoutError?
        do {
            return try TextFile.replace(bytes, holding: lock, expecting: expected) { (temporary: String) throws(TextFile.Failure) in
                do {
                    let reread = try parse(data: try readFile(temporary), file: path, format: format)
                    if let difference = difference(between: scene, and: reread) {
                        mismatch = failure("cannot save: the written file would not read back the same (\(difference))",
                                           "this is a bug in LayerScope; the old file is untouched")
                        throw TextFile.Failure(message: "verification failed")
                    }
                } catch let e as LayoutError {
                    mismatch = failure("cannot save: the scene would not load back (\(e.message)\(e.path.isEmpty ? "" : " at \(e.path)"))")
                    throw TextFile.Failure(message: "verification failed")
                } catch let e as TextFile.Failure {
                    throw e
                } catch {
                    throw TextFile.Failure(message: "\(error)")
                }
            }
        } catch {
            if let mismatch { throw mismatch }
            throw saveFailure(error, path: path)
        }
    }

    /// Takes the save lock of `path` (`SaveLock`), or says why not.
    static func saveLock(_ path: String) throws(LayoutError) -> SaveLock {
        do { return try SaveLock(path) } catch { throw saveFailure(error, path: path) }
    }

    /// A failed write as a layout error; a conflict in the words the explorer and scripts use
    /// ("changed on disk since it was loaded"), with the file untouched.
    static func saveFailure(_ error: TextFile.Failure, path: String) -> LayoutError {
        if error.isConflict {
            return LayoutError(file: path, line: 1, column: 1, message: SaveConflict.changedOnDisk.message(path),
                               suggestion: "not saving over it — the file is untouched (reload to take their version, or save NEW.json to write elsewhere)")
        }
        return LayoutError(file: path, line: 1, column: 1, message: "cannot save: \(error.message)")
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
        CommandError("cannot add a layer in \(parent): it would be nested \(maxLayerDepth + 1) deep, and a scene holds at most \(maxLayerDepth) nested layers",
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
