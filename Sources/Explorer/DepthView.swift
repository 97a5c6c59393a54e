import Cells
import Geometry
import Raster
import TerminalKit
import LayerModel
import CommandLanguage
import Engine

/// Keys of the exploded view whose command depends on the state (the next yaw, the range
/// one plane narrower): each resolves to one `explode`/`camera` command, which it echoes.
public enum DepthKey: Equatable, Sendable {
    case toggle, nextOrder
    case yaw(Double), pitch(Double), spacing(Double)
    /// Moves the back end (LO) or the front end (HI) of the range by this many planes.
    case back(Int), front(Int)
}

/// The explorer's exploded frame: the one `ExplodedFrame` (planes, camera, projected quads,
/// the planes' box) of the tree as drawn, with the viewport that fits the planes' box into
/// the canvas (so narrowing the range does not move the picture). Built once per frame (and
/// once per zoom, which reads it twice) and passed down.
struct DepthFrame {
    var tree: LayerTree
    var exploded: ExplodedFrame
    /// The rect the canvas fits: the planes' box with the canvas's margin.
    var fitted: Rect
    var viewport: Viewport

    var layout: DepthLayout { exploded.layout }
    var camera: ExplodedCamera { exploded.camera }
    var shown: ClosedRange<Int> { exploded.shown }

    init(_ state: ExplorerState) {
        let session = state.session
        tree = TimeView.drawnTree(state)
        exploded = session.explodedFrame(of: tree)
        fitted = exploded.box(margin: ExplodedFrame.canvasMargin, else: session.scene.screenRect)
        viewport = state.viewport(fitting: fitted)
    }

    /// The frame when the exploded view is on (nil: the flat view).
    static func ifExploded(_ state: ExplorerState) -> DepthFrame? {
        state.session.depth.exploded ? DepthFrame(state) : nil
    }

    /// The shown layers back to front, as the rasterizers (cells and pixels) draw them.
    var items: [ExplodedRaster.Item] {
        let badged = exploded.badged
        var items: [ExplodedRaster.Item] = []
        items.reserveCapacity(exploded.projected.count)
        let tree = self.tree
        exploded.forEachShown { id, plane, quad in
            let style = tree.drawingStyle(of: id)
            items.append(
                ExplodedRaster.Item(
                    layer: id, quad: quad, plane: plane, name: style.name,
                    color: style.border ?? style.background,
                    badge: !badged.isEmpty && badged[id.raw], fill: style.background))
        }
        return items
    }

    /// The shown layers whose exploded quad holds `p`, front to back.
    func stack(at p: Point) -> [LayerID] { exploded.stack(at: p) }

    /// Where a touch lands for an exploded point over `id`: the point on its plane, taken
    /// back to the flat screen, and what hit testing answers there.
    func touch(at p: Point, over id: LayerID, order: SiblingOrder) -> (point: Point, hit: LayerID?)? {
        guard let plane = layout.plane(of: id), let flat = camera.unproject(p, plane: plane) else { return nil }
        return (flat, tree.hitTestScreen(flat, order: order))
    }
}

enum DepthView {
    /// The exploded canvas for the canvas area.
    static func canvas(_ state: ExplorerState, _ frame: DepthFrame, area: CellRect, options: ScreenOptions, unicode: Bool) -> Canvas {
        var reserved = Set<CellPosition>()
        if let p = state.cursor, state.mode == .cursor {
            reserved.formUnion(ExplorerScreen.crosshairCells(at: frame.viewport.cell(containing: p)))
        }
        return ExplodedRaster.render(
            frame.items, viewport: frame.viewport, columns: area.columns, rows: area.rows,
            selection: state.session.selection, palette: options.palette, unicode: unicode,
            reserved: reserved, names: Array(frame.tree.names), textOnly: options.pixels,
            plaqueMemo: state.plaqueMemo, scratch: state.raster)
    }

    /// The status line's note: the plane order and the camera.
    static func statusText(_ state: ExplorerState, _ frame: DepthFrame, compact: Bool = false) -> String {
        let d = state.session.depth
        let yaw = NumberFormat.format(d.yaw), pitch = NumberFormat.format(frame.camera.pitch)
        var text = compact ? "\(d.order.rawValue) \(yaw)°/\(pitch)°" : "explode \(d.order.rawValue) · yaw \(yaw)° pitch \(pitch)°"
        // With the cursor on a layer that a touch there does not reach, say so here too: on
        // a small terminal the panel is hidden.
        if state.mode == .cursor, let p = state.cursor {
            if let front = frame.stack(at: p).first, let touch = frame.touch(at: p, over: front, order: state.session.hitTestOrder), touch.hit != front {
                text += " · touch → " + (touch.hit.map { frame.tree[$0].name } ?? "nothing")
            }
        }
        return text
    }

