/// Where a measurement's figure (a number beside its red line) may go, for the one label
/// layout (`LabelLayout`): near the line's middle, best first. The canvas and the SVG export
/// both ask here, each in its own cells, and place the figures after the names, so a figure
/// never covers a name.
public enum FigureSpots {
    /// Spots for a figure `width` cells wide beside the line (x0, y0)–(x1, y1), in cells. A
    /// line that runs across (wider than it is tall, a row counting 2 columns): above its
    /// middle, below, then on it; one that runs down: right of its middle, left, then on it.
    /// Each spot is a few cells either way, so the figure stays by its line.
    public static func spots(x0: Double, y0: Double, x1: Double, y1: Double, width: Int) -> [LabelSpot] {
        let mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        guard mx.isFinite, my.isFinite, abs(mx) < 1e7, abs(my) < 1e7, width > 0 else { return [] }
        let c = Int(mx.rounded(.down)), r = Int(my.rounded(.down))
        let reach = width + 3
        func centred(_ row: Int) -> LabelSpot { LabelSpot(row: row, minColumn: c - reach, maxColumn: c + reach + 1, align: .center(c)) }
        let right = LabelSpot(row: r, minColumn: c + 2, maxColumn: c + 2 + width + 2)
        let left = LabelSpot(row: r, minColumn: c - 1 - width - 2, maxColumn: c - 1, align: .trailing)
        if abs(x1 - x0) >= 2 * abs(y1 - y0) {
            return [centred(r - 1), centred(r + 1), centred(r)]
        }
        return [right, left, centred(r)]
    }
}
