import Cells
import Geometry
import LayerModel

/// A measurement on the canvas (docs/measure.md): red lines between the nearest edges (or
/// the insets, or the shortest distance in quad mode), in **screen points**, each with its
/// figure in the measurement space's points. The explorer makes it from the pinned layer and
/// the selection (`Session.pinnedMeasurement`).
public struct MeasureOverlay: Equatable, Sendable {
    public var lines: [MeasureLine]
    public init(lines: [MeasureLine]) { self.lines = lines }

    /// The lines' red (`CanvasMark.measurement`).
    public static let color = Color(red: 255, green: 59, blue: 48)

    /// A figure as the canvas writes it: at most one decimal (`8`, `29.3`).
    public static func figure(_ value: Double) -> String { NumberFormat.format(value, decimals: 1) }
}

extension SceneRasterizer {
    /// The lines, bold red over everything, with a short cap across each end (half a cell
    /// either side) so where a gap starts and ends reads even on a fill.
    static func drawMeasurement(_ m: MeasureOverlay, toCells: Homography, surface: inout RasterSurface) {
        let perColumn = Double(surface.lineGrid.perColumn), perRow = Double(surface.lineGrid.perRow)
        let color = PackedColor.pack(MeasureOverlay.color) | PackedColor.bold
        let k = surface.cellAspect
        for line in m.lines {
            guard let p = toCells.apply(to: line.from), let q = toCells.apply(to: line.to) else { continue }
            surface.drawLine(
                p.x * perColumn, p.y * perRow, q.x * perColumn, q.y * perRow,
                color: color, pattern: .solid, glyph: surface.asciiGlyph(dx: q.x - p.x, dy: q.y - p.y))
            // The caps: perpendicular on screen (a row is `k` columns tall).
            let dx = q.x - p.x, dy = (q.y - p.y) * k
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1 else { continue }
            let nx = -dy / length * 0.5, ny = dx / length * 0.5 / k
            for e in [p, q] {
                surface.drawLine(
                    (e.x - nx) * perColumn, (e.y - ny) * perRow, (e.x + nx) * perColumn, (e.y + ny) * perRow,
                    color: color, pattern: .solid, glyph: surface.asciiGlyph(dx: nx, dy: ny))
            }
        }
    }
}

extension Labels {
    /// The figures, after the names, in the same grid: by the one label layout, never over a
    /// name or a mark, each near its line's middle (`FigureSpots`); a figure with no room is
    /// left off (the panel lists them all). Bold red on what is under it.
    static func placeFigures(
        _ m: MeasureOverlay?, toCells: Homography, backdrop: Color, grid: inout LabelGrid,
        picks: inout ContrastPicks, canvas: inout Canvas, journal: inout CellJournal?
    ) {
        guard let m, !m.lines.isEmpty else { return }
        var candidates: [LabelCandidate] = []
        for line in m.lines {
            let text = MeasureOverlay.figure(line.value)
            guard let p = toCells.apply(to: line.from), let q = toCells.apply(to: line.to) else { continue }
            let spots = FigureSpots.spots(x0: p.x, y0: p.y, x1: q.x, y1: q.y, width: text.displayWidth)
            candidates.append(LabelCandidate(names: [text], priority: 0, spots: spots, mayShorten: false))
        }
        let c = MeasureOverlay.color
        for placed in LabelLayout.place(candidates, in: &grid, names: LabelNames([])) {
            var column = placed.column
            journal?.save(canvas, row: placed.row, from: column - 1, through: column + placed.text.count + 1)
            for ch in placed.text where column < canvas.columns {
                var cell = canvas[column, placed.row]
                let under: Color
                if case let .rgb(r, g, b) = cell.style.background {
                    under = Color(red: r, green: g, blue: b)
                } else if cell.code == 0x2588, case let .rgb(r, g, b) = cell.style.foreground {  // █: the fill is its glyph
                    under = Color(red: r, green: g, blue: b)
                    cell.style.background = cell.style.foreground
                } else {
                    under = backdrop; cell.style.background = .default
                }
                let fg = picks.readableText(c, on: under)
                cell.glyph = ch
                cell.style.foreground = .rgb(fg.red, fg.green, fg.blue)
                cell.style.bold = true
                cell.style.dim = false
                canvas[column, placed.row] = cell
                column += 1
            }
        }
    }
}
