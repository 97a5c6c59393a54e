import Geometry

/// One exploded frame (depth.md; issue 31): the planes of one depth layout seen through one
/// camera — every planed layer's quad after the projection, the range of planes shown and the
/// box all the planes fill. It is the one builder of the exploded picture's geometry: the
/// explorer (its canvas in cells and in pixels, zoom, fit, the cursor's stack), the SVG export
/// and `get exploded-quad` all read a frame, so they cannot disagree about a quad or a box.
///
/// Building one costs a projection per planed layer and nothing else: the planes are the
/// layout's, worked out once per scene change (`Memo<DepthLayouts>`).
public struct ExplodedFrame: Sendable {
    public let layout: DepthLayout
    public let camera: ExplodedCamera
    /// The planes shown, clamped to the layout's (`explode range`).
    public let shown: ClosedRange<Int>
    /// `layout.backToFront`'s quads through the camera, in the same order.
    public let projected: [Quad]
    /// The box of every plane's projected quads — all planes, not only the shown range, so
    /// narrowing the range does not move the picture; nil when no layer has a plane.
    public let planesBox: Rect?

    /// How much room a picture leaves round the planes' box.
    public enum Margin: Equatable, Sendable {
        /// A fraction of the box's width and height on each side.
        case fraction(Double)
        /// A fixed number of points on each side.
        case points(Double)
    }

    /// The explorer's canvas: 4% of the box each side keeps outlines off the canvas's edges
    /// at any size of scene.
    public static let canvasMargin = Margin.fraction(0.04)
    /// The SVG: 20 units each side, room for the selection's 2-unit outline and the names
    /// placed beside the outermost quads (depth.md, "Commands").
    public static let svgMargin = Margin.points(20)

    public init(_ layout: DepthLayout, settings: DepthSettings, screen: Rect?) {
        self.layout = layout
        camera = layout.camera(settings, screen: screen)
        shown = settings.shownPlanes(planeCount: layout.planeCount)
        var projected: [Quad] = []
        projected.reserveCapacity(layout.backToFront.count)
        var lo = Point(x: 0, y: 0), hi = lo, any = false
        for id in layout.backToFront {
            // Every layer in backToFront has a plane and a quad.
            let q = camera.project(layout.quads[id.raw]!, plane: layout.planes[id.raw])
            projected.append(q)
            for p in [q.p0, q.p1, q.p2, q.p3] {
                if !any { lo = p; hi = p; any = true; continue }
                lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y)
                hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
            }
        }
        self.projected = projected
        planesBox = any ? Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y) : nil
    }

    /// The planes' box with `margin` round it; `fallback` (the scene's screen) when nothing is drawn.
    public func box(margin: Margin, else fallback: Rect) -> Rect {
        guard let b = planesBox else { return fallback }
        switch margin {
        case let .fraction(f): return b.insetBy(dx: -b.width * f, dy: -b.height * f)
        case let .points(d): return b.insetBy(dx: -d, dy: -d)
        }
    }

    /// The layer's quad through the camera, shown or not; nil when it has no plane.
    public func quad(of id: LayerID) -> Quad? {
        guard let plane = layout.plane(of: id), let q = layout.quad(of: id) else { return nil }
        return camera.project(q, plane: plane)
    }

    /// The shown layers back to front: their ids, planes and projected quads.
    public func forEachShown(_ body: (_ id: LayerID, _ plane: Int, _ quad: Quad) -> Void) {
        for (i, id) in layout.backToFront.enumerated() {
            let plane = layout.planes[id.raw]
            if shown.contains(plane) { body(id, plane, projected[i]) }
        }
    }

    /// The shown layers whose projected quad holds `p`, front to back.
    public func stack(at p: Point) -> [LayerID] {
        var out: [LayerID] = []
        for i in layout.backToFront.indices.reversed() {
            let id = layout.backToFront[i]
            if shown.contains(layout.planes[id.raw]), projected[i].contains(p) { out.append(id) }
        }
        return out
    }

    /// The layers with a `≠` badge (drawn in front of a sibling but searched after it, or the
    /// other way round), a flag per slot; empty when there are none.
    public var badged: [Bool] {
        guard !layout.disagreements.isEmpty else { return [] }
        var flags = [Bool](repeating: false, count: layout.planes.count)
        for pair in layout.disagreements { flags[pair.drawnFront.raw] = true; flags[pair.searchedFirst.raw] = true }
        return flags
    }
}

extension LayerTree {
    /// A layer's name and colours as a picture draws them, read from its slot without
    /// copying the whole layer (its drawing, note and sublayers).
    public func drawingStyle(of id: LayerID) -> (name: String, border: Color?, background: Color?) {
        (storage[id.raw]!.name, storage[id.raw]!.borderColor, storage[id.raw]!.backgroundColor)
    }
}
