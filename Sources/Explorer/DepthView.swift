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

/// One exploded frame: planes, camera, the shown quads back to front, and the viewport that
/// fits every plane (so narrowing the range does not move the picture).
struct DepthFrame {
    var tree: LayerTree
    var layout: DepthLayout
    var camera: ExplodedCamera
    var shown: ClosedRange<Int>
    var items: [ExplodedRaster.Item]
    var viewport: Viewport

    init(_ state: ExplorerState) {
        let session = state.session
        tree = TimeView.drawnTree(state)
        layout = session.depthLayout(of: tree)
        camera = session.explodedCamera(layout)
        shown = session.depth.shownPlanes(planeCount: layout.planeCount)
        // The layers with a ≠ badge, by id (a flag per slot: looked up once per plane).
        var badged: [Bool] = []
        if !layout.disagreements.isEmpty {
            badged = [Bool](repeating: false, count: tree.storageCount)
            for pair in layout.disagreements { badged[pair.drawnFront.raw] = true; badged[pair.searchedFirst.raw] = true }
        }
        var items: [ExplodedRaster.Item] = []
        items.reserveCapacity(layout.backToFront.count)
        // The fitted rect: every plane's projected quads (not just the shown range), their
        // corners in order, as `Rect.boundingBox(of:)` takes them.
        var lo = Point(x: 0, y: 0), hi = lo, any = false
        for id in layout.backToFront {
            guard let plane = layout.plane(of: id), let q = layout.quad(of: id) else { continue }
            let projected = camera.project(q, plane: plane)
            for p in [projected.p0, projected.p1, projected.p2, projected.p3] {
                if !any { lo = p; hi = p; any = true; continue }
                lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
                hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
            }
            guard shown.contains(plane) else { continue }
            let layer = tree[id]
            items.append(ExplodedRaster.Item(layer: id, quad: projected, plane: plane, name: layer.name,
                                             color: layer.borderColor ?? layer.backgroundColor,
                                             badge: !badged.isEmpty && badged[id.raw], fill: layer.backgroundColor))
        }
        self.items = items
        // A 4% margin keeps outlines off the canvas's edges.
        let box = any ? Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y) : nil
        let rect = box.map { $0.insetBy(dx: -$0.width * 0.04, dy: -$0.height * 0.04) } ?? session.scene.screenRect
        let area = state.layout.canvas
        var v = Viewport.fitting(rect, columns: area.columns, rows: area.rows, cellAspect: state.cellAspect)
        if state.view.zoom != 1 { v.zoom(by: state.view.zoom, about: rect.center) }
        v.pan(by: Vector(dx: state.view.panColumns * v.pointsPerColumn, dy: state.view.panRows * v.pointsPerRow))
        viewport = v
    }

    /// The shown layers whose exploded quad holds `p`, front to back.
    func stack(at p: Point) -> [LayerID] {
        items.reversed().filter { $0.quad.contains(p) }.map(\.layer)
    }

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
        return ExplodedRaster.render(frame.items, viewport: frame.viewport, columns: area.columns, rows: area.rows,
                                     selection: state.session.selection, palette: options.palette, unicode: unicode,
                                     reserved: reserved, names: Array(frame.tree.names), textOnly: options.pixels)
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
        out.append(PanelLine(" showing planes \(frame.shown.lowerBound)…\(frame.shown.upperBound)" + (all ? " (all)" : " of 0…\(max(0, frame.layout.planeCount - 1))")))
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
