#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Cells
import Geometry
import LayerModel

/// The canvas in pixels (docs/picture.md, "Pixels"): the same scene, the same viewport and
/// the same options as `SceneRasterizer`, drawn at a cell size in pixels instead of into
/// cells, for terminals that show images (kitty, sixel) and `render --png`.
///
/// The geometry is the cell canvas's: `DrawingWalk`'s plane homographies through the
/// viewport's one cell map (`SceneRasterizer.cellMap`), scaled by the cell size, so pixel
/// (x, y) of cell (c, r) is the sub-cell point (c + x / width, r + y / height); clipping
/// behind the eye and masksToBounds are `PolygonOps`'s. What changes is only how a shape
/// lands: fills with anti-aliased edges (`PixelSurface`), borders at their true width
/// (at least a pixel), automatic outlines one pixel wide inside the edge, marks as thin
/// strokes and discs. Names and text stay terminal text and are not drawn here.
public enum PixelRaster {
    /// The cell size when the terminal does not say: 10 × 20 pixels.
    public static let defaultCellSize = (width: 10, height: 20)

    /// Renders `tree` into a `columns · cellWidth × rows · cellHeight` image; `parallel` paints
    /// a big image's bands on several threads (the same pixels; the bench times both).
    public static func render(
        _ tree: LayerTree, viewport: Viewport, columns: Int, rows: Int,
        cellWidth: Int = defaultCellSize.width, cellHeight: Int = defaultCellSize.height,
        options: RasterOptions = RasterOptions(), parallel: Bool = true
    ) -> PixelImage {
        let (list, width, height, backdrop) = record(
            tree, viewport: viewport, columns: columns, rows: rows,
            cellWidth: cellWidth, cellHeight: cellHeight, options: options)
        var work = PixelDisplayList.PaintWork()
        return PixelDisplayList.image(of: list, width: width, height: height, backdrop: backdrop, parallel: parallel, work: &work).image
    }

    /// The pixel writes `render` makes (bench: against the image's width × height, the most
    /// that painting front to back could save): blended one by one at their own coverage, and
    /// written in runs of one coverage. Painted on one thread, so a profiler counts one
    /// frame's instructions here.
    public static func paintWork(
        _ tree: LayerTree, viewport: Viewport, columns: Int, rows: Int,
        cellWidth: Int = defaultCellSize.width, cellHeight: Int = defaultCellSize.height,
        options: RasterOptions = RasterOptions()
    ) -> (edge: Int, run: Int, fills: Int, pixels: Int) {
        let (list, width, height, backdrop) = record(
            tree, viewport: viewport, columns: columns, rows: rows,
            cellWidth: cellWidth, cellHeight: cellHeight, options: options)
        var work = PixelDisplayList.PaintWork()
        let fills = PixelDisplayList.image(of: list, width: width, height: height, backdrop: backdrop, parallel: false, work: &work).fills
        return (work.edgePixels, work.runPixels, fills, width * height)
    }

    /// The picture as fills in painting order (`PixelDisplayList`), the image's size and its
    /// backdrop (`0xRRGGBB`).
    static func record(
        _ tree: LayerTree, viewport: Viewport, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int,
        options: RasterOptions
    ) -> (list: PixelDisplayList, width: Int, height: Int, backdrop: UInt32) {
        let cw = max(1, cellWidth), ch = max(1, cellHeight)
        let backdrop = PackedColor.pack(options.palette.backdrop) & PackedColor.rgbMask
        var surface = PixelSurface(width: max(0, columns) * cw, height: max(0, rows) * ch)
        guard columns > 0, rows > 0 else { return (surface.list, surface.width, surface.height, backdrop) }
        // About a fill and four outline strips a layer (the benchmark's 1 000 layers: 3 315
        // fills, 15 k vertices).
        surface.list.reserve(fills: 4 * tree.count + 64, vertices: 20 * tree.count + 256)
        let viewport = Viewport(origin: viewport.origin, pointsPerColumn: viewport.pointsPerColumn, cellAspect: viewport.cellAspect)
        let toPixels = pixelMap(viewport, cellWidth: cw, cellHeight: ch)
        let marks = Marks(
            cellWidth: cw, cellHeight: ch, scale: SceneRasterizer.markScale(columns: columns, rows: rows),
            bold: options.boldMarks)
        drawLayers(tree, toPixels: toPixels, options: options, marks: marks, surface: &surface)
        if let selection = options.selection, tree.contains(selection), !options.overlays.isEmpty {
            drawSelection(selection, tree: tree, toPixels: toPixels, options: options, marks: marks, surface: &surface)
        }
        drawAnnotations(options.annotations, toPixels: toPixels, marks: marks, surface: &surface)
        if let measurement = options.measurement {
            drawMeasurement(measurement, toPixels: toPixels, marks: marks, surface: &surface)
        }
        if let step = options.contentStep, step.axes, tree.contains(step.layer) {
            drawAxes(tree, step, toPixels: toPixels, marks: marks, surface: &surface)
        }
        return (surface.list, surface.width, surface.height, backdrop)
    }

