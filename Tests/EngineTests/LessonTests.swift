import Foundation
import Scenes
import Testing
import CommandLanguage
import LayoutFiles
@testable import Engine
import SceneFiles
import TestSupport

/// Lessons (issue 34): the shipped pack checks, each solution passes, two wrong answers per
/// lesson that encode the misconception fail, a check never changes the learner's scene,
/// and malformed lessons get located errors.
@Suite struct LessonTests {
    static let folder = PackageRoot.url.appendingPathComponent("Layouts/Lessons").path

    static func lesson(_ file: String) throws -> LoadedLesson { try LessonLoader.load(folder + "/" + file) }

    static func attempt(_ file: String, _ script: String) throws -> LessonResult {
        let lesson = try lesson(file)
        var session = Session(scene: lesson.scene)
        try LessonChecker.run(ScriptRunner.lines(of: script, name: "attempt"), on: &session)
        return LessonChecker.check(lesson.lesson, on: session)
    }

    @Test func theShippedPackChecks() throws {
        let files = try #require(LessonLoader.packFiles(Self.folder))
        #expect(files.count >= 12)
        for file in files {
            let lesson = try LessonLoader.load(file)
            try LessonLoader.validate(lesson)
            #expect(!lesson.lesson.hints.isEmpty, "\(file): no hints")
            #expect(lesson.lesson.why?.contains("docs/geometry.md") == true, "\(file): why does not cite docs/geometry.md")
        }
    }

    /// Each wrong answer, worked by hand, with what the check sees instead.
    static let wrongAnswers: [(file: String, script: String, why: String)] = [
        // Position 150,100 size 100×60: keep-frame moves position to the old frame origin (100, 70).
        ("01-anchor-jump.yaml", "select box; anchor 0 0 keep-frame", "position (100, 70) ≠ (150, 100)"),
        ("01-anchor-jump.yaml", "select box; set position 100 70", "anchorPoint still (0.5, 0.5)"),
        // Anchor (0.5, 1) alone: frame y = 100 − 1·80 = 20, not 60.
        ("02-keep-frame.yaml", "select hand; set anchorPoint 0.5 1", "frame (95, 20, 10, 80)"),
        ("02-keep-frame.yaml", "select hand; set anchorPoint 0.5 1; set position 100 60", "frame (95, −20, …): moved the wrong way"),
        // Setting frame under 90°: its width becomes the bounds' height.
        ("03-frame-under-rotation.yaml", "select card; set frame 125 50 100 100", "bounds 100×100, frame (125, 50, 100, 100)"),
        ("03-frame-under-rotation.yaml", "select card; reset; set bounds 0 0 200 50", "no rotation: frame (50, 75, 200, 50)"),
        // Naive CGPointApplyAffineTransform((100, 0), R90) = (0, 100); without T(−a): (0, 100) + (100, 100).
        ("04-effective-matrix.yaml", "select pin; set position 0 100", "(0, 100) ≠ (150, 150)"),
        ("04-effective-matrix.yaml", "select pin; set position 100 200", "(100, 200) ≠ (150, 150)"),
        // The tap is (35.4, −35.4) from the centre in button's space: longer (200 wide) is still 20 high.
        ("05-hit-rotated.yaml", "select button; set bounds 0 0 200 40", "|y| 35.4 > 20: no hit"),
        ("05-hit-rotated.yaml", "select button; reset", "hits, but the 45° turn is gone"),
        // UIKit hit testing ignores zPosition: cover is last in tree order.
        ("06-zposition-touch.yaml", "select card; lift 5", "still cover"),
        ("06-zposition-touch.yaml", "select cover; set zPosition -1", "still cover"),
        // The point is in the superlayer's space: (250, 170) on screen is (150, 70) in panel.
        ("07-superlayer-space.yaml", "select knob; set position 250 170", "knob outside panel: panel is hit"),
        ("07-superlayer-space.yaml", "select knob; set position 150 170", "y not converted: panel is hit"),
        // (290, 88) is below bar's bounds (y 25…75): no subview of bar is asked.
        ("08-outside-superview.yaml", "select badge; set zPosition 10", "null hit"),
        ("08-outside-superview.yaml", "select bar; set clipsToBounds true", "null hit (and badge clipped)"),
        // Concat(P, R) puts −1/500 in m34 but m14 = 0: flat points keep w = 1.
        ("09-m34-order.yaml", "select card; set transform perspective 500 then rotate 50 0 1 0", "m14 0 ≠ 0.001532"),
        ("09-m34-order.yaml", "select card; set transform rotate 50 0 1 0", "no perspective at all"),
        ("10-geometry-flipped.yaml", "select host; toggle geometryFlipped", "host no longer flipped"),
        ("10-geometry-flipped.yaml", "select label; toggle geometryFlipped", "label still at y 80 on screen"),
        // Base CTM [2, 0, 0, −2, −2·ox, 2·(h + oy)].
        ("11-ctm-2x.yaml", "select gauge; set bounds 0 0 100 60", "tx 0 ≠ −20"),
        ("11-ctm-2x.yaml", "select gauge; set bounds 20 0 100 120", "[2, 0, 0, −2, −40, 240]"),
        // right's frame after the turn starts at (200, 70): (100, 100) − (200, 70) = (−100, 30) ignores the turn.
        ("12-convert-siblings.yaml", "select dot; set center -100 30", "not on left's centre"),
        ("12-convert-siblings.yaml", "select dot; set center 100 100", "screen point used as right's")
    ]

