import Testing
import Scenes
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine
import SceneFiles

/// One failure for every kind of script (`ScriptFailure`): the same fields whichever script
/// stopped, and each context's message as users read it (these strings are the ones the
/// command line, the load error and the `:` line print).
@Suite struct ScriptFailureTests {
    /// eval: a command's failure names its line, the column (1: the command has none) and
    /// the command; a line that does not parse points at the bad word's column.
    @Test func evalNamesTheLineTheColumnAndTheCommand() throws {
        var s = Session()
        let failed = try #require(throws: ScriptFailure.self) {
            try ScriptRunner.run("add a\nselect nope", name: "s.txt", session: &s, emit: { _ in })
        }
        #expect(failed.description == "line 2: s.txt:2:1: select nope: no layer named \"nope\"")
        #expect(failed.command == "select nope" && failed.message == "no layer named \"nope\"")
        var t = Session()
        // `  rotat 5`: the word starts after two blanks, column 3.
        let typo = try #require(throws: ScriptFailure.self) {
            try ScriptRunner.run("add a\n  rotat 5", name: "s.txt", session: &t, emit: { _ in })
        }
        #expect(typo.description == "line 2: s.txt:2:3: unknown command \"rotat\"; did you mean \"rotate\"?")
        #expect((typo.file, typo.line, typo.column) == ("s.txt", 2, 3))
        #expect(typo.suggestion == "did you mean \"rotate\"?")
    }

    /// A layout's script: the place of the script line in the layout, then the line itself
    /// and the column within it. The file column is the line's start moved on by it:
    /// 5 + (1 - 1) = 5 for a typo in the first word.
    @Test func aLayoutScriptNamesItsLineInTheLayout() throws {
        var s = Session()
        let place = SourceLocation(file: "x.json", line: 7, column: 5)
        let failed = try #require(throws: ScriptFailure.self) {
            try s.runScript([ScriptLine("add a"), ScriptLine("rotat 5", location: place)])
        }
        #expect(failed.description == "x.json:7:5: script \"rotat 5\": column 1: unknown command \"rotat\"; did you mean \"rotate\"?")
        #expect((failed.file, failed.line, failed.column, failed.context) == ("x.json", 7, 5, .layoutScript))
    }

    /// A step: the place in the layout, the step, the command. A line that does not parse
    /// keeps its suggestion now (the step path alone used to drop it).
    @Test func aStepNamesItselfAndItsCommandAndKeepsTheSuggestion() throws {
        var scene = Scene()
        scene.steps = [SceneStep(title: "one", script: [ScriptLine("rotat 5", location: SourceLocation(file: "d.yaml", line: 6, column: 9))])]
        let e = try #require(throws: SceneLoadError.self) { try Session.checkSteps(of: scene) }
        #expect(e.description == "d.yaml:6:9: step 1 \"one\": rotat 5: unknown command \"rotat\"; did you mean \"rotate\"?")
        // On the explorer's `:` line the same failure reads without the file's place.
        scene.steps = [SceneStep(title: "one", script: [ScriptLine("select nobody")])]
        var s = Session(scene: scene)
        let onTheLine = try #require(throws: CommandError.self) { _ = try s.perform(.step(1)) }
        #expect(onTheLine.message == "step 1 \"one\": select nobody: no layer named \"nobody\"")
    }
}
