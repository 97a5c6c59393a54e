import Cells
import LayerModel

/// The working buffers of one frame: fill pixels, ink (outline dots or glyphs) per cell,
/// markers; composed into a `Canvas` at the end. Polygons arrive in continuous cell
/// coordinates; each primitive scales them to its own grid.
struct RasterSurface {
    let mode: RenderMode
    let columns: Int
    let rows: Int
    let cellAspect: Double
    /// Fill samples per cell: half-block pixels (1 × 2) except in ascii (1 × 1).
    let fillGrid: SubcellGrid
    /// Line samples per cell: braille dots (2 × 4), half-block pixels (1 × 2), or cells.
    let lineGrid: SubcellGrid
    let backdrop: Packed

    /// Fill grid pixels, row-major; 0 = nothing drawn. In blocks mode lines land here too.
    var fill: [Packed]
    /// Per cell: braille dot bits (braille) or an ASCII code (ascii); 0 = none.
    var ink: [UInt8]
    /// Per cell: the colour and flags of the last ink written there.
    var inkColor: [Packed]
    /// The fill grid's rows this frame wrote (low > high: none): the next frame zeroes only
    /// these in the reused buffer. Every write to `fill` widens it (`markFillRows`).
    var fillRowsLow = Int.max
    var fillRowsHigh = -1
    /// Per cell row, the first and last cell columns any fill sample written this frame lies
    /// in (`low > high`: none), two entries a row. The composition reads the samples of
    /// these cells only: the others are zero (issue 36: a cell row half covered by a layer
    /// read all of its 32-byte samples; `markFillSpan`).
    var fillColumns: [Int32]
    /// Cells whose samples the last composition read (`fillColumns`): work counted for tests.
    var sampledCells = 0
    /// A kept frame's damage (issue 36): the only cells this frame composes. Fills write
    /// their samples in these cells only (each span worked out as always, then cut), so a
    /// big layer behind a small change costs its damaged rows, not the canvas. nil: all.
    var window: CellBox?
    /// Where each drawn layer landed (cell coordinates), for labels; filled only when asked.
    var labelBoxes: [LabelBox] = []
    /// Cells the selection's marks cover (anchor, crosshair): no name goes on them.
    var markCells: [Int] = []
    /// Whole-cell glyphs drawn last, in order (later wins).
    var markers: [(cell: Int, glyph: Character, color: Packed)] = []
    /// Cells holding a drawing's text (content.md): kept as text in the pixel mode's cells.
    var textCells: [Int] = []

    let fillWidth: Int
    let fillHeight: Int
    let lineWidth: Int
    let lineHeight: Int

    /// Overlay colours picked against what is under them, kept from frame to frame.
    var picks: ContrastPicks

    /// `buffers` and `picks` are the last frame's (`RasterScratch`), or new ones.
    init(
        mode: RenderMode, columns: Int, rows: Int, cellAspect: Double, backdrop: Packed,
        buffers: Buffers = Buffers(), picks: ContrastPicks = ContrastPicks()
    ) {
        self.mode = mode
        self.columns = columns
        self.rows = rows
        self.cellAspect = cellAspect
        self.backdrop = backdrop
        switch mode {
        case .ascii: fillGrid = .cell; lineGrid = .cell
        case .blocks: fillGrid = .halfBlock; lineGrid = .halfBlock
        case .braille, .auto, .octant: fillGrid = .braille; lineGrid = .braille
        case .sextant: fillGrid = .sextant; lineGrid = .sextant
        }
        fillWidth = columns * fillGrid.perColumn
        fillHeight = rows * fillGrid.perRow
        lineWidth = columns * lineGrid.perColumn
        lineHeight = rows * lineGrid.perRow
        // The last frame's buffers when there are some (zeroed, resized): a frame allocates
        // nothing this big, and the allocator does not hand the pages back and fault them in
        // again every frame.
        var buffers = buffers
        self.picks = picks
        let fillCount = columns * rows * fillGrid.perColumn * fillGrid.perRow
        if buffers.fill.count == fillCount, buffers.fillWidth == fillWidth {
            // Same size: only the sample rows the last frame wrote hold anything (issue 36).
            let width = fillWidth
            let low = max(0, buffers.fillRowsLow), high = min(fillHeight - 1, buffers.fillRowsHigh)
            if low <= high {
                buffers.fill.withUnsafeMutableBufferPointer {
                    UnsafeMutableBufferPointer(rebasing: $0[low * width..<(high + 1) * width]).update(repeating: 0)
                }
            }
        } else {
            RasterSurface.zero(&buffers.fill, count: fillCount)
        }
        RasterSurface.zero(&buffers.ink, count: mode == .blocks ? 0 : columns * rows)
        RasterSurface.zero(&buffers.inkColor, count: mode == .blocks ? 0 : columns * rows)
        fill = buffers.fill
        ink = buffers.ink
        inkColor = buffers.inkColor
        fillColumns = buffers.fillColumns
        RasterSurface.resetColumns(&fillColumns, rows: rows)
    }

