import SafeText
import Geometry
import LayerModel

/// Which layer's drawing the explorer is stepping through (content.md): that layer draws its
/// first `count` operations only, and an axes marker shows the user-space origin after them.
public struct ContentStep: Equatable, Sendable {
    public var layer: LayerID
    public var count: Int
    public var axes: Bool
    public init(layer: LayerID, count: Int, axes: Bool = true) { self.layer = layer; self.count = count; self.axes = axes }
}

/// A layer's content on the canvas (content.md): each operation run in user space, through
/// the user → bounds transform (the CTM without its base), then the layer's own map to the
/// cells — its transform chain and any perspective. Drawn after the layer's background and
/// before its sublayers, clipped to the bounds under masksToBounds (and to every mask above).
/// Shapes whose corners fall behind the eye are left out; text is upright at its origin.
enum ContentRaster {
    /// Polygon sides for an ellipse (enough to read as round at any canvas size).
    static let ellipseSides = 32

    static func draw(
        _ layer: Layer, count: Int?, matrix: Homography, clip: ClipRegion?, alpha: Double,
        unicode: Bool, surface: inout RasterSurface
    ) {
        let ops = layer.drawing
        let n = min(count ?? ops.count, ops.count)
        guard n > 0 else { return }
        var user = Affine2D.identity
        var stack: [Affine2D] = []
        var poly: [PolyVertex] = []
        var scratch: [PolyVertex] = []
        func toCells(_ p: Point) -> Point? { matrix.apply(to: user.apply(to: p)) }
        func polygon(_ points: [Point]) -> Bool {
            poly.removeAll(keepingCapacity: true)
            for p in points {
                guard let q = toCells(p), q.x.isFinite, q.y.isFinite else { poly.removeAll(); return false }
                poly.append(PolyVertex(x: q.x, y: q.y, real: true))
            }
            if let clip { PolygonOps.clip(&poly, to: clip, scratch: &scratch) }
            return poly.count >= 3
        }
        for op in ops.prefix(n) {
            switch op {
            case .save: stack.append(user)
            case .restore: if let saved = stack.popLast() { user = saved }
            case .translate, .rotate, .scale, .concat:
                if let t = op.matrix { user = t.concatenating(user) }
            case let .fillRect(r, c):
                if polygon(r.corners) { surface.fillPolygon(poly, color: PackedColor.pack(c.color), alpha: alpha) }
            case let .strokeRect(r, c, _):
                if polygon(r.corners) { surface.outlinePolygon(poly, color: PackedColor.pack(c.color), pattern: .solid) }
            case let .fillEllipse(r, c):
                if polygon(ellipse(r)) { surface.fillPolygon(poly, color: PackedColor.pack(c.color), alpha: alpha) }
            case let .strokeEllipse(r, c, _):
                if polygon(ellipse(r)) { surface.outlinePolygon(poly, color: PackedColor.pack(c.color), pattern: .solid) }
            case let .line(a, b, c, _):
                if let p = toCells(a), let q = toCells(b) { line(p, q, color: PackedColor.pack(c.color), clip: clip, surface: &surface) }
            case let .text(s, p, c):
                guard let q = toCells(p), q.x.isFinite, q.y.isFinite, abs(q.x) < 1e6, abs(q.y) < 1e6 else { continue }
                // No colour: UIKit's default, black, made readable on what is under it.
                let color = c.map { PackedColor.pack($0.color) } ?? (PackedColor.pack(Color(red: 0, green: 0, blue: 0)) | PackedColor.adaptive)
                var x = q.x
                // The output gate: a control, bidi or zero-width character in drawn text is
                // shown (`^[`, `\u{202e}`), never sent to the terminal.
                for ch in SafeText.visible(s) {
                    if clip.map({ inside(Point(x: x, y: q.y), $0) }) ?? true {
                        // NSString.draw(at:) puts the text's top-left at the point: the row holding it.
                        surface.marker(atCellX: x, y: q.y, glyph: ch, color: color)
                        let c = RasterSurface.floorClamped(x), r = RasterSurface.floorClamped(q.y)
                        if c >= 0, r >= 0, c < surface.columns, r < surface.rows { surface.textCells.append(r * surface.columns + c) }
                    }
                    x += 1
                }
            }
        }
    }

