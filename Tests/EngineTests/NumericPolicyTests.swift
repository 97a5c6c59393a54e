import Foundation
import Scenes
import Testing
import TestSupport
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine
import SceneFiles

/// Issue 20 ("Trust, part two"): numbers at every boundary, state that is never lost.
@Suite("Numeric policy and state (issue 20)")
struct NumericPolicyTests {
    static func session(_ script: String, scene: Scene = Scene()) throws -> Session {
        var s = Session(scene: scene)
        for case let .engine(c) in try CommandParser.parseLine(script) { _ = try s.perform(c) }
        return s
    }

    // MARK: 1. step -9223372036854775808

    @Test func theSmallestIntegerIsALocatedOutOfRangeErrorNotATrap() throws {
        // abs(Int.min) traps; the parser now compares magnitudes. "step " is 5 columns, so the
        // number starts at column 6.
        let e = try #require(throws: CommandError.self) { _ = try CommandParser.parseLine("step -9223372036854775808") }
        #expect(e.column == 6)
        #expect(e.message.contains("out of range (a step number)"))
        #expect(e.suggestion == "write a whole number from -1000000000 to 1000000000")
        // One past 1e9 is refused the same way, 1e9 itself is a number (and no such step).
        #expect(throws: CommandError.self) { _ = try CommandParser.parseLine("step 1000000001") }
        #expect(try CommandParser.parseLine("step 1000000000") == [.engine(.step(1_000_000_000))])
        // Past Int's range altogether: still the out-of-range error, not "expected a whole number".
        let far = try #require(throws: CommandError.self) { _ = try CommandParser.parseLine("step 99999999999999999999") }
        #expect(far.message.contains("out of range"))
    }

