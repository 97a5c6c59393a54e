import Cells
import Geometry
import Raster
import LayerModel
import CommandLanguage

/// How the screen draws: glyph mode and whether the terminal shows UTF-8. (The cell shape
/// is part of the state, because clicks and cursor moves map cells to points too.)
public struct ScreenOptions: Equatable, Sendable {
    public var mode: RenderMode
    public var unicode: Bool
    /// The terminal's background: dark or light (`--theme`).
    public var theme: Theme = .dark
    /// The terminal's own background colour when it told us (OSC 11); nil assumes the
    /// theme's (black or white). Translucent fills and overlays are composed against it.
    public var background: Color? = nil
    /// The canvas is drawn in pixels (`PixelCanvas`): the cells under it keep only the names.
    public var pixels = false
    public init(mode: RenderMode = .auto, unicode: Bool = true, theme: Theme = .dark, background: Color? = nil) {
        self.mode = mode; self.unicode = unicode; self.theme = theme; self.background = background
    }
    /// The rasterizer's palette for this theme and background.
    public var palette: RasterPalette { .themed(theme, background: background) }
}

/// One rendered frame: the whole terminal's canvas and where the text cursor goes.
public struct Screen: Equatable, Sendable {
    public var canvas: Canvas
    public var cursor: CellPosition?
}

/// The top of the side panel: the file-error banner (while the file does not load), the
/// "Layers" heading, and the window of tree rows scrolled to keep the selection visible.
/// Drawing and clicks both read this one placement, so a click lands on the row drawn.
public struct TreePanel: Equatable, Sendable {
    /// The banner's lines (empty when the file loads).
    public var banner: [PanelLine]
    /// The rows shown, top to bottom: folded, filtered and scrolled (`TreeBrowser`), text
    /// built for these rows only.
    public var visible: [PanelLine]

    /// Panel rows above the first tree row: the banner and the heading.
    public var firstRowOffset: Int { banner.count + 1 }

    /// `borrowing`: not a copy of the whole state per frame, as an initializer's argument is.
    public init(_ state: borrowing ExplorerState, area: CellRect, unicode: Bool) {
        // At most a third of the panel.
        visible = TreeBrowser.window(state, unicode: unicode, count: max(3, area.rows / 3))
        banner = []
        if let error = state.fileError {
            // Stays until the file loads again: the scene on screen is not what the file says.
            banner.append(PanelLine("⚠ the file on disk does not load:", style: ExplorerScreen.errorStyle))
            for line in ExplorerScreen.wrap(error, width: area.columns - 2) { banner.append(PanelLine(" " + line, style: ExplorerScreen.errorStyle)) }
            banner.append(PanelLine(" showing the last good scene", style: ExplorerScreen.errorStyle))
        }
    }

    /// The layer drawn on panel row `row` (in terminal rows), if a tree row is there.
    public func layer(atRow row: Int, area: CellRect) -> LayerID? {
        let line = row - area.row - firstRowOffset
        guard line >= 0, line < visible.count else { return nil }
        return visible[line].layer
    }
}

public enum ExplorerScreen {
    static let titleStyle = CellStyle(foreground: Chrome.barText, background: Chrome.titleBar, bold: true)
    static let statusStyle = CellStyle(reverse: true)
    static let errorStyle = CellStyle(foreground: Chrome.alert, bold: true)
    static let headingStyle = CellStyle(bold: true, underline: true)
    static let dimStyle = CellStyle(dim: true)
    static let crosshairStyle = CellStyle(foreground: .rgb(CanvasMark.cursorColor.red, CanvasMark.cursorColor.green, CanvasMark.cursorColor.blue), bold: true)

    /// How the canvas shades a big tree. Big trees of views with no colours are a tangle of
    /// outlines: there the selection's subtree is filled (a shade per level,
    /// `SubtreeShading.standardShades`) where it has no colour of its own, and nothing else
    /// is, so what is selected stands out. Small scenes (the workshop's) are drawn as they are.
    /// The rasterizer applies it as it draws (no copy of the tree per frame).
    public static func canvasShading(_ tree: LayerTree, _ state: ExplorerState) -> SubtreeShading? {
        guard tree.count >= TreeBrowser.bigTree, let sel = state.session.selection, tree.contains(sel) else { return nil }
        return SubtreeShading(root: sel)
    }

