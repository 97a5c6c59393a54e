import Geometry

/// An axis for `rotate`.
public enum RotationAxis: String, Equatable, Sendable, CaseIterable { case x, y, z }

/// An angle as the user wrote it: the unit is kept so the command prints back identically.
public struct AngleLiteral: Equatable, Sendable {
    public enum Unit: String, Equatable, Sendable { case degrees = "", deg, rad }
    public var value: Double
    public var unit: Unit
    public init(_ value: Double, _ unit: Unit = .degrees) { self.value = value; self.unit = unit }
    public var angle: Angle { unit == .rad ? .radians(value) : .degrees(value) }
    public var text: String { NumberText.exact(value) + unit.rawValue }
}

/// One step of a transform value (commands.md), in the order written.
public enum TransformStep: Equatable, Sendable {
    case identity
    case rotate(AngleLiteral, axis: (Double, Double, Double)?)
    case scale(Double, Double?, Double?)
    case translate(Double, Double, Double?)
    case perspective(Double)
    case affine(Affine2D)
    case matrix(Transform3D)

    public static func == (l: TransformStep, r: TransformStep) -> Bool {
        switch (l, r) {
        case (.identity, .identity): return true
        case let (.rotate(a, x), .rotate(b, y)): return a == b && x?.0 == y?.0 && x?.1 == y?.1 && x?.2 == y?.2
        case let (.scale(a, b, c), .scale(d, e, f)): return a == d && b == e && c == f
        case let (.translate(a, b, c), .translate(d, e, f)): return a == d && b == e && c == f
        case let (.perspective(a), .perspective(b)): return a == b
        case let (.affine(a), .affine(b)): return a == b
        case let (.matrix(a), .matrix(b)): return a == b
        default: return false
        }
    }

    /// The step's matrix.
    public var matrix: Transform3D {
        switch self {
        case .identity: return .identity
        case let .rotate(a, axis):
            let (x, y, z) = axis ?? (0, 0, 1)
            return .rotation(a.angle, x: x, y: y, z: z)
        case let .scale(sx, sy, sz): return .scale(sx, sy ?? sx, sz ?? 1)
        case let .translate(tx, ty, tz): return .translation(tx, ty, tz ?? 0)
        case let .perspective(d): return .perspective(eyeDistance: d)
        case let .affine(t): return Transform3D(t)
        case let .matrix(m): return m
        }
    }

    public var text: String {
        let n = NumberText.exact
        switch self {
        case .identity: return "identity"
        case let .rotate(a, axis):
            guard let (x, y, z) = axis else { return "rotate \(a.text)" }
            return "rotate \(a.text) \(n(x)) \(n(y)) \(n(z))"
        case let .scale(sx, sy, sz): return (["scale", n(sx)] + [sy, sz].compactMap { $0.map(n) }).joined(separator: " ")
        case let .translate(tx, ty, tz): return (["translate", n(tx), n(ty)] + [tz].compactMap { $0.map(n) }).joined(separator: " ")
        case let .perspective(d): return "perspective \(n(d))"
        case let .affine(t): return "affine " + t.values.map(n).joined(separator: " ")
        case let .matrix(m): return "matrix " + m.rowMajor.map(n).joined(separator: " ")
        }
    }
}

/// A transform value: steps chained with `then`, applied first to last.
public struct TransformSpec: Equatable, Sendable {
    public var steps: [TransformStep]
    public init(_ steps: [TransformStep]) { self.steps = steps }
    public var matrix: Transform3D {
        // One step is its own matrix (no product with the identity).
        if steps.count == 1 { return steps[0].matrix }
        return steps.reduce(Transform3D.identity) { $0.concatenating($1.matrix) }
    }
    public var text: String { steps.map(\.text).joined(separator: " then ") }
    /// A matrix as a value: `identity`, else one `matrix` step.
    public init(matrix m: Transform3D) { self.steps = m.isIdentity ? [.identity] : [.matrix(m)] }
}

