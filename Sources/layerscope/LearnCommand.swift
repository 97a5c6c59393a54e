import ArgumentParser
import Cells
import CommandLanguage
import Engine
import SceneFiles
import Explorer
import ExplorerRuntime
import Foundation
import LayoutFiles
import LayoutFileIO
import NCursesTerminal
import Raster
import SafeText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `layerscope learn [PACK|FILE]`, `learn check`, `learn verify` (docs/workshops.md, "Lessons").
struct Learn: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Lessons that check your answer: the explorer with a goal, hints, and progress kept.",
        // ArgumentParser's usage for a command with subcommands is `learn <subcommand>` alone,
        // which hid that plain `learn` opens the lessons and takes a pack and options.
        usage: """
            layerscope learn [<pack>] [--room <DIR> --name <NAME>] [--restart] [--mode …] [--theme …] [--present]
            layerscope learn <subcommand>
            """,
        discussion: """
            layerscope learn opens the embedded pack (12 lessons); learn PACK opens a folder of \
            lesson files in file-name order, learn FILE one lesson. Keys while a lesson is open: \
            \(learnKey(.hint)) the next hint, \(learnKey(.next)) the next lesson, \(learnKey(.lessons)) the list \
            (also :hint, :next, :lessons, :lesson N). \
            Progress is kept in $XDG_STATE_HOME/layerscope/learn (default ~/.local/state) and \
            resumed at the next start. In a workshop: --room DIR --name NAME, and the presenter \
            runs layerscope room DIR. Every option of the lessons: layerscope learn run --help.
            """,
        subcommands: [LearnRun.self, LearnCheck.self, LearnVerify.self],
        defaultSubcommand: LearnRun.self)
}

/// The key the explorer's keymap binds to a learner's command (`G`, `N`, `E`): the help names
/// what the keymap does (it said "M the list", and M is measure).
func learnKey(_ command: CommandLanguage.LearnCommand) -> String {
    Keymap.bindings.first { $0.action == .command(.explorer(.learn(command))) }?.keys.map(\.description).joined(separator: " ")
        ?? ":" + Command.explorer(.learn(command)).text
}

/// A pack as given on the command line: the embedded one, a folder, or one file.
struct LessonSource {
    var name: String
    /// The key of its progress file.
    var key: String
    var lessons: [LoadedLesson]

    /// Loads every lesson; the first that does not load (or, with `validate`, does not
    /// check) stops with its located error.
    static func load(_ path: String?, validate: Bool) throws(SceneLoadError) -> LessonSource {
        var lessons: [LoadedLesson] = []
        func add(_ lesson: LoadedLesson) throws(SceneLoadError) {
            if validate { do { try LessonLoader.validate(lesson) } catch { throw SceneLoadError(error.description) } }
            lessons.append(lesson)
        }
        guard let path else {
            for file in LessonPack.files {
                let format: LayoutFormat = file.name.hasSuffix(".json") ? .json : .yaml
                try add(try LessonLoader.parse(file.text, file: "(embedded) " + file.name, format: format))
            }
            return LessonSource(name: LessonPack.name, key: "embedded", lessons: lessons)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SceneLoadError("\(path):1:1: no such file or folder; give a lesson file or a folder of them (or nothing: the embedded pack)")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let key = String(absolute.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
        if isDirectory.boolValue {
            guard let files = LessonLoader.packFiles(path), !files.isEmpty else {
                throw SceneLoadError("\(path): no lesson files (.json, .yaml, .yml) in this folder")
            }
            for file in files { try add(try LessonLoader.load(file)) }
            return LessonSource(name: URL(fileURLWithPath: absolute).lastPathComponent, key: key, lessons: lessons)
        }
        try add(try LessonLoader.load(path))
        return LessonSource(name: lessons[0].title, key: key, lessons: lessons)
    }
}

/// Where a learner's progress lives: `$XDG_STATE_HOME/layerscope/learn/KEY.json`
/// (`~/.local/state` when XDG_STATE_HOME is unset or not absolute, as the spec says).
struct Progress {
    var current: String?
    var passed: Set<String> = []
    var hints: [String: Int] = [:]

    static func directory() -> String {
        let env = ProcessInfo.processInfo.environment
        var base = env["XDG_STATE_HOME"] ?? ""
        if !base.hasPrefix("/") { base = (env["HOME"] ?? NSHomeDirectory()) + "/.local/state" }
        return base + "/layerscope/learn"
    }

    static func path(key: String) -> String { directory() + "/" + key + ".json" }

    /// The saved progress, or none (a missing or unreadable file is a fresh start).
    static func read(key: String) -> Progress {
        guard let data = FileManager.default.contents(atPath: path(key: key)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return Progress() }
        var p = Progress()
        p.current = object["current"] as? String
        p.passed = Set(object["passed"] as? [String] ?? [])
        for (k, v) in object["hints"] as? [String: Any] ?? [:] { if let n = v as? Int { p.hints[k] = n } }
        return p
    }

    /// Written whole, atomically (temporary file, fsync, rename): never a half-written file.
    static func write(_ learn: LearnState, key: String) {
        let dir = directory()
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let object: [String: Any] = ["pack": learn.pack, "current": learn.lesson.name, "passed": learn.passed.sorted(), "hints": learn.hints]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return }
        _ = try? TextFile.writeAtomically(text + "\n", to: path(key: key))
    }
}

struct LearnRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the lessons (the default: layerscope learn [PACK|FILE]).")

