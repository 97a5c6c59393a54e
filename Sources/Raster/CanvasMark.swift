import LayerModel

/// Every mark the canvas can show besides the layers' own outlines, fills, content and
/// names: one list, with the glyph and colour the legend (key `b`) shows for each and what it
/// means. The legend is derived from it (`shown(by:)`, `exploded`), and the colours that are
/// not the palette's are read from here by what draws them (content axes, shading, the
/// exploded view's plane fill and `≠` badge), so the legend cannot drift from the picture.
public enum CanvasMark: String, CaseIterable, Sendable {
    /// The selection's bounds outline, bold (`SelectionOverlays.outline`; the exploded view's
    /// selected quad too).
    case selection
    /// In cursor mode, the bounds outline of the layer a touch at the cursor hits (drawn
    /// like the selection's, with its frame box).
    case hit
    /// The selection's frame, dashed (`.frame`).
    case frame
    /// The selection's bounds with an identity transform, dotted (`.ghost`).
    case ghost
    /// The selection's position crosshair (`.position`).
    case position
    /// The selection's anchor point marker (`.anchor`).
    case anchor
    /// An animated layer's model outline under its moving presentation (`Annotation.under`).
    case model
    /// The axes marker at the current user-space origin while stepping through a drawing
    /// (`RasterOptions.contentStep`): an origin ring, an x arrow and a y arrow.
    case contentAxes
    /// The selection's subtree filled a shade per level in a big scene (`RasterOptions.shading`).
    case shadedSubtree
    /// The explorer's cursor (cursor mode): a crosshair of box-drawing lines.
    case cursor
    /// The exploded view: the selection's plane filled.
    case selectedPlane
    /// The exploded view: a layer drawn in front of a sibling that hit testing searches
    /// first (or the other way round) — depth.md.
    case disagreement
    /// A measurement: red lines between the pinned layer and the selection, with figures
    /// (key `M`, `MeasureOverlay`).
    case measurement

    /// The glyph the legend shows (the one drawn, or one like it).
    public func glyph(unicode: Bool) -> String {
        switch self {
        case .selection, .hit: return unicode ? "⣿" : "#"
        case .frame: return unicode ? "┄" : "-"
        case .ghost: return unicode ? "⠒" : ":"
        case .position: return unicode ? "✛" : "+"
        case .anchor: return unicode ? String(Glyphs.anchor) : "*"
        case .model: return unicode ? "⠤" : ":"
        case .contentAxes: return unicode ? "○" : "o"
        case .shadedSubtree, .selectedPlane: return unicode ? "█" : "#"
        case .cursor: return unicode ? "┼" : "+"
        case .disagreement: return "≠"
        case .measurement: return unicode ? "─" : "-"
        }
    }

    /// What the legend says it is.
    public var meaning: String {
        switch self {
        case .selection: return "selection"
        case .hit: return "hit at the cursor"
        case .frame: return "frame box"
        case .ghost: return "ghost"
        case .position: return "position"
        case .anchor: return "anchor"
        case .model: return "model (animating)"
        case .contentAxes: return "content axes"
        case .shadedSubtree: return "selected subtree"
        case .cursor: return "cursor"
        case .selectedPlane: return "selected plane"
        case .disagreement: return "drawn ≠ searched order"
        case .measurement: return "measurement (M)"
        }
    }

    /// The colour it is drawn in, for this palette.
    public func color(_ palette: RasterPalette) -> Color {
        switch self {
        case .selection, .hit: return palette.selection
        case .frame: return palette.frame
        case .ghost: return palette.ghost
        case .position: return palette.position
        case .anchor: return palette.anchor
        case .model: return palette.modelOutline
        case .contentAxes: return CanvasMark.axesOrigin
        case .shadedSubtree: return SubtreeShading.standardShades[0]
        case .cursor: return CanvasMark.cursorColor
        case .selectedPlane: return PackedColor.blend(palette.defaultOutline, over: palette.backdrop, alpha: 0.18)
        case .disagreement: return CanvasMark.disagreementColor
        case .measurement: return MeasureOverlay.color
        }
    }

    /// The content axes: the origin ring, the x arrow, the y arrow.
    public static let axesOrigin = Color(red: 255, green: 220, blue: 0)
    public static let axesX = Color(red: 255, green: 70, blue: 70)
    public static let axesY = Color(red: 60, green: 220, blue: 90)
    /// The explorer's cursor crosshair.
    public static let cursorColor = Color(red: 255, green: 40, blue: 200)
    /// The exploded view's `≠` badge.
    public static let disagreementColor = Color(red: 255, green: 80, blue: 80)

    /// The marks a flat canvas drawn with `options` can show, in the legend's order: the
    /// selection's overlays asked for, then model outlines, content axes and shading when
    /// the options draw them.
    public static func shown(by options: RasterOptions) -> [CanvasMark] {
        var marks: [CanvasMark] = []
        let overlays: [(SelectionOverlays, CanvasMark)] = [
            (.outline, .selection), (.frame, .frame), (.ghost, .ghost),
            (.position, .position), (.anchor, .anchor)
        ]
        if options.selection != nil {
            for (overlay, mark) in overlays where options.overlays.contains(overlay) { marks.append(mark) }
        }
        if options.annotations.contains(where: { $0.under != nil }) { marks.append(.model) }
        if options.contentStep?.axes == true { marks.append(.contentAxes) }
        if options.showFills, options.shading != nil { marks.append(.shadedSubtree) }
        if options.measurement != nil { marks.append(.measurement) }
        return marks
    }

    /// The marks of the exploded view (depth.md, "What the explorer shows").
    public static let exploded: [CanvasMark] = [.selection, .selectedPlane, .disagreement]
}
