import LayerModel
/// Where each layer's object and each children array are in the file, by layer name.
struct SourceLayers {
    var objects: [String: SourceValue] = [:]
    /// Children arrays by parent name; the top-level `layers` under "".
    var arrays: [String: SourceValue] = [:]
    /// Each layer's field path in the file (`layers[0].subviews[2]`), for messages.
    var paths: [String: String] = [:]
    /// Each layer's parent in the file ("" for a top-level layer).
    var parents: [String: String] = [:]

    init(root: SourceValue) {
        guard let layers = root.member("layers")?.value else { return }
        arrays[""] = layers
        var stack = layers.elementList.enumerated().map { ($0.element, "layers[\($0.offset)]", "") }
        while let (object, path, parent) = stack.popLast() {
            guard case .string(let name)? = object.member("name")?.value.kind else { continue }
            objects[name] = object
            paths[name] = path
            parents[name] = parent
            for key in ["sublayers", "subviews"] {
                guard let children = object.member(key)?.value else { continue }
                arrays[name] = children
                stack.append(contentsOf: children.elementList.enumerated().map { ($0.element, path + ".\(key)[\($0.offset)]", name) })
                break
            }
        }
    }

    /// Where `field` of layer `name` is in the file (the member's key, else the layer's
    /// object), and its field path; nil when the file does not hold the layer.
    func location(of name: String, field: String?) -> (position: SourcePosition, path: String)? {
        guard let object = objects[name], let path = paths[name] else { return nil }
        guard let field else { return (object.position, path) }
        // The comparison names a property (`position`); the file may write it under another
        // spelling (a view's `center`) or place the layer by its `frame`.
        let spellings = PropertyDeclaration.all.first { $0.property.rawValue == field }?.spellings.map(\.rawValue) ?? []
        for key in [field] + spellings + (["position", "bounds"].contains(field) ? ["frame"] : []) {
            if let member = object.member(key) { return (member.keyPosition, path + "." + key) }
        }
        return (object.position, path + "." + field)
    }

    func childArray(of parent: String?) -> SourceValue? { arrays[parent ?? ""] }

    /// The `name` an element of a layers array gives.
    func name(of element: SourceValue) -> String? {
        if case .string(let name)? = element.member("name")?.value.kind { return name }
        return nil
    }
}
