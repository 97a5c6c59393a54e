#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes that bring a terminal from showing one canvas to showing the next: only the
/// cells that changed, in row order, with the fewest cursor moves and style changes.
///
/// Pure (no terminal, no ncurses), so the diff is tested byte for byte; the ncurses
/// backend sends what it answers. It speaks ECMA-48 / xterm, which every terminal that
/// terminfo can address with `cup` understands: `CSI row;col H` and `CSI n C` to move,
/// `CSI … m` (SGR) for style, with 16, 256 or 24-bit colours (`38;2;r;g;b`), written
/// directly whatever the terminfo entry says about colours.
///
/// It remembers what the terminal shows (the last canvas), where its cursor is and which
/// style is set, so a frame costs only its differences:
/// - nothing changed → no bytes at all;
/// - the first frame, a new size, or `invalidate()` (after a resize or a suspension,
///   when the screen may hold anything) → clear, then every cell that is not blank;
/// - a style is turned into SGR only when it differs from the previous cell's, and only
///   the parts that differ are sent (a new foreground alone is `CSI 38;5;n m`); where a
///   foreground cannot be seen (a space; a full block the colour of its background, sent
///   as a space) the one already set is kept;
/// - short runs of unchanged cells between changed ones are rewritten when that is
///   cheaper than moving the cursor over them.
public struct ScreenUpdate {
    public struct Options: Hashable, Sendable {
        public var colors: ColorDepth
        /// Whether the 16-colour palette has its bright half (8-colour terminals map
        /// bright colours to the dark ones).
        public var brightColors: Bool
        /// False: every glyph is written as its ASCII stand-in (non-UTF-8 locales).
        public var unicode: Bool
        /// Leave the bottom-right cell alone: on a terminal that wraps at once after the
        /// last column (terminfo `am` without `xenl`) writing it would scroll the screen.
        public var skipsBottomRightCell: Bool

        public init(
            colors: ColorDepth, brightColors: Bool = true, unicode: Bool = true,
            skipsBottomRightCell: Bool = false
        ) {
            self.colors = colors; self.brightColors = brightColors; self.unicode = unicode
            self.skipsBottomRightCell = skipsBottomRightCell
        }
    }

    /// A style as the terminal sees it: colours already reduced to the depth (two RGB
    /// colours that reduce to the same index are the same here, so switching between
    /// them costs nothing).
    struct TerminalStyle: Equatable {
        /// Attribute bits: 1 bold, 2 dim, 4 underline, 8 reverse.
        var attributes: UInt8 = 0
        var foreground: Int32 = -1
        var background: Int32 = -1
        static let plain = TerminalStyle()
    }

    public let options: Options
    /// What the terminal shows, or nil when it is unknown (clear and paint all).
    private var shown: Canvas?
    /// The terminal's cursor, or nil when unknown.
    private var cursor: (column: Int, row: Int)?
    /// The SGR state of the terminal, or nil when unknown.
    private var style: TerminalStyle?
    /// The last style resolved, so runs of cells in one style resolve it once.
    private var lastCellStyle: CellStyle?
    private var lastTerminalStyle = TerminalStyle.plain
    /// Every style resolved so far (a frame has a few dozen; looked up only where the
    /// style changes along a row, never per cell).
    private var resolved: [CellStyle: TerminalStyle] = [:]
    /// The styles resolved last, looked at before `resolved` (ScreenStyleCache.swift).
    private var recent = StyleCache()
    /// Lookups in `resolved`, counted for the tests: a style seen lately is answered by `recent`.
    private(set) var resolvedLookups = 0

    public init(options: Options) {
        // `firstDifference` reads a cell as two words.
        precondition(MemoryLayout<Cell>.stride == 16 && MemoryLayout<Cell>.size == 16)
        self.options = options
    }

    /// Forgets what the terminal shows: the next `update` clears and repaints it all.
    public mutating func invalidate() {
        shown = nil
        cursor = nil
        style = nil
    }

