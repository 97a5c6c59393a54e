import Cells
import Geometry
import SafeText
import LayerModel

/// Which layers get their name on the canvas.
public enum LabelMode: String, Equatable, Hashable, Sendable {
    case none
    /// The selected layer only.
    case selection
    /// The selected layer always; every other layer where its name fits inside its shape.
    case all
}

/// Where a layer landed on the canvas: its polygon's bounding box in cell coordinates.
struct LabelBox {
    var id: LayerID
    var name: String
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// The polygon's area ÷ its bounding box's area (1 for an axis-aligned rectangle).
    var fillRatio: Double
    /// The layer's fill when it is drawn opaque (its name must sit where it shows).
    var fill: Color?
    /// The polygon's rightmost, leftmost, topmost and bottommost vertices (cell
    /// coordinates), in that order (side 0 … 3): where a name beside the shape starts from.
    var tips: [(x: Double, y: Double, side: Int)] = []
    /// The layer's anchor point on the canvas, when it projects.
    var anchor: Point? = nil

    /// The extreme vertices of `poly`, in the order `tips` keeps them.
    static func tips(of poly: [PolyVertex]) -> [(x: Double, y: Double, side: Int)] {
        guard var right = poly.first else { return [] }
        var left = right, top = right, bottom = right
        for v in poly {
            if v.x > right.x { right = v }
            if v.x < left.x { left = v }
            if v.y < top.y { top = v }
            if v.y > bottom.y { bottom = v }
        }
        return [(right.x, right.y, 0), (left.x, left.y, 1), (top.x, top.y, 2), (bottom.x, bottom.y, 3)]
    }

    /// `tips`, farthest from the anchor first (a clock hand's free end before its pivot); in
    /// their own order without an anchor and for ties. Asked only for a name that goes beside.
    var tipsFarthestFirst: [(x: Double, y: Double, side: Int)] {
        guard let a = anchor else { return tips }
        // Distance in columns (a row is `2` columns tall at the usual cell aspect); rounded
        // to a tenth so vertices at the same distance keep their order.
        func d(_ t: (x: Double, y: Double, side: Int)) -> Double {
            let dx = t.x - a.x, dy = (t.y - a.y) * 2
            return ((dx * dx + dy * dy).squareRoot() * 10).rounded()
        }
        return tips.enumerated().sorted { d($0.element) != d($1.element) ? d($0.element) > d($1.element) : $0.offset < $1.offset }.map(\.element)
    }
}

