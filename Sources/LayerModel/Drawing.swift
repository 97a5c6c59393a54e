import Geometry
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A colour in a drawing operation, kept as the author spelled it (`orange`, `#f80`) so an
/// operation prints back as written.
public struct DrawingColor: Equatable, Sendable {
    public var color: Color
    public var spelling: String
    public init(_ color: Color, spelling: String? = nil) { self.color = color; self.spelling = spelling ?? color.cssSpelling }
}

/// One operation of a layer's drawing (content.md): what `drawRect:` (or `draw(in:)`) does,
/// in the layer's user space. The spellings are fixed: `save`, `restore`, `translate TX TY`,
/// `rotate DEG`, `scale SX SY`, `concat A B C D TX TY`, `fill-rect`, `stroke-rect`,
/// `fill-ellipse`, `stroke-ellipse`, `line`, `text "TEXT" X Y [COLOR]`.
public enum DrawingOperation: Equatable, Sendable {
    case save
    case restore
    case translate(Double, Double)
    case rotate(AngleLiteral)
    case scale(Double, Double)
    case concat(Affine2D)
    case fillRect(Rect, DrawingColor)
    case strokeRect(Rect, DrawingColor, width: Double?)
    case fillEllipse(Rect, DrawingColor)
    case strokeEllipse(Rect, DrawingColor, width: Double?)
    case line(Point, Point, DrawingColor, width: Double?)
    case text(String, Point, DrawingColor?)

    /// The operation's word.
    public var verb: String {
        switch self {
        case .save: return "save"
        case .restore: return "restore"
        case .translate: return "translate"
        case .rotate: return "rotate"
        case .scale: return "scale"
        case .concat: return "concat"
        case .fillRect: return "fill-rect"
        case .strokeRect: return "stroke-rect"
        case .fillEllipse: return "fill-ellipse"
        case .strokeEllipse: return "stroke-ellipse"
        case .line: return "line"
        case .text: return "text"
        }
    }

    /// The matrix the operation pre-multiplies onto the CTM (nil for a drawing or save/restore):
    /// Core Graphics' `translateBy`, `rotate(by:)`, `scaleBy`, `concatenate`, row vectors.
    public var matrix: Affine2D? {
        switch self {
        case let .translate(x, y): return Affine2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
        case let .rotate(a):
            let (s, c) = a.angle.sinCos
            return Affine2D(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
        case let .scale(x, y): return Affine2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
        case let .concat(t): return t
        default: return nil
        }
    }

    /// Whether the operation puts marks on the page (a shape or text).
    public var draws: Bool { matrix == nil && self != .save && self != .restore }

    /// Every number the operation holds (finiteness checks).
    public var numbers: [Double] {
        switch self {
        case .save, .restore: return []
        case let .translate(x, y), let .scale(x, y): return [x, y]
        case let .rotate(a): return [a.value]
        case let .concat(t): return t.values
        case let .fillRect(r, _), let .fillEllipse(r, _): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case let .strokeRect(r, _, w), let .strokeEllipse(r, _, w): return [r.origin.x, r.origin.y, r.size.width, r.size.height] + (w.map { [$0] } ?? [])
        case let .line(a, b, _, w): return [a.x, a.y, b.x, b.y] + (w.map { [$0] } ?? [])
        case let .text(_, p, _): return [p.x, p.y]
        }
    }
}

/// The geometry of a drawing (content.md): the user-space transforms after each operation,
/// save depths, and the base CTM Core Graphics starts from.
public enum ContentGeometry {
    /// UIKit's CTM at the start of `drawRect:` / `draw(in:)`: user space (the bounds space,
    /// points, y down) to the backing store's pixels (y up):
    /// `[s, 0, 0, −s, −s·ox, s·(h + oy)]`. The width never appears.
    public static func baseCTM(bounds: Rect, scale s: Double) -> Affine2D {
        Affine2D(a: s, b: 0, c: 0, d: -s, tx: -s * bounds.origin.x, ty: s * (bounds.size.height + bounds.origin.y))
    }

    /// The user → bounds-space transform after each prefix: element k is after the first k
    /// operations (k = 0…count; element 0 is the identity). Each transform operation
    /// pre-multiplies (`U = T · U`); `restore` returns the `U` of its `save`. An unmatched
    /// `restore` leaves `U` alone (files refuse it at load; see `unmatchedRestore`).
    public static func userTransforms(_ ops: [DrawingOperation]) -> [Affine2D] {
        var out: [Affine2D] = [.identity]
        out.reserveCapacity(ops.count + 1)
        var current = Affine2D.identity
        var stack: [Affine2D] = []
        for op in ops {
            switch op {
            case .save: stack.append(current)
            case .restore: if let saved = stack.popLast() { current = saved }
            default: if let t = op.matrix { current = t.concatenating(current) }
            }
            out.append(current)
        }
        return out
    }

    /// The save depth each operation is shown at: inside a `save` one deeper; a `restore` at
    /// the depth of its `save`.
    public static func depths(_ ops: [DrawingOperation]) -> [Int] {
        var depth = 0
        return ops.map { op in
            switch op {
            case .save: depth += 1; return depth - 1
            case .restore: depth = max(0, depth - 1); return depth
            default: return depth
            }
        }
    }

