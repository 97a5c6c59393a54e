@testable import Explorer
import CommandLanguage
@testable import Engine
import Geometry
@testable import LayerModel
import Scenes
import Testing

/// The step bench's demo in the explorer (issue 32): after one pass, going forward takes the
/// kept snapshots (the very tree values of the first pass) and a step into the exploded view
/// finds its planes — the view commands the explorer applies after a step (zoom, panel,
/// cursor) leave the session as the snapshot has it. Counted by tree identity and layout
/// serials, not timed.
@Suite struct KeptStepsExplorerTests {
    static func state() throws -> ExplorerState {
        var tree = LayerTree()
        let root = try tree.add(Layer(name: "L0", kind: .view))
        tree[root].bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        tree[root].position = Point(x: 200, y: 150)
        for i in 1..<40 {
            var l = Layer(name: "L\(i)")
            l.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
            l.position = Point(x: Double(10 * i), y: Double(7 * i))
            l.backgroundColor = Color(red: 200, green: 20, blue: 20)
            try tree.add(l, in: root)
        }
        var scene = Scene(screen: Size(width: 400, height: 300), tree: tree)
        scene.steps = [
            SceneStep(title: "move", script: [ScriptLine("select L5; move 10 0; set zPosition 2")]),
            SceneStep(title: "explode", script: [ScriptLine("explode on; explode order render; explode spacing 40; select L7")]),
            SceneStep(title: "order", script: [ScriptLine("explode order hit; zoom 2; panel formula")]),
            SceneStep(title: "cursor", script: [ScriptLine("explode off; select L9; rotate 15; cursor-at 200 120")])
        ]
        var state = ExplorerState(session: Session(scene: scene))
        state.columns = 120; state.rows = 40
        return state
    }

    static func step(_ state: inout ExplorerState, _ n: Int) {
        _ = Reducer.reduce(&state, .command(.engine(.step(n))))
        #expect(state.session.currentStep == n && !state.statusIsError, "\(state.status)")
    }

    @Test func aSecondPassTakesTheFirstPassesTreesAndPlanes() throws {
        var state = try Self.state()
        var trees: [Int: LayerTree] = [:]
        var planes = 0
        for n in 1...4 {
            Self.step(&state, n)
            trees[n] = state.session.tree
            if n == 3 { planes = state.session.depthLayout().serial }
        }
        // As the bench does: straight back to 0, then one at a time, then back one at a time.
        Self.step(&state, 0)
        for n in 1...4 {
            Self.step(&state, n)
            #expect(state.session.tree.isUnchangedCopy(of: trees[n]!), "step \(n) played its script again")
        }
        for n in stride(from: 3, through: 0, by: -1) { Self.step(&state, n) }
        for n in 1...4 {
            Self.step(&state, n)
            #expect(state.session.tree.isUnchangedCopy(of: trees[n]!), "step \(n) played its script again")
            if n == 3 { #expect(state.session.depthLayout().serial == planes) }
        }
        // A jump there and back, then again.
        Self.step(&state, 0)
        Self.step(&state, 4)
        #expect(state.session.tree.isUnchangedCopy(of: trees[4]!))
    }
}
