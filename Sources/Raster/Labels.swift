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

/// Layer names on or beside their shapes, placed by the one `LabelLayout` (Cells).
///
/// - Candidates in priority order: the selection; its superlayer chain and sublayers; then
///   the others, larger boxes first (ties: higher in the drawing order first). Names never
///   overlap or touch (one blank cell between two names on a row), never cover a mark (the
///   selection's anchor marker and crosshair), and are cut with `…` only to a prefix that
///   starts no other layer's name; otherwise they are left off.
/// - Layers whose boxes coincide (the same frame on the canvas) share one label, "a, b".
/// - Spots, best first: the first rows inside the layer's box, from the first column inside
///   (the cells after the outline's), in runs where the layer itself shows (an opaque fill
///   covered by another layer would be labelled wrongly), when the layer nearly fills its box
///   (not turned); then beside the shape, one cell past an extreme vertex — the one farthest
///   from the layer's anchor point first (a clock hand's free end, not its pivot), else
///   rightmost, leftmost, topmost, bottommost — on one plain surface: the name and a cell
///   either side of it blank or solid in the colour of the gap cell next to the tip, and that
///   colour the bare terminal's or a superlayer's fill, so the name sits on what is behind the
///   shape, never on another layer (a sibling's fill, an edge) or on the shape itself.
/// - The selection's name also may go on the row above its box (or below, or its first row):
///   beside it would meet its frame box and ghost.
/// - The text keeps the cell's background (it sits on the layer) in a colour readable on
///   it (`OverlayContrast`); the selection's name is bold, in the selection colour. The cell
///   either side of a name is blanked when it holds a partial glyph (outline dots read as
///   "name.."); a solid fill, a vertical side (`⡇ ▌ |`), a mark or the canvas edge stays.
/// - Widths are display widths: a wide (CJK, emoji) character counts two columns.
/// - Every cell index is computed from coordinates clamped in `Double` first: huge or
///   non-finite boxes never trap.
public enum Labels {
    static func place(
        _ boxes: [LabelBox], tree: LayerTree, toCells: Homography, options: RasterOptions,
        marks: [Int] = [], names kept: inout RasterScratch.KeptNames?, picks: inout ContrastPicks,
        canvas: inout Canvas, journal: inout CellJournal?
    ) {
        let columns = canvas.columns, rows = canvas.rows
        guard columns > 0, rows > 0 else { return }
        var grid = LabelGrid(columns: columns, rows: rows)
        // A mark drawn after the picture (the cursor's crosshair): no name under it.
        for cell in options.keepClear { grid.block(column: cell.column, row: cell.row) }
        let selection = options.selection.flatMap { id in tree.contains(id) ? id : nil }
        var anchorCell: (column: Int, row: Int)? = nil
        if let sel = selection, options.overlays.contains(.anchor),
            let a = tree.matrixToScreen(sel).concatenating(toCells).apply(to: tree[sel].anchorInBounds)
        {
            anchorCell = (fl(a.x), fl(a.y))
            grid.block(column: fl(a.x), row: fl(a.y))
        }
        // The marks' areas (a crosshair's is the box round its arms): a cell there is kept
        // from names where a mark is drawn on it — and, round the anchor, inside its ring —
        // but a plain cell between the arms (blank, or the layer's solid fill) stays free,
        // so a box the crosshair runs through still has room for its name beside the arms.
        let scale = SceneRasterizer.markScale(columns: columns, rows: rows)
        let ringColumns = scale > 1 ? scale : 0, ringRows = scale > 1 ? Int((Double(scale) / 2).rounded(.up)) : 0
        // A plain cell beside a drawn one stays kept too (a name would read "⡀name"),
        // unless what is drawn there is a vertical stroke, which reads as a side.
        var inMarks = Set<Int>()
        for cell in marks where cell >= 0 && cell < columns * rows { inMarks.insert(cell) }
        func drawn(_ cell: Int) -> Bool {
            let code = canvas[cell % columns, cell / columns].code
            return code != 0x20 && code != 0x2588
        }
        for cell in inMarks {
            let column = cell % columns, row = cell / columns
            let inRing = anchorCell.map { abs($0.column - column) <= ringColumns && abs($0.row - row) <= ringRows } ?? false
            func drawnBeside(_ n: Int) -> Bool {
                guard n >= 0, n < columns * rows else { return false }
                let code = canvas[n % columns, row].code
                // A full-height stroke (⡇ ⢸ │): an arm's end (⢠ ⠘) is a tick, kept apart.
                let side = verticalStroke(code) && (!(0x2800...0x28FF).contains(code) || code == 0x2847 || code == 0x28B8)
                return n / columns == row && inMarks.contains(n) && drawn(n) && !side
            }
            // Both neighbours, without an array literal (an allocation per mark cell per frame).
            let besideMark = drawnBeside(cell - 1) || drawnBeside(cell + 1)
            if drawn(cell) || inRing || besideMark { grid.block(column: column, row: row) }
        }
        // The selection's family: its superlayers and sublayers.
        var family = Set<LayerID>()
        if let sel = selection {
            var up = tree[sel].superlayer
            while let p = up { family.insert(p); up = tree[p].superlayer }
            for child in tree[sel].sublayers { family.insert(child) }
        }
        let texts = boxes.map { SafeText.visible($0.name) }
        // Larger first; ties: later in the drawing order (on top) first.
        let bySize = boxes.indices.sorted {
            let a = area(boxes[$0]), b = area(boxes[$1])
            return a != b ? a > b : $0 > $1
        }
        var rank = [Int](repeating: 0, count: boxes.count)
        for (k, i) in bySize.enumerated() { rank[i] = k }
        var sameFrame: [SIMD4<Int32>: Int] = [:]
        var candidates: [LabelCandidate] = []
        var from: [Int] = []
        candidates.reserveCapacity(boxes.count)
        for (i, box) in boxes.enumerated() {
            let isSelection = box.id == selection
            if !isSelection && options.labels != .all { continue }
            let width = texts[i].displayWidth
            guard width > 0 else { continue }
            let spots = self.spots(
                for: box, width: width, isSelection: isSelection, tree: tree, canvas: canvas,
                shading: options.showFills ? options.shading : nil)
            guard !spots.isEmpty else { continue }
            let key = SIMD4<Int32>(q(box.minX), q(box.minY), q(box.maxX), q(box.maxY))
            let group: Int
            if let g = sameFrame[key] { group = g } else { group = i; sameFrame[key] = i }
            let priority = isSelection ? 0 : (family.contains(box.id) ? 1 : 2 + rank[i])
            candidates.append(LabelCandidate(names: [texts[i]], priority: priority, spots: spots, group: group))
            from.append(i)
        }
        // The measurement's figures go after the names, in the same grid (MeasureRaster.swift).
        defer {
            placeFigures(
                options.measurement, toCells: toCells, backdrop: options.palette.backdrop, grid: &grid, picks: &picks, canvas: &canvas,
                journal: &journal)
        }
        guard !candidates.isEmpty else { return }
        let names = LabelNames.reusing(texts, kept: &kept)
        let placed = LabelLayout.place(candidates, in: &grid, names: names)
        let backdrop = options.palette.backdrop
        for label in placed {
            let isSelection = boxes[from[label.index]].id == selection
            var c = label.column
            let row = label.row
            // A kept frame's names go on its own picture: what they cover is saved first (the
            // sides and the cells a wide character's mending reaches, `Canvas`'s subscript).
            journal?.save(canvas, row: row, from: label.column - 2, through: label.column + label.width + 1)
            // The cell either side: a partial glyph there (outline dots, a sub-cell edge)
            // would read as part of the name ("name⠤⠄" as "name.."): blank it, keeping its
            // background. Solid fills, names and marks stay.
            for k in 0..<2 {
                let side = k == 1 ? label.column + label.width : label.column - 1
                guard grid.isFree(column: side, row: row) else { continue }
                var cell = canvas[side, row]
                guard cell.code != 0x20, cell.code != 0x2588, !cell.isWideTail, !verticalStroke(cell.code) else { continue }
                cell.glyph = " "
                canvas[side, row] = cell
            }
            for ch in label.text {
                let chWidth = DisplayWidth.of(ch)
                guard chWidth > 0 else { continue }
                guard c + chWidth <= columns else { break }
                var cell = canvas[c, row]
                let under: Color
                if case let .rgb(r, g, b) = cell.style.background {
                    under = Color(red: r, green: g, blue: b)
                } else if cell.code == 0x2588, case let .rgb(r, g, b) = cell.style.foreground {
                    under = Color(red: r, green: g, blue: b)
                    cell.style.background = cell.style.foreground
                } else {
                    under = backdrop; cell.style.background = .default
                }
                let wanted =
                    isSelection
                    ? options.palette.selection
                    : (OverlayContrast.luma(under) > 128 ? Color(red: 0, green: 0, blue: 0) : Color(red: 255, green: 255, blue: 255))
                let fg = picks.readableText(wanted, on: under)
                cell.glyph = ch
                cell.style.foreground = .rgb(fg.red, fg.green, fg.blue)
                cell.style.bold = isSelection
                cell.style.dim = false
                canvas[c, row] = cell
                if chWidth == 2 {
                    // The right half: same style, nothing drawn (the terminal draws the glyph across).
                    canvas[c + 1, row] = .wideTail(cell.style)
                }
                c += chWidth
            }
        }
    }

