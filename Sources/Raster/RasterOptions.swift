import LayerModel

/// The colours the rasterizer uses for things that are not a layer's own colours.
public struct RasterPalette: Equatable, Sendable {
    /// The outline of a layer with no border (no borderColor or borderWidth 0) and no fill.
    public var defaultOutline: Color
    /// The selected layer's bounds outline (drawn bold, on top of everything).
    public var selection: Color
    /// The selected layer's frame box (dashed).
    public var frame: Color
    /// The selected layer's ghost: its bounds with an identity transform (dotted).
    public var ghost: Color
    /// The anchor point marker.
    public var anchor: Color
    /// The position crosshair.
    public var position: Color
    /// What translucent fills blend over where nothing was drawn (a dark terminal background).
    public var backdrop: Color
    /// An animated layer's model ghost: a dim dotted outline drawn under the moving
    /// presentation (`Annotation.under`).
    public var modelOutline = Color(red: 120, green: 220, blue: 120)

    public init(defaultOutline: Color, selection: Color, frame: Color, ghost: Color,
                anchor: Color, position: Color, backdrop: Color) {
        self.defaultOutline = defaultOutline; self.selection = selection; self.frame = frame
        self.ghost = ghost; self.anchor = anchor; self.position = position; self.backdrop = backdrop
    }

    public static let standard = RasterPalette(
        defaultOutline: Color(red: 150, green: 150, blue: 150),
        selection: Color(red: 255, green: 80, blue: 255),
        frame: Color(red: 255, green: 190, blue: 0),
        ghost: Color(red: 130, green: 130, blue: 130),
        anchor: Color(red: 255, green: 70, blue: 70),
        position: Color(red: 0, green: 200, blue: 255),
        backdrop: Color(red: 0, green: 0, blue: 0))
}

/// Which annotations the rasterizer draws for the selected layer.
public struct SelectionOverlays: OptionSet, Equatable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The bounds outline again, bold, in `palette.selection`, above everything.
    public static let outline = SelectionOverlays(rawValue: 1)
    /// The axis-aligned frame, in the superlayer's space, dashed.
    public static let frame = SelectionOverlays(rawValue: 2)
    /// The anchor point's image on the layer.
    public static let anchor = SelectionOverlays(rawValue: 4)
    /// `position` (UIView's `center`) in the superlayer's space: a `+`-shaped crosshair.
    public static let position = SelectionOverlays(rawValue: 8)
    /// The bounds with an identity transform at the same position, dotted.
    public static let ghost = SelectionOverlays(rawValue: 16)

    public static let all: SelectionOverlays = [.outline, .frame, .anchor, .position, .ghost]
}

/// What to draw and how.
public struct RasterOptions: Equatable, Sendable {
    /// Resolved against `unicode` (`RenderMode.resolved(unicode:)`).
    public var mode: RenderMode
    /// Whether the target shows UTF-8 (braille, blocks, `◉`); false forces ASCII.
    public var unicode: Bool
    /// The layer whose overlays are drawn; nil or an id not in the tree draws none.
    public var selection: LayerID?
    public var overlays: SelectionOverlays
    /// Fill layers with their backgroundColor.
    public var showFills: Bool
    /// Outline every layer (its border, or `palette.defaultOutline`).
    public var showOutlines: Bool
    public var palette: RasterPalette
    /// Explanatory drawing on top of everything (screen points).
    public var annotations: [Annotation]
    /// Layer names on the canvas (`Labels`).
    public var labels: LabelMode = .none
    /// Presentation: selection marks drawn twice as heavy, for a projector.
    public var boldMarks = false
    /// The drawing being stepped through (content.md): its layer draws only the first
    /// `count` operations, with an axes marker at the user-space origin.
    public var contentStep: ContentStep? = nil

    public init(mode: RenderMode = .auto, unicode: Bool = true, selection: LayerID? = nil,
                overlays: SelectionOverlays = .all, showFills: Bool = true, showOutlines: Bool = true,
                palette: RasterPalette = .standard, annotations: [Annotation] = []) {
        self.mode = mode; self.unicode = unicode; self.selection = selection; self.overlays = overlays
        self.showFills = showFills; self.showOutlines = showOutlines; self.palette = palette
        self.annotations = annotations
    }

    /// The mode actually drawn.
    public var resolvedMode: RenderMode { mode.resolved(unicode: unicode) }
}