    @Test func solutionsPassAndTheMisconceptionsFail() throws {
        let files = try #require(LessonLoader.packFiles(Self.folder)).map { String($0.split(separator: "/").last!) }
        for file in files {
            let lesson = try Self.lesson(file)
            let solved = try Self.attempt(file, lesson.lesson.solution.map(\.text).joined(separator: "\n"))
            #expect(solved.passed, "\(file): the solution fails: \(solved.answers)")
            let wrong = Self.wrongAnswers.filter { $0.file == file }
            #expect(wrong.count == 2, "\(file): two wrong answers")
            for w in wrong {
                #expect(try !Self.attempt(file, w.script).passed, "\(file): \(w.script) passes (\(w.why))")
            }
        }
    }

    @Test func theStartFailsAndTheNumbersAreTheHandWorkedOnes() throws {
        // Lesson 4: the real conversion of dial's (100, 0) is (150, 150).
        let lesson = try Self.lesson("04-effective-matrix.yaml")
        let answer = try LessonChecker.ask([ScriptLine("convert point 100 0 from dial to screen")], on: Session(scene: lesson.scene))
        #expect(LessonValue.parse(json: answer ?? "")?.matches(.object([LessonMember("point", .array([.number(150), .number(150)]))]), within: 1e-9) == true)
        // Lesson 12: left's centre (100, 100) is (30, 200) in right's space (turned 90°).
        let siblings = try Self.lesson("12-convert-siblings.yaml")
        let inRight = try LessonChecker.ask([ScriptLine("convert point 50 50 from left to right")], on: Session(scene: siblings.scene))
        #expect(LessonValue.parse(json: inRight ?? "")?.matches(.object([LessonMember("point", .array([.number(30), .number(200)]))]), within: 1e-9) == true)
    }

