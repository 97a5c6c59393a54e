import TerminalKit
import LayerModel
import CommandLanguage
import Scenes
import Engine

/// `layerscope learn` (docs/workshops.md, "Lessons"): the pack, where the learner is, what
/// they passed and how many hints they used. Part of `ExplorerState` (nil outside learn), so
/// the pure reducer changes it and the screen draws it; the run loop's observer saves it.
public struct LearnState: Equatable, Sendable {
    /// The pack's name, for the title and the closing screen.
    public var pack: String
    public var lessons: [LoadedLesson]
    /// The lesson open now (an index into `lessons`).
    public var current: Int
    /// The names (`LoadedLesson.name`) of the lessons passed, in this run or before.
    public var passed: Set<String>
    /// Hints shown per lesson name (never more than the lesson has).
    public var hints: [String: Int]
    /// The last check of the open lesson; nil before the first.
    public var result: LessonResult?
    /// How many times the lessons were checked (a test counts work, not time).
    public var checkCount = 0
    /// The lesson list overlay (`M`, `lessons`) and its highlighted row.
    public var listRow: Int? = nil
    /// The closing screen: every lesson of the pack passed.
    public var finished = false
    /// The open lesson's prediction being asked (index) and what the learner typed so far.
    public var predicting: Int? = nil
    public var typed = ""
    /// Bumped at every event the room and the progress file care about (a lesson opened,
    /// a hint, a pass); `lastEvent` names it.
    public var revision = 0
    public var lastEvent = "start"
    /// What the last check looked at: an edit that changes none of it is not checked again.
    var checkedKey: CheckKey? = nil

    struct CheckKey: Equatable, Sendable {
        var tree: LayerTree
        var order: String
        var now: Double
    }

    public init(pack: String, lessons: [LoadedLesson], current: Int = 0, passed: Set<String> = [], hints: [String: Int] = [:]) {
        self.pack = pack
        self.lessons = lessons
        self.current = min(max(0, current), max(0, lessons.count - 1))
        self.passed = passed
        self.hints = hints
    }

    public var lesson: LoadedLesson { lessons[current] }
    public var hintsShown: Int { hints[lesson.name] ?? 0 }
    public var isPassed: Bool { passed.contains(lesson.name) }
    public var totalHints: Int { hints.values.reduce(0, +) }
    public var allPassed: Bool { lessons.allSatisfy { passed.contains($0.name) } }
}

extension ExplorerState {
    /// A learner's explorer on `learn`'s open lesson.
    public init(learning learn: LearnState) {
        self.init(session: Session(scene: learn.lesson.scene))
        self.learn = learn
        Learn.open(&self, learn.current, event: "start")
    }
}

/// The learner's reducer: the commands and keys of learn mode, and the check after every
/// action. Hooked into `Reducer.reduce` (before: `intercept`; after: `recheck`) and
/// `explorerCommand` (`perform`).
public enum Learn {
    /// Keys the learn overlays take before the keymap: the lesson list, the closing screen,
    /// a prediction being typed. Nil: the key goes on to the keymap.
    static func intercept(_ state: inout ExplorerState, _ action: Action) -> ExplorerEffect? {
        guard var learn = state.learn, case let .key(key) = action else { return nil }
        // Esc typed quickly before a key arrives as Alt+key: over an overlay it is Esc, then the key.
        if case let .alt(c) = key, learn.finished || learn.listRow != nil || learn.predicting != nil {
            _ = intercept(&state, .key(.escape))
            return Reducer.reduce(&state, .key(.character(c)))
        }
        if learn.finished {
            switch key {
            case .character("q"), .control("c"): return .quit
            case .character("E"): learn.finished = false; learn.listRow = learn.current
            default: learn.finished = false
            }
            state.learn = learn
            return ExplorerEffect.none
        }
        if let row = learn.listRow {
            switch key {
            case .character("j"), .down: learn.listRow = min(learn.lessons.count - 1, row + 1)
            case .character("k"), .up: learn.listRow = max(0, row - 1)
            case .enter:
                learn.listRow = nil
                state.learn = learn
                open(&state, row, event: "start")
                state.echo = "Enter → lesson \(row + 1)"
                return ExplorerEffect.none
            case .control("c"), .escape, .character("q"), .character("E"): learn.listRow = nil
            default: learn.listRow = nil
            }
            state.learn = learn
            return ExplorerEffect.none
        }
        // q leaves without the "unsaved edits" question: the lesson's scene is not a file,
        // and the progress is saved after every event.
        if key == .character("q"), state.output == nil, [.normal, .anchor, .cursor].contains(state.mode), learn.predicting == nil {
            return .quit
        }
        if let index = learn.predicting {
            let prediction = learn.lesson.lesson.predict[index]
            switch key {
            case let .character(c): learn.typed.append(c)
            case .backspace: if !learn.typed.isEmpty { learn.typed.removeLast() }
            case .escape, .control("c"):
                learn.typed = ""
                learn.predicting = nil
                state.learn = learn
                state.setStatus("prediction skipped — the canvas shows the answer")
                return ExplorerEffect.none
            case .enter:
                let (right, answer) = LessonChecker.judge(learn.typed, prediction, on: state.session)
                let said = learn.typed
                learn.typed = ""
                learn.predicting = index + 1 < learn.lesson.lesson.predict.count ? index + 1 : nil
                state.learn = learn
                // The answer as the learner reads it: (150, 100, 100, 60), not {"rect":[…]}.
                let shown = answer.map(LessonChecker.readable)
                state.setStatus(right ? "✓ \(said) — right: \(shown ?? "")" : "✗ you said \(said); the engine says \(shown ?? "nothing")", error: !right)
                return ExplorerEffect.none
            default: break
            }
            state.learn = learn
            return ExplorerEffect.none
        }
        return nil
    }

