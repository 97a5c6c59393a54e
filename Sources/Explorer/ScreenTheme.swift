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
    static func keepTextReadable(
        _ canvas: inout Canvas, except canvasArea: CellRect, background: Color,
        picks: inout ContrastPicks
    ) {
        let columns = canvas.columns, rows = canvas.rows
        // The canvas area's columns, clipped: skipped on the rows it covers.
        let skipFirst = max(0, canvasArea.column), skipEnd = min(columns, canvasArea.column + canvasArea.columns)
        // A cell to adapt has a foreground of its own (bit 24), no background of its own
        // (bit 49) and is not reversed: one mask test on the style's bits (issue 36: the
        // test through the style's properties cost ~15 instructions a cell, 3 400 cells a frame).
        let mask = CellStyle(foreground: .rgb(0, 0, 0)).bits | CellStyle(background: .rgb(0, 0, 0)).bits | CellStyle(reverse: true).bits
        let wanted = CellStyle(foreground: .rgb(0, 0, 0)).bits
        canvas.withUnsafeMutableCells { cells in
            var colours = ReadableColours(background: background)
            for row in 0..<rows {
                let base = row * columns
                let skips = skipFirst < skipEnd && row >= canvasArea.row && row < canvasArea.row + canvasArea.rows
                let leftEnd = skips ? skipFirst : columns
                for i in base..<(base + leftEnd) where cells[i].style.bits & mask == wanted {
                    cells[i].style.foreground = colours.picked(cells[i].style.foreground, picks: &picks)
                }
                guard skips else { continue }
                for i in (base + skipEnd)..<(base + columns) where cells[i].style.bits & mask == wanted {
                    cells[i].style.foreground = colours.picked(cells[i].style.foreground, picks: &picks)
                }
            }
        }
    }

    /// `OverlayContrast.pick` for text colours, each colour asked once a frame; a run of one
    /// colour (a highlighted line) answered from the last one without hashing.
    private struct ReadableColours {
        let background: Color
        var cache: [CellColor: CellColor] = [:]
        var lastForeground = CellColor.default, lastPicked = CellColor.default

        init(background: Color) { self.background = background }

        mutating func picked(_ foreground: CellColor, picks: inout ContrastPicks) -> CellColor {
            guard case let .rgb(r, g, b) = foreground else { return foreground }
            if foreground == lastForeground { return lastPicked }
            let picked: CellColor
            if let hit = cache[foreground] {
                picked = hit
            } else {
                let c = picks.pick(Color(red: r, green: g, blue: b), on: background)
                picked = .rgb(c.red, c.green, c.blue)
                cache[foreground] = picked
            }
            lastForeground = foreground
            lastPicked = picked
            return picked
        }
    }
}
