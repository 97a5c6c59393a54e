import Cells
import LayerModel

extension RasterSurface {
    // MARK: Composition

    /// Turns the buffers into cells: braille dots over half-block fills (the dots take the
    /// outline colour as foreground and the fill as background), or half blocks alone, or
    /// ASCII glyphs over `.` fills; then markers. Cells nothing was drawn on keep their content.
    /// In braille and octant modes the fill buffer is left zeroed (the next frame zeroes none
    /// of it).
    mutating func compose(into canvas: inout Canvas) {
        precondition(canvas.columns == columns && canvas.rows == rows, "RasterSurface: canvas size mismatch")
        canvas.withUnsafeMutableCells { composeCells($0, clearing: false, region: .all(columns: columns, rows: rows)) }
    }

    /// Composes the cells of `region` only, into `canvas` (a kept frame: the cells outside
    /// `region` are its own, issue 36); every cell of `region` is written, blank where
    /// nothing was drawn. The fill samples outside `region` stay in the buffer, and the rows
    /// they are on stay marked (`fillRowsLow…fillRowsHigh`): the next frame zeroes them.
    mutating func compose(into canvas: inout Canvas, within region: CellBox) {
        precondition(canvas.columns == columns && canvas.rows == rows, "RasterSurface: canvas size mismatch")
        let region = CellBox(c0: max(0, region.c0), r0: max(0, region.r0), c1: min(columns - 1, region.c1), r1: min(rows - 1, region.r1))
        guard !region.isEmpty else { return }
        canvas.withUnsafeMutableCells { composeCells($0, clearing: true, region: region) }
    }

    /// The composed canvas on its own: cells nothing was drawn on are blank. One pass writes
    /// every cell (no blank canvas filled first and then overwritten).
    mutating func composedCanvas() -> Canvas {
        Canvas(
            columns: columns, rows: rows, writingEveryCell: { cells in composeCells(cells, clearing: true, region: .all(columns: columns, rows: rows)) })
    }

    /// Overlay colours against what is under them; few distinct pairs per frame, so
    /// remembered (the last pair first: an outline's cells mostly repeat it), and picked
    /// through the surface's `picks`, kept from frame to frame.
    private struct Contrast {
        let backdrop: Packed
        var picks: ContrastPicks
        var cache: [UInt64: Packed] = [:]
        var lastKey: UInt64 = .max
        var lastRGB: Packed = 0

        @inline(__always)
        mutating func adapt(_ fg: Packed, over bg: Packed) -> Packed {
            guard fg & PackedColor.adaptive != 0 else { return fg }
            return fg & ~PackedColor.rgbMask | pick(fg, over: bg)
        }

        private mutating func pick(_ fg: Packed, over bg: Packed) -> Packed {
            let under = bg & PackedColor.present != 0 ? bg : backdrop
            let key = UInt64(fg & PackedColor.rgbMask) << 32 | UInt64(under & PackedColor.rgbMask)
            if key == lastKey { return lastRGB }
            let rgb: Packed
            if let hit = cache[key] {
                rgb = hit
            } else {
                rgb = PackedColor.pack(picks.pick(PackedColor.color(fg), on: PackedColor.color(under))) & PackedColor.rgbMask
                cache[key] = rgb
            }
            lastKey = key; lastRGB = rgb
            return rgb
        }
    }

    /// The composition pass over `cells` (row-major, `columns × rows`), the cells of
    /// `region` (all of them, or a kept frame's damage). `clearing`: every cell of `region`
    /// is written (blank where nothing was drawn).
    private mutating func composeCells(_ cells: UnsafeMutableBufferPointer<Cell>, clearing: Bool, region: CellBox) {
        precondition(cells.count == columns * rows, "RasterSurface: canvas size mismatch")
        var contrast = Contrast(backdrop: backdrop, picks: picks)
        picks = ContrastPicks()
        defer { picks = contrast.picks }
        let mode = self.mode
        let blank = Cell(scalar: " ")
        let whole = region == .all(columns: columns, rows: rows)
        // The markers in `region`, and what lies under each, read before the braille pass zeroes the fill.
        let shown = whole ? markers : markers.filter { region.contains(cell: $0.cell, columns: columns) }
        let under = shown.isEmpty ? [] : shown.map { backgroundUnder(cell: $0.cell) }
        switch mode {
        case .braille, .auto, .octant:
            composeBraille(cells, clearing: clearing, region: region, contrast: &contrast)
        case .sextant, .blocks, .ascii:
            if clearing {
                if whole {
                    cells.update(repeating: blank)
                } else {
                    for r in region.r0...region.r1 {
                        (cells.baseAddress! + r * columns + region.c0).update(repeating: blank, count: region.c1 - region.c0 + 1)
                    }
                }
            }
            composeOther(cells, region: region, contrast: &contrast)
        }
        for (m, under) in zip(shown, under) {
            cells[m.cell] = Cell(m.glyph, style: RasterSurface.style(contrast.adapt(m.color, over: under), background: under))
        }
    }

