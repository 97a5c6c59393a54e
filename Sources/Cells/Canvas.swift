import SafeText
import Synchronization

/// A terminal color, as the rasterizer asks for it; backends reduce it to what the
/// terminal can show (truecolor → 256 → 16 → none).
public enum CellColor: Equatable, Hashable, Sendable {
    case `default`
    case rgb(UInt8, UInt8, UInt8)
}

/// How one cell looks: colors and attributes.
///
/// Stored packed in one `UInt64` (each colour in 25 bits: a "set" bit and 0xRRGGBB; four
/// attribute bits), so copying, comparing and hashing a style are single integer
/// operations — the frame diff compares every cell of every frame.
public struct CellStyle: Hashable, Sendable {
    /// The packed bits: foreground in bits 0–24, background in 25–49, then bold, dim,
    /// reverse, underline. Two styles are equal exactly when their bits are.
    @inlinable public var bits: UInt64 { storage }
    @usableFromInline var storage: UInt64

    @usableFromInline static let colorMask: UInt64 = (1 << 25) - 1
    @usableFromInline static let backgroundShift: UInt64 = 25
    @usableFromInline static let boldBit: UInt64 = 1 << 50
    @usableFromInline static let dimBit: UInt64 = 1 << 51
    @usableFromInline static let reverseBit: UInt64 = 1 << 52
    @usableFromInline static let underlineBit: UInt64 = 1 << 53

    @inlinable public init(
        foreground: CellColor = .default, background: CellColor = .default,
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
    ) {
        storage = foreground.packed | background.packed << Self.backgroundShift
        if bold { storage |= Self.boldBit }
        if dim { storage |= Self.dimBit }
        if reverse { storage |= Self.reverseBit }
        if underline { storage |= Self.underlineBit }
    }
    public static let plain = CellStyle()

    /// True when the foreground is a colour of its own (not the terminal's default).
    @inlinable public var hasOwnForeground: Bool { storage & 1 << 24 != 0 }
    /// True when the background is a colour of its own (not the terminal's default).
    @inlinable public var hasOwnBackground: Bool { storage & 1 << 49 != 0 }

    @inlinable public var foreground: CellColor {
        get { CellColor(packed: bits & Self.colorMask) }
        set { storage = bits & ~Self.colorMask | newValue.packed }
    }
    @inlinable public var background: CellColor {
        get { CellColor(packed: bits >> Self.backgroundShift & Self.colorMask) }
        set { storage = bits & ~(Self.colorMask << Self.backgroundShift) | newValue.packed << Self.backgroundShift }
    }
    @inlinable func has(_ flag: UInt64) -> Bool { bits & flag != 0 }
    @inlinable mutating func set(_ flag: UInt64, _ on: Bool) { storage = on ? bits | flag : bits & ~flag }
    @inlinable public var bold: Bool {
        get { has(Self.boldBit) }
        set { set(Self.boldBit, newValue) }
    }
    @inlinable public var dim: Bool {
        get { has(Self.dimBit) }
        set { set(Self.dimBit, newValue) }
    }
    @inlinable public var reverse: Bool {
        get { has(Self.reverseBit) }
        set { set(Self.reverseBit, newValue) }
    }
    @inlinable public var underline: Bool {
        get { has(Self.underlineBit) }
        set { set(Self.underlineBit, newValue) }
    }
}

extension CellColor {
    /// 0 for `.default`, else bit 24 set and 0xRRGGBB.
    @inlinable var packed: UInt64 {
        switch self {
        case .default: 0
        case let .rgb(r, g, b): 1 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }
    @inlinable init(packed: UInt64) {
        self =
            packed & (1 << 24) == 0
            ? .default
            : .rgb(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), UInt8(truncatingIfNeeded: packed))
    }
}

/// One character cell: a glyph and its style. A wide glyph (CJK, emoji: two columns) sits
/// in its left cell and is followed by a `wideTail` cell, which backends skip — the
/// terminal draws the glyph across both.
///
/// A plain value (no reference counting): the glyph is a 32-bit code — the Unicode scalar
/// itself for a one-scalar glyph (nearly all of them), or the number of a longer grapheme
/// cluster (a letter with combining marks, an emoji sequence) in a process-wide table,
/// so copying and comparing cells costs a few integer operations.
public struct Cell: Hashable, Sendable {
    public var style: CellStyle
    /// The glyph's code: a scalar value, or a cluster number with the top bit set.
    @inlinable public var code: UInt32 { storedCode }
    @usableFromInline var storedCode: UInt32
    /// Always 0: every byte of a cell is defined, so rows compare as bytes (`ScreenUpdate`).
    @usableFromInline var reserved: UInt32 = 0

