@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Foundation
import Testing
import TestSupport
import Engine
import SceneFiles

/// `render --script` and `explore --script` (`Reducer.runScript`): a command that runs but
/// warns is not a failure. The warning goes to `warn` with its place and the script goes on;
/// with `failOnWarning` it stops there like an error, saying how to go on.
@Suite struct ScriptWarningTests {
    static func tour() throws -> ExplorerState {
        let path = PackageRoot.url("Layouts/tour.json").path
        return ExplorerState(session: Session(scene: try SceneLoader.load(path), filePath: path))
    }

    static let turned = "box is turned by its transform, so its bounds swapped about its anchorPoint (100×60 → 60×100, position kept), not its frame"

    @Test func aWarningIsSaidWithItsPlaceAndTheScriptGoesOn() throws {
        var state = try Self.tour()
        var warnings: [String] = []
        try Reducer.runScript(&state, "select box\nturn; select hand", name: "demo.txt", warn: { warnings.append($0) })
        #expect(warnings == ["line 2: demo.txt:2:1: warning: " + Self.turned])
        // The command after the warning, on the same line, ran.
        #expect(state.session.selection == state.session.tree.id(named: "hand"))
        let box = try #require(state.session.tree.id(named: "box"))
        #expect(state.session.tree[box].bounds.size.width == 60 && state.session.tree[box].bounds.size.height == 100)
    }

    @Test func theLastCommandsWarningStaysOnTheStatusLine() throws {
        var state = try Self.tour()
        try Reducer.runScript(&state, "select box; turn", name: "t")
        #expect(state.statusIsError)
        #expect(state.status == "warning: " + Self.turned)
    }

    @Test func failOnWarningStopsAtTheFirstWarning() throws {
        var state = try Self.tour()
        var warnings: [String] = []
        let failure = try #require(throws: ScriptFailure.self) {
            try Reducer.runScript(&state, "select box\nturn\nselect hand", name: "t", failOnWarning: true, warn: { warnings.append($0) })
        }
        #expect(warnings.isEmpty)
        #expect(failure.line == 2)
        #expect(
            failure.description
                == "line 2: t:2:1: warning: \(Self.turned); --fail-on-warning stops at the first warning; without it the warning is printed and the script goes on"
        )
        // Line 3 did not run.
        #expect(state.session.selection == state.session.tree.id(named: "box"))
    }

    @Test func anErrorStillStopsTheScript() throws {
        var state = try Self.tour()
        let failure = try #require(throws: ScriptFailure.self) { try Reducer.runScript(&state, "select box\nselect nosuch\nturn", name: "t") }
        #expect(failure.line == 2)
        #expect(state.session.tree[try #require(state.session.tree.id(named: "box"))].bounds.size.width == 100)
    }
}
