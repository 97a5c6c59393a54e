import Cells
import Geometry
import Raster
import LayerModel
import CommandLanguage

/// "Seeing why": the explanations drawn on the canvas and written in the panel — the frame
/// formula, the anchor jump, the hidden transforms, conversions, the hit test's path and
/// scroll offsets. Pure functions of the state.
public enum Why {
    static let jumpColor = Color(red: 255, green: 200, blue: 0)
    static let positionColor = Color(red: 0, green: 220, blue: 255)
    static let naiveColor = Color(red: 255, green: 80, blue: 80)
    static let convertColor = Color(red: 120, green: 255, blue: 120)
    static let scrollColor = Color(red: 80, green: 200, blue: 255)
    static let untouchableColor = Color(red: 255, green: 60, blue: 60)

    static let heading = CellStyle(bold: true, underline: true)
    static let changed = CellStyle(foreground: Chrome.changed, bold: true)
    static let note = CellStyle(dim: true)
    static let alert = CellStyle(foreground: Chrome.alert, bold: true)

    static func f(_ x: Double) -> String { NumberFormat.format(x) }
    static func pt(_ p: Point?) -> String { p.map { "(\(f($0.x)), \(f($0.y)))" } ?? "none" }

    /// Maps points in `id`'s superlayer's sublayer space (where position and frame live) to the screen.
    static func sublayerSpaceToScreen(of id: LayerID, in tree: LayerTree) -> Homography {
        guard let parent = tree[id].superlayer else { return .identity }
        return tree[parent].sublayerSpaceToBounds.planeHomography.concatenating(tree.matrixToScreen(parent))
    }

    // MARK: Canvas

    /// Everything explanatory to draw for this state, in screen points.
    public static func annotations(_ state: ExplorerState) -> [Annotation] {
        let tree = state.session.tree
        var out: [Annotation] = []
        out += scrollOffsets(tree)
        out += anchorJump(state)
        if let c = state.lastConversion { out += conversion(c, tree: tree) }
        // The naive conversion's gap belongs to the formula page, which explains it.
        if state.panelPage == .formula, state.mode == .cursor, let p = state.cursor, let sel = state.session.selection, tree.contains(sel),
            let gap = NaiveGap(tree: tree, layer: sel, screenPoint: p), let naive = gap.naiveOnScreen
        {
            out.append(Annotation(.segment(from: p, to: naive, arrow: true), color: naiveColor, pattern: .dashed))
            out.append(Annotation(.marker(naive, glyph: "✗", ascii: "x"), color: naiveColor))
        }
        if state.panelPage == .hitTest { out += untouchable(state) }
        return out
    }

    /// The previous frame as a dotted ghost with an arrow to the new one, after an anchor
    /// (or frame) change; an arrow for position too when it moved (keep-frame mode).
    static func anchorJump(_ state: ExplorerState) -> [Annotation] {
        guard let e = state.session.lastEdit, state.session.tree.contains(e.layer) else { return [] }
        switch e.command {
        case .anchor, .set(.anchorPoint, _), .set(.frame, _), .set(.frameOrigin, _), .set(.frameSize, _): break
        default: return []
        }
        let h = sublayerSpaceToScreen(of: e.layer, in: state.session.tree)
        var out: [Annotation] = []
        let old = e.frameBefore.corners.compactMap { h.apply(to: $0) }
        if old.count == 4 { out.append(Annotation(.polygon(old), color: jumpColor, pattern: .dotted)) }
        if e.frameBefore != e.frameAfter, let a = h.apply(to: e.frameBefore.center), let b = h.apply(to: e.frameAfter.center) {
            out.append(Annotation(.segment(from: a, to: b, arrow: true), color: jumpColor))
        }
        if e.before.position != e.after.position, let a = h.apply(to: e.before.position), let b = h.apply(to: e.after.position) {
            out.append(Annotation(.segment(from: a, to: b, arrow: true), color: positionColor))
        }
        return out
    }

    /// An arrow on every layer whose bounds.origin is not zero: from its top-left corner
    /// (local bounds.origin) to where its sublayers' (0, 0) really is — they are shifted by −bounds.origin.
    static func scrollOffsets(_ tree: LayerTree) -> [Annotation] {
        var out: [Annotation] = []
        // A scan, not a sort: scroll offsets are rare and this runs every frame.
        for id in tree.treeOrder {
            let l = tree[id]
            guard l.bounds.origin != .zero, !l.isHidden,
                !tree.ancestors(of: id).contains(where: { tree[$0].isHidden })
            else { continue }
            let h = tree.matrixToScreen(id)
            guard let from = h.apply(to: l.bounds.origin), let to = h.apply(to: .zero) else { continue }
            out.append(Annotation(.segment(from: from, to: to, arrow: true), color: scrollColor, pattern: .dashed))
        }
        return out
    }