    /// The outline of the ellipse inscribed in `r`, in user space.
    static func ellipse(_ r: Rect) -> [Point] {
        let cx = r.midX, cy = r.midY, rx = r.size.width / 2, ry = r.size.height / 2
        return (0..<ellipseSides).map { i in
            let (s, c) = Angle.radians(2 * Double.pi * Double(i) / Double(ellipseSides)).sinCos
            return Point(x: cx + rx * c, y: cy + ry * s)
        }
    }

    /// An x arrow (red) and a y arrow (green) from the current user-space origin, each a
    /// quarter of the layer's shorter side long in user units: where the next shape's (0, 0)
    /// lands and which way its axes run.
    static func drawAxes(_ tree: LayerTree, _ step: ContentStep, toCells: Homography, unicode: Bool, surface: inout RasterSurface) {
        let layer = tree[step.layer]
        let user = tree.contentTransform(of: step.layer, after: step.count)
        let matrix = tree.matrixToScreen(step.layer).concatenating(toCells)
        let length = max(4, min(layer.bounds.size.width, layer.bounds.size.height) / 4)
        func cells(_ p: Point) -> Point? { matrix.apply(to: user.apply(to: p)) }
        guard let o = cells(.zero), let x = cells(Point(x: length, y: 0)), let y = cells(Point(x: 0, y: length)) else { return }
        let red = PackedColor.pack(CanvasMark.axesX) | PackedColor.bold
        let green = PackedColor.pack(CanvasMark.axesY) | PackedColor.bold
        line(o, x, color: red, clip: nil, surface: &surface)
        line(o, y, color: green, clip: nil, surface: &surface)
        surface.marker(atCellX: x.x, y: x.y, glyph: "x", color: red)
        surface.marker(atCellX: y.x, y: y.y, glyph: "y", color: green)
        surface.marker(atCellX: o.x, y: o.y, glyph: unicode ? "○" : "o", color: PackedColor.pack(CanvasMark.axesOrigin) | PackedColor.bold)
    }

    /// A segment in cell coordinates, clipped to a convex region (Cyrus–Beck), drawn on the
    /// line grid.
    static func line(_ p: Point, _ q: Point, color: Packed, clip: ClipRegion?, surface: inout RasterSurface) {
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return }
        var t0 = 0.0, t1 = 1.0
        if let clip {
            let r = clip.vertices
            var a = r[r.count - 1]
            for b in r {
                let ex = b.x - a.x, ey = b.y - a.y
                func side(_ x: Double, _ y: Double) -> Double { clip.sign * (ex * (y - a.y) - ey * (x - a.x)) }
                let dp = side(p.x, p.y), dq = side(q.x, q.y)
                if dp < 0 && dq < 0 { return }
                if dp < 0 || dq < 0 {
                    let t = dp / (dp - dq)
                    if dp < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                }
                a = b
            }
            if t0 > t1 { return }
        }
        let kx = Double(surface.lineGrid.perColumn), ky = Double(surface.lineGrid.perRow)
        let dx = q.x - p.x, dy = q.y - p.y
        surface.drawLine(
            (p.x + t0 * dx) * kx, (p.y + t0 * dy) * ky, (p.x + t1 * dx) * kx, (p.y + t1 * dy) * ky,
            color: color, pattern: .solid, glyph: surface.asciiGlyph(dx: dx, dy: dy))
    }

    static func inside(_ p: Point, _ clip: ClipRegion) -> Bool {
        let r = clip.vertices
        var a = r[r.count - 1]
        for b in r {
            if clip.sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) < 0 { return false }
            a = b
        }
        return true
    }
}
