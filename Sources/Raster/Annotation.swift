import Geometry
import LayerModel

/// Explanatory drawing on top of the scene, in **screen points** (the space top-level
/// layers live in): the previous frame after an anchor jump, conversion markers, the gap
/// between a naive and a real conversion, scroll-offset arrows.
public struct Annotation: Equatable, Sendable {
    public enum Pattern: Equatable, Sendable { case solid, dashed, dotted }
    public enum Shape: Equatable, Sendable {
        /// A closed outline through the points.
        case polygon([Point])
        /// A segment; with `arrow`, an arrow head at `to`.
        case segment(from: Point, to: Point, arrow: Bool)
        /// One glyph on the cell containing the point (`ascii` in ASCII mode).
        case marker(Point, glyph: Character, ascii: Character)
    }
    public var shape: Shape
    public var color: Color
    public var pattern: Pattern
    /// A model ghost of this (animated) layer: drawn just before the layer itself, so the
    /// moving presentation and everything above it cover it, quiet — thin dotted line, dim,
    /// in `palette.modelOutline` (`color` is not used) — while the figure moves.
    public var under: LayerID?

    public init(_ shape: Shape, color: Color, pattern: Pattern = .solid, under: LayerID? = nil) {
        self.shape = shape; self.color = color; self.pattern = pattern; self.under = under
    }
}

extension SceneRasterizer {
    /// Draws annotations over a surface, mapping screen points to cells with `toCells`.
    /// Draws a model ghost (`Annotation.under`): a dim dotted outline in `color`, drawn into
    /// the picture at its layer's place in the drawing order.
    static func drawGhost(_ a: Annotation, color: Color, toCells: Homography, surface: inout RasterSurface) {
        guard case let .polygon(points) = a.shape else { return }
        let cells = points.compactMap { toCells.apply(to: $0) }
        guard cells.count == points.count, cells.count > 1 else { return }
        let perColumn = Double(surface.lineGrid.perColumn), perRow = Double(surface.lineGrid.perRow)
        let packed = PackedColor.pack(color) | PackedColor.dim | PackedColor.adaptive
        for i in 0..<cells.count {
            let p = cells[i], q = cells[(i + 1) % cells.count]
            surface.drawLine(
                p.x * perColumn, p.y * perRow, q.x * perColumn, q.y * perRow,
                color: packed, pattern: .dotted, glyph: UInt8(ascii: ":"))
        }
    }

    static func drawAnnotations(_ annotations: [Annotation], toCells: Homography, surface: inout RasterSurface) {
        let perColumn = Double(surface.lineGrid.perColumn), perRow = Double(surface.lineGrid.perRow)
        func line(_ a: Point, _ b: Point, _ color: Packed, _ pattern: LinePattern) {
            surface.drawLine(
                a.x * perColumn, a.y * perRow, b.x * perColumn, b.y * perRow,
                color: color, pattern: pattern, glyph: surface.asciiGlyph(dx: b.x - a.x, dy: b.y - a.y))
        }
        for a in annotations where a.under == nil {
            let color = PackedColor.pack(a.color) | PackedColor.bold | PackedColor.adaptive
            let pattern: LinePattern = a.pattern == .solid ? .solid : (a.pattern == .dashed ? .dashed : .dotted)
            switch a.shape {
            case let .polygon(points):
                let cells = points.compactMap { toCells.apply(to: $0) }
                guard cells.count == points.count, cells.count > 1 else { continue }
                for i in 0..<cells.count { line(cells[i], cells[(i + 1) % cells.count], color, pattern) }
            case let .segment(from, to, arrow):
                guard let p = toCells.apply(to: from), let q = toCells.apply(to: to) else { continue }
                line(p, q, color, pattern)
                guard arrow else { continue }
                // Arrow head: two short strokes back from the tip, measured in square units
                // (a cell is cellAspect times taller than wide).
                let k = surface.cellAspect
                let dx = q.x - p.x, dy = (q.y - p.y) * k
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 0.5 else { continue }
                let ux = dx / length, uy = dy / length
                let size = min(1.5, length / 2)
                for turn in [0.5, -0.5] {
                    let c = cos(Double.pi - turn), s = sin(Double.pi - turn)
                    let hx = (ux * c - uy * s) * size, hy = (ux * s + uy * c) * size
                    line(q, Point(x: q.x + hx, y: q.y + hy / k), color, .solid)
                }
            case let .marker(p, glyph, ascii):
                guard let c = toCells.apply(to: p) else { continue }
                surface.marker(atCellX: c.x, y: c.y, glyph: surface.mode == .ascii ? ascii : glyph, color: color)
            }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
