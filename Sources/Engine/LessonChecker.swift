import CommandLanguage
import Scenes
import LayoutFiles

/// One attempt's outcome: each check's verdict and the answer its query gave.
public struct LessonResult: Equatable, Sendable {
    public var checks: [Bool]
    /// The last query's answer for each check (nil when its commands failed).
    public var answers: [String?]
    public var passed: Bool { !checks.isEmpty && checks.allSatisfy { $0 } }
    /// `{"passed":true,"checks":[true,false]}`, as `learn verify` prints it.
    public var json: String {
        "{\"passed\":\(passed),\"checks\":[" + checks.map { $0 ? "true" : "false" }.joined(separator: ",") + "]}"
    }
}

/// Checks a lesson against a learner's scene without changing it: every check runs its
/// commands on a copy of the `Session` (a value) and compares the last answer with
/// `equals` (`LessonValue.matches`). Commands that touch files are refused, so a check (or a
/// `learn verify` script) never reads or writes anything.
public enum LessonChecker {
    /// Each check of `lesson`, run on a copy of `session`.
    public static func check(_ lesson: Lesson, on session: Session) -> LessonResult {
        var result = LessonResult(checks: [], answers: [])
        for check in lesson.checks {
            let answer = try? ask(check.query, on: session)
            result.answers.append(answer)
            let ok = answer.flatMap(LessonValue.parse(json:)).map { $0.matches(.object(check.equals), within: check.within) } ?? false
            result.checks.append(ok)
        }
        return result
    }

    /// The last answer of `lines` run on a copy of `session` (nil when no command answered).
    public static func ask(_ lines: [ScriptLine], on session: Session) throws(ScriptFailure) -> String? {
        var copy = session
        var last: String?
        try run(lines, on: &copy) { last = $0 }
        return last
    }

    /// Whether a prediction typed by the learner (`12`, `10 20`, `box`) matches what `answer`
    /// gives on `session`: a number against the answer's one number, two numbers against a
    /// point (or a size), a name against a string (`hit`, a layer's name).
    public static func judge(_ typed: String, _ prediction: LessonPrediction, on session: Session) -> (right: Bool, answer: String?) {
        guard let answer = try? ask(prediction.answer, on: session), let value = LessonValue.parse(json: answer) else { return (false, nil) }
        let words = typed.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" || $0 == ")" }).map(String.init)
        let numbers = words.compactMap(Double.init)
        var leaves: [LessonValue] = []
        func collect(_ v: LessonValue) {
            switch v {
            case let .object(m): m.forEach { collect($0.value) }
            case let .array(a) where a.allSatisfy({ if case .number = $0 { return true } else { return false } }): leaves.append(v)
            case let .array(a): a.forEach(collect)
            default: leaves.append(v)
            }
        }
        collect(value)
        let right = leaves.contains { leaf in
            switch leaf {
            case let .number(n): return numbers.count == 1 && words.count == 1 && abs(n - numbers[0]) <= prediction.within
            case let .array(a):
                // Two numbers against a rect: its origin.
                let wanted = numbers.count == 2 && a.count == 4 ? Array(a.prefix(2)) : a
                return numbers.count == wanted.count && numbers.count == words.count
                    && LessonValue.array(numbers.map(LessonValue.number)).matches(.array(wanted), within: prediction.within)
            case let .string(s): return typed.trimming([" ", "\""]) == s
            case let .bool(b): return typed.trimming([" "]).lowercased() == (b ? "true" : "false")
            default: return false
            }
        }
        return (right, answer)
    }

    /// A query's answer (JSON) as the learner reads it (`LessonValue.readable`); the JSON
    /// itself when it does not parse.
    public static func readable(_ answer: String) -> String {
        LessonValue.parse(json: answer)?.readable ?? answer
    }

    /// Runs `lines` on `session` as a lesson's commands: files refused (`save`, `load`,
    /// `reload`, `export`), the explorer's own commands ignored, `quit` ends the run; each
    /// answer goes to `answer`.
    public static func run(_ lines: [ScriptLine], on session: inout Session, answer: (String) -> Void = { _ in }) throws(ScriptFailure) {
        try ScriptRunner.forEach(lines, in: .eval) { (line: ScriptLine, command: Command) throws(ScriptFailure) -> Bool in
            guard case let .engine(engine) = command else {
                if case .explorer(.quit) = command { return false }
                return true
            }
            switch engine {
            case .save, .load, .reload, .exportSVG, .exportSwift:
                let verb = command.text.split(separator: " ").first.map(String.init) ?? command.text
                throw ScriptFailure(
                    .eval, at: line, command: command.text,
                    message: "\(verb) is not allowed in a lesson: a lesson's commands never read or write files",
                    suggestion: "leave it out: the check reads the scene as it is")
            default: break
            }
            do throws(CommandError) {
                if case let .answer(json) = try session.perform(engine) { answer(json) }
            } catch {
                throw ScriptFailure(.eval, at: line, command: command.text, error: error)
            }
            return true
        }
    }
}

