import Cells
import Geometry
import LayerModel

/// A rectangle of canvas cells, both ends included (`c0 > c1` or `r0 > r1`: no cells).
struct CellBox: Equatable, Sendable {
    var c0: Int, r0: Int, c1: Int, r1: Int

    static let empty = CellBox(c0: 0, r0: 0, c1: -1, r1: -1)

    var isEmpty: Bool { c0 > c1 || r0 > r1 }
    var area: Int { isEmpty ? 0 : (c1 - c0 + 1) * (r1 - r0 + 1) }

    /// Every cell of a `columns × rows` canvas.
    static func all(columns: Int, rows: Int) -> CellBox { CellBox(c0: 0, r0: 0, c1: columns - 1, r1: rows - 1) }

    /// The cells holding the continuous cell coordinates `x0…x1` × `y0…y1`, `pad` cells more
    /// each way, cut to the canvas (huge and non-finite coordinates clamp, never trap).
    static func around(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, pad: Int, columns: Int, rows: Int) -> CellBox {
        let box = CellBox(
            c0: max(0, RasterSurface.floorClamped(min(x0, x1)) - pad), r0: max(0, RasterSurface.floorClamped(min(y0, y1)) - pad),
            c1: min(columns - 1, RasterSurface.floorClamped(max(x0, x1)) + pad), r1: min(rows - 1, RasterSurface.floorClamped(max(y0, y1)) + pad))
        // A NaN end clamps to the far side: take the whole canvas rather than guess.
        if x0 != x0 || x1 != x1 || y0 != y0 || y1 != y1 { return all(columns: columns, rows: rows) }
        return box
    }

    mutating func formUnion(_ other: CellBox) {
        guard !other.isEmpty else { return }
        if isEmpty { self = other; return }
        c0 = min(c0, other.c0); r0 = min(r0, other.r0); c1 = max(c1, other.c1); r1 = max(r1, other.r1)
    }

    func intersects(_ other: CellBox) -> Bool {
        !isEmpty && !other.isEmpty && c0 <= other.c1 && other.c0 <= c1 && r0 <= other.r1 && other.r0 <= r1
    }

    func contains(cell: Int, columns: Int) -> Bool {
        let r = cell / columns, c = cell - r * columns
        return c >= c0 && c <= c1 && r >= r0 && r <= r1
    }
}

/// What the layer pass draws, one item a layer (and one a model ghost), in drawing order:
/// everything the raster primitives are called with, so two frames' items can be compared
/// (issue 36, kept cell frames) and then drawn — every frame draws from these items, kept or
/// whole, so both draw alike.
struct DisplayItem {
    enum Kind: UInt8 {
        /// A model ghost (`Annotation.under`): `first` is its index in `options.annotations`.
        case ghost
        /// A layer smaller than one line sample: a sample at (x0, y0) in `outline`.
        case dot
        /// A layer thinner than a sample: a stroke from (x0, y0) to (x1, y1) in `fill`
        /// (0: `outline`, at alpha 1).
        case stroke
        /// A polygon (`count` vertices from `first` in the list's `vertices`): filled in `fill`
        /// (0: none) at `alpha`, outlined in `outline` when `outlined`, then its content.
        case polygon
    }
    var kind: Kind
    var id: LayerID
    var first: Int32 = 0
    var count: Int32 = 0
    var fill: Packed = 0
    var outline: Packed = 0
    var alpha: Double = 1
    var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
    var asDots = false
    var outlined = false
    /// Index in the list's `contents`, or -1.
    var content: Int32 = -1
    /// The cells this item may write (a superset: its shape's box, padded).
    var box: CellBox = .empty
}

/// A layer's drawing as the layer pass hands it to `ContentRaster`.
struct ContentItem {
    var layer: Layer
    var count: Int?
    var matrix: Homography
    var clip: ClipRegion?
    var alpha: Double
    var unicode: Bool

    /// Draws the same: `ContentRaster.draw` reads the layer's drawing only.
    func drawsAlike(_ other: ContentItem) -> Bool {
        guard count == other.count, matrix == other.matrix, alpha.bitPattern == other.alpha.bitPattern, unicode == other.unicode
        else { return false }
        switch (clip, other.clip) {
        case (nil, nil): break
        case let (a?, b?): guard a.sign.bitPattern == b.sign.bitPattern, DisplayList.same(a.vertices, b.vertices) else { return false }
        default: return false
        }
        return layer.drawing == other.layer.drawing
    }
}

/// The selection's marks (`SceneRasterizer.drawSelection`) in cell coordinates: its ghost,
/// frame box and bounds outline, its position crosshair and anchor point.
struct SelectionMarks {
    var ghost: [PolyVertex]?
    var frame: [PolyVertex]?
    var outline: [PolyVertex]?
    var position: Point?
    var anchor: Point?