    /// Every row's column range empty (low `Int32.max`, high -1), reusing the storage.
    private static func resetColumns(_ a: inout [Int32], rows: Int) {
        if a.count != 2 * rows {
            a.removeAll(keepingCapacity: true)
            a.reserveCapacity(2 * rows)
            for _ in 0..<rows { a.append(Int32.max); a.append(-1) }
        } else {
            a.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i < p.count { p[i] = Int32.max; p[i &+ 1] = -1; i &+= 2 }
            }
        }
    }

    /// The per-frame buffers, kept between frames in the caller's `RasterScratch`.
    struct Buffers {
        var fill: [Packed] = []
        var ink: [UInt8] = []
        var inkColor: [Packed] = []
        var fillColumns: [Int32] = []
        /// The fill rows written into `fill` (of width `fillWidth`) by the frame that used them.
        var fillWidth = 0
        var fillRowsLow = Int.max
        var fillRowsHigh = -1
    }

    /// This frame's buffers, for the next frame; the surface is empty afterwards.
    mutating func recycle() -> Buffers {
        let buffers = Buffers(
            fill: fill, ink: ink, inkColor: inkColor, fillColumns: fillColumns, fillWidth: fillWidth,
            fillRowsLow: fillRowsLow, fillRowsHigh: fillRowsHigh)
        fill = []; ink = []; inkColor = []; fillColumns = []
        return buffers
    }

    /// Fill rows `low...high` are (or may be) written this frame.
    @inline(__always)
    mutating func markFillRows(_ low: Int, _ high: Int) {
        if low < fillRowsLow { fillRowsLow = low }
        if high > fillRowsHigh { fillRowsHigh = high }
    }

    /// Fill samples `i0...i1` of sample row `j` are (or may be) written this frame: marks
    /// the row (`markFillRows`) and widens its cell row's column range (`fillColumns`).
    @inline(__always)
    mutating func markFillSpan(row j: Int, from i0: Int, to i1: Int) {
        markFillRows(j, j)
        let r = 2 &* (j / fillGrid.perRow)
        let c0 = Int32(truncatingIfNeeded: i0 / fillGrid.perColumn), c1 = Int32(truncatingIfNeeded: i1 / fillGrid.perColumn)
        if c0 < fillColumns[r] { fillColumns[r] = c0 }
        if c1 > fillColumns[r &+ 1] { fillColumns[r &+ 1] = c1 }
    }

    /// `count` zeros, reusing the array's storage when it is large enough.
    private static func zero<T: FixedWidthInteger>(_ a: inout [T], count: Int) {
        if a.count == count {
            a.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            a.removeAll(keepingCapacity: true)
            a.append(contentsOf: repeatElement(0, count: count))
        }
    }
}