    /// The index of the first `restore` with no `save` before it, if any.
    public static func unmatchedRestore(_ ops: [DrawingOperation]) -> Int? {
        var depth = 0
        for (i, op) in ops.enumerated() {
            if op == .save { depth += 1 }
            if op == .restore { if depth == 0 { return i }; depth -= 1 }
        }
        return nil
    }

    /// An affine matrix taken apart for the panel: M = scale · shear · rotation · translation,
    /// rotation = atan2(b, a), sx = |(a, b)|, sy = det / sx (negative for a flip).
    public struct Parts: Equatable, Sendable {
        public var rotation: Angle
        public var scaleX: Double
        public var scaleY: Double
        public var shear: Double
        public var translation: Point
    }

    public static func parts(of m: Affine2D) -> Parts {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        let rotation = Angle(radians: atan2(m.b, m.a))
        let det = m.a * m.d - m.b * m.c
        let sy = sx == 0 ? (m.c * m.c + m.d * m.d).squareRoot() : det / sx
        let shear = sx == 0 ? 0 : (m.a * m.c + m.b * m.d) / (sx * sx)
        return Parts(rotation: rotation, scaleX: sx, scaleY: sy, shear: shear, translation: Point(x: m.tx, y: m.ty))
    }
}

extension Layer {
    /// The layer's backing scale: its own `contentsScale`, else 1 for a layer and the
    /// screen's scale for a view (content.md).
    public func effectiveContentsScale(screenScale: Double) -> Double {
        contentsScale ?? (kind == .view ? screenScale : 1)
    }
}

extension LayerTree {
    /// `contentsScale` as `get` answers it: set, or the default for the layer's kind.
    public func contentsScale(of id: LayerID) -> Double { self[id].effectiveContentsScale(screenScale: screenScale) }

    /// The prefix length `at N` names: all operations when nil, clamped to 0…count.
    public func drawingPrefix(of id: LayerID, _ n: Int?) -> Int {
        let count = self[id].drawing.count
        return min(max(n ?? count, 0), count)
    }

    /// User space → the layer's bounds space (points) after the first `n` operations.
    public func contentTransform(of id: LayerID, after n: Int?) -> Affine2D {
        let ops = self[id].drawing
        return ContentGeometry.userTransforms(Array(ops.prefix(drawingPrefix(of: id, n)))).last ?? .identity
    }

    /// `CGContextGetCTM` after the first `n` operations: the user transform, then the base CTM.
    public func ctm(of id: LayerID, after n: Int?) -> Affine2D {
        let layer = self[id]
        let base = ContentGeometry.baseCTM(bounds: layer.bounds, scale: contentsScale(of: id))
        return contentTransform(of: id, after: n).concatenating(base)
    }

    /// A user-space point of `id`'s drawing (after `n` operations) in `destination`'s space
    /// (nil = the screen): into the bounds space, then up the layer chain as any point.
    public func convertContentPoint(_ p: Point, of id: LayerID, after n: Int?, to destination: LayerID?) -> Point? {
        convert(contentTransform(of: id, after: n).apply(to: p), from: id, to: destination)
    }
}

extension DrawingOperation {
    /// Whether a user-space point lies on what the operation draws (rects and ellipses by
    /// area, a line within half its width or half a point, text in a 7 × 12-point cell per
    /// character below and right of its origin, as `NSString.draw(at:)` places it). Used only to *say* that content is not hit-tested.
    public func covers(_ p: Point) -> Bool {
        switch self {
        case let .fillRect(r, _), let .strokeRect(r, _, _):
            return p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY
        case let .fillEllipse(r, _), let .strokeEllipse(r, _, _):
            let rx = r.size.width / 2, ry = r.size.height / 2
            guard rx > 0, ry > 0 else { return false }
            let dx = (p.x - r.midX) / rx, dy = (p.y - r.midY) / ry
            return dx * dx + dy * dy <= 1
        case let .line(a, b, _, w):
            let vx = b.x - a.x, vy = b.y - a.y, len2 = vx * vx + vy * vy
            let t = len2 > 0 ? max(0, min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / len2)) : 0
            let dx = p.x - (a.x + t * vx), dy = p.y - (a.y + t * vy)
            let reach = max((w ?? 1) / 2, 0.5)
            return dx * dx + dy * dy <= reach * reach
        case let .text(s, o, _):
            return p.x >= o.x && p.x <= o.x + 7 * Double(s.count) && p.y >= o.y && p.y <= o.y + 12
        default:
            return false
        }
    }
}

extension LayerTree {
    /// The front-most drawn shape under a screen point: its layer and operation index. Content
    /// is never hit-tested (content.md); this only lets the hit-test explanation say so.
    public func drawnContent(at p: Point) -> (layer: LayerID, operation: Int)? {
        var found: (layer: LayerID, operation: Int)? = nil
        for id in drawingOrder() where !self[id].drawing.isEmpty {
            guard let local = convert(p, from: nil, to: id) else { continue }
            let ops = self[id].drawing
            let users = ContentGeometry.userTransforms(ops)
            for (i, op) in ops.enumerated() where op.draws {
                guard let inverse = users[i].inverted() else { continue }
                if op.covers(inverse.apply(to: local)) { found = (id, i) }
            }
        }
        return found
    }
}