    /// Braille and octant cells: 2 × 4 fill samples and dots a cell. Every cell's samples
    /// are read as four 64-bit words (a sample row's two samples each), so the common cells
    /// — nothing drawn, one solid colour — cost a few comparisons and one store; the others
    /// (dots, two colours) go to `mixedBrailleCell`. Each cell's samples are zeroed once read,
    /// so the buffer is clean for the next frame without a pass of its own.
    ///
    /// `region` short of the whole canvas (a kept frame's damage): only its cells are read
    /// and zeroed, and the fill rows stay marked for the next frame to zero.
    private mutating func composeBraille(
        _ cells: UnsafeMutableBufferPointer<Cell>, clearing: Bool, region: CellBox, contrast: inout Contrast
    ) {
        let w = columns, fw = fillWidth
        let octant = mode == .octant
        let backdrop = self.backdrop
        let blank = Cell(scalar: " ")
        let rowBytes = fw &* MemoryLayout<Packed>.stride
        // The last solid colour and its cell: a fill's cells repeat it along a row.
        var lastSolid: Packed = 0, lastSolidCell = blank
        let whole = region == .all(columns: columns, rows: rows)
        let first = region.c0, last = region.c1, span = last - first + 1
        // The sample rows any fill reached this frame (`markFillRows`): a cell row outside
        // them with no dots on it has nothing to compose.
        var sampled = 0
        fill.withUnsafeMutableBufferPointer { fill in
            ink.withUnsafeBufferPointer { ink in
                inkColor.withUnsafeBufferPointer { inkColor in
                    fillColumns.withUnsafeBufferPointer { fillColumns in
                        guard let fillBase = fill.baseAddress, let inkBase = ink.baseAddress, let colorBase = inkColor.baseAddress,
                            let out = cells.baseAddress
                        else { return }
                        // A cell no fill reached (zero samples, not read): blank, or its dots alone.
                        @inline(__always) func unfilled(_ cell: Int) {
                            let dots = inkBase[cell]
                            if dots == 0 {
                                if clearing { out[cell] = blank }
                            } else {
                                out[cell] = RasterSurface.mixedBrailleCell(
                                    SIMD4(repeating: 0), dots: dots, ink: colorBase[cell],
                                    octant: octant, backdrop: backdrop, contrast: &contrast)
                            }
                        }
                        for r in region.r0...region.r1 {
                            let rowCell = r &* w
                            // The cells any fill reached on this row (`fillColumns`); the samples of
                            // the others are zero, and are not read.
                            let low = max(first, Int(fillColumns[2 &* r])), high = min(last, Int(fillColumns[2 &* r &+ 1]))
                            if low > high {
                                if RasterSurface.allZero(inkBase + rowCell + first, count: span) {
                                    if clearing { (out + rowCell + first).update(repeating: blank, count: span) }
                                } else {
                                    for c in first...last { unfilled(rowCell &+ c) }
                                }
                                continue
                            }
                            for c in first..<low { unfilled(rowCell &+ c) }
                            sampled &+= high &- low &+ 1
                            // Sample row 4r, two samples (8 bytes) a cell.
                            let rowFill = UnsafeMutableRawPointer(fillBase + (4 &* r) &* fw)
                            for c in low...high {
                                let cell = rowCell &+ c
                                let p = rowFill + c &* 8
                                let s0 = p.loadUnaligned(as: UInt64.self)
                                let s1 = p.loadUnaligned(fromByteOffset: rowBytes, as: UInt64.self)
                                let s2 = p.loadUnaligned(fromByteOffset: 2 &* rowBytes, as: UInt64.self)
                                let s3 = p.loadUnaligned(fromByteOffset: 3 &* rowBytes, as: UInt64.self)
                                let dots = inkBase[cell]
                                if s0 | s1 | s2 | s3 != 0 {
                                    p.storeBytes(of: 0, as: UInt64.self)
                                    p.storeBytes(of: 0, toByteOffset: rowBytes, as: UInt64.self)
                                    p.storeBytes(of: 0, toByteOffset: 2 &* rowBytes, as: UInt64.self)
                                    p.storeBytes(of: 0, toByteOffset: 3 &* rowBytes, as: UInt64.self)
                                }
                                if dots == 0 {
                                    if s0 | s1 | s2 | s3 == 0 {
                                        // Nothing drawn.
                                        if clearing { out[cell] = blank }
                                        continue
                                    }
                                    let first = Packed(truncatingIfNeeded: s0)
                                    if s0 == s1 && s0 == s2 && s0 == s3 && Packed(truncatingIfNeeded: s0 >> 32) == first {
                                        if first & PackedColor.present != 0 {
                                            if first != lastSolid { lastSolid = first; lastSolidCell = RasterSurface.solid(first) }
                                            out[cell] = lastSolidCell
                                        } else if clearing {
                                            out[cell] = blank
                                        }
                                        continue
                                    }
                                }
                                out[cell] = RasterSurface.mixedBrailleCell(
                                    SIMD4(s0, s1, s2, s3), dots: dots, ink: colorBase[cell],
                                    octant: octant, backdrop: backdrop, contrast: &contrast)
                            }
                            for c in (high &+ 1)..<(last &+ 1) { unfilled(rowCell &+ c) }
                        }
                    }
                }
            }
        }
        sampledCells = sampled
        // Every sample was zeroed as it was read (the ones not read were zero). Within a kept
        // frame's damage, so were all this frame wrote when its fills kept to the same cells
        // (`window`: in these modes only fills write samples); else the rows stay marked.
        if whole || region == window {
            fillRowsLow = Int.max
            fillRowsHigh = -1
        }
    }