    /// Screen points → pixels: the cell map (`SceneRasterizer.cellMap`) scaled by the cell size.
    static func pixelMap(_ viewport: Viewport, cellWidth: Int, cellHeight: Int) -> Homography {
        SceneRasterizer.cellMap(viewport).concatenating(Homography(Double(cellWidth), 0, 0, 0, Double(cellHeight), 0, 0, 0, 1))
    }

    /// Line widths and mark sizes, in pixels, for one cell size.
    struct Marks {
        var cellWidth: Int, cellHeight: Int
        /// `SceneRasterizer.markScale`: bigger marks on a big canvas.
        var scale: Int
        var bold: Bool
        /// The selection's outline, frame box and ghost.
        var line: Double { max(1, (Double(cellWidth) / 5).rounded()) * (bold ? 2 : 1) }
        /// A dash and the gap after it; a dot and its gap.
        var dash: (Double, Double) { (Double(cellWidth) * 0.6, Double(cellWidth) * 0.4) }
        var dot: (Double, Double) { (max(1, Double(cellWidth) / 5), max(2, Double(cellWidth) / 3)) }
    }

    private static let noClip: Int32 = -1
    private static let nothingVisible: Int32 = -2

    private static func drawLayers(
        _ tree: LayerTree, toPixels: Homography, options: RasterOptions, marks: Marks,
        surface: inout PixelSurface
    ) {
        var ghosts: [LayerID: [Annotation]] = [:]
        for a in options.annotations { if let id = a.under { ghosts[id, default: []].append(a) } }
        var childClips: [Int32] = []
        childClips.reserveCapacity(tree.count)
        var clips: [ClipRegion] = []
        let shading = options.showFills ? options.shading : nil
        var shadeLevels: [Int32] = []
        var poly: [PolyVertex] = [], inner: [PolyVertex] = [], scratch: [PolyVertex] = []
        let W = Double(surface.width), H = Double(surface.height)
        let defaultOutline = PackedColor.pack(options.palette.defaultOutline) & PackedColor.rgbMask
        var walk = DrawingWalk(tree, then: toPixels)
        while let step = walk.visit() {
            if let mine = ghosts[step.id] {
                for g in mine { drawModelOutline(g, color: options.palette.modelOutline, toPixels: toPixels, marks: marks, surface: &surface) }
            }
            let clip = step.parentIndex >= 0 ? childClips[step.parentIndex] : noClip
            childClips.append(clip)
            var background = walk.layers[step.slot].backgroundColor
            if let shading {
                let level = shading.level(of: step.id, parentLevel: step.parentIndex >= 0 ? shadeLevels[step.parentIndex] : nil)
                shadeLevels.append(level)
                if level >= 0, background == nil { background = shading.shade(level: Int(level)) }
            }
            if clip == nothingVisible { continue }
            // The layer's properties are read in place (`walk.layers[step.slot]`), never copied
            // whole (a copy and its release were 0.6 M instructions of the 1 000-layer frame).
            let bounds = walk.layers[step.slot].bounds, masksToBounds = walk.layers[step.slot].masksToBounds
            let borderColor = walk.layers[step.slot].borderColor, borderWidth = walk.layers[step.slot].borderWidth
            PolygonOps.project(bounds, through: step.matrix, into: &poly)
            let clipped = clip >= 0 && !poly.isEmpty
            if clipped { PolygonOps.clip(&poly, to: clips[Int(clip)], scratch: &scratch) }
            if poly.isEmpty {
                if masksToBounds { childClips[step.index] = nothingVisible }
                continue
            }
            let (minX, minY, maxX, maxY) = PolygonOps.bounds(poly)
            let offCanvas = maxX < 0 || maxY < 0 || minX > W || minY > H
            if masksToBounds {
                if !offCanvas, let region = PolygonOps.region(from: poly) {
                    clips.append(region)
                    childClips[step.index] = Int32(clips.count - 1)
                } else {
                    childClips[step.index] = nothingVisible
                }
            }
            if offCanvas { continue }
            let alpha = step.opacity
            let fill = options.showFills ? background.map { PackedColor.pack($0) & PackedColor.rgbMask } : nil
            let hasBorder = borderColor != nil && borderWidth > 0
            let outline: UInt32
            if let border = borderColor, hasBorder {
                outline = PackedColor.pack(border) & PackedColor.rgbMask
            } else if let fill {
                outline = PackedColor.contrasting(fill | PackedColor.present) & PackedColor.rgbMask
            } else {
                outline = defaultOutline
            }
            if maxX - minX < 1 && maxY - minY < 1 {
                // Smaller than a pixel: one pixel at its centre, so it stays findable.
                if options.showOutlines || fill != nil {
                    surface.square((minX + maxX) / 2, (minY + maxY) / 2, half: 0.5, color: fill ?? outline, alpha: max(alpha, 0.5))
                }
                continue
            }
            // The band along the edges: a border at its true width, inside the bounds (Core
            // Animation's), at least a pixel, when it has one; else, with outlines on, a
            // one-pixel outline (uncoloured layers must show; a translucent layer's is fainter).
            let banded = hasBorder ? options.showOutlines || options.showFills : options.showOutlines
            // The border's inner edge, through the layer's transform (`inner`), when it is a
            // quad at least a pixel in from every corner: mitred quads, not strips.
            var mitred = false
            if banded && hasBorder && !clipped && poly.count == 4 && borderWidth * 2 < min(bounds.size.width, bounds.size.height) {
                let b = borderWidth, r = bounds
                let insetRect = Rect(x: r.origin.x + b, y: r.origin.y + b, width: r.size.width - 2 * b, height: r.size.height - 2 * b)
                PolygonOps.project(insetRect, through: step.matrix, into: &inner)
                mitred = inner.count == 4 && thinnestGap(poly, inner) >= 1
            }
            if banded, let fill, alpha >= 1, hasBorder ? mitred : PixelSurface.inset(poly, by: 1, into: &inner) {
                // An opaque fill: the whole shape in the band's colour, then the fill on what the
                // band leaves — two fills, not the fill and four strips over it, and each edge
                // pixel takes the band's colour at its covered area rather than the band blended
                // over the fill blended over what is below.
                surface.fill(poly, color: outline, alpha: 1)
                surface.fill(inner, color: fill, alpha: 1)
            } else {
                if let fill, alpha > 0 { surface.fill(poly, color: fill, alpha: alpha) }
                if banded && mitred {
                    for i in 0..<4 {
                        let j = (i + 1) % 4
                        surface.fill(poly[i], poly[j], inner[j], inner[i], color: outline, alpha: alpha)
                    }
                } else if banded {
                    surface.outlineInside(poly, width: 1, color: outline, alpha: hasBorder ? alpha : alpha < 0.999 ? 0.35 + 0.5 * alpha : 1)
                }
            }
            let layerStep = options.contentStep.flatMap { $0.layer == step.id ? $0 : nil }
            if !walk.layers[step.slot].drawing.isEmpty || layerStep != nil {
                let region = masksToBounds ? childClips[step.index] : clip
                if region != nothingVisible {
                    drawContent(
                        walk.layers[step.slot], count: layerStep?.count, matrix: step.matrix, clip: region >= 0 ? clips[Int(region)] : nil,
                        alpha: alpha, surface: &surface)
                }
            }
        }
    }

