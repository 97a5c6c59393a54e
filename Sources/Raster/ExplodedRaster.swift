import Cells
import Geometry
import LayerModel

/// The exploded view drawn onto cells (depth.md, "What the explorer shows"): every plane's
/// outlines back to front in braille dots, the selection's plane filled, names on plaques
/// that never overlap, `≠` badges.
public enum ExplodedRaster {
    /// One layer's quad after the camera projection, with how to show it.
    public struct Item: Sendable {
        public var layer: LayerID
        public var quad: Quad
        public var plane: Int
        public var name: String
        public var color: Color?
        /// Drawn in front of, but searched after, a sibling (or the other way round).
        public var badge: Bool
        public init(layer: LayerID, quad: Quad, plane: Int, name: String, color: Color?, badge: Bool) {
            self.layer = layer; self.quad = quad; self.plane = plane; self.name = name; self.color = color; self.badge = badge
        }
    }

    /// A name to place: its text and the cells it would like to start at, best first.
    public struct PlaqueRequest: Sendable {
        public var item: Int
        public var text: String
        public var candidates: [CellPosition]
        public var mustShow: Bool
        public init(item: Int, text: String, candidates: [CellPosition], mustShow: Bool) {
            self.item = item; self.text = text; self.candidates = candidates; self.mustShow = mustShow
        }
    }

    public struct PlacedPlaque: Equatable, Sendable {
        public var item: Int
        public var text: String
        public var at: CellPosition
        public init(item: Int, text: String, at: CellPosition) { self.item = item; self.text = text; self.at = at }
    }

    static let badge = "≠"

