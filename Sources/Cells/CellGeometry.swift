/// A cell address on a canvas: `column` grows right, `row` grows down, (0, 0) top left.
public struct CellPosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var column: Int
    public var row: Int
    public init(column: Int, row: Int) { self.column = column; self.row = row }
    public var description: String { "(\(column), \(row))" }
}

/// A rectangle of cells, half-open like `Rect`: columns `column ..< column + columns`.
public struct CellRect: Equatable, Hashable, Sendable {
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int
    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = column; self.row = row; self.columns = columns; self.rows = rows
    }
    public var isEmpty: Bool { columns <= 0 || rows <= 0 }
    public func contains(_ p: CellPosition) -> Bool {
        p.column >= column && p.column < column + columns && p.row >= row && p.row < row + rows
    }
}
