import Testing
import Scenes
@testable import CommandLanguage
import LayoutFiles
@testable import Engine
import SceneFiles

/// The command table splits commands into the engine's and the explorer's (tested in
/// CommandLanguageTests); every script the engine runs honours that split.
@Suite("The engine runs only engine commands")
struct EngineCommandBoundaryTests {
    @Test func theEngineNeverSeesTheExplorersCommands() throws {
        // A script may hold explorer commands; eval ignores them (and quit ends it).
        var session = Session()
        var answers: [String] = []
        try ScriptRunner.run("add a; zoom 2; mode tree; panel formula; get name; quit; get name", name: "t", session: &session, emit: { answers.append($0) })
        #expect(answers == ["{\"string\":\"a\"}"])
        #expect(throws: CommandError("zoom 2 is one of the explorer's own commands, not the engine's", column: 1)) { try CommandParser.parseEngine("zoom 2") }
        // A layout script and a step ignore them too, but refuse quit.
        var s = Session()
        try s.runScript([ScriptLine("add a; fit; cursor on")])
        #expect(s.tree.count == 1)
        #expect(throws: ScriptFailure.self) { try s.runScript([ScriptLine("quit")]) }
    }
}
