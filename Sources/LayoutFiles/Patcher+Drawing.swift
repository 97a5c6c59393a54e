import LayerModel

extension Patcher {
    /// A changed drawing (content.md): operations the author wrote and the scene still has
    /// keep their text; appended ones are added after the last; anything else rewrites the list.
    mutating func patchDrawing(_ object: SourceValue, from a: [DrawingOperation], to b: [DrawingOperation]) throws(PatchFailure) {
        guard let member = object.member("drawing") else {
            return try insert("drawing", .array(b.map { .string($0.text) }), into: object)
        }
        guard let elements = member.value.elements, elements.count == a.count else {
            // The file's list is not what the scene started from (a script drew too): written
            // whole; the check after patching refuses it if the script would draw again.
            return try patch(member, .array(b.map { .string($0.text) }), flow: isFlowCollection(object))
        }
        if b.count == a.count {
            // Same length: only the operations that changed are rewritten.
            return try patch(member, .array(zip(a, b).map { $0 == $1 ? .keep : .string($1.text) }), flow: isFlowCollection(object))
        }
        if b.count > a.count, Array(b.prefix(a.count)) == a, !elements.isEmpty {
            // Each after the file's last element; insertions at one place keep their order.
            for op in b[a.count...] {
                try insertElement(.string(op.text), in: member.value, after: elements[elements.count - 1], before: nil, isEmpty: false)
            }
            return
        }
        try patch(member, .array(b.map { .string($0.text) }), flow: isFlowCollection(object))
    }
}
