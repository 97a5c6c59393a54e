import Cells

/// The one label layout: where names go, for every picture that writes them (the canvas,
/// the exploded view's plaques, the SVG export). Cells in, placements out.
///
/// The caller knows the picture; the layout knows the rules for text:
///
/// - **Input.** `LabelCandidate`s — a layer's name (or several, for layers sharing one
///   frame: same `group`), a `priority` (lower first) and `spots`, the places the caller
///   would accept in its order of preference, each a run of cells on one row with an
///   alignment (a name inside a box starts at its left; beside a shape's right tip it starts
///   there; beside a left tip it ends there; above or below a tip it is centred on it) — and
///   a `LabelGrid`, the occupancy of the picture: cells the caller has `block`ed (marks a
///   name must not cover) and names already placed.
/// - **Rules.** Candidates go in priority order (then in the order given: deterministic). A
///   name is never written on a blocked cell or another name, and never touches another name:
///   the two cells either side of it (its halo) hold no text, so at least two blank cells
///   separate two names on a row. Candidates with the same non-nil `group` (layers sharing
///   one frame) are merged into one label "a, b" at the best candidate's spots, else the best
///   one's name alone. A name that does not fit at full width is shortened to a prefix and
///   `…` only when that prefix starts no other name of `LabelNames` (the whole scene's names),
///   so the shortened name still names one layer; otherwise the next spot is tried, and
///   when none fits the name is left off (the tree and the panel still have it).
/// - **Output.** `LabelPlacement`s: the text to write (display width `width`), its first
///   column and row, and the candidate it came from. The grid records them, so a later call
///   (another pass of names) keeps clear of them.
///
/// Widths are display widths (`DisplayWidth`): a wide character takes two cells. Cells are
/// whatever unit the caller draws in — terminal cells on the canvas, a fixed advance and
/// line height in SVG units for the export.
public enum LabelLayout {
    public static func place(
        _ candidates: [LabelCandidate], in grid: inout LabelGrid,
        names: LabelNames
    ) -> [LabelPlacement] {
        // Priority, then the caller's order.
        let order = candidates.indices.sorted {
            candidates[$0].priority != candidates[$1].priority
                ? candidates[$0].priority < candidates[$1].priority : $0 < $1
        }
        // Same-frame groups: the first (best) member carries every member's name.
        var groupHead: [Int: Int] = [:]
        groupHead.reserveCapacity(candidates.count)
        var merged: [Int: [String]] = [:]
        for i in order {
            guard let g = candidates[i].group else { continue }
            if let head = groupHead[g] {
                merged[head, default: candidates[head].names].append(contentsOf: candidates[i].names)
            } else {
                groupHead[g] = i
            }
        }
        var out: [LabelPlacement] = []
        for i in order {
            let candidate = candidates[i]
            if let g = candidate.group, groupHead[g] != i { continue }
            let all = merged[i] ?? candidate.names
            var texts: [(String, Bool)] = []
            if all.count > 1 { texts.append((all.joined(separator: ", "), false)) }
            if let first = all.first { texts.append((first, true)) }
            found: for (text, mayShorten) in texts {
                let width = text.displayWidth
                guard width > 0 else { continue }
                for spot in candidate.spots {
                    if let column = grid.fit(width: width, in: spot) {
                        grid.write(column: column, row: spot.row, width: width)
                        out.append(LabelPlacement(index: i, text: text, column: column, row: spot.row, width: width, shortened: false))
                        break found
                    }
                }
                // Shortened, at the first spot with room for an unambiguous prefix.
                guard mayShorten, candidate.mayShorten else { continue }
                // At least three characters before the "…": "ce…" names nothing to a reader.
                let minimum = max(3, candidate.uniquePrefix ?? names.shortestUniquePrefix(text))
                guard minimum < Int.max else { continue }
                // A prefix of `minimum` characters and "…" takes at least `minimum + 1`
                // cells: where no spot has that room, nothing to cut (and no arrays built).
                let rooms = candidate.spots.map { grid.room(in: $0, atMost: width - 1) }
                guard rooms.contains(where: { $0 > minimum }) else { continue }
                let characters = Array(text)
                // The prefix's width for each character count, for the widths that may fit.
                var widths: [Int] = [0]
                for ch in characters { widths.append(widths[widths.count - 1] + DisplayWidth.of(ch)) }
                guard minimum < characters.count, widths[minimum] + 1 < width else { continue }
                for (spot, room) in zip(candidate.spots, rooms) {
                    // The longest prefix (≥ the unique length) whose width and "…" fit.
                    var k = characters.count - 1
                    while k >= minimum && widths[k] + 1 > room { k -= 1 }
                    guard k >= minimum, k >= 1 else { continue }
                    let short = String(characters[0..<k]) + "…"
                    let w = widths[k] + 1
                    if let column = grid.fit(width: w, in: spot) {
                        grid.write(column: column, row: spot.row, width: w)
                        out.append(LabelPlacement(index: i, text: short, column: column, row: spot.row, width: w, shortened: true))
                        break found
                    }
                }
            }
        }
        return out
    }
}