/// A spelling `set` and `get` accept for a layer property: the canonical name and the
/// UIView aliases (`center`, `alpha`, `clipsToBounds`) and the dotted parts. Everything else
/// about a property — value kind, default, setter, decode order, whether animatable, its
/// Swift spelling — is declared once, in `PropertyDeclaration.all`; `declaration` finds it.
public enum Property: String, Equatable, Sendable, CaseIterable {
    case name, kind
    case bounds, boundsOrigin = "bounds.origin", boundsSize = "bounds.size"
    case position, center
    case frame, frameOrigin = "frame.origin", frameSize = "frame.size"
    case anchorPoint, anchorPointZ, zPosition
    case transform, sublayerTransform, affineTransform
    case hidden, masksToBounds, clipsToBounds, geometryFlipped
    case opacity, alpha, userInteractionEnabled
    case backgroundColor, borderColor, borderWidth
    case autoresizingMask, autoresize, note
    /// The backing scale content is drawn at (content.md); UIView's `contentScaleFactor`.
    case contentsScale, contentScaleFactor
    /// Read-only: the effective matrix to the superlayer (seed 000's hidden prefix and suffix).
    case effectiveTransform

    public enum ValueKind: Equatable, Sendable { case text, kind, rect, point, size, number, transform, bool, color, mask }

    /// The property's one declaration (an alias finds its canonical property's).
    public var declaration: PropertyDeclaration { PropertyDeclaration.byProperty[self]! }