    /// A `convert point`: the point with dotted lines from both spaces' origins (the two
    /// readings of one place). A `convert rect`: the true quad and its bounding box (inflation).
    static func conversion(_ c: Query, tree: LayerTree) -> [Annotation] {
        func id(_ s: SpaceName) -> LayerID?? {
            switch s {
            case .screen: return .some(nil);
            case let .layer(n): return tree.id(named: n).map { .some($0) }
            }
        }
        switch c {
        case let .convertPoint(p, a, b):
            guard let ia = id(a), let ib = id(b), let s = tree.convert(p, from: ia, to: nil) else { return [] }
            var out: [Annotation] = []
            if let oa = tree.convert(Point.zero, from: ia, to: nil) {
                out.append(Annotation(.segment(from: oa, to: s, arrow: false), color: convertColor, pattern: .dotted))
            }
            if let ob = tree.convert(Point.zero, from: ib, to: nil) {
                out.append(Annotation(.segment(from: ob, to: s, arrow: false), color: positionColor, pattern: .dotted))
            }
            out.append(Annotation(.marker(s, glyph: "✛", ascii: "+"), color: convertColor))
            return out
        case let .convertRect(r, a, b):
            guard let ia = id(a), let ib = id(b) else { return [] }
            let quad = r.corners.compactMap { tree.convert($0, from: ia, to: nil) }
            var out: [Annotation] = []
            if quad.count == 4 { out.append(Annotation(.polygon(quad), color: convertColor)) }
            if let box = tree.convert(r, from: ia, to: ib) {
                let boxOnScreen = box.corners.compactMap { tree.convert($0, from: ib, to: nil) }
                if boxOnScreen.count == 4 { out.append(Annotation(.polygon(boxOnScreen), color: positionColor, pattern: .dashed)) }
            }
            return out
        default:
            return []
        }
    }

