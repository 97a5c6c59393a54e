import Cells
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

    public init(
        defaultOutline: Color, selection: Color, frame: Color, ghost: Color,
        anchor: Color, position: Color, backdrop: Color
    ) {
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
    /// Fills for the uncoloured layers of one subtree (`SubtreeShading`); nil shades nothing.
    public var shading: SubtreeShading? = nil
    /// The pixel mode's cells (docs/picture.md, "Pixels"): names only, every other cell
    /// blank, for text over (or on) the image `PixelRaster` draws from the same options.
    public var textOnly = false
    /// A measurement's red lines and figures (MeasureRaster.swift); nil draws none.
    public var measurement: MeasureOverlay? = nil
    /// Canvas cells kept from names for a mark drawn over the picture afterwards (the
    /// explorer's cursor crosshair): the one label layout places names away from them.
    public var keepClear: [CellPosition] = []

    public init(
        mode: RenderMode = .auto, unicode: Bool = true, selection: LayerID? = nil,
        overlays: SelectionOverlays = .all, showFills: Bool = true, showOutlines: Bool = true,
        palette: RasterPalette = .standard, annotations: [Annotation] = []
    ) {
        self.mode = mode; self.unicode = unicode; self.selection = selection; self.overlays = overlays
        self.showFills = showFills; self.showOutlines = showOutlines; self.palette = palette
        self.annotations = annotations
    }

    /// The mode actually drawn.
    public var resolvedMode: RenderMode { mode.resolved(unicode: unicode) }
}

/// Fills for the layers of one subtree that have none of their own: a shade per level below
/// `root`, so a selection in a big scene of uncoloured views stands out from the tangle of
/// outlines (the explorer's canvas, `ExplorerScreen.canvasShading`). The rasterizer reads
/// it while it walks the tree; the tree itself is not copied or changed.
public struct SubtreeShading: Equatable, Sendable {
    /// The subtree's top: level 0.
    public var root: LayerID
    /// The fill for each level below `root` (0 = root itself); deeper levels take the last.
    public var shades: [Color]

    public init(root: LayerID, shades: [Color] = SubtreeShading.standardShades) {
        self.root = root
        self.shades = shades.isEmpty ? SubtreeShading.standardShades : shades
    }

    /// A layer's level from its parent's (nil: no parent): 0 at `root`, one more than a
    /// shaded parent's, −1 outside the subtree. Both rasterizers walk the tree with it.
    @inline(__always)
    func level(of id: LayerID, parentLevel: Int32?) -> Int32 {
        if id == root { return 0 }
        if let parentLevel, parentLevel >= 0 { return parentLevel + 1 }
        return -1
    }

    /// Blue-grey, lighter a level down, for six levels: level k is
    /// `s = 70 + 25·k`, `(s / 2, s, s + 40)` — (35, 70, 110) at the root … (97, 195, 235).
    public static let standardShades: [Color] = (0...5).map { level in
        let s = UInt8(70 + 25 * level)
        return Color(red: s / 2, green: s, blue: s + 40)
    }

    /// The shade of a layer `level` levels below `root`.
    @inline(__always)
    public func shade(level: Int) -> Color { shades[min(max(0, level), shades.count - 1)] }

    /// The fill `id` is drawn with: its own backgroundColor, else its shade when it is in the
    /// subtree, else none.
    public func fill(of id: LayerID, in tree: LayerTree) -> Color? {
        guard tree.contains(id) else { return nil }
        if let own = tree[id].backgroundColor { return own }
        var level = 0
        var at: LayerID? = id
        while let a = at {
            if a == root { return shade(level: level) }
            level += 1
            at = tree[a].superlayer
        }
        return nil
    }
}
