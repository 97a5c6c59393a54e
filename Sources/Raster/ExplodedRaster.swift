import Cells
import Geometry
import LayerModel
import SafeText

/// The exploded view drawn onto cells (depth.md, "What the explorer shows"): every plane's
/// outlines back to front in braille dots, the selection's plane filled, names on plaques
/// that never overlap, `≠` badges.
public enum ExplodedRaster {
    /// One layer's quad after the camera projection, with how to show it.
    public struct Item: Sendable {
        public var layer: LayerID
        public var quad: Quad
        public var plane: Int
        public var name: String
        public var color: Color?
        /// Drawn in front of, but searched after, a sibling (or the other way round).
        public var badge: Bool
        /// The layer's own fill (its background colour): how it is filled on the selected plane.
        public var fill: Color?
        public init(layer: LayerID, quad: Quad, plane: Int, name: String, color: Color?, badge: Bool, fill: Color? = nil) {
            self.layer = layer; self.quad = quad; self.plane = plane; self.name = name; self.color = color; self.badge = badge
            self.fill = fill
        }
    }

    static let badge = "≠"
    /// How strongly a layer's own colour fills it on the selected plane (over the backdrop).
    static let planeFillAlpha = 0.55

    /// `items` back to front; `reserved` cells (a crosshair) take no plaque; `names`, every
    /// layer's name in the scene (for a shortened name to start only one), else the items'.
    /// `scratch`: the caller's colour picks, kept from frame to frame (a fresh one draws the same).
    ///
    /// The outlines and fills are the flat canvas's primitives (RasterSurface+Lines.swift,
    /// +Fills.swift): each edge is walked by `BresenhamWalk` over the braille dots
    /// (`Glyphs.brailleBit`), and a filled quad covers the cells whose centres its
    /// `RasterSurface.forEachSpan` rows hold (half-open, like a flat fill on a grid of one
    /// sample a cell). What is the exploded view's own is which item a cell shows: the last
    /// outline drawn there, dots merged with the outline before it unless a fill lies under.
    public static func render(
        _ items: [Item], viewport: Viewport, columns: Int, rows: Int,
        selection: LayerID?, palette: RasterPalette, unicode: Bool,
        reserved: Set<CellPosition> = [], names: [String]? = nil, textOnly: Bool = false,
        plaqueMemo: Memo<PlaqueNames>? = nil, scratch: RasterScratch = RasterScratch()
    ) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows)
        guard columns > 0, rows > 0 else { return canvas }
        let n = columns * rows
        var mask = [UInt8](repeating: 0, count: n)
        var owner = [Int32](repeating: -1, count: n)
        var filled = [Int32](repeating: -1, count: n)
        let selectedPlane = items.first { $0.layer == selection }?.plane
        let dotsW = columns * 2, dotsH = rows * 4
        let ox = viewport.origin.x, oy = viewport.origin.y
        let sx = 2 / viewport.pointsPerColumn, sy = 4 / viewport.pointsPerRow

        for (index, item) in items.enumerated() {
            let q = item.quad
            @inline(__always) func dot(_ p: Point) -> (Double, Double) { ((p.x - ox) * sx, (p.y - oy) * sy) }
            let d0 = dot(q.p0), d1 = dot(q.p1), d2 = dot(q.p2), d3 = dot(q.p3)
            if item.plane == selectedPlane, index == 0 || items[index - 1].plane != selectedPlane {
                // The whole selected plane is filled before its outlines (the selection's quad last).
                var onPlane = Array(items.indices.filter { items[$0].plane == selectedPlane })
                if let s = onPlane.firstIndex(where: { items[$0].layer == selection }) { onPlane.append(onPlane.remove(at: s)) }
                for j in onPlane {
                    // In cells: dots ÷ (2, 4).
                    let corners = [items[j].quad.p0, items[j].quad.p1, items[j].quad.p2, items[j].quad.p3].map {
                        PolyVertex(x: ($0.x - ox) * sx / 2, y: ($0.y - oy) * sy / 4, real: true)
                    }
                    fill(corners, columns: columns, rows: rows, index: Int32(j), filled: &filled, mask: &mask, owner: &owner)
                }
            }
            // The outline's dots, through the arrays' buffers (indices are checked here: no
            // uniqueness or bounds check per dot).
            let me = Int32(index)
            mask.withUnsafeMutableBufferPointer { mask in
                owner.withUnsafeMutableBufferPointer { owner in
                    filled.withUnsafeBufferPointer { filled in
                        for e in 0..<4 {
                            let (a, b) = e == 0 ? (d0, d1) : e == 1 ? (d1, d2) : e == 2 ? (d2, d3) : (d3, d0)
                            // (A corner at infinity or NaN: no dots for that edge.)
                            guard a.0.isFinite, a.1.isFinite, b.0.isFinite, b.1.isFinite,
                                var walk = BresenhamWalk(a.0, a.1, b.0, b.1, width: dotsW, height: dotsH)
                            else { continue }
                            while true {
                                let ix = walk.x, iy = walk.y
                                if ix >= 0, iy >= 0, ix < dotsW, iy < dotsH {
                                    let cell = (iy >> 2) * columns + (ix >> 1)
                                    if owner[cell] != me { mask[cell] = owner[cell] >= 0 && filled[cell] < 0 ? mask[cell] : 0; owner[cell] = me }
                                    mask[cell] |= Glyphs.brailleBit((iy & 3) << 1 | (ix & 1))
                                }
                                if walk.atEnd { break }
                                walk.step()
                            }
                        }
                    }
                }
            }
        }

        // Cells → glyphs. The selected plane's layers are filled in their own colours (a
        // layer without one in a faint neutral tint): the plane reads as the scene does, and
        // the selection stands out by its bold outline and its plaque, not by a colour.
        let backdrop = palette.backdrop
        var fills = [CellColor?](repeating: nil, count: items.count)
        // The selected plane's fill rule is `planeFill` (ExplodedRaster+Look.swift), shared
        // with the pixel picture.
        @inline(__always) func fillColor(_ item: Int) -> Color { planeFill(items[item], selection: selection, palette: palette) }
        // Each outline's colour, worked out the first time a cell shows it (most of a big
        // scene's outlines are covered by the ones in front); on a fill, picked against it.
        var parts = scratch.take()
        defer { scratch.keep(parts) }
        var colors = [Color?](repeating: nil, count: items.count)
        var onFill: [Int64: Color] = [:]
        // The last outline-on-fill pair and its colour: runs of cells repeat one pair, so
        // most cells skip the dictionary.
        var lastPair: Int64 = -1, lastPicked = backdrop
        // Written straight into the fresh canvas's cells: every cell is blank, so there is no
        // wide character to mend (what the subscript's setter would do).
        canvas.withUnsafeMutableCells { cells in
            for i in 0..<n {
                let f = filled[i]
                var style = CellStyle()
                if f >= 0 {
                    let fi = Int(f)
                    if let known = fills[fi] {
                        style.background = known
                    } else {
                        let c = fillColor(fi)
                        fills[fi] = .rgb(c.red, c.green, c.blue)
                        style.background = .rgb(c.red, c.green, c.blue)
                    }
                }
                let o = owner[i]
                if mask[i] != 0, o >= 0 {
                    let item = Int(o)
                    var fg: Color
                    if let known = colors[item] {
                        fg = known
                    } else {
                        fg = outlineColor(items[item], selection: selection, palette: palette, picks: &parts.picks)
                        colors[item] = fg
                    }
                    if f >= 0 {
                        let key = Int64(item) << 32 | Int64(f)
                        if key == lastPair {
                            fg = lastPicked
                        } else if let known = onFill[key] {
                            fg = known; lastPair = key; lastPicked = known
                        } else {
                            let picked = parts.picks.pick(fg, on: fillColor(Int(f)))
                            onFill[key] = picked
                            fg = picked; lastPair = key; lastPicked = picked
                        }
                    }
                    style = CellStyle(
                        foreground: .rgb(fg.red, fg.green, fg.blue), background: style.background,
                        bold: items[item].layer == selection)
                    cells[i] = Cell(scalar: unicode ? Unicode.Scalar(0x2800 + UInt32(mask[i]))! : ".", style: style)
                } else if f >= 0 {
                    cells[i] = Cell(scalar: " ", style: style)
                }
            }
        }

        // In pixels the picture is the image (PixelRaster+Exploded.swift): only the plaques stay.
        if textOnly { canvas = Canvas(columns: columns, rows: rows) }
        var grid = LabelGrid(columns: columns, rows: rows)
        for cell in reserved { grid.block(column: cell.column, row: cell.row) }
        let drawing = Drawing(mask: mask, owner: owner, filled: filled)
        let placed = placePlaques(
            items, drawing: drawing, viewport: viewport, selection: selection,
            grid: &grid, names: names, memo: plaqueMemo)
        let plaqueBG =
            palette.backdrop == Theme.dark.background || OverlayContrast.luma(backdrop) < 128
            ? Color(red: 45, green: 48, blue: 60) : Color(red: 228, green: 228, blue: 236)
        let plaqueFG = OverlayContrast.luma(plaqueBG) < 128 ? Color(red: 235, green: 235, blue: 235) : Color(red: 20, green: 20, blue: 20)
        for p in placed {
            let item = items[p.index]
            let isSelection = item.layer == selection
            let bg = isSelection ? palette.selection : plaqueBG
            let fg = isSelection ? (OverlayContrast.luma(bg) < 140 ? Color(red: 255, green: 255, blue: 255) : Color(red: 0, green: 0, blue: 0)) : plaqueFG
            let style = CellStyle(foreground: .rgb(fg.red, fg.green, fg.blue), background: .rgb(bg.red, bg.green, bg.blue), bold: isSelection)
            let red = CanvasMark.disagreementColor
            let badgeStyle = CellStyle(foreground: .rgb(red.red, red.green, red.blue), background: .rgb(bg.red, bg.green, bg.blue), bold: true)
            let row = p.row
            // The plaque's margins: the cell either side, when nothing holds it (a crosshair
            // cell keeps its mark). Two plaques two cells apart would touch margin to margin
            // and read as one: the left one's right margin is then a plain blank.
            if grid.isFree(column: p.column - 1, row: row) {
                canvas[p.column - 1, row] = Cell(" ", style: style)
            }
            let right = p.column + p.width
            if grid.isFree(column: right, row: row) {
                if grid.isText(column: right + 2, row: row) {
                    var cell = canvas[right, row]
                    cell.glyph = " "
                    canvas[right, row] = cell
                } else {
                    canvas[right, row] = Cell(" ", style: style)
                }
            }
            var column = p.column
            for ch in p.text {
                column = canvas.write(
                    String(ch), column: column, row: row,
                    style: String(ch) == badge && !isSelection ? badgeStyle : style)
            }
        }
        return canvas
    }

    /// What the outlines and fills left in each cell (row-major): braille dots, the item whose
    /// outline was drawn last there (−1 none), the item whose fill covers it (−1 none).
    public struct Drawing: Sendable {
        public var mask: [UInt8]
        public var owner: [Int32]
        public var filled: [Int32]
        public init(mask: [UInt8], owner: [Int32], filled: [Int32]) { self.mask = mask; self.owner = owner; self.filled = filled }
    }

    /// The plaques, through the one `LabelLayout` (Cells). Each plaque is its name (a `≠ `
    /// badge before it for a pair whose drawing and search orders disagree) with a margin
    /// cell either side in the plaque's colour: the layout places the name and its two-cell
    /// halo keeps the margins clear of every other name.
    ///
    /// - **Priority.** The selection (0), then the others front to back.
    /// - **Spots** for an item, best first: on its top edge from one cell right of its
    ///   top-left corner, like a titled frame; the row above it; the two rows inside below
    ///   its top edge; left of its top-left corner; left of its bottom-left corner and the
    ///   row under it. Each spot is a run of cells that are this item's own — not another
    ///   item's outline, not another item's fill unless the item is on a plane in front of
    ///   it (a name on the selected plane's fill over a layer hidden behind it would name the
    ///   plane) — margins included, so a plaque never runs into an outline.
    /// - **Blocked cells**: `grid`'s (the crosshair): no name and no margin covers them.
    /// - **The selection's always shows**: after its own spots, the same rows over anything
    ///   but a plaque or a blocked cell, then every row of the canvas, nearest first: it goes
    ///   first, so one of those holds it (unless the canvas is narrower than its name, when
    ///   it is shortened if that stays unambiguous).
    /// - A name that fits nowhere is shortened to a prefix and `…` that starts no other name
    ///   of the scene (`names`), else left off — and a `≠` alone then stands in for it.
    /// - Layers on one plane with one quad on the canvas share one plaque, "a, b".
    public static func placePlaques(
        _ items: [Item], drawing: Drawing, viewport: Viewport, selection: LayerID?,
        grid: inout LabelGrid, names: [String]? = nil, memo: Memo<PlaqueNames>? = nil
    ) -> [LabelPlacement] {
        let columns = grid.columns, rows = grid.rows
        guard columns > 2, rows > 0, !items.isEmpty else { return [] }
        let mask = drawing.mask, owner = drawing.owner, filled = drawing.filled
        // The scene's names, and each with a badge before it: a badged name is cut only
        // where the name after the badge starts no other layer's name.
        let sceneNames = names ?? items.map(\.name)
        // The names' index and each plaque's text, its width and its shortest unambiguous
        // prefix: the same every frame until the names or the badges change (a camera key
        // changes neither), so the caller's memo keeps them from frame to frame.
        let known = PlaqueNames.of(items, sceneNames: sceneNames, memo: memo)
        let index = known.index
        let plaque = known.texts
        let texts = plaque.texts
        // Cells free in the grid (not blocked, no name yet), read once.
        var free = [Bool](repeating: false, count: columns * rows)
        for r in 0..<rows { for c in 0..<columns where grid.isFree(column: c, row: r) { free[r * columns + c] = true } }
        // A cell this item's plaque may cover.
        func own(_ c: Int, _ r: Int, _ i: Int) -> Bool {
            guard c >= 0, r >= 0, c < columns, r < rows else { return false }
            let k = r * columns + c
            guard free[k] else { return false }
            let o = owner[k]
            if o >= 0, Int(o) != i, mask[k] != 0 { return false }
            let f = filled[k]
            if f >= 0, Int(f) != i, items[i].plane <= items[Int(f)].plane { return false }
            return true
        }
        var candidates: [LabelCandidate] = []
        candidates.reserveCapacity(items.count)
        var from: [Int] = []
        from.reserveCapacity(items.count)
        var spotsOf: [Int: [LabelSpot]] = [:]
        var groups = GroupTable(capacity: items.count)
        for i in items.indices.reversed() {
            let item = items[i]
            let isSelection = item.layer == selection
            let w = plaque.widths[i]
            guard w > 0 else { continue }
            let q = item.quad
            let c0 = viewport.cell(containing: q.p0), c1 = viewport.cell(containing: q.p1)
            let c2 = viewport.cell(containing: q.p2), c3 = viewport.cell(containing: q.p3)
            // The top-left corner (the first lowest row, leftmost) and the bottom-right one
            // (the last highest row, rightmost), as `min(by:)` and `max(by:)` pick them.
            @inline(__always) func above(_ a: CellPosition, _ b: CellPosition) -> Bool { (a.row, a.column) < (b.row, b.column) }
            @inline(__always) func belowLeft(_ a: CellPosition, _ b: CellPosition) -> Bool { (a.row, -a.column) < (b.row, -b.column) }
            var tl = c0, br = c0
            for c in [c1, c2, c3] {
                if above(c, tl) { tl = c }
                if !belowLeft(c, br) { br = c }
            }
            let maxColumn = max(c0.column, c1.column, c2.column, c3.column), minRow = tl.row
            let maxRow = max(c0.row, c1.row, c2.row, c3.row)
            let minColumn = min(c0.column, c1.column, c2.column, c3.column)
            // Off the canvas altogether: no name.
            if !isSelection, maxColumn < 0 || minColumn >= columns || maxRow < 0 || minRow >= rows { continue }
            let reach = 2 * (w + 2)
            var spots: [LabelSpot] = []
            // The first run of own cells on `row` that starts at or after `from` (up to
            // `limit`) and holds the whole plaque — else the longest shorter one, for a
            // shortened name; at most `reach` long, the margins inside it.
            func leading(_ row: Int, from: Int, limit: Int, strict: Bool = true) {
                guard row >= 0, row < rows else { return }
                let ok: (Int) -> Bool = { strict ? own($0, row, i) : ($0 >= 0 && $0 < columns && free[row * columns + $0]) }
                var s = max(0, from)
                // Near the corner: a plaque farther along would name nothing in particular.
                let last = min(columns - 1, limit, s + reach)
                var best: (Int, Int)? = nil
                while s <= last {
                    guard ok(s) else { s += 1; continue }
                    var e = s + 1
                    let cap = min(columns, s + reach)
                    while e < cap, ok(e) { e += 1 }
                    if e - s >= w + 2 { best = (s, e); break }
                    if e - s >= 3, e - s > (best.map { $0.1 - $0.0 } ?? 0) { best = (s, e) }
                    s = e + 1
                }
                if let (s, e) = best { spots.append(LabelSpot(row: row, minColumn: s + 1, maxColumn: e - 1)) }
            }
            func trailing(_ row: Int, to end: Int) {
                guard row >= 0, row < rows, end >= 0, end < columns, own(end, row, i) else { return }
                var b = end
                let cap = max(0, end - reach + 1)
                while b > cap, own(b - 1, row, i) { b -= 1 }
                if end - b >= 2 { spots.append(LabelSpot(row: row, minColumn: b + 1, maxColumn: end, align: .trailing)) }
            }
            let limit = max(tl.column + 1, maxColumn - 2)
            leading(tl.row, from: tl.column + 1, limit: limit)
            leading(tl.row - 1, from: tl.column + 1, limit: limit)
            leading(tl.row + 1, from: tl.column + 1, limit: limit)
            leading(tl.row + 2, from: tl.column + 1, limit: limit)
            trailing(tl.row, to: tl.column - 1)
            trailing(br.row, to: br.column - 1)
            trailing(br.row + 1, to: br.column)
            if isSelection {
                // Over outlines and fills, then anywhere: never left off.
                for r in [tl.row, tl.row - 1, tl.row + 1] { leading(r, from: tl.column + 1, limit: columns, strict: false) }
                for d in 0..<(2 * rows) {
                    let r = tl.row + (d % 2 == 0 ? d / 2 : -(d + 1) / 2)
                    guard r >= 0, r < rows else { continue }
                    spots.append(LabelSpot(row: r, minColumn: 1, maxColumn: columns - 1, align: .center(min(max(1, tl.column + 1 + w / 2), columns - 1))))
                }
            }
            guard !spots.isEmpty else { continue }
            var key = SIMD8<Int32>(
                Int32(clamping: c0.column), Int32(clamping: c0.row), Int32(clamping: c1.column), Int32(clamping: c1.row),
                Int32(clamping: c2.column), Int32(clamping: c2.row), Int32(clamping: c3.column), Int32(clamping: c3.row))
            key[0] &+= Int32(truncatingIfNeeded: item.plane) &* 65_537
            let group = groups.group(of: key, else: i)
            var candidate = LabelCandidate(
                names: [texts[i]], priority: isSelection ? 0 : 1 + (items.count - 1 - i),
                spots: spots, group: group)
            candidate.uniquePrefix = plaque.prefixes[i]
            candidates.append(candidate)
            from.append(i)
            if item.badge { spotsOf[i] = spots }
        }
        var placed = LabelLayout.place(candidates, in: &grid, names: index).map { p -> LabelPlacement in
            var p = p; p.index = from[p.index]; return p
        }
        // A `≠` alone where a badged name found no place.
        let named = Set(placed.map(\.index))
        var badges: [LabelCandidate] = []
        var badgeFrom: [Int] = []
        for i in items.indices.reversed() where items[i].badge && !named.contains(i) {
            guard let spots = spotsOf[i] else { continue }
            badges.append(LabelCandidate(names: [badge], priority: 0, spots: spots, mayShorten: false))
            badgeFrom.append(i)
        }
        if !badges.isEmpty {
            placed += LabelLayout.place(badges, in: &grid, names: index).map { p -> LabelPlacement in
                var p = p; p.index = badgeFrom[p.index]; return p
            }
        }
        return placed
    }

    /// Same-frame groups (layers on one plane with one quad on the canvas): the first item
    /// met with each key of corner cells and plane, by open addressing over flat arrays (a
    /// dictionary hashed eight lanes per quad, a thousand quads a frame).
    struct GroupTable {
        private var slots: [Int32]
        private var keys: [SIMD8<Int32>] = []
        private var values: [Int] = []
        private let mask: Int

        init(capacity: Int) {
            var size = 16
            while size < 2 * capacity { size <<= 1 }
            slots = [Int32](repeating: -1, count: size)
            mask = size - 1
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }

        /// The group recorded for `key`, else `value`, recorded for it.
        mutating func group(of key: SIMD8<Int32>, else value: Int) -> Int {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for lane in 0..<8 { h = (h ^ UInt64(UInt32(bitPattern: key[lane]))) &* 0x0000_0100_0000_01b3 }
            var slot = Int(truncatingIfNeeded: h ^ (h >> 32)) & mask
            while true {
                let s = slots[slot]
                if s < 0 {
                    slots[slot] = Int32(keys.count)
                    keys.append(key)
                    values.append(value)
                    return value
                }
                if keys[Int(s)] == key { return values[Int(s)] }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The plaques' texts (`≠ ` before a badged name, made visible by `SafeText`), their display
    /// widths and the shortest prefix of each that names one layer, for the items' names and
    /// badges and the scene's names.
    public struct PlaqueTexts: Sendable {
        var names: [String]
        var badges: [Bool]
        var texts: [String]
        var widths: [Int]
        var prefixes: [Int]

        init(_ items: [Item], index: LabelNames) {
            names = items.map(\.name)
            badges = items.map(\.badge)
            texts = items.map { ($0.badge ? badge + " " : "") + SafeText.visible($0.name) }
            widths = texts.map(\.displayWidth)
            prefixes = texts.map { index.shortestUniquePrefix($0) }
        }

        func matches(_ items: [Item]) -> Bool {
            guard items.count == names.count else { return false }
            for (i, item) in items.enumerated() where item.badge != badges[i] || item.name != names[i] { return false }
            return true
        }
    }

    /// One scene's names as plaques show them (each made visible, and each with a badge
    /// before it) indexed for unambiguous prefixes, and the last frame's plaque texts: what a
    /// caller keeps in a `Memo` from frame to frame (the explorer's state keeps one), so a
    /// camera key reuses them. Without a memo they are worked out for the frame.
    public struct PlaqueNames: Sendable {
        var raw: [String]
        var index: LabelNames
        var texts: PlaqueTexts

        static func of(_ items: [Item], sceneNames: [String], memo: Memo<PlaqueNames>?) -> PlaqueNames {
            func index(_ old: PlaqueNames?) -> LabelNames {
                if let old, old.raw == sceneNames { return old.index }
                let all = sceneNames.map { SafeText.visible($0) }
                return LabelNames(all + all.map { badge + " " + $0 })
            }
            func build(_ old: PlaqueNames?) -> PlaqueNames {
                let index = index(old)
                return PlaqueNames(raw: sceneNames, index: index, texts: PlaqueTexts(items, index: index))
            }
            guard let memo else { return build(nil) }
            return memo.value(isValid: { $0.raw == sceneNames && $0.texts.matches(items) }, build: build)
        }
    }

    /// Cells whose centre is inside the convex quad `pts` (cell coordinates) are filled:
    /// what was drawn there before (planes behind) is covered. The rows are the flat fill's
    /// (`RasterSurface.forEachSpan`, one sample a cell).
    static func fill(
        _ pts: [PolyVertex], columns: Int, rows: Int, index: Int32,
        filled: inout [Int32], mask: inout [UInt8], owner: inout [Int32]
    ) {
        // A quad projected from near the camera plane can reach past any Int, or be NaN: not
        // filled then (its outline is clipped on its own).
        guard pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        RasterSurface.forEachSpan(pts, sx: 1, sy: 1, width: columns, height: rows) { r, c0, c1 in
            for i in (r * columns + c0)...(r * columns + c1) {
                filled[i] = index; mask[i] = 0; owner[i] = -1
            }
        }
    }
}
