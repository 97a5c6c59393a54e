import Testing
import TerminalKit
import Engine
import Scenes
@testable import Explorer

/// A prediction's answer as the learner reads it (`LessonValue.readable`): the query's value,
/// not its JSON — lesson 1 said `right: {"rect":[150,100,100,60]}`.
@Suite struct LearnAnswerTests {
    @Test func aWrongPredictionShowsTheEnginesAnswerReadably() throws {
        var state = ExplorerState(learning: LearnState(pack: "basics", lessons: try LearnTests.embedded()))
        state.columns = 120; state.rows = 40
        LearnTests.key(&state, .character("1"), .character(" "), .character("2"), .enter)
        #expect(state.status == "✗ you said 1 2; the engine says (150, 100, 100, 60)")
        #expect(state.statusIsError)
    }

    @Test func answersReadAsTheLessonsWriteThem() {
        let member = { (key: String, value: LessonValue) in LessonMember(key, value) }
        #expect(LessonValue.object([member("rect", .array([.number(150), .number(100), .number(100), .number(60)]))]).readable == "(150, 100, 100, 60)")
        #expect(LessonValue.object([member("point", .array([.number(-2.5), .number(0)]))]).readable == "(-2.5, 0)")
        #expect(LessonValue.object([member("string", .string("box"))]).readable == "box")
        #expect(LessonValue.object([member("bool", .bool(true))]).readable == "true")
        #expect(LessonValue.object([member("hit", .string("red")), member("treeOrder", .string("green"))]).readable == "hit red · treeOrder green")
        #expect(LessonValue.object([member("hit", .null)]).readable == "nothing")
        #expect(LessonChecker.readable(#"{"number":0.8}"#) == "0.8")
        #expect(LessonChecker.readable("not json") == "not json")
    }
}
