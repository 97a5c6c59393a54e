import Foundation
import Testing
import TestSupport

/// A step's command that warns (`set frame` under a rotation), through the real binary:
/// `check` says it at the step's script line like a layout script's warning and passes;
/// `eval` says it when the script plays the step, even when the step's last command did not
/// warn.
@Suite(
    "A step's warnings, end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct StepWarningsEndToEndTests {
    /// `StepScriptWarningTests`'s layout: step 2 at line 8 (its "set frame" quote at column
    /// 49), step 3 at line 9 (column 48).
    static let layout = Fixtures.stepWarnings

    @Test func checkAndEvalSayAStepsWarnings() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let file = folder.path + "/trial.json"
        try Self.layout.write(toFile: file, atomically: true, encoding: .utf8)
        let program = try LayerScopeProgram.requiredPath

        let check = try Subprocess.run(program, ["check", file], timeout: .seconds(20))
        #expect(check.status == 0, "\(check.errors)")
        #expect(check.output == "\(file): ok — 2 layers, 2 warnings\n")
        let lines = check.errors.split(separator: "\n")
        #expect(lines.count == 2, "\(check.errors)")
        // 20×20 turned 30° set to frame 0 0 20 20: 27.32 × 7.32; then frame 0 0 10 10: 13.66 × 3.66.
        #expect(lines.first?.hasPrefix("\(file):8:49: warning: step 2 \"turned\": set frame 0 0 20 20: frame set under a transform") == true, "\(check.errors)")
        #expect(lines.first?.contains("bounds went from 20×20 to 27.3205080757×7.3205080757") == true)
        #expect(lines.last?.hasPrefix("\(file):9:48: warning: step 3 \"small\": set frame 0 0 10 10: ") == true, "\(check.errors)")

        // eval --layout prints the file's warnings as check does, then the step's as it plays.
        let eval = try Subprocess.run(program, ["eval", "--layout", file, "--script", "step 2\nselect card\nget bounds"], timeout: .seconds(20))
        #expect(eval.status == 0, "\(eval.errors)")
        #expect(eval.output == "{\"rect\":[0,0,27.3205080757,7.3205080757]}\n")
        let said = eval.errors.split(separator: "\n")
        #expect(said.count == 3, "\(eval.errors)")
        #expect(said.prefix(2) == lines.prefix(2))
        #expect(
            said.last?.hasPrefix("line 1: <script>:1:1: warning: step 2 \"turned\": set frame 0 0 20 20: frame set under a transform") == true, "\(eval.errors)"
        )
    }
}
