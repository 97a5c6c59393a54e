import LayerModel
import SafeText

/// A lesson (docs/workshops.md, "Lessons"): a layout file with a top-level `lesson` that asks
/// the learner to change its scene. The engine checks the end state, never the keystrokes:
/// each `check` runs its commands on a copy of the learner's scene and compares the last
/// query's answer, as `eval` prints it, with `equals`.
public struct Lesson: Equatable, Sendable {
    /// What to do, shown on screen while the lesson is open.
    public var goal: String
    /// Every check must pass; at the lesson's start at least one must fail.
    public var checks: [LessonCheck]
    /// Shown one at a time, on request.
    public var hints: [String]
    /// Commands, as `script` takes them, that solve the lesson from its start.
    public var solution: [ScriptLine]
    /// Shown after a pass: the rule, citing docs/geometry.md.
    public var why: String?
    /// Questions answered before the canvas reveals the answer.
    public var predict: [LessonPrediction]
    /// Where `lesson` is written, for messages.
    public var location: SourceLocation?

    public init(
        goal: String, checks: [LessonCheck], hints: [String] = [], solution: [ScriptLine] = [],
        why: String? = nil, predict: [LessonPrediction] = [], location: SourceLocation? = nil
    ) {
        self.goal = goal; self.checks = checks; self.hints = hints; self.solution = solution
        self.why = why; self.predict = predict; self.location = location
    }
}

/// One `{"query": COMMANDS, "equals": ANSWER, "within": TOLERANCE}`.
public struct LessonCheck: Equatable, Sendable {
    /// Commands ending in one query (`select box; get frame`), one `ScriptLine` each.
    public var query: [ScriptLine]
    /// The keys the answer must hold, with their values.
    public var equals: [LessonMember]
    /// How far a number may be from its wanted value (default 0.01).
    public var within: Double
    /// Where the check is written.
    public var location: SourceLocation

    public static let defaultTolerance = 0.01

    public init(query: [ScriptLine], equals: [LessonMember], within: Double = LessonCheck.defaultTolerance, location: SourceLocation) {
        self.query = query; self.equals = equals; self.within = within; self.location = location
    }

    /// The query's commands as one line (`select box; get frame`).
    public var queryText: String { query.map(\.text).joined(separator: "; ") }
}

/// `{"ask": TEXT, "answer": QUERY}`: the learner types a number, point or name; the answer is
/// the query's, and the learner's is right when it matches it as a check's `equals` would.
public struct LessonPrediction: Equatable, Sendable {
    public var ask: String
    public var answer: [ScriptLine]
    public var within: Double
    public var location: SourceLocation
    public init(ask: String, answer: [ScriptLine], within: Double = LessonCheck.defaultTolerance, location: SourceLocation) {
        self.ask = ask; self.answer = answer; self.within = within; self.location = location
    }
}

/// A key and its wanted value in a check's `equals`.
public struct LessonMember: Equatable, Sendable {
    public var key: String
    public var value: LessonValue
    public init(_ key: String, _ value: LessonValue) { self.key = key; self.value = value }
}

/// A JSON value: what `equals` wants and what a query answers.
public indirect enum LessonValue: Equatable, Sendable, CustomStringConvertible {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([LessonValue])
    case object([LessonMember])

    /// True when `self` (an answer) holds `wanted`: equal strings, booleans and nulls; numbers
    /// within `tolerance`; arrays of the same length, element by element; an object holds
    /// every key of the wanted one (other keys are free).
    public func matches(_ wanted: LessonValue, within tolerance: Double) -> Bool {
        switch (self, wanted) {
        case let (.number(a), .number(b)): return abs(a - b) <= tolerance
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1, within: tolerance) }
        case let (.object(a), .object(b)):
            return b.allSatisfy { w in a.first { $0.key == w.key }.map { $0.value.matches(w.value, within: tolerance) } ?? false }
        default: return false
        }
    }

    /// The value as JSON (numbers in their shortest exact spelling).
    public var description: String {
        switch self {
        case let .number(n): return NumberText.exact(n)
        case let .string(s): return SafeText.jsonQuoted(s)
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        case let .array(a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case let .object(m): return "{" + m.map { SafeText.jsonQuoted($0.key) + ":" + $0.value.description }.joined(separator: ",") + "}"
        }
    }
}