    func drawsAlike(_ other: SelectionMarks) -> Bool {
        func same(_ a: [PolyVertex]?, _ b: [PolyVertex]?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case let (a?, b?): return DisplayList.same(a, b)
            default: return false
            }
        }
        func same(_ a: Point?, _ b: Point?) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case let (a?, b?): return a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
            default: return false
            }
        }
        return same(ghost, other.ghost) && same(frame, other.frame) && same(outline, other.outline)
            && same(position, other.position) && same(anchor, other.anchor)
    }

    /// The cells the marks may write on a surface like `surface`: each outline's box (bold
    /// marks are drawn again one sample right and down), the crosshair's arms, the anchor's
    /// ring, two cells more each way.
    func box(on surface: RasterSurface, markScale: Int) -> CellBox {
        let columns = surface.columns, rows = surface.rows
        var box = CellBox.empty
        for poly in [ghost, frame, outline] {
            guard let poly, !poly.isEmpty else { continue }
            let (minX, minY, maxX, maxY) = PolygonOps.bounds(poly)
            box.formUnion(CellBox.around(minX, minY, maxX, maxY, pad: 2, columns: columns, rows: rows))
        }
        if let q = position {
            let arm = SceneRasterizer.crosshairReach(mode: surface.mode, scale: markScale, cellAspect: surface.cellAspect)
            box.formUnion(CellBox.around(q.x - arm.x, q.y - arm.y, q.x + arm.x, q.y + arm.y, pad: 2, columns: columns, rows: rows))
        }
        if let a = anchor {
            let rx = Double(markScale), ry = rx / surface.cellAspect
            box.formUnion(CellBox.around(a.x - rx, a.y - ry, a.x + rx, a.y + ry, pad: 2, columns: columns, rows: rows))
        }
        return box
    }
}

/// One frame's display items (`DisplayItem`), their polygons' vertices, the layers' drawings
/// and the selection's marks.
struct DisplayList {
    var items: [DisplayItem] = []
    var vertices: [PolyVertex] = []
    var contents: [ContentItem] = []
    var selection: SelectionMarks?

    /// Empty, keeping the storage.
    mutating func reset() {
        items.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        contents.removeAll(keepingCapacity: true)
        selection = nil
    }

    /// Same vertices, bit for bit (a -0 or a NaN draws as it is: compared as bits, equal
    /// means equal).
    static func same(_ a: [PolyVertex], _ b: [PolyVertex]) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count
        where a[i].x.bitPattern != b[i].x.bitPattern || a[i].y.bitPattern != b[i].y.bitPattern || a[i].real != b[i].real {
            return false
        }
        return true
    }

    /// Item `i` of this list draws exactly what item `j` of `other` draws.
    func drawsAlike(_ i: Int, _ other: DisplayList, _ j: Int) -> Bool {
        let a = items[i], b = other.items[j]
        guard
            a.kind == b.kind, a.id == b.id, a.first == b.first || a.kind == .polygon, a.count == b.count, a.fill == b.fill,
            a.outline == b.outline, a.alpha.bitPattern == b.alpha.bitPattern, a.x0.bitPattern == b.x0.bitPattern,
            a.y0.bitPattern == b.y0.bitPattern, a.x1.bitPattern == b.x1.bitPattern, a.y1.bitPattern == b.y1.bitPattern,
            a.asDots == b.asDots, a.outlined == b.outlined, (a.content < 0) == (b.content < 0)
        else { return false }
        if a.kind == .polygon {
            let n = Int(a.count), p = Int(a.first), q = Int(b.first)
            for k in 0..<n {
                let u = vertices[p + k], v = other.vertices[q + k]
                if u.x.bitPattern != v.x.bitPattern || u.y.bitPattern != v.y.bitPattern || u.real != v.real { return false }
            }
        }
        if a.content >= 0, !contents[Int(a.content)].drawsAlike(other.contents[Int(b.content)]) { return false }
        return true
    }
}

/// The last frame's picture kept for the next (issue 36, "kept cell frames"): its display
/// list and its composed cells before the names went on. A frame drawn with the same
/// settings (`Key`) compares its list with this one; the cells no changed item reaches are
/// copied from here, the others drawn and composed again (`SceneRasterizer.render`).
struct KeptFrame {
    /// Everything a frame's pictures depend on besides its display list: a frame with
    /// another key is drawn whole.
    struct Key: Equatable {
        var columns: Int
        var rows: Int
        var toCells: Homography
        var cellAspect: Double
        /// The options, without what only the names read (the selection's marks are in
        /// the display list; the names are placed again every frame).
        var options: RasterOptions