    /// What the flat canvas draws with: one place, for the cell canvas and the pixel canvas.
    static func flatRasterOptions(_ state: ExplorerState, options: ScreenOptions, drawn: LayerTree, report: CursorReport?) -> RasterOptions {
        let unicode = options.unicode && options.mode != .ascii
        var rasterOptions = RasterOptions(
            mode: options.mode, unicode: unicode, selection: state.session.selection,
            palette: options.palette,
            annotations: Why.annotations(state) + TimeView.modelOutlines(state, presentation: drawn))
        rasterOptions.labels = .all
        rasterOptions.boldMarks = state.picture.present
        rasterOptions.contentStep = ContentPage.rasterStep(state)
        rasterOptions.shading = canvasShading(drawn, state)
        rasterOptions.textOnly = options.pixels
        rasterOptions.measurement = MeasureView.overlay(state, drawn: drawn)
        if let report, let hit = report.hit { rasterOptions.selection = hit; rasterOptions.overlays = [.outline, .frame] }
        if let p = state.cursor, state.mode == .cursor { rasterOptions.keepClear = crosshairCells(at: state.viewport.cell(containing: p)) }
        return rasterOptions
    }

    /// The whole screen for a state: what the explorer draws and `render` prints.
    public static func render(_ state: ExplorerState, options: ScreenOptions) -> Screen {
        let layout = state.layout
        if layout.isTooSmall {
            var canvas = Canvas(columns: layout.columns, rows: layout.rows)
            drawTooSmall(&canvas, layout)
            return Screen(canvas: canvas, cursor: nil)
        }
        let unicode = options.unicode && options.mode != .ascii
        // The exploded view (DepthView.swift) replaces the flat canvas; its cursor is in the
        // exploded picture's space, so the flat hit-test report is not made.
        let exploded = state.session.depth.exploded ? DepthFrame(state) : nil
        let report = state.mode == .cursor && exploded == nil ? state.cursor.map { CursorReport(state: state, point: $0) } : nil

        // Canvas.
        let viewport = exploded?.viewport ?? state.viewport
        // The legend lists the marks this picture can show (CanvasMark).
        var marks: [CanvasMark]
        // The screen starts as the picture on a blank canvas (written once, not blanked then copied over).
        var canvas: Canvas
        if let exploded {
            marks = CanvasMark.exploded
            canvas = Canvas(
                columns: layout.columns, rows: layout.rows,
                placing: DepthView.canvas(state, exploded, area: layout.canvas, options: options, unicode: unicode),
                column: layout.canvas.column, row: layout.canvas.row)
        } else {
            let drawn = TimeView.drawnTree(state)  // the presentation while animations show
            let rasterOptions = flatRasterOptions(state, options: options, drawn: drawn, report: report)
            marks = CanvasMark.shown(by: rasterOptions)
            // The outline is the hit layer's while the cursor is over one.
            if report?.hit != nil { marks = marks.map { $0 == .selection ? .hit : $0 } }
            // Kept in `state.raster`: the next key draws again only the cells it changed (issue 36).
            var scene = SceneRasterizer.render(
                drawn, viewport: viewport, columns: layout.canvas.columns, rows: layout.canvas.rows, options: rasterOptions,
                scratch: state.raster, keepingFrame: true)
            drawScreenOutline(&scene, state, viewport: viewport, unicode: unicode)
            canvas = Canvas(columns: layout.columns, rows: layout.rows, placing: scene, column: layout.canvas.column, row: layout.canvas.row)
        }
        TimeView.drawTimeline(&canvas, state, area: layout.canvas, unicode: unicode)
        if let p = state.cursor, state.mode == .cursor {
            marks.append(.cursor)
            drawCrosshair(&canvas, at: viewport.cell(containing: p), in: layout.canvas, unicode: unicode, keepBackground: exploded != nil)
        }
        // The status and the echo wrap rather than cut (Footer.swift): their extra rows come
        // off the canvas's foot, and the step caption sits above them.
        let footer = Footer(state, layout: layout, report: report, exploded: exploded)
        var captionArea = layout.canvas
        captionArea.rows = max(0, captionArea.rows - footer.extraRows)
        drawStepCaption(&canvas, state, captionArea)
        LearnView.drawBand(&canvas, state, layout)

        if let row = layout.legendRow {
            state.raster.withPicks {
                Picture.drawLegend(&canvas, row: row, columns: layout.canvas.columns, marks: marks, palette: options.palette, unicode: unicode, picks: &$0)
            }
        }

        // Side panel.
        if !layout.panel.isEmpty {
            drawPanel(&canvas, state, layout.panel, report: report, unicode: unicode, exploded: exploded)
            let sep: Character = unicode ? "│" : "|"
            for r in layout.panel.row..<(layout.panel.row + layout.panel.rows) {
                canvas[layout.panel.column - 1, r] = Cell(sep, style: dimStyle)
            }
        }

        // Title, status, echo / command line.
        drawTitle(&canvas, state, layout, unicode: unicode)
        drawStatus(&canvas, state, layout, footer: footer)
        var cursor: CellPosition? = nil
        if case let .command(text, caret) = state.mode {
            canvas.write(":" + text, column: 0, row: layout.echoRow)
            cursor = CellPosition(column: min(layout.columns - 1, 1 + caret), row: layout.echoRow)
        } else if state.picture.present {
            // Presentation: the key echo as a banner across the bottom row(s), centred.
            let top = layout.echoRow - footer.echo.count + 1
            for (i, line) in footer.echo.enumerated() {
                canvas.clear(row: top + i, column: 0, count: layout.columns)
                guard !line.isEmpty else { continue }
                let text = "  " + line + "  "
                canvas.write(
                    text, column: max(0, (layout.columns - text.displayWidth) / 2), row: top + i,
                    style: CellStyle(foreground: Chrome.onHighlight, background: Chrome.highlight, bold: true), maxWidth: layout.columns)
            }
        } else if let typed = state.treeBrowser.typing {
            canvas.write("/" + typed, column: 0, row: layout.echoRow, maxWidth: layout.columns)
            cursor = CellPosition(column: min(layout.columns - 1, 1 + typed.count), row: layout.echoRow)
        } else {
            let top = layout.echoRow - footer.echo.count + 1
            for (i, line) in footer.echo.enumerated() {
                canvas.clear(row: top + i, column: 0, count: layout.columns)
                canvas.write(line, column: 0, row: top + i, style: dimStyle, maxWidth: layout.columns)
            }
            let echo = footer.echo.last ?? ""
            let hint = layout.panelHidden ? "w panel  ? help  : command  q quit" : "? help  : command  q quit"
            if layout.columns - hint.displayWidth > echo.displayWidth + 2 {
                canvas.write(hint, column: layout.columns - hint.displayWidth, row: layout.echoRow, style: dimStyle)
            }
        }

        // Overlays.
        LearnView.drawOverlays(&canvas, state, layout, unicode: unicode)
        if state.mode == .help {
            let help = helpLines(state)
            let visible = helpVisibleRows(state)
            if help.count <= visible {
                drawBox(&canvas, title: "Keys (any key closes)", lines: help, layout: layout, unicode: unicode)
            } else {
                let first = min(max(0, state.helpScroll), help.count - visible)
                // Lines, not keys: the scene's notes and wrapped keys take rows too.
                drawBox(
                    // The box's title room: its width (columns − 2) less corners, dashes and spaces.
                    &canvas, title: helpTitle(first: first + 1, last: first + visible, of: help.count, room: layout.columns - 8),
                    lines: Array(help[first...]), layout: layout, unicode: unicode)
            }
        } else if case let .confirmOverwrite(path, conflict, _) = state.mode {
            drawBox(
                &canvas, title: conflict == .changedOnDisk ? "Changed on disk" : "Read-only file",
                lines: [
                    conflict == .changedOnDisk ? "\(path) changed on disk since it was loaded:" : "\(path) is read-only:",
                    conflict == .changedOnDisk ? "saving now would undo what the other program saved." : "it has no write permission.",
                    "",
                    "o  overwrite it with this scene"
                ] + (conflict == .changedOnDisk ? ["r  reload it (your unsaved edits are dropped)"] : []) + [
                    "s  save as another file",
                    "Esc  cancel (nothing is written)"
                ], layout: layout, unicode: unicode)
        } else if state.mode == .confirmQuit {
            drawBox(
                &canvas, title: "Unsaved edits",
                lines: [
                    "The scene has edits that are not saved.",
                    ""
                ]
                    + (state.session.filePath.map { ["y  save to \($0) and quit", "s  save as another file and quit"] }
                        ?? [
                            "This scene has no file of its own (a dump, a pipe, the tour).",
                            "s  save as \(Reducer.suggestedSaveName(state))… (Enter saves and quits)"
                        ]) + [
                        "n  quit without saving",
                        "Esc  stay"
                    ], layout: layout, unicode: unicode)
        } else if let output = state.output {
            drawBox(
                &canvas,
                title:
                    "Swift · \(Keymap.keyNames(for: .copyOutput)) copies (OSC 52: some terminals ignore it) · \(Keymap.keyNames(for: .closeOverlay).split(separator: " ").first ?? "Esc") closes",
                lines: output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), layout: layout, unicode: unicode)
        }
        // Text in a colour of its own on the terminal's background (panel highlights, errors)
        // is kept readable on it, dark or light.
        state.raster.withPicks { ScreenTheme.keepTextReadable(&canvas, except: layout.canvas, background: options.palette.backdrop, picks: &$0) }
        // ASCII mode and non-UTF-8 terminals get ASCII everywhere, text included.
        return Screen(canvas: unicode ? canvas : canvas.asciified(), cursor: cursor)
    }

    /// How many help lines the overlay shows at once (its box leaves a row above and
    /// below, and has a border).
    static func helpVisibleRows(_ state: ExplorerState) -> Int {
        max(0, state.layout.rows - 4)
    }

    static func helpLines(_ state: ExplorerState) -> [String] {
        var lines: [String] = []
        // The box leaves a column each side and has a border and a space inside it.
        let width = min(76, state.layout.columns - 6)
        if let notes = state.session.scene.notes {
            lines += wrap(notes, width: width)
            lines.append("")
        }
        // A key's line wider than the box continues under its description (the key column
        // is 14 wide).
        for line in Keymap.helpLines {
            guard line.displayWidth > width, line.count > 14 else { lines.append(line); continue }
            let key = String(line.prefix(14)), text = String(line.dropFirst(14))
            for (i, part) in wrap(text, width: max(10, width - 14)).enumerated() {
                lines.append((i == 0 ? key : String(repeating: " ", count: 14)) + part)
            }
        }
        lines.append("")
        lines += CommandTable.helpLines(width: width)
        lines.append("")
        lines += CommandTable.authoringHelpLines(width: width)
        return lines
    }

    static func drawTooSmall(_ canvas: inout Canvas, _ layout: ScreenLayout) {
        let lines = ["terminal too small:", "need \(ScreenLayout.minimumColumns)×\(ScreenLayout.minimumRows)", "have \(layout.columns)×\(layout.rows)"]
        let top = max(0, layout.rows / 2 - 1)
        for (i, line) in lines.enumerated() {
            let col = max(0, (layout.columns - line.displayWidth) / 2)
            canvas.write(line, column: col, row: top + i, style: CellStyle(bold: true))
        }
    }

    /// The cells `drawCrosshair` covers round `cell` (canvas coordinates), and one past each
    /// arm's end: names are placed away from them ("UITableView│abel" was a name cut by
    /// the crosshair drawn over it).
    static func crosshairCells(at cell: CellPosition) -> [CellPosition] {
        (-3...3).map { CellPosition(column: cell.column + $0, row: cell.row) }
            + [-1, 1].map { CellPosition(column: cell.column, row: cell.row + $0) }
    }

    static func drawCrosshair(_ canvas: inout Canvas, at cell: CellPosition, in area: CellRect, unicode: Bool, keepBackground: Bool = false) {
        let c = area.column + cell.column, r = area.row + cell.row
        guard area.contains(CellPosition(column: c, row: r)) else { return }
        let style = crosshairStyle
        func put(_ dc: Int, _ dr: Int, _ g: Character) {
            let p = CellPosition(column: c + dc, row: r + dr)
            guard area.contains(p) else { return }
            // The exploded view's filled plane stays filled under the crosshair.
            var s = style
            if keepBackground {
                // Black or white on the fill, whichever stands out (the crosshair's magenta is the fill's hue).
                let bg = canvas[p.column, p.row].style.background
                var fg = style.foreground
                if case let .rgb(r, g, b) = bg { fg = 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b) < 128 ? .rgb(255, 255, 255) : .rgb(0, 0, 0) }
                s = CellStyle(foreground: fg, background: bg, bold: true)
            }
            canvas[p.column, p.row] = Cell(g, style: s)
        }
        put(-2, 0, unicode ? "─" : "-"); put(-1, 0, unicode ? "─" : "-")
        put(1, 0, unicode ? "─" : "-"); put(2, 0, unicode ? "─" : "-")
        put(0, -1, unicode ? "│" : "|"); put(0, 1, unicode ? "│" : "|")
        put(0, 0, unicode ? "┼" : "+")
    }

    static func drawTitle(_ canvas: inout Canvas, _ state: ExplorerState, _ layout: ScreenLayout, unicode: Bool) {
        canvas.clear(row: layout.titleRow, column: 0, count: layout.columns, style: titleStyle)
        let file =
            state.session.filePath ?? state.sceneName ?? (state.session.scene.notes?.hasPrefix("Imported from ") == true ? "(imported, not saved)" : "(tour)")
        let dirty =
            (state.following.map { " [\($0)]" } ?? "") + (state.session.isDirty && state.following == nil ? " [+]" : "")
            + (state.diskNotice ?? (state.fileError != nil ? "file error" : nil)).map { " [\($0)]" }.orEmpty
        let title = " LayerScope · " + file + dirty + (state.session.scene.title.map { " · " + $0 } ?? "")
        let modeLabel: String
        switch state.mode {
        case .normal, .help, .confirmQuit, .confirmOverwrite, .command: modeLabel = "NORMAL"
        case .anchor: modeLabel = "ANCHOR " + state.anchorBehaviour.rawValue
        case .cursor: modeLabel = "CURSOR hit-test"
        case .tree: modeLabel = "TREE"
        }
        let right = " " + modeLabel + " "
        // A title wider than its room ends in "…", so a cut title never reads as whole.
        let room = max(0, layout.columns - right.displayWidth - 1)
        canvas.write(
            title.displayWidth > room ? Panel.middleEllipsis(title, width: room, tail: 0) : title,
            column: 0, row: layout.titleRow, style: titleStyle, maxWidth: room)
        canvas.write(
            right, column: max(0, layout.columns - right.displayWidth), row: layout.titleRow,
            style: CellStyle(foreground: Chrome.titleBar, background: Chrome.highlight, bold: true))
    }

    static func drawStatus(_ canvas: inout Canvas, _ state: ExplorerState, _ layout: ScreenLayout, footer: Footer) {
        let style = state.statusIsError ? CellStyle(foreground: Chrome.alert, bold: true, reverse: true) : statusStyle
        let top = footer.statusBottomRow - footer.status.count + 1
        for (i, line) in footer.status.enumerated() {
            canvas.clear(row: top + i, column: 0, count: layout.columns, style: statusStyle)
            canvas.write(line, column: 0, row: top + i, style: style, maxWidth: footer.statusRoom ?? layout.columns)
        }
        if let right = footer.right, right.displayWidth < layout.columns {
            canvas.write(right, column: layout.columns - right.displayWidth, row: footer.statusBottomRow, style: statusStyle)
        }
    }

    static func drawPanel(_ canvas: inout Canvas, _ state: ExplorerState, _ area: CellRect, report: CursorReport?, unicode: Bool, exploded: DepthFrame? = nil) {
        let tree = state.session.tree
        let pane = TreePanel(state, area: area, unicode: unicode)
        var lines = pane.banner
        lines.append(PanelLine("Layers" + (state.mode == .tree ? " (j/k, Esc)" : "") + " · \(tree.count)", style: headingStyle))
        lines += pane.visible
        if tree.count == 0 { lines += wrap(ExplorerState.emptySceneHint, width: area.columns).map { PanelLine($0, style: dimStyle) } }
        lines.append(PanelLine(""))
        switch state.panelPage {
        case .inspector where state.picture.present:
            // Presentation: the inspector page is reduced to the essentials; `i` still turns
            // to the formula and hit-test pages.
            lines += Picture.essentials(state)
            lines += MeasureView.panelLines(state, drawn: TimeView.drawnTree(state))
        case .inspector:
            if let exploded { lines += DepthView.panelLines(state, exploded) }
            if let report {
                lines += cursorLines(report, tree: tree, order: state.session.hitTestOrder)
                lines += ContentPage.drawnContentLines(tree, at: report.point)
                if let line = TimeView.hitLine(state, point: report.point) { lines.append(line) }
                lines.append(PanelLine(""))
            }
            let time = TimeView.panelLines(state)
            if !time.isEmpty { lines += time; lines.append(PanelLine("")) }
            let measure = MeasureView.panelLines(state, drawn: TimeView.drawnTree(state))
            if !measure.isEmpty { lines += measure; lines.append(PanelLine("")) }
            lines += Inspector.lines(tree, layer: state.session.selection)
        case .formula:
            lines += Why.formulaLines(state)
        case .hitTest:
            lines += Why.hitTestLines(state)
        case .content:
            lines += ContentPage.lines(state)
        }
        lines.append(PanelLine(""))
        lines.append(PanelLine("i: next panel (\(state.panelPage.rawValue))", style: dimStyle))
        Panel.draw(lines, into: &canvas, region: area)
    }

    static func drawBox(_ canvas: inout Canvas, title: String, lines: [String], layout: ScreenLayout, unicode: Bool) {
        let width = min(layout.columns - 2, max(title.displayWidth + 4, (lines.map(\.displayWidth).max() ?? 0) + 4))
        let height = min(layout.rows - 2, lines.count + 2)
        guard width > 4, height > 2 else { return }
        let left = (layout.columns - width) / 2, top = max(1, (layout.rows - height) / 2)
        let style = CellStyle(foreground: Chrome.boxText, background: Chrome.boxBackground)
        let h: Character = unicode ? "─" : "-", v: Character = unicode ? "│" : "|"
        for r in 0..<height {
            for c in 0..<width {
                let g: Character
                switch (r, c) {
                case (0, 0): g = unicode ? "┌" : "+"
                case (0, width - 1): g = unicode ? "┐" : "+"
                case (height - 1, 0): g = unicode ? "└" : "+"
                case (height - 1, width - 1): g = unicode ? "┘" : "+"
                case (0, _), (height - 1, _): g = h
                case (_, 0), (_, width - 1): g = v
                default: g = " "
                }
                canvas[left + c, top + r] = Cell(g, style: style)
            }
        }
        canvas.write(
            " \(title) ", column: left + 2, row: top, style: CellStyle(foreground: Chrome.highlight, background: Chrome.boxBackground, bold: true),
            maxWidth: width - 4)
        for (i, line) in lines.prefix(height - 2).enumerated() {
            canvas.write(line, column: left + 2, row: top + 1 + i, style: style, maxWidth: width - 4)
        }
    }

    /// Wraps at spaces to `width` columns (display width). A word wider than a line — a
    /// run of CJK text, which has no spaces, or a long path — breaks between characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var current = ""
        var used = 0
        for word in text.split(separator: " ") {
            let w = word.displayWidth
            let gap = current.isEmpty ? 0 : 1
            if used + gap + w <= width {
                current += (gap == 1 ? " " : "") + word
                used += gap + w
                continue
            }
            if w <= width {
                lines.append(current)
                current = String(word); used = w
                continue
            }
            // Too wide for any line: fill this one, then break between characters.
            if !current.isEmpty, used + 1 < width { current += " "; used += 1 } else if !current.isEmpty { lines.append(current); current = ""; used = 0 }
            for ch in word {
                let cw = DisplayWidth.of(ch)
                if used + cw > width { lines.append(current); current = ""; used = 0 }
                current.append(ch); used += cw
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
