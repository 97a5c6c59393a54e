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
    public var isHidden: Bool
    public var masksToBounds: Bool
    public var isGeometryFlipped: Bool
    /// 0…1 (UIView's alpha).
    public var opacity: Double
    public var isUserInteractionEnabled: Bool
    public var backgroundColor: Color?
    /// The fields most layers leave at their defaults (sublayerTransform, border, autoresizing
    /// mask, note, drawing, contentsScale), out of line so the common layer is small: a
    /// 100 000-layer file (issue 21) holds 100 000 of them. Read and written through the
    /// properties below; nil until one is set.
    private var rare = RareLayerFields.Box()

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
        isHidden = false
        masksToBounds = false
        isGeometryFlipped = false
        opacity = 1
        isUserInteractionEnabled = true
        backgroundColor = nil
        superlayer = nil
        sublayers = []
    }
}

extension Layer {
    /// Applied to every sublayer, about this layer's anchor point.
    public var sublayerTransform: Transform3D {
        get { rare.fields?.sublayerTransform ?? .identity }
        set { rare.modify { $0.sublayerTransform = newValue } }
    }
    public var borderColor: Color? {
        get { rare.fields?.borderColor }
        set { rare.modify { $0.borderColor = newValue } }
    }
    public var borderWidth: Double {
        get { rare.fields?.borderWidth ?? 0 }
        set { rare.modify { $0.borderWidth = newValue } }
    }
    /// UIView's `autoresizingMask`: how the view follows a change of its superview's bounds
    /// size (springs and struts, `LayerTree.resize`). Empty = fixed margins and size.
    public var autoresizingMask: AutoresizingMask {
        get { rare.fields?.autoresizingMask ?? [] }
        set { rare.modify { $0.autoresizingMask = newValue } }
    }
    /// A note shown in the panel: an imported view's class, address, tag, and whether its
    /// geometry is only approximate (and why).
    public var note: String? {
        get { rare.fields?.note }
        set { rare.modify { $0.note = newValue } }
    }
    /// What the layer draws (content.md): operations run as `drawRect:` would, in user space.
    public var drawing: [DrawingOperation] {
        get { rare.fields?.drawing ?? [] }
        set { rare.modify { $0.drawing = newValue } }
    }
    /// The backing store's scale; nil: the default for the kind (1 for a layer, the screen's
    /// scale for a view: `LayerTree.contentsScale(of:)`).
    public var contentsScale: Double? {
        get { rare.fields?.contentsScale }
        set { rare.modify { $0.contentsScale = newValue } }
    }
}

/// A layer's seldom-set fields, with Core Animation's defaults.
struct RareLayerFields: Equatable, Sendable {
    var sublayerTransform = Transform3D.identity
    var borderColor: Color? = nil
    var borderWidth: Double = 0
    var autoresizingMask: AutoresizingMask = []
    var note: String? = nil
    var drawing: [DrawingOperation] = []
    var contentsScale: Double? = nil

    /// The fields behind one pointer (a value: copied on write, like any Swift value), nil
    /// while every one is at its default. Two boxes are equal when their fields are, so a
    /// field set and set back compares equal to one never set.
    struct Box: Equatable, Sendable {
        private indirect enum Storage: Equatable, Sendable { case fields(RareLayerFields) }
        private var storage: Storage? = nil

        var fields: RareLayerFields? {
            if case .fields(let f)? = storage { return f }
            return nil
        }

        mutating func modify(_ change: (inout RareLayerFields) -> Void) {
            var f = fields ?? RareLayerFields()
            change(&f)
            storage = f == RareLayerFields() ? nil : .fields(f)
        }

        static func == (a: Box, b: Box) -> Bool { a.fields ?? RareLayerFields() == b.fields ?? RareLayerFields() }
    }
}
