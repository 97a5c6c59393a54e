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
}
