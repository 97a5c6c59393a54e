import Cells
import Graphics
import LayerModel
import Raster

/// The flat canvas in pixels (docs/picture.md, "Pixels"): the picture `PixelRaster` draws
/// from the same tree, viewport and options as the cell canvas (`ExplorerScreen`), and where
/// on the screen it goes.
public enum PixelCanvas {
    /// The image and its cells; nil when this screen has no pixel canvas: too small, or a
    /// box over the canvas (help, a question).
    public static func render(_ state: ExplorerState, options: ScreenOptions, cellWidth: Int, cellHeight: Int)
        -> (image: PixelImage, area: CellRect)?
    {
        // A fresh renderer's first frame is the whole painting (PixelRendererTests).
        let renderer = PixelRenderer()
        guard let (_, area) = render(state, options: options, cellWidth: cellWidth, cellHeight: cellHeight, into: renderer) else { return nil }
        return (renderer.image, area)
    }

    /// `render` into `renderer`, painting only what changed since its last frame: the cells,
    /// and the pixels that differ from its last image (nil: none).
    public static func render(
        _ state: ExplorerState, options: ScreenOptions, cellWidth: Int, cellHeight: Int,
        into renderer: PixelRenderer
    ) -> (changed: PixelRect?, area: CellRect)? {
        guard let area = area(state) else { return nil }
        if state.session.depth.exploded {
            let frame = DepthFrame(state)
            let changed = renderer.renderExploded(
                frame.items, viewport: frame.viewport, columns: area.columns, rows: area.rows,
                cellWidth: cellWidth, cellHeight: cellHeight,
                selection: state.session.selection, palette: options.palette)
            return (changed, area)
        }
        let (tree, rasterOptions) = flat(state, options: options)
        let changed = renderer.render(
            tree, viewport: state.viewport, columns: area.columns, rows: area.rows,
            cellWidth: cellWidth, cellHeight: cellHeight, options: rasterOptions)
        return (changed, area)
    }

    /// The canvas's cells when it is drawn in pixels.
    static func area(_ state: ExplorerState) -> CellRect? {
        let layout = state.layout
        guard !layout.isTooSmall, !layout.canvas.isEmpty else { return nil }
        switch state.mode {
        case .help, .confirmQuit, .confirmOverwrite: return nil
        default: return layout.canvas
        }
    }

    /// What the flat pixel canvas draws: the tree and the options (the cell canvas's).
    private static func flat(_ state: ExplorerState, options: ScreenOptions) -> (tree: LayerTree, options: RasterOptions) {
        let report = state.mode == .cursor ? state.cursor.map { CursorReport(state: state, point: $0) } : nil
        let drawn = TimeView.drawnTree(state)
        return (drawn, ExplorerScreen.flatRasterOptions(state, options: options, drawn: drawn, report: report))
    }

    /// The bytes that show `image` with its top-left at cell `area`'s, by `graphics`:
    /// the cursor saved, moved there, the image, the cursor restored.
    public static func imageBytes(_ image: PixelImage, area: CellRect, graphics: GraphicsProtocol, kittyID: UInt32) -> [UInt8] {
        var out = Array("\u{1B}7\u{1B}[\(area.row + 1);\(area.column + 1)H".utf8)
        switch graphics {
        case .kitty: out += Kitty.transmitAndPlace(image, id: kittyID, columns: area.columns, rows: area.rows)
        case .sixel: out += Sixel.encode(image)
        case .iterm: out += ITerm.image(image, columns: area.columns, rows: area.rows)
        case .kittyPlaceholders:
            // Placed virtually, shown by the canvas's cells: no cursor to move.
            return TmuxPassthrough.wrapEach(KittyPlaceholder.transmit(image, id: kittyID, columns: area.columns, rows: area.rows))
        case .cells: return []
        }
        return out + Array("\u{1B}8".utf8)
    }
}

