import Cells

/// The cells under the names a kept frame wrote over its picture (issue 36, "names without
/// a copy"): each run of cells saved just before a name was written over it, so the next
/// frame puts them back (`restore`) and has the picture without names again, in place —
/// where every frame copied the whole kept picture (copy-on-write) to write its names.
struct CellJournal: Sendable {
    /// Each run: its first cell's index in the canvas and its length, in `saved`.
    private var runs: [SIMD2<Int32>] = []
    private var saved: [Cell] = []

    var isEmpty: Bool { runs.isEmpty }
    /// Cells saved (counted for tests: the work, never time).
    var count: Int { saved.count }

    /// Saves cells `first...last` of `row` (clipped to the canvas) before they are written.
    mutating func save(_ canvas: Canvas, row: Int, from first: Int, through last: Int) {
        guard row >= 0, row < canvas.rows else { return }
        let a = max(0, first), b = min(canvas.columns - 1, last)
        guard a <= b else { return }
        let start = row * canvas.columns + a
        runs.append(SIMD2(Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: b - a + 1)))
        saved.append(contentsOf: canvas.cells[start...(start + b - a)])
    }

    /// Puts every saved cell back, the last run saved first (runs may overlap: the first
    /// save of a cell holds what was there before any name), and empties the journal.
    mutating func restore(into canvas: inout Canvas) {
        guard !runs.isEmpty else { return }
        let total = canvas.cells.count
        canvas.withUnsafeMutableCells { cells in
            saved.withUnsafeBufferPointer { from in
                var end = from.count
                for run in runs.reversed() {
                    let start = Int(run.x), count = Int(run.y)
                    end -= count
                    guard start >= 0, start + count <= total else { continue }
                    (cells.baseAddress! + start).update(from: from.baseAddress! + end, count: count)
                }
            }
        }
        runs.removeAll(keepingCapacity: true)
        saved.removeAll(keepingCapacity: true)
    }
}