    @inlinable public init(_ glyph: Character = " ", style: CellStyle = .plain) {
        storedCode = GlyphTable.code(for: glyph)
        self.style = style
    }
    /// A one-scalar glyph, without looking at grapheme clusters.
    @inlinable public init(scalar: Unicode.Scalar, style: CellStyle = .plain) {
        storedCode = scalar.value
        self.style = style
    }
    public static let blank = Cell()

    /// The glyph as a `Character` (built on demand: hot paths use `code` / `scalar`).
    public var glyph: Character {
        get {
            if code & GlyphTable.clusterBit != 0 { return GlyphTable.cluster(code) }
            return Character(Unicode.Scalar(code) ?? " ")
        }
        set { storedCode = GlyphTable.code(for: newValue) }
    }

    /// The glyph's first (for a one-scalar glyph, only) scalar.
    public var scalar: Unicode.Scalar {
        if code & GlyphTable.clusterBit != 0 { return GlyphTable.cluster(code).unicodeScalars.first ?? " " }
        return Unicode.Scalar(code) ?? " "
    }

    /// True when the glyph is one ASCII character (one byte on the wire).
    @inlinable public var isASCII: Bool { code < 0x80 }

    /// Columns the glyph takes: 0, 1 or 2 (see `DisplayWidth`).
    @inline(__always) public var displayWidth: Int {
        if code < 0x7F { return code < 0x20 ? 0 : 1 }
        if code & GlyphTable.clusterBit != 0 { return DisplayWidth.of(GlyphTable.cluster(code)) }
        return DisplayWidth.of(Unicode.Scalar(code) ?? " ")
    }

    /// The right half of a wide character, in `style`.
    @inlinable public static func wideTail(_ style: CellStyle) -> Cell { Cell(scalar: "\u{0}", style: style) }
    /// True for the right half of a wide character (nothing to draw there).
    @inlinable public var isWideTail: Bool { code == 0 }
}

/// The grapheme clusters of more than one scalar that cells have shown, numbered, so a
/// `Cell` can hold any of them in 32 bits. Rare (combining marks, emoji sequences in
/// names and notes); bounded: past `capacity` distinct clusters a new one keeps its first
/// scalar only.
@usableFromInline enum GlyphTable {
    @usableFromInline static let clusterBit: UInt32 = 1 << 31
    static let capacity = 1 << 16

    private struct Table {
        var codes: [String: UInt32] = [:]
        var clusters: [Character] = []
    }
    private static let table = Mutex(Table())

    @inlinable static func code(for glyph: Character) -> UInt32 {
        var scalars = glyph.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0x20 }
        if scalars.next() == nil { return first.value }
        return intern(glyph, first: first)
    }

    @usableFromInline static func intern(_ glyph: Character, first: Unicode.Scalar) -> UInt32 {
        // kitty's placeholder cells: by arithmetic, never in the table (PlaceholderGlyph).
        if first.value == PlaceholderGlyph.character, let code = PlaceholderGlyph.code(glyph) { return code }
        let key = String(glyph)
        return table.withLock { t in
            if let known = t.codes[key] { return known }
            guard t.clusters.count < capacity else { return first.value }
            let code = clusterBit | UInt32(t.clusters.count)
            t.clusters.append(glyph)
            t.codes[key] = code
            return code
        }
    }

    static func cluster(_ code: UInt32) -> Character {
        if code & PlaceholderGlyph.bit != 0 { return PlaceholderGlyph.glyph(code) }
        let index = Int(code & ~clusterBit)
        return table.withLock { t in index < t.clusters.count ? t.clusters[index] : " " }
    }
}

