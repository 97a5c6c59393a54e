import Geometry

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

    /// The property a command word names (`get`, `set`, `toggle`): a spelling, or a label the
    /// inspector shows (`isHidden`, `anchor`, `clips`: `PropertyDeclaration.panelLabel`), which
    /// names its canonical property. Layout files take the spellings only (`Property(rawValue:)`).
    public static func named(_ word: String) -> Property? { PropertyDeclaration.byCommandWord[word] }

    /// Every word `named` takes, for completion and near-miss suggestions.
    public static var commandWords: [String] { Array(PropertyDeclaration.byCommandWord.keys) }
}
