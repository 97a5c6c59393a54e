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

/// One character cell: a single-width glyph and its style.
public struct Cell: Equatable, Hashable, Sendable {
    public var glyph: Character
    public var style: CellStyle
    public init(_ glyph: Character = " ", style: CellStyle = .plain) { self.glyph = glyph; self.style = style }
    public static let blank = Cell()
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
            cells[row * columns + column] = newValue
        }
    }

    /// Writes `text` from (column, row) rightwards, clipped to the canvas and to `maxWidth` cells.
    /// The text passes `SafeText.visible` first: a control, bidi or zero-width character in
    /// a layer name or a message shows as `^[`, `\u{202e}`…, never reaches the terminal raw.
    public mutating func write(_ text: String, column: Int, row: Int, style: CellStyle = .plain, maxWidth: Int? = nil) {
        guard row >= 0, row < rows else { return }
        let limit = min(columns, column + (maxWidth ?? columns))
        var c = column
        for ch in SafeText.visible(text) {
            if c >= limit { break }
            if c >= 0 { cells[row * columns + c] = Cell(ch, style: style) }
            c += 1
        }
    }

    /// Fills every cell with `cell`.
    public mutating func fill(_ cell: Cell) {
        for i in cells.indices { cells[i] = cell }
    }

    /// Copies `other` onto this canvas with its top-left at (column, row), clipped.
    public mutating func blit(_ other: Canvas, column: Int, row: Int) {
        for r in 0..<other.rows {
            let y = row + r
            guard y >= 0, y < rows else { continue }
            for c in 0..<other.columns {
                let x = column + c
                guard x >= 0, x < columns else { continue }
                cells[y * columns + x] = other.cells[r * other.columns + c]
            }
        }
    }

    /// The glyphs of one row as a string (styles dropped).
    public func text(row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        return String(cells[(row * columns)..<(row * columns + columns)].map(\.glyph))
    }

    /// Every row's glyphs, joined with newlines (styles dropped): what `render --color none` prints.
    public var text: String { (0..<rows).map { text(row: $0) }.joined(separator: "\n") }
}

extension Canvas {
    /// Direct row-major access to the cells, for the rasterizer's composition pass.
    mutating func withUnsafeMutableCells<R>(_ body: (UnsafeMutableBufferPointer<Cell>) throws -> R) rethrows -> R {
        try cells.withUnsafeMutableBufferPointer { try body($0) }
    }
}