    /// Forgets the cells of `rect` that `test` picks, so the next `update` writes them again
    /// (an image drawn over them — sixel, iTerm2 — replaced what the terminal showed there).
    public mutating func forget(_ rect: CellRect, where test: (Cell) -> Bool) {
        guard var canvas = shown else { return }
        for row in max(0, rect.row)..<min(canvas.rows, rect.row + rect.rows) {
            for column in max(0, rect.column)..<min(canvas.columns, rect.column + rect.columns) where test(canvas[column, row]) {
                canvas[column, row] = Cell("\u{FFFD}", style: CellStyle(foreground: .rgb(1, 2, 3)))
            }
        }
        shown = canvas
    }

    /// The cursor position after the last update (nil when unknown).
    public var cursorPosition: (column: Int, row: Int)? { cursor }

    /// Records that the caller moved the terminal's cursor (to place the text cursor).
    public mutating func cursorMoved(to position: (column: Int, row: Int)?) {
        cursor = position
    }

    /// The bytes that make the terminal show `canvas`. Empty when it already does.
    public mutating func update(to canvas: Canvas) -> [UInt8] {
        var out: [UInt8] = []
        update(to: canvas, appendingTo: &out)
        return out
    }

    /// Appends to `out` the bytes that make the terminal show `canvas`.
    public mutating func update(to canvas: Canvas, appendingTo out: inout [UInt8]) {
        let columns = canvas.columns, rows = canvas.rows
        let previous: Canvas?
        if let shown, shown.columns == columns, shown.rows == rows {
            previous = shown
        } else {
            previous = nil
        }
        if previous == nil {
            // Unknown screen: plain style, clear, home.
            out.append(contentsOf: Self.resetAndClear)
            style = .plain
            cursor = (0, 0)
        }
        canvas.cells.withUnsafeBufferPointer { next in
            if let previous {
                previous.cells.withUnsafeBufferPointer { old in
                    for row in 0..<rows {
                        paintRow(row, columns: columns, rows: rows, next: next, old: old, out: &out)
                    }
                }
            } else {
                for row in 0..<rows {
                    paintRow(row, columns: columns, rows: rows, next: next, old: nil, out: &out)
                }
            }
        }
        shown = canvas
    }

    /// Writes the changed cells of one row. Without `old` (a cleared screen) every cell
    /// that is not blank in the default style counts as changed.
    private mutating func paintRow(
        _ row: Int, columns: Int, rows: Int, next: UnsafeBufferPointer<Cell>,
        old: UnsafeBufferPointer<Cell>?, out: inout [UInt8]
    ) {
        let base = row * columns
        var end = columns
        if options.skipsBottomRightCell && row == rows - 1 { end -= 1 }
        // An unchanged row (most of them) is one memory comparison: every byte of a cell
        // is defined (no padding), and equal cells have equal bytes.
        if let old, memcmp(next.baseAddress! + base, old.baseAddress! + base, end * MemoryLayout<Cell>.stride) == 0 {
            return
        }
        let blank = Cell.blank
        // Cells are plain values: comparing two is comparing two integers and a style's bits.
        @inline(__always) func changed(_ column: Int) -> Bool {
            if let old { return next[base + column] != old[base + column] }
            return next[base + column] != blank
        }
        var column = 0
        while column < end {
            // Unchanged cells up to the next changed one are skipped as words (a cell is two).
            if let old {
                column = Self.firstDifference(next.baseAddress! + base, old.baseAddress! + base, from: column, to: end)
                if column == end { break }
            } else if !changed(column) {
                column += 1
                continue
            }
            // A changed right half of a wide character is redrawn with its left half.
            if column > 0, next[base + column].isWideTail { column -= 1 }
            // A run of changed cells, extended over gaps of unchanged cells that cost
            // fewer bytes to rewrite than to skip (a move is 4–9 bytes; a gap in the
            // current style is its glyphs' bytes).
            var runEnd = column + 1
            while runEnd < end {
                if changed(runEnd) { runEnd += 1; continue }
                var gapEnd = runEnd
                while gapEnd < end, gapEnd - runEnd < Self.longestRewrittenGap, !changed(gapEnd) { gapEnd += 1 }
                guard gapEnd < end, changed(gapEnd),
                    gapIsCheap(next, from: base + runEnd, to: base + gapEnd, style: next[base + runEnd - 1].style)
                else { break }
                runEnd = gapEnd
            }
            move(to: column, row: row, out: &out)
            for c in column..<runEnd {
                let cell = next[base + c]
                if cell.isWideTail {
                    // Unicode: the wide glyph before it covered this cell and moved the
                    // cursor past it. ASCII: the glyph became one stand-in; blank the rest.
                    if options.unicode { continue }
                }
                put(cell.isWideTail ? Cell(scalar: " ", style: cell.style) : cell, out: &out)
                let width = options.unicode && !cell.isWideTail && isWide(cell) ? 2 : 1
                if c + width - 1 >= columns - 1 {
                    cursor = nil  // pending wrap: position unknown
                } else {
                    cursor!.column += width
                }
            }
            column = runEnd
        }
    }