    /// `hint`, `next`, `lessons`, `lesson N`.
    static func perform(_ state: inout ExplorerState, _ command: LearnCommand) -> ExplorerEffect {
        guard var learn = state.learn else {
            state.setStatus("\(command.text): no lesson is open — layerscope learn opens the lessons", error: true)
            return .none
        }
        switch command {
        case .hint:
            let hints = learn.lesson.lesson.hints
            guard learn.hintsShown < hints.count else {
                state.setStatus(hints.isEmpty ? "this lesson has no hints" : "no more hints (\(hints.count) of \(hints.count) shown)", error: true)
                return .none
            }
            learn.hints[learn.lesson.name] = learn.hintsShown + 1
            learn.revision += 1
            learn.lastEvent = "hint"
            state.learn = learn
            state.setStatus("hint \(learn.hintsShown) of \(hints.count)")
        case .next:
            if learn.current + 1 < learn.lessons.count {
                open(&state, learn.current + 1, event: "start")
            } else if learn.allPassed {
                learn.finished = true
                learn.revision += 1
                learn.lastEvent = "done"
                state.learn = learn
            } else if let first = learn.lessons.firstIndex(where: { !learn.passed.contains($0.name) }) {
                open(&state, first, event: "start")
                state.setStatus("the last lesson — back to the first one not passed yet")
            }
        case .lessons:
            learn.listRow = learn.current
            state.learn = learn
        case let .lesson(n):
            guard n <= learn.lessons.count else {
                state.setStatus("lesson \(n): the pack has \(learn.lessons.count) lessons", error: true)
                return .none
            }
            open(&state, n - 1, event: "start")
        }
        return .none
    }

    /// Opens lesson `index` on its start scene: a fresh session (its own undo), the view
    /// fitted, the first prediction asked.
    static func open(_ state: inout ExplorerState, _ index: Int, event: String) {
        guard var learn = state.learn, learn.lessons.indices.contains(index) else { return }
        learn.current = index
        learn.result = nil
        learn.checkedKey = nil
        learn.listRow = nil
        learn.finished = false
        learn.typed = ""
        learn.predicting = learn.lesson.lesson.predict.isEmpty ? nil : 0
        learn.revision += 1
        learn.lastEvent = event
        let keptDepth = state.session.depth
        state.session = Session(scene: learn.lesson.scene)
        state.session.depth = keptDepth
        state.view = ViewControl()
        state.view.fitted = state.session.scene.screenRect
        state.mode = .normal
        state.cursor = nil
        state.lastConversion = nil
        state.learn = learn
        state.sceneName = "learn: \(learn.pack)"
        state.setStatus("lesson \(index + 1) of \(learn.lessons.count): \(learn.lesson.title)")
        // The lesson file's load warnings (a frame under a rotation), as the explorer says a file's.
        state.showLoadWarnings(of: learn.lesson.scene, path: learn.lesson.file, seeAll: LoadWarningStatus.seeAll(lessonFile: learn.lesson.file))
        recheck(&state)
    }

    /// Checks the open lesson when what a check reads changed (the tree, the hit-test order,
    /// the clock); a first pass is recorded and said.
    static func recheck(_ state: inout ExplorerState) {
        guard var learn = state.learn, !learn.finished, !learn.lessons.isEmpty else { return }
        let key = LearnState.CheckKey(tree: state.session.tree, order: "\(state.session.hitTestOrder)", now: state.session.now)
        guard key != learn.checkedKey else { return }
        learn.checkedKey = key
        learn.checkCount += 1
        let result = LessonChecker.check(learn.lesson.lesson, on: state.session)
        learn.result = result
        if result.passed && !learn.passed.contains(learn.lesson.name) {
            learn.passed.insert(learn.lesson.name)
            learn.revision += 1
            learn.lastEvent = "pass"
            let next = learn.current + 1 < learn.lessons.count ? "N: the next lesson" : (learn.allPassed ? "N: the end" : "N: a lesson not passed yet")
            state.setStatus("✓ passed — \(next)")
        }
        state.learn = learn
    }
}
