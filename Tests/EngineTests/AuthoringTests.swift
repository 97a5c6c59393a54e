import Foundation
import Testing
import TestSupport
import Geometry
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine

/// Authoring a demo with commands (issue 32): `set screen`, `step add`, `step note`,
/// `step remove`, each undoable and answered by `get screen` / `get steps`.
@Suite struct AuthoringTests: SessionScripting {
    static let card = "add card view; set bounds 0 0 200 120; set position 195 422"

    @Test func setScreenIsAnUndoableEditThatGetAnswers() throws {
        var s = try session("")
        #expect(try ask(&s, "get screen") == "{\"size\":null}")
        _ = try s.perform(try CommandParser.parseEngine("set screen 390 844"))
        #expect(try ask(&s, "get screen") == "{\"size\":[390,844]}")
        #expect(s.scene.screen == Size(width: 390, height: 844))
        #expect(s.isDirty)
        _ = try s.perform(.undo)
        #expect(try ask(&s, "get screen") == "{\"size\":null}")
        #expect(!s.isDirty)
        _ = try s.perform(.redo)
        #expect(try ask(&s, "get screen") == "{\"size\":[390,844]}")
    }

    @Test(arguments: [
        "set screen 0 844", "set screen 390 -1", "set screen 1e10 844", "set screen nan 844", "set screen inf 1", "set screen 390", "set screen 390 844 2"
    ])
    func setScreenRefusesWhatIsNotAPositiveNumberWithinThePolicy(_ text: String) {
        #expect(throws: CommandError.self) { try CommandParser.parse(text) }
    }

    @Test func setScreenIsNotALayerProperty() throws {
        // "unknown property" was the answer before (issue 32); a layer called screen is still
        // reachable with `select`, and `get screen` is the scene's.
        #expect(try CommandParser.parse("set screen 390 844") == .engine(.author(.setScreen(390, 844))))
        #expect(try CommandParser.parse("get screen") == .engine(.query(.author(.screen))))
        #expect(try CommandParser.parse("step add \"The card\"").text == "step add \"The card\"")
        #expect(try CommandParser.parse("step add rotate the card") == .engine(.author(.stepAdd("rotate the card"))))
        #expect(try CommandParser.parse("step note 2 \"thirty degrees\"") == .engine(.author(.stepNote(2, "thirty degrees"))))
        #expect(try CommandParser.parse("step add \"2\"").text == "step add \"2\"")
        #expect(try CommandParser.parse("step remove 1") == .engine(.author(.stepRemove(1))))
        #expect(try CommandParser.parse("step 2") == .engine(.step(2)))
    }

