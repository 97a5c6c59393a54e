import Engine
@testable import Explorer
import LayoutFiles
import Testing

/// `layerscope learn` says a lesson file's load warnings (a `frame` under a rotation) on the
/// status line as the lesson opens, as the explorer says a file's (`showLoadWarnings`).
@Suite struct LearnLoadWarningTests {
    static func lesson(_ name: String, frame: Bool) throws -> LoadedLesson {
        let card = frame ? #"frame: [0, 0, 10, 10]"# : #"bounds: [0, 0, 10, 10], position: [5, 5]"#
        let yaml = """
            layers:
              - {name: card, \(card), transform: [{rotate: 30}]}
            lesson:
              goal: "Move card"
              check: [{query: "select card; get position", equals: {point: [0, 0]}}]
              solution: ["select card", "set position 0 0"]
            """
        return try LessonLoader.parse(yaml, file: name, format: .yaml)
    }

    @Test func aLessonWithAWarningSaysItAsItOpens() throws {
        let lessons = [try Self.lesson("01-plain.yaml", frame: false), try Self.lesson("02-rotated.yaml", frame: true)]
        var state = ExplorerState(learning: LearnState(pack: "trial", lessons: lessons))
        #expect(state.status == "lesson 1 of 2: 01-plain")
        let plainIsError = state.statusIsError
        #expect(!plainIsError)
        Learn.open(&state, 1, event: "start")
        let isError = state.statusIsError
        #expect(isError)
        #expect(state.status.hasPrefix("02-rotated.yaml:2:18: warning: layers[0].frame: "), "\(state.status)")
        #expect(state.status.contains("13.66×3.66, not 10×10"), "\(state.status)")
        // Opening the first one again says its own title: the warning was the other file's.
        Learn.open(&state, 0, event: "start")
        #expect(state.status == "lesson 1 of 2: 01-plain")
    }

    /// The first lesson, as learn starts, says it too.
    @Test func theFirstLessonSaysItAtTheStart() throws {
        let state = ExplorerState(learning: LearnState(pack: "trial", lessons: [try Self.lesson("01-rotated.yaml", frame: true)]))
        #expect(state.status.hasPrefix("01-rotated.yaml:2:18: warning: layers[0].frame: "), "\(state.status)")
    }

    /// A lesson's steps are played once as it loads, like a layout's: a step's command that
    /// warns is one of the lesson's load warnings, at the step's script line, and a step that
    /// cannot run refuses the lesson with its place.
    @Test func aLessonsStepsArePlayedAsItLoads() throws {
        func lesson(_ step: String) throws(SceneLoadError) -> LoadedLesson {
            let yaml = """
                layers:
                  - {name: card, bounds: [0, 0, 20, 20], position: [40, 40], transform: [{rotate: 30}]}
                steps:
                  - {title: turned, script: ["select card", \(step)]}
                lesson:
                  goal: "Move card"
                  check: [{query: "select card; get position", equals: {point: [0, 0]}}]
                  solution: ["select card", "set position 0 0"]
                """
            return try LessonLoader.parse(yaml, file: "04-steps.yaml", format: .yaml)
        }
        // Line 4; the step's second string opens at column 45 (after `  - {title: turned,
        // script: ["select card", `, 44 characters).
        let warned = try lesson(#""set frame 0 0 20 20""#)
        let warnings = warned.scene.loadWarnings.all
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.hasPrefix(#"04-steps.yaml:4:45: warning: step 1 "turned": set frame 0 0 20 20: "#) == true, "\(warnings)")
        let plain = try lesson(#""set position 10 10""#)
        #expect(plain.scene.loadWarnings.all.isEmpty)
        #expect(throws: SceneLoadError.self) { try lesson(#""select nosuch""#) }
        do {
            _ = try lesson(#""select nosuch""#)
        } catch {
            #expect(error.description.contains("04-steps.yaml:4:45"), "\(error.description)")
            #expect(error.description.contains("step 1"), "\(error.description)")
        }
    }

    /// `learn check`'s suggestion for a query that fails at the start names a `learn verify`
    /// that can run: an embedded lesson's source in the project (no command opens
    /// `(embedded) NAME`), a file with a space quoted.
    @Test func aFailingQuerySuggestsAVerifyThatCanRun() throws {
        let yaml = """
            layers:
              - {name: card, bounds: [0, 0, 10, 10], position: [5, 5]}
            lesson:
              goal: "Move card"
              check: [{query: "select nosuch; get position", equals: {point: [0, 0]}}]
              solution: ["select card", "set position 0 0"]
            """
        for (file, verify) in [
            ("(embedded) 05-hit.yaml", "layerscope learn verify Layouts/Lessons/05-hit.yaml --script ''"),
            ("my lessons/05-hit.yaml", "layerscope learn verify 'my lessons/05-hit.yaml' --script ''")
        ] {
            let lesson = try LessonLoader.parse(yaml, file: file, format: .yaml)
            #expect(throws: LayoutError.self) { try LessonLoader.validate(lesson) }
            do { try LessonLoader.validate(lesson) } catch {
                #expect(error.description.contains("the query fails at the lesson's start"), "\(error.description)")
                #expect(error.description.contains(verify), "\(error.description)")
            }
        }
    }
}