        init(columns: Int, rows: Int, toCells: Homography, cellAspect: Double, options: RasterOptions) {
            self.columns = columns; self.rows = rows; self.toCells = toCells; self.cellAspect = cellAspect
            var options = options
            options.selection = nil
            options.keepClear = []
            self.options = options
        }
    }

    var key: Key
    var list: DisplayList
    /// The composed cells, with the names written over them (`underNames` holds what they
    /// cover: issue 36, names without a copy of the picture).
    var canvas: Canvas
    /// The cells the names covered, to put back before the next frame reads the picture.
    var underNames = CellJournal()

    /// Puts back the cells under the last frame's names: the picture without names again.
    mutating func takeNamesOff() {
        underNames.restore(into: &canvas)
    }

    /// A frame with these options can be kept and drawn from a kept one. Annotations and a
    /// measurement are part of the key (the same ones draw the same cells: they are drawn
    /// again over every kept frame, like the selection's marks; other ones draw a whole
    /// frame). A drawing stepped through (its axes follow the tree) and the pixel mode's
    /// text-only cells (they need every drawing's text cells) are drawn whole every frame.
    static func keepable(_ options: RasterOptions) -> Bool {
        options.contentStep == nil && !options.textOnly
    }

    /// Above this share of the canvas (in tenths) the damage is drawn as a whole frame: the
    /// copy of the kept cells would cost more than it saves.
    static let wholeFrameTenths = 6

    /// The cells where `new` may differ from `old` (the union of the boxes of every item that
    /// changed, appeared or went, before and after, and of the selection's marks when they
    /// moved), or nil when that cannot be told: items that stayed the same but were drawn
    /// in another order, or two items of one layer (model ghosts).
    static func damage(from old: DisplayList, to new: DisplayList, selectionBox: (SelectionMarks) -> CellBox) -> CellBox? {
        var damage = CellBox.empty
        switch (old.selection, new.selection) {
        case (nil, nil): break
        case let (a?, b?):
            if !a.drawsAlike(b) { damage.formUnion(selectionBox(a)); damage.formUnion(selectionBox(b)) }
        case let (a?, nil): damage.formUnion(selectionBox(a))
        case let (nil, b?): damage.formUnion(selectionBox(b))
        }
        // The usual case: the same layers in the same order.
        var i = 0
        let n = min(old.items.count, new.items.count)
        while i < n && old.items[i].id == new.items[i].id && old.items[i].kind != .ghost {
            if !new.drawsAlike(i, old, i) { damage.formUnion(old.items[i].box); damage.formUnion(new.items[i].box) }
            i += 1
        }
        if i == old.items.count && i == new.items.count { return damage }
        // Layers came, went or moved: match the rest by id.
        var oldIndex: [LayerID: Int] = [:]
        oldIndex.reserveCapacity(old.items.count - i)
        for j in i..<old.items.count {
            if old.items[j].kind == .ghost || oldIndex.updateValue(j, forKey: old.items[j].id) != nil { return nil }
        }
        var matched = [Bool](repeating: false, count: old.items.count)
        var last = -1
        for k in i..<new.items.count {
            let item = new.items[k]
            if item.kind == .ghost { return nil }
            guard let j = oldIndex[item.id], !matched[j] else { damage.formUnion(item.box); continue }
            matched[j] = true
            if new.drawsAlike(k, old, j) {
                // Unchanged items keep their order, or the cells two of them share change.
                if j < last { return nil }
                last = j
            } else {
                damage.formUnion(old.items[j].box); damage.formUnion(item.box)
            }
        }
        for j in i..<old.items.count where !matched[j] { damage.formUnion(old.items[j].box) }
        return damage
    }
}

/// What the last frame drew, counted (tests read it: work, never time).
public struct FrameWork: Equatable, Sendable {
    /// True when the frame was drawn from the kept one (only its damage drawn again).
    public var kept = false
    /// The damaged cells' box (column, row, last column, last row); nil for a whole frame.
    public var damage: (c0: Int, r0: Int, c1: Int, r1: Int)? = nil
    /// Cells composed (every cell in a whole frame).
    public var composedCells = 0
    /// Display items drawn (model ghosts, layers).
    public var drawnItems = 0
    /// Cells saved before the names were written over the kept picture, and cells put back
    /// from the last frame's (issue 36: every frame copied the whole picture for its names).
    public var savedUnderNames = 0
    public var restoredUnderNames = 0

    public init() {}

    public static func == (a: FrameWork, b: FrameWork) -> Bool {
        a.kept == b.kept && a.composedCells == b.composedCells && a.drawnItems == b.drawnItems
            && a.savedUnderNames == b.savedUnderNames && a.restoredUnderNames == b.restoredUnderNames
            && a.damage.map { [$0.c0, $0.r0, $0.c1, $0.r1] } == b.damage.map { [$0.c0, $0.r0, $0.c1, $0.r1] }
    }
}
