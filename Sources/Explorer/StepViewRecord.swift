import Geometry
import CommandLanguage
import Raster

/// `step add` in the explorer records the view it was authored in (steps are states,
/// workshops.md): the camera (zoom and pan), the panel page and the crosshair, where they
/// differ from what the steps before would give, end the new step's script as the explorer's
/// own view commands (`fit`, `zoom F`, `pan DC DR`, `panel PAGE`, `cursor-at X Y`, `cursor off`).
/// Played again — from step 0, from a later step, after a save and a reload — the step shows
/// that view, as `applyStepView` plays those commands.
extension Reducer {
    /// The view commands that make `state`'s view the one its next step (about to be added
    /// at the current step) replays to. Empty when the view is what the steps give anyway.
    static func authoredStepView(_ state: ExplorerState) -> [ExplorerCommand] {
        // What the steps so far give at the new step: every part from its start value (a part
        // no step set yet would be "as you left it" only on this terminal, not on replay),
        // then the view commands of steps 1…c in order, on the scene as it is now (the new
        // step's scene).
        let c = state.session.currentStep
        var replay = state
        for part in StepViewPart.allCases { resetViewPart(part, &replay) }
        for command in stepViewCommands(state.session.scene.steps).prefix(c).joined() { _ = explorerCommand(&replay, command) }

        var out: [ExplorerCommand] = []
        if replay.panelPage != state.panelPage { out.append(.panel(state.panelPage)) }
        // The crosshair, in the flat view (in the exploded one `cursor-at` picks the front
        // plane under it, which would change the step's selection).
        if !state.session.depth.exploded {
            if state.mode == .cursor, let p = state.cursor {
                if replay.mode != .cursor || replay.cursor != p { out.append(.cursorAt(p.x, p.y)) }
            } else if replay.mode == .cursor {
                out.append(.cursor(false))
            }
        }
        for command in out { _ = explorerCommand(&replay, command) }
        // The camera, unless presenting: there each step frames its subject.
        if !state.picture.present { out += cameraCommands(to: state, from: &replay) }
        return out
    }

    /// The camera commands that take `replay`'s camera to `target`'s, the fewest of: `zoom F`
    /// then `pan DC DR` from where the steps leave it, or `fit` first (a view fitted to the
    /// scene as it is is just `fit`). Nothing when they already agree.
    static func cameraCommands(to target: ExplorerState, from replay: inout ExplorerState) -> [ExplorerCommand] {
        guard !sameCamera(replay.viewport, target.viewport) else { return [] }
        var fitted = replay
        _ = explorerCommand(&fitted, .fit)
        let fromFit = [ExplorerCommand.fit] + zoomAndPan(to: target, from: &fitted)
        var moved = replay
        let fromHere = zoomAndPan(to: target, from: &moved)
        if fromFit.count < fromHere.count {
            replay = fitted
            return fromFit
        }
        replay = moved
        return fromHere
    }

    /// `zoom F` then `pan DC DR` that take `replay`'s camera to `target`'s: the same points per
    /// column, the same point at the canvas's centre.
    static func zoomAndPan(to target: ExplorerState, from replay: inout ExplorerState) -> [ExplorerCommand] {
        let want = target.viewport
        guard !sameCamera(replay.viewport, want) else { return [] }
        var out: [ExplorerCommand] = []
        // Rounded (to 1e-9, and pan to a millionth of a cell) so the file reads `zoom 1.5625`,
        // not `zoom 1.5625000000000002`.
        let factor = rounded(replay.viewport.pointsPerColumn / want.pointsPerColumn, 1e9)
        if factor.isFinite, factor > 0, abs(factor - 1) > 1e-9 {
            out.append(.zoom(factor))
            _ = explorerCommand(&replay, .zoom(factor))
        }
        let area = target.layout.canvas
        let centre = want.point(column: Double(area.columns) / 2, row: Double(area.rows) / 2)
        let (column, row) = replay.viewport.cellCoordinates(of: centre)
        let pan = (rounded(column - Double(area.columns) / 2, 1e6), rounded(row - Double(area.rows) / 2, 1e6))
        if pan.0.isFinite, pan.1.isFinite, abs(pan.0) > 1e-9 || abs(pan.1) > 1e-9 {
            out.append(.pan(pan.0, pan.1))
            _ = explorerCommand(&replay, .pan(pan.0, pan.1))
        }
        return out
    }

    private static func rounded(_ x: Double, _ scale: Double) -> Double { (x * scale).rounded() / scale }

    /// Two viewports that draw the same: equal scale and origin to a millionth of a cell.
    static func sameCamera(_ a: Viewport, _ b: Viewport) -> Bool {
        let e = 1e-6 * max(a.pointsPerColumn, b.pointsPerColumn)
        return abs(a.pointsPerColumn - b.pointsPerColumn) <= 1e-8 * max(a.pointsPerColumn, b.pointsPerColumn)
            && abs(a.origin.x - b.origin.x) <= e && abs(a.origin.y - b.origin.y) <= e * a.cellAspect
    }
}
