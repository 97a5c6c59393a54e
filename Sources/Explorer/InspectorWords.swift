import Synchronization
import LayerModel

/// The inspector's property words for one kind of layer (`position` or `center`, `anchor`,
/// `isHidden`…), read from the property declarations once per kind. The panel is drawn every
/// frame, and each word looked up there was a dictionary lookup by property name and a copy
/// of the whole declaration (closures and strings retained and released): about twenty a
/// frame (issue 36).
struct InspectorWords: Equatable, Sendable {
    var frame, position, bounds, anchorPoint, zPositionLabel, zPosition, anchorPointZ: String
    var opacity, hidden, masksToBounds, geometryFlipped, autoresizingMask: String
    var affineTransform, sublayerTransform, effectiveTransform: String

    /// Read from the declarations (what the panel printed before, word for word).
    init(_ kind: LayerKind) {
        InspectorWords.built.add(1, ordering: .relaxed)
        func spelling(_ p: Property) -> String { p.declaration.spelling(for: kind).rawValue }
        func label(_ p: Property) -> String { p.declaration.panelName(for: kind) }
        frame = spelling(.frame); position = spelling(.position); bounds = spelling(.bounds)
        anchorPoint = label(.anchorPoint); zPositionLabel = label(.zPosition)
        zPosition = spelling(.zPosition); anchorPointZ = spelling(.anchorPointZ)
        opacity = spelling(.opacity); hidden = label(.hidden); masksToBounds = label(.masksToBounds)
        geometryFlipped = label(.geometryFlipped); autoresizingMask = label(.autoresizingMask)
        affineTransform = label(.affineTransform); sublayerTransform = spelling(.sublayerTransform)
        effectiveTransform = label(.effectiveTransform)
    }

    static let layer = InspectorWords(.layer)
    static let view = InspectorWords(.view)

    /// The words for `kind`, made once.
    static func of(_ kind: LayerKind) -> InspectorWords { kind == .view ? view : layer }

    /// How many times the words were read from the declarations (the tests count it).
    static let built = Atomic<Int>(0)
}
