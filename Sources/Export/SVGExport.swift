import Foundation
import Scenes
import Raster
import Geometry
import LayerModel
import SafeText

/// The scene as an SVG picture for slides and bug reports: each visible layer's true quad
/// (through every transform, perspective included) filled and stroked in its colours, its
/// frame as a dashed box, its position (where the anchor sits) as a dot, and its name.
/// One SVG unit is one point; the view box is the scene's screen rect.
///
/// - Layers are painted in Core Animation's drawing order, as on the canvas: tree order with
///   siblings stable-sorted by zPosition (`LayerTree.drawingOrder`), hidden subtrees skipped.
/// - Names are placed by the canvas's `LabelLayout` on a grid of `nameCell` units (a
///   monospace advance of 0.6 em at 8 units is 4.8, so a character fits a 5-unit cell; a
///   line is 10): inside a layer that nearly fills its box, on its first lines, where no
///   layer painted later covers it; else beside the corner farthest from its position, on
///   cells no other layer covers; larger layers first; layers sharing one frame as "a, b";
///   never two names on one spot, one blank cell between names on a line, cut with `…` only
///   to an unambiguous prefix, else left off.
public enum SVGExport {
    /// A name cell in SVG units (before scaling a huge screen down to a bounded grid).
    static let nameCell = (width: 5.0, height: 10.0, fontSize: 8.0)
    /// How far either side of a position dot's centre no name goes: its radius (2) and 4 units.
    static let dotReach = 6.0

    /// `measurement`: the pinned measurement's lines in screen points (SVGExport+Measure.swift).
    /// `crop`: the view box, the screen rect or the layers' union (SVGExport+Crop.swift).
    public static func svg(_ scene: Scene, measurement: [MeasureLine] = [], crop: SVGCrop = .screen) -> String {
        let box = viewBox(scene, crop: crop)
        let n: (Double) -> String = ExportNumber.svg  // finite, 3 decimals
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(box.width))" height="\(n(box.height))" \
            viewBox="\(n(box.origin.x)) \(n(box.origin.y)) \(n(box.width)) \(n(box.height))">
            <rect x="\(n(box.origin.x))" y="\(n(box.origin.y))" width="\(n(box.width))" height="\(n(box.height))" fill="#ffffff"/>

