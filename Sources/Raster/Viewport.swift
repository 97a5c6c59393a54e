import Cells
import Geometry

/// How many samples a cell is split into, across and down: `(1, 1)` for whole cells,
/// `(1, 2)` for half-block pixels (`▀▄`), `(2, 4)` for braille dots (U+2800 block).
public struct SubcellGrid: Equatable, Hashable, Sendable {
    public var perColumn: Int
    public var perRow: Int
    public init(perColumn: Int, perRow: Int) {
        precondition(perColumn > 0 && perRow > 0, "SubcellGrid: samples per cell must be positive")
        self.perColumn = perColumn; self.perRow = perRow
    }
    public static let cell = SubcellGrid(perColumn: 1, perRow: 1)
    public static let halfBlock = SubcellGrid(perColumn: 1, perRow: 2)
    public static let braille = SubcellGrid(perColumn: 2, perRow: 4)
    public static let sextant = SubcellGrid(perColumn: 2, perRow: 3)
}

/// Maps points (the screen space top-level layers live in, y down) to cells and back.
///
/// This is the only place the cell aspect ratio appears: a cell is `cellAspect` times taller
/// than it is wide, so one row spans `pointsPerColumn · cellAspect` points and a square
/// layer looks square. A cell samples the world at its centre; sub-cell grids (braille dots,
/// half-block pixels) sample at their own centres. Cell coordinates are continuous when
/// they are `Double` (column 2.5 is the middle of column 2) and addresses when `Int`.
public struct Viewport: Equatable, Sendable {
    /// A terminal cell is about twice as tall as it is wide.
    public static let defaultCellAspect = 2.0
    /// Zoom never goes past these scales (points per column), so arithmetic stays finite.
    public static let scaleRange: ClosedRange<Double> = 1e-6...1e12

    /// The screen point at the top-left **corner** of cell (0, 0), in points.
    public var origin: Point
    /// The width of one column, in points (the zoom: smaller is closer).
    public var pointsPerColumn: Double
    /// Cell height ÷ cell width (2 by default).
    public var cellAspect: Double

    /// `pointsPerColumn` is clamped to `scaleRange`; a non-finite or non-positive value
    /// (or aspect) falls back to 1 point per column (aspect 2).
    public init(origin: Point = .zero, pointsPerColumn: Double = 1, cellAspect: Double = Viewport.defaultCellAspect) {
        self.origin = origin.isFinite ? origin : .zero
        self.pointsPerColumn = Viewport.sanitizedScale(pointsPerColumn)
        self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : Viewport.defaultCellAspect
    }

    /// The height of one row, in points.
    public var pointsPerRow: Double { pointsPerColumn * cellAspect }

    private static func sanitizedScale(_ s: Double) -> Double {
        guard s.isFinite, s > 0 else { return 1 }
        return min(max(s, scaleRange.lowerBound), scaleRange.upperBound)
    }

    // MARK: Fitting

    /// The viewport that shows all of `rect` (screen points) in `columns × rows` cells, as
    /// large as possible with square-looking points, centred. An empty canvas or a rect with
    /// no extent keeps 1 point per column around the rect's centre.
    public static func fitting(
        _ rect: Rect, columns: Int, rows: Int,
        cellAspect: Double = Viewport.defaultCellAspect
    ) -> Viewport {
        var v = Viewport(pointsPerColumn: 1, cellAspect: cellAspect)
        v.fit(rect, columns: columns, rows: rows)
        return v
    }

    /// Zooms and pans so all of `rect` (screen points) fits `columns × rows` cells, centred.
    public mutating func fit(_ rect: Rect, columns: Int, rows: Int) {
        let r = rect.standardized
        guard r.origin.isFinite, r.width.isFinite, r.height.isFinite else { return }
        var scale = 1.0
        if columns > 0, rows > 0 {
            let s = max(r.width / Double(columns), r.height / (Double(rows) * cellAspect))
            if s > 0, s.isFinite { scale = s }
        }
        pointsPerColumn = Viewport.sanitizedScale(scale)
        let c = r.center
        origin = Point(
            x: c.x - Double(max(columns, 0)) * pointsPerColumn / 2,
            y: c.y - Double(max(rows, 0)) * pointsPerRow / 2)
    }