    /// The panel's exploded-view section: settings, the selection's plane, its ≠ pairs with
    /// the other sibling and both orders, and what is under the cursor.
    static func panelLines(_ state: ExplorerState, _ frame: DepthFrame) -> [PanelLine] {
        let d = state.session.depth
        let tree = frame.tree
        let n: (Double) -> String = { NumberFormat.format($0) }
        var out = [PanelLine("Exploded · order \(d.order.rawValue) · \(frame.layout.planeCount) planes", style: ExplorerScreen.headingStyle)]
        out.append(PanelLine(" yaw \(n(d.yaw))° pitch \(n(frame.camera.pitch))° spacing \(n(frame.camera.spacing))"))
        let all = d.range == nil
        out.append(
            PanelLine(" showing planes \(frame.shown.lowerBound)…\(frame.shown.upperBound)" + (all ? " (all)" : " of 0…\(max(0, frame.layout.planeCount - 1))"))
        )
        if let sel = state.session.selection, tree.contains(sel) {
            let name = tree[sel].name
            if let plane = frame.layout.plane(of: sel) {
                out.append(PanelLine(" \(name): plane \(plane)", style: CellStyle(bold: true)))
            } else {
                out.append(PanelLine(" \(name): no plane (hidden or zero area)", style: ExplorerScreen.dimStyle))
            }
            let searchRule = state.session.hitTestOrder == .tree ? "order tree" : "UIKit: z ignored"
            for (other, inFront) in frame.layout.disagreements(of: sel) {
                let o = tree[other].name
                let front = inFront ? name : o, first = inFront ? o : name
                let zf = n(tree[inFront ? sel : other].zPosition), zb = n(tree[inFront ? other : sel].zPosition)
                out.append(PanelLine("≠ \(name) and \(o) disagree:", style: ExplorerScreen.errorStyle))
                out.append(PanelLine("   drawn in front: \(front) (z \(zf) > \(zb))"))
                out.append(PanelLine("   searched first: \(first) (\(searchRule))"))
            }
        }
        if let p = state.cursor, state.mode == .cursor {
            let stack = frame.stack(at: p)
            out.append(PanelLine(""))
            out.append(PanelLine("Under the cursor, front → back (Tab cycles)", style: ExplorerScreen.headingStyle))
            out.append(PanelLine(" " + (stack.isEmpty ? "nothing" : stack.map { tree[$0].name }.joined(separator: ", "))))
            if let front = stack.first, let touch = frame.touch(at: p, over: front, order: state.session.hitTestOrder) {
                let hitName = touch.hit.map { tree[$0].name } ?? "nothing"
                let point = "(\(n(touch.point.x)), \(n(touch.point.y)))"
                out.append(PanelLine(" drawn in front: \(tree[front].name)"))
                out.append(PanelLine(" a touch at \(point) hits: \(hitName)", style: touch.hit == front ? CellStyle(bold: true) : ExplorerScreen.errorStyle))
            }
        }
        out.append(PanelLine(""))
        return out
    }

    // MARK: Keys and the mouse

    /// An exploded-view key as the `explode`/`camera` command it stands for (the reducer
    /// performs it, echoing it).
    static func command(for key: DepthKey, _ state: ExplorerState) -> DepthCommand {
        let d = state.session.depth
        let command: DepthCommand
        // The pitch and spacing as drawn (the scene's, unless set by hand).
        func camera() -> ExplodedCamera { state.session.explodedCamera(state.session.depthLayout(of: TimeView.drawnTree(state))) }
        switch key {
        case .toggle: command = .explode(!d.exploded)
        case .nextOrder:
            let all = PlaneOrder.allCases
            command = .order(all[(all.firstIndex(of: d.order)! + 1) % all.count])
        case let .yaw(step): command = .yaw(min(90, max(-90, d.yaw + step)))
        case let .pitch(step): command = .pitch(min(90, max(-90, camera().pitch + step)))
        case let .spacing(step): command = .spacing(max(0, camera().spacing + step))
        case let .back(step), let .front(step):
            let count = state.session.depthLayout(of: TimeView.drawnTree(state)).planeCount
            let top = max(0, count - 1)
            let shown = d.shownPlanes(planeCount: count)
            var lo = shown.lowerBound, hi = shown.upperBound
            if case .back = key { lo = min(max(0, lo + step), hi) } else { hi = max(min(top, hi + step), lo) }
            command = lo == 0 && hi == top ? .range(nil) : .range(lo...hi)
        }
        return command
    }

    /// Tab and S-Tab with the cursor in the exploded view (keymap bindings): the next
    /// (previous) layer under the crosshair, front → back; nil when fewer than two are there.
    static func nextUnderCursor(_ state: ExplorerState, forward: Bool) -> String? {
        guard state.session.depth.exploded, state.mode == .cursor, let p = state.cursor else { return nil }
        let frame = DepthFrame(state)
        let stack = frame.stack(at: p)
        guard stack.count > 1 else { return nil }
        let i = state.session.selection.flatMap { stack.firstIndex(of: $0) } ?? -1
        let next = stack[(i + (forward ? 1 : stack.count - 1) + stack.count) % stack.count]
        return frame.tree[next].name
    }

    /// The frontmost exploded quad's layer at `p` (a click selects it).
    static func frontmost(at p: Point, _ state: ExplorerState) -> String? {
        let frame = DepthFrame(state)
        return frame.stack(at: p).first.map { frame.tree[$0].name }
    }

    /// After the cursor moves in the exploded view, the frontmost quad under it is selected.
    static func pickUnderCursor(_ state: inout ExplorerState) {
        guard state.session.depth.exploded, let p = state.cursor else { return }
        if let front = DepthFrame(state).stack(at: p).first { state.session.selection = front }
    }
}