    /// The smallest distance between corresponding corners of two quads (pixels): a border
    /// thinner than a pixel on screen is drawn as a one-pixel line instead.
    private static func thinnestGap(_ a: [PolyVertex], _ b: [PolyVertex]) -> Double {
        var d = Double.infinity
        for i in 0..<min(a.count, b.count) {
            let dx = a[i].x - b[i].x, dy = a[i].y - b[i].y
            d = min(d, (dx * dx + dy * dy).squareRoot() / 2.squareRoot())
        }
        return d
    }

    /// A layer's drawing (content.md) in pixels: the operations through the user transform
    /// and the layer's matrix; shapes filled and stroked, lines at their width (at least a
    /// pixel). Text is left to the cell canvas.
    private static func drawContent(
        _ layer: Layer, count: Int?, matrix: Homography, clip: ClipRegion?, alpha: Double,
        surface: inout PixelSurface
    ) {
        let ops = layer.drawing
        let n = min(count ?? ops.count, ops.count)
        guard n > 0 else { return }
        var user = Affine2D.identity
        var stack: [Affine2D] = []
        var poly: [PolyVertex] = [], scratch: [PolyVertex] = []
        func polygon(_ points: [Point]) -> Bool {
            poly.removeAll(keepingCapacity: true)
            for p in points {
                guard let q = matrix.apply(to: user.apply(to: p)), q.x.isFinite, q.y.isFinite else { poly.removeAll(); return false }
                poly.append(PolyVertex(x: q.x, y: q.y, real: true))
            }
            if let clip { PolygonOps.clip(&poly, to: clip, scratch: &scratch) }
            return poly.count >= 3
        }
        /// A stroke `width` user units wide (one pixel at least) along a to b, as a polygon.
        func strokeLine(_ a: Point, _ b: Point, width: Double?, color: UInt32) {
            guard let p = matrix.apply(to: user.apply(to: a)), let q = matrix.apply(to: user.apply(to: b)) else { return }
            let scale = pixelScale(matrix, user, at: a)
            let w = max(1, (width ?? 1) * scale)
            let dx = q.x - p.x, dy = q.y - p.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-9 else { return }
            let nx = -dy / length * w / 2, ny = dx / length * w / 2
            poly = [
                PolyVertex(x: p.x + nx, y: p.y + ny, real: true), PolyVertex(x: q.x + nx, y: q.y + ny, real: true),
                PolyVertex(x: q.x - nx, y: q.y - ny, real: true), PolyVertex(x: p.x - nx, y: p.y - ny, real: true)
            ]
            if let clip { PolygonOps.clip(&poly, to: clip, scratch: &scratch) }
            if poly.count >= 3 { surface.fill(poly, color: color, alpha: alpha) }
        }
        func strokeOutline(_ points: [Point], width: Double?, color: UInt32) {
            for i in 0..<points.count { strokeLine(points[i], points[(i + 1) % points.count], width: width, color: color) }
        }
        for op in ops.prefix(n) {
            switch op {
            case .save: stack.append(user)
            case .restore: if let saved = stack.popLast() { user = saved }
            case .translate, .rotate, .scale, .concat:
                if let t = op.matrix { user = t.concatenating(user) }
            case let .fillRect(r, c):
                if polygon(r.corners) { surface.fill(poly, color: rgb(c.color), alpha: alpha) }
            case let .strokeRect(r, c, w):
                strokeOutline(r.corners, width: w, color: rgb(c.color))
            case let .fillEllipse(r, c):
                if polygon(ContentRaster.ellipse(r)) { surface.fill(poly, color: rgb(c.color), alpha: alpha) }
            case let .strokeEllipse(r, c, w):
                strokeOutline(ContentRaster.ellipse(r), width: w, color: rgb(c.color))
            case let .line(a, b, c, w):
                strokeLine(a, b, width: w, color: rgb(c.color))
            case .text:
                continue
            }
        }
    }

