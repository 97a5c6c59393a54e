import Raster
import Geometry
import LayerModel

extension SVGExport {
    /// The measurement's red (`#ff3b30`, the canvas's) lines with a cap across each end, and
    /// its figures placed by the one `LabelLayout` after the names (the names' cells and a
    /// cell either side taken first, so a figure never covers or touches a name), in the
    /// names' cells. `lines` are in screen points (`LayerTree.screenLines`); a line that is
    /// not finite is left out.
    static func measureMarks(_ lines: [MeasureLine], shapes: [NameShape], tree: LayerTree, screen: Rect) -> String {
        let lines = lines.filter { $0.from.isFinite && $0.to.isFinite && $0.value.isFinite }
        guard !lines.isEmpty else { return "" }
        let n: (Double) -> String = { NumberText.short(($0 * 1000).rounded() / 1000) }
        var out = ""
        for line in lines {
            let a = line.from, b = line.to
            out +=
                "<line class=\"measure\" data-kind=\"\(line.kind.rawValue)\" x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\" stroke=\"#ff3b30\" stroke-width=\"1\"/>\n"
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let cx = -dy / length * 3, cy = dx / length * 3
            for e in [a, b] {
                out +=
                    "<line class=\"measure-cap\" x1=\"\(n(e.x - cx))\" y1=\"\(n(e.y - cy))\" x2=\"\(n(e.x + cx))\" y2=\"\(n(e.y + cy))\" stroke=\"#ff3b30\" stroke-width=\"1\"/>\n"
            }
        }
        // The names' grid again (deterministic), then the figures in what is left.
        guard screen.width > 0, screen.height > 0, screen.width.isFinite, screen.height.isFinite else { return out }
        let base = nameCell
        let k = max(1, (screen.width / base.width * screen.height / base.height / 100_000).squareRoot())
        let cw = base.width * k, ch = base.height * k
        let columns = Int(min(max((screen.width / cw).rounded(.up), 1), 4_000_000))
        let rows = Int(min(max((screen.height / ch).rounded(.up), 1), 4_000_000))
        var grid = LabelGrid(columns: columns, rows: rows)
        for name in names(shapes, tree: tree, screen: screen) {
            for c in (name.column - 1)...(name.column + name.width) { grid.block(column: c, row: name.row) }
        }
        var candidates: [LabelCandidate] = []
        for line in lines {
            let text = NumberText.short((line.value * 10).rounded() / 10)
            let spots = FigureSpots.spots(
                x0: (line.from.x - screen.origin.x) / cw, y0: (line.from.y - screen.origin.y) / ch,
                x1: (line.to.x - screen.origin.x) / cw, y1: (line.to.y - screen.origin.y) / ch, width: text.count)
            candidates.append(LabelCandidate(names: [text], priority: 0, spots: spots, mayShorten: false))
        }
        for p in LabelLayout.place(candidates, in: &grid, names: LabelNames([])) {
            let x = screen.origin.x + Double(p.column) * cw, y = screen.origin.y + (Double(p.row) + 0.8) * ch
            out +=
                "<text class=\"measure\" x=\"\(n(x))\" y=\"\(n(y))\" font-family=\"monospace\" font-size=\"\(n(base.fontSize * k))\" fill=\"#ff3b30\">\(escape(p.text))</text>\n"
        }
        return out
    }
}
