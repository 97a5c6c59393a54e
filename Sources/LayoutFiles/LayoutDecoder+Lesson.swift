import LayerModel
import Scenes
import CommandLanguage

/// The `lesson` field (docs/layout-format.md, "Lessons"; the model is Lesson.swift). What can
/// be known without running the scene is checked here, with the file, line, column and field
/// of the value at fault: unknown fields, types, a `query` whose last command is not a query,
/// commands that do not parse. Whether a check fails at the start and the solution passes
/// needs the engine: `LessonLoader` in Engine checks that, with the same kind of message.
extension LayoutDecoder {
    static let lessonFields = ["goal", "check", "hints", "solution", "why", "predict"]
    static let lessonSynonyms = [
        "checks": "check", "task": "goal", "instructions": "goal", "hint": "hints", "answer": "solution",
        "explanation": "why", "rule": "why", "prediction": "predict", "predictions": "predict"
    ]

    func lesson(_ value: SourceValue, at keyPosition: SourcePosition) throws(LayoutError) -> Lesson {
        guard let members = value.members else {
            throw error(
                at: value.position, "lesson", "expected a lesson object {\"goal\", \"check\", \"hints\", \"solution\"}, found \(describe(value))",
                suggestion: "write \"lesson\": {\"goal\": \"…\", \"check\": [{\"query\": \"select box; get frame\", \"equals\": {\"rect\": [0, 0, 10, 10]}}]}")
        }
        var goal: String?, why: String?
        var checks: [LessonCheck]?
        var hints: [String] = []
        var solution: [ScriptLine]?
        var predict: [LessonPrediction] = []
        for member in members {
            let path = "lesson." + member.key
            switch member.key {
            case "goal": goal = try string(member.value, path: path)
            case "why": why = try string(member.value, path: path)
            case "hints": hints = try texts(member.value, path: path)
            case "solution": solution = try script(member.value, path: path)
            case "check": checks = try lessonChecks(member.value)
            case "predict": predict = try predictions(member.value)
            default:
                throw unknownField(member, path: "lesson", valid: Self.lessonFields, synonyms: Self.lessonSynonyms, context: "in a lesson")
            }
        }
        func missing(_ field: String, _ example: String) -> LayoutError {
            error(at: value.position, "lesson", "a lesson needs \"\(field)\"", suggestion: "add \"\(field)\": \(example)")
        }
        guard let goal else { throw missing("goal", "\"what the learner must do\"") }
        guard let checks else { throw missing("check", "[{\"query\": \"select box; get frame\", \"equals\": {\"rect\": [0, 0, 10, 10]}}]") }
        guard let solution else { throw missing("solution", "[\"select box\", \"rotate 30\"]") }
        return Lesson(
            goal: goal, checks: checks, hints: hints, solution: solution, why: why, predict: predict,
            location: SourceLocation(file: file, line: keyPosition.line, column: keyPosition.column))
    }

    /// A list of strings (`hints`).
    func texts(_ value: SourceValue, path: String) throws(LayoutError) -> [String] {
        guard let elements = value.elements else {
            throw error(at: value.position, path, "expected a list of texts, found \(describe(value))", suggestion: "write [\"first hint\", \"second hint\"]")
        }
        var out: [String] = []
        for (i, e) in elements.enumerated() { out.append(try string(e, path: "\(path)[\(i)]")) }
        return out
    }

    func lessonChecks(_ value: SourceValue) throws(LayoutError) -> [LessonCheck] {
        guard let elements = value.elements, !elements.isEmpty else {
            throw error(
                at: value.position, "lesson.check", "expected a non-empty list of checks, found \(describe(value))",
                suggestion: "write [{\"query\": \"select box; get frame\", \"equals\": {\"rect\": [0, 0, 10, 10]}}]")
        }
        var out: [LessonCheck] = []
        for (index, element) in elements.enumerated() {
            let path = "lesson.check[\(index)]"
            guard let members = element.members else {
                throw error(at: element.position, path, "expected a check {\"query\", \"equals\", \"within\"}, found \(describe(element))")
            }
            var query: [ScriptLine]?, equals: [LessonMember]?
            var within = LessonCheck.defaultTolerance
            for member in members {
                switch member.key {
                case "query": query = try queryLines(member.value, path: path + ".query")
                case "equals":
                    guard case .object = member.value.kind, !member.value.memberList.isEmpty else {
                        throw error(
                            at: member.value.position, path + ".equals",
                            "expected the keys of the answer, as eval prints it, found \(describe(member.value))",
                            suggestion: "write {\"rect\": [0, 0, 10, 10]} for get frame, {\"hit\": \"box\"} for hit-test")
                    }
                    equals = member.value.memberList.map { LessonMember($0.key, LessonValue($0.value)) }
                case "within": within = try tolerance(member.value, path: path + ".within")
                default:
                    throw unknownField(
                        member, path: path, valid: ["query", "equals", "within"],
                        synonyms: [
                            "commands": "query", "script": "query", "expect": "equals", "answer": "equals",
                            "is": "equals", "tolerance": "within"
                        ], context: "in a check")
                }
            }
            guard let query else { throw error(at: element.position, path, "a check needs \"query\"", suggestion: "add \"query\": \"select box; get frame\"") }
            guard let equals else {
                throw error(at: element.position, path, "a check needs \"equals\"", suggestion: "add \"equals\": {\"rect\": [0, 0, 10, 10]}")
            }
            out.append(
                LessonCheck(
                    query: query, equals: equals, within: within,
                    location: SourceLocation(file: file, line: element.position.line, column: element.position.column)))
        }
        return out
    }