    /// Pixels per user unit near `p` (the mean of the two axes' stretch), for line widths.
    private static func pixelScale(_ matrix: Homography, _ user: Affine2D, at p: Point) -> Double {
        guard let o = matrix.apply(to: user.apply(to: p)),
            let x = matrix.apply(to: user.apply(to: Point(x: p.x + 1, y: p.y))),
            let y = matrix.apply(to: user.apply(to: Point(x: p.x, y: p.y + 1)))
        else { return 1 }
        let sx = ((x.x - o.x) * (x.x - o.x) + (x.y - o.y) * (x.y - o.y)).squareRoot()
        let sy = ((y.x - o.x) * (y.x - o.x) + (y.y - o.y) * (y.y - o.y)).squareRoot()
        let s = (sx + sy) / 2
        return s.isFinite ? s : 1
    }

    @inline(__always)
    static func rgb(_ c: Color) -> UInt32 { PackedColor.pack(c) & PackedColor.rgbMask }

    /// An animated layer's model outline (`Annotation.under`): thin, dotted, faint.
    private static func drawModelOutline(_ a: Annotation, color: Color, toPixels: Homography, marks: Marks, surface: inout PixelSurface) {
        guard case let .polygon(points) = a.shape else { return }
        let px = points.compactMap { toPixels.apply(to: $0) }
        guard px.count == points.count, px.count > 1 else { return }
        let poly = px.map { PolyVertex(x: $0.x, y: $0.y, real: true) }
        surface.outlineCentred(poly, width: 1, color: rgb(color), alpha: 0.8, on: marks.dot.0, off: marks.dot.1)
    }