    @Test func aLayoutWhoseScriptStepsToIntMinFailsCheckWithItsLine() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/minstep.json"
        try "{\"layers\": [{\"name\": \"a\", \"bounds\": [0, 0, 10, 10]}],\n \"script\": [\"step -9223372036854775808\"]}"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let e = try #require(throws: SceneLoadError.self) { _ = try SceneLoader.load(path) }
        #expect(e.description.contains("minstep.json:2"), "\(e)")
        #expect(e.description.contains("out of range"), "\(e)")
    }

    // MARK: 7. No null in eval answers

    @Test func aSpringWithASubnormalMassIsRefusedWhereItIsWritten() throws {
        // 5e-324 is finite and positive, but k/m = 100/5e-324 is infinite and the
        // presentation was NaN: {"point":[null,150]}.
        let line = "animate position to 100 150 duration 1 timing spring 5e-324 100 10"
        let e = try #require(throws: CommandError.self) { _ = try CommandParser.parseLine(line) }
        #expect(e.column == 54)  // "animate position to 100 150 duration 1 timing spring " is 53 columns
        #expect(e.message.contains("mass must be at least 1e-6"))
        let k = try #require(throws: CommandError.self) { _ = try CommandParser.parseLine("animate position.x to 1 timing spring 1 1e-300 10") }
        #expect(k.message.contains("stiffness must be at least 1e-6"))
        // The smallest accepted spring gives numbers at every moment: m = k = 1e-6, ω0 = 1,
        // ζ = 10 / (2·1e-6) = 5e6 (overdamped: it creeps), so progress stays finite in 0…1.
        var s = try Self.session("add a; set bounds 0 0 10 10; set position 0 150; animate position.x to 100 duration 1 timing spring 1e-6 1e-6 10")
        for t in [0.0, 0.5, 1e-9, 0.999] {
            _ = try s.perform(.clock(.time(t)))
            let answer = try s.answer(.getPresentation(.position))
            #expect(!answer.contains("null"), "\(t): \(answer)")
        }
    }

    @Test func nanIsNeverAValue() throws {
        for line in ["set opacity nan", "set zPosition inf", "set position nan 1", "animate opacity to nan", "move 1e999 0", "wait nan"] {
            #expect(throws: CommandError.self, "\(line)") { _ = try CommandParser.parseLine(line) }
        }
    }

    @Test func aHugeBezierIsFiniteAtHalfTime() throws {
        // cubic-bezier 0 1e9 1 1e9 at x = 0.5: x(t) = 3t² − 2t³ is 0.5 at t = 0.5, and
        // y(0.5) = 3·0.25·0.5·1e9 + 3·0.5·0.25·1e9 + 0.125 = 7.5e8 + 0.125. The scale goes
        // from 1 to 1e9: 1 + (1e9 − 1)(7.5e8 + 0.125) ≈ 7.5e17, finite, so the answer has no null.
        var s = try Self.session(
            "add a; set bounds 0 0 100 100; set position 50 50; animate transform.scale to 1e9 duration 1 timing cubic-bezier 0 1e9 1 1e9; time 0.5")
        let answer = try s.answer(.getPresentation(.bounds))
        #expect(!answer.contains("null"))
        let m = s.presentationTree()[try #require(s.tree.id(named: "a"))].transform
        #expect(abs(m.m11 / 7.5e17 - 1) < 1e-6, "\(m.m11)")
        _ = try s.perform(.clock(.time(1)))
    }

    // MARK: 6. A step back keeps an edit undoable

    static func popup() throws -> Session {
        let path = SwiftExportTests.layoutsFolder.appendingPathComponent("popup.json").path
        return Session(scene: try SceneLoader.load(path), filePath: path)
    }

    @Test func steppingBackOverAnEditKeepsItOneUndoAway() throws {
        var s = try Self.popup()
        _ = try s.perform(.step(1))
        for case let .engine(c) in try CommandParser.parseLine("select button; set backgroundColor blue") { _ = try s.perform(c) }
        let edited = s.tree
        let button = try #require(s.tree.id(named: "button"))
        #expect(s.isDirty)
        // step 0 (what `p` does): the tree of step 0, and a warning that says how to get the edit back.
        _ = try s.perform(.step(0))
        #expect(s.currentStep == 0)
        #expect(s.tree[button].backgroundColor != edited[button].backgroundColor)
        #expect(s.warning == "step 0 set aside your edits made since step 1; undo brings them back")
        // undo: not "nothing to undo", but the edited tree at step 1 again.
        _ = try s.perform(.undo)
        #expect(s.currentStep == 1)
        #expect(s.tree == edited)
        #expect(s.isDirty)
        // undo again takes the edit itself back; redo twice replays the edit and the step.
        _ = try s.perform(.undo)
        #expect(s.tree[button].backgroundColor != edited[button].backgroundColor && s.currentStep == 1)
        _ = try s.perform(.redo)
        _ = try s.perform(.redo)
        #expect(s.currentStep == 0)
    }

    @Test func stepsAloneLeaveACleanSceneClean() throws {
        var s = try Self.popup()
        _ = try s.perform(.step(2))
        _ = try s.perform(.step(0))
        #expect(!s.isDirty)
        #expect(s.warning == nil)  // nothing was edited since step 2
        _ = try s.perform(.undo)  // back to step 2, still the file's own state
        #expect(s.currentStep == 2 && !s.isDirty)
    }

    // MARK: 4. A memory budget for steps

    @Test func aDemoWhoseStepsWouldKeepMillionsOfLayersIsALocatedError() throws {
        // 1 000 steps over 5 000 layers kept 1 001 trees: 5 005 000 layers (2.4 GB) and died
        // allocating. The budget is 250 000 kept layers: at 5 000 layers a tree, the 50th
        // step's snapshot would make 51 trees = 255 000 layers, so step 50 is refused.
        var layers: [String] = []
        for i in 0..<5_000 { layers.append("{\"name\": \"l\(i)\", \"bounds\": [0, 0, 1, 1]}") }
        var steps: [String] = []
        for i in 0..<1_000 { steps.append("{\"title\": \"s\(i)\", \"script\": [\"select l\(i % 5_000); move 1 0\"]}") }
        let text = "{\"layers\": [\n" + layers.joined(separator: ",\n") + "],\n\"steps\": [\n" + steps.joined(separator: ",\n") + "]}"
        let dir = try TemporaryDirectory()
        let path = dir.path + "/huge-steps.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let e = try #require(throws: SceneLoadError.self) { _ = try SceneLoader.load(path) }
        // Step 50's script is on line 5 002 + 50 = 5 052 (the layers take lines 2…5 001,
        // "steps" line 5 002, step i on line 5 003 + i − 1).
        #expect(e.description.contains("huge-steps.json:5052:"), "\(e)")
        #expect(
            e.description.contains("step 50 \"s49\": the steps keep 255000 layers in all (51 trees of up to 5000 layers), over the budget of 250000"), "\(e)")
        #expect(e.description.contains("split the demo"), "\(e)")
    }

    @Test func undoKeepsWithinTheBudgetByDroppingItsOldestSteps() throws {
        // A scene of 2 steps over 60 000 layers: each step entry keeps a tree, so of many
        // n/p presses undo keeps only what fits 250 000 layers; the newest stay undoable.
        // At step 0 the snapshots are one tree (60 000), so 3 entries fit (240 000).
        var scene = Scene()
        for i in 0..<60_000 { _ = try scene.tree.add(Layer(name: "l\(i)"), in: nil, at: nil) }
        scene.steps = [
            SceneStep(title: "a", script: [ScriptLine("select l0; move 1 0")]),
            SceneStep(title: "b", script: [ScriptLine("select l1; move 1 0")])
        ]
        var s = Session(scene: scene)
        for n in [1, 2, 1, 0, 1, 2, 1, 0] { _ = try s.perform(.step(n)) }
        // Kept: the session's step snapshots up to the current step (at step 0: one tree) and
        // each step entry's tree. (The snapshots past it, kept to go forward without playing
        // the scripts again, are bounded by the load check and not counted: issue 32.)
        let kept = s.undoStack.reduce(0) { $0 + ($1.stepState?.tree.count ?? 0) } + s.stepSnapshots.prefix(s.currentStep + 1).reduce(0) { $0 + $1.tree.count }
        #expect(kept <= Session.historyLayerBudget, "\(kept)")
        #expect(s.undoStack.count == 3)
        _ = try s.perform(.undo)
        #expect(s.currentStep == 1)
    }

    // MARK: 5. What is written reopens equal

    @Test func zPositionOneTenBillionthIsSavedExactlyAndStillDecidesTheHit() throws {
        // Two 100 × 100 siblings at the same place: tree order puts b on top, and a's
        // zPosition 1e-10 > 0 lifts a above it (R9 sorts siblings by zPosition). Saved as 0
        // (the old 1e-9 rounding, or no change written at all), the reopened file hit b.
        let dir = try TemporaryDirectory()
        let path = dir.path + "/z.json"
        let original = """
            {"screen": {"width": 200, "height": 200}, "layers": [
              {"name": "a", "bounds": [0, 0, 100, 100], "position": [100, 100]},
              {"name": "b", "bounds": [0, 0, 100, 100], "position": [100, 100]}
            ]}
            """
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        var s = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run("select a; set zPosition 1e-10\nsave", name: "<test>", session: &s, emit: { _ in })
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("\"zPosition\": 1e-10"), "\(saved)")
        let reopened = Session(scene: try SceneLoader.load(path), filePath: path)
        let a = try #require(reopened.tree.id(named: "a"))
        #expect(reopened.tree[a].zPosition == 1e-10)
        #expect(try reopened.answer(.hitTest(nil, Point(100, 100))) == s.answer(.hitTest(nil, Point(100, 100))))
        #expect(try reopened.answer(.hitTest(nil, Point(100, 100))).contains("\"a\""))
    }

    @Test func numbersThatAreNotTheirShortFormAreWrittenAsTheyAre() {
        // short() rounds to 1e-9 (for exports); file() only when that reads back the same.
        #expect(NumberText.file(1e-10) == "1e-10")
        #expect(NumberText.file(0.30000000000000004) == "0.30000000000000004")
        #expect(NumberText.file(0.49999999999999994) == "0.49999999999999994")
        #expect(NumberText.file(0.5) == "0.5" && NumberText.file(-0.0) == "0" && NumberText.file(120) == "120")
        #expect(NumberText.file(Double.leastNonzeroMagnitude) == "5e-324")
    }

    @Test func removingALayerAStepSelectsRefusesTheSaveAndKeepsTheFile() throws {
        // popup.json's step 1 and 3 select anchorFirst. Removing it and saving wrote a file
        // whose steps failed at load ("no layer named anchorFirst"): now the save is refused.
        let dir = try TemporaryDirectory()
        let path = dir.path + "/popup.json"
        let original = try String(contentsOf: SwiftExportTests.layoutsFolder.appendingPathComponent("popup.json"), encoding: .utf8)
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        var s = Session(scene: try SceneLoader.load(path), filePath: path)
        let e = try #require(throws: (any Error).self) {
            try ScriptRunner.run("remove anchorFirst\nsave", name: "<test>", session: &s, emit: { _ in })
        }
        let message = "\(e)"
        #expect(message.contains("the file's steps would no longer run"), "\(message)")
        #expect(message.contains("no layer named \"anchorFirst\""), "\(message)")
        #expect(message.contains("save under a new name"), "\(message)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        // Saving under a new name writes the scene as it is, without the steps: it opens.
        try ScriptRunner.run("save \(dir.path)/popup-without-steps.json", name: "<test>", session: &s, emit: { _ in })
        let copy = try SceneLoader.load(dir.path + "/popup-without-steps.json")
        #expect(copy.steps.isEmpty && copy.tree.id(named: "anchorFirst") == nil && copy.tree.count == 2)
    }

    @Test func aMatrixWrittenWholeKeepsItsTinyEntries() throws {
        // A transform the file spells as 16 numbers is rewritten as 16 numbers, each exactly:
        // an m14 of 1e-10 (a faint perspective) is not rounded to 0.
        let dir = try TemporaryDirectory()
        let path = dir.path + "/m.json"
        try """
        {"layers": [{"name": "a", "bounds": [0, 0, 10, 10],
          "transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        var s = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run("select a; set transform matrix 2 0 0 1e-10 0 2 0 0 0 0 1 0 0 0 0 1\nsave", name: "<test>", session: &s, emit: { _ in })
        let reopened = try SceneLoader.load(path)
        let a = try #require(reopened.tree.id(named: "a"))
        #expect(reopened.tree[a].transform.m14 == 1e-10)
        #expect(reopened.tree[a].transform == s.tree[a].transform)
    }

    @Test func aMatrixQueryThatOverflowsIsAnErrorNotNulls() throws {
        // 40 steps of scale 1e9 multiply to 1e360: past Double. It answered
        // {"matrix":[null,null,…]} (inf and 0·inf = NaN); now it is an error. 30 steps are 1e270:
        // finite, and answered.
        let steps = { (n: Int) in Array(repeating: "scale 1e9", count: n).joined(separator: " then ") }
        var s = Session()
        guard case let .engine(over)? = try CommandParser.parseLine("matrix " + steps(40)).first else { Issue.record("parse"); return }
        let e = try #require(throws: CommandError.self) { _ = try s.perform(over) }
        #expect(e.message == "the product of these steps is not finite (it overflows)")
        guard case let .engine(within)? = try CommandParser.parseLine("matrix " + steps(30)).first else { Issue.record("parse"); return }
        let answer = try s.perform(within)
        // 1e9³⁰ = 1e270, with the rounding of 29 products: 1.0000000000000002e+270.
        #expect(answer == .answer("{\"matrix\":[1.0000000000000002e+270,0,0,0,0,1.0000000000000002e+270,0,0,0,0,1,0,0,0,0,1]}"), "\(answer)")
    }
}