    // MARK: Points ↔ cells

    /// Continuous cell coordinates of a screen point: column 0.5 is the centre of column 0.
    public func cellCoordinates(of p: Point) -> (column: Double, row: Double) {
        ((p.x - origin.x) / pointsPerColumn, (p.y - origin.y) / pointsPerRow)
    }

    /// The screen point at continuous cell coordinates.
    public func point(column: Double, row: Double) -> Point {
        Point(x: origin.x + column * pointsPerColumn, y: origin.y + row * pointsPerRow)
    }

    /// The cell whose area contains `p` (half-open); far-away points clamp to ±2³⁰.
    public func cell(containing p: Point) -> CellPosition {
        let (c, r) = cellCoordinates(of: p)
        return CellPosition(column: Viewport.floorClamped(c), row: Viewport.floorClamped(r))
    }

    /// The screen point a cell samples: its centre.
    public func center(of cell: CellPosition) -> Point {
        point(column: Double(cell.column) + 0.5, row: Double(cell.row) + 0.5)
    }

    /// The screen rect covered by a `columns × rows` canvas, in points.
    public func visibleRect(columns: Int, rows: Int) -> Rect {
        Rect(
            origin: origin,
            size: Size(
                width: Double(max(columns, 0)) * pointsPerColumn,
                height: Double(max(rows, 0)) * pointsPerRow))
    }

    // MARK: Sub-cell samples

    /// The sub-cell sample (e.g. braille dot) containing `p`, in sub-cell units of `grid`
    /// counted from the canvas's top-left: dot (x, y) lies in cell (x / perColumn, y / perRow).
    public func subcell(containing p: Point, grid: SubcellGrid) -> (x: Int, y: Int) {
        let (c, r) = cellCoordinates(of: p)
        return (Viewport.floorClamped(c * Double(grid.perColumn)), Viewport.floorClamped(r * Double(grid.perRow)))
    }

    /// The screen point a sub-cell sample looks at: its centre, in points.
    public func center(ofSubcell x: Int, _ y: Int, grid: SubcellGrid) -> Point {
        point(column: (Double(x) + 0.5) / Double(grid.perColumn), row: (Double(y) + 0.5) / Double(grid.perRow))
    }

    /// The braille dot (2 × 4 per cell) containing `p`.
    public func brailleDot(containing p: Point) -> (x: Int, y: Int) { subcell(containing: p, grid: .braille) }

    /// The half-block pixel (1 × 2 per cell) containing `p`.
    public func halfBlockPixel(containing p: Point) -> (x: Int, y: Int) { subcell(containing: p, grid: .halfBlock) }

    // MARK: Zoom and pan

    /// Zooms by `factor` (2 = twice as close) keeping the screen point `p` on the same cell
    /// coordinates. Non-finite or non-positive factors do nothing; the scale stays in `scaleRange`.
    public mutating func zoom(by factor: Double, about p: Point) {
        guard factor.isFinite, factor > 0, p.isFinite else { return }
        let (c, r) = cellCoordinates(of: p)
        pointsPerColumn = Viewport.sanitizedScale(pointsPerColumn / factor)
        origin = Point(x: p.x - c * pointsPerColumn, y: p.y - r * pointsPerRow)
    }

    public func zoomed(by factor: Double, about p: Point) -> Viewport {
        var v = self; v.zoom(by: factor, about: p); return v
    }

    /// Moves the window over the world by `offset` points: content appears to move by −offset.
    public mutating func pan(by offset: Vector) {
        let o = origin + offset
        if o.isFinite { origin = o }
    }

    public func panned(by offset: Vector) -> Viewport {
        var v = self; v.pan(by: offset); return v
    }

    /// Moves the window by whole or fractional cells (content appears to move the other way).
    public mutating func pan(columns: Double, rows: Double) {
        pan(by: Vector(dx: columns * pointsPerColumn, dy: rows * pointsPerRow))
    }

    static func floorClamped(_ x: Double) -> Int {
        guard x.isFinite else { return x > 0 ? 1 << 30 : -(1 << 30) }
        return Int(min(max(x, -1_073_741_824), 1_073_741_824).rounded(.down))
    }
}
