import LayerModel

extension LessonValue {
    /// The value as a learner reads it, not as JSON: a query's one member by itself
    /// (`{"rect":[150,100,100,60]}` → `(150, 100, 100, 60)`), numbers in brackets as a
    /// point or rect is written in the lessons, a name without quotes; an answer with several
    /// members names them (`hit red · treeOrder green`).
    public var readable: String {
        switch self {
        case let .number(n): return NumberText.exact(n)
        case let .string(s): return s
        case let .bool(b): return b ? "true" : "false"
        case .null: return "nothing"
        case let .array(a): return "(" + a.map(\.readable).joined(separator: ", ") + ")"
        case let .object(m):
            if m.count == 1 { return m[0].value.readable }
            return m.map { "\($0.key) \($0.value.readable)" }.joined(separator: " · ")
        }
    }
}
