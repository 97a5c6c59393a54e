import Geometry

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