/// One name (or several merged) that wants a place.
public struct LabelCandidate: Sendable {
    /// The names: a layer's, or (merged by the layout) those of every layer in its `group`.
    public var names: [String]
    /// Lower goes first.
    public var priority: Int
    /// Where the caller accepts the name, best first.
    public var spots: [LabelSpot]
    /// Candidates with the same group (layers sharing one frame) share one label.
    public var group: Int?
    /// False where a cut name would mislead (the caller's choice).
    public var mayShorten: Bool
    /// `names.shortestUniquePrefix` of the first name, when the caller already knows it (a
    /// picture drawn every frame keeps it); nil asks the index.
    public var uniquePrefix: Int? = nil

    public init(names: [String], priority: Int, spots: [LabelSpot], group: Int? = nil, mayShorten: Bool = true) {
        self.names = names
        self.priority = priority
        self.spots = spots
        self.group = group
        self.mayShorten = mayShorten
    }
}

/// A run of cells on one row where a name may go: columns `minColumn..<maxColumn`.
public struct LabelSpot: Equatable, Sendable {
    public enum Align: Sendable, Equatable {
        /// As far left as it fits (a name inside a box, or beside a right tip).
        case leading
        /// As far right as it fits (beside a left tip).
        case trailing
        /// Centred on this column, then as near it as it fits (above or below a tip).
        case center(Int)
    }
    public var row: Int
    public var minColumn: Int
    public var maxColumn: Int
    public var align: Align

    public init(row: Int, minColumn: Int, maxColumn: Int, align: Align = .leading) {
        self.row = row
        self.minColumn = minColumn
        self.maxColumn = maxColumn
        self.align = align
    }
}

/// Where a name went.
public struct LabelPlacement: Equatable, Sendable {
    /// The candidate's index in the array given to `place`.
    public var index: Int
    public var text: String
    public var column: Int
    public var row: Int
    /// Display width of `text`.
    public var width: Int
    /// True when `text` is a prefix and `…`.
    public var shortened: Bool
}

/// What is already on the picture, for the layout: free cells (drawing may be under a
/// name), blocked cells (marks: no name on them) and names.
public struct LabelGrid: Sendable {
    public let columns: Int
    public let rows: Int
    /// 0 free, 1 blocked, 2 text.
    private var cells: [UInt8]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    /// Keeps names off a cell (a mark); outside the grid, nothing.
    public mutating func block(column: Int, row: Int) {
        guard column >= 0, row >= 0, column < columns, row < rows else { return }
        if cells[row * columns + column] == 0 { cells[row * columns + column] = 1 }
    }

    public func isText(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows && cells[row * columns + column] == 2
    }

    public func isFree(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows && cells[row * columns + column] == 0
    }

    /// A name of `width` may start at `column` on `row`: its cells free, its halo no text.
    public func fits(column: Int, row: Int, width: Int) -> Bool {
        guard row >= 0, row < rows, column >= 0, width > 0, column <= columns - width else { return false }
        let base = row * columns
        for c in column..<(column + width) where cells[base + c] != 0 { return false }
        // Two cells of halo: two names on one row are at least two blanks apart, so
        // "scaleThenTranslate translateThenScale" never reads as one label.
        for c in [column - 2, column - 1, column + width, column + width + 1] where c >= 0 && c < columns && cells[base + c] == 2 { return false }
        return true
    }