            """
        let tree = scene.tree
        var marks = ""
        var shapes: [NameShape] = []
        // Drawing order; each layer's map to the screen built from its parent's (a parent
        // always comes before its sublayers).
        var toScreen: [LayerID: Homography] = [:]
        for id in tree.drawingOrder() {
            let layer = tree[id]
            let parentToScreen = layer.superlayer.flatMap { toScreen[$0] } ?? .identity
            let h = tree.hopToSuperlayer(id).concatenating(parentToScreen)
            toScreen[id] = h
            func mapped(_ corners: [Point], _ map: Homography) -> [Point]? {
                let m = corners.compactMap { map.apply(to: $0) }
                return m.count == corners.count && m.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) ? m : nil
            }
            func points(_ m: [Point]) -> String { m.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") }
            let name = escape(layer.name)
            let position = parentToScreen.apply(to: layer.position)
            if let quad = mapped(layer.bounds.corners, h) {
                let fill = layer.backgroundColor.map { "fill=\"\($0.hex)\" fill-opacity=\"\(n(layer.opacity))\"" } ?? "fill=\"none\""
                let stroke =
                    layer.borderColor.map { "stroke=\"\($0.hex)\" stroke-width=\"\(n(max(layer.borderWidth, 0.5)))\"" }
                    ?? "stroke=\"#888888\" stroke-width=\"0.5\""
                out += "<polygon class=\"layer\" data-name=\"\(name)\" points=\"\(points(quad))\" \(fill) \(stroke)/>\n"
                shapes.append(
                    NameShape(
                        id: id, name: layer.name, quad: quad, covers: layer.backgroundColor != nil && layer.opacity > 0.5,
                        position: position))
            }
            out += content(of: layer, id: id.raw, toScreen: h)  // content.md: SVGExport+Content.swift
            if let frame = mapped(layer.frame.corners, parentToScreen) {
                marks +=
                    "<polygon class=\"frame\" data-name=\"\(name)\" points=\"\(points(frame))\" fill=\"none\" stroke=\"#3a7bd5\" stroke-width=\"0.5\" stroke-dasharray=\"3 2\"/>\n"
            }
            if let p = position, p.x.isFinite, p.y.isFinite {
                marks += "<circle class=\"position\" data-name=\"\(name)\" cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"2\" fill=\"#e0245e\"/>\n"
            }
        }
        for label in names(shapes, tree: tree, screen: box) {
            marks +=
                "<text class=\"name\" x=\"\(n(label.x))\" y=\"\(n(label.y))\" font-family=\"monospace\" font-size=\"\(n(label.fontSize))\" fill=\"#222222\">\(escape(label.text))</text>\n"
        }
        marks += measureMarks(measurement, shapes: shapes, tree: tree, screen: box)
        return out + marks + "</svg>\n"
    }

    /// Every text written into the SVG (names, and any label drawn later) passes here: the
    /// one XML gate, `SafeText.xmlEscaped` (entities; controls shown as `^[`, never raw).
    static func escape(_ s: String) -> String { SafeText.xmlEscaped(s) }

    /// A painted layer, for its name: its quad and position on the screen.
    struct NameShape {
        var id: LayerID
        var name: String
        var quad: [Point]
        /// Filled (opaque enough to hide what is under it).
        var covers: Bool
        var position: Point?
    }

    /// A placed name in SVG units: `x` its left, `y` its baseline.
    struct PlacedName {
        var text: String; var x: Double; var y: Double; var fontSize: Double; var column: Int; var row: Int; var width: Int; var cell: Double;
        var shape: Int = 0
    }

    /// The names of `shapes` (in drawing order) laid out by `LabelLayout` (see `SVGExport`).
    static func names(_ shapes: [NameShape], tree: LayerTree, screen: Rect) -> [PlacedName] {
        guard !shapes.isEmpty, screen.width > 0, screen.height > 0, screen.width.isFinite, screen.height.isFinite else { return [] }
        // At most ~100 000 cells: a huge screen gets bigger cells (and bigger text).
        let base = nameCell
        let cellsAtBase = screen.width / base.width * screen.height / base.height
        let k = max(1, (cellsAtBase / 100_000).squareRoot())
        let cw = base.width * k, ch = base.height * k
        let columns = Int(min(max((screen.width / cw).rounded(.up), 1), 4_000_000))
        let rows = Int(min(max((screen.height / ch).rounded(.up), 1), 4_000_000))
        // Cell coordinates, clamped in Double before any Int.
        func cx(_ x: Double) -> Double { min(max((x - screen.origin.x) / cw, -1e6), 1e7) }
        func cy(_ y: Double) -> Double { min(max((y - screen.origin.y) / ch, -1e6), 1e7) }
        func cell(_ v: Double) -> Int { Int(min(max(v.rounded(.down), -1_000_000), 10_000_000)) }
        // Which shape (index) covers each cell's centre last, painting in order; -1 none.
        var top = [Int32](repeating: -1, count: columns * rows)
        struct Box { var minX, minY, maxX, maxY: Double }
        var boxes: [Box] = []
        for (i, s) in shapes.enumerated() {
            let xs = s.quad.map { cx($0.x) }, ys = s.quad.map { cy($0.y) }
            let b = Box(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
            boxes.append(b)
            guard s.covers else { continue }
            let c0 = max(0, cell(b.minX)), c1 = min(columns - 1, cell(b.maxX))
            let r0 = max(0, cell(b.minY)), r1 = min(rows - 1, cell(b.maxY))
            guard c0 <= c1, r0 <= r1 else { continue }
            for r in r0...r1 {
                for c in c0...c1 where inside(xs, ys, Double(c) + 0.5, Double(r) + 0.5) { top[r * columns + c] = Int32(i) }
            }
        }
        var grid = LabelGrid(columns: columns, rows: rows)
        // Every position dot (r = 2), and 4 units either side of it on its line(s): no name on
        // it or touching it from the side, so no name reads as another layer's dot's
        // (viewRed's name just right of viewGreen's dot, issue 32).
        for s in shapes {
            guard let p = s.position, p.x.isFinite, p.y.isFinite else { continue }
            let reach = dotReach
            for r in cell(cy(p.y - 2))...max(cell(cy(p.y - 2)), cell(cy(p.y + 2))) {
                for c in cell(cx(p.x - reach))...max(cell(cx(p.x - reach)), cell(cx(p.x + reach))) { grid.block(column: c, row: r) }
            }
        }
        let index = Dictionary(uniqueKeysWithValues: shapes.enumerated().map { ($0.element.id, $0.offset) })
        let bySize = shapes.indices.sorted {
            let a = (boxes[$0].maxX - boxes[$0].minX) * (boxes[$0].maxY - boxes[$0].minY)
            let b = (boxes[$1].maxX - boxes[$1].minX) * (boxes[$1].maxY - boxes[$1].minY)
            return a != b ? a > b : $0 > $1
        }
        var rank = [Int](repeating: 0, count: shapes.count)
        for (k, i) in bySize.enumerated() { rank[i] = k }
        var sameFrame: [[Int]: Int] = [:]
        var candidates: [LabelCandidate] = []
        var from: [Int] = []  // each candidate's shape
        var texts: [String] = []
        for (i, s) in shapes.enumerated() {
            let text = SafeText.visible(s.name)
            texts.append(text)
            let width = text.displayWidth
            guard width > 0 else { continue }
            let b = boxes[i]
            // Behind this shape: nothing, or one of its superlayers.
            var behind: Set<Int32> = [-1]
            var up = tree[s.id].superlayer
            while let p = up { if let j = index[p] { behind.insert(Int32(j)) }; up = tree[p].superlayer }
            func free(_ c: Int, _ r: Int) -> Bool { c >= 0 && r >= 0 && c < columns && r < rows }
            var spots: [LabelSpot] = []
            let xs = s.quad.map { cx($0.x) }, ys = s.quad.map { cy($0.y) }
            let boxArea = (b.maxX - b.minX) * (b.maxY - b.minY)
            let ratio = boxArea > 0 ? abs(area(xs, ys)) / boxArea : 0
            if ratio > 0.8 {
                // Inside, on the first lines, where nothing painted later covers it.
                let c0 = max(0, cell(b.minX + 0.2) + 1), c1 = min(columns, cell(b.maxX - 0.2))
                let r0 = max(0, cell(b.minY + 0.1) + 1), r1 = min(rows, cell(b.maxY - 0.1))
                if c1 - c0 >= 2, r1 > r0 {
                    for r in r0..<min(r1, r0 + 3) {
                        var start = -1
                        for c in c0...c1 {
                            let ok = c < c1 && top[r * columns + c] <= Int32(i)
                            if ok {
                                if start < 0 { start = c }
                            } else if start >= 0 {
                                if c - start >= 2 { spots.append(LabelSpot(row: r, minColumn: start, maxColumn: c)) }
                                start = -1
                            }
                        }
                    }
                }
            }
            // A hand (as on the canvas): a bar — four times longer than wide (a line counts 2
            // cells), or a thin diagonal — turning about a point far from its middle: named
            // beside its free end first, never at its pivot.
            let p = s.position.map { (x: cx($0.x), y: cy($0.y)) }
            let bw = b.maxX - b.minX, bh = (b.maxY - b.minY) * 2
            let offCentre = p.map { hypot($0.x - (b.minX + b.maxX) / 2, ($0.y - (b.minY + b.maxY) / 2) * 2) > 0.25 * max(bw, bh) } ?? false
            let hand = (max(bw, bh) > 4 * min(bw, bh) || ratio < 0.45) && offCentre
            // Beside also when the inside seems to have room: a mark (a position dot) there
            // may leave none, and the layout then tries these.
            do {
                var besideSpots: [LabelSpot] = []
                // Beside: past the corner farthest from the position first.
                let corners = zip(xs, ys).map { (x: $0.0, y: $0.1) }
                func distance(_ k: Int) -> Double {
                    guard let p else { return 0 }
                    return hypot(corners[k].x - p.x, (corners[k].y - p.y) * 2)
                }
                let far = corners.indices.map(distance).max() ?? 0
                let order = corners.indices.sorted { a, b in
                    let da = distance(a), db = distance(b)
                    return da != db ? da > db : a < b
                }.filter { !(hand && distance($0) < far / 2) }
                func bare(_ c: Int, _ r: Int) -> Bool { free(c, r) && behind.contains(top[r * columns + c]) }
                for k in order {
                    let t = corners[k]
                    let x = cell(t.x), y = cell(t.y)
                    if t.x >= b.maxX - 1e-9 {
                        var end = x + 2
                        guard bare(end, y) else { continue }
                        while bare(end + 1, y) { end += 1 }
                        besideSpots.append(LabelSpot(row: y, minColumn: x + 2, maxColumn: end + 1))
                    } else if t.x <= b.minX + 1e-9 {
                        var begin = x - 2
                        guard bare(begin, y) else { continue }
                        while bare(begin - 1, y) { begin -= 1 }
                        besideSpots.append(LabelSpot(row: y, minColumn: begin, maxColumn: x - 1, align: .trailing))
                    } else {
                        let r = t.y <= b.minY + 1e-9 ? y - 1 : y + 1
                        guard bare(x, r) else { continue }
                        var begin = x, end = x
                        while bare(begin - 1, r) { begin -= 1 }
                        while bare(end + 1, r) { end += 1 }
                        besideSpots.append(LabelSpot(row: r, minColumn: begin, maxColumn: end + 1, align: .center(x)))
                    }
                }
                spots = hand ? besideSpots + spots : spots + besideSpots
            }
            guard !spots.isEmpty else { continue }
            let key = [b.minX, b.minY, b.maxX, b.maxY].map { cell($0 * 8) }
            let group: Int
            if let g = sameFrame[key] { group = g } else { group = i; sameFrame[key] = i }
            candidates.append(LabelCandidate(names: [text], priority: rank[i], spots: spots, group: group))
            from.append(i)
        }
        let placed = LabelLayout.place(candidates, in: &grid, names: LabelNames(texts))
        return placed.map { p in
            PlacedName(
                text: p.text, x: screen.origin.x + Double(p.column) * cw, y: screen.origin.y + (Double(p.row) + 0.8) * ch,
                fontSize: base.fontSize * k, column: p.column, row: p.row, width: p.width, cell: cw, shape: from[p.index])
        }
    }

    /// Is (x, y) inside the polygon `xs`, `ys` (even-odd)?
    static func inside(_ xs: [Double], _ ys: [Double], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        var j = xs.count - 1
        for i in 0..<xs.count {
            if (ys[i] > y) != (ys[j] > y), x < (xs[j] - xs[i]) * (y - ys[i]) / (ys[j] - ys[i]) + xs[i] { inside.toggle() }
            j = i
        }
        return inside
    }

    static func area(_ xs: [Double], _ ys: [Double]) -> Double {
        var a = 0.0
        var j = xs.count - 1
        for i in 0..<xs.count { a += (xs[j] + xs[i]) * (ys[j] - ys[i]); j = i }
        return a / 2
    }
}
