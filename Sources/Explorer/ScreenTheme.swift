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
        var cache: [CellColor: CellColor] = [:]
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns where !canvasArea.contains(CellPosition(column: column, row: row)) {
                var cell = canvas[column, row]
                guard cell.style.background == .default, case let .rgb(r, g, b) = cell.style.foreground,
                      !cell.style.reverse else { continue }
                if let hit = cache[cell.style.foreground] {
                    cell.style.foreground = hit
                } else {
                    let c = OverlayContrast.pick(Color(red: r, green: g, blue: b), on: background)
                    let picked = CellColor.rgb(c.red, c.green, c.blue)
                    cache[cell.style.foreground] = picked
                    cell.style.foreground = picked
                }
                canvas[column, row] = cell
            }
        }
    }
}