    /// The canonical spelling an alias stands for.
    public var canonical: Property { declaration.property }
    public var valueKind: ValueKind { declaration.kind }
    public var isReadOnly: Bool { declaration.write == nil }
}

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

    init(_ property: Property, aliases: [Property] = [], viewSpelling: Property? = nil, _ kind: Property.ValueKind,
         default defaultValue: PropertyValue?, decodeOrder: Int?, saved: Bool = true, animatable: Bool = false,
         constraint: PropertyConstraint? = nil, answerKey: String? = nil, swift: SwiftSpelling,
         read: PropertyReading,
         write: (@Sendable (inout Layer, PropertyValue) throws(PropertyWriteFailure) -> Void)?,
         stored: (@Sendable (Layer) -> PropertyValue?)? = nil) {
        self.stored = stored
        self.property = property; self.aliases = aliases; self.viewSpelling = viewSpelling; self.kind = kind
        self.defaultValue = defaultValue; self.decodeOrder = decodeOrder; self.isSaved = saved && decodeOrder != nil; self.animatable = animatable
        self.constraint = constraint; self.swift = swift; self.reading = read; self.write = write
        self.answerKey = answerKey ?? {
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

    // MARK: The table

    /// Every property once, in the order a layout file writes its fields.
    public static let all: [PropertyDeclaration] = [
        .init(.name, .text, default: nil, decodeOrder: 0, swift: .implied,
              read: .layer { .text($0.name) }, write: { l, v throws(PropertyWriteFailure) in l.name = try v.asText() }),
        .init(.kind, .kind, default: .kind(.layer), decodeOrder: 1, swift: .implied,
              read: .layer { .kind($0.kind) }, write: { l, v throws(PropertyWriteFailure) in
                  guard case let .kind(k) = v else { throw .wrongKind }
                  l.kind = k
              }),
        .init(.bounds, .rect, default: .rect(.zero), decodeOrder: 10, animatable: true, constraint: .nonNegativeSize, swift: .geometry,
              // Changing bounds keeps position: the layer grows about its anchor (R2).
              read: .layer { .rect($0.bounds) }, write: { l, v throws(PropertyWriteFailure) in l.bounds = try v.asRect() }),
        .init(.boundsOrigin, .point, default: nil, decodeOrder: nil, animatable: true, swift: .implied,
              read: .layer { .point($0.bounds.origin) }, write: { l, v throws(PropertyWriteFailure) in l.bounds.origin = try v.asPoint() }),
        .init(.boundsSize, .size, default: nil, decodeOrder: nil, animatable: true, constraint: .nonNegativeSize, swift: .implied,
              read: .layer { .size($0.bounds.size) }, write: { l, v throws(PropertyWriteFailure) in l.bounds.size = try v.asSize() }),
        .init(.anchorPoint, .point, default: .point(Point(x: 0.5, y: 0.5)), decodeOrder: 20, animatable: true, swift: .geometry,
              read: .layer { .point($0.anchorPoint) }, write: { l, v throws(PropertyWriteFailure) in l.anchorPoint = try v.asPoint() }),
        .init(.anchorPointZ, .number, default: .number(0), decodeOrder: 30, swift: .geometry,
              read: .layer { .number($0.anchorPointZ) }, write: { l, v throws(PropertyWriteFailure) in l.anchorPointZ = try v.asNumber() }),
        .init(.position, aliases: [.center], viewSpelling: .center, .point, default: .point(.zero), decodeOrder: 50,
              animatable: true, swift: .geometry,
              read: .layer { .point($0.position) }, write: { l, v throws(PropertyWriteFailure) in l.position = try v.asPoint() }),
        .init(.frame, .rect, default: nil, decodeOrder: 60, saved: false, swift: .implied,
              read: .layer { .rect($0.frame) }, write: { l, v throws(PropertyWriteFailure) in try l.setFrameOrFail(try v.asRect()) }),
        .init(.frameOrigin, .point, default: nil, decodeOrder: nil, swift: .implied,
              read: .layer { .point($0.frame.origin) }, write: { l, v throws(PropertyWriteFailure) in
                  try l.setFrameOrFail(Rect(origin: try v.asPoint(), size: l.frame.size))
              }),
        .init(.frameSize, .size, default: nil, decodeOrder: nil, swift: .implied,
              read: .layer { .size($0.frame.size) }, write: { l, v throws(PropertyWriteFailure) in
                  try l.setFrameOrFail(Rect(origin: l.frame.origin, size: try v.asSize()))
              }),
        .init(.zPosition, .number, default: .number(0), decodeOrder: 100, animatable: true, swift: .geometry,
              read: .layer { .number($0.zPosition) }, write: { l, v throws(PropertyWriteFailure) in l.zPosition = try v.asNumber() }),
        .init(.transform, .transform, default: .transform(TransformSpec([.identity])), decodeOrder: 40, animatable: true, swift: .geometry,
              read: .layer { .transform(TransformSpec(matrix: $0.transform)) },
              write: { l, v throws(PropertyWriteFailure) in l.transform = try v.asMatrix() }),
        .init(.affineTransform, .transform, default: nil, decodeOrder: nil, answerKey: "affine", swift: .implied,
              read: .layer { .transform(TransformSpec([.affine($0.transform.affine)])) },
              write: { l, v throws(PropertyWriteFailure) in
                  // setAffineTransform replaces the whole 3D transform with the affine part.
                  let m = try v.asMatrix()
                  guard m.isAffine else { throw .notAffine }
                  l.transform = m
              }),
        .init(.sublayerTransform, .transform, default: .transform(TransformSpec([.identity])), decodeOrder: 110, animatable: true, swift: .geometry,
              read: .layer { .transform(TransformSpec(matrix: $0.sublayerTransform)) },
              write: { l, v throws(PropertyWriteFailure) in l.sublayerTransform = try v.asMatrix() }),
        .init(.hidden, .bool, default: .bool(false), decodeOrder: 120, swift: .assign(layerName: "isHidden", viewName: "isHidden"),
              read: .layer { .bool($0.isHidden) }, write: { l, v throws(PropertyWriteFailure) in l.isHidden = try v.asBool() }),
        .init(.masksToBounds, aliases: [.clipsToBounds], viewSpelling: .clipsToBounds, .bool, default: .bool(false), decodeOrder: 130,
              swift: .assign(layerName: "masksToBounds", viewName: "clipsToBounds"),
              read: .layer { .bool($0.masksToBounds) }, write: { l, v throws(PropertyWriteFailure) in l.masksToBounds = try v.asBool() }),
        .init(.geometryFlipped, .bool, default: .bool(false), decodeOrder: 140, swift: .assign(layerName: "isGeometryFlipped", viewName: nil),
              read: .layer { .bool($0.isGeometryFlipped) }, write: { l, v throws(PropertyWriteFailure) in l.isGeometryFlipped = try v.asBool() }),
        .init(.opacity, aliases: [.alpha], viewSpelling: .alpha, .number, default: .number(1), decodeOrder: 160, animatable: true,
              constraint: .unitInterval, swift: .assign(layerName: "opacity", viewName: "alpha"),
              read: .layer { .number($0.opacity) }, write: { l, v throws(PropertyWriteFailure) in l.opacity = try v.asNumber() }),
        .init(.userInteractionEnabled, .bool, default: .bool(true), decodeOrder: 150,
              swift: .assign(layerName: nil, viewName: "isUserInteractionEnabled"),
              read: .layer { .bool($0.isUserInteractionEnabled) },
              write: { l, v throws(PropertyWriteFailure) in l.isUserInteractionEnabled = try v.asBool() }),
        .init(.backgroundColor, .color, default: .color(nil, spelling: "none"), decodeOrder: 170, animatable: true,
              swift: .assign(layerName: "backgroundColor", viewName: "backgroundColor"),
              read: .layer { .colorValue($0.backgroundColor) }, write: { l, v throws(PropertyWriteFailure) in l.backgroundColor = try v.asColor() }),
        .init(.borderColor, .color, default: .color(nil, spelling: "none"), decodeOrder: 180,
              swift: .assign(layerName: "borderColor", viewName: nil),
              read: .layer { .colorValue($0.borderColor) }, write: { l, v throws(PropertyWriteFailure) in l.borderColor = try v.asColor() }),
        .init(.borderWidth, .number, default: .number(0), decodeOrder: 190, constraint: .nonNegative,
              swift: .assign(layerName: "borderWidth", viewName: nil),
              read: .layer { .number($0.borderWidth) }, write: { l, v throws(PropertyWriteFailure) in l.borderWidth = try v.asNumber() }),
        .init(.autoresizingMask, aliases: [.autoresize], .mask, default: .mask([]), decodeOrder: 200,
              swift: .assign(layerName: nil, viewName: "autoresizingMask"),
              read: .layer { .mask($0.autoresizingMask) }, write: { l, v throws(PropertyWriteFailure) in
                  guard case let .mask(m) = v else { throw .wrongKind }
                  l.autoresizingMask = m
              }),
        .init(.note, .text, default: .text(""), decodeOrder: 210, swift: .comment,
              read: .layer { .text($0.note ?? "") }, write: { l, v throws(PropertyWriteFailure) in
                  let text = try v.asText()
                  l.note = text.isEmpty ? nil : text
              }),
        // Read from the tree (a view's default is the screen's scale); files hold it only when set.
        .init(.contentsScale, aliases: [.contentScaleFactor], .number, default: nil, decodeOrder: 215, constraint: .positive,
              swift: .assign(layerName: "contentsScale", viewName: "contentScaleFactor"),
              read: .tree { tree, id in .number(tree.contentsScale(of: id)) },
              write: { l, v throws(PropertyWriteFailure) in l.contentsScale = try v.asNumber() },
              stored: { l in l.contentsScale.map(PropertyValue.number) }),
        .init(.effectiveTransform, .transform, default: nil, decodeOrder: nil, swift: .implied,
              read: .tree { tree, id in .transform(TransformSpec(matrix: tree.matrixToSuperlayer(id))) }, write: nil),
    ]

    /// The declaration of every spelling.
    static let byProperty: [Property: PropertyDeclaration] = {
        var map: [Property: PropertyDeclaration] = [:]
        for d in all { for p in d.spellings { map[p] = d } }
        return map
    }()

    /// The stored file fields in decode order.
    public static let decodeOrder: [PropertyDeclaration] = all.filter(\.isFileField).sorted { $0.decodeOrder! < $1.decodeOrder! }

    /// The declaration a layout-file key or a command word names (`layer.` prefix excluded).
    public static func named(_ spelling: String) -> PropertyDeclaration? { Property(rawValue: spelling).map(\.declaration) }
}

extension Layer {
    /// The frame setter, failing rather than leaving bounds unchanged under a singular transform.
    mutating func setFrameOrFail(_ r: Rect) throws(PropertyWriteFailure) {
        guard setFrame(r) else { throw .singularTransform }
    }
}

/// A value given to `set`, already typed for its property.
public enum PropertyValue: Equatable, Sendable {
    case text(String)
    case kind(LayerKind)
    case rect(Rect)
    case point(Point)
    case size(Size)
    case number(Double)
    case transform(TransformSpec)
    case bool(Bool)
    /// nil clears the color.
    case color(Color?, spelling: String)
    /// UIView's autoresizing mask (`W+H`; `none` for no flags).
    case mask(AutoresizingMask)

    /// A color as `get` and saved files spell it.
    static func colorValue(_ c: Color?) -> PropertyValue { .color(c, spelling: c?.hex ?? "none") }

    public var text: String {
        let n = NumberText.exact
        switch self {
        case let .text(s): return CommandQuoting.ifNeeded(s)
        case let .kind(k): return k.rawValue
        case let .rect(r): return [r.origin.x, r.origin.y, r.size.width, r.size.height].map(n).joined(separator: " ")
        case let .point(p): return "\(n(p.x)) \(n(p.y))"
        case let .size(s): return "\(n(s.width)) \(n(s.height))"
        case let .number(x): return n(x)
        case let .transform(t): return t.text
        case let .bool(b): return b ? "true" : "false"
        // Quoted when needed: `#ff8000` unquoted would start a comment.
        case let .color(_, spelling): return CommandQuoting.ifNeeded(spelling)
        case let .mask(m): return m.isEmpty ? "none" : m.printed
        }
    }

    /// Equal as values: transforms by matrix, colors by color (not by spelling).
    public func sameValue(as other: PropertyValue) -> Bool {
        switch (self, other) {
        case let (.transform(a), .transform(b)): return a.matrix == b.matrix
        case let (.color(a, _), .color(b, _)): return a == b
        default: return self == other
        }
    }

    func asText() throws(PropertyWriteFailure) -> String { if case let .text(s) = self { return s }; throw .wrongKind }
    func asRect() throws(PropertyWriteFailure) -> Rect { if case let .rect(r) = self { return r }; throw .wrongKind }
    func asPoint() throws(PropertyWriteFailure) -> Point { if case let .point(p) = self { return p }; throw .wrongKind }
    func asSize() throws(PropertyWriteFailure) -> Size { if case let .size(s) = self { return s }; throw .wrongKind }
    func asNumber() throws(PropertyWriteFailure) -> Double { if case let .number(x) = self { return x }; throw .wrongKind }
    func asMatrix() throws(PropertyWriteFailure) -> Transform3D { if case let .transform(t) = self { return t.matrix }; throw .wrongKind }
    func asBool() throws(PropertyWriteFailure) -> Bool { if case let .bool(b) = self { return b }; throw .wrongKind }
    func asColor() throws(PropertyWriteFailure) -> Color? { if case let .color(c, _) = self { return c }; throw .wrongKind }
}

/// How a word is written in the command language: as is when plain, otherwise in double
/// quotes with `\` and `"` escaped (names with spaces, `;`, `#`, braces or quotes).
public enum CommandQuoting {
    public static func ifNeeded(_ s: String) -> String {
        let plain = !s.isEmpty && s.allSatisfy { !$0.isWhitespace && $0 != ";" && $0 != "#" && $0 != "\"" && $0 != "{" && $0 != "}" }
        if plain { return s }
        var out = "\""
        for c in s {
            if c == "\\" || c == "\"" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