/// The image side of the explorer's frames (docs/picture.md, "Cheap frames"): the picture is
/// kept by a `PixelRenderer`, which repaints only what changed and says where; an image is
/// sent only when the picture changed; kitty keeps two ids and swaps them (the new image
/// placed before the old one is deleted, so nothing flickers); sixel and iTerm2 images are
/// sent again where text on them changed (it cut holes), and their cells repainted when the
/// image goes. Counts what it sent (`bench --section pixels`).
public final class PixelFrames {
    public let graphics: GraphicsProtocol
    public let cellWidth: Int
    public let cellHeight: Int
    /// The picture, kept and repainted where it changes.
    public let renderer = PixelRenderer()
    /// Where the image is on screen; nil when none is.
    private var shown: CellRect?
    /// The canvas region's cells when the image was last sent (sixel, iTerm2: text on it).
    private var textOnImage: Canvas?
    private var kittyID: UInt32 = 1
    /// kitty: the full image last sent (patches are cut against it), and the pixels where
    /// the picture may differ from it since.
    private var base: PixelImage?
    private var sinceBase: PixelRect?
    private var patchID: UInt32 = 4
    /// Images sent and their bytes, since the start.
    public private(set) var imagesSent = 0
    public private(set) var bytesSent = 0

    /// kitty's Unicode placeholders (inside tmux): the colour the canvas's cells name the
    /// full image with, and its id; the patch images' are `ink.next` and `ink.next.next`, in turn.
    public let ink: KittyPlaceholder.Ink
    /// Placeholders: the full image's cells as last made (rebuilt when the canvas's size
    /// changes); the size the full image was last sent for (a new size deletes it first);
    /// the patch on screen (cells of the canvas), if any.
    private var placeholderGrid: Canvas?
    private var placedArea: CellRect?
    private var placeholderPatch: CellRect?
    /// The patch image on screen (or last sent) is `ink.next.next` rather than `ink.next`.
    private var secondPatchInk = true  // toggled before each patch: the first is `ink.next`
    private var patchInk: KittyPlaceholder.Ink { secondPatchInk ? ink.next.next : ink.next }
    private var otherPatchInk: KittyPlaceholder.Ink { secondPatchInk ? ink.next : ink.next.next }

    public init(
        graphics: GraphicsProtocol, cellWidth: Int, cellHeight: Int,
        ink: KittyPlaceholder.Ink = KittyPlaceholder.Ink(index: 16, truecolorReachesTerminal: false)
    ) {
        self.graphics = graphics; self.cellWidth = max(1, cellWidth); self.cellHeight = max(1, cellHeight)
        self.ink = ink
    }

    /// Placeholders: the image's bytes are written before the frame's cells (`frame` first,
    /// then `cells`), so the cells never name an image the terminal does not hold yet.
    public var writesImageBeforeCells: Bool { graphics == .kittyPlaceholders }

    /// Placeholders: the frame's cells with every blank cell of the canvas a placeholder
    /// cell (U+10EEEE, its row and column in the image as combining marks, in the colour
    /// naming the image): the full image's, or inside the patch the patch image's, its row
    /// and column counted from the patch's corner. So the image shows there and tmux keeps
    /// it as text; names, marks and the rest stay as they are, plaques on the image. Other
    /// protocols: `screen` unchanged.
    public func cells(_ state: ExplorerState, screen: Canvas) -> Canvas {
        guard graphics == .kittyPlaceholders, let area = PixelCanvas.area(state) else { return screen }
        let grid = placeholders(columns: area.columns, rows: area.rows)
        let patch = placedArea == area ? placeholderPatch : nil
        let patchStyle = CellStyle(foreground: .rgb(patchInk.red, patchInk.green, patchInk.blue))
        var out = screen
        for row in 0..<area.rows where area.row + row < out.rows {
            for column in 0..<area.columns where area.column + column < out.columns {
                guard out[area.column + column, area.row + row] == .blank else { continue }
                if let patch, column >= patch.column, column < patch.column + patch.columns, row >= patch.row, row < patch.row + patch.rows,
                    let text = patchInk.cell(row: row - patch.row, column: column - patch.column), let glyph = text.first
                {
                    out[area.column + column, area.row + row] = Cell(glyph, style: patchStyle)
                } else {
                    out[area.column + column, area.row + row] = grid[column, row]
                }
            }
        }
        return out
    }

    /// The placeholder cells of a `columns × rows` image (made once per size): past 297
    /// cells a side, each tile's cells named from its corner with its ink (`PlaceholderTiles`).
    private func placeholders(columns: Int, rows: Int) -> Canvas {
        if let grid = placeholderGrid, grid.columns == columns, grid.rows == rows { return grid }
        var grid = Canvas(columns: columns, rows: rows)
        let style = CellStyle(foreground: .rgb(ink.red, ink.green, ink.blue))  // every tile's colour
        let tiles = PlaceholderTiles(columns: columns, rows: rows)
        let inks = (0..<tiles.count).map(ink.tile)
        for row in 0..<rows {
            for column in 0..<columns {
                if let t = tiles.tile(column: column, row: row), let text = inks[t.index].cell(row: t.row, column: t.column), let glyph = text.first {
                    grid[column, row] = Cell(glyph, style: style)
                }
            }
        }
        placeholderGrid = grid
        return grid
    }

