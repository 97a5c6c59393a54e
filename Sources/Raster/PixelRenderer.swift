import Cells
import LayerModel

/// The pixel canvas kept from frame to frame (docs/picture.md, "Cheap frames"): each frame's
/// picture is recorded as fills (`PixelDisplayList`, cheap: geometry only), compared with
/// the last frame's, and only where the two can differ (`PixelDisplayList.damage`) is the
/// image painted again — cleared to the backdrop and every fill touching it painted,
/// clipped there, which gives exactly the pixels a whole new painting would. A rotate key
/// repaints the turned layer's old and new place and its marks, not the 2000 × 1200 canvas.
public final class PixelRenderer {
    /// The last frame's picture.
    public private(set) var image = PixelImage(width: 0, height: 0)
    private var list: PixelDisplayList?
    private var backdrop: UInt32 = 0
    /// The exploded outlines' colour picks, kept from frame to frame.
    private var picks = ContrastPicks()

    /// Work done by the last `render` (tests count it): the pixels painted again (the damaged
    /// rectangles' area) and the fills painted into them.
    public private(set) var repaintedPixels = 0
    public private(set) var paintedFills = 0

    public init() {}

    /// Forgets the last frame: the next one is painted whole.
    public func reset() { list = nil }

    /// Renders the frame (the arguments are `PixelRaster.render`'s) into `image`; returns the
    /// smallest rectangle holding every pixel that differs from the last frame's image (the
    /// whole image when there was none, or the size or backdrop changed), nil when none does.
    @discardableResult
    public func render(
        _ tree: LayerTree, viewport: Viewport, columns: Int, rows: Int,
        cellWidth: Int = PixelRaster.defaultCellSize.width, cellHeight: Int = PixelRaster.defaultCellSize.height,
        options: RasterOptions = RasterOptions()
    ) -> PixelRect? {
        let (now, width, height, backdrop) = PixelRaster.record(
            tree, viewport: viewport, columns: columns, rows: rows,
            cellWidth: cellWidth, cellHeight: cellHeight, options: options)
        return update(now, width: width, height: height, backdrop: backdrop)
    }

    /// The exploded view (`PixelRaster.renderExploded`'s arguments), kept the same way.
    @discardableResult
    public func renderExploded(
        _ items: [ExplodedRaster.Item], viewport: Viewport, columns: Int, rows: Int,
        cellWidth: Int = PixelRaster.defaultCellSize.width, cellHeight: Int = PixelRaster.defaultCellSize.height,
        selection: LayerID?, palette: RasterPalette
    ) -> PixelRect? {
        let (now, width, height, backdrop) = PixelRaster.recordExploded(
            items, viewport: viewport, columns: columns, rows: rows, cellWidth: cellWidth,
            cellHeight: cellHeight, selection: selection, palette: palette,
            picks: &picks)
        return update(now, width: width, height: height, backdrop: backdrop)
    }

    private func update(_ now: PixelDisplayList, width: Int, height: Int, backdrop: UInt32) -> PixelRect? {
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        defer { list = now; self.backdrop = backdrop }
        guard let old = list, image.width == width, image.height == height, self.backdrop == backdrop else {
            var work = PixelDisplayList.PaintWork()
            (image, paintedFills) = PixelDisplayList.image(of: now, width: width, height: height, backdrop: backdrop, work: &work)
            repaintedPixels = whole.area
            return whole.isEmpty ? nil : whole
        }
        let rects = now.damage(since: old).map { $0.intersection(whole) }.filter { !$0.isEmpty }
        repaintedPixels = 0
        paintedFills = 0
        var changed: PixelRect?
        var before: [UInt32] = []
        for r in rects {
            // Keep the old pixels, clear, paint; then find what really changed.
            before.removeAll(keepingCapacity: true)
            before.reserveCapacity(r.area)
            image.pixels.withUnsafeMutableBufferPointer { px in
                for y in r.y..<r.maxY {
                    let row = px.baseAddress! + y * width
                    before.append(contentsOf: UnsafeBufferPointer(start: row + r.x, count: r.width))
                    (row + r.x).update(repeating: backdrop, count: r.width)
                }
            }
            paintedFills += now.paint(into: &image, clip: r)
            repaintedPixels += r.area
            if let diff = Self.difference(image, before, in: r) { changed = changed.map { $0.union(diff) } ?? diff }
        }
        return changed
    }

    /// The smallest rectangle of `r` where `image` differs from `before` (r's old pixels, row by row).
    private static func difference(_ image: PixelImage, _ before: [UInt32], in r: PixelRect) -> PixelRect? {
        image.pixels.withUnsafeBufferPointer { px in
            before.withUnsafeBufferPointer { old in
                PixelRect.differing(in: r, px, width: image.width, origin: (0, 0), old, width: r.width, origin: (r.x, r.y))
            }
        }
    }
}