/// Layer names on or beside their shapes.
///
/// - The selection first, then the others from the top of the drawing order down, so a
///   name is not hidden by a layer drawn under it; labels never overlap each other.
/// - A name goes on the first row inside its layer's box, from the first column inside (the
///   cells after the outline's), when the layer nearly fills its box (not turned) and the
///   box has room for all of it.
/// - Otherwise (a turned or thin layer, a clock hand, a box too small for its name) it goes
///   beside the shape, one cell past an extreme vertex — the one farthest from the layer's
///   anchor point first (a clock hand's free end, not its pivot), else rightmost, leftmost,
///   topmost, bottommost — on one plain surface: the name and a cell either side of it blank or solid
///   in the colour of the gap cell next to the tip, and that colour the bare terminal's or a
///   superlayer's fill, so the name sits on what is behind the shape, never on another
///   layer (a sibling's fill, an edge) or on the shape itself.
/// - The selection's name, when it does not fit inside, goes on the row above the box (or
///   below it at the top edge), always: beside it would meet its frame box and ghost.
/// - No name covers the selection's anchor point marker.
/// - The text keeps the cell's background (it sits on the layer) in a colour readable on
///   it (`OverlayContrast`); the selection's name is bold, in the selection colour.
/// - Widths are display widths: a wide (CJK, emoji) character counts two columns.
public enum Labels {
    static func place(_ boxes: [LabelBox], tree: LayerTree, toCells: Homography, options: RasterOptions, canvas: inout Canvas) {
        let columns = canvas.columns, rows = canvas.rows
        var taken = Set<Int>()
        let selection = options.selection.flatMap { id in tree.contains(id) ? id : nil }
        if let sel = selection, options.overlays.contains(.anchor),
           let a = tree.matrixToScreen(sel).concatenating(toCells).apply(to: tree[sel].anchorInBounds) {
            let c = RasterSurface.floorClamped(a.x), r = RasterSurface.floorClamped(a.y)
            if c >= 0, r >= 0, c < columns, r < rows { taken.insert(r * columns + c) }
        }
        var order = boxes.reversed().filter { $0.id != selection }
        if let sel = selection, let box = boxes.first(where: { $0.id == sel }) { order.insert(box, at: 0) }
        let backdrop = options.palette.backdrop
        for box in order {
            let isSelection = box.id == selection
            if !isSelection && options.labels != .all { continue }
            // A name from a file shows its control and bidi characters visibly (SafeText).
            let text = SafeText.visible(box.name)
            let width = text.displayWidth
            guard width > 0 else { continue }
            func free(_ column: Int, _ row: Int) -> Bool {
                guard row >= 0, row < rows, column >= 0, column + width <= columns else { return false }
                for c in column..<(column + width) where taken.contains(row * columns + c) { return false }
                return true
            }
            // Inside: the cells after the ones the edges run through.
            // (The outline sits on the first inside sample, up to half a cell past the edge.)
            // Clamped in Double before the conversion (a layer scaled 1e27 reaches past Int).
            let fl = { (v: Double) in RasterSurface.floorClamped(v) }
            let c0 = fl(box.minX + 0.5) + 1, c1 = RasterSurface.ceilClamped(box.maxX - 0.5) - 1   // columns c0..<c1
            let r0 = fl(box.minY + 0.5) + 1, r1 = RasterSurface.ceilClamped(box.maxY - 0.5) - 1
            var spot: (Int, Int)? = nil
            // Only a boxy shape (nearly filling its bounding box) has room inside its box; a
            // turned or thin one would be covered by its own name.
            // Where the layer is covered by another, its name would label the wrong thing:
            // the cells must show the layer's own (opaque) fill.
            func showsLayer(_ column: Int, _ row: Int) -> Bool {
                guard let fill = box.fill else { return true }
                let want = CellColor.rgb(fill.red, fill.green, fill.blue)
                for c in column..<(column + width) {
                    let cell = canvas[c, row]
                    let shown = cell.code == 0x2588 ? cell.style.foreground : cell.style.background   // █
                    if shown != want { return false }
                }
                return true
            }
            if box.fillRatio > 0.8, c1 - c0 >= width, r1 > r0 {
                search: for r in r0..<min(r1, r0 + 4) {
                    // Only columns `free` can accept: the work is bounded by the canvas, not the box.
                    let first = max(c0, 0), last = min(c1 - width, columns - width)
                    guard first <= last else { break search }
                    for c in first...last where free(c, r) && showsLayer(c, r) { spot = (c, r); break search }
                }
            }
            if spot == nil, !isSelection, box.tips.count == 4 {
                // Beside the shape: the gap cell next to the tip decides the surface.
                func plain(_ column: Int, _ row: Int) -> CellColor? {
                    let cell = canvas[column, row]
                    if cell.code == 0x20 { return cell.style.background }
                    if cell.code == 0x2588 { return cell.style.foreground }   // █
                    return nil
                }
                // What lies behind the layer: the bare terminal or an ancestor's fill. A name on
                // a sibling's fill (the hour hand, next to the minute hand's pivot) would label it.
                var behind: Set<CellColor> = [.default]
                if tree.contains(box.id) {
                    var up = tree[box.id].superlayer
                    while let p = up {
                        if let c = tree[p].backgroundColor { behind.insert(.rgb(c.red, c.green, c.blue)) }
                        up = tree[p].superlayer
                    }
                }
                func onSurface(_ column: Int, _ row: Int, gap: (Int, Int)) -> Bool {
                    guard free(column, row), gap.0 >= 0, gap.0 < columns, gap.1 >= 0, gap.1 < rows,
                          !taken.contains(gap.1 * columns + gap.0), let surface = plain(gap.0, gap.1),
                          behind.contains(surface) else { return false }
                    // The name and a cell either side of it (within the canvas), so it never
                    // touches another shape and reads as this one's.
                    for c in max(0, column - 1)...min(columns - 1, column + width) where plain(c, row) != surface { return false }
                    return true
                }
                let fl = { (v: Double) in RasterSurface.floorClamped(v) }
                let candidates: [(column: Int, row: Int, gap: (Int, Int))] = box.tipsFarthestFirst.map { t in
                    switch t.side {
                    case 0: return (fl(t.x) + 2, fl(t.y), (fl(t.x) + 1, fl(t.y)))
                    case 1: return (fl(t.x) - 1 - width, fl(t.y), (fl(t.x) - 1, fl(t.y)))
                    case 2: return (fl(t.x) - width / 2, fl(t.y) - 1, (fl(t.x), fl(t.y) - 1))
                    default: return (fl(t.x) - width / 2, fl(t.y) + 1, (fl(t.x), fl(t.y) + 1))
                    }
                }
                for cand in candidates where onSurface(cand.column, cand.row, gap: cand.gap) {
                    spot = (cand.column, cand.row); break
                }
            }
            if spot == nil, isSelection {
                let left = min(max(0, fl(box.minX)), max(0, columns - width))
                for r in [fl(box.minY) - 1, fl(box.maxY) + 1, r0] where free(left, r) {
                    spot = (left, r); break
                }
            }
            guard let (column, row) = spot else { continue }
            var c = column
            for ch in text {
                let chWidth = DisplayWidth.of(ch)
                guard chWidth > 0 else { continue }
                guard c + chWidth <= columns else { break }
                var cell = canvas[c, row]
                let under: Color
                if case let .rgb(r, g, b) = cell.style.background { under = Color(red: r, green: g, blue: b) }
                else if cell.code == 0x2588, case let .rgb(r, g, b) = cell.style.foreground {
                    under = Color(red: r, green: g, blue: b)
                    cell.style.background = cell.style.foreground
                } else { under = backdrop; cell.style.background = .default }
                let wanted = isSelection ? options.palette.selection : (OverlayContrast.luma(under) > 128 ? Color(red: 0, green: 0, blue: 0) : Color(red: 255, green: 255, blue: 255))
                let fg = OverlayContrast.readableText(wanted, on: under)
                cell.glyph = ch
                cell.style.foreground = .rgb(fg.red, fg.green, fg.blue)
                cell.style.bold = isSelection
                cell.style.dim = false
                canvas[c, row] = cell
                taken.insert(row * columns + c)
                if chWidth == 2 {
                    // The right half: same style, nothing drawn (the terminal draws the glyph across).
                    canvas[c + 1, row] = .wideTail(cell.style)
                    taken.insert(row * columns + c + 1)
                }
                c += chWidth
            }
            // The rest of a wide name's measured width is taken too.
            for extra in c..<min(columns, column + width) { taken.insert(row * columns + extra) }
        }
    }
}
