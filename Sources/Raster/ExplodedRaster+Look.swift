import LayerModel

/// How the exploded view colours a plane's quads (depth.md, "What the explorer shows"): one
/// rule read by the cell picture (`ExplodedRaster.render`) and the pixel picture
/// (`PixelRaster.exploded`), so the two always agree.
extension ExplodedRaster {
    /// An outline's colour: the selection's, else the layer's own colour made readable on
    /// the backdrop (picked through the caller's `picks`, kept from frame to frame).
    public static func outlineColor(
        _ item: Item, selection: LayerID?, palette: RasterPalette,
        picks: inout ContrastPicks
    ) -> Color {
        item.layer == selection ? palette.selection : picks.pick(item.color ?? palette.defaultOutline, on: palette.backdrop)
    }

    /// A quad's fill on the selected plane (the only plane filled): the layer's own colour
    /// over the backdrop, else a faint neutral tint — the selection is marked by its outline
    /// and plaque, never by recolouring (issue 32).
    public static func planeFill(_ item: Item, selection: LayerID?, palette: RasterPalette) -> Color {
        item.fill.map { PackedColor.blend($0, over: palette.backdrop, alpha: planeFillAlpha) } ?? CanvasMark.selectedPlane.color(palette)
    }
}
