import Cells
import Geometry
import LayerModel

extension PixelRaster {
    /// The exploded view in pixels (depth.md, docs/picture.md "Pixels"): the cell exploded
    /// view's quads (`ExplodedRaster.Item`, back to front, already through the camera) in
    /// the same viewport, drawn pixel-exact — the selected plane's quads filled first (the
    /// selection's last), then each outline one line wide (the selection's twice), in the
    /// colours `ExplodedRaster.outlineColor` and `planeFill` give the cell picture. Names
    /// stay terminal text (the cell picture's plaques).
    static func recordExploded(
        _ items: [ExplodedRaster.Item], viewport: Viewport, columns: Int, rows: Int,
        cellWidth: Int, cellHeight: Int, selection: LayerID?, palette: RasterPalette,
        picks: inout ContrastPicks
    )
        -> (list: PixelDisplayList, width: Int, height: Int, backdrop: UInt32)
    {
        let cw = max(1, cellWidth), ch = max(1, cellHeight)
        let backdrop = rgb(palette.backdrop)
        var surface = PixelSurface(width: max(0, columns) * cw, height: max(0, rows) * ch)
        guard columns > 0, rows > 0 else { return (surface.list, surface.width, surface.height, backdrop) }
        let toPixels = pixelMap(viewport, cellWidth: cw, cellHeight: ch)
        let marks = Marks(cellWidth: cw, cellHeight: ch, scale: 1, bold: false)
        func corners(_ item: ExplodedRaster.Item) -> [PolyVertex]? {
            var out: [PolyVertex] = []
            for p in [item.quad.p0, item.quad.p1, item.quad.p2, item.quad.p3] {
                guard let q = toPixels.apply(to: p), q.x.isFinite, q.y.isFinite else { return nil }
                out.append(PolyVertex(x: q.x, y: q.y, real: true))
            }
            return out
        }
        let selectedPlane = items.first { $0.layer == selection }?.plane
        for (index, item) in items.enumerated() {
            if item.plane == selectedPlane, index == 0 || items[index - 1].plane != selectedPlane {
                // The whole selected plane filled before its outlines, the selection's quad last.
                var onPlane = items.indices.filter { items[$0].plane == selectedPlane }
                if let s = onPlane.firstIndex(where: { items[$0].layer == selection }) { onPlane.append(onPlane.remove(at: s)) }
                for j in onPlane {
                    guard let quad = corners(items[j]) else { continue }
                    surface.fill(quad, color: rgb(ExplodedRaster.planeFill(items[j], selection: selection, palette: palette)), alpha: 1)
                }
            }
            guard let quad = corners(item) else { continue }
            let color = rgb(ExplodedRaster.outlineColor(item, selection: selection, palette: palette, picks: &picks))
            let width = item.layer == selection ? marks.line * 2 : max(1, marks.line / 2)
            surface.outlineCentred(quad, width: width, color: color)
        }
        return (surface.list, surface.width, surface.height, backdrop)
    }

    /// `recordExploded`, painted into a new image.
    public static func renderExploded(
        _ items: [ExplodedRaster.Item], viewport: Viewport, columns: Int, rows: Int,
        cellWidth: Int = defaultCellSize.width, cellHeight: Int = defaultCellSize.height,
        selection: LayerID?, palette: RasterPalette
    ) -> PixelImage {
        var picks = ContrastPicks()
        let (list, width, height, backdrop) = recordExploded(
            items, viewport: viewport, columns: columns, rows: rows, cellWidth: cellWidth,
            cellHeight: cellHeight, selection: selection, palette: palette, picks: &picks)
        var work = PixelDisplayList.PaintWork()
        let image = PixelDisplayList.image(of: list, width: width, height: height, backdrop: backdrop, work: &work).image
        return image
    }
}