    /// Cells where a view is drawn but cannot be touched: inside a subview, outside an
    /// ancestor view's bounds (UIView.hitTest needs point(inside:) all the way down).
    static func untouchable(_ state: ExplorerState) -> [Annotation] {
        let tree = state.session.tree
        guard tree.count <= 400 else { return [] }
        func viewAncestors(_ id: LayerID) -> [LayerID] { tree.ancestors(of: id).filter { tree[$0].kind == .view } }
        // Candidates: visible views with a bounds corner outside some ancestor view's bounds
        // (the inclusive corner counts as outside, so a few extra candidates get the exact test).
        let candidates = tree.drawingOrder().filter { id in
            tree[id].kind == .view
                && viewAncestors(id).contains { a in
                    tree[id].bounds.corners.contains { c in !(tree.convert(c, from: id, to: a).map { tree[a].bounds.contains($0) } ?? false) }
                }
        }
        guard !candidates.isEmpty else { return [] }
        let area = state.layout.canvas
        let v = state.viewport
        var marked = Set<Int>()
        var out: [Annotation] = []
        for id in candidates {
            // Only the cells under this view's on-screen box.
            let corners = tree[id].bounds.corners.compactMap { tree.convert($0, from: id, to: nil) }
            guard corners.count == 4, let box = Rect.boundingBox(of: corners) else { continue }
            let lo = v.cell(containing: Point(x: box.minX, y: box.minY)), hi = v.cell(containing: Point(x: box.maxX, y: box.maxY))
            let ancestors = viewAncestors(id)
            // Clamp to the canvas first: a box panned off one side has lo past the last
            // row/column (or hi before the first), and then there is nothing to mark.
            let firstRow = max(0, lo.row), lastRow = min(area.rows - 1, hi.row)
            let firstColumn = max(0, lo.column), lastColumn = min(area.columns - 1, hi.column)
            guard firstRow <= lastRow, firstColumn <= lastColumn else { continue }
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn {
                    guard !marked.contains(row * area.columns + column) else { continue }
                    let p = v.center(of: CellPosition(column: column, row: row))
                    guard let local = tree.convert(p, from: nil, to: id), tree[id].bounds.contains(local) else { continue }
                    let outside = ancestors.contains { a in !(tree.convert(p, from: nil, to: a).map { tree[a].bounds.contains($0) } ?? false) }
                    if outside {
                        marked.insert(row * area.columns + column)
                        out.append(Annotation(.marker(p, glyph: "/", ascii: "/"), color: untouchableColor))
                    }
                }
            }
        }
        return out
    }

    // MARK: Panel

    /// The frame derived step by step, with the numbers of the current state; lines that
    /// the last command changed are highlighted.
    public static func formulaLines(_ state: ExplorerState) -> [PanelLine] {
        let tree = state.session.tree
        guard let id = state.session.selection, tree.contains(id) else { return [PanelLine("no selection", style: note)] }
        let layer = tree[id]
        var out: [PanelLine] = []
        out.append(PanelLine("\(layer.name): frame, step by step", style: heading))
        let now = formulaSteps(layer)
        let before: [String]? = state.session.lastEdit.flatMap { $0.layer == id ? formulaSteps($0.before) : nil }
        for (i, line) in now.enumerated() {
            let differs = before.map { i < $0.count && $0[i] != line } ?? false
            out.append(PanelLine(line, style: differs ? changed : .plain, layer: id))
        }
        if let e = state.session.lastEdit, e.layer == id {
            out.append(PanelLine("last: \(e.command.text)", style: note))
            let d = e.frameAfter.origin - e.frameBefore.origin
            let dp = e.after.position - e.before.position
            // Deltas, "by" as the status line says them (not "center (0, 0)", which reads as a
            // place), one a line: together they are wider than the panel.
            out.append(PanelLine(" frame moved by (\(f(d.dx)), \(f(d.dy)))", style: d != .zero ? changed : .plain))
            out.append(PanelLine(" \(layer.kind == .view ? "center" : "position") moved by (\(f(dp.dx)), \(f(dp.dy)))", style: dp != .zero ? changed : .plain))
            if e.after.bounds.size != e.before.bounds.size {
                out.append(
                    PanelLine(
                        " bounds \(f(e.before.bounds.size.width))×\(f(e.before.bounds.size.height)) → \(f(e.after.bounds.size.width))×\(f(e.after.bounds.size.height))",
                        style: changed))
            }
        }
        if let w = state.session.warning { out.append(PanelLine("⚠ " + w, style: alert)) }
        out.append(PanelLine(""))
        out += hiddenTransformLines(state, id)
        return out
    }

    /// The steps of R1 as text: bounds, minus anchor⊙size, through transform, plus position,
    /// bounding box. Corners in order TL, TR, BR, BL of the bounds.
    static func formulaSteps(_ layer: Layer) -> [String] {
        let a = layer.anchorInBounds
        let corners = layer.bounds.corners
        let shifted = corners.map { $0 - a.vector }
        let t = layer.transform
        let turned = shifted.map { t.project($0.x, $0.y, 0 - layer.anchorPointZ).map { Point(x: $0.x, y: $0.y) } }
        let placed = turned.map { $0.map { $0 + layer.position.vector } }
        func pair(_ ps: [Point?]) -> [String] {
            ["  TL \(pt(ps[0]))".padded(toColumns: 21) + " TR \(pt(ps[1]))", "  BL \(pt(ps[3]))".padded(toColumns: 21) + " BR \(pt(ps[2]))"]
        }
        var lines: [String] = []
        let b = layer.bounds
        lines.append("1 bounds    x \(f(b.origin.x)) y \(f(b.origin.y)) w \(f(b.size.width)) h \(f(b.size.height))")
        lines.append("2 − anchor⊙size − origin = −(\(f(a.x)), \(f(a.y)))")
        lines += pair(shifted)
        lines.append(
            "3 · transform" + (t.isIdentity ? " (identity)" : t.isAffine ? " [\(t.affine.values.map(f).joined(separator: " "))]" : " (3D, with the divide)"))
        lines += pair(turned)
        lines.append("4 + position (\(f(layer.position.x)), \(f(layer.position.y)))")
        lines += pair(placed)
        let fr = layer.frame
        lines.append("5 bounding box = frame")
        lines.append("  x \(f(fr.origin.x)) y \(f(fr.origin.y)) w \(f(fr.size.width)) h \(f(fr.size.height))")
        return lines
    }

    /// seed 000: the effective matrix as its parts, and the naive conversion of the cursor.
    static func hiddenTransformLines(_ state: ExplorerState, _ id: LayerID) -> [PanelLine] {
        let tree = state.session.tree
        let layer = tree[id]
        let a = layer.anchorInBounds
        var out = [PanelLine("Effective matrix (seed 000)", style: heading)]
        out.append(
            PanelLine(
                " = T(−a) · transform · T(position)"
                    + (layer.superlayer.map {
                        tree[$0].sublayerTransform.isIdentity && !tree[$0].isGeometryFlipped ? "" : " · \(tree[$0].name)'s sublayer space"
                    } ?? "")))
        out.append(PanelLine("  T(−a)      translate (\(f(-a.x)), \(f(-a.y))\(layer.anchorPointZ != 0 ? ", \(f(-layer.anchorPointZ))" : ""))"))
        let t = layer.transform
        out.append(PanelLine("  transform  " + (t.isAffine ? "[\(t.affine.values.map(f).joined(separator: " "))]" : "3D (see the 4×4)")))
        out.append(PanelLine("  T(pos)     translate (\(f(layer.position.x)), \(f(layer.position.y))\(layer.zPosition != 0 ? ", \(f(layer.zPosition))" : ""))"))
        let m = tree.matrixToSuperlayer(id)
        if m.isAffine { out.append(PanelLine("  = [\(m.affine.values.map(f).joined(separator: " "))]")) }
        if let p = state.cursor, state.mode == .cursor, let gap = NaiveGap(tree: tree, layer: id, screenPoint: p) {
            out.append(PanelLine(" cursor in \(layer.name): \(pt(gap.local))"))
            out.append(PanelLine(" naive CGPointApplyAffineTransform:", style: CellStyle(foreground: Chrome.naive)))
            out.append(PanelLine("   \(pt(gap.naive))"))
            out.append(PanelLine(" real convert(p, to: superlayer):"))
            out.append(PanelLine("   \(pt(gap.real))"))
            out.append(PanelLine(" gap \(pt(gap.gap.map { Point(x: $0.dx, y: $0.dy) }))", style: gap.gap.map { $0.length > 1e-9 } == true ? alert : .plain))
        } else {
            out.append(PanelLine(" (c: place the cursor to compare naive vs real)", style: note))
        }
        return out
    }

    /// The hit test at the cursor, explained: every layer visited in order with why it
    /// was skipped or hit; the other order's and the other framework's answers; drawing
    /// order beside search order when they differ.
    public static func hitTestLines(_ state: ExplorerState) -> [PanelLine] {
        let tree = state.session.tree
        guard let p = state.cursor else { return [PanelLine("press c and move the cursor", style: note)] }
        let order = state.session.hitTestOrder
        let report = tree.hitTestReport(at: p, order: order, traced: true)
        let hit = report.hit
        var out = [PanelLine("Hit test at \(pt(p))", style: heading)]
        out.append(
            PanelLine(
                " \(order == .zPosition ? "zPosition order (measured)" : "tree order (Lockwood)") → \(hit.map { tree[$0].name } ?? "nothing")",
                style: CellStyle(bold: true)))
        for (i, v) in report.visits.enumerated() {
            let why: String
            switch v.outcome {
            case .hit: why = "HIT"
            case .hidden: why = "hidden"
            case .transparent: why = "alpha < 0.01"
            case .interactionDisabled: why = "interaction off"
            case .notAView: why = "not a view"
            case .singular: why = "singular"
            case .clipped: why = tree[v.layer].kind == .view ? "outside bounds" : "masked out"
            case .outsideBounds: why = "outside bounds"
            }
            let local = v.localPoint.map { " " + pt($0) } ?? ""
            out.append(
                PanelLine(
                    " \(i + 1) \(tree[v.layer].name.padded(toColumns: 10)) \(why)\(local)",
                    style: v.outcome == .hit ? CellStyle(foreground: Chrome.hit, bold: true) : .plain, layer: v.layer))
        }
        if let alt = report.otherOrderDiffers {
            out.append(
                PanelLine(" \(order.other == .tree ? "tree order" : "zPosition order") would hit \(alt.hit.map { tree[$0].name } ?? "nothing")", style: alert))
        }
        if let alt = report.layerRulesDiffer {
            out.append(PanelLine(" CALayer rules would hit \(alt.hit.map { tree[$0].name } ?? "nothing")", style: alert))
        }
        out += ContentPage.drawnContentLines(tree, at: p)
        let drawing = Array(tree.drawingOrder().reversed()).map { tree[$0].name }
        let search = tree.searchSequence(order: order).map { tree[$0].name }
        if drawing != search {
            out.append(PanelLine(" front→back drawn ≠ searched:", style: note))
            for i in 0..<min(8, drawing.count) {
                out.append(PanelLine("  \(drawing[i].padded(toColumns: 14)) \(i < search.count ? search[i] : "")"))
            }
        }
        return out
    }
}

/// seed 000's trap: `CGPointApplyAffineTransform(p, transform)` vs the real conversion of the
/// same local point to the superlayer.
struct NaiveGap {
    var local: Point
    var naive: Point
    var real: Point?
    var naiveOnScreen: Point?
    var gap: Vector? { real.map { naive - $0 } }

    init?(tree: LayerTree, layer id: LayerID, screenPoint p: Point) {
        guard let local = tree.convert(p, from: nil, to: id) else { return nil }
        self.local = local
        let parent = tree[id].superlayer
        naive = tree[id].transform.affine.apply(to: local)
        real = tree.convert(local, from: id, to: parent)
        naiveOnScreen = tree.convert(naive, from: parent, to: nil)
    }
}