    /// `items` back to front; `reserved` cells (a crosshair) take no plaque.
    public static func render(_ items: [Item], viewport: Viewport, columns: Int, rows: Int,
                              selection: LayerID?, palette: RasterPalette, unicode: Bool,
                              reserved: Set<CellPosition> = []) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows)
        guard columns > 0, rows > 0 else { return canvas }
        let n = columns * rows
        var mask = [UInt8](repeating: 0, count: n)
        var owner = [Int32](repeating: -1, count: n)
        var filled = [Int32](repeating: -1, count: n)
        let selectedPlane = items.first { $0.layer == selection }?.plane
        let dotsW = Double(columns * 2), dotsH = Double(rows * 4)
        let ox = viewport.origin.x, oy = viewport.origin.y
        let sx = 2 / viewport.pointsPerColumn, sy = 4 / viewport.pointsPerRow

        for (index, item) in items.enumerated() {
            let q = item.quad
            @inline(__always) func dot(_ p: Point) -> (Double, Double) { ((p.x - ox) * sx, (p.y - oy) * sy) }
            let d0 = dot(q.p0), d1 = dot(q.p1), d2 = dot(q.p2), d3 = dot(q.p3)
            if item.plane == selectedPlane, index == 0 || items[index - 1].plane != selectedPlane {
                // The whole selected plane is filled before its outlines (the selection's quad last).
                var onPlane = Array(items.indices.filter { items[$0].plane == selectedPlane })
                if let s = onPlane.firstIndex(where: { items[$0].layer == selection }) { onPlane.append(onPlane.remove(at: s)) }
                for j in onPlane {
                    let corners = [items[j].quad.p0, items[j].quad.p1, items[j].quad.p2, items[j].quad.p3].map { ((($0.x - ox) * sx), (($0.y - oy) * sy)) }
                    fill(corners, columns: columns, rows: rows, index: Int32(j), filled: &filled, mask: &mask, owner: &owner)
                }
            }
            for e in 0..<4 {
                let (a, b) = e == 0 ? (d0, d1) : e == 1 ? (d1, d2) : e == 2 ? (d2, d3) : (d3, d0)
                guard let (t0, t1) = PolygonOps.clipSegment(a.0, a.1, b.0, b.1, minX: 0, minY: 0, maxX: dotsW - 1e-9, maxY: dotsH - 1e-9) else { continue }
                let x0 = a.0 + (b.0 - a.0) * t0, y0 = a.1 + (b.1 - a.1) * t0
                let x1 = a.0 + (b.0 - a.0) * t1, y1 = a.1 + (b.1 - a.1) * t1
                let steps = max(1, Int(max(abs(x1 - x0), abs(y1 - y0)).rounded(.up)))
                let dx = (x1 - x0) / Double(steps), dy = (y1 - y0) / Double(steps)
                var x = x0, y = y0
                for _ in 0...steps {
                    let ix = Int(x), iy = Int(y)
                    if ix >= 0, iy >= 0, ix < columns * 2, iy < rows * 4 {
                        let cell = (iy >> 2) * columns + (ix >> 1)
                        if owner[cell] != Int32(index) { mask[cell] = owner[cell] >= 0 && filled[cell] < 0 ? mask[cell] : 0; owner[cell] = Int32(index) }
                        mask[cell] |= brailleBit(ix & 1, iy & 3)
                    }
                    x += dx; y += dy
                }
            }
        }

        // Cells → glyphs.
        let backdrop = palette.backdrop
        let fillColor = blend(palette.selection, over: backdrop, 0.18)
        let selectedFill = blend(palette.selection, over: backdrop, 0.32)
        let colors: [Color] = items.map { item in
            item.layer == selection ? palette.selection : OverlayContrast.pick(item.color ?? palette.defaultOutline, on: backdrop)
        }
        for r in 0..<rows {
            for c in 0..<columns {
                let i = r * columns + c
                var style = CellStyle()
                if filled[i] >= 0 {
                    let bg = items[Int(filled[i])].layer == selection ? selectedFill : fillColor
                    style = CellStyle(background: .rgb(bg.red, bg.green, bg.blue))
                }
                if mask[i] != 0, owner[i] >= 0 {
                    let fg = colors[Int(owner[i])]
                    style = CellStyle(foreground: .rgb(fg.red, fg.green, fg.blue), background: style.background,
                                      bold: items[Int(owner[i])].layer == selection)
                    canvas[c, r] = Cell(scalar: unicode ? Unicode.Scalar(0x2800 + UInt32(mask[i]))! : ".", style: style)
                } else if filled[i] >= 0 {
                    canvas[c, r] = Cell(" ", style: style)
                }
            }
        }

        // Plaques: the selection first, then front to back.
        var order = Array(items.indices.reversed())
        if let s = items.firstIndex(where: { $0.layer == selection }) { order.removeAll { $0 == s }; order.insert(s, at: 0) }
        var requests: [PlaqueRequest] = []
        for i in order {
            let item = items[i]
            let text = (item.badge ? badge + " " : "") + item.name
            let corners = [item.quad.p0, item.quad.p1, item.quad.p3, item.quad.p2].map { viewport.cell(containing: $0) }
            let topLeft = corners.min { ($0.row, $0.column) < ($1.row, $1.column) } ?? corners[0]
            let w = text.displayWidth + 2
            var candidates: [CellPosition] = []
            for (dc, dr) in [(1, 0), (1, -1), (1, 1), (3, 0), (3, 1), (0, 0), (-w, 0), (1, 2), (-w, 1)] {
                candidates.append(CellPosition(column: topLeft.column + dc, row: topLeft.row + dr))
            }
            let bottom = corners.max { ($0.row, -$0.column) < ($1.row, -$1.column) } ?? corners[0]
            candidates.append(CellPosition(column: bottom.column - w, row: bottom.row))
            candidates.append(CellPosition(column: bottom.column - w, row: bottom.row + 1))
            requests.append(PlaqueRequest(item: i, text: text, candidates: candidates, mustShow: item.layer == selection))
            if item.badge {
                // A badge alone when the name cannot go anywhere.
                requests.append(PlaqueRequest(item: i, text: badge, candidates: candidates, mustShow: false))
            }
        }
        let placed = placePlaques(requests, columns: columns, rows: rows) { cell in
            reserved.contains(cell)
        } foreign: { cell, item in
            // Another layer's outline, or the fill of the selected plane where it is not this
            // layer's own (a name there would sit on a plane it is behind).
            let i = cell.row * columns + cell.column
            let o = owner[i], f = filled[i]
            return (o >= 0 && Int(o) != item && mask[i] != 0) || (f >= 0 && Int(f) != item)
        }
        let plaqueBG = palette.backdrop == Theme.dark.background || OverlayContrast.luma(backdrop) < 128
            ? Color(red: 45, green: 48, blue: 60) : Color(red: 228, green: 228, blue: 236)
        let plaqueFG = OverlayContrast.luma(plaqueBG) < 128 ? Color(red: 235, green: 235, blue: 235) : Color(red: 20, green: 20, blue: 20)
        for p in placed {
            let item = items[p.item]
            let isSelection = item.layer == selection
            let bg = isSelection ? palette.selection : plaqueBG
            let fg = isSelection ? (OverlayContrast.luma(bg) < 140 ? Color(red: 255, green: 255, blue: 255) : Color(red: 0, green: 0, blue: 0)) : plaqueFG
            let style = CellStyle(foreground: .rgb(fg.red, fg.green, fg.blue), background: .rgb(bg.red, bg.green, bg.blue), bold: isSelection)
            var column = p.at.column
            column = canvas.write(" ", column: column, row: p.at.row, style: style)
            if p.text.hasPrefix(badge) {
                let badgeStyle = CellStyle(foreground: .rgb(255, 80, 80), background: .rgb(bg.red, bg.green, bg.blue), bold: true)
                column = canvas.write(badge, column: column, row: p.at.row, style: isSelection ? style : badgeStyle)
                column = canvas.write(String(p.text.dropFirst(badge.count)), column: column, row: p.at.row, style: style)
            } else {
                column = canvas.write(p.text, column: column, row: p.at.row, style: style)
            }
            _ = canvas.write(" ", column: column, row: p.at.row, style: style)
        }
        return canvas
    }

    /// The one placement rule for names (to be replaced by the shared label layout): each
    /// request in order takes its first candidate that stays on the canvas and covers no
    /// placed plaque, no blocked cell and no other layer's outline; a plaque that must show
    /// takes its first on-canvas candidate clear of other plaques even over outlines.
    /// A request whose item already has a plaque is skipped. Plaques are " text " wide.
    public static func placePlaques(_ requests: [PlaqueRequest], columns: Int, rows: Int,
                                    blocked: (CellPosition) -> Bool,
                                    foreign: (CellPosition, Int) -> Bool) -> [PlacedPlaque] {
        var taken = [Bool](repeating: false, count: max(0, columns * rows))
        var out: [PlacedPlaque] = []
        var done = Set<Int>()
        for request in requests where !done.contains(request.item) {
            let width = request.text.displayWidth + 2
            func fits(_ at: CellPosition, strict: Bool) -> Bool {
                guard at.row >= 0, at.row < rows, at.column >= 0, at.column + width <= columns else { return false }
                for c in at.column..<(at.column + width) {
                    let cell = CellPosition(column: c, row: at.row)
                    if taken[at.row * columns + c] || blocked(cell) { return false }
                    if strict && foreign(cell, request.item) { return false }
                }
                return true
            }
            var chosen = request.candidates.first { fits($0, strict: true) }
            if chosen == nil, request.mustShow { chosen = request.candidates.first { fits($0, strict: false) } }
            guard let at = chosen else { continue }
            for c in at.column..<(at.column + width) { taken[at.row * columns + c] = true }
            out.append(PlacedPlaque(item: request.item, text: request.text, at: at))
            done.insert(request.item)
        }
        return out
    }

    @inline(__always) static func brailleBit(_ x: Int, _ y: Int) -> UInt8 {
        // ⠁ dots 1 2 3 7 down the left column, 4 5 6 8 down the right.
        switch (x, y) {
        case (0, 0): return 0x01
        case (0, 1): return 0x02
        case (0, 2): return 0x04
        case (0, 3): return 0x40
        case (1, 0): return 0x08
        case (1, 1): return 0x10
        case (1, 2): return 0x20
        default: return 0x80
        }
    }

    /// Cells whose centre is inside the convex quad (dot coordinates) are filled: what was
    /// drawn there before (planes behind) is covered.
    static func fill(_ pts: [(Double, Double)], columns: Int, rows: Int, index: Int32,
                     filled: inout [Int32], mask: inout [UInt8], owner: inout [Int32]) {
        let minX = pts.map(\.0).min()!, maxX = pts.map(\.0).max()!, minY = pts.map(\.1).min()!, maxY = pts.map(\.1).max()!
        let c0 = max(0, Int((minX / 2).rounded(.down))), c1 = min(columns - 1, Int((maxX / 2).rounded(.up)))
        let r0 = max(0, Int((minY / 4).rounded(.down))), r1 = min(rows - 1, Int((maxY / 4).rounded(.up)))
        guard c0 <= c1, r0 <= r1 else { return }
        for r in r0...r1 {
            for c in c0...c1 {
                let px = Double(c) * 2 + 1, py = Double(r) * 4 + 2
                var sign = 0.0, inside = true
                for e in 0..<4 {
                    let a = pts[e], b = pts[(e + 1) % 4]
                    let cross = (b.0 - a.0) * (py - a.1) - (b.1 - a.1) * (px - a.0)
                    if cross == 0 { continue }
                    if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { inside = false; break }
                }
                guard inside else { continue }
                let i = r * columns + c
                filled[i] = index; mask[i] = 0; owner[i] = -1
            }
        }
    }

    static func blend(_ a: Color, over b: Color, _ t: Double) -> Color {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(max(0, min(255, (Double(x) * t + Double(y) * (1 - t)).rounded()))) }
        return Color(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue))
    }
}