    /// The first column in `spot`, by its alignment, where `width` fits; nil if none.
    func fit(width: Int, in spot: LabelSpot) -> Int? {
        let lo = max(0, spot.minColumn), hi = min(columns, spot.maxColumn) - width  // starts lo...hi
        guard hi >= lo, spot.row >= 0, spot.row < rows else { return nil }
        switch spot.align {
        case .leading:
            // Skips past a taken cell instead of trying every start over it.
            let base = spot.row * columns
            var c = lo
            scan: while c <= hi {
                for k in 0..<width where cells[base + c + k] != 0 { c += k + 1; continue scan }
                if fits(column: c, row: spot.row, width: width) { return c }
                c += 1
            }
        case .trailing:
            for c in stride(from: hi, through: lo, by: -1) where fits(column: c, row: spot.row, width: width) { return c }
        case .center(let centre):
            let start = min(max(centre - width / 2, lo), hi)
            for d in 0...(hi - lo) {
                if start + d <= hi, fits(column: start + d, row: spot.row, width: width) { return start + d }
                if d > 0, start - d >= lo, fits(column: start - d, row: spot.row, width: width) { return start - d }
            }
        }
        return nil
    }

    /// The widest name (up to `limit`) that fits at the spot's preferred end.
    func room(in spot: LabelSpot, atMost limit: Int) -> Int {
        let lo = max(0, spot.minColumn), hi = min(columns, spot.maxColumn)
        guard hi > lo, spot.row >= 0, spot.row < rows else { return 0 }
        let top = min(limit, hi - lo)
        let base = spot.row * columns
        @inline(__always) func text(_ c: Int) -> Bool { c >= 0 && c < columns && cells[base + c] == 2 }
        // At an end of the spot, one pass (what `fits` says for each width in turn, which
        // fails for good at the first width that does not fit).
        switch spot.align {
        case .leading:
            guard top >= 1, !text(lo - 2), !text(lo - 1) else { return 0 }
            var best = 0
            for w in 1...top {
                guard cells[base + lo + w - 1] == 0, !text(lo + w), !text(lo + w + 1) else { break }
                best = w
            }
            return best
        case .trailing:
            guard top >= 1, !text(hi), !text(hi + 1) else { return 0 }
            var best = 0
            for w in 1...top {
                guard cells[base + hi - w] == 0, !text(hi - w - 1), !text(hi - w - 2) else { break }
                best = w
            }
            return best
        case .center:
            break
        }
        var best = 0
        var w = 1
        while w <= min(limit, hi - lo) {
            let c: Int
            switch spot.align {
            case .leading: c = lo
            case .trailing: c = hi - w
            case .center(let centre): c = min(max(centre - w / 2, lo), hi - w)
            }
            guard fits(column: c, row: spot.row, width: w) else { break }
            best = w
            w += 1
        }
        return best
    }

    mutating func write(column: Int, row: Int, width: Int) {
        for c in column..<(column + width) { cells[row * columns + c] = 2 }
    }
}

/// Every name in the scene, to tell whether a shortened name still names one layer: the
/// shortest prefix of each name that starts no other (distinct) name.
public struct LabelNames: Sendable {
    private var unique: [String: Int] = [:]

    /// Builds from the names (`reusing` keeps the last frame's index for the same names, in
    /// the caller's `RasterScratch`).
    public init(_ names: [String]) {
        let distinct = Array(Set(names)).map { Array($0) }.sorted { $0.lexicographicallyPrecedes($1) }
        func lcp(_ a: [Character], _ b: [Character]) -> Int {
            var i = 0
            while i < a.count, i < b.count, a[i] == b[i] { i += 1 }
            return i
        }
        for (k, name) in distinct.enumerated() {
            var shared = 0
            if k > 0 { shared = max(shared, lcp(name, distinct[k - 1])) }
            if k + 1 < distinct.count { shared = max(shared, lcp(name, distinct[k + 1])) }
            // A name that starts another cannot be cut at all.
            unique[String(name)] = shared >= name.count ? Int.max : shared + 1
        }
    }

    /// How many characters of `name` it takes to start no other name (Int.max when no prefix
    /// does; a name not in the index is never cut).
    public func shortestUniquePrefix(_ name: String) -> Int { unique[name] ?? Int.max }
}