    private static let longestRewrittenGap = 3

    /// Width lookups made (`DisplayWidth`), counted for the tests: a braille or box-drawing
    /// cell is answered without one (`Cell.isSurelyNarrow`).
    private(set) var widthLookups = 0

    /// True for a glyph two columns wide. Braille, box drawing, ASCII and everything below
    /// U+1100 are one column without a table lookup (issue 36: ~440 lookups a rotate key).
    @inline(__always)
    private mutating func isWide(_ cell: Cell) -> Bool {
        if cell.isSurelyNarrow { return false }
        widthLookups &+= 1
        return cell.displayWidth == 2
    }

    /// The first column from `start` (before `end`) whose cells differ in `a` and `b`, or
    /// `end`: each cell compared as its two 64-bit words (every byte of a cell is defined, and
    /// equal cells have equal bytes), without the per-cell `==` (issue 36: a changed row was
    /// scanned cell by cell, ~10 instructions a cell).
    @inline(__always)
    private static func firstDifference(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, from start: Int, to end: Int) -> Int {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var i = start
        while i < end {
            let offset = i &* 16
            if ra.load(fromByteOffset: offset, as: UInt64.self) != rb.load(fromByteOffset: offset, as: UInt64.self)
                || ra.load(fromByteOffset: offset &+ 8, as: UInt64.self) != rb.load(fromByteOffset: offset &+ 8, as: UInt64.self)
            {
                return i
            }
            i &+= 1
        }
        return end
    }

    /// True when the unchanged cells from `start` to `end` are single ASCII characters in
    /// `style`, the style of the cell before them (rewriting them sends one byte each
    /// and no style change).
    private func gapIsCheap(_ cells: UnsafeBufferPointer<Cell>, from start: Int, to end: Int, style: CellStyle) -> Bool {
        for index in start..<end {
            let cell = cells[index]
            guard cell.style == style, cell.isASCII else { return false }
        }
        return true
    }

    private mutating func move(to column: Int, row: Int, out: inout [UInt8]) {
        if let cursor, cursor.row == row {
            if cursor.column == column { return }
            if column > cursor.column {
                // CUF: ESC [ n C (n = 1 may be left out).
                let n = column - cursor.column
                out.append(0x1B); out.append(UInt8(ascii: "["))
                if n > 1 { Self.appendDecimal(n, to: &out) }
                out.append(UInt8(ascii: "C"))
                self.cursor = (column, row)
                return
            }
        }
        // CUP: ESC [ row ; column H, 1-based; ESC [ H for the home cell.
        out.append(0x1B); out.append(UInt8(ascii: "["))
        if row != 0 || column != 0 {
            Self.appendDecimal(row + 1, to: &out)
            if column != 0 {
                out.append(UInt8(ascii: ";"))
                Self.appendDecimal(column + 1, to: &out)
            }
        }
        out.append(UInt8(ascii: "H"))
        cursor = (column, row)
    }

