import SafeText

/// A terminal color, as the rasterizer asks for it; backends reduce it to what the
/// terminal can show (truecolor → 256 → 16 → none).
public enum CellColor: Equatable, Hashable, Sendable {
    case `default`
    case rgb(UInt8, UInt8, UInt8)
}

/// How one cell looks: colors and attributes.
public struct CellStyle: Equatable, Hashable, Sendable {
    public var foreground: CellColor
    public var background: CellColor
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: CellColor = .default, background: CellColor = .default,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground; self.background = background
        self.bold = bold; self.dim = dim; self.reverse = reverse; self.underline = underline
    }
    public static let plain = CellStyle()
}

/// One character cell: a glyph and its style. A wide glyph (CJK, emoji: two columns) sits
/// in its left cell and is followed by a `wideTail` cell, which backends skip — the
/// terminal draws the glyph across both.
public struct Cell: Equatable, Hashable, Sendable {
    public var glyph: Character
    public var style: CellStyle
    public init(_ glyph: Character = " ", style: CellStyle = .plain) { self.glyph = glyph; self.style = style }
    public static let blank = Cell()

    /// The glyph of the right half of a wide character.
    public static let wideTailGlyph: Character = "\u{0}"
    /// The right half of a wide character, in `style`.
    public static func wideTail(_ style: CellStyle) -> Cell { Cell(wideTailGlyph, style: style) }
    /// True for the right half of a wide character (nothing to draw there).
    public var isWideTail: Bool { glyph.unicodeScalars.first?.value == 0 }
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
            if cells[i].isWideTail, column > 0 { cells[i - 1] = Cell(" ", style: cells[i - 1].style) }
            if column + 1 < columns, cells[i + 1].isWideTail, !newValue.isWideTail { cells[i + 1] = Cell(" ", style: cells[i + 1].style) }
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
        var c = column
        for ch in SafeText.visible(text) {
            if c >= limit { break }
            let width = DisplayWidth.of(ch)
            if width == 0 { continue }
            if width == 2 {
                if c + 1 >= limit {
                    if c >= 0 { self[c, row] = Cell(" ", style: style) }
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
            for x in first...last {
                cells[y * columns + x] = other.cells[r * other.columns + (x - column)]
            }
            // Edges: a tail whose head was not copied, a head whose tail was overwritten.
            let base = y * columns
            func isHead(_ x: Int) -> Bool { !cells[base + x].isWideTail && DisplayWidth.of(cells[base + x].glyph) == 2 }
            if cells[base + first].isWideTail { cells[base + first].glyph = " " }
            if first > 0, isHead(first - 1) { cells[base + first - 1].glyph = " " }
            if isHead(last), last + 1 >= columns || !cells[base + last + 1].isWideTail { cells[base + last].glyph = " " }
            if last + 1 < columns, cells[base + last + 1].isWideTail, !isHead(last) { cells[base + last + 1].glyph = " " }
        }
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

    /// Direct row-major access to the cells, for the rasterizer's composition pass.
    package mutating func withUnsafeMutableCells<R>(_ body: (UnsafeMutableBufferPointer<Cell>) throws -> R) rethrows -> R {
        try cells.withUnsafeMutableBufferPointer { try body($0) }
    }
}
