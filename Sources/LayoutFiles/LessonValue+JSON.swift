import Scenes

/// Reading a lesson's values from JSON: the layout reader's parse tree, and a query's answer.
extension LessonValue {
    /// Parses one JSON value (a query's answer); nil when it is not JSON.
    public static func parse(json text: String) -> LessonValue? {
        guard let root = try? JSONReader.parse(Array(text.utf8), file: "(answer)") else { return nil }
        return LessonValue(root)
    }

    init(_ value: SourceValue) {
        switch value.kind {
        case let .number(n, _): self = .number(n)
        case let .string(s): self = .string(s)
        case let .bool(b): self = .bool(b)
        case .null: self = .null
        case .array: self = .array(value.elementList.map(LessonValue.init))
        case .object: self = .object(value.memberList.map { LessonMember($0.key, LessonValue($0.value)) })
        }
    }
}