    /// Writes one cell at the cursor: its style change, if any, then its glyph.
    @inline(__always)
    private mutating func put(_ cell: Cell, out: inout [UInt8]) {
        var wanted: TerminalStyle
        if let lastCellStyle, lastCellStyle == cell.style {
            wanted = lastTerminalStyle
        } else {
            wanted = terminalStyle(for: cell.style)
            lastCellStyle = cell.style
            lastTerminalStyle = wanted
        }
        var code = cell.code
        // Where the foreground cannot be seen, keep the one set now (no SGR for it): a
        // space shows only its background, and a full block in its own background's
        // colour is a space. Not with underline or reverse, which show the foreground.
        if wanted.attributes & (4 | 8) == 0, let style {
            if code == 0x2588 && wanted.foreground == wanted.background && wanted.foreground >= 0 {  // █
                code = 0x20
            }
            if code == 0x20 { wanted.foreground = style.foreground }
        }
        if style != wanted {
            appendTransition(from: style, to: wanted, out: &out)
            style = wanted
        }
        appendGlyph(code, out: &out)
    }

    private mutating func terminalStyle(for cellStyle: CellStyle) -> TerminalStyle {
        if let recent = recent.lookup(cellStyle.bits) { return recent }
        resolvedLookups &+= 1
        if let known = resolved[cellStyle] {
            recent.store(cellStyle.bits, known)
            return known
        }
        var result = TerminalStyle()
        if cellStyle.bold { result.attributes |= 1 }
        if cellStyle.dim { result.attributes |= 2 }
        if cellStyle.underline { result.attributes |= 4 }
        if cellStyle.reverse { result.attributes |= 8 }
        result.foreground = colorCode(cellStyle.foreground)
        result.background = colorCode(cellStyle.background)
        resolved[cellStyle] = result
        recent.store(cellStyle.bits, result)
        return result
    }

    /// -1 for the default colour; a palette index (0…255); or, in truecolor, the RGB
    /// value with bit 24 set.
    private func colorCode(_ color: CellColor) -> Int32 {
        guard case let .rgb(r, g, b) = color else { return -1 }
        switch options.colors {
        case .none:
            return -1
        case .ansi16:
            let index = Int32(ColorReduction.ansi16(red: r, green: g, blue: b))
            return options.brightColors ? index : index % 8
        case .ansi256:
            return Int32(ColorReduction.ansi256(red: r, green: g, blue: b))
        case .truecolor:
            return 1 << 24 | Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        }
    }

    /// The SGR from `old` (nil: unknown) to `new`: a reset when the state is unknown;
    /// else attributes turned off one by one (22 ends bold and dim together, 24
    /// underline, 27 reverse), the attributes that come on, and only the colours that
    /// change.
    private func appendTransition(from old: TerminalStyle?, to new: TerminalStyle, out: inout [UInt8]) {
        out.append(0x1B); out.append(UInt8(ascii: "["))
        var base = TerminalStyle.plain
        var first = true
        func separator() {
            if !first { out.append(UInt8(ascii: ";")) }
            first = false
        }
        if let old {
            base = old
            let off = old.attributes & ~new.attributes
            if off & (1 | 2) != 0 {
                separator(); Self.appendDecimal(22, to: &out)
                base.attributes &= ~(1 | 2)
            }
            if off & 4 != 0 { separator(); Self.appendDecimal(24, to: &out); base.attributes &= ~4 }
            if off & 8 != 0 { separator(); Self.appendDecimal(27, to: &out); base.attributes &= ~8 }
        } else {
            out.append(UInt8(ascii: "0"))
            first = false
        }
        let on = new.attributes & ~base.attributes
        // Bold 1, dim 2, underline 4, reverse 7, in that order (no array of pairs per SGR).
        if on & 1 != 0 { separator(); out.append(UInt8(ascii: "1")) }
        if on & 2 != 0 { separator(); out.append(UInt8(ascii: "2")) }
        if on & 4 != 0 { separator(); out.append(UInt8(ascii: "4")) }
        if on & 8 != 0 { separator(); out.append(UInt8(ascii: "7")) }
        if new.foreground != base.foreground {
            separator(); appendColor(new.foreground, background: false, out: &out)
        }
        if new.background != base.background {
            separator(); appendColor(new.background, background: true, out: &out)
        }
        out.append(UInt8(ascii: "m"))
    }