    @Argument(help: "A folder of lesson files (a pack, in file-name order) or one lesson file; omit it for the embedded pack.")
    var pack: String?

    @Option(
        help: ArgumentHelp("A workshop's room folder: your progress is appended to DIR/NAME.jsonl for the presenter's layerscope room DIR.", valueName: "DIR"))
    var room: String?

    @Option(help: ArgumentHelp("Your name in the room (letters, digits, . _ -; at most 40).", valueName: "NAME"))
    var name: String?

    @Flag(help: "Forget the saved progress of this pack and start at lesson 1.")
    var restart = false

    @OptionGroup var draw: DrawOptions

    @Flag(help: "Don't capture the mouse (keeps the terminal's own text selection).")
    var noMouse = false

    func validate() throws {
        if (room == nil) != (name == nil) { throw ValidationError("--room DIR and --name NAME go together") }
        if let name, !RoomFile.isValidName(name) {
            throw ValidationError("--name \(name): use 1 to 40 letters, digits, '.', '_' or '-', not starting with '.'")
        }
    }

    func run() throws {
        let source: LessonSource
        do { source = try LessonSource.load(pack, validate: false) } catch {
            printError("layerscope learn: " + error.description)
            throw ExitCode(2)
        }
        let progress = restart ? Progress() : Progress.read(key: source.key)
        let current = progress.current.flatMap { c in source.lessons.firstIndex { $0.name == c } } ?? 0
        var learn = LearnState(
            pack: source.name, lessons: source.lessons, current: current,
            passed: progress.passed.intersection(source.lessons.map(\.name)), hints: progress.hints)
        if progress.current != nil { learn.lastEvent = "resume" }
        var roomFile: RoomFile? = nil
        if let room, let name {
            do { roomFile = try RoomFile(directory: room, name: name) } catch {
                printError("layerscope learn: --room: \(error)")
                throw ExitCode(2)
            }
        }
        var state = ExplorerState(learning: learn)
        state.cellAspect = draw.cellAspect
        state.picture.present = draw.present
        if progress.current != nil, let l = state.learn {
            state.status = "welcome back: lesson \(l.current + 1) of \(l.lessons.count), \(l.passed.count) passed — M lists them"
        }
        Progress.write(state.learn!, key: source.key)
        roomFile?.append(state.learn!, event: progress.current == nil ? "start" : "resume")
        let (terminal, screen, _) = try openExplorerTerminal(draw: draw, mouse: !noMouse)
        let loop = RunLoop(state: state, terminal: terminal, options: screen)
        var revision = state.learn?.revision ?? 0
        loop.observe = { state in
            guard let learn = state.learn, learn.revision != revision else { return }
            revision = learn.revision
            Progress.write(learn, key: source.key)
            roomFile?.append(learn, event: learn.lastEvent)
        }
        try runLoop(loop, on: terminal)
        if let learn = loop.state.learn { roomFile?.append(learn, event: "quit") }
    }
}

struct LearnCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "For authors and CI: each lesson loads, fails at its start and passes after its solution (exit 0 only if all do); warnings on stderr, as check prints them."
    )

    @Argument(help: "A lesson file or a folder of them; omit it for the embedded pack.")
    var pack: String?

    func run() throws {
        // Each file on its own, so one broken lesson does not hide the others' errors.
        var files: [String?] = [pack]
        if let pack, let listed = LessonLoader.packFiles(pack) { files = listed }
        if pack == nil { files = [nil] }
        var failures = 0, count = 0
        for file in files {
            do {
                let source = try LessonSource.load(file, validate: true)
                for lesson in source.lessons {
                    // Its load warnings (a frame under a rotation), on stderr as check says a
                    // file's: the one place an embedded lesson's can all be read.
                    let warnings = lesson.scene.loadWarnings.all
                    for warning in warnings { printError(warning.description) }
                    let warned = warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
                    print("ok \(SafeText.visible(lesson.file))" + warned)
                    count += 1
                }
            } catch {
                printError(error.description)
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode(1) }
        print("\(count) lesson\(count == 1 ? "" : "s") checked")
    }
}

struct LearnVerify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "One attempt, headless: run commands from the lesson's start and print {\"passed\": BOOL, \"checks\": [BOOL, …]} (exit 0 passed, 1 not, 2 error). save, export and load are refused."
    )

    @Argument(help: "The lesson file.")
    var file: String

    @OptionGroup var source: ScriptSource

    func run() throws {
        let lesson: LoadedLesson
        do { lesson = try LessonLoader.load(file) } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let script: (name: String, text: String)?
        do { script = try ScriptSource.commands(script: source.script, scriptFile: source.scriptFile) } catch {
            printError("layerscope learn verify: \(error)")
            throw ExitCode(2)
        }
        var session = Session(scene: lesson.scene)
        if let (name, text) = script {
            do { try LessonChecker.run(ScriptRunner.lines(of: text, name: name), on: &session) } catch {
                printError(error.description)
                throw ExitCode(2)
            }
        }
        let result = LessonChecker.check(lesson.lesson, on: session)
        print(result.json)
        if !result.passed { throw ExitCode(1) }
    }
}
