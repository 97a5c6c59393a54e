import Cells
import Raster
import LayerModel

/// Theme rules for the text around the canvas.
enum ScreenTheme {
    /// Every cell outside `canvasArea` with a colour of its own on the terminal's background
    /// (no background of its own) gets `OverlayContrast.pick` against `background`: the
    /// panel's yellow "changed" highlight turns deep amber on a light terminal and stays
    /// yellow on a dark one. Cells with both colours set (title bar, boxes) are left alone.
    static func keepTextReadable(_ canvas: inout Canvas, except canvasArea: CellRect, background: Color) {
        let columns = canvas.columns, rows = canvas.rows
        // The canvas area's columns, clipped: skipped on the rows it covers.
        let skipFirst = max(0, canvasArea.column), skipEnd = min(columns, canvasArea.column + canvasArea.columns)
        canvas.withUnsafeMutableCells { cells in
            // Runs of one colour (a highlighted line) ask once, not once a cell (issue 36): the
            // last colour's answer is kept beside the cache. Both live here, in the closure
            // (state captured from outside made each cell pay the runtime's access checks).
            var cache: [CellColor: CellColor] = [:]
            var lastForeground = CellColor.default, lastPicked = CellColor.default
            for row in 0..<rows {
                let base = row * columns
                let skips = skipFirst < skipEnd && row >= canvasArea.row && row < canvasArea.row + canvasArea.rows
                var column = 0
                while column < columns {
                    if skips && column == skipFirst { column = skipEnd; continue }
                    let i = base + column
                    column += 1
                    let style = cells[i].style
                    // Most cells have the default colours: one bit test.
                    guard style.hasOwnForeground, !style.hasOwnBackground, !style.reverse else { continue }
                    let foreground = style.foreground
                    guard case let .rgb(r, g, b) = foreground else { continue }
                    let picked: CellColor
                    if foreground == lastForeground {
                        picked = lastPicked
                    } else if let hit = cache[foreground] {
                        picked = hit
                    } else {
                        let c = OverlayContrast.pick(Color(red: r, green: g, blue: b), on: background)
                        picked = .rgb(c.red, c.green, c.blue)
                        cache[foreground] = picked
                    }
                    lastForeground = foreground
                    lastPicked = picked
                    cells[i].style.foreground = picked
                }
            }
        }
    }
}