    private static func drawSelection(
        _ id: LayerID, tree: LayerTree, toPixels: Homography, options: RasterOptions,
        marks: Marks, surface: inout PixelSurface
    ) {
        let layer = tree[id]
        let palette = options.palette
        let overlays = options.overlays
        let (parentSublayerSpace, parentToPixels, sublayerSpaceToPixels, layerToPixels) = SceneRasterizer.markMaps(id, in: tree, to: toPixels)
        var poly: [PolyVertex] = []
        let line = marks.line
        if overlays.contains(.ghost) {
            var ghost = layer
            ghost.transform = .identity
            let h = ghost.toSuperlayer.concatenating(parentSublayerSpace).planeHomography.concatenating(parentToPixels)
            PolygonOps.project(layer.bounds, through: h, into: &poly)
            surface.outlineCentred(poly, width: line, color: rgb(palette.ghost), on: marks.dot.0 * line, off: marks.dot.1)
        }
        if overlays.contains(.frame) {
            PolygonOps.project(layer.frame, through: sublayerSpaceToPixels, into: &poly)
            surface.outlineCentred(poly, width: line, color: rgb(palette.frame), on: marks.dash.0, off: marks.dash.1)
        }
        if overlays.contains(.outline) {
            PolygonOps.project(layer.bounds, through: layerToPixels, into: &poly)
            surface.outlineCentred(poly, width: line * 2, color: rgb(palette.selection))
        }
        let k = Double(marks.scale)
        if overlays.contains(.position) {
            let p = layer.position
            let inParent: Point?
            if parentSublayerSpace.isIdentity {
                inParent = p
            } else {
                inParent = parentSublayerSpace.project(p.x, p.y, layer.zPosition).map { Point(x: $0.x, y: $0.y) }
            }
            if let q = inParent.flatMap({ parentToPixels.apply(to: $0) }) {
                // The cell canvas's arms: 3 columns across, 1.5 rows up and down (× the mark scale).
                let armX = 3 * Double(marks.cellWidth) * k, armY = 1.5 * Double(marks.cellHeight) * k
                let color = rgb(palette.position)
                // A halo in a contrasting shade first, so the arms show on any fill
                // (cyan on a light or a cyan layer was lost).
                let halo = PackedColor.contrasting(color | PackedColor.present, amount: 0.7) & PackedColor.rgbMask
                surface.stroke(q.x - armX, q.y, q.x + armX, q.y, width: line + 2, color: halo, cap: 1)
                surface.stroke(q.x, q.y - armY, q.x, q.y + armY, width: line + 2, color: halo, cap: 1)
                surface.stroke(q.x - armX, q.y, q.x + armX, q.y, width: line, color: color)
                surface.stroke(q.x, q.y - armY, q.x, q.y + armY, width: line, color: color)
            }
        }
        if overlays.contains(.anchor), let a = layerToPixels.apply(to: layer.anchorInBounds) {
            let color = rgb(palette.anchor)
            let r = max(2.5, Double(marks.cellWidth) * 0.35) * (marks.bold ? 1.5 : 1) * (marks.scale > 1 ? 1.5 : 1)
            let halo = PackedColor.contrasting(color | PackedColor.present, amount: 0.7) & PackedColor.rgbMask
            surface.disc(a.x, a.y, radius: r + 1.5, color: halo)
            surface.disc(a.x, a.y, radius: r, color: color)
            if marks.scale > 1 {
                // A ring `scale − 0.5` columns out, so the point stays found on a big screen.
                let ring = PixelSurface.circle(a.x, a.y, radius: (k - 0.5) * Double(marks.cellWidth))
                surface.outlineCentred(ring, width: line, color: color)
            }
        }
    }

