import Cells
import Graphics
import LayerModel
import Raster

/// The flat canvas in pixels (docs/picture.md, "Pixels"): the picture `PixelRaster` draws
/// from the same tree, viewport and options as the cell canvas (`ExplorerScreen`), and where
/// on the screen it goes.
public enum PixelCanvas {
    /// The image and its cells; nil when this screen has no pixel canvas: too small, the
    /// exploded view (drawn in cells), or a box over the canvas (help, a question).
    public static func render(_ state: ExplorerState, options: ScreenOptions, cellWidth: Int, cellHeight: Int)
        -> (image: PixelImage, area: CellRect)? {
        let layout = state.layout
        guard !layout.isTooSmall, !layout.canvas.isEmpty, !state.session.depth.exploded else { return nil }
        switch state.mode {
        case .help, .confirmQuit, .confirmOverwrite: return nil
        default: break
        }
        let report = state.mode == .cursor ? state.cursor.map { CursorReport(state: state, point: $0) } : nil
        let drawn = TimeView.drawnTree(state)
        let rasterOptions = ExplorerScreen.flatRasterOptions(state, options: options, drawn: drawn, report: report)
        let image = PixelRaster.render(drawn, viewport: state.viewport, columns: layout.canvas.columns, rows: layout.canvas.rows,
                                       cellWidth: cellWidth, cellHeight: cellHeight, options: rasterOptions)
        return (image, layout.canvas)
    }

    /// The bytes that show `image` with its top-left at cell `area`'s, by `graphics`:
    /// the cursor saved, moved there, the image, the cursor restored.
    public static func imageBytes(_ image: PixelImage, area: CellRect, graphics: GraphicsProtocol, kittyID: UInt32) -> [UInt8] {
        var out = Array("\u{1B}7\u{1B}[\(area.row + 1);\(area.column + 1)H".utf8)
        switch graphics {
        case .kitty: out += Kitty.transmitAndPlace(image, id: kittyID, columns: area.columns, rows: area.rows)
        case .sixel: out += Sixel.encode(image)
        case .iterm: out += ITerm.image(image, columns: area.columns, rows: area.rows)
        case .cells: return []
        }
        return out + Array("\u{1B}8".utf8)
    }
}

/// The image side of the explorer's frames (docs/picture.md, "Cheap frames"): sends an image
/// only when the canvas picture changed; kitty keeps two ids and swaps them (the new image
/// placed before the old one is deleted, so nothing flickers); sixel and iTerm2 images are
/// sent again when text on them changed (it cut holes), and their cells repainted when the
/// image goes. Counts what it sent (`bench --section pixels`).
public final class PixelFrames {
    public let graphics: GraphicsProtocol
    public let cellWidth: Int
    public let cellHeight: Int
    private var shown: (image: PixelImage, area: CellRect)?
    /// The canvas region's cells when the image was last sent (sixel, iTerm2: text on it).
    private var textOnImage: Canvas?
    private var kittyID: UInt32 = 1
    /// Images sent and their bytes, since the start.
    public private(set) var imagesSent = 0
    public private(set) var bytesSent = 0

    public init(graphics: GraphicsProtocol, cellWidth: Int, cellHeight: Int) {
        self.graphics = graphics; self.cellWidth = max(1, cellWidth); self.cellHeight = max(1, cellHeight)
    }

    /// What to write after the frame's cells (`GraphicsTerminal.writeImage`).
    public struct Output {
        public var bytes: [UInt8] = []
        public var repaint: CellRect? = nil
        public var clear: CellRect? = nil
        public var isEmpty: Bool { bytes.isEmpty && repaint == nil && clear == nil }
    }

    /// The image bytes for a frame whose cells are `screen` (already drawn).
    public func frame(_ state: ExplorerState, options: ScreenOptions, screen: Canvas) -> Output {
        guard graphics != .cells else { return Output() }
        guard let now = PixelCanvas.render(state, options: options, cellWidth: cellWidth, cellHeight: cellHeight) else {
            return removeImage()
        }
        let text = region(screen, now.area)
        if let shown, shown.area == now.area, shown.image == now.image {
            // The same picture: nothing, unless text over a sixel image changed (holes).
            if graphics == .kitty || text == textOnImage { return Output() }
        }
        var out = Output()
        if graphics == .kitty {
            kittyID = kittyID == 1 ? 2 : 1
            out.bytes = PixelCanvas.imageBytes(now.image, area: now.area, graphics: .kitty, kittyID: kittyID)
            // The other id's image, whether or not it is known to be on screen (after a
            // suspension it may be): deleting an id that holds nothing does nothing.
            out.bytes += Kitty.delete(id: kittyID == 1 ? 2 : 1)
            if let shown, shown.area != now.area { out.clear = shown.area }
        } else {
            if let shown, shown.area != now.area { out.clear = shown.area }
            out.bytes = PixelCanvas.imageBytes(now.image, area: now.area, graphics: graphics, kittyID: 0)
            out.repaint = now.area
        }
        shown = now
        textOnImage = text
        imagesSent += 1
        bytesSent += out.bytes.count
        return out
    }

    /// Takes the image off the screen (the canvas has none now, or the program ends).
    public func removeImage() -> Output {
        guard let old = shown else { return Output() }
        shown = nil
        textOnImage = nil
        var out = Output()
        if graphics == .kitty {
            out.bytes = Kitty.delete(id: kittyID)
        }
        out.clear = old.area
        bytesSent += out.bytes.count
        return out
    }

    /// Forgets what is on screen (after a resize or a suspension the terminal was cleared).
    public func invalidate() {
        shown = nil
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