    private func appendColor(_ code: Int32, background: Bool, out: inout [UInt8]) {
        if code < 0 {
            // 39 / 49: the terminal's own colour.
            Self.appendDecimal(background ? 49 : 39, to: &out)
        } else if code >= 1 << 24 {
            Self.appendDecimal(background ? 48 : 38, to: &out)
            // ";2;" byte by byte: `Array(";2;".utf8)` allocated an array per colour written.
            out.append(UInt8(ascii: ";")); out.append(UInt8(ascii: "2")); out.append(UInt8(ascii: ";"))
            Self.appendDecimal(Int(code >> 16 & 0xFF), to: &out); out.append(UInt8(ascii: ";"))
            Self.appendDecimal(Int(code >> 8 & 0xFF), to: &out); out.append(UInt8(ascii: ";"))
            Self.appendDecimal(Int(code & 0xFF), to: &out)
        } else if options.colors == .ansi16 {
            let i = Int(code)
            let base = i < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            Self.appendDecimal(base + i % 8, to: &out)
        } else {
            Self.appendDecimal(background ? 48 : 38, to: &out)
            out.append(UInt8(ascii: ";")); out.append(UInt8(ascii: "5")); out.append(UInt8(ascii: ";"))
            Self.appendDecimal(Int(code), to: &out)
        }
    }

    private func appendGlyph(_ code: UInt32, out: inout [UInt8]) {
        if code < 0x80 {
            // ASCII; a control character would act on the terminal instead of showing.
            out.append(code >= 0x20 && code != 0x7F ? UInt8(code) : UInt8(ascii: "?"))
            return
        }
        if code & GlyphTable.clusterBit != 0 {
            let cluster = GlyphTable.cluster(code)
            let first = cluster.unicodeScalars.first ?? " "
            if !options.unicode {
                out.append(UInt8(ASCIIFallback.glyph(for: first).value))
            } else if first.value >= 0x20, !(0x7F...0x9F).contains(first.value) {
                out.append(contentsOf: cluster.utf8)
            } else {
                out.append(UInt8(ascii: "?"))
            }
            return
        }
        let scalar = Unicode.Scalar(code) ?? " "
        if !options.unicode {
            out.append(UInt8(ASCIIFallback.glyph(for: scalar).value))
        } else if code <= 0x9F {
            out.append(UInt8(ascii: "?"))  // C1 controls
        } else {
            // UTF-8 by hand: 2, 3 or 4 bytes.
            if code < 0x800 {
                out.append(UInt8(0xC0 | code >> 6)); out.append(UInt8(0x80 | code & 0x3F))
            } else if code < 0x10000 {
                out.append(UInt8(0xE0 | code >> 12)); out.append(UInt8(0x80 | code >> 6 & 0x3F))
                out.append(UInt8(0x80 | code & 0x3F))
            } else {
                out.append(UInt8(0xF0 | code >> 18)); out.append(UInt8(0x80 | code >> 12 & 0x3F))
                out.append(UInt8(0x80 | code >> 6 & 0x3F)); out.append(UInt8(0x80 | code & 0x3F))
            }
        }
    }

    /// SGR reset, home, erase the whole screen.
    static let resetAndClear: [UInt8] = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        // Nearly every number is a colour channel, a row or a column: three digits at most,
        // written without the recursion (issue 36: ~800 a rotate key in truecolour).
        if value >= 0 && value < 1000 {
            if value >= 100 { out.append(UInt8(ascii: "0") + UInt8(value / 100)) }
            if value >= 10 { out.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
            out.append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        if value >= 10 { appendDecimal(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