    /// Placeholders: images sent through tmux's passthrough, each with a virtual placement,
    /// only when the picture changed (or was never sent, or the terminal was cleared). Like
    /// kitty's own frames, a change in at most half of the canvas's cells is a **patch**: the
    /// changed cells' pixels, cut against the full image last sent (so one patch covers
    /// everything since), sent as a second image over the patch's cells, whose text then
    /// names it; a picture back to the full image deletes the patch. A bigger change sends the
    /// full image again as `ink.id` (kitty replaces it; the cells, which name only the id,
    /// stay as they are) and deletes the patch. A new canvas size deletes the old image first.
    private func placeholderFrame(_ now: (changed: PixelRect?, area: CellRect), _ text: Canvas) -> Output {
        let image = renderer.image
        var out = Output()
        if let shown, shown == now.area, placedArea == now.area {
            guard let changed = now.changed, let base else { return Output() }
            let since = sinceBase.map { $0.union(changed) } ?? changed
            guard let differs = Self.difference(image, base, in: since) else {
                sinceBase = nil
                guard placeholderPatch != nil else { return Output() }
                placeholderPatch = nil
                out.afterCells = TmuxPassthrough.wrap(Kitty.delete(id: patchInk.id))
                bytesSent += out.afterCells.count
                return out
            }
            sinceBase = differs
            let patch = cellsOf(differs)
            // A patch is one image: its cells must be nameable (at most 297 a side).
            if patch.columns * patch.rows * 2 <= now.area.columns * now.area.rows, patch.columns <= PlaceholderTiles.side,
                patch.rows <= PlaceholderTiles.side
            {
                let crop = image.cropped(
                    x: patch.column * cellWidth, y: patch.row * cellHeight,
                    width: patch.columns * cellWidth, height: patch.rows * cellHeight)
                // The two patch ids in turn: the new one sent before the cells name it, the
                // old one deleted after they no longer do.
                secondPatchInk.toggle()
                out.bytes = TmuxPassthrough.wrapEach(KittyPlaceholder.transmit(crop, id: patchInk.id, columns: patch.columns, rows: patch.rows))
                if placeholderPatch != nil { out.afterCells = TmuxPassthrough.wrap(Kitty.delete(id: otherPatchInk.id)) }
                placeholderPatch = patch
                return sent(out, now.area, text)
            }
        }
        if let placedArea, placedArea != now.area { out.bytes = deleteTiles(of: placedArea) }
        out.bytes += transmitTiles(image, area: now.area)
        // The patch goes after the cells stop naming it; on the first frame both patch ids
        // go (an earlier run in this pane may have left them).
        if placedArea == nil {
            out.afterCells = TmuxPassthrough.wrap(Kitty.delete(id: ink.next.id)) + TmuxPassthrough.wrap(Kitty.delete(id: ink.next.next.id))
        } else if placeholderPatch != nil {
            out.afterCells = TmuxPassthrough.wrap(Kitty.delete(id: patchInk.id))
        }
        placeholderPatch = nil
        placedArea = now.area
        base = image
        sinceBase = nil
        return sent(out, now.area, text)
    }

    /// Placeholders: the full image as its tiles (`PlaceholderTiles`; one below 298 cells a
    /// side), each sent as its tile's ink's id and placed virtually over the tile's cells.
    private func transmitTiles(_ image: PixelImage, area: CellRect) -> [UInt8] {
        let tiles = PlaceholderTiles(columns: area.columns, rows: area.rows)
        guard tiles.count > 1 else {
            return TmuxPassthrough.wrapEach(KittyPlaceholder.transmit(image, id: ink.id, columns: area.columns, rows: area.rows))
        }
        var out: [UInt8] = []
        for k in 0..<tiles.count {
            let r = tiles.rect(k)
            let crop = image.cropped(x: r.column * cellWidth, y: r.row * cellHeight, width: r.columns * cellWidth, height: r.rows * cellHeight)
            out += TmuxPassthrough.wrapEach(KittyPlaceholder.transmit(crop, id: ink.tile(k).id, columns: r.columns, rows: r.rows))
        }
        return out
    }

    /// Placeholders: deletes the full image's tiles as placed over `area`.
    private func deleteTiles(of area: CellRect) -> [UInt8] {
        (0..<PlaceholderTiles(columns: area.columns, rows: area.rows).count).flatMap { TmuxPassthrough.wrap(Kitty.delete(id: ink.tile($0).id)) }
    }

