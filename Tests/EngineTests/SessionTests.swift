import Foundation
import Scenes
import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Export
@testable import Engine
import SceneFiles

@Suite("Session: commands, undo/redo, queries")
struct SessionTests: SessionScripting {
    static let popup = """
        add viewA view
        set frame 140 140 100 100
        """

    @Test func seed002AnchorAfterFrameJumps() throws {
        var s = try session(Self.popup + "\nanchor 0 0")
        #expect(try ask(&s, "get frame") == #"{"rect":[190,190,100,100]}"#)
        #expect(try ask(&s, "get center") == #"{"point":[190,190]}"#)
        #expect(s.lastEdit?.frameBefore == Rect(140, 140, 100, 100))
        #expect(s.lastEdit?.frameAfter == Rect(190, 190, 100, 100))
    }

    @Test func seed002AnchorKeepFrameStays() throws {
        var s = try session(Self.popup + "\nanchor 0 0 keep-frame")
        #expect(try ask(&s, "get frame") == #"{"rect":[140,140,100,100]}"#)
        #expect(try ask(&s, "get position") == #"{"point":[140,140]}"#)
    }

    static let edits: [String] = [
        "rotate 30", "rotate 20 x", "scale 2 0.5", "move -20 20", "anchor 0 1", "anchor 1 1 keep-frame", "reset",
        "toggle hidden", "toggle masksToBounds", "toggle geometryFlipped", "lift 2",
        "set bounds 0 0 10 10", "set frame 0 0 50 50", "set transform rotate 15", "set opacity 0.25",
        "set backgroundColor red", "set name renamed", "add extra in box", "remove child", "add top at 0"
    ]

    @Test(arguments: edits)
    func everyEditUndoesAndRedoesExactly(_ edit: String) throws {
        var s = try session(
            """
            add box; set bounds 0 0 100 60; set position 200 150; set transform rotate 10
            add child in box; set bounds 0 0 10 10
            select box
            """)
        let before = s.tree, beforeSelection = s.selection
        _ = try s.perform(try CommandParser.parseEngine(edit))
        let after = s.tree, afterSelection = s.selection
        #expect(after != before)
        #expect(s.isDirty)
        #expect(s.tree.invariantViolations() == [])
        _ = try s.perform(.undo)
        #expect(s.tree == before)
        #expect(s.tree.invariantViolations() == [])
        #expect(s.selection == beforeSelection)
        _ = try s.perform(.redo)
        #expect(s.tree == after)
        #expect(s.tree.invariantViolations() == [])
        #expect(s.selection == afterSelection)
        _ = try s.perform(.undo)
        #expect(s.tree == before)
    }

    @Test func aNewEditClearsRedo() throws {
        var s = try session("add a; move 1 0; move 2 0")
        _ = try s.perform(.undo)
        _ = try s.perform(.edit(.layer(.move(5, 0))))
        #expect(throws: CommandError("nothing to redo")) { try s.perform(.redo) }
        #expect(try ask(&s, "get position") == #"{"point":[6,0]}"#)
        #expect(s.undoStack.map(\.command.text) == ["add a", "move 1 0", "move 5 0"])
    }

    @Test func aFailingCommandChangesNothing() throws {
        var s = try session("add a; add b")
        let before = s
        #expect(throws: CommandError.self) { try s.perform(.edit(.add(name: "a", kind: nil, parent: nil, index: nil))) }
        #expect(throws: CommandError.self) { try s.perform(.edit(.add(name: "c", kind: nil, parent: "nope", index: nil))) }
        #expect(throws: CommandError.self) { try s.perform(.edit(.add(name: "c", kind: nil, parent: nil, index: 7))) }
        #expect(throws: CommandError.self) { try s.perform(.select("zz")) }
        #expect(throws: CommandError.self) { try s.perform(.edit(.layer(.set(.name, .text("a"))))) }
        #expect(s == before)
    }

