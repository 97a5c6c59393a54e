import Geometry

/// Why a declared setter refused a value (each caller words it for its place: a file
/// position, a command column).
public enum PropertyWriteFailure: Error, Equatable, Sendable {
    /// The value's kind is not the property's (a caller's mistake, reported, never trapped).
    case wrongKind
    /// `frame` under a transform whose linear part is singular (scale 0).
    case singularTransform
    /// `affineTransform` given a 3D transform.
    case notAffine
}

/// A check every reader of a value applies (the layout decoder and the command parser word
/// the message for their place).
public enum PropertyConstraint: Equatable, Sendable {
    /// 0…1 (opacity).
    case unitInterval
    /// ≥ 0 (borderWidth).
    case nonNegative
    /// A rect or size whose width and height are ≥ 0 (bounds).
    case nonNegativeSize
    /// > 0 (contentsScale).
    case positive
}

/// How the Swift export writes a property.
public enum SwiftSpelling: Equatable, Sendable {
    /// Written by the geometry block (anchor before bounds and position, transform
    /// expressions), which keeps the order that makes the code right in both anchor modes.
    case geometry
    /// `layer.NAME = value` for a layer, `view.VIEWNAME = value` for a view (`view.layer.NAME`
    /// when the view has no such property: `viewName` nil). `layerName` nil: UIView only.
    case assign(layerName: String?, viewName: String?)
    /// A comment line (`// note: …`): no API holds it.
    case comment
    /// Not a statement of its own: the variable's name, the kind of variable, or a part of a
    /// property written whole (frame = bounds + position).
    case implied
}

/// The inspector's label for a property, for a layer and for a view (`PropertyDeclaration.panelLabel`).
public struct PanelLabel: Equatable, Sendable {
    public let layer: String
    public let view: String
    init(_ both: String) { layer = both; view = both }
    init(layer: String, view: String) { self.layer = layer; self.view = view }
}

/// How a property's value is read.
public enum PropertyReading: Sendable {
    /// From the layer alone.
    case layer(@Sendable (Layer) -> PropertyValue)
    /// From the layer's place in its tree (the effective matrix).
    case tree(@Sendable (LayerTree, LayerID) -> PropertyValue)
}

/// One layer property, declared once: every spelling, the value kind, the default, how it
/// is read and written, where a layout file decodes it, whether `animate` accepts it, and how
/// the Swift export writes it. The layout decoder and encoder, `set`/`get`, the completion
/// lists, the inspector's spellings and the Swift export all read this table.
public struct PropertyDeclaration: Sendable {
    /// The canonical spelling (CALayer's name).
    public let property: Property
    /// The other spellings, in files and in commands (the UIView one first).
    public let aliases: [Property]
    /// The spelling a view uses (in saved files, the inspector and the export); nil: the
    /// canonical one.
    public let viewSpelling: Property?
    public let kind: Property.ValueKind
    /// The value a new layer has; a file leaves the field out when equal. Nil: always written
    /// (the name) or not a stored field.
    public let defaultValue: PropertyValue?
    /// A stored layout-file field, decoded in ascending `decodeOrder` (geometry first, in the
    /// documented order, so `frame` resolves with the file's anchorPoint and transform); nil
    /// for the dotted parts and derived values, which files do not hold.
    public let decodeOrder: Int?
    /// Written by a save (a stored file field; `frame` is read from files but saved as
    /// bounds and position).
    public let isSaved: Bool
    /// Whether `animate` accepts it (Core Animation animates it).
    public let animatable: Bool
    /// A bool `toggle` flips: the words it reads it by beyond its name, aliases and panel
    /// labels; nil for a property `toggle` does not take.
    public let toggle: [String]?
    /// The inspector's label for it where that is not a spelling for the layer's kind: shorter,
    /// to fit the panel's 9-column labels (`anchor`, `masks`/`clips`), or UIView's Swift name
    /// (`isHidden`). `get`, `set` and `toggle` take these words too (`Property.named`), so a
    /// name read off the panel works wherever a property name does; files do not.
    public let panelLabel: PanelLabel?
    public let constraint: PropertyConstraint?
    /// The key of the `get` answer (`{"rect": …}`), from the kind unless declared.
    public let answerKey: String
    public let swift: SwiftSpelling
    public let reading: PropertyReading
    /// Nil for a read-only property.
    public let write: (@Sendable (inout Layer, PropertyValue) throws(PropertyWriteFailure) -> Void)?
    /// For a property read from the tree but stored on the layer when set (`contentsScale`,
    /// whose default depends on the screen): the stored value, nil when unset — what files,
    /// the preserving save and the Swift export write.
    public let stored: (@Sendable (Layer) -> PropertyValue?)?