    func predictions(_ value: SourceValue) throws(LayoutError) -> [LessonPrediction] {
        guard let elements = value.elements else {
            throw error(
                at: value.position, "lesson.predict", "expected a list of {\"ask\", \"answer\"}, found \(describe(value))",
                suggestion: "write [{\"ask\": \"Where is box's frame origin now?\", \"answer\": \"select box; get frame\"}]")
        }
        var out: [LessonPrediction] = []
        for (index, element) in elements.enumerated() {
            let path = "lesson.predict[\(index)]"
            guard let members = element.members else {
                throw error(at: element.position, path, "expected {\"ask\", \"answer\"}, found \(describe(element))")
            }
            var ask: String?, answer: [ScriptLine]?
            var within = LessonCheck.defaultTolerance
            for member in members {
                switch member.key {
                case "ask": ask = try string(member.value, path: path + ".ask")
                case "answer": answer = try queryLines(member.value, path: path + ".answer")
                case "within": within = try tolerance(member.value, path: path + ".within")
                default:
                    throw unknownField(
                        member, path: path, valid: ["ask", "answer", "within"],
                        synonyms: ["question": "ask", "query": "answer", "tolerance": "within"], context: "in a prediction")
                }
            }
            guard let ask else { throw error(at: element.position, path, "a prediction needs \"ask\"", suggestion: "add \"ask\": \"the question\"") }
            guard let answer else {
                throw error(at: element.position, path, "a prediction needs \"answer\"", suggestion: "add \"answer\": \"select box; get frame\"")
            }
            out.append(
                LessonPrediction(
                    ask: ask, answer: answer, within: within,
                    location: SourceLocation(file: file, line: element.position.line, column: element.position.column)))
        }
        return out
    }

    func tolerance(_ value: SourceValue, path: String) throws(LayoutError) -> Double {
        let n = try number(value, path: path)
        guard n >= 0 else { throw error(at: value.position, path, "a tolerance cannot be negative, found \(literal(value))", suggestion: "0.01") }
        return n
    }

    /// Commands ending in one query: a string (`;` or new lines between commands) or a list.
    /// Each must parse; the last must be a query (`get`, `hit-test`, `convert`, `contains`…),
    /// and none may touch files (`save`, `load`, `reload`, `export`).
    func queryLines(_ value: SourceValue, path: String) throws(LayoutError) -> [ScriptLine] {
        let lines = try script(value, path: path)
        var last: Command?
        for line in lines {
            let commands: [Command]
            do { commands = try CommandParser.parseLine(line.text) } catch let failure {
                throw error(
                    at: value.position, path, "\"\(line.text.abbreviated)\" is not a command: \(failure.message)",
                    suggestion: failure.suggestion ?? "commands are written as on the : line (layerscope commands lists them)")
            }
            for command in commands {
                if case let .engine(e) = command {
                    switch e {
                    case .save, .load, .reload, .exportSVG, .exportSwift:
                        throw error(
                            at: value.position, path, "\"\(command.text.abbreviated)\" touches files; a check only asks",
                            suggestion: "end with a query such as get frame")
                    default: break
                    }
                }
                last = command
            }
        }
        guard let last, case .engine(.query) = last else {
            let found = last.map { "\"\($0.text.abbreviated)\"" } ?? "nothing"
            throw error(
                at: value.position, path, "a query must end in a question (get, hit-test, convert, contains…), found \(found)",
                suggestion: "end with a query, e.g. \"select box; get frame\"")
        }
        return lines
    }
}