    @Test func unknownLayerNamesSuggestTheClosest() throws {
        var s = try session("add minuteHand")
        #expect {
            try s.perform(.select("minutehand"))
        } throws: { ($0 as? CommandError)?.suggestion == "did you mean \"minuteHand\"?" }
    }

    @Test func editsWithNothingSelectedSaySo() throws {
        var s = Session()
        #expect(throws: CommandError("nothing is selected", suggestion: "select a layer first: select NAME")) {
            try s.perform(.edit(.layer(.rotate(AngleLiteral(5), nil))))
        }
    }

    @Test func addSelectsTheNewLayerAndRemoveSelectsItsParent() throws {
        var s = try session("add a; add b in a")
        #expect(s.selection == s.tree.id(named: "b"))
        _ = try s.perform(.edit(.remove("b")))
        #expect(s.selection == s.tree.id(named: "a"))
    }

    @Test func rotateAppliesInTheSuperlayersAxesAfterTheCurrentTransform() throws {
        // transform = scale(2,1) then rotate 90: (1,0) → (2,0) → (0,2).
        var s = try session("add a; scale 2 1; rotate 90")
        #expect(try ask(&s, "get affineTransform") == #"{"affine":[0,2,-1,0,0,0]}"#)
    }

    @Test func queriesAnswerInCommandsMdShapes() throws {
        var s = try session(
            """
            add face; set bounds 0 0 200 200; set position 160 120
            add hand in face; set bounds 0 0 8 60; set position 100 100; set anchorPoint 0.5 0.9; rotate 90
            """)
        #expect(try ask(&s, "get bounds") == #"{"rect":[0,0,8,60]}"#)
        #expect(try ask(&s, "get bounds.size") == #"{"size":[8,60]}"#)
        #expect(try ask(&s, "get anchorPointZ") == #"{"number":0}"#)
        #expect(try ask(&s, "get hidden") == #"{"bool":false}"#)
        #expect(try ask(&s, "get transform") == #"{"matrix":[0,1,0,0,-1,0,0,0,0,0,1,0,0,0,0,1]}"#)
        #expect(try ask(&s, "get backgroundColor") == #"{"color":null}"#)
        // Frame: the hand's 8×60 turned 90° around its pivot (100,100), tip to the right:
        // corner (0,0) → (154,96), corner (8,60) → (94,104): x 94…154, y 96…104.
        #expect(try ask(&s, "get frame") == #"{"rect":[94,96,60,8]}"#)
        // Its tip (4,0) → face (154,100) → screen (154 + 60, 100 + 20).
        #expect(try ask(&s, "convert point 4 0 from hand to face") == #"{"point":[154,100]}"#)
        #expect(try ask(&s, "convert point 4 0 from hand to screen") == #"{"point":[214,120]}"#)
        #expect(try ask(&s, "contains hand 7.9 59.9") == #"{"bool":true}"#)
        #expect(try ask(&s, "contains hand 8 0") == #"{"bool":false}"#)
        #expect(try ask(&s, "hit-test 214 120") == #"{"hit":"hand"}"#)  // the tip: local (4, 0), minY is inside
        #expect(try ask(&s, "hit-test 214.5 120") == #"{"hit":"face"}"#)  // local y = −0.5: outside
        #expect(try ask(&s, "hit-test 200 119") == #"{"hit":"hand"}"#)
        #expect(try ask(&s, "hit-test face 200 119") == #"{"hit":"hand"}"#)
        #expect(try ask(&s, "matrix scale 3 then translate 10 0") == #"{"matrix":[3,0,0,0,0,3,0,0,0,0,1,0,10,0,0,1]}"#)
        // effective matrix to the superlayer: T(−4,−54) · R90 · T(100,100).
        #expect(try ask(&s, "get effectiveTransform") == #"{"matrix":[0,1,0,0,-1,0,0,0,0,0,1,0,154,96,0,1]}"#)
    }

    @Test func hitTestReportsTheOtherOrderWhenItDiffers() throws {
        var s = try session(
            """
            add green; set bounds 0 0 100 100; set position 100 100; set zPosition 1
            add red; set bounds 0 0 100 100; set position 150 150
            """)
        #expect(try ask(&s, "hit-test 140 140") == #"{"hit":"green","treeOrder":"red"}"#)
        #expect(try ask(&s, "hit-test 60 60") == #"{"hit":"green"}"#)
        _ = try s.perform(.hitTestOrder(.tree))
        #expect(try ask(&s, "hit-test 140 140") == #"{"hit":"red","zPositionOrder":"green"}"#)
    }

    @Test func viewHitTestReportsWhatLayerRulesWouldHit() throws {
        var s = try session(
            """
            add root view; set bounds 0 0 100 100; set position 50 50
            add out view in root; set bounds 0 0 40 40; set position 120 50
            """)
        // (120, 50) is in "out", which hangs outside root: UIView can't reach it, CALayer can.
        #expect(try ask(&s, "hit-test 120 50") == #"{"hit":null,"layerRules":"out"}"#)
        #expect(try ask(&s, "hit-test root 120 50") == #"{"hit":null,"layerRules":"out"}"#)
    }

    @Test func convertIntoASingularLayerAnswersNull() throws {
        var s = try session("add flat; set bounds 0 0 10 10; scale 0 1")
        #expect(try ask(&s, "convert point 1 1 from screen to flat") == #"{"point":null}"#)
        #expect(try ask(&s, "convert rect 0 0 1 1 from screen to flat") == #"{"rect":null}"#)
    }

    @Test func frameUnderARotationWarns() throws {
        var s = try session("add a; set bounds 0 0 100 100; rotate 30")
        _ = try s.perform(.edit(.layer(.set(.frame, .rect(Rect(0, 0, 100, 100))))))
        #expect(s.warning?.contains("not a scale or a multiple of 90°") == true)
        _ = try s.perform(.edit(.layer(.move(1, 1))))
        #expect(s.warning == nil)
    }

    @Test func aScriptErrorNamesItsLine() throws {
        var s = Session()
        let loc = SourceLocation(file: "x.json", line: 7, column: 5)
        #expect {
            try s.runScript([ScriptLine("add a"), ScriptLine("rotat 5", location: loc)])
        } throws: { e in
            (e as? ScriptFailure)?.description == "x.json:7:5: script \"rotat 5\": column 1: unknown command \"rotat\"; did you mean \"rotate\"?"
        }
        var t = Session()
        try t.runScript([ScriptLine("add a; rotate 10")])
        #expect(t.undoStack.isEmpty && !t.isDirty)
    }
}

