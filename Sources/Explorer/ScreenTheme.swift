import Cells
import Raster
import LayerModel

/// Theme rules for the text around the canvas.
enum ScreenTheme {
    /// Every cell outside `canvasArea` with a colour of its own on the terminal's background
    /// (no background of its own) gets `OverlayContrast.pick` against `background`: the
    /// panel's yellow "changed" highlight turns deep amber on a light terminal and stays
    /// yellow on a dark one. Cells with both colours set (title bar, boxes) are left alone.
    /// `picks`: the explorer's, kept from frame to frame (`RasterScratch`).
    static func keepTextReadable(_ canvas: inout Canvas, except canvasArea: CellRect, background: Color,
                                 picks: inout ContrastPicks) {
        var cache: [CellColor: CellColor] = [:]
        let columns = canvas.columns, rows = canvas.rows
        // The canvas area's columns, clipped: skipped on the rows it covers.
        let skipFirst = max(0, canvasArea.column), skipEnd = min(columns, canvasArea.column + canvasArea.columns)
        canvas.withUnsafeMutableCells { cells in
            func adapt(_ i: Int) {
                let style = cells[i].style
                // Most cells have the default colours: one bit test.
                guard style.hasOwnForeground, !style.hasOwnBackground, !style.reverse,
                      case let .rgb(r, g, b) = style.foreground else { return }
                let picked: CellColor
                if let hit = cache[style.foreground] {
                    picked = hit
                } else {
                    let c = picks.pick(Color(red: r, green: g, blue: b), on: background)
                    picked = .rgb(c.red, c.green, c.blue)
                    cache[style.foreground] = picked
                }
                cells[i].style.foreground = picked
            }
            for row in 0..<rows {
                let base = row * columns
                if skipFirst < skipEnd, row >= canvasArea.row, row < canvasArea.row + canvasArea.rows {
                    for column in 0..<skipFirst { adapt(base + column) }
                    for column in skipEnd..<columns { adapt(base + column) }
                } else {
                    for column in 0..<columns { adapt(base + column) }
                }
            }
        }
    }
}
