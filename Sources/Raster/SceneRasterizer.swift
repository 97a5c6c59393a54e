#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Cells
import Geometry
import LayerModel

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
    /// (the space top-level layers live in) to cells. `scratch`: what the caller's last frame
    /// left (buffers, the names' index, colour picks), reused; a fresh one draws the same.
    ///
    /// `keepingFrame` (the explorer, issue 36): the frame is kept in `scratch`, and the next
    /// one drawn with the same settings draws again only the cells its changes reach,
    /// copying the others from the kept frame (`KeptFrame`). The cells are the same as a
    /// whole frame's, always; a caller that draws the same tree again and again to time it
    /// leaves this off.
    public static func render(
        _ tree: LayerTree, viewport: Viewport, columns: Int, rows: Int,
        options: RasterOptions = RasterOptions(), scratch: RasterScratch = RasterScratch(), keepingFrame: Bool = false
    ) -> Canvas {
        guard columns > 0, rows > 0 else { return Canvas(columns: columns, rows: rows) }
        var parts = scratch.take()
        defer { scratch.keep(parts) }
        var (surface, toCells) = makeSurface(viewport: viewport, columns: columns, rows: rows, options: options, parts: &parts)
        let list = displayList(tree, toCells: toCells, options: options, parts: &parts, surface: &surface)
        let markScale = SceneRasterizer.markScale(columns: columns, rows: rows)
        let key =
            keepingFrame && KeptFrame.keepable(options)
            ? KeptFrame.Key(columns: columns, rows: rows, toCells: toCells, cellAspect: surface.cellAspect, options: options) : nil
        // Moved out of the scratch (not copied): its cells are then composed in place. The
        // names the last frame wrote over it are taken off first (the cells put back).
        var kept = parts.kept.take()
        let restored = kept?.underNames.count ?? 0
        if kept != nil { kept!.takeNamesOff() }
        var canvas: Canvas
        if let key, kept?.key == key,
            let damage = KeptFrame.damage(from: kept!.list, to: list, selectionBox: { $0.box(on: surface, markScale: markScale) }),
            damage.area * 10 <= KeptFrame.wholeFrameTenths * columns * rows
        {
            // Only the damaged cells are drawn and composed again; the others are the kept frame's.
            surface.window = damage
            let drawn = drawItems(list, within: damage, options: options, toCells: toCells, frame: &parts.frame, surface: &surface)
            drawOverlays(tree, list: list, toCells: toCells, options: options, markScale: markScale, surface: &surface)
            if !damage.isEmpty { surface.compose(into: &kept!.canvas, within: damage) }
            parts.work = FrameWork()
            parts.work.kept = true
            parts.work.damage = damage.isEmpty ? (0, 0, -1, -1) : (damage.c0, damage.r0, damage.c1, damage.r1)
            parts.work.composedCells = damage.area
            parts.work.drawnItems = drawn
            parts.work.restoredUnderNames = restored
            parts.frame.list = kept!.list
            kept!.list = list
            // The names go on the kept picture itself (issue 36: not on a copy of all of it),
            // what they cover saved, to be put back before the next frame reads the picture.
            var journal: CellJournal? = kept!.underNames
            kept!.underNames = CellJournal()
            finish(&surface, tree: tree, toCells: toCells, options: options, parts: &parts, canvas: &kept!.canvas, journal: &journal)
            kept!.underNames = journal ?? CellJournal()
            parts.work.savedUnderNames = kept!.underNames.count
            canvas = kept!.canvas
            parts.kept = kept.take()
            return canvas
        } else {
            let drawn = drawItems(list, within: nil, options: options, toCells: toCells, frame: &parts.frame, surface: &surface)
            drawOverlays(tree, list: list, toCells: toCells, options: options, markScale: markScale, surface: &surface)
            canvas = surface.composedCanvas()
            parts.work = FrameWork()
            parts.work.composedCells = columns * rows
            parts.work.drawnItems = drawn
            parts.work.restoredUnderNames = restored
            if let key {
                parts.frame.list = kept?.list ?? DisplayList()
                // The names go on the new picture before the kept frame shares it, what they
                // cover saved (as above: no copy of the picture).
                var journal: CellJournal? = kept?.underNames ?? CellJournal()
                finish(&surface, tree: tree, toCells: toCells, options: options, parts: &parts, canvas: &canvas, journal: &journal)
                parts.kept = KeptFrame(key: key, list: list, canvas: canvas, underNames: journal ?? CellJournal())
                parts.work.savedUnderNames = parts.kept!.underNames.count
                return canvas
            }
            parts.frame.list = list
        }
        var journal: CellJournal? = nil
        finish(&surface, tree: tree, toCells: toCells, options: options, parts: &parts, canvas: &canvas, journal: &journal)
        return canvas
    }

    /// Renders over `canvas`: cells nothing draws on keep their content.
    public static func render(
        _ tree: LayerTree, viewport: Viewport, into canvas: inout Canvas,
        options: RasterOptions = RasterOptions(), scratch: RasterScratch = RasterScratch()
    ) {
        let columns = canvas.columns, rows = canvas.rows
        guard columns > 0, rows > 0 else { return }
        var parts = scratch.take()
        defer { scratch.keep(parts) }
        var (surface, toCells) = makeSurface(viewport: viewport, columns: columns, rows: rows, options: options, parts: &parts)
        let list = displayList(tree, toCells: toCells, options: options, parts: &parts, surface: &surface)
        _ = drawItems(list, within: nil, options: options, toCells: toCells, frame: &parts.frame, surface: &surface)
        drawOverlays(
            tree, list: list, toCells: toCells, options: options, markScale: markScale(columns: columns, rows: rows), surface: &surface)
        parts.frame.list = list
        surface.compose(into: &canvas)
        var journal: CellJournal? = nil
        finish(&surface, tree: tree, toCells: toCells, options: options, parts: &parts, canvas: &canvas, journal: &journal)
    }

    /// The frame's display list (the layer pass and the selection's marks), built in the
    /// storage of the list `parts` kept, which it leaves empty.
    private static func displayList(
        _ tree: LayerTree, toCells: Homography, options: RasterOptions, parts: inout RasterScratch.Parts,
        surface: inout RasterSurface
    ) -> DisplayList {
        var list = parts.frame.list
        parts.frame.list = DisplayList()
        list.reset()
        walkLayers(tree, toCells: toCells, options: options, frame: &parts.frame, list: &list, surface: &surface)
        if let selection = options.selection, tree.contains(selection), !options.overlays.isEmpty {
            list.selection = selectionMarks(selection, tree: tree, toCells: toCells, overlays: options.overlays)
        }
        return list
    }

    /// The frame's surface on `parts`' buffers, and the map from screen points to cells. The
    /// surface takes `parts`' buffers and picks until `finish` hands them back.
    private static func makeSurface(
        viewport: Viewport, columns: Int, rows: Int, options: RasterOptions, parts: inout RasterScratch.Parts
    ) -> (RasterSurface, Homography) {
        let mode = options.resolvedMode
        let buffers = parts.buffers, picks = parts.picks
        parts.buffers = RasterSurface.Buffers()
        parts.picks = ContrastPicks()
        let surface = RasterSurface(
            mode: mode, columns: columns, rows: rows,
            cellAspect: viewport.cellAspect,
            backdrop: PackedColor.pack(options.palette.backdrop),
            buffers: buffers, picks: picks)
        let viewport = Viewport(
            origin: viewport.origin, pointsPerColumn: viewport.pointsPerColumn,
            cellAspect: viewport.cellAspect)
        return (surface, cellMap(viewport))
    }

    /// What a whole frame draws over the layers: the selection's marks, the annotations,
    /// the measurement, the content axes.
    private static func drawOverlays(
        _ tree: LayerTree, list: DisplayList, toCells: Homography, options: RasterOptions, markScale: Int,
        surface: inout RasterSurface
    ) {
        if let marks = list.selection { drawSelection(marks, options: options, markScale: markScale, surface: &surface) }
        if !options.annotations.isEmpty {
            drawAnnotations(options.annotations, toCells: toCells, surface: &surface)
        }
        if let m = options.measurement { drawMeasurement(m, toCells: toCells, surface: &surface) }
        if let step = options.contentStep, step.axes, tree.contains(step.layer) {
            // Over the selection's marks: the axes say where the next shape's (0, 0) lands.
            ContentRaster.drawAxes(tree, step, toCells: toCells, unicode: options.unicode, surface: &surface)
        }
    }

    /// After the composition: the names (or the measurement's figures), text-only pictures,
    /// and the buffers handed to the next frame.
    private static func finish(
        _ surface: inout RasterSurface, tree: LayerTree, toCells: Homography,
        options: RasterOptions, parts: inout RasterScratch.Parts, canvas: inout Canvas, journal: inout CellJournal?
    ) {
        let picture = options.textOnly ? canvas : nil
        if options.labels != .none {
            Labels.place(
                surface.labelBoxes, tree: tree, toCells: toCells, options: options, marks: surface.markCells,
                names: &parts.names, picks: &surface.picks, canvas: &canvas, journal: &journal)
        } else if options.measurement != nil {
            var grid = LabelGrid(columns: canvas.columns, rows: canvas.rows)
            Labels.placeFigures(
                options.measurement, toCells: toCells, backdrop: options.palette.backdrop, grid: &grid,
                picks: &surface.picks, canvas: &canvas, journal: &journal)
        }
        if let picture { keepOnlyText(&canvas, picture: picture, keeping: surface.textCells) }
        parts.buffers = surface.recycle()
        parts.picks = surface.picks
    }

    /// `RasterOptions.textOnly`: every cell the names did not change goes blank, so the
    /// pixel canvas shows through (kitty draws it below the text) or carries the names as
    /// plaques (sixel), except `keeping` (a drawing's text, cell indices). The names were
    /// placed and coloured against the cell picture.
    static func keepOnlyText(_ canvas: inout Canvas, picture: Canvas, keeping: [Int] = []) {
        var kept = [Bool](repeating: false, count: canvas.columns * canvas.rows)
        for i in keeping where i >= 0 && i < kept.count { kept[i] = true }
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns where !kept[row * canvas.columns + column] && canvas[column, row] == picture[column, row] {
                canvas[column, row] = .blank
            }
        }
    }

    /// Screen points → continuous cell coordinates, as a homography.
    static func cellMap(_ v: Viewport) -> Homography {
        let kx = 1 / v.pointsPerColumn, ky = 1 / v.pointsPerRow
        return Homography(kx, 0, 0, 0, ky, 0, -v.origin.x * kx, -v.origin.y * ky, 1)
    }

    /// The clip region a layer hands its sublayers: an index into `clips`, or one of these.
    private static let noClip: Int32 = -1
    private static let nothingVisible: Int32 = -2

    /// The layer pass: walks the tree in drawing order, works out what each layer draws
    /// (its clipped polygon, colours, stroke or dot) into `list`, and where it landed into
    /// the surface's label boxes. Nothing is drawn here (`drawItems` draws the list).
    private static func walkLayers(
        _ tree: LayerTree, toCells: Homography, options: RasterOptions,
        frame: inout FrameScratch, list: inout DisplayList, surface: inout RasterSurface
    ) {
        // Model ghosts of animated layers, each drawn just before its layer.
        var ghosts: [LayerID: [Int]] = [:]
        for (i, a) in options.annotations.enumerated() { if let id = a.under { ghosts[id, default: []].append(i) } }
        // Last frame's arrays (the caller's `RasterScratch`), emptied: nothing here is
        // allocated in proportion to the tree.
        var childClips = frame.childClips
        frame.childClips = []
        childClips.removeAll(keepingCapacity: true)
        childClips.reserveCapacity(tree.count)
        defer { frame.childClips = childClips }
        var clips = frame.clips
        frame.clips = []
        clips.removeAll(keepingCapacity: true)
        defer { frame.clips = clips }
        // The shaded subtree (`options.shading`): each visited layer's level below its root,
        // by drawing-order index, −1 outside it (a superlayer's level + 1).
        let shading = options.showFills ? options.shading : nil
        var shadeLevels = frame.shadeLevels
        frame.shadeLevels = []
        shadeLevels.removeAll(keepingCapacity: true)
        if shading != nil { shadeLevels.reserveCapacity(tree.count) }
        defer { frame.shadeLevels = shadeLevels }
        var poly: [PolyVertex] = frame.poly
        var scratch: [PolyVertex] = frame.polyScratch
        frame.poly = []
        frame.polyScratch = []
        defer { frame.poly = poly; frame.polyScratch = scratch }
        poly.reserveCapacity(16)
        scratch.reserveCapacity(16)
        let columns = surface.columns, rows = surface.rows
        let canvasW = Double(columns), canvasH = Double(rows)
        let perColumn = Double(surface.lineGrid.perColumn), perRow = Double(surface.lineGrid.perRow)
        let defaultOutline = PackedColor.pack(options.palette.defaultOutline)
        let ascii = surface.mode == .ascii, braille = surface.mode == .braille || surface.mode == .auto || surface.mode == .octant
        // Modes whose lines sit on the fill's own sub-cells (a cell shows two colours).
        let subcellLines = braille || surface.mode == .sextant
        let everything = CellBox.all(columns: columns, rows: rows)

        var walk = DrawingWalk(tree, then: toCells, reusing: frame.walk)
        frame.walk = DrawingWalk.Storage()
        defer { frame.walk = walk.takeStorage() }
        while let step = walk.visit() {
            if !ghosts.isEmpty, let mine = ghosts[step.id] {
                for g in mine { list.items.append(DisplayItem(kind: .ghost, id: step.id, first: Int32(g), box: everything)) }
            }
            let clip = step.parentIndex >= 0 ? childClips[step.parentIndex] : noClip
            childClips.append(clip)
            // The fill: the layer's backgroundColor, else its shade in the shaded subtree.
            var background = walk.layers[step.slot].backgroundColor
            if let shading {
                let level = shading.level(of: step.id, parentLevel: step.parentIndex >= 0 ? shadeLevels[step.parentIndex] : nil)
                shadeLevels.append(level)
                if level >= 0, background == nil { background = shading.shade(level: Int(level)) }
            }
            // Everything under a mask that shows nothing shows nothing.
            if clip == nothingVisible { continue }
            // The layer's properties are read in place (`walk.layers[step.slot]`), never copied whole.
            let masksToBounds = walk.layers[step.slot].masksToBounds

            PolygonOps.project(walk.layers[step.slot].bounds, through: step.matrix, into: &poly)
            if clip >= 0, !poly.isEmpty {
                PolygonOps.clip(&poly, to: clips[Int(clip)], scratch: &scratch)
            }
            if poly.isEmpty {
                if masksToBounds { childClips[step.index] = nothingVisible }
                continue
            }
            let (minX, minY, maxX, maxY) = PolygonOps.bounds(poly)
            let offCanvas = maxX < 0 || maxY < 0 || minX > canvasW || minY > canvasH
            if masksToBounds {
                if !offCanvas, let region = PolygonOps.region(from: poly) {
                    clips.append(region)
                    childClips[step.index] = Int32(clips.count - 1)
                } else {
                    childClips[step.index] = nothingVisible
                }
            }
            if offCanvas { continue }
            // The polygon's share of its bounding box (1 upright), once: labels, the rim, dots.
            let hasFill = options.showFills && background != nil
            var ratio = 0.0
            if options.labels != .none || hasFill {
                // Huge polygons (1e288 cells) are measured divided by a power of two: no overflow.
                let f = PolygonOps.overflowScale(poly)
                let boxArea = (maxX / f - minX / f) * (maxY / f - minY / f)
                ratio = boxArea > 0 ? abs(PolygonOps.doubleArea(PolygonOps.scaled(poly, by: f))) / 2 / boxArea : 0
            }
            if options.labels != .none {
                surface.labelBoxes.append(
                    LabelBox(
                        id: step.id, name: walk.layers[step.slot].name, minX: minX, minY: minY, maxX: maxX, maxY: maxY,
                        fillRatio: ratio,
                        fill: options.showFills && step.opacity >= 0.999 ? background : nil,
                        tips: LabelBox.tips(of: poly),
                        anchor: step.matrix.apply(to: walk.layers[step.slot].anchorInBounds)))
            }

            let alpha = step.opacity
            let fill = options.showFills ? background.map(PackedColor.pack) : nil
            let borderColor = walk.layers[step.slot].borderColor, hasBorder = borderColor != nil && walk.layers[step.slot].borderWidth > 0
            var outline: Packed
            if let border = borderColor, hasBorder {
                outline = PackedColor.pack(border)
            } else if let fill {
                outline = PackedColor.contrasting(fill)
            } else {
                outline = defaultOutline
            }
            if alpha < 0.999 { outline |= PackedColor.dim }
            // A turned filled layer's outline shows its true edge, solid, in the cells it
            // shares with the outside (`PackedColor.edge`); an upright one is exact already.
            if fill != nil && alpha >= 0.999 && !(ratio > 0.95) { outline |= PackedColor.edge }
            // What it draws lies in its polygon's box: two cells more each way cover a line's
            // samples moved half a sample inside, and every rounding to a sample.
            let box = CellBox.around(minX, minY, maxX, maxY, pad: 2, columns: columns, rows: rows)

            if (maxX - minX) * perColumn < 1 && (maxY - minY) * perRow < 1 {
                // Smaller than one line sample: one sample at its centre, so it stays findable.
                if options.showOutlines || fill != nil {
                    list.items.append(
                        DisplayItem(kind: .dot, id: step.id, outline: outline, x0: (minX + maxX) / 2, y0: (minY + maxY) / 2, box: box))
                }
                continue
            }
            // ASCII draws whole cells, where an outline is the picture: no thin or narrow rules.
            let thickness = ascii ? .infinity : self.thickness(poly, perColumn: perColumn, perRow: perRow)
            if thickness < thinThreshold, let axis = thinAxis(poly, perColumn: perColumn, perRow: perRow) {
                // Narrower than a sample: one continuous stroke of the layer's own colour.
                if fill != nil || options.showOutlines {
                    list.items.append(
                        DisplayItem(
                            kind: .stroke, id: step.id, fill: fill ?? 0, outline: outline, alpha: fill != nil ? alpha : 1,
                            x0: axis.0, y0: axis.1, x1: axis.2, y1: axis.3, box: box))
                }
                continue
            }
            // A narrow layer's own outline would cover its fill (two lines a sample or two
            // apart in a tint): it shows as its fill alone unless it has a border of its own.
            let narrow = subcellLines && thickness < narrowThreshold && fill != nil && !hasBorder
            var item = DisplayItem(
                kind: .polygon, id: step.id, first: Int32(list.vertices.count), count: Int32(poly.count),
                fill: alpha > 0 ? fill ?? 0 : 0, outline: outline, alpha: alpha,
                // Dots only for a turned (or foreshortened) narrow layer, whose edges would
                // otherwise be a staircase of blocks and dots; an upright one stays solid.
                asDots: narrow && !(ratio > 0.95), outlined: options.showOutlines && !narrow, box: box)
            list.vertices.append(contentsOf: poly)
            // Content (ContentRaster.swift): after the background, before the sublayers.
            let layerStep = options.contentStep.flatMap { $0.layer == step.id ? $0 : nil }
            if !walk.layers[step.slot].drawing.isEmpty || layerStep != nil {
                let region = masksToBounds ? childClips[step.index] : clip
                if region != nothingVisible {
                    item.content = Int32(list.contents.count)
                    // Text may land anywhere on the canvas: its box is all of it.
                    item.box = everything
                    list.contents.append(
                        ContentItem(
                            layer: walk.layers[step.slot], count: layerStep?.count, matrix: step.matrix,
                            clip: region >= 0 ? clips[Int(region)] : nil, alpha: alpha, unicode: options.unicode))
                }
            }
            if item.fill != 0 || item.outlined || item.content >= 0 { list.items.append(item) }
        }
    }

    /// Draws `list`'s items in order: all of them, or (`within`, a kept frame's damage) only
    /// those whose box reaches it — every item that writes a cell of the damage is drawn,
    /// in the same order, so those cells come out as a whole frame's. Answers how many were drawn.
    private static func drawItems(
        _ list: DisplayList, within damage: CellBox?, options: RasterOptions, toCells: Homography,
        frame: inout FrameScratch, surface: inout RasterSurface
    ) -> Int {
        var poly = frame.poly
        frame.poly = []
        defer { frame.poly = poly }
        var drawn = 0
        for item in list.items {
            if let damage, !item.box.intersects(damage) { continue }
            drawn += 1
            switch item.kind {
            case .ghost:
                drawGhost(options.annotations[Int(item.first)], color: options.palette.modelOutline, toCells: toCells, surface: &surface)
            case .dot:
                surface.dot(atCellX: item.x0, y: item.y0, color: item.outline)
            case .stroke:
                surface.strokeFill(
                    item.x0, item.y0, item.x1, item.y1, color: item.fill != 0 ? item.fill : item.outline, alpha: item.alpha)
            case .polygon:
                poly.removeAll(keepingCapacity: true)
                poly.append(contentsOf: list.vertices[Int(item.first)..<Int(item.first + item.count)])
                if item.fill != 0 {
                    surface.fillPolygon(poly, color: item.fill, alpha: item.alpha, asDots: item.asDots)
                }
                if item.outlined {
                    surface.outlinePolygon(poly, color: item.outline, pattern: .solid)
                }
                if item.content >= 0 {
                    let c = list.contents[Int(item.content)]
                    ContentRaster.draw(
                        c.layer, count: c.count, matrix: c.matrix, clip: c.clip, alpha: c.alpha, unicode: c.unicode, surface: &surface)
                }
            }
        }
        return drawn
    }

    /// The arrays of a frame's layer pass, kept for the next frame (`RasterScratch`).
    struct FrameScratch {
        var walk = DrawingWalk.Storage()
        var childClips: [Int32] = []
        var clips: [ClipRegion] = []
        var shadeLevels: [Int32] = []
        var poly: [PolyVertex] = []
        var polyScratch: [PolyVertex] = []
        /// The display list being built (the kept frame holds the last one).
        var list = DisplayList()
    }

    /// Below this thickness, in samples, a layer is drawn as a stroke along its long axis:
    /// centre sampling of a strip narrower than this misses samples along its length, so
    /// the shape would fall apart into blocks and dots; a strip at least this thick covers
    /// 1–2 samples on every step (`fillPolygon`).
    static let thinThreshold = 1.5

    /// Below this thickness, in braille samples (5 columns), a filled layer without a border of
    /// its own gets no automatic outline: a cell shows two colours, so outline dots, fill and
    /// what is outside cannot all show in the cells where both long edges run, and the
    /// layer's colour would smear up to a cell off its true edges (or vanish between two
    /// tinted lines). Blocks mode draws lines as pixels and has no such limit.
    static let narrowThreshold = 10.0

    /// A polygon's thickness in samples: area ÷ longest side (exact for a parallelogram).
    static func thickness(_ poly: [PolyVertex], perColumn sx: Double, perRow sy: Double) -> Double {
        let n = poly.count
        guard n >= 3 else { return 0 }
        // Squared lengths of a huge polygon overflow (and it read as 0 thick, a stroke along an
        // axis off the canvas): measure it divided by a power of two, then scale back.
        let f = PolygonOps.overflowScale(poly)
        if f != 1 { return thickness(PolygonOps.scaled(poly, by: f), perColumn: sx, perRow: sy) * f }
        var longest = 0.0
        var prev = poly[n - 1]
        for v in poly {
            let dx = (v.x - prev.x) * sx, dy = (v.y - prev.y) * sy
            longest = max(longest, (dx * dx + dy * dy).squareRoot())
            prev = v
        }
        guard longest.isFinite, longest > 0 else { return 0 }
        return abs(PolygonOps.doubleArea(poly)) * sx * sy / 2 / longest
    }

    /// The centre line of a layer thinner than `thinThreshold` samples, in cell
    /// coordinates, each end pulled in by half a sample (at most half the length) so the
    /// stroke covers the samples the layer covers lengthwise; nil for fewer than 3 vertices.
    static func thinAxis(_ poly: [PolyVertex], perColumn sx: Double, perRow sy: Double)
        -> (Double, Double, Double, Double)?
    {
        let n = poly.count
        guard n >= 3 else { return nil }
        // Ends: midpoints of the two short sides of a quad; else the farthest pair of vertices.
        var a: (Double, Double), b: (Double, Double)
        if n == 4 {
            func len(_ i: Int) -> Double {
                let p = poly[i], q = poly[(i + 1) % 4]
                let dx = (q.x - p.x) * sx, dy = (q.y - p.y) * sy
                return (dx * dx + dy * dy).squareRoot()
            }
            func mid(_ i: Int, _ j: Int) -> (Double, Double) { ((poly[i].x + poly[j].x) / 2, (poly[i].y + poly[j].y) / 2) }
            if len(0) + len(2) >= len(1) + len(3) { a = mid(1, 2); b = mid(3, 0) } else { a = mid(0, 1); b = mid(2, 3) }
        } else {
            var best = -1.0
            a = (poly[0].x, poly[0].y); b = a
            for i in 0..<n {
                for j in (i + 1)..<n {
                    let dx = (poly[j].x - poly[i].x) * sx, dy = (poly[j].y - poly[i].y) * sy
                    let d = dx * dx + dy * dy
                    if d > best { best = d; a = (poly[i].x, poly[i].y); b = (poly[j].x, poly[j].y) }
                }
            }
        }
        // Pull each end in by half a sample, measured in samples.
        let dx = (b.0 - a.0) * sx, dy = (b.1 - a.1) * sy
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return (a.0, a.1, b.0, b.1) }
        let pull = min(0.5, length / 2) / length
        let px = (b.0 - a.0) * pull, py = (b.1 - a.1) * pull
        return (a.0 + px, a.1 + py, b.0 - px, b.1 - py)
    }

    /// The maps a selected layer's marks are drawn with, into `target` (cells, or the pixel
    /// canvas's pixels): its superlayer's sublayer space (where position and frame live),
    /// the superlayer's map, that sublayer space's map, and the layer's own map.
    static func markMaps(_ id: LayerID, in tree: LayerTree, to target: Homography)
        -> (parentSublayerSpace: Transform3D, parentTo: Homography, sublayerSpaceTo: Homography, layerTo: Homography)
    {
        let parentSublayerSpace: Transform3D
        let parentTo: Homography
        if let parent = tree[id].superlayer {
            parentSublayerSpace = tree[parent].sublayerSpaceToBounds
            parentTo = tree.matrixToScreen(parent).concatenating(target)
        } else {
            parentSublayerSpace = .identity
            parentTo = target
        }
        return (
            parentSublayerSpace, parentTo, parentSublayerSpace.planeHomography.concatenating(parentTo),
            tree.matrixToScreen(id).concatenating(target)
        )
    }

    /// The selection's marks in cell coordinates (`drawSelection` draws them): the ghost
    /// (its bounds with an identity transform at the same position), the frame box, the
    /// bounds outline, the position crosshair and the anchor point, as `overlays` asks.
    static func selectionMarks(_ id: LayerID, tree: LayerTree, toCells: Homography, overlays: SelectionOverlays) -> SelectionMarks {
        let layer = tree[id]
        // The superlayer's sublayer space (where position and frame live) → cells.
        let (parentSublayerSpace, parentToCells, sublayerSpaceToCells, layerToCells) = markMaps(id, in: tree, to: toCells)
        var marks = SelectionMarks()
        if overlays.contains(.ghost) {
            var ghost = layer
            ghost.transform = .identity
            let h = ghost.toSuperlayer.concatenating(parentSublayerSpace).planeHomography.concatenating(parentToCells)
            var poly: [PolyVertex] = []
            PolygonOps.project(layer.bounds, through: h, into: &poly)
            marks.ghost = poly
        }
        if overlays.contains(.frame) {
            var poly: [PolyVertex] = []
            PolygonOps.project(layer.frame, through: sublayerSpaceToCells, into: &poly)
            marks.frame = poly
        }
        if overlays.contains(.outline) {
            var poly: [PolyVertex] = []
            PolygonOps.project(layer.bounds, through: layerToCells, into: &poly)
            marks.outline = poly
        }
        if overlays.contains(.position) {
            let p = layer.position
            let inParent: Point?
            if parentSublayerSpace.isIdentity {
                inParent = p
            } else {
                inParent = parentSublayerSpace.project(p.x, p.y, layer.zPosition).map { Point(x: $0.x, y: $0.y) }
            }
            marks.position = inParent.flatMap { parentToCells.apply(to: $0) }
        }
        if overlays.contains(.anchor) { marks.anchor = layerToCells.apply(to: layer.anchorInBounds) }
        return marks
    }

    private static func drawSelection(_ marks: SelectionMarks, options: RasterOptions, markScale: Int, surface: inout RasterSurface) {
        let palette = options.palette
        let unicode = surface.mode != .ascii
        if let poly = marks.ghost {
            stroke(
                poly, color: PackedColor.pack(palette.ghost) | PackedColor.adaptive, pattern: .dotted, asciiGlyph: ":", bold: options.boldMarks,
                surface: &surface)
        }
        if let poly = marks.frame {
            stroke(
                poly, color: PackedColor.pack(palette.frame) | PackedColor.adaptive, pattern: .dashed, asciiGlyph: nil, bold: options.boldMarks,
                surface: &surface)
        }
        if let poly = marks.outline {
            stroke(
                poly, color: PackedColor.pack(palette.selection) | PackedColor.bold | PackedColor.adaptive, pattern: .solid,
                asciiGlyph: nil, bold: options.boldMarks, surface: &surface)
        }
        if let q = marks.position {
            let arm = crosshair(
                atCellX: q.x, y: q.y, color: PackedColor.pack(palette.position) | PackedColor.adaptive, unicode: unicode,
                scale: markScale, surface: &surface)
            surface.markArea(q.x - arm.x, q.y - arm.y, q.x + arm.x, q.y + arm.y)
        }
        if let a = marks.anchor {
            let color = PackedColor.pack(palette.anchor) | PackedColor.bold | PackedColor.adaptive
            if markScale > 1 && unicode {
                // A ring around the marker, `markScale − 0.5` columns out (a circle on screen:
                // rows are `cellAspect` columns tall), in sub-cells, so the point stays found on
                // a big screen.
                let rx = Double(markScale) - 0.5, ry = rx / surface.cellAspect
                let cx = RasterSurface.floorClamped(a.x), cy = RasterSurface.floorClamped(a.y)
                let ox = Double(cx) + 0.5, oy = Double(cy) + 0.5
                let perColumn = Double(surface.lineGrid.perColumn), perRow = Double(surface.lineGrid.perRow)
                let n = 16
                for i in 0..<n {
                    let t0 = Double(i) / Double(n) * 2 * Double.pi, t1 = Double(i + 1) / Double(n) * 2 * Double.pi
                    surface.drawLine(
                        (ox + rx * cos(t0)) * perColumn, (oy + ry * sin(t0)) * perRow,
                        (ox + rx * cos(t1)) * perColumn, (oy + ry * sin(t1)) * perRow,
                        color: color, pattern: .solid, glyph: 0)
                }
                surface.markArea(ox - rx, oy - ry, ox + rx, oy + ry)
            }
            surface.markArea(a.x, a.y, a.x, a.y)
            surface.marker(atCellX: a.x, y: a.y, glyph: unicode ? Glyphs.anchor : "*", color: color)
        }
    }

    /// How much bigger the selection's marks are drawn: 1 up to 159 × 47 cells, 2 from
    /// 160 × 48 (200 × 60), 3 from 240 × 72: a one-cell mark is lost on a big screen.
    public static func markScale(columns: Int, rows: Int) -> Int {
        max(1, min(3, min(columns / 80, rows / 24)))
    }

    /// Outlines a projected polygon; in ascii mode `asciiGlyph` (when given) replaces the
    /// slope glyphs, so the ghost reads differently from real outlines.
    private static func stroke(
        _ poly: [PolyVertex], color: Packed, pattern: LinePattern,
        asciiGlyph: Character?, bold: Bool = false, surface: inout RasterSurface
    ) {
        guard !poly.isEmpty else { return }
        if bold && surface.mode != .ascii {
            // Presentation: the same mark again one sample right and one sample down.
            let dx = 1 / Double(surface.lineGrid.perColumn), dy = 1 / Double(surface.lineGrid.perRow)
            for (ox, oy) in [(dx, 0.0), (0.0, dy)] {
                let moved = poly.map { PolyVertex(x: $0.x + ox, y: $0.y + oy, real: $0.real) }
                stroke(moved, color: color, pattern: pattern, asciiGlyph: asciiGlyph, surface: &surface)
            }
        }
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

    /// How far `crosshair`'s arms reach from its point, in cells (what it answers), for a
    /// kept frame's damage (`SelectionMarks.box`).
    static func crosshairReach(mode: RenderMode, scale: Int, cellAspect: Double) -> (x: Double, y: Double) {
        let k = Double(max(1, scale))
        switch mode {
        case .braille, .auto, .octant: return (6 * k / 2, (6 * k * 2 / cellAspect).rounded() / 4)
        case .sextant: return (4 * k / 2, (4 * k / 2 / cellAspect * 3).rounded() / 3)
        case .blocks, .ascii: return (k, Double(max(1, max(1, scale) / 2)))
        }
    }

    /// A `+`-shaped crosshair centred on a point in cell coordinates: braille-dot arms of
    /// 6 dots (3 columns, 1.5 rows) in braille mode; a centre glyph with one-cell arms
    /// otherwise; arms `scale` times as long on a big canvas. Returns the arms' reach in cells.
    @discardableResult
    private static func crosshair(
        atCellX x: Double, y: Double, color: Packed, unicode: Bool, scale: Int = 1,
        surface: inout RasterSurface
    ) -> (x: Double, y: Double) {
        let k = Double(max(1, scale))
        switch surface.mode {
        case .braille, .auto, .octant:
            let px = (x * 2).rounded(.down) + 0.5, py = (y * 4).rounded(.down) + 0.5
            let armX = 6.0 * k
            let armY = (6.0 * k * 2 / surface.cellAspect).rounded()
            surface.drawLine(px - armX, py, px + armX, py, color: color, pattern: .solid, glyph: 0)
            surface.drawLine(px, py - armY, px, py + armY, color: color, pattern: .solid, glyph: 0)
            return (armX / 2, armY / 4)
        case .sextant:
            // Arms of 2 columns and 1 row each way (4 and 3 sub-cells), centred on the sub-cell.
            let px = (x * 2).rounded(.down) + 0.5, py = (y * 3).rounded(.down) + 0.5
            let armX = 4.0 * k
            let armY = (armX / 2 / surface.cellAspect * 3).rounded()
            surface.drawLine(px - armX, py, px + armX, py, color: color, pattern: .solid, glyph: 0)
            surface.drawLine(px, py - armY, px, py + armY, color: color, pattern: .solid, glyph: 0)
            return (armX / 2, armY / 3)
        case .blocks, .ascii:
            let cx = x.rounded(.down) + 0.5, cy = y.rounded(.down) + 0.5
            let h: Character = unicode ? Glyphs.dashHorizontal : "-"
            let v: Character = unicode ? Glyphs.dashVertical : "|"
            let n = max(1, scale)
            for d in 1...n {
                surface.marker(atCellX: cx - Double(d), y: cy, glyph: h, color: color)
                surface.marker(atCellX: cx + Double(d), y: cy, glyph: h, color: color)
            }
            for d in 1...max(1, n / 2) {
                surface.marker(atCellX: cx, y: cy - Double(d), glyph: v, color: color)
                surface.marker(atCellX: cx, y: cy + Double(d), glyph: v, color: color)
            }
            surface.marker(atCellX: cx, y: cy, glyph: unicode ? Glyphs.crosshair : "+", color: color)
            return (Double(n), Double(max(1, n / 2)))
        }
    }

    @inline(__always)
    static func unitClamped(_ x: Double) -> Double {
        guard x == x else { return 1 }
        return x < 0 ? 0 : (x > 1 ? 1 : x)
    }
}