    @inline(__always) static func fl(_ v: Double) -> Int { RasterSurface.floorClamped(v) }

    /// A glyph that reads as a vertical line beside a name (a box's side), not as a letter
    /// or dots: braille in one column (two dots or more), half and eighth blocks, `│╎┆|`.
    static func verticalStroke(_ code: UInt32) -> Bool {
        if (0x2800...0x28FF).contains(code) {
            let dots = UInt8(code - 0x2800)
            let one = dots & ~0x47 == 0 || dots & ~0xB8 == 0
            return one && dots.nonzeroBitCount >= 2
        }
        switch code {
        case 0x258C, 0x2590, 0x258F, 0x2595, 0x2502, 0x254E, 0x2506, 0x7C: return true
        default: return false
        }
    }

    /// A box edge to an eighth of a cell, for "same frame", clamped before converting.
    @inline(__always) static func q(_ v: Double) -> Int32 { Int32(clamping: RasterSurface.floorClamped(v * 8)) }

    static func area(_ box: LabelBox) -> Double {
        let a = (box.maxX - box.minX) * (box.maxY - box.minY)
        return a.isFinite ? a : .greatestFiniteMagnitude
    }

    /// Where `box`'s name may go, best first (see `Labels`).
    static func spots(
        for box: LabelBox, width: Int, isSelection: Bool, tree: LayerTree, canvas: Canvas,
        shading: SubtreeShading? = nil
    ) -> [LabelSpot] {
        let columns = canvas.columns, rows = canvas.rows
        var spots: [LabelSpot] = []
        // Inside: the cells after the ones the edges run through (the outline sits on the
        // first inside sample, up to half a cell past the edge); clamped to the canvas first.
        let c0 = max(0, fl(box.minX + 0.5) + 1), c1 = min(columns, RasterSurface.ceilClamped(box.maxX - 0.5) - 1)  // columns c0..<c1
        let r0 = max(0, fl(box.minY + 0.5) + 1), r1 = min(rows, RasterSurface.ceilClamped(box.maxY - 0.5) - 1)
        if box.fillRatio > 0.8, c1 - c0 >= 2, r1 > r0 {
            let want = box.fill.map { CellColor.rgb($0.red, $0.green, $0.blue) }
            for r in r0..<min(r1, r0 + 4) {
                // Runs of cells where the layer shows (its own opaque fill, when it has one).
                var start = -1
                for c in c0...c1 {
                    var shows = c < c1
                    if shows, let want {
                        let cell = canvas[c, r]
                        shows = (cell.code == 0x2588 ? cell.style.foreground : cell.style.background) == want  // █
                    }
                    if shows {
                        if start < 0 { start = c }
                    } else if start >= 0 {
                        if c - start >= 2 { spots.append(LabelSpot(row: r, minColumn: start, maxColumn: c)) }
                        start = -1
                    }
                }
            }
        }
        // On its own top edge, like a titled frame, when there is no room inside (a table
        // cell two rows high): the name replaces the outline there and reads as the box's.
        if box.fillRatio > 0.8, c1 - c0 >= 2, r1 >= r0, r0 - 1 >= 0, r0 - 1 < rows, r1 - r0 < 2 || c1 - c0 < width {
            spots.append(LabelSpot(row: r0 - 1, minColumn: c0, maxColumn: c1))
        }
        // A layer less than two rows high (a one-line label view, a thin bar): on the row
        // through its middle, where it is drawn — unless it is a hand (below), named beside.
        if box.fillRatio > 0.8, c1 - c0 >= 2, r1 < r0, box.maxY - box.minY >= 0.5 {
            let middle = fl((box.minY + box.maxY) / 2)
            if middle >= 0, middle < rows { spots.append(LabelSpot(row: middle, minColumn: c0, maxColumn: c1)) }
        }
        // Beside, when nothing above holds the whole name — or first, for a hand: a bar (four
        // times longer than wide on screen, a row counting 2 columns) turning about an anchor
        // far from its middle, whose inside is the hand itself next to its pivot's marks. (A
        // table row is a bar too, but its anchor is its middle: named inside.)
        let w = box.maxX - box.minX, h = (box.maxY - box.minY) * 2
        let offCentre =
            box.anchor.map { a -> Bool in
                let dx = a.x - (box.minX + box.maxX) / 2, dy = (a.y - (box.minY + box.maxY) / 2) * 2
                return (dx * dx + dy * dy).squareRoot() > 0.25 * max(w, h)
            } ?? false
        // A bar: four times longer than wide, or turned so that it fills less than 45% of
        // its box (a diagonal hand; a square turned 45° fills half).
        let hand = (max(w, h) > 4 * min(w, h) || box.fillRatio < 0.45) && offCentre
        if !isSelection, box.tips.count == 4 {
            if hand {
                spots = beside(box, tree: tree, canvas: canvas, skipNearAnchor: true, shading: shading) + spots
            } else if !spots.contains(where: { $0.maxColumn - $0.minColumn >= width }) {
                spots += beside(box, tree: tree, canvas: canvas, skipNearAnchor: false, shading: shading)
            }
        }
        if isSelection {
            let left = min(max(0, fl(box.minX)), max(0, columns - width))
            // Above, below, inside (three rows, without an array literal's allocation).
            for k in 0..<3 {
                let r = k == 0 ? fl(box.minY) - 1 : k == 1 ? fl(box.maxY) + 1 : r0
                guard r >= 0 && r < rows else { continue }
                spots.append(LabelSpot(row: r, minColumn: left, maxColumn: columns))
            }
        }
        return spots
    }