/// A grid of cells, row-major; columns and rows are `Int` cell coordinates, (0, 0) top left.
/// The single hand-off between "what to show" (rasterizer, panels) and "how" (terminal).
public struct Canvas: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]

    public init(columns: Int, rows: Int, fill: Cell = .blank) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: fill, count: self.columns * self.rows)
    }

    /// The cell at (column, row); out-of-range reads answer a blank cell.
    public subscript(column: Int, row: Int) -> Cell {
        get {
            guard column >= 0, column < columns, row >= 0, row < rows else { return .blank }
            return cells[row * columns + column]
        }
        set {
            guard column >= 0, column < columns, row >= 0, row < rows else { return }
            let i = row * columns + column
            // Overwriting half of a wide character leaves a blank in the other half.
            if cells[i].isWideTail, column > 0 { cells[i - 1] = Cell(scalar: " ", style: cells[i - 1].style) }
            if column + 1 < columns, cells[i + 1].isWideTail, !newValue.isWideTail { cells[i + 1] = Cell(scalar: " ", style: cells[i + 1].style) }
            cells[i] = newValue
        }
    }

    /// Writes `text` from (column, row) rightwards, clipped to the canvas and to `maxWidth`
    /// columns, measured by display width: a wide character takes its cell and a
    /// `wideTail` after it (or a space, when only one column is left); combining marks take
    /// none. Answers the column after the last one written.
    /// The text passes `SafeText.visible` first: a control, bidi or zero-width character in
    /// a layer name or a message shows as `^[`, `\u{202e}`…, never reaches the terminal raw.
    @discardableResult
    public mutating func write(_ text: String, column: Int, row: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < rows else { return column }
        let limit = min(columns, column + (maxWidth ?? columns))
        // Printable ASCII (most panel text): one cell per byte, nothing for SafeText to show.
        if let end = text.utf8.withContiguousStorageIfAvailable({ bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            // The cells from `start` to `end` in one pass over the storage (issue 36: the
            // subscript checked bounds, uniqueness and both neighbours on every cell). What
            // the subscript's mending leaves, cell after cell, is a wide character cut at
            // either end of the run made blank: done once, at the ends.
            let start = max(column, 0), end = column >= limit ? column : min(limit, column + bytes.count)
            guard start < end else { return end }
            let base = row * columns
            cells.withUnsafeMutableBufferPointer { p in
                if start > 0, p[base + start].isWideTail { p[base + start - 1] = Cell(scalar: " ", style: p[base + start - 1].style) }
                if end < columns, p[base + end].isWideTail { p[base + end] = Cell(scalar: " ", style: p[base + end].style) }
                var i = base + start
                for byte in bytes[(start - column)..<(end - column)] {
                    p[i] = Cell(scalar: Unicode.Scalar(byte), style: style)
                    i += 1
                }
            }
            return end
        }), let end {
            return end
        }
        // Narrow scalars that are each a grapheme of their own (Latin, punctuation, arrows,
        // box drawing, braille: panel and tree text): one cell per scalar, no grapheme
        // breaking, nothing for SafeText to show.
        // Written as one run into the storage, mended at its ends only, as the ASCII run
        // above (issue 36: the title and panel rows with a `·`, `→` or `│` went cell by cell
        // through the subscript).
        if text.unicodeScalars.allSatisfy(Self.isLoneNarrowScalar) {
            let count = text.unicodeScalars.count
            let start = max(column, 0), end = column >= limit ? column : min(limit, column + count)
            guard start < end else { return end }
            let base = row * columns
            cells.withUnsafeMutableBufferPointer { p in
                if start > 0, p[base + start].isWideTail { p[base + start - 1] = Cell(scalar: " ", style: p[base + start - 1].style) }
                if end < columns, p[base + end].isWideTail { p[base + end] = Cell(scalar: " ", style: p[base + end].style) }
                var c = column, i = base + start
                for scalar in text.unicodeScalars {
                    if c >= end { break }
                    if c >= start {
                        p[i] = Cell(scalar: scalar, style: style)
                        i += 1
                    }
                    c += 1
                }
            }
            return end
        }
        var c = column
        for ch in SafeText.visible(text) {
            if c >= limit { break }
            let width = DisplayWidth.of(ch)
            if width == 0 { continue }
            if width == 2 {
                if c + 1 >= limit {
                    if c >= 0 { self[c, row] = Cell(scalar: " ", style: style) }
                    c += 1
                    break
                }
                if c >= 0 { self[c, row] = Cell(ch, style: style) }
                if c + 1 >= 0 { self[c + 1, row] = .wideTail(style) }
                c += 2
                continue
            }
            if c >= 0 { self[c, row] = Cell(ch, style: style) }
            c += 1
        }
        return c
    }

    /// Blanks `count` cells of `row` from `column` rightwards in `style` (clipped), as
    /// writing that many spaces would, without building the string.
    public mutating func clear(row: Int, column: Int, count: Int, style: CellStyle = .plain) {
        guard row >= 0, row < rows else { return }
        let first = max(0, column), end = min(columns, column + max(0, count))
        guard first < end else { return }
        let blank = Cell(scalar: " ", style: style)
        // The edges go through the subscript, which mends a wide character cut in half.
        self[first, row] = blank
        if end - 1 > first { self[end - 1, row] = blank }
        let base = row * columns
        for x in (first + 1)..<max(first + 1, end - 1) { cells[base + x] = blank }
    }

    /// True for a scalar that takes one column, is never joined to its neighbours into one
    /// grapheme (no combining marks, joiners, selectors, Hangul jamo, regional indicators)
    /// and is safe to show as it is (`SafeText.isUnsafe` is false).
    @inline(__always) static func isLoneNarrowScalar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x300 { return (v >= 0x20 && v < 0x7F) || (v >= 0xA0 && v != 0xAD) }
        return (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v) || (0x2190...0x22FF).contains(v)
            || (0x2500...0x25FC).contains(v) || (0x2800...0x28FF).contains(v)
    }

    /// Fills every cell with `cell`.
    public mutating func fill(_ cell: Cell) {
        for i in cells.indices { cells[i] = cell }
    }

    /// Copies `other` onto this canvas with its top-left at (column, row), clipped. Wide
    /// characters cut by either edge become blanks.
    public mutating func blit(_ other: Canvas, column: Int, row: Int) {
        let first = max(0, column), last = min(columns, column + other.columns) - 1
        guard first <= last else { return }
        for r in 0..<other.rows {
            let y = row + r
            guard y >= 0, y < rows else { continue }
            let count = last - first + 1
            cells.withUnsafeMutableBufferPointer { to in
                other.cells.withUnsafeBufferPointer { from in
                    (to.baseAddress! + y * columns + first).update(from: from.baseAddress! + r * other.columns + (first - column), count: count)
                }
            }
            mendEdges(row: y, first: first, last: last)
        }
    }

    /// A blank canvas with `other` copied onto it at (column, row): cell for cell what
    /// `Canvas(columns:rows:)` and then `blit(other, column:row:)` give, with the cells the
    /// copy covers written once instead of twice (the explorer's screen, every frame).
    public init(columns: Int, rows: Int, placing other: Canvas, column: Int, row: Int) {
        let width = max(0, columns)
        let first = max(0, column), last = min(width, column + other.columns) - 1
        self.init(
            columns: columns, rows: rows,
            writingEveryCell: { cells in
                let blank = Cell.blank
                other.cells.withUnsafeBufferPointer { from in
                    for y in 0..<max(0, rows) {
                        let to = cells.baseAddress! + y * width
                        let r = y - row
                        guard first <= last, r >= 0, r < other.rows else {
                            to.initialize(repeating: blank, count: width)
                            continue
                        }
                        to.initialize(repeating: blank, count: first)
                        (to + first).initialize(from: from.baseAddress! + r * other.columns + (first - column), count: last - first + 1)
                        (to + last + 1).initialize(repeating: blank, count: width - last - 1)
                    }
                }
            })
        guard first <= last else { return }
        for r in 0..<other.rows where row + r >= 0 && row + r < self.rows {
            mendEdges(row: row + r, first: first, last: last)
        }
    }

    /// After copying columns `first...last` of row `y` from another canvas: a tail whose
    /// head was not copied, a head whose tail was overwritten, become blanks.
    private mutating func mendEdges(row y: Int, first: Int, last: Int) {
        let base = y * columns
        func isHead(_ x: Int) -> Bool { !cells[base + x].isWideTail && cells[base + x].displayWidth == 2 }
        func blank(_ x: Int) { cells[base + x] = Cell(scalar: " ", style: cells[base + x].style) }
        if cells[base + first].isWideTail { blank(first) }
        if first > 0, isHead(first - 1) { blank(first - 1) }
        if isHead(last), last + 1 >= columns || !cells[base + last + 1].isWideTail { blank(last) }
        if last + 1 < columns, cells[base + last + 1].isWideTail, !isHead(last) { blank(last + 1) }
    }

    /// The glyphs of one row as a string (styles dropped); the right halves of wide
    /// characters add nothing, so the string is `columns` display columns wide.
    public func text(row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var out = ""
        for cell in cells[(row * columns)..<(row * columns + columns)] where !cell.isWideTail { out.append(cell.glyph) }
        return out
    }

    /// Every row's glyphs, joined with newlines (styles dropped): what `render --color none` prints.
    public var text: String { (0..<rows).map { text(row: $0) }.joined(separator: "\n") }
}

extension Canvas {
    /// Sets a cell without repairing wide characters around it.
    package mutating func setCellUnchecked(column: Int, row: Int, _ cell: Cell) {
        guard column >= 0, column < columns, row >= 0, row < rows else { return }
        cells[row * columns + column] = cell
    }

    /// A canvas whose cells `body` writes, every one of them, row-major (the rasterizer's
    /// composition pass: no blank canvas is filled first only to be overwritten).
    package init(columns: Int, rows: Int, writingEveryCell body: (UnsafeMutableBufferPointer<Cell>) -> Void) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        let count = self.columns * self.rows
        cells = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            // `Cell` is a plain value (no references): writing over uninitialized memory is
            // initializing it.
            body(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
            initialized = count
        }
    }

    /// Direct row-major access to the cells, for the rasterizer's composition pass.
    package mutating func withUnsafeMutableCells<R>(_ body: (UnsafeMutableBufferPointer<Cell>) throws -> R) rethrows -> R {
        try cells.withUnsafeMutableBufferPointer { try body($0) }
    }
}
