import Foundation
import Testing
import TerminalKit
import CommandLanguage
import LayoutFiles
import Engine
@testable import Explorer
import ExplorerTestSupport
import TestSupport

/// Learn mode's reducer (issue 34): the keys and commands, the check after every action
/// (and only when something a check reads changed), the overlays, and the embedded pack.
@Suite struct LearnTests {
    static let folder = PackageRoot.url.appendingPathComponent("Layouts/Lessons")

    static func embedded() throws -> [LoadedLesson] {
        try LessonPack.files.map { try LessonLoader.parse($0.text, file: $0.name, format: $0.name.hasSuffix(".json") ? .json : .yaml) }
    }

    static func key(_ state: inout ExplorerState, _ keys: Key...) {
        for k in keys { _ = Reducer.reduce(&state, .key(k)) }
    }

    static func type(_ state: inout ExplorerState, _ line: String) {
        let commands = (try? CommandParser.parseLine(line)) ?? []
        #expect(!commands.isEmpty, "\(line) does not parse")
        for command in commands { _ = Reducer.reduce(&state, .command(command)) }
    }

    @Test func theEmbeddedPackIsLayoutsLessons() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
        #expect(LessonPack.files.map(\.name) == names, "run scripts/embed-lessons.py")
        for file in LessonPack.files {
            #expect(
                try String(contentsOf: Self.folder.appendingPathComponent(file.name), encoding: .utf8) == file.text,
                "\(file.name): run scripts/embed-lessons.py")
        }
    }

    @Test func aLearnerPredictsAsksForAHintSolvesAndGoesOn() throws {
        var state = ExplorerState(learning: LearnState(pack: "basics", lessons: try Self.embedded()))
        state.columns = 120; state.rows = 40
        // Lesson 1 asks first: the keys go to the prediction, not the keymap.
        #expect(state.learn?.predicting == 0)
        Self.key(&state, .character("1"), .character("5"), .character("0"), .character(" "), .character("1"), .character("0"), .character("0"), .enter)
        // The answer as a learner reads it: get frame's rect, not its JSON.
        #expect(state.status == "✓ 150 100 — right: (150, 100, 100, 60)")
        #expect(state.learn?.predicting == nil)
        #expect(state.session.tree == (try Self.embedded())[0].scene.tree)  // predicting moved nothing
        #expect(state.learn?.result?.checks == [false, true])
        // G: a hint; the keymap's h still moves (nothing an explorer user knows changed).
        Self.key(&state, .character("G"))
        #expect(state.learn?.hintsShown == 1)
        #expect(state.echo == "G → hint")
        // Anchor mode: H and K move the anchorPoint by 0.5 — (0.5, 0.5) → (0, 0): a pass.
        Self.key(&state, .character("a"), .character("H"))
        #expect(state.learn?.isPassed == false)
        Self.key(&state, .character("K"))
        #expect(state.learn?.isPassed == true)
        #expect(state.status.hasPrefix("✓ passed — N: the next lesson"))
        let passedRevision = state.learn?.revision
        // N: lesson 2, on its own fresh scene.
        Self.key(&state, .escape, .character("N"))
        #expect(state.learn?.current == 1)
        #expect(state.learn?.revision == (passedRevision ?? 0) + 1)
        #expect(state.session.undoStack.isEmpty)
        #expect(state.learn?.passed == ["01-anchor-jump"])
        // M: the list; j twice and Enter opens lesson 4.
        Self.key(&state, .character("E"))
        #expect(state.learn?.listRow == 1)
        Self.key(&state, .character("j"), .character("j"), .enter)
        #expect(state.learn?.current == 3)
        #expect(state.learn?.listRow == nil)
        // The : line's spellings.
        Self.type(&state, "lesson 2; hint; hint")
        #expect(state.learn?.current == 1)
        #expect(state.learn?.hints["02-keep-frame"] == 2)
        Self.type(&state, "select hand; anchor 0.5 1 keep-frame")
        #expect(state.learn?.isPassed == true)
    }

    @Test func onlyAChangeACheckCanSeeIsCheckedAgain() throws {
        var state = ExplorerState(learning: LearnState(pack: "basics", lessons: try Self.embedded(), current: 1))
        let start = state.learn?.checkCount ?? 0
        #expect(start == 1)
        // Zoom, panel, legend: the scene is the same; no check runs.
        Self.type(&state, "zoom 2; panel formula; legend on; select hand")
        #expect(state.learn?.checkCount == start)
        Self.type(&state, "rotate 15")
        #expect(state.learn?.checkCount == start + 1)
        Self.type(&state, "undo")
        #expect(state.learn?.checkCount == start + 2)
    }

    @Test func theLastPassShowsTheClosingScreen() throws {
        let lessons = try Self.embedded()
        var learn = LearnState(pack: "basics", lessons: lessons, current: lessons.count - 1)
        learn.passed = Set(lessons.dropLast().map(\.name))
        var state = ExplorerState(learning: learn)
        state.columns = 120; state.rows = 40
        for line in lessons.last!.lesson.solution { Self.type(&state, line.text) }
        #expect(state.learn?.allPassed == true)
        #expect(state.status.hasPrefix("✓ passed — N: the end"))
        Self.key(&state, .character("N"))
        #expect(state.learn?.finished == true)
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas.text
        #expect(screen.contains("Every lesson of basics passed: 12/12"))
        #expect(screen.contains("Hints used: 0 — not one. Well done."))
    }

    @Test func learnKeysAnswerOnlyInLearnMode() {
        #expect(Keymap.binding(for: .character("G"), in: .normal, when: [.flat]) == nil)
        #expect(Keymap.binding(for: .character("N"), in: .normal, when: [.flat]) == nil)
        #expect(Keymap.binding(for: .character("N"), in: .tree, when: [.flat, .learning])?.action == .ui(.searchPrevious))
        #expect(Keymap.binding(for: .character("h"), in: .normal, when: [.flat, .learning])?.action == .ui(.moveLeft))
        #expect(Keymap.binding(for: .character("n"), in: .normal, when: [.flat, .learning])?.action == .ui(.nextStep))
        var plain = ExplorerState(session: Session())
        Self.type(&plain, "hint")
        #expect(plain.statusIsError && plain.status.hasPrefix("hint: no lesson is open"))
    }
}
