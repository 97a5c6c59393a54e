import CommandLanguage
import Engine
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
}