    init(
        _ property: Property, aliases: [Property] = [], viewSpelling: Property? = nil, _ kind: Property.ValueKind,
        default defaultValue: PropertyValue?, decodeOrder: Int?, saved: Bool = true, animatable: Bool = false,
        toggle: [String]? = nil, panelLabel: PanelLabel? = nil, constraint: PropertyConstraint? = nil, answerKey: String? = nil, swift: SwiftSpelling,
        read: PropertyReading,
        write: (@Sendable (inout Layer, PropertyValue) throws(PropertyWriteFailure) -> Void)?,
        stored: (@Sendable (Layer) -> PropertyValue?)? = nil
    ) {
        self.stored = stored
        self.property = property; self.aliases = aliases; self.viewSpelling = viewSpelling; self.kind = kind
        self.defaultValue = defaultValue; self.decodeOrder = decodeOrder; self.isSaved = saved && decodeOrder != nil; self.animatable = animatable
        self.toggle = toggle; self.panelLabel = panelLabel
        self.constraint = constraint; self.swift = swift; self.reading = read; self.write = write
        self.answerKey =
            answerKey
            ?? {
                switch kind {
                case .text, .kind, .mask: return "string"
                case .rect: return "rect"
                case .point: return "point"
                case .size: return "size"
                case .number: return "number"
                case .transform: return "matrix"
                case .bool: return "bool"
                case .color: return "color"
                }
            }()
    }

    /// Every spelling: canonical first, then the aliases.
    public var spellings: [Property] { [property] + aliases }

    /// The word the inspector shows for it on a layer of this kind: its panel label, else its
    /// spelling for the kind (`center` for a view's position).
    public func panelName(for kind: LayerKind) -> String {
        panelLabel.map { kind == .view ? $0.view : $0.layer } ?? spelling(for: kind).rawValue
    }

    /// Every word a command takes for it: its spellings, then its panel labels.
    public var commandWords: [String] {
        var words = spellings.map(\.rawValue)
        for label in [panelLabel?.layer, panelLabel?.view].compactMap({ $0 }) where !words.contains(label) { words.append(label) }
        return words
    }

    /// The spelling for a layer of this kind (`center` for a view's position).
    public func spelling(for kind: LayerKind) -> Property { kind == .view ? viewSpelling ?? property : property }

    /// A stored field of layout files.
    public var isFileField: Bool { decodeOrder != nil }

    /// The value on a lone layer (nil for a value that needs the tree).
    public func value(of layer: Layer) -> PropertyValue? {
        if case let .layer(read) = reading { return read(layer) }
        return stored?(layer)
    }

    /// The value of a layer in its tree.
    public func value(of id: LayerID, in tree: LayerTree) -> PropertyValue {
        switch reading {
        case let .layer(read): return read(tree[id])
        case let .tree(read): return read(tree, id)
        }
    }

    /// True when the layer holds the default (a file leaves the field out).
    public func isDefault(on layer: Layer) -> Bool {
        guard let d = defaultValue, let v = value(of: layer) else { return false }
        return v.sameValue(as: d)
    }

    /// Whether `value` breaks the declared constraint.
    public func violates(_ value: PropertyValue) -> Bool {
        switch (constraint, value) {
        case let (.unitInterval?, .number(x)): return !(0...1).contains(x)
        case let (.nonNegative?, .number(x)): return x < 0
        case let (.nonNegativeSize?, .rect(r)): return r.size.width < 0 || r.size.height < 0
        case let (.nonNegativeSize?, .size(s)): return s.width < 0 || s.height < 0
        case let (.positive?, .number(x)): return !(x > 0)
        default: return false
        }
    }
}

extension Layer {
    /// The frame setter, failing rather than leaving bounds unchanged under a singular transform.
    mutating func setFrameOrFail(_ r: Rect) throws(PropertyWriteFailure) {
        guard setFrame(r) else { throw .singularTransform }
    }
}