/// A lesson file loaded for the learner: its scene (script applied) and its lesson.
public struct LoadedLesson: Equatable, Sendable {
    /// The file as named (or `(embedded) NAME` for the shipped pack).
    public var file: String
    /// The file's name without folder and extension (`01-anchor-jump`): the lesson's key in
    /// progress files and the room.
    public var name: String
    public var scene: Scene
    public var lesson: Lesson
    public var title: String { scene.title ?? name }
}

/// Loading lessons and checking them for authors (`layerscope learn check`).
public enum LessonLoader {
    /// Parses lesson text (the embedded pack).
    public static func parse(_ text: String, file: String, format: LayoutFormat) throws(SceneLoadError) -> LoadedLesson {
        let scene: Scene
        do { scene = try LayoutFile.parse(text, file: file, format: format) } catch { throw SceneLoadError(error.description) }
        return try loaded(scene, file: file)
    }

    /// A parsed layout as a lesson: its script run, its steps checked, named after its file.
    public static func loaded(_ scene: Scene, file: String) throws(SceneLoadError) -> LoadedLesson {
        guard let lesson = scene.lesson else {
            throw SceneLoadError(
                LayoutError(
                    file: file, line: 1, column: 1, message: "not a lesson: the file has no top-level \"lesson\"",
                    suggestion: "add \"lesson\": {\"goal\", \"check\", \"hints\", \"solution\"} (docs/layout-format.md, \"Lessons\")"
                ).description)
        }
        var scripted = try SceneLoader.applyingScript(scene)
        // Its steps played once, as a layout's are (SceneLoader.load): a step that warns is a
        // load warning, one that cannot run refuses the lesson.
        scripted.loadWarnings.all += try Session.checkSteps(of: scripted)
        var base = file.split(separator: "/").last.map(String.init) ?? file
        if base.hasPrefix("(embedded) ") { base.removeFirst("(embedded) ".count) }
        let name = base.split(separator: ".").dropLast().joined(separator: ".")
        return LoadedLesson(file: file, name: name.isEmpty ? base : name, scene: scripted, lesson: lesson)
    }

    /// A lesson's file as `learn verify` takes it: as it is, quoted where a shell would split
    /// it; an embedded lesson (`(embedded) NAME`, which no command can open) as its source in
    /// the project, `Layouts/Lessons/NAME`.
    static func verifiable(_ file: String) -> String {
        guard file.hasPrefix(LoadWarningStatus.embedded) else { return LoadWarningStatus.shellWord(file) }
        return LoadWarningStatus.shellWord("Layouts/Lessons/" + file.dropFirst(LoadWarningStatus.embedded.count))
    }

    /// What `learn check` asks of a lesson: every check's query runs; at the start at least
    /// one check fails; after the solution every check passes. The first problem is thrown,
    /// located at the check (or the solution) in the file.
    public static func validate(_ loaded: LoadedLesson) throws(LayoutError) {
        let lesson = loaded.lesson
        let start = Session(scene: loaded.scene)
        for (index, check) in lesson.checks.enumerated() {
            do { _ = try LessonChecker.ask(check.query, on: start) } catch {
                throw LayoutError(
                    file: check.location.file, line: check.location.line, column: check.location.column,
                    path: "lesson.check[\(index)].query", message: "the query fails at the lesson's start: \(error.reason)",
                    suggestion: "try it with layerscope learn verify \(verifiable(loaded.file)) --script ''")
            }
        }
        for (index, prediction) in lesson.predict.enumerated() {
            do { _ = try LessonChecker.ask(prediction.answer, on: start) } catch {
                throw LayoutError(
                    file: prediction.location.file, line: prediction.location.line, column: prediction.location.column,
                    path: "lesson.predict[\(index)].answer", message: "the answer's query fails: \(error.reason)")
            }
        }
        let atStart = LessonChecker.check(lesson, on: start)
        if atStart.passed {
            let at = lesson.checks[0].location
            throw LayoutError(
                file: at.file, line: at.line, column: at.column, path: "lesson.check",
                message: "every check already passes at the lesson's start: the learner has nothing to do",
                suggestion: "change the scene (layers, script) or what the checks want, so that one fails before the solution")
        }
        var solved = start
        do { try LessonChecker.run(lesson.solution, on: &solved) } catch {
            throw LayoutError(
                file: error.file, line: error.line, column: error.column, path: "lesson.solution",
                message: "the solution does not run: \(error.reason)")
        }
        let after = LessonChecker.check(lesson, on: solved)
        if let failed = after.checks.firstIndex(of: false) {
            let at = lesson.checks[failed].location
            throw LayoutError(
                file: at.file, line: at.line, column: at.column, path: "lesson.check[\(failed)]",
                message: "the solution does not pass this check: \(lesson.checks[failed].queryText) answered \(after.answers[failed] ?? "nothing")",
                suggestion: "fix the solution or the check's equals")
        }
    }
}

extension String {
    /// Without `characters` at either end.
    func trimming(_ characters: Set<Character>) -> String {
        var s = Substring(self)
        while let f = s.first, characters.contains(f) { s.removeFirst() }
        while let l = s.last, characters.contains(l) { s.removeLast() }
        return String(s)
    }
}