    /// What to write after the frame's cells (`GraphicsTerminal.writeImage`).
    public struct Output {
        public var bytes: [UInt8] = []
        public var repaint: CellRect? = nil
        public var clear: CellRect? = nil
        /// Placeholders: written after the frame's cells (a patch image no cell names any more, deleted).
        public var afterCells: [UInt8] = []
        public var isEmpty: Bool { bytes.isEmpty && repaint == nil && clear == nil && afterCells.isEmpty }
    }

    /// The image bytes for a frame whose cells are `screen` (already drawn).
    ///
    /// A picture that changed in a small part of the canvas (at most half its cells) is
    /// sent as a **patch**: the changed cells' pixels only, placed on their cells. sixel draws
    /// it over the old image; kitty places it above the full image (`z=-1` over `z=-2`),
    /// always cut from the picture against that full image, so one patch (ids 3 and 4 in
    /// turn) covers everything changed since, and the previous patch is deleted.
    public func frame(_ state: ExplorerState, options: ScreenOptions, screen: Canvas) -> Output {
        guard graphics != .cells else { return Output() }
        guard let now = PixelCanvas.render(state, options: options, cellWidth: cellWidth, cellHeight: cellHeight, into: renderer) else {
            return removeImage()
        }
        let text = region(screen, now.area)
        if graphics == .kittyPlaceholders { return placeholderFrame(now, text) }
        let image = renderer.image
        var out = Output()
        let cells = now.area.columns * now.area.rows
        if let shown, shown == now.area {
            if graphics == .kitty {
                guard let changed = now.changed, let base else { return Output() }
                let since = sinceBase.map { $0.union(changed) } ?? changed
                guard let differs = Self.difference(image, base, in: since) else {
                    // Back to the full image: the patch goes.
                    sinceBase = nil
                    out.bytes = Kitty.delete(id: patchID)
                    bytesSent += out.bytes.count
                    return out
                }
                sinceBase = differs
                let patch = cellsOf(differs)
                if patch.columns * patch.rows * 2 <= cells {
                    patchID = patchID == 3 ? 4 : 3
                    out.bytes = patchBytes(image, patch, area: now.area)
                    out.bytes += Kitty.delete(id: patchID == 3 ? 4 : 3)
                    return sent(out, now.area, text)
                }
            } else {
                var patch = now.changed.map(cellsOf)
                if let t = textOnImage, let changedText = changedText(text, t) { patch = patch.map { union($0, changedText) } ?? changedText }
                guard let patch else { return Output() }
                if patch.columns * patch.rows * 2 <= cells {
                    out.bytes = patchBytes(image, patch, area: now.area)
                    out.repaint = CellRect(
                        column: now.area.column + patch.column, row: now.area.row + patch.row,
                        columns: patch.columns, rows: patch.rows)
                    return sent(out, now.area, text)
                }
            }
        }
        if let shown, shown != now.area { out.clear = shown }
        if graphics == .kitty {
            kittyID = kittyID == 1 ? 2 : 1
            out.bytes =
                Array("\u{1B}7\u{1B}[\(now.area.row + 1);\(now.area.column + 1)H".utf8)
                + Kitty.transmitAndPlace(image, id: kittyID, columns: now.area.columns, rows: now.area.rows, zIndex: -2)
                + Array("\u{1B}8".utf8)
            // The other id's image and any patch, whether or not known to be on screen (after
            // a suspension they may be): deleting an id that holds nothing does nothing.
            out.bytes += Kitty.delete(id: kittyID == 1 ? 2 : 1) + Kitty.delete(id: 3) + Kitty.delete(id: 4)
            base = image
            sinceBase = nil
        } else {
            out.bytes = PixelCanvas.imageBytes(image, area: now.area, graphics: graphics, kittyID: 0)
            out.repaint = now.area
        }
        return sent(out, now.area, text)
    }

    private func sent(_ out: Output, _ area: CellRect, _ text: Canvas) -> Output {
        shown = area
        textOnImage = text
        imagesSent += 1
        bytesSent += out.bytes.count + out.afterCells.count
        return out
    }

    /// The cells (relative to the canvas) holding the pixels `r`.
    private func cellsOf(_ r: PixelRect) -> CellRect {
        let c0 = r.x / cellWidth, c1 = (r.maxX - 1) / cellWidth, r0 = r.y / cellHeight, r1 = (r.maxY - 1) / cellHeight
        return CellRect(column: c0, row: r0, columns: c1 - c0 + 1, rows: r1 - r0 + 1)
    }

