import Geometry
import LayerModel
import CommandLanguage

/// Where a layer's drawing ends — its CTM and the CTMs its open `save`s keep — remembered
/// from the last `draw` so the next one checks in O(1) instead of walking the whole drawing
/// (a script of 40 000 `draw` lines walked 800 million operations; issue 36). Not part of
/// the session's value: two sessions equal but for this are equal.
struct DrawingEndCache: Equatable, Sendable {
    struct End: Sendable {
        var layer: LayerID
        /// How many operations the drawing had: a drawing of another length is not this one.
        var count: Int
        var current: Affine2D
        var saved: [Affine2D]
    }
    var end: End?
    static func == (_: DrawingEndCache, _: DrawingEndCache) -> Bool { true }
}

extension Session {
    /// `draw OP` on the layer `id`, checked (a `restore` needs an open `save`; the CTM must
    /// stay finite): the drawing's end after it, for `edit` to append the operation in place
    /// and remember. Throws when it cannot apply.
    func drawingEnd(appending op: DrawingOperation, to id: LayerID) throws(CommandError) -> DrawingEndCache.End {
        let ops = scene.tree[id].drawing
        var end: DrawingEndCache.End
        if let cached = drawingEnd.end, cached.layer == id, cached.count == ops.count {
            end = cached
        } else {
            end = DrawingEndCache.End(layer: id, count: 0, current: .identity, saved: [])
            for old in ops { end.apply(old) }
        }
        if op == .restore, end.saved.isEmpty {
            throw CommandError(
                "restore without a save: the drawing has no saved state to return to",
                suggestion: "draw save first; restore returns the CTM the matching save kept")
        }
        end.apply(op)
        guard end.current.values.allSatisfy(\.isFinite) else {
            throw CommandError(
                "the CTM would no longer be finite after \(op.text); nothing changed",
                suggestion: "use smaller factors, or save before and restore after")
        }
        return end
    }

    /// Drawing operations kept by the undo and redo entries (a `draw` entry keeps its one
    /// operation; an entry with a copy of a layer keeps that layer's drawing): what the
    /// history costs for drawing, counted rather than timed.
    public var historyDrawingOperations: Int {
        func held(_ e: UndoEntry) -> Int {
            (e.drawing == nil ? 0 : 1) + e.patch.heldDrawingOperations
        }
        return undoStack.reduce(0) { $0 + held($1) } + redoStack.reduce(0) { $0 + held($1) }
    }
}

extension DrawingEndCache.End {
    /// As `ContentGeometry.userTransforms` steps: `save` keeps the CTM, `restore` returns the
    /// kept one, a transform pre-multiplies.
    mutating func apply(_ op: DrawingOperation) {
        switch op {
        case .save: saved.append(current)
        case .restore: if let s = saved.popLast() { current = s }
        default: if let t = op.matrix { current = t.concatenating(current) }
        }
        count += 1
    }
}
