import CommandLanguage
@testable import Engine
import Explorer
import Foundation
import SceneFiles
import Scenes
import Testing
import TestSupport

/// A step's warnings in the explorer: the file's first (a step's) on the status line as it
/// opens, like a layout script's, and a step's first as the step runs, even when a later
/// command of the step ran without one.
@Suite struct StepWarningStatusTests {
    /// The layout of `StepScriptWarningTests`: step 2 sets frame 0 0 20 20 on `card`, turned
    /// 30°, then selects `flat`; step 3 sets frame 0 0 10 10 on it.
    static let layout = Fixtures.stepWarnings

    @Test func theFileOpensWithTheStepsWarningsAndAStepSaysItsOwn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-step-status-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/trial.json"
        try Self.layout.write(toFile: file, atomically: true, encoding: .utf8)
        var state = ExplorerState(session: Session(scene: try SceneLoader.load(file), filePath: file))
        // Step 2's line 8, its string's quote at column 49; two warnings in all.
        #expect(state.status.hasPrefix("\(file):8:49: warning: step 2 \"turned\": set frame 0 0 20 20: "), "\(state.status)")
        #expect(state.status.hasSuffix("(and 1 more: layerscope check \(file))"), "\(state.status)")

        _ = Reducer.reduce(&state, .command(try CommandParser.parse("step 1")))
        #expect(!state.status.contains("warning"), "\(state.status)")
        _ = Reducer.reduce(&state, .command(try CommandParser.parse("step 2")))
        #expect(state.statusIsError)
        #expect(state.status.hasPrefix("warning: step 2 \"turned\": set frame 0 0 20 20: frame set under a transform"), "\(state.status)")
        #expect(state.status.contains("27.3205080757×7.3205080757"), "\(state.status)")
        _ = Reducer.reduce(&state, .command(try CommandParser.parse("step 3")))
        #expect(state.status.hasPrefix("warning: step 3 \"small\": set frame 0 0 10 10: "), "\(state.status)")
        #expect(state.status.contains("13.6602540378×3.6602540378"), "\(state.status)")
    }

    /// A step whose script warns twice: its status says the first and "(and 1 more: …)" with
    /// the command that prints both (`check` plays every step), as the load-warning status
    /// does; a step from a file with no path on disk (an embedded lesson) says only the count.
    @Test func aStepThatWarnsTwiceSaysHowManyMore() throws {
        let layout = """
            {"layers": [
              {"name": "card", "bounds": [0, 0, 20, 20], "position": [40, 40], "transform": [{"rotate": 30}]}
            ],
             "steps": [
              {"title": "twice", "script": ["select card", "set frame 0 0 20 20", "set frame 0 0 10 10"]}
             ]}
            """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-step-more-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/twice.json"
        try layout.write(toFile: file, atomically: true, encoding: .utf8)
        var state = ExplorerState(session: Session(scene: try SceneLoader.load(file), filePath: file))
        _ = Reducer.reduce(&state, .command(try CommandParser.parse("step 1")))
        #expect(state.statusIsError)
        // 20×20 turned 30°: 20·cos 30° + 20·sin 30° = 27.3205080757 wide (the first warning).
        #expect(state.status.hasPrefix("warning: step 1 \"twice\": set frame 0 0 20 20: frame set under a transform"), "\(state.status)")
        #expect(state.status.contains("27.3205080757×7.3205080757"), "\(state.status)")
        #expect(!state.status.contains("13.6602540378"), "the second warning is counted, not said: \(state.status)")
        #expect(state.status.hasSuffix(" (and 1 more: layerscope check \(file))"), "\(state.status)")

        // Two warnings, one from a file with no path on disk: the count alone.
        let w1 = LayoutWarning(file: "(embedded) 03-anchor", line: 4, column: 9, path: "step 1 \"a\": set frame 0 0 1 1", message: "first")
        let w2 = LayoutWarning(file: "(embedded) 03-anchor", line: 4, column: 30, path: "step 1 \"a\": set frame 0 0 2 2", message: "second")
        #expect(Session.stepStatus([w1, w2]) == "step 1 \"a\": set frame 0 0 1 1: first (and 1 more)")
        #expect(Session.stepStatus([w1]) == "step 1 \"a\": set frame 0 0 1 1: first")
        #expect(Session.stepStatus([]) == nil)
    }
}