    @Test func stepAddMakesTheCommandsSinceTheLastStepAStep() throws {
        var s = try session(Self.card)
        _ = try s.perform(try CommandParser.parseEngine("step add \"The card\""))
        #expect(
            try ask(&s, "get steps")
                == #"{"steps":[{"title":"The card","notes":null,"script":["add card view","set bounds 0 0 200 120","set position 195 422"]}],"current":1}"#)
        // The next step holds only what came after: the select it needs, then the turn.
        _ = try s.perform(try CommandParser.parseEngine("rotate 30"))
        _ = try s.perform(try CommandParser.parseEngine("step add turned"))
        _ = try s.perform(try CommandParser.parseEngine("step note 2 \"thirty degrees\""))
        #expect(
            try ask(&s, "get steps")
                == #"{"steps":[{"title":"The card","notes":null,"script":["add card view","set bounds 0 0 200 120","set position 195 422"]},{"title":"turned","notes":"thirty degrees","script":["select card","rotate 30"]}],"current":2}"#
        )
        // Played: step 0 is empty, step 1 the card, step 2 the card turned 30° about its
        // centre: frame 200·cos30 + 120·sin30 = 233.205 wide, 200·sin30 + 120·cos30 = 203.923
        // high, centred on (195, 422).
        _ = try s.perform(.step(0))
        #expect(s.tree.isEmpty)
        _ = try s.perform(.step(1))
        #expect(try ask(&s, "get frame") == "{\"rect\":[95,362,200,120]}")
        _ = try s.perform(.step(2))
        #expect(try ask(&s, "get frame") == "{\"rect\":[78.3974596216,320.0384757729,233.2050807569,203.9230484541]}")
    }

    @Test func eachAuthoringCommandIsOneUndo() throws {
        var s = try session(Self.card + "; step add card; rotate 30; step add turned; step note 1 first")
        #expect(s.scene.steps.map(\.notes) == ["first", nil])
        _ = try s.perform(.undo)  // the note
        #expect(s.scene.steps.map(\.notes) == [nil, nil])
        _ = try s.perform(.undo)  // step 2
        #expect(s.scene.steps.map(\.title) == ["card"])
        #expect(s.currentStep == 1)
        // The turn is still there, and one more undo takes it back.
        #expect(try ask(&s, "get frame") == "{\"rect\":[78.3974596216,320.0384757729,233.2050807569,203.9230484541]}")
        _ = try s.perform(.undo)
        #expect(try ask(&s, "get frame") == "{\"rect\":[95,362,200,120]}")
        _ = try s.perform(.redo)
        _ = try s.perform(.redo)
        #expect(s.scene.steps.map(\.title) == ["card", "turned"])
        #expect(s.currentStep == 2)
    }

    @Test func stepRemoveGoesBackAStepAndUndoPutsItBack() throws {
        var s = try session(Self.card + "; step add card; rotate 30; step add turned")
        _ = try s.perform(try CommandParser.parseEngine("step remove 2"))
        #expect(s.scene.steps.map(\.title) == ["card"])
        #expect(s.currentStep == 1)
        #expect(try ask(&s, "get frame") == "{\"rect\":[95,362,200,120]}")
        _ = try s.perform(.undo)
        #expect(s.scene.steps.map(\.title) == ["card", "turned"])
        #expect(s.currentStep == 2)
        #expect(try ask(&s, "get frame") == "{\"rect\":[78.3974596216,320.0384757729,233.2050807569,203.9230484541]}")
    }

    @Test func aStepTheOthersNeedCannotBeRemoved() throws {
        var s = try session(Self.card + "; step add card; rotate 30; step add turned")
        // Step 2 selects card, which step 1 adds.
        #expect(throws: CommandError.self) { try s.perform(try CommandParser.parseEngine("step remove 1")) }
        #expect(s.scene.steps.count == 2)
        #expect(s.currentStep == 2)
    }

    @Test func nothingToMakeAStepOfIsSaid() throws {
        var s = try session(Self.card + "; step add card")
        do {
            _ = try s.perform(try CommandParser.parseEngine("step add again"))
            Issue.record("an empty step was made")
        } catch {
            #expect(error.description.contains("no edits since step 1"))
        }
        #expect(throws: CommandError.self) { try s.perform(try CommandParser.parseEngine("step note 3 x")) }
        #expect(throws: CommandError.self) { try s.perform(try CommandParser.parseEngine("step remove 0")) }
    }

    @Test func aRenamedLayerIsSelectedByTheNameItHadThen() throws {
        let s = try session("add a view; set bounds 0 0 10 10; add b; set name c; select a; move 5 0; select c; step add moves")
        #expect(s.scene.steps[0].script.map(\.text) == ["add a view", "set bounds 0 0 10 10", "add b", "set name c", "select a", "move 5 0", "select c"])
    }

    @Test func theExplodedViewASteptLeavesIsInItsScript() throws {
        var s = try session(Self.card + "; step add card; explode on; explode order hit; camera pitch 15; step add exploded")
        #expect(s.scene.steps[1].script.map(\.text) == ["explode order hit", "camera pitch 15", "explode on", "select card"])
        _ = try s.perform(.step(1))
        #expect(!s.depth.exploded)
        _ = try s.perform(.step(2))
        #expect(s.depth.exploded && s.depth.order == .hit && s.depth.pitch == 15)
    }

    @Test func aLayoutsScriptAndStepsCannotAuthor() throws {
        for context in [ScriptContext.layoutScript, .step] {
            #expect(context.refusal(of: .author(.setScreen(1, 1))) != nil)
            #expect(context.refusal(of: .author(.stepAdd("x"))) != nil)
        }
        #expect(ScriptContext.eval.refusal(of: .author(.stepAdd("x"))) == nil)
    }
}