    /// True when the `count` bytes from `p` are all zero (eight at a time).
    @inline(__always)
    static func allZero(_ p: UnsafePointer<UInt8>, count: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        var i = 0, any: UInt64 = 0
        while i &+ 8 <= count {
            any |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        while i < count {
            any |= UInt64(p[i])
            i &+= 1
        }
        return any == 0
    }

    /// A braille or octant cell that is not blank or one solid colour: dots over the commonest
    /// fill under the others, a rim (`PackedColor.edge`), or two fill colours. `words`: the
    /// 8 samples, a sample row a word (`BrailleSamples`).
    @inline(never)
    private static func mixedBrailleCell(
        _ words: SIMD4<UInt64>, dots: UInt8, ink color: Packed, octant: Bool,
        backdrop: Packed, contrast: inout Contrast
    ) -> Cell {
        let samples = BrailleSamples(words)
        let first = samples.values[0]
        if dots == 0 {
            let (fg, bg, mask) = samples.twoColours()
            let glyph = octant ? Glyphs.octant[Int(mask)] : (Glyphs.halfCell[Int(mask)] ?? Glyphs.braille[Int(mask)])
            return Cell(scalar: glyph, style: style(fg, background: bg))
        }
        // Dots in the outline colour over the commonest fill under the undotted samples.
        let uniform = samples.isUniform
        var under = uniform ? first : samples.commonest(amongDots: ~dots)
        var dots = dots
        var glyph = octant ? Glyphs.octant[Int(dots)] : Glyphs.braille[Int(dots)]
        if color & PackedColor.edge != 0 && !uniform {
            // A turned filled layer's rim: its covered samples (its fill's colour, the one
            // nearest the outline's, under the dots too) as solid quadrants in the outline
            // colour over the rest.
            let own = dots
            (dots, under) = samples.rim(dots: dots, ink: color, backdrop: backdrop)
            if color & PackedColor.adaptive != 0 {
                // The selection's outline over the rim: its dots and the covered samples,
                // as dots, over the outside.
                dots |= own
                glyph = octant ? Glyphs.octant[Int(dots)] : Glyphs.braille[Int(dots)]
            } else {
                glyph = octant ? Glyphs.octant[Int(dots)] : Glyphs.quadrant[Int(dots)]
            }
        }
        return Cell(scalar: glyph, style: style(contrast.adapt(color, over: under), background: under))
    }

    /// Sextant, blocks and ASCII cells (cells nothing was drawn on are left as they are).
    private func composeOther(_ cells: UnsafeMutableBufferPointer<Cell>, region: CellBox, contrast: inout Contrast) {
        let w = columns, fw = fillWidth
        let ascii = Glyphs.ascii
        let ink = self.ink, inkColor = self.inkColor
        let mode = self.mode
        let backdrop = self.backdrop
        self.fill.withUnsafeBufferPointer { fill in
            for r in region.r0...region.r1 {
                let top = (2 * r) * w, bottom = (2 * r + 1) * w
                for c in region.c0...region.c1 {
                    let cell = r * w + c
                    switch mode {
                    case .sextant:
                        let base = (3 * r) * fw + 2 * c
                        // The cell's 6 fill samples, k = row · 2 + column.
                        @inline(__always) func sample(_ k: Int) -> Packed { fill[base + (k >> 1) * fw + (k & 1)] }
                        let first = fill[base]
                        let uniform =
                            fill[base + 1] == first && fill[base + fw] == first && fill[base + fw + 1] == first
                            && fill[base + 2 * fw] == first && fill[base + 2 * fw + 1] == first
                        let ink = ink[cell]
                        if ink != 0 {
                            // Lines in their colour over the commonest fill of the other sub-cells.
                            var under = uniform ? first : RasterSurface.commonestSextant(among: ~ink & 63, sample)
                            var ink = ink
                            if !uniform, inkColor[cell] & PackedColor.edge != 0 {
                                (ink, under) = RasterSurface.edgeCell(
                                    dots: ink, under: under, ink: inkColor[cell], count: 6,
                                    bit: { 1 << UInt8($0) }, backdrop: backdrop, sample)
                            }
                            cells[cell] = Cell(
                                scalar: Glyphs.sextant[Int(ink)],
                                style: RasterSurface.style(contrast.adapt(inkColor[cell], over: under), background: under))
                        } else if uniform {
                            if first & PackedColor.present != 0 { cells[cell] = RasterSurface.solid(first) }
                        } else {
                            cells[cell] = RasterSurface.twoColourSextant(sample)
                        }
                    case .blocks:
                        let t = fill[top + c], b = fill[bottom + c]
                        if (t | b) & PackedColor.present != 0 {
                            cells[cell] = RasterSurface.halfBlock(t, b)
                        }
                    case .ascii:
                        let f = fill[cell]
                        let g = ink[cell]
                        if g != 0 {
                            cells[cell] = Cell(ascii[Int(g & 0x7F)], style: RasterSurface.style(contrast.adapt(inkColor[cell], over: f), background: f))
                        } else if f & PackedColor.present != 0 {
                            cells[cell] = Cell(".", style: RasterSurface.style(PackedColor.contrasting(f), background: f))
                        }
                    case .braille, .auto, .octant:
                        preconditionFailure("RasterSurface: braille cells are composed by composeBraille")
                    }
                }
            }
        }
    }

    /// A cell where a filled layer's outline (`PackedColor.edge`) meets two other colours:
    /// `under` (the commonest of the undotted samples) and another. The one nearer the
    /// outline's colour (the layer's fill: the outline is its tint or shade) joins the dots,
    /// the other is the background, so the cell's lit samples are exactly the layer's.
    @inline(__always)
    ///
    /// `byColourOnly`: the result is the mask of every sample (under the dots too) in the
    /// layer's fill colour — the commonest under the dots — over the commonest of the others.
    static func edgeCell(
        dots: UInt8, under: Packed, ink: Packed, count: Int, bit: (Int) -> UInt8, backdrop: Packed,
        _ sample: (Int) -> Packed, byColourOnly: Bool = false
    ) -> (UInt8, Packed) {
        func rgb(_ p: Packed) -> Packed { p & PackedColor.present != 0 ? p : backdrop }
        func distance(_ a: Packed, _ b: Packed) -> Int {
            let a = rgb(a), b = rgb(b)
            let dr = Int((a >> 16) & 0xFF) - Int((b >> 16) & 0xFF)
            let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
            let db = Int(a & 0xFF) - Int(b & 0xFF)
            return dr * dr + dg * dg + db * db
        }
        if byColourOnly {
            // The layer's fill: what lies under its outline's dots (the outline runs on the
            // first samples inside), else the colour nearest the outline's.
            var nearest = commonest(among: dots, count: count, bit: bit, sample)
            if dots == 0 || nearest & PackedColor.present == 0 {
                var best = distance(ink, sample(0))
                nearest = sample(0)
                for k in 1..<count {
                    let d = distance(ink, sample(k))
                    if d < best { best = d; nearest = sample(k) }
                }
            }
            var mask: UInt8 = 0
            for k in 0..<count where sample(k) == nearest { mask |= bit(k) }
            let rest = commonest(among: ~mask, count: count, bit: bit, sample)
            return (mask, rest)
        }
        var other: Packed = 0, otherMask: UInt8 = 0, underMask: UInt8 = 0, found = false
        for k in 0..<count where dots & bit(k) == 0 {
            let s = sample(k)
            if s == under { underMask |= bit(k); continue }
            if !found { other = s; found = true }
            if s == other { otherMask |= bit(k) }
        }
        guard found else { return (dots, under) }
        if distance(ink, other) < distance(ink, under) {
            return (dots | otherMask, under)
        }
        return (dots | underMask, other)
    }

    private func backgroundUnder(cell: Int) -> Packed {
        switch mode {
        case .ascii: return fill[cell]
        case .braille, .auto, .octant:
            let r = cell / columns, c = cell % columns, fw = fillWidth
            let base = (4 * r) * fw + 2 * c
            return RasterSurface.commonest(among: 0xFF) { fill[base + ($0 >> 1) * fw + ($0 & 1)] }
        case .sextant:
            let r = cell / columns, c = cell % columns, fw = fillWidth
            let base = (3 * r) * fw + 2 * c
            return RasterSurface.commonestSextant(among: 63) { fill[base + ($0 >> 1) * fw + ($0 & 1)] }
        case .blocks:
            let r = cell / columns, c = cell % columns
            let top = fill[(2 * r) * columns + c]
            return top & PackedColor.present != 0 ? top : fill[(2 * r + 1) * columns + c]
        }
    }

    @inline(__always)
    static func style(_ fg: Packed, background bg: Packed) -> CellStyle {
        CellStyle(
            foreground: fg & PackedColor.present != 0 ? PackedColor.cellColor(fg) : .default,
            background: bg & PackedColor.present != 0 ? PackedColor.cellColor(bg) : .default,
            bold: fg & PackedColor.bold != 0, dim: fg & PackedColor.dim != 0)
    }

    /// The commonest of a cell's `count` samples whose bit (`bit(k)`) is in `mask` (ties: the
    /// drawn colour, then the earlier sample); 0 when `mask` is empty.
    @inline(__always)
    static func commonest(among mask: UInt8, count: Int, bit: (Int) -> UInt8, _ sample: (Int) -> Packed) -> Packed {
        // The samples once, and the mask by sample index (bit k = sample k) rather than by dot.
        var s = SIMD8<UInt32>()
        var byIndex: UInt8 = 0
        for k in 0..<count {
            s[k] = sample(k)
            if mask & bit(k) != 0 { byIndex |= 1 << k }
        }
        var best: Packed = 0, bestCount = 0
        var todo = byIndex
        while todo != 0 {
            // Each colour once, at its first sample: a repeat has the same count, and a
            // colour that did not win then cannot win on the tie rule later.
            let v = s[todo.trailingZeroBitCount]
            var n = 0, same: UInt8 = 0
            for m in 0..<count where byIndex >> m & 1 != 0 && s[m] == v { n += 1; same |= 1 << m }
            todo &= ~same
            if n > bestCount || (n == bestCount && best & PackedColor.present == 0 && v & PackedColor.present != 0) {
                best = v; bestCount = n
            }
        }
        return best
    }

    /// `commonest` over a braille cell's 8 samples (bits in braille order).
    @inline(__always)
    static func commonest(among mask: UInt8, _ sample: (Int) -> Packed) -> Packed {
        commonest(among: mask, count: 8, bit: { Glyphs.brailleBit($0) }, sample)
    }

    /// `commonest` over a sextant cell's 6 samples (bit `1 << k`).
    @inline(__always)
    static func commonestSextant(among mask: UInt8, _ sample: (Int) -> Packed) -> Packed {
        commonest(among: mask, count: 6, bit: { 1 << UInt8($0) }, sample)
    }

    /// A cell whose samples hold more than one colour and no lines: the commonest colour is
    /// the background, the next the foreground, exactly on its samples (`mask`). A third
    /// colour (rare: three layers meeting in one cell) shows as the background. An undrawn
    /// colour never becomes a foreground: the drawn one does, with the terminal's own
    /// background behind it.
    @inline(__always)
    static func twoColours(count: Int, bit: (Int) -> UInt8, _ sample: (Int) -> Packed) -> (fg: Packed, bg: Packed, mask: UInt8) {
        let all: UInt8 = count == 8 ? 0xFF : UInt8((1 << count) - 1)
        let a = commonest(among: all, count: count, bit: bit, sample)
        var rest: UInt8 = 0
        for k in 0..<count where sample(k) != a { rest |= bit(k) }
        let b = commonest(among: rest, count: count, bit: bit, sample)
        var mask: UInt8 = 0
        if b & PackedColor.present == 0 {
            // `a` drawn, `b` not: draw every drawn sample in `a` over the terminal background.
            for k in 0..<count where sample(k) & PackedColor.present != 0 { mask |= bit(k) }
            return (a, 0, mask)
        }
        for k in 0..<count where sample(k) == b { mask |= bit(k) }
        return (b, a, mask)
    }

    /// A braille cell of two colours: the foreground as braille dots exactly on its samples,
    /// or as a half block (`▀▄▌▐`) when they are exactly half the cell (solid, and just as
    /// exact). Quadrant blocks were tried: they are solid, but a quadrant (a column of 2
    /// samples) must round, which cut thin diagonal layers apart.
    static func twoColourCell(_ sample: (Int) -> Packed) -> Cell {
        let (fg, bg, mask) = twoColours(count: 8, bit: { Glyphs.brailleBit($0) }, sample)
        let glyph = Glyphs.halfCell[Int(mask)] ?? Glyphs.braille[Int(mask)]
        return Cell(scalar: glyph, style: style(fg, background: bg))
    }

    /// An octant cell of two colours: the foreground as solid eighths exactly on its samples.
    static func twoColourOctant(_ sample: (Int) -> Packed) -> Cell {
        let (fg, bg, mask) = twoColours(count: 8, bit: { Glyphs.brailleBit($0) }, sample)
        return Cell(scalar: Glyphs.octant[Int(mask)], style: style(fg, background: bg))
    }

    /// A sextant cell of two colours: the foreground as solid sub-cells exactly on its samples.
    static func twoColourSextant(_ sample: (Int) -> Packed) -> Cell {
        let (fg, bg, mask) = twoColours(count: 6, bit: { 1 << UInt8($0) }, sample)
        return Cell(scalar: Glyphs.sextant[Int(mask)], style: style(fg, background: bg))
    }

    /// A whole cell of one drawn colour: `█` on its own colour.
    @inline(__always)
    static func solid(_ p: Packed) -> Cell {
        let color = PackedColor.cellColor(p)
        return Cell(scalar: Glyphs.fullBlock, style: CellStyle(foreground: color, background: color))
    }

    /// `▀`/`▄`/`█` for a cell's two half-block pixels (at least one is drawn).
    @inline(__always)
    static func halfBlock(_ top: Packed, _ bottom: Packed) -> Cell {
        let t = top & PackedColor.present != 0, b = bottom & PackedColor.present != 0
        switch (t, b) {
        case (true, true):
            if top & PackedColor.rgbMask == bottom & PackedColor.rgbMask {
                let c = PackedColor.cellColor(top)
                return Cell(scalar: Glyphs.fullBlock, style: CellStyle(foreground: c, background: c))
            }
            return Cell(
                scalar: Glyphs.upperHalf,
                style: CellStyle(
                    foreground: PackedColor.cellColor(top),
                    background: PackedColor.cellColor(bottom)))
        case (true, false):
            return Cell(scalar: Glyphs.upperHalf, style: CellStyle(foreground: PackedColor.cellColor(top)))
        case (false, true):
            return Cell(scalar: Glyphs.lowerHalf, style: CellStyle(foreground: PackedColor.cellColor(bottom)))
        case (false, false):
            return Cell.blank
        }
    }
}
