import Testing
import TestSupport
import Geometry
@testable import LayerModel
@testable import CommandLanguage
import Scenes
@testable import Engine

/// Going forward over steps already played (issue 32): from a step left untouched since it was
/// reached, `step N` takes the snapshots kept the first time instead of playing the scripts
/// again — and so gives the very same tree value (its slots shared), which a replay never
/// does. Anything that could make a replay differ (an edit, another selection, other view
/// settings, a script using the clock) plays the scripts again. Counted by tree identity and
/// layout serials, not timed.
@Suite struct KeptStepsTests {
    static func session(_ scripts: [String]) throws -> Session {
        var tree = LayerTree()
        for (i, name) in ["a", "b", "c"].enumerated() {
            try tree.add(makeLayer(name, bounds: Rect(0, 0, 100, 80), position: Point(100 + 40 * Double(i), 100)))
        }
        var scene = Scene(screen: Size(width: 400, height: 300), tree: tree)
        scene.steps = scripts.enumerated().map { SceneStep(title: "s\($0.offset + 1)", script: [ScriptLine($0.element)]) }
        return Session(scene: scene)
    }

    static let scripts = ["select a; move 10 0", "explode on; explode order render; select b", "set zPosition 3; move 0 5"]

    static func x(_ s: Session, _ name: String) throws -> Double { s.tree[try #require(s.tree.id(named: name))].frame.origin.x }

    @Test func forwardAgainFromAnUntouchedStepTakesTheKeptSnapshots() throws {
        var s = try Self.session(Self.scripts)
        _ = try s.perform(.step(3))
        let firstTime = s.tree
        _ = try s.perform(.step(1))
        _ = try s.perform(.step(3))
        // The same value, not a replay's equal copy.
        #expect(s.tree.isUnchangedCopy(of: firstTime))
        // And what a fresh `step 3` gives.
        var fresh = try Self.session(Self.scripts)
        _ = try fresh.perform(.step(3))
        #expect(s.tree == fresh.tree)
        #expect(StepSettings(s) == StepSettings(fresh))
        #expect(s.depth.exploded && s.depth.order == .render)
        // One step at a time too: 0 → 1 → 2 → 3 after 3 → 0.
        _ = try s.perform(.step(0))
        for n in 1...3 { _ = try s.perform(.step(n)) }
        #expect(s.tree.isUnchangedCopy(of: firstTime))
    }

    @Test func anEditPlaysTheLaterStepsAgainAndSteppingBackForgetsIt() throws {
        var s = try Self.session(Self.scripts)
        _ = try s.perform(.step(3))
        let firstTime = s.tree
        _ = try s.perform(.step(1))
        _ = try s.perform(try CommandParser.parseEngine("move 5 0"))  // a is selected: 100 − 50 + 10 + 5
        _ = try s.perform(.step(3))
        #expect(!s.tree.isUnchangedCopy(of: firstTime))
        #expect(try Self.x(s, "a") == 65)
        // Back to 1 sets the edit aside; forward again plays from step 1 as first played
        // (the step-2 snapshot was played from the edited scene, so it is not taken).
        _ = try s.perform(.step(1))
        _ = try s.perform(.step(3))
        #expect(try Self.x(s, "a") == 60)
        var fresh = try Self.session(Self.scripts)
        _ = try fresh.perform(.step(3))
        #expect(s.tree == fresh.tree)
    }

    @Test func anotherSelectionPlaysTheScriptAgain() throws {
        // Step 2 moves whatever is selected: after stepping back and selecting c, `step 2`
        // moves c, as playing the script does.
        var s = try Self.session(["select a", "move 0 7"])
        _ = try s.perform(.step(2))
        #expect(s.tree[try #require(s.tree.id(named: "a"))].frame.origin.y == 67)
        _ = try s.perform(.step(1))
        _ = try s.perform(.select("c"))
        _ = try s.perform(.step(2))
        #expect(s.tree[try #require(s.tree.id(named: "c"))].frame.origin.y == 67)
        #expect(s.tree[try #require(s.tree.id(named: "a"))].frame.origin.y == 60)
    }

    @Test func pastTheHistoryBudgetForwardStillTakesTheKeptSnapshots() throws {
        // 30 000 layers: after 9 steps undo's step entries alone hold 270 000 layers, past the
        // budget of 250 000, and the oldest are dropped — but not the snapshots, so stepping
        // around a demo never starts playing its scripts again (the step bench's 10 000-layer
        // demo did, after 25 keys).
        var scene = Scene()
        for i in 0..<30_000 { _ = try scene.tree.add(Layer(name: "l\(i)"), in: nil, at: nil) }
        scene.steps = [
            SceneStep(title: "a", script: [ScriptLine("select l0; move 1 0")]),
            SceneStep(title: "b", script: [ScriptLine("select l1; move 1 0")])
        ]
        var s = Session(scene: scene)
        _ = try s.perform(.step(2))
        let one = s.stepSnapshots[1].tree, two = s.tree
        for n in [0, 1, 2, 1, 0, 2, 0, 1, 2, 0, 1, 2] { _ = try s.perform(.step(n)) }
        #expect(s.tree.isUnchangedCopy(of: two))
        _ = try s.perform(.step(1))
        #expect(s.tree.isUnchangedCopy(of: one))
        #expect(s.undoStack.count < 14)
    }

    @Test func aStepThatUsesTheClockPlaysAgain() throws {
        // The clock is not part of a snapshot: its step is played again each time.
        var s = try Self.session(["select a", "wait 0.5"])
        _ = try s.perform(.step(2))
        #expect(s.now == 0.5)
        _ = try s.perform(.step(1))
        _ = try s.perform(.step(2))
        #expect(s.now == 1)
    }

    @Test func aStepBackIntoTheExplodedViewFindsItsPlanes() throws {
        // Steps 2 and 3 are exploded, over different trees (step 3 edits): the planes of each
        // are worked out once, then found again whichever way the steps go.
        var s = try Self.session(Self.scripts)
        _ = try s.perform(.step(2))
        let two = s.depthLayout().serial
        _ = try s.perform(.step(3))
        let three = s.depthLayout().serial
        #expect(three != two)
        _ = try s.perform(.step(2))
        #expect(s.depthLayout().serial == two)
        _ = try s.perform(.step(3))
        #expect(s.depthLayout().serial == three)
        _ = try s.perform(.step(0))
        _ = try s.perform(.step(3))
        #expect(s.depthLayout().serial == three)
    }

    @Test func theLayoutsOfAtMostFourTreesAreKept() throws {
        var s = try Self.session([])
        _ = try s.perform(.depth(.explode(true)))
        let first = s.depthLayout().serial
        let start = s.tree
        // Four edits: four more trees; the first is the fifth newest, and is dropped.
        for _ in 0..<4 {
            _ = try s.perform(try CommandParser.parseEngine("move 1 0"))
            _ = s.depthLayout()
        }
        var back = s
        back.replaceTree(start)
        #expect(back.depthLayout().serial != first)
        // Three edits: the start is the fourth newest, and kept.
        var t = try Self.session([])
        _ = try t.perform(.depth(.explode(true)))
        let kept = t.depthLayout().serial
        let tStart = t.tree
        for _ in 0..<3 {
            _ = try t.perform(try CommandParser.parseEngine("move 1 0"))
            _ = t.depthLayout()
        }
        t.replaceTree(tStart)
        #expect(t.depthLayout().serial == kept)
    }
}
