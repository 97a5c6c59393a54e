import Geometry

/// A stable identity for a layer inside one `LayerTree`.
public struct LayerID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int
    public init(raw: Int) { self.raw = raw }
    public static func < (a: LayerID, b: LayerID) -> Bool { a.raw < b.raw }
    public var description: String { "#\(raw)" }
}

/// CALayer or UIView: the geometry is the same (UIView is a veneer over its layer); the
/// kind decides hit-testing rules (geometry.md R9 vs R10) and panel names (position vs center).
public enum LayerKind: String, Equatable, Hashable, Sendable, CaseIterable {
    case layer
    case view
}

/// An sRGB color, 8 bits per channel.
public struct Color: Equatable, Hashable, Sendable {
    public var red: UInt8, green: UInt8, blue: UInt8
    public init(red: UInt8, green: UInt8, blue: UInt8) { self.red = red; self.green = green; self.blue = blue }

    /// `#rrggbb`, lower case.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for c in [red, green, blue] { s.append(digits[Int(c >> 4)]); s.append(digits[Int(c & 15)]) }
        return s
    }
}

/// One layer's properties, with Core Animation's defaults (a new CALayer: bounds zero,
/// position zero, anchorPoint (0.5, 0.5), identity transforms, opaque, visible).
public struct Layer: Equatable, Sendable {
    public var name: String
    public var kind: LayerKind
    /// The layer's own coordinate space; `bounds.origin` is the scroll offset of its sublayers.
    public var bounds: Rect
    /// Where the anchor point sits, in the superlayer's bounds space (UIView's `center`).
    public var position: Point
    /// Unit coordinates of the bounds; not clamped.
    public var anchorPoint: Point
    public var anchorPointZ: Double
    public var zPosition: Double
    /// Applied about the anchor point (see `toSuperlayer`).
    public var transform: Transform3D
    /// Applied to every sublayer, about this layer's anchor point.
    public var sublayerTransform: Transform3D
    public var isHidden: Bool
    public var masksToBounds: Bool
    public var isGeometryFlipped: Bool
    /// 0…1 (UIView's alpha).
    public var opacity: Double
    public var isUserInteractionEnabled: Bool
    public var backgroundColor: Color?
    public var borderColor: Color?
    public var borderWidth: Double
    /// UIView's `autoresizingMask`: how the view follows a change of its superview's bounds
    /// size (springs and struts, `LayerTree.resize`). Empty = fixed margins and size.
    public var autoresizingMask: AutoresizingMask = []
    /// A note shown in the panel: an imported view's class, address, tag, and whether its
    /// geometry is only approximate (and why).
    public var note: String? = nil
    /// The note in parts, when an importer wrote it (or the format reader found its
    /// spelling): what the inspector lays out, while its `text` is `note` (the `note`
    /// property's writer drops it; the inspector shows `note` as written when they differ).
    /// Kept behind one reference (`ImportNoteBox`): a layer is copied whole on every read
    /// from its tree, and the parts (six lists and a line) would make every layer 64 bytes
    /// larger for a value only the inspector reads.
    public var importNote: ImportNote? {
        get { importNoteBox?.note }
        set { importNoteBox = newValue.map(ImportNoteBox.init) }
    }
    var importNoteBox: ImportNoteBox? = nil
    /// What the layer draws (content.md): operations run as `drawRect:` would, in user space.
    public var drawing: [DrawingOperation] = []
    /// The backing store's scale; nil: the default for the kind (1 for a layer, the screen's
    /// scale for a view: `LayerTree.contentsScale(of:)`).
    public var contentsScale: Double? = nil

    /// The superlayer, nil for a top-level layer. Maintained by `LayerTree`.
    public internal(set) var superlayer: LayerID?
    /// Sublayers in tree order (later = drawn on top before zPosition). Maintained by `LayerTree`.
    public internal(set) var sublayers: [LayerID]

    /// The layer's own properties without its place in a tree (no superlayer, no sublayers):
    /// what two trees compare layer by layer.
    public var unlinked: Layer {
        var copy = self
        copy.superlayer = nil
        copy.sublayers = []
        return copy
    }

    public init(name: String, kind: LayerKind = .layer) {
        self.name = name
        self.kind = kind
        bounds = .zero
        position = .zero
        anchorPoint = Point(x: 0.5, y: 0.5)
        anchorPointZ = 0
        zPosition = 0
        transform = .identity
        sublayerTransform = .identity
        isHidden = false
        masksToBounds = false
        isGeometryFlipped = false
        opacity = 1
        isUserInteractionEnabled = true
        backgroundColor = nil
        borderColor = nil
        borderWidth = 0
        superlayer = nil
        sublayers = []
    }
}