    /// Spots beside the shape, one cell past each extreme vertex (farthest from the anchor
    /// first), each a run of one plain surface that is the terminal's or a superlayer's fill.
    static func beside(
        _ box: LabelBox, tree: LayerTree, canvas: Canvas, skipNearAnchor: Bool,
        shading: SubtreeShading? = nil
    ) -> [LabelSpot] {
        let columns = canvas.columns, rows = canvas.rows
        // The gap cell next to the tip decides the surface: blank, or a solid block.
        func plain(_ column: Int, _ row: Int) -> CellColor? {
            guard column >= 0, column < columns, row >= 0, row < rows else { return nil }
            let cell = canvas[column, row]
            if cell.code == 0x20 { return cell.style.background }
            if cell.code == 0x2588 { return cell.style.foreground }  // █
            return nil
        }
        // What lies behind the layer: the bare terminal or an ancestor's fill (its own, or
        // its shade in the shaded subtree). A name on a sibling's fill (the hour hand, next
        // to the minute hand's pivot) would label it.
        var behind: Set<CellColor> = [.default]
        if tree.contains(box.id) {
            var up = tree[box.id].superlayer
            while let p = up {
                if let c = shading?.fill(of: p, in: tree) ?? tree[p].backgroundColor { behind.insert(.rgb(c.red, c.green, c.blue)) }
                up = tree[p].superlayer
            }
        }
        var spots: [LabelSpot] = []
        // A hand's name not at its pivot: a tip less than half as far from the anchor as the
        // farthest one is its base, where the marks and the other hands crowd (columns; a
        // row is 2).
        func distance(_ t: (x: Double, y: Double, side: Int)) -> Double {
            guard let a = box.anchor else { return 0 }
            let dx = t.x - a.x, dy = (t.y - a.y) * 2
            return (dx * dx + dy * dy).squareRoot()
        }
        let tips = box.tipsFarthestFirst
        let far = tips.map(distance).max() ?? 0
        for t in tips where !(skipNearAnchor && distance(t) < far / 2) {
            let x = fl(t.x), y = fl(t.y)
            let gap: (Int, Int), row: Int
            switch t.side {
            case 0: gap = (x + 1, y); row = y
            case 1: gap = (x - 1, y); row = y
            case 2: gap = (x, y - 1); row = y - 1
            default: gap = (x, y + 1); row = y + 1
            }
            guard let surface = plain(gap.0, gap.1), behind.contains(surface) else { continue }
            // The run of that surface on the name's row, keeping one plain cell either side
            // (within the canvas), so the name never touches another shape.
            func run(from c: Int, step: Int) -> Int {
                var c = c
                while plain(c + step, row) == surface { c += step }
                return c
            }
            switch t.side {
            case 0:
                let start = x + 2
                guard plain(start, row) == surface else { continue }
                let end = run(from: start, step: 1)
                spots.append(LabelSpot(row: row, minColumn: start, maxColumn: end == columns - 1 ? columns : end))
            case 1:
                let last = x - 2
                guard plain(last, row) == surface else { continue }
                let begin = run(from: last, step: -1)
                spots.append(LabelSpot(row: row, minColumn: begin == 0 ? 0 : begin + 1, maxColumn: last + 1, align: .trailing))
            default:
                guard plain(x, row) == surface else { continue }
                let begin = run(from: x, step: -1), end = run(from: x, step: 1)
                spots.append(LabelSpot(row: row, minColumn: begin == 0 ? 0 : begin + 1, maxColumn: end == columns - 1 ? columns : end, align: .center(x)))
            }
        }
        return spots
    }
}
