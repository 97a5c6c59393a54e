import Cells
import Graphics

/// kitty's placeholder cells name their row and column in the image with combining marks, and
/// the protocol's list has 297 of them: one image shows at most 297 × 297 cells. A canvas
/// past that (a terminal wider or taller than about 300 cells) is shown as **tiles**, each
/// its own image of at most 297 × 297 cells with its own virtual placement, its cells
/// counted from the tile's corner and named with the tile's ink (`KittyPlaceholder.Ink.tile`).
/// Tiles go across, then down: tile `k` is column `k % across`, row `k / across`.
struct PlaceholderTiles: Equatable {
    /// The most cells one image's placeholders can name, a side.
    static let side = KittyPlaceholder.diacritics.count
    /// The most tiles (`Ink.tile` gives this many distinct ids): 16 × 297 = 4 752 cells in a
    /// row, or 4 × 4 tiles, 1 188 × 1 188 cells. Cells of tiles past it stay blank.
    static let most = KittyPlaceholder.Ink.tiles

    let columns: Int
    let rows: Int

    var across: Int { max(1, (columns + Self.side - 1) / Self.side) }
    var down: Int { max(1, (rows + Self.side - 1) / Self.side) }
    var count: Int { min(across * down, Self.most) }

    /// Tile `k`'s cells, relative to the canvas.
    func rect(_ k: Int) -> CellRect {
        let column = (k % across) * Self.side, row = (k / across) * Self.side
        return CellRect(column: column, row: row, columns: min(Self.side, columns - column), rows: min(Self.side, rows - row))
    }

    /// The tile holding canvas cell (`column`, `row`) and the cell's place in it; nil past `most`.
    func tile(column: Int, row: Int) -> (index: Int, column: Int, row: Int)? {
        let k = (row / Self.side) * across + column / Self.side
        guard k < count else { return nil }
        return (k, column % Self.side, row % Self.side)
    }
}
