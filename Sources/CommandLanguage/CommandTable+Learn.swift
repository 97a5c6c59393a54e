/// The learner's commands (`layerscope learn`, docs/workshops.md "Lessons"): each has a key
/// too (G, N, M while a lesson is open), and the `:` line takes them everywhere.
public enum LearnCommand: Equatable, Sendable {
    /// `hint`: the next hint of the open lesson.
    case hint
    /// `next`: the next lesson (after a pass; the closing screen after the last).
    case next
    /// `lessons`: the list of lessons with ✓ for the passed ones.
    case lessons
    /// `lesson N`: open lesson N (1-based).
    case lesson(Int)

    public var text: String {
        switch self {
        case .hint: return "hint"
        case .next: return "next"
        case .lessons: return "lessons"
        case let .lesson(n): return "lesson \(n)"
        }
    }
}

extension CommandTable {
    /// The learner's commands, declared once (one block, like the exploded view's).
    static let learnCommands: [CommandSpec] = [
        CommandSpec("hint", .explorer, [CommandForm([], "learn: the open lesson's next hint (key G)")]) {
            (_: inout TokenCursor) throws(CommandError) -> Command in
            .explorer(.learn(.hint))
        },
        CommandSpec("next", .explorer, [CommandForm([], "learn: the next lesson (key N)")]) { (_: inout TokenCursor) throws(CommandError) -> Command in
            .explorer(.learn(.next))
        },
        CommandSpec("lessons", .explorer, [CommandForm([], "learn: the list of lessons, ✓ for each passed (key M)")]) {
            (_: inout TokenCursor) throws(CommandError) -> Command in
            .explorer(.learn(.lessons))
        },
        CommandSpec("lesson", .explorer, [CommandForm([.number("N")], "learn: open lesson N (1 is the first)")]) {
            (r: inout TokenCursor) throws(CommandError) -> Command in
            let column = r.peek?.column
            let n = try r.integer("the lesson's number")
            guard n >= 1 else { throw CommandError("lessons are numbered from 1", column: column, suggestion: "lesson 1") }
            return .explorer(.learn(.lesson(n)))
        }
    ]
}
