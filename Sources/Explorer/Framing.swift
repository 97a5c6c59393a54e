import Cells
import Engine
import Geometry
import LayerModel
import Raster

/// What the camera looks at (issue 32, "zoom keeps what you look at"): the point a zoom
/// keeps in place, the rect `0` fits (every layer's true quad, past its root's bounds too,
/// and the screen) and the rect `9` fits (the selection and its sublayers).
enum Framing {
    /// The bounding box of the on-screen quads of `ids`' visible layers (nil: none drawn).
    static func box(of ids: [LayerID]?, in tree: LayerTree) -> Rect? {
        let quads = tree.screenQuads()
        var box = CornerBox()
        if let ids {
            for id in ids where id.raw < quads.count { if let q = quads[id.raw] { box.take(q) } }
        } else {
            for q in quads { if let q { box.take(q) } }
        }
        return box.rect
    }

    /// A margin of 3% each side (at least one point) so outlines stay off the canvas's edges.
    static func withMargin(_ r: Rect) -> Rect {
        r.insetBy(dx: -max(1, r.width * 0.03), dy: -max(1, r.height * 0.03))
    }

    /// `fit`: the screen and every drawn layer's quad. Also the opening view (a file opened
    /// or loaded, a step's camera, presentation off): an imported dump whose turned cover
    /// sticks out of its root opens whole, as `0` shows it.
    static func sceneRect(_ state: ExplorerState) -> Rect { sceneRect(state.session) }

    static func sceneRect(_ session: Session) -> Rect {
        let screen = session.scene.screenRect
        guard let layers = box(of: nil, in: session.tree) else { return screen }
        let all = screen.union(layers)
        // A scene whose layers are inside its screen fits the screen exactly, as before.
        return all == screen ? screen : withMargin(all)
    }

    /// The point `+`/`-` (`zoom F`) keeps in place: the crosshair in cursor mode, else the
    /// selection's centre as drawn (its exploded quad in the exploded view); nil: the
    /// canvas's centre.
    static func zoomAnchor(_ state: ExplorerState) -> Point? { zoomAnchor(state, DepthFrame.ifExploded(state)) }

    /// `zoomAnchor` with the exploded frame already built (nil: the flat view).
    static func zoomAnchor(_ state: ExplorerState, _ frame: DepthFrame?) -> Point? {
        if state.mode == .cursor, let p = state.cursor { return p }
        guard let id = state.session.selection, state.session.tree.contains(id) else { return nil }
        let quad: Quad?
        if let frame {
            // Its exploded quad, when its plane is shown.
            quad = frame.layout.plane(of: id).flatMap { frame.shown.contains($0) ? frame.exploded.quad(of: id) : nil }
        } else {
            quad = state.session.tree.screenQuad(of: id)
        }
        guard let q = quad else { return nil }
        let c = Point(x: (q.p0.x + q.p1.x + q.p2.x + q.p3.x) / 4, y: (q.p0.y + q.p1.y + q.p2.y + q.p3.y) / 4)
        return c.isFinite ? c : nil
    }

    /// The rect `fit selection` fills the canvas with: the selection and its sublayers as
    /// drawn (their exploded quads in the exploded view); nil when nothing is drawn.
    static func selectionRect(_ state: ExplorerState) -> Rect? {
        guard let id = state.session.selection, state.session.tree.contains(id) else { return nil }
        let tree = state.session.tree
        let subtree = tree.subtree(of: id)
        if state.session.depth.exploded {
            let wanted = Set(subtree)
            var box: Rect? = nil
            DepthFrame(state).exploded.forEachShown { id, _, quad in
                guard wanted.contains(id), let b = Rect.boundingBox(of: quad.points.filter(\.isFinite)) else { return }
                box = box.map { $0.union(b) } ?? b
            }
            return box.map(withMargin)
        }
        return box(of: subtree, in: tree).map(withMargin)
    }

    /// Sets zoom and pan so `rect` (in the canvas's point space, flat or exploded) fills the
    /// canvas, centred; the fitted rect stays, so edits do not move the camera.
    static func frame(_ rect: Rect, _ state: inout ExplorerState) {
        let area = state.layout.canvas
        guard area.columns > 0, area.rows > 0, rect.origin.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        state.view.zoom = 1; state.view.panColumns = 0; state.view.panRows = 0
        // The rect the view fits before zoom and pan: the exploded frame's (one frame for both
        // viewports: zoom and pan change neither the planes nor their box), else the flat one.
        let fitted = state.fittedRect(DepthFrame.ifExploded(state))
        let base = state.viewport(fitting: fitted)
        let target = Viewport.fitting(rect, columns: area.columns, rows: area.rows, cellAspect: state.cellAspect)
        state.view.zoom = min(max(base.pointsPerColumn / target.pointsPerColumn, 1.0 / 64), 4096)
        let v = state.viewport(fitting: fitted)
        let (c, r) = v.cellCoordinates(of: rect.center)
        state.view.panColumns = c - Double(area.columns) / 2
        state.view.panRows = r - Double(area.rows) / 2
    }
}

extension Framing {
    /// What `--present` frames: the current step's `view` (a layer with its sublayers, or a
    /// rect), else every drawn layer — never the empty part of a phone's screen.
    static func subjectRect(_ state: ExplorerState) -> Rect? {
        let session = state.session
        let tree = session.tree
        let n = session.currentStep
        if n >= 1, n <= session.scene.steps.count, let subject = session.scene.steps[n - 1].view {
            switch subject {
            case let .rect(r): return withMargin(r)
            case let .layer(name):
                if let id = tree.id(named: name), let box = box(of: tree.subtree(of: id), in: tree) { return withMargin(box) }
            }
        }
        return box(of: nil, in: tree).map(withMargin)
    }

    /// Presentation: the camera on the subject (flat view; the exploded view fits its planes).
    static func presentSubject(_ state: inout ExplorerState) {
        guard state.picture.present, !state.session.depth.exploded, let rect = subjectRect(state) else { return }
        state.view = ViewControl()
        state.view.fitted = rect
    }
}

extension ExplorerState {
    /// `--present` at open: the presentation preset with the camera on the subject.
    public mutating func startPresenting() {
        picture.present = true
        Framing.presentSubject(&self)
    }
}

extension ExplorerScreen {
    /// Presentation: the scene's `screen` outlined faintly, on blank cells only (a mark
    /// never covers a layer or a name), so a floating layer has a reference.
    static func drawScreenOutline(_ canvas: inout Canvas, _ state: ExplorerState, viewport: Viewport, unicode: Bool) {
        guard state.picture.present, let size = state.session.scene.screen else { return }
        let a = viewport.cell(containing: Point(x: 0, y: 0))
        let b = viewport.cell(containing: Point(x: size.width, y: size.height))
        let style = CellStyle(dim: true)
        func put(_ c: Int, _ r: Int, _ glyph: Character) {
            guard c >= 0, c < canvas.columns, r >= 0, r < canvas.rows, canvas[c, r] == .blank else { return }
            canvas[c, r] = Cell(glyph, style: style)
        }
        let (h, v): (Character, Character) = unicode ? ("┄", "┆") : ("-", ":")
        for c in max(a.column, 0)...max(min(b.column, canvas.columns - 1), max(a.column, 0)) {
            put(c, a.row, h); put(c, b.row, h)
        }
        for r in max(a.row, 0)...max(min(b.row, canvas.rows - 1), max(a.row, 0)) {
            put(a.column, r, v); put(b.column, r, v)
        }
    }
}