    /// The smallest rectangle of `r` where two images of one size differ; nil when none.
    static func difference(_ a: PixelImage, _ b: PixelImage, in r: PixelRect) -> PixelRect? {
        guard a.width == b.width, a.height == b.height else { return PixelRect(x: 0, y: 0, width: a.width, height: a.height) }
        let r = r.intersection(PixelRect(x: 0, y: 0, width: a.width, height: a.height))
        guard !r.isEmpty else { return nil }
        return a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                PixelRect.differing(in: r, pa, width: a.width, origin: (0, 0), pb, width: b.width, origin: (0, 0))
            }
        }
    }

    /// The cells whose text differs between two same-size canvases, as one rectangle.
    private func changedText(_ a: Canvas, _ b: Canvas) -> CellRect? {
        guard a.columns == b.columns, a.rows == b.rows else { return CellRect(column: 0, row: 0, columns: a.columns, rows: a.rows) }
        var c0 = Int.max, r0 = Int.max, c1 = -1, r1 = -1
        for row in 0..<a.rows {
            for column in 0..<a.columns where a[column, row] != b[column, row] {
                c0 = min(c0, column); c1 = max(c1, column); r0 = min(r0, row); r1 = max(r1, row)
            }
        }
        return c1 < 0 ? nil : CellRect(column: c0, row: r0, columns: c1 - c0 + 1, rows: r1 - r0 + 1)
    }

    private func union(_ a: CellRect, _ b: CellRect) -> CellRect {
        let c0 = min(a.column, b.column), r0 = min(a.row, b.row)
        let c1 = max(a.column + a.columns, b.column + b.columns), r1 = max(a.row + a.rows, b.row + b.rows)
        return CellRect(column: c0, row: r0, columns: c1 - c0, rows: r1 - r0)
    }

    /// The pixels of `patch` (cells of the canvas at `area`), shown on those cells.
    private func patchBytes(_ image: PixelImage, _ patch: CellRect, area: CellRect) -> [UInt8] {
        let crop = image.cropped(
            x: patch.column * cellWidth, y: patch.row * cellHeight,
            width: patch.columns * cellWidth, height: patch.rows * cellHeight)
        let at = CellRect(column: area.column + patch.column, row: area.row + patch.row, columns: patch.columns, rows: patch.rows)
        if graphics == .kitty {
            return Array("\u{1B}7\u{1B}[\(at.row + 1);\(at.column + 1)H".utf8)
                + Kitty.transmitAndPlace(crop, id: patchID, columns: at.columns, rows: at.rows, zIndex: -1)
                + Array("\u{1B}8".utf8)
        }
        return PixelCanvas.imageBytes(crop, area: at, graphics: graphics, kittyID: 0)
    }

    /// Takes the image off the screen (the canvas has none now, or the program ends).
    public func removeImage() -> Output {
        guard let old = shown else { return Output() }
        shown = nil
        textOnImage = nil
        var out = Output()
        if graphics == .kittyPlaceholders {
            // The cells are text the next frame rewrites; the images go by id.
            out.bytes = placedArea.map { deleteTiles(of: $0) } ?? TmuxPassthrough.wrap(Kitty.delete(id: ink.id))
            if placeholderPatch != nil { out.bytes += TmuxPassthrough.wrap(Kitty.delete(id: patchInk.id)) }
            placedArea = nil
            placeholderPatch = nil
            base = nil
            sinceBase = nil
            bytesSent += out.bytes.count
            return out
        }
        if graphics == .kitty {
            out.bytes = Kitty.delete(id: kittyID) + Kitty.delete(id: patchID)
            base = nil
            sinceBase = nil
        }
        out.clear = old
        bytesSent += out.bytes.count
        return out
    }

    /// Forgets what is on screen (after a resize or a suspension the terminal was cleared).
    public func invalidate() {
        shown = nil
        base = nil
        sinceBase = nil
        textOnImage = nil
    }

    private func region(_ canvas: Canvas, _ area: CellRect) -> Canvas {
        var out = Canvas(columns: area.columns, rows: area.rows)
        for row in 0..<area.rows where area.row + row < canvas.rows {
            for column in 0..<area.columns where area.column + column < canvas.columns {
                out[column, row] = canvas[area.column + column, area.row + row]
            }
        }
        return out
    }
}
