import Cells
import Geometry
import Raster
import LayerModel
import CommandLanguage
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The content page of the panel (content.md): the selection's drawing, its operations
/// indented by save depth with the current one marked; for it the CTM as Core Graphics
/// reports it, the user → layer matrix and its parts, and the rotation seen on screen
/// (content + every layer above). `{` and `}` step through the operations; the canvas then
/// draws those up to the current one and an axes marker at the current user-space origin.
enum ContentPage {
    static let heading = CellStyle(bold: true, underline: true)
    static let note = CellStyle(dim: true)
    static let current = CellStyle(foreground: Chrome.highlight, bold: true)

    /// How many operations the page shows for the selection: the cursor's count when it is
    /// on the selection, else all of them.
    static func count(_ state: ExplorerState) -> Int? {
        let tree = state.session.tree
        guard let id = state.session.selection, tree.contains(id) else { return nil }
        let total = tree[id].drawing.count
        if let c = state.contentCursor, c.layer == id { return min(c.count, total) }
        return total
    }

    /// The count `{` or `}` asks for: one step from where the page is; when the page is not
    /// yet stepping the selection, `}` starts at the first operation and `{` one before the end.
    static func target(_ state: ExplorerState, forward: Bool) -> Int {
        let stepping = state.panelPage == .content && state.contentCursor?.layer == state.session.selection
        let now = count(state) ?? 0
        if !stepping { return forward ? 1 : max(0, now - 1) }
        return max(0, now + (forward ? 1 : -1))
    }

    /// `operation N`: the page, at N operations of the selection's drawing.
    static func go(_ state: inout ExplorerState, to k: Int) {
        let tree = state.session.tree
        guard let id = state.session.selection, tree.contains(id) else {
            state.setStatus("select a layer first: operation steps through the selection's drawing", error: true)
            return
        }
        let ops = tree[id].drawing
        state.panelPage = .content
        guard !ops.isEmpty else {
            state.contentCursor = ContentCursor(layer: id, count: 0)
            state.setStatus("\(tree[id].name) draws nothing (draw OP… adds an operation); the axes show its user space", error: k > 0)
            return
        }
        let n = min(k, ops.count)
        state.contentCursor = ContentCursor(layer: id, count: n)
        let ctm = tree.ctm(of: id, after: n)
        let what = n == 0 ? "before the first operation" : "\(n)/\(ops.count) \(ops[n - 1].text)"
        state.setStatus("\(what) · CTM \(matrix(ctm))" + (k > ops.count ? " (the last operation)" : ""))
    }

    /// What the canvas steps: the selection's drawing up to the page's count, with axes.
    static func rasterStep(_ state: ExplorerState) -> ContentStep? {
        guard state.panelPage == .content, let id = state.session.selection, state.session.tree.contains(id),
            let n = count(state)
        else { return nil }
        return ContentStep(layer: id, count: n, axes: true)
    }

    static func f(_ x: Double) -> String { NumberFormat.format(x) }
    static func matrix(_ m: Affine2D) -> String { "[" + m.values.map(f).joined(separator: ", ") + "]" }
    static func degrees(_ a: Double) -> Double {
        var d = a * 180 / Double.pi
        if abs(d) < 1e-9 { d = 0 }
        return d
    }

    static func lines(_ state: ExplorerState) -> [PanelLine] {
        let tree = state.session.tree
        guard let id = state.session.selection, tree.contains(id), let n = count(state) else {
            return [PanelLine("select a layer to see its drawing", style: note)]
        }
        let layer = tree[id]
        let ops = layer.drawing
        var out = [PanelLine("Content of \(layer.name)", style: heading)]
        out.append(PanelLine(" \(ops.count) operation\(ops.count == 1 ? "" : "s") · contentsScale \(f(tree.contentsScale(of: id)))", style: note))
        if ops.isEmpty {
            out.append(PanelLine(" no drawing: draw OP… adds one", style: note))
        }
        let depths = ContentGeometry.depths(ops)
        out.append(PanelLine((n == 0 ? "▶" : " ") + " 0 base CTM", style: n == 0 ? current : .plain))
        for (i, op) in ops.enumerated() {
            let mark = i + 1 == n ? "▶" : " "
            let indent = String(repeating: "  ", count: depths[i])
            out.append(PanelLine("\(mark) \(i + 1) \(indent)\(op.text)", style: i + 1 == n ? current : (i + 1 > n ? note : .plain), layer: nil))
        }
        out.append(PanelLine(" { } step · after \(n) of \(ops.count)", style: note))
        out.append(PanelLine(""))
        let ctm = tree.ctm(of: id, after: n)
        out.append(PanelLine("CTM (CGContextGetCTM)", style: heading))
        out.append(PanelLine(" " + matrix(ctm)))
        out.append(PanelLine(" base [s,0,0,-s,-s·ox,s·(h+oy)], s \(f(tree.contentsScale(of: id)))", style: note))
        let user = tree.contentTransform(of: id, after: n)
        let parts = ContentGeometry.parts(of: user)
        out.append(PanelLine("User → layer (points)", style: heading))
        out.append(PanelLine(" " + matrix(user)))
        out.append(PanelLine(" rotate \(f(parts.rotation.degrees))° · scale \(f(parts.scaleX)) × \(f(parts.scaleY))"))
        if abs(parts.shear) > 1e-9 { out.append(PanelLine(" shear \(f(parts.shear))")) }
        out.append(PanelLine(" translate (\(f(parts.translation.x)), \(f(parts.translation.y)))"))
        out.append(PanelLine(""))
        out.append(PanelLine("Rotation on screen", style: heading))
        var terms = ["content \(f(parts.rotation.degrees))°"]
        var total = parts.rotation.degrees
        for a in tree.ancestors(of: id, includingSelf: true) {
            let m = tree.matrixToSuperlayer(a)
            let d = degrees(atan2(m.m12, m.m11))
            guard d != 0 else { continue }
            terms.append("\(tree[a].name) \(f(d))°")
            total += d
        }
        out.append(PanelLine(" " + terms.joined(separator: " + ") + " = \(f(total))°", style: CellStyle(bold: true)))
        out.append(PanelLine(" the transform is not in the CTM", style: note))
        return out
    }

    /// The hit-test explanation's lines when the point lies on drawn content (two short
    /// lines: the panel is 48 columns wide).
    static func drawnContentLines(_ tree: LayerTree, at p: Point) -> [PanelLine] {
        guard let (id, i) = tree.drawnContent(at: p) else { return [] }
        let style = CellStyle(foreground: Chrome.drawnContent)
        return [
            PanelLine(" on \(tree[id].name)'s drawing (op \(i + 1) \(tree[id].drawing[i].verb)):", style: style, layer: id),
            PanelLine("  content is never hit-tested; bounds decide", style: style, layer: id)
        ]
    }
}
