import Cells
import Geometry
import Raster

/// Where each part of the explorer sits, in cells, for one terminal size.
public struct ScreenLayout: Equatable, Sendable {
    public static let minimumColumns = 40
    public static let minimumRows = 12
    /// The side panel's width when there is room for it.
    public static let panelWidth = 48
    /// Below this many columns the side panel collapses (canvas gets the whole width).
    public static let panelCollapseColumns = 96

    public var columns: Int
    public var rows: Int
    /// Row 0: title bar.
    public var titleRow: Int { 0 }
    public var canvas: CellRect
    /// The side panel (tree + inspector); empty when collapsed.
    public var panel: CellRect
    public var statusRow: Int { rows - 2 }
    public var echoRow: Int { rows - 1 }

    /// The legend's row under the canvas (key `b`), if shown.
    public var legendRow: Int? = nil
    /// True when a small terminal shows the canvas and hides the panel: the status line
    /// then carries the compact inspector (`w` swaps).
    public var panelHidden = false

    public var isTooSmall: Bool { columns < ScreenLayout.minimumColumns || rows < ScreenLayout.minimumRows }
    /// True when the panel sits beside the canvas (wide terminals).
    public var panelIsSideBySide: Bool { columns >= ScreenLayout.panelCollapseColumns }

    /// Below `panelCollapseColumns` the canvas and the panel take turns at the full width
    /// (`panelInFront`). The legend takes the canvas's last row when shown (key `b`) and
    /// there are at least 16 rows.
    public init(columns: Int, rows: Int, picture: PictureSettings = PictureSettings()) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        let bodyRows = max(0, rows - 3)
        if columns >= ScreenLayout.panelCollapseColumns {
            let pw = ScreenLayout.panelWidth
            canvas = CellRect(column: 0, row: 1, columns: columns - pw - 1, rows: bodyRows)
            panel = CellRect(column: columns - pw, row: 1, columns: pw, rows: bodyRows)
        } else if picture.panelInFront {
            canvas = CellRect(column: 0, row: 1, columns: 0, rows: 0)
            panel = CellRect(column: 0, row: 1, columns: max(0, columns), rows: bodyRows)
            return
        } else {
            canvas = CellRect(column: 0, row: 1, columns: max(0, columns), rows: bodyRows)
            panel = CellRect(column: columns, row: 1, columns: 0, rows: 0)
            panelHidden = true
        }
        if picture.legend, rows >= 16, canvas.rows >= 4 {
            canvas.rows -= 1
            legendRow = canvas.row + canvas.rows
        }
    }
}

extension ExplorerState {
    public var layout: ScreenLayout {
        var layout = ScreenLayout(columns: columns, rows: rows, picture: picture)
        if let learn, !layout.isTooSmall { LearnView.makeRoom(&layout, learn) }  // the goal band above the canvas
        return layout
    }

    /// The viewport the canvas uses now: the screen rect fitted when the file was opened (or
    /// at the last `fit`) fitted into the canvas as it is now (so a resize refits), then the
    /// user's zoom (about the fitted centre) and pan (in cells). Edits never refit.
    public var viewport: Viewport {
        // The exploded view fits every plane's projected quads instead (DepthView.swift).
        if session.depth.exploded { return DepthFrame(self).viewport }
        return viewport(fitting: fittedRect(nil))
    }

    /// The rect the canvas fits before the zoom and pan: the exploded frame's (its planes'
    /// box), else the one fitted at open or at the last `fit`, else the screen.
    func fittedRect(_ exploded: DepthFrame?) -> Rect { exploded?.fitted ?? view.fitted ?? session.scene.screenRect }

    /// `rect` fitted into the canvas, then the user's zoom (about its centre) and pan.
    func viewport(fitting rect: Rect) -> Viewport {
        let area = layout.canvas
        var v = Viewport.fitting(rect, columns: area.columns, rows: area.rows, cellAspect: cellAspect)
        if view.zoom != 1 { v.zoom(by: view.zoom, about: rect.center) }
        v.pan(by: Vector(dx: view.panColumns * v.pointsPerColumn, dy: view.panRows * v.pointsPerRow))
        return v
    }

    /// The screen point under a terminal cell of the canvas area, if the cell is in it.
    public func point(atTerminalColumn column: Int, row: Int) -> Point? {
        let area = layout.canvas
        guard area.contains(CellPosition(column: column, row: row)) else { return nil }
        return viewport.center(of: CellPosition(column: column - area.column, row: row - area.row))
    }
}