@Suite("Session: dirty tracking")
struct DirtyTrackingTests {
    @Test func undoingBackToTheSavedStateIsClean() throws {
        var s = Session()
        _ = try s.perform(.edit(.add(name: "a", kind: nil, parent: nil, index: nil)))
        _ = try s.perform(.edit(.layer(.move(1, 0))))
        s.didSave(to: "/tmp/x.json")
        #expect(!s.isDirty)
        _ = try s.perform(.edit(.layer(.move(1, 0))))
        #expect(s.isDirty)
        _ = try s.perform(.undo)
        #expect(!s.isDirty)  // back at the saved state
        _ = try s.perform(.undo)
        #expect(s.isDirty)  // before it
        _ = try s.perform(.redo)
        #expect(!s.isDirty)
    }

    @Test func theSavedStateLostToANewBranchStaysDirty() throws {
        var s = Session()
        _ = try s.perform(.edit(.add(name: "a", kind: nil, parent: nil, index: nil)))
        _ = try s.perform(.edit(.layer(.move(1, 0))))
        s.didSave(to: "/tmp/x.json")
        _ = try s.perform(.undo)  // the saved state is now only reachable by redo…
        _ = try s.perform(.edit(.layer(.move(5, 0))))  // …and this edit drops the redo history
        _ = try s.perform(.undo)
        #expect(s.isDirty)  // (a at x 0) ≠ the saved (a at x 1)
    }

    @Test func aLoadedSceneIsClean() throws {
        var s = Session()
        _ = try s.perform(.edit(.add(name: "a", kind: nil, parent: nil, index: nil)))
        #expect(s.isDirty)
        _ = try s.perform(.undo)
        #expect(!s.isDirty)  // an empty new session is the "loaded" state
    }
}

/// `export svg FILE` (the `:` line and scripts) writes the same picture as
/// `render --svg`, atomically, through the script runner's file effect.
@Suite struct ExportSVGCommandTests {
    @Test func exportSVGWritesTheScenesPictureToTheFile() throws {
        let folder = NSTemporaryDirectory() + "svg-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var tree = LayerTree()
        var card = Layer(name: "card")
        card.bounds = Rect(0, 0, 100, 60)
        card.position = Point(200, 150)
        _ = try tree.add(card)
        var session = Session(scene: Scene(title: "svg", screen: Size(width: 400, height: 300), tree: tree))
        var answers: [String] = []
        try ScriptRunner.run("select card; rotate 30; export svg \"\(folder)/out.svg\"", name: "t", session: &session, emit: { answers.append($0) })
        #expect(answers.isEmpty)  // a file, not an answer on stdout
        let written = try String(contentsOfFile: folder + "/out.svg", encoding: .utf8)
        #expect(written == SVGExport.svg(session.scene))
        #expect(written.hasPrefix("<svg") || written.hasPrefix("<?xml"))
        // The rotated card is in it (the picture of the state after the rotation).
        #expect(written.contains("card"))
    }
}

extension ExportSVGCommandTests {
    /// While a layer moves, the picture is of the moment: `position` animated from x 100 to
    /// x 300 over 1 s (linear) is at x 200 at 0.5 s, so the 20-wide square spans x 190…210.
    @Test func exportSVGPicturesThePresentationAtNow() throws {
        let folder = NSTemporaryDirectory() + "svg-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var tree = LayerTree()
        var dot = Layer(name: "dot")
        dot.bounds = Rect(0, 0, 20, 20)
        dot.position = Point(100, 50)
        _ = try tree.add(dot)
        var session = Session(scene: Scene(title: "svg", screen: Size(width: 400, height: 100), tree: tree))
        try ScriptRunner.run(
            "select dot; animate position.x from 100 to 300 duration 1; time 0.5; export svg \"\(folder)/mid.svg\"",
            name: "t", session: &session, emit: { _ in })
        let svg = try String(contentsOfFile: folder + "/mid.svg", encoding: .utf8)
        #expect(svg.contains("points=\"190,40 210,40 210,60 190,60\""))
        #expect(!svg.contains("points=\"90,40 110,40 110,60 90,60\""))  // not the model at x 100
    }
}
