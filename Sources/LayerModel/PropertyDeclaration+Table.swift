import Geometry

extension PropertyDeclaration {
    // MARK: The table

    /// Every property once, in the order a layout file writes its fields.
    public static let all: [PropertyDeclaration] = [
        .init(
            .name, .text, default: nil, decodeOrder: 0, swift: .implied,
            read: .layer { .text($0.name) }, write: { l, v throws(PropertyWriteFailure) in l.name = try v.asText() }),
        .init(
            .kind, .kind, default: .kind(.layer), decodeOrder: 1, swift: .implied,
            read: .layer { .kind($0.kind) },
            write: { l, v throws(PropertyWriteFailure) in
                guard case let .kind(k) = v else { throw .wrongKind }
                l.kind = k
            }),
        .init(
            .bounds, .rect, default: .rect(.zero), decodeOrder: 10, animatable: true, constraint: .nonNegativeSize, swift: .geometry,
            // Changing bounds keeps position: the layer grows about its anchor (R2).
            read: .layer { .rect($0.bounds) }, write: { l, v throws(PropertyWriteFailure) in l.bounds = try v.asRect() }),
        .init(
            .boundsOrigin, .point, default: nil, decodeOrder: nil, animatable: true, swift: .implied,
            read: .layer { .point($0.bounds.origin) }, write: { l, v throws(PropertyWriteFailure) in l.bounds.origin = try v.asPoint() }),
        .init(
            .boundsSize, .size, default: nil, decodeOrder: nil, animatable: true, constraint: .nonNegativeSize, swift: .implied,
            read: .layer { .size($0.bounds.size) }, write: { l, v throws(PropertyWriteFailure) in l.bounds.size = try v.asSize() }),
        .init(
            .anchorPoint, .point, default: .point(Point(x: 0.5, y: 0.5)), decodeOrder: 20, animatable: true, panelLabel: PanelLabel("anchor"),
            swift: .geometry,
            read: .layer { .point($0.anchorPoint) }, write: { l, v throws(PropertyWriteFailure) in l.anchorPoint = try v.asPoint() }),
        .init(
            .anchorPointZ, .number, default: .number(0), decodeOrder: 30, swift: .geometry,
            read: .layer { .number($0.anchorPointZ) }, write: { l, v throws(PropertyWriteFailure) in l.anchorPointZ = try v.asNumber() }),
        .init(
            .position, aliases: [.center], viewSpelling: .center, .point, default: .point(.zero), decodeOrder: 50,
            animatable: true, swift: .geometry,
            read: .layer { .point($0.position) }, write: { l, v throws(PropertyWriteFailure) in l.position = try v.asPoint() }),
        .init(
            .frame, .rect, default: nil, decodeOrder: 60, saved: false, swift: .implied,
            read: .layer { .rect($0.frame) }, write: { l, v throws(PropertyWriteFailure) in try l.setFrameOrFail(try v.asRect()) }),
        .init(
            .frameOrigin, .point, default: nil, decodeOrder: nil, swift: .implied,
            read: .layer { .point($0.frame.origin) },
            write: { l, v throws(PropertyWriteFailure) in
                try l.setFrameOrFail(Rect(origin: try v.asPoint(), size: l.frame.size))
            }),
        .init(
            .frameSize, .size, default: nil, decodeOrder: nil, swift: .implied,
            read: .layer { .size($0.frame.size) },
            write: { l, v throws(PropertyWriteFailure) in
                try l.setFrameOrFail(Rect(origin: l.frame.origin, size: try v.asSize()))
            }),
        .init(
            .zPosition, .number, default: .number(0), decodeOrder: 100, animatable: true, panelLabel: PanelLabel("z"), swift: .geometry,
            read: .layer { .number($0.zPosition) }, write: { l, v throws(PropertyWriteFailure) in l.zPosition = try v.asNumber() }),
        .init(
            .transform, .transform, default: .transform(TransformSpec([.identity])), decodeOrder: 40, animatable: true, swift: .geometry,
            read: .layer { .transform(TransformSpec(matrix: $0.transform)) },
            write: { l, v throws(PropertyWriteFailure) in l.transform = try v.asMatrix() }),
        .init(
            .affineTransform, .transform, default: nil, decodeOrder: nil, panelLabel: PanelLabel("affine"), answerKey: "affine", swift: .implied,
            read: .layer { .transform(TransformSpec([.affine($0.transform.affine)])) },
            write: { l, v throws(PropertyWriteFailure) in
                // setAffineTransform replaces the whole 3D transform with the affine part.
                let m = try v.asMatrix()
                guard m.isAffine else { throw .notAffine }
                l.transform = m
            }),
        .init(
            .sublayerTransform, .transform, default: .transform(TransformSpec([.identity])), decodeOrder: 110, animatable: true, swift: .geometry,
            read: .layer { .transform(TransformSpec(matrix: $0.sublayerTransform)) },
            write: { l, v throws(PropertyWriteFailure) in l.sublayerTransform = try v.asMatrix() }),
        .init(
            .hidden, .bool, default: .bool(false), decodeOrder: 120, toggle: [], panelLabel: PanelLabel(layer: "hidden", view: "isHidden"),
            swift: .assign(layerName: "isHidden", viewName: "isHidden"),
            read: .layer { .bool($0.isHidden) }, write: { l, v throws(PropertyWriteFailure) in l.isHidden = try v.asBool() }),
        .init(
            .masksToBounds, aliases: [.clipsToBounds], viewSpelling: .clipsToBounds, .bool, default: .bool(false), decodeOrder: 130, toggle: [],
            panelLabel: PanelLabel(layer: "masks", view: "clips"),
            swift: .assign(layerName: "masksToBounds", viewName: "clipsToBounds"),
            read: .layer { .bool($0.masksToBounds) }, write: { l, v throws(PropertyWriteFailure) in l.masksToBounds = try v.asBool() }),
        .init(
            .geometryFlipped, .bool, default: .bool(false), decodeOrder: 140, toggle: [], panelLabel: PanelLabel("flipped"),
            swift: .assign(layerName: "isGeometryFlipped", viewName: nil),
            read: .layer { .bool($0.isGeometryFlipped) }, write: { l, v throws(PropertyWriteFailure) in l.isGeometryFlipped = try v.asBool() }),
        .init(
            .opacity, aliases: [.alpha], viewSpelling: .alpha, .number, default: .number(1), decodeOrder: 160, animatable: true,
            constraint: .unitInterval, swift: .assign(layerName: "opacity", viewName: "alpha"),
            read: .layer { .number($0.opacity) }, write: { l, v throws(PropertyWriteFailure) in l.opacity = try v.asNumber() }),
        .init(
            .userInteractionEnabled, .bool, default: .bool(true), decodeOrder: 150,
            swift: .assign(layerName: nil, viewName: "isUserInteractionEnabled"),
            read: .layer { .bool($0.isUserInteractionEnabled) },
            write: { l, v throws(PropertyWriteFailure) in l.isUserInteractionEnabled = try v.asBool() }),
        .init(
            .backgroundColor, .color, default: .color(nil, spelling: "none"), decodeOrder: 170, animatable: true,
            swift: .assign(layerName: "backgroundColor", viewName: "backgroundColor"),
            read: .layer { .colorValue($0.backgroundColor) }, write: { l, v throws(PropertyWriteFailure) in l.backgroundColor = try v.asColor() }),
        .init(
            .borderColor, .color, default: .color(nil, spelling: "none"), decodeOrder: 180,
            swift: .assign(layerName: "borderColor", viewName: nil),
            read: .layer { .colorValue($0.borderColor) }, write: { l, v throws(PropertyWriteFailure) in l.borderColor = try v.asColor() }),
        .init(
            .borderWidth, .number, default: .number(0), decodeOrder: 190, constraint: .nonNegative,
            swift: .assign(layerName: "borderWidth", viewName: nil),
            read: .layer { .number($0.borderWidth) }, write: { l, v throws(PropertyWriteFailure) in l.borderWidth = try v.asNumber() }),
        .init(
            .autoresizingMask, aliases: [.autoresize], .mask, default: .mask([]), decodeOrder: 200, panelLabel: PanelLabel("autoresize"),
            swift: .assign(layerName: nil, viewName: "autoresizingMask"),
            read: .layer { .mask($0.autoresizingMask) },
            write: { l, v throws(PropertyWriteFailure) in
                guard case let .mask(m) = v else { throw .wrongKind }
                l.autoresizingMask = m
            }),
        .init(
            .note, .text, default: .text(""), decodeOrder: 210, swift: .comment,
            read: .layer { .text($0.note ?? "") },
            write: { l, v throws(PropertyWriteFailure) in
                let text = try v.asText()
                l.note = text.isEmpty ? nil : text
                l.importNote = nil  // an author's note is shown as written
            }),
        // Read from the tree (a view's default is the screen's scale); files hold it only when set.
        .init(
            .contentsScale, aliases: [.contentScaleFactor], .number, default: nil, decodeOrder: 215, constraint: .positive,
            swift: .assign(layerName: "contentsScale", viewName: "contentScaleFactor"),
            read: .tree { tree, id in .number(tree.contentsScale(of: id)) },
            write: { l, v throws(PropertyWriteFailure) in l.contentsScale = try v.asNumber() },
            stored: { l in l.contentsScale.map(PropertyValue.number) }),
        .init(
            .effectiveTransform, .transform, default: nil, decodeOrder: nil, panelLabel: PanelLabel("effective"), swift: .implied,
            read: .tree { tree, id in .transform(TransformSpec(matrix: tree.matrixToSuperlayer(id))) }, write: nil)
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

    /// Every word a command takes for a property (`commandWords`): a spelling names itself, a
    /// panel label (`isHidden`, `anchor`) its canonical property.
    public static let byCommandWord: [String: Property] = {
        var map: [String: Property] = [:]
        for p in Property.allCases { map[p.rawValue] = p }
        for d in all { for w in d.commandWords where map[w] == nil { map[w] = d.property } }
        return map
    }()
}