    @Test func aCheckNeverChangesTheLearnersScene() throws {
        for file in try #require(LessonLoader.packFiles(Self.folder)) {
            let lesson = try LessonLoader.load(file)
            var session = Session(scene: lesson.scene)
            _ = try session.perform(.hitTestOrder(.tree))  // any state of the learner's
            let before = session
            _ = LessonChecker.check(lesson.lesson, on: session)
            #expect(session == before, "\(file)")
            try LessonChecker.run(lesson.lesson.solution, on: &session)
            let solved = session
            #expect(LessonChecker.check(lesson.lesson, on: session).passed)
            #expect(session == solved, "\(file)")
        }
    }

    @Test func predictionsAreJudgedAgainstTheEngine() throws {
        let lesson = try Self.lesson("01-anchor-jump.yaml")
        let session = Session(scene: lesson.scene)
        let prediction = try #require(lesson.lesson.predict.first)
        // Anchor (0, 0) with position (150, 100): the frame's origin is the position.
        #expect(LessonChecker.judge("150 100", prediction, on: session).right)
        #expect(LessonChecker.judge("(150, 100)", prediction, on: session).right)
        #expect(!LessonChecker.judge("100 70", prediction, on: session).right)  // "the frame stays"
        #expect(!LessonChecker.judge("box", prediction, on: session).right)
    }

    @Test func lessonCommandsNeverTouchFiles() throws {
        let lesson = try Self.lesson("06-zposition-touch.yaml")
        for script in ["save /tmp/never.json", "load Layouts/clock.json", "export svg /tmp/never.svg", "reload", "export swift"] {
            var session = Session(scene: lesson.scene)
            #expect(throws: ScriptFailure.self, "\(script)") { try LessonChecker.run(ScriptRunner.lines(of: script, name: "s"), on: &session) }
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.json"))
    }

    static func error(_ yaml: String) -> String {
        do {
            let lesson = try LessonLoader.parse(yaml, file: "bad.yaml", format: .yaml)
            try LessonLoader.validate(lesson)
            return "no error"
        } catch let e as SceneLoadError { return e.description } catch { return "\(error)" }
    }

    static let base = """
        layers:
          - {name: box, bounds: [0, 0, 100, 60], position: [150, 100]}
        lesson:
          goal: "Move box"

        """

    @Test func malformedLessonsGetLocatedErrors() {
        // An unknown field, with the field it meant.
        #expect(
            Self.error(
                Self.base
                    + "  hint: [\"a\"]\n  check: [{query: \"select box; get position\", equals: {point: [0, 0]}}]\n  solution: [\"select box\", \"set position 0 0\"]\n"
            )
                == "bad.yaml:5:3: lesson.hint: unknown field \"hint\" in a lesson; did you mean \"hints\"?")
        // A query that is not a query.
        #expect(
            Self.error(Self.base + "  check: [{query: \"select box; rotate 30\", equals: {point: [0, 0]}}]\n  solution: [\"select box\"]\n")
                == "bad.yaml:5:19: lesson.check[0].query: a query must end in a question (get, hit-test, convert, contains…), found \"rotate 30\"; end with a query, e.g. \"select box; get frame\""
        )
        // A check that already passes at the start.
        #expect(
            Self.error(Self.base + "  check:\n    - {query: \"select box; get position\", equals: {point: [150, 100]}}\n  solution: [\"select box\"]\n")
                == "bad.yaml:6:7: lesson.check: every check already passes at the lesson's start: the learner has nothing to do; change the scene (layers, script) or what the checks want, so that one fails before the solution"
        )
        // A solution that does not pass.
        #expect(
            Self.error(
                Self.base
                    + "  check:\n    - {query: \"select box; get position\", equals: {point: [0, 0]}}\n  solution: [\"select box\", \"set position 1 1\"]\n"
            )
            .hasPrefix("bad.yaml:6:7: lesson.check[0]: the solution does not pass this check: select box; get position answered {\"point\":[1,1]}"))
        // An unknown field in a check; a command that is not one; a file effect in a query.
        #expect(
            Self.error(Self.base + "  check: [{query: \"get frame\", equal: {rect: [0, 0, 1, 1]}}]\n  solution: []\n")
                == "bad.yaml:5:32: lesson.check[0].equal: unknown field \"equal\" in a check; did you mean \"equals\"?")
        #expect(
            Self.error(Self.base + "  check: [{query: \"selct box; get frame\", equals: {rect: [0, 0, 1, 1]}}]\n  solution: []\n")
                .hasPrefix("bad.yaml:5:19: lesson.check[0].query: \"selct box; get frame\" is not a command"))
        #expect(
            Self.error(Self.base + "  check: [{query: \"save x.json; get frame\", equals: {rect: [0, 0, 1, 1]}}]\n  solution: []\n")
                .hasPrefix("bad.yaml:5:19: lesson.check[0].query: \"save x.json\" touches files"))
        // No solution; equals that is not an object.
        #expect(
            Self.error(Self.base + "  check: [{query: \"get frame\", equals: {rect: [0, 0, 1, 1]}}]\n")
                == "bad.yaml:4:3: lesson: a lesson needs \"solution\"; add \"solution\": [\"select box\", \"rotate 30\"]")
        #expect(
            Self.error(Self.base + "  check: [{query: \"get frame\", equals: [0, 0, 1, 1]}]\n  solution: []\n")
                .hasPrefix("bad.yaml:5:40: lesson.check[0].equals: expected the keys of the answer"))
    }
}