    private static func drawAnnotations(_ annotations: [Annotation], toPixels: Homography, marks: Marks, surface: inout PixelSurface) {
        let line = marks.line
        func segment(_ p: Point, _ q: Point, _ color: UInt32, _ pattern: Annotation.Pattern) {
            switch pattern {
            case .solid: surface.stroke(p.x, p.y, q.x, q.y, width: line, color: color, cap: line / 2)
            case .dashed: surface.dashed(p.x, p.y, q.x, q.y, width: line, color: color, on: marks.dash.0, off: marks.dash.1)
            case .dotted: surface.dashed(p.x, p.y, q.x, q.y, width: line, color: color, on: marks.dot.0 * line, off: marks.dot.1)
            }
        }
        for a in annotations where a.under == nil {
            let color = rgb(a.color)
            switch a.shape {
            case let .polygon(points):
                let px = points.compactMap { toPixels.apply(to: $0) }
                guard px.count == points.count, px.count > 1 else { continue }
                for i in 0..<px.count { segment(px[i], px[(i + 1) % px.count], color, a.pattern) }
            case let .segment(from, to, arrow):
                guard let p = toPixels.apply(to: from), let q = toPixels.apply(to: to) else { continue }
                segment(p, q, color, a.pattern)
                guard arrow else { continue }
                let dx = q.x - p.x, dy = q.y - p.y
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 2 else { continue }
                let ux = dx / length, uy = dy / length
                let size = min(1.5 * Double(marks.cellWidth), length / 2)
                for turn in [0.5, -0.5] {
                    let c = cos(Double.pi - turn), s = sin(Double.pi - turn)
                    let hx = (ux * c - uy * s) * size, hy = (ux * s + uy * c) * size
                    surface.stroke(q.x, q.y, q.x + hx, q.y + hy, width: line, color: color, cap: line / 2)
                }
            case let .marker(p, _, _):
                // A glyph on the cell canvas; here a small disc on its point.
                guard let c = toPixels.apply(to: p) else { continue }
                surface.disc(c.x, c.y, radius: max(2, Double(marks.cellWidth) * 0.3), color: color)
            }
        }
    }

    /// A measurement's red lines (MeasureRaster.swift), over everything as on the cell canvas:
    /// each with a cap across both ends, half a cell either side. The figures are text.
    private static func drawMeasurement(_ m: MeasureOverlay, toPixels: Homography, marks: Marks, surface: inout PixelSurface) {
        let color = rgb(MeasureOverlay.color), line = marks.line
        let half = Double(marks.cellWidth) / 2
        for l in m.lines {
            guard let p = toPixels.apply(to: l.from), let q = toPixels.apply(to: l.to) else { continue }
            surface.stroke(p.x, p.y, q.x, q.y, width: line, color: color, cap: line / 2)
            let dx = q.x - p.x, dy = q.y - p.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1 else { continue }
            let nx = -dy / length * half, ny = dx / length * half
            for e in [p, q] { surface.stroke(e.x - nx, e.y - ny, e.x + nx, e.y + ny, width: line, color: color, cap: 0) }
        }
    }

    /// The content axes (content.md): an x arrow (red), a y arrow (green), the origin ring.
    private static func drawAxes(_ tree: LayerTree, _ step: ContentStep, toPixels: Homography, marks: Marks, surface: inout PixelSurface) {
        let layer = tree[step.layer]
        let user = tree.contentTransform(of: step.layer, after: step.count)
        let matrix = tree.matrixToScreen(step.layer).concatenating(toPixels)
        let length = max(4, min(layer.bounds.size.width, layer.bounds.size.height) / 4)
        func px(_ p: Point) -> Point? { matrix.apply(to: user.apply(to: p)) }
        guard let o = px(.zero), let x = px(Point(x: length, y: 0)), let y = px(Point(x: 0, y: length)) else { return }
        surface.stroke(o.x, o.y, x.x, x.y, width: marks.line, color: rgb(CanvasMark.axesX))
        surface.stroke(o.x, o.y, y.x, y.y, width: marks.line, color: rgb(CanvasMark.axesY))
        let ring = PixelSurface.circle(o.x, o.y, radius: max(3, Double(marks.cellWidth) * 0.4))
        surface.outlineCentred(ring, width: marks.line, color: rgb(CanvasMark.axesOrigin))
    }
}
