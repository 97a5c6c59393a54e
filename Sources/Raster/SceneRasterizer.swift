import Geometry
import LayerKit

/// Turns a layer tree into terminal cells: a pure function of the tree, the viewport, the
/// canvas size and the options.
///
/// - Layers are drawn back to front in `tree.drawingOrder()` (R11: tree order re-sorted by
///   zPosition, hidden subtrees skipped).
/// - Each layer is its **true transformed quad**: the bounds corners through the layer's
///   plane homography to the screen (the product `tree.matrixToScreen` forms, built
///   incrementally by `DrawingWalk`, parent first: O(1) per layer). sublayerTransform,
///   perspective and geometryFlipped come with it. What lies behind the eye (w <= 0, R13)
///   is clipped away in homogeneous coordinates before the divide.
/// - Fill: backgroundColor at the layer's effective opacity (the product of its own and
///   its ancestors'), blended over what is below; opaque fills hide the outlines below.
/// - Outline: the border (borderColor with borderWidth > 0), else a colour contrasting with
///   the fill, else `palette.defaultOutline`, so uncoloured layers show; dim when the
///   effective opacity is below 1. Layers smaller than one line sample show as one sample.
/// - masksToBounds clips sublayers (fills and outlines) to the layer's transformed bounds,
///   intersected with any clipping above it.
/// - Selection overlays, unclipped, on top: the ghost (bounds with an identity transform at
///   the same position, dotted), the frame box (axis-aligned in the superlayer's space,
///   dashed), the bounds outline (bold), the position crosshair (position mapped through
///   the superlayer, with zPosition) and the anchor point marker (its image on the layer).
///   The crosshair and the anchor marker coincide unless anchorPointZ ≠ 0 under a 3D
///   transform.
/// - A viewport with a non-finite or non-positive scale or aspect draws with the defaults
///   (`Viewport.init` rules) rather than producing garbage.
public enum SceneRasterizer {
    /// Renders `tree` into a new `columns × rows` canvas. `viewport` maps screen points
    /// (the space top-level layers live in) to cells.
    public static func render(_ tree: LayerTree, viewport: Viewport, columns: Int, rows: Int,
                              options: RasterOptions = RasterOptions()) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows)
        render(tree, viewport: viewport, into: &canvas, options: options)
        return canvas
    }

    /// Renders over `canvas`: cells nothing draws on keep their content.
    public static func render(_ tree: LayerTree, viewport: Viewport, into canvas: inout Canvas,
                              options: RasterOptions = RasterOptions()) {
        let columns = canvas.columns, rows = canvas.rows
        guard columns > 0, rows > 0 else { return }
        let mode = options.resolvedMode
        var surface = RasterSurface(mode: mode, columns: columns, rows: rows,
                                    cellAspect: viewport.cellAspect,
                                    backdrop: PackedColor.pack(options.palette.backdrop))
        let viewport = Viewport(origin: viewport.origin, pointsPerColumn: viewport.pointsPerColumn,
                                cellAspect: viewport.cellAspect)
        let toCells = cellMap(viewport)
        drawLayers(tree, toCells: toCells, options: options, surface: &surface)
        if let selection = options.selection, tree.contains(selection), !options.overlays.isEmpty {
            drawSelection(selection, tree: tree, toCells: toCells, options: options, surface: &surface)
        }
        if !options.annotations.isEmpty {
            drawAnnotations(options.annotations, toCells: toCells, surface: &surface)
        }
        surface.compose(into: &canvas)
    }

    /// Screen points → continuous cell coordinates, as a homography.
    static func cellMap(_ v: Viewport) -> Homography {
        let kx = 1 / v.pointsPerColumn, ky = 1 / v.pointsPerRow
        return Homography(kx, 0, 0, 0, ky, 0, -v.origin.x * kx, -v.origin.y * ky, 1)
    }

    /// The clip region a layer hands its sublayers: an index into `clips`, or one of these.
    private static let noClip: Int32 = -1
    private static let nothingVisible: Int32 = -2

    private static func drawLayers(_ tree: LayerTree, toCells: Homography, options: RasterOptions,
                                   surface: inout RasterSurface) {
        var childClips: [Int32] = []
        childClips.reserveCapacity(tree.count)
        var clips: [ClipRegion] = []
        var poly: [PolyVertex] = []
        var scratch: [PolyVertex] = []
        poly.reserveCapacity(16)
        scratch.reserveCapacity(16)
        let canvasW = Double(surface.columns), canvasH = Double(surface.rows)
        let perColumn = Double(surface.lineGrid.perColumn), perRow = Double(surface.lineGrid.perRow)
        let defaultOutline = PackedColor.pack(options.palette.defaultOutline)

        for step in DrawingWalk(tree, then: toCells) {
            let clip = step.parentIndex >= 0 ? childClips[step.parentIndex] : noClip
            childClips.append(clip)
            // Everything under a mask that shows nothing shows nothing.
            if clip == nothingVisible { continue }
            let layer = step.layer

            PolygonOps.project(layer.bounds, through: step.matrix, into: &poly)
            if clip >= 0, !poly.isEmpty {
                PolygonOps.clip(&poly, to: clips[Int(clip)], scratch: &scratch)
            }
            if poly.isEmpty {
                if layer.masksToBounds { childClips[step.index] = nothingVisible }
                continue
            }
            let (minX, minY, maxX, maxY) = PolygonOps.bounds(poly)
            let offCanvas = maxX < 0 || maxY < 0 || minX > canvasW || minY > canvasH
            if layer.masksToBounds {
                if !offCanvas, let region = PolygonOps.region(from: poly) {
                    clips.append(region)
                    childClips[step.index] = Int32(clips.count - 1)
                } else {
                    childClips[step.index] = nothingVisible
                }
            }
            if offCanvas { continue }

            let alpha = step.opacity
            let fill = options.showFills ? layer.backgroundColor.map(PackedColor.pack) : nil
            var outline: Packed
            if let border = layer.borderColor, layer.borderWidth > 0 {
                outline = PackedColor.pack(border)
            } else if let fill {
                outline = PackedColor.contrasting(fill)
            } else {
                outline = defaultOutline
            }
            if alpha < 0.999 { outline |= PackedColor.dim }

            if (maxX - minX) * perColumn < 1 && (maxY - minY) * perRow < 1 {
                // Smaller than one line sample: one sample at its centre, so it stays findable.
                if options.showOutlines || fill != nil {
                    surface.dot(atCellX: (minX + maxX) / 2, y: (minY + maxY) / 2, color: outline)
                }
                continue
            }
            if let fill, alpha > 0 {
                surface.fillPolygon(poly, color: fill, alpha: alpha)
            }
            if options.showOutlines {
                surface.outlinePolygon(poly, color: outline, pattern: .solid)
            }
        }
    }

    private static func drawSelection(_ id: LayerID, tree: LayerTree, toCells: Homography,
                                      options: RasterOptions, surface: inout RasterSurface) {
        let layer = tree[id]
        let palette = options.palette
        let overlays = options.overlays
        let unicode = surface.mode != .ascii
        // The superlayer's sublayer space (where position and frame live) → cells.
        let parentSublayerSpace: Transform3D
        let parentToCells: Homography
        if let parent = layer.superlayer {
            parentSublayerSpace = tree[parent].sublayerSpaceToBounds
            parentToCells = tree.matrixToScreen(parent).concatenating(toCells)
        } else {
            parentSublayerSpace = .identity
            parentToCells = toCells
        }
        let sublayerSpaceToCells = parentSublayerSpace.planeHomography.concatenating(parentToCells)
        let layerToCells = tree.matrixToScreen(id).concatenating(toCells)
        var poly: [PolyVertex] = []

        if overlays.contains(.ghost) {
            var ghost = layer
            ghost.transform = .identity
            let h = ghost.toSuperlayer.concatenating(parentSublayerSpace).planeHomography.concatenating(parentToCells)
            PolygonOps.project(layer.bounds, through: h, into: &poly)
            stroke(poly, color: PackedColor.pack(palette.ghost), pattern: .dotted, asciiGlyph: ":", surface: &surface)
        }
        if overlays.contains(.frame) {
            PolygonOps.project(layer.frame, through: sublayerSpaceToCells, into: &poly)
            stroke(poly, color: PackedColor.pack(palette.frame), pattern: .dashed, asciiGlyph: nil, surface: &surface)
        }
        if overlays.contains(.outline) {
            PolygonOps.project(layer.bounds, through: layerToCells, into: &poly)
            stroke(poly, color: PackedColor.pack(palette.selection) | PackedColor.bold, pattern: .solid,
                   asciiGlyph: nil, surface: &surface)
        }
        if overlays.contains(.position) {
            let p = layer.position
            let inParent: Point?
            if parentSublayerSpace.isIdentity {
                inParent = p
            } else {
                inParent = parentSublayerSpace.project(p.x, p.y, layer.zPosition).map { Point(x: $0.x, y: $0.y) }
            }
            if let q = inParent.flatMap({ parentToCells.apply(to: $0) }) {
                crosshair(atCellX: q.x, y: q.y, color: PackedColor.pack(palette.position), unicode: unicode, surface: &surface)
            }
        }
        if overlays.contains(.anchor), let a = layerToCells.apply(to: layer.anchorInBounds) {
            surface.marker(atCellX: a.x, y: a.y, glyph: unicode ? Glyphs.anchor : "*",
                           color: PackedColor.pack(palette.anchor) | PackedColor.bold)
        }
    }

    /// Outlines a projected polygon; in ascii mode `asciiGlyph` (when given) replaces the
    /// slope glyphs, so the ghost reads differently from real outlines.
    private static func stroke(_ poly: [PolyVertex], color: Packed, pattern: LinePattern,
                               asciiGlyph: Character?, surface: inout RasterSurface) {
        guard !poly.isEmpty else { return }
        let (minX, minY, maxX, maxY) = PolygonOps.bounds(poly)
        let perColumn = Double(surface.lineGrid.perColumn), perRow = Double(surface.lineGrid.perRow)
        if (maxX - minX) * perColumn < 1 && (maxY - minY) * perRow < 1 {
            surface.dot(atCellX: (minX + maxX) / 2, y: (minY + maxY) / 2, color: color)
            return
        }
        if surface.mode == .ascii, let g = asciiGlyph?.asciiValue {
            let n = poly.count
            for i in 0..<n where poly[i].real {
                let a = poly[i], b = poly[(i + 1) % n]
                surface.drawLine(a.x, a.y, b.x, b.y, color: color, pattern: pattern, glyph: g)
            }
        } else {
            surface.outlinePolygon(poly, color: color, pattern: pattern)
        }
    }

    /// A `+`-shaped crosshair centred on a point in cell coordinates: braille-dot arms of
    /// 6 dots (3 columns, 1.5 rows) in braille mode; a centre glyph with one-cell arms otherwise.
    private static func crosshair(atCellX x: Double, y: Double, color: Packed, unicode: Bool,
                                  surface: inout RasterSurface) {
        switch surface.mode {
        case .braille, .auto:
            let px = (x * 2).rounded(.down) + 0.5, py = (y * 4).rounded(.down) + 0.5
            let armX = 6.0
            let armY = (6.0 * 2 / surface.cellAspect).rounded()
            surface.drawLine(px - armX, py, px + armX, py, color: color, pattern: .solid, glyph: 0)
            surface.drawLine(px, py - armY, px, py + armY, color: color, pattern: .solid, glyph: 0)
        case .blocks, .ascii:
            let cx = x.rounded(.down) + 0.5, cy = y.rounded(.down) + 0.5
            let h: Character = unicode ? Glyphs.dashHorizontal : "-"
            let v: Character = unicode ? Glyphs.dashVertical : "|"
            surface.marker(atCellX: cx - 1, y: cy, glyph: h, color: color)
            surface.marker(atCellX: cx + 1, y: cy, glyph: h, color: color)
            surface.marker(atCellX: cx, y: cy - 1, glyph: v, color: color)
            surface.marker(atCellX: cx, y: cy + 1, glyph: v, color: color)
            surface.marker(atCellX: cx, y: cy, glyph: unicode ? Glyphs.crosshair : "+", color: color)
        }
    }

    @inline(__always)
    static func unitClamped(_ x: Double) -> Double {
        guard x == x else { return 1 }
        return x < 0 ? 0 : (x > 1 ? 1 : x)
    }
}
