/// Where each layer's object and each children array are in the file, by layer name.
struct SourceLayers {
    var objects: [String: SourceValue] = [:]
    /// Children arrays by parent name; the top-level `layers` under "".
    var arrays: [String: SourceValue] = [:]

    init(root: SourceValue) {
        guard let layers = root.member("layers")?.value else { return }
        arrays[""] = layers
        var stack = layers.elementList
        while let object = stack.popLast() {
            guard case .string(let name)? = object.member("name")?.value.kind else { continue }
            objects[name] = object
            if let children = object.member("sublayers")?.value ?? object.member("subviews")?.value {
                arrays[name] = children
                stack.append(contentsOf: children.elementList)
            }
        }
    }

    func childArray(of parent: String?) -> SourceValue? { arrays[parent ?? ""] }

    /// The `name` an element of a layers array gives.
    func name(of element: SourceValue) -> String? {
        if case .string(let name)? = element.member("name")?.value.kind { return name }
        return nil
    }
}
