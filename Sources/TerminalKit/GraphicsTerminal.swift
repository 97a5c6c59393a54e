import Cells

/// A terminal that can show images beside its cells (docs/picture.md, "Pixels"): the run
/// loop draws the frame's cells with `draw`, then hands the image's bytes (kitty, sixel or
/// iTerm2, made by the Graphics target) to `writeImage`, which writes them after the cells,
/// through the same output (so `--record` sees them in order).
public protocol GraphicsTerminal: Terminal {
    /// Writes `bytes` after the last frame's cells. `repaint`, when given, is the region an
    /// image has just covered (sixel, iTerm2): its non-blank cells are written again over
    /// the image, as plaques. `clear` forgets the whole region, so the next frame writes
    /// every cell of it again (an image left behind is painted over).
    func writeImage(_ bytes: [UInt8], repaint: CellRect?, clear: CellRect?) throws
}
