import Geometry
import CommandLanguage
import Engine
import LayerModel

/// Authoring in the explorer (issue 32): a scene built from nothing grows visibly. After an
/// edit to an empty scene, or to one whose view nobody has zoomed or scrolled by hand, the
/// camera refits when what is drawn no longer fits the view; a view steered by hand stays.
extension Framing {
    /// The view as fitted (open, `fit`, `0`, a refit, presenting): no zoom and no pan by hand.
    static func isFitted(_ view: ViewControl) -> Bool {
        view.zoom == 1 && view.panColumns == 0 && view.panRows == 0
    }

    /// The commands that change what is drawn: edits, undo and redo, `animated`, and the
    /// authoring commands that change the screen or the tree.
    static func changesScene(_ command: EngineCommand) -> Bool {
        switch command {
        case .edit, .undo, .redo, .clock(.animated), .author(.setScreen), .author(.stepRemove): return true
        default: return false
        }
    }

    /// After `command` changed the scene: refit when the scene was empty, or when the view was
    /// fitted and the scene (every drawn quad and the screen; the subject when presenting)
    /// grew out of the fitted rect. Shrinking keeps the camera, so layers that did not move
    /// stay put while one is edited.
    static func refitAfterEdit(_ state: inout ExplorerState, wasEmpty: Bool, wasFitted: Bool) {
        guard wasEmpty || wasFitted, !state.session.depth.exploded, !state.session.tree.isEmpty else { return }
        let current = state.view.fitted ?? state.session.scene.screenRect
        // What must be seen: every drawn quad and the screen when the scene has one (a
        // screenless scene's margin, which grows with its layers, is not a reason to move).
        let screen = state.session.scene.screen.map { Rect(origin: .zero, size: $0) }
        // Only `holds` reads this box, for which the order the quads come in cannot matter
        // (it could only pick −0 or +0 for an edge, which compare equal): walked in place.
        var drawn = state.session.tree.screenBox()
        if let screen { drawn = drawn.map { $0.union(screen) } ?? screen }
        if !wasEmpty, let drawn, holds(current, drawn) { return }
        let target = state.picture.present ? (subjectRect(state) ?? sceneRect(state)) : sceneRect(state)
        state.view = ViewControl()
        state.view.fitted = target
    }

    /// `outer` holds `inner` (to a millionth of a point).
    static func holds(_ outer: Rect, _ inner: Rect) -> Bool {
        let e = 1e-6
        return inner.minX >= outer.minX - e && inner.minY >= outer.minY - e && inner.maxX <= outer.maxX + e && inner.maxY <= outer.maxY + e
    }
}

extension Framing {
    /// What an authoring command did, for the status line: a step says what it holds.
    static func authoringSummary(_ command: AuthorCommand, _ state: ExplorerState) -> String {
        let session = state.session
        switch command {
        case let .setScreen(w, h):
            return "screen \(NumberText.query(w))×\(NumberText.query(h)) — \(isFitted(state.view) ? "the view fits it; " : "")0 fits the scene, 9 the selection"
        case .stepAdd:
            let n = session.currentStep
            guard n >= 1, n <= session.stepCount else { return "" }
            let script = session.scene.steps[n - 1].script.map(\.text)
            let shown = script.count <= 4 ? script.joined(separator: "; ") : script.prefix(3).joined(separator: "; ") + "; … (\(script.count) commands)"
            return "step \(n)/\(session.stepCount) made: \(shown) — p and n play it, u undoes, :w saves"
        case let .stepNote(n, _):
            return "step \(n)'s note set — :w saves"
        case let .stepRemove(n):
            return "step \(n) removed; the scene is at step \(session.currentStep)/\(session.stepCount) — u puts it back"
        }
    }
}
