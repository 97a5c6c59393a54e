import Foundation
import Testing
import TestSupport

/// `eval --layout FILE` says the file's load warnings (a `frame` under a rotation, a script
/// line that warns) on stderr as `check` does, before the script's own, and the exit is the
/// script's: a warning is not an error.
@Suite(
    "eval --layout says the file's load warnings", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct EvalLoadWarningsEndToEndTests {
    static let layout = """
        {"layers": [
          {"name": "card", "frame": [0, 0, 10, 10],
           "transform": [{"rotate": 30}]},
          {"name": "other", "bounds": [0, 0, 20, 20], "position": [40, 40]}
        ]}
        """

    @Test func evalPrintsTheFilesWarningsAsCheckDoesAndExitsAsTheScriptDoes() throws {
        let dir = NSTemporaryDirectory() + "ls-eval-warn-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/trial.json"
        try Self.layout.write(toFile: file, atomically: true, encoding: .utf8)
        let program = try LayerScopeProgram.requiredPath

        let check = try Subprocess.run(program, ["check", file], timeout: .seconds(20))
        let eval = try Subprocess.run(program, ["eval", "--layout", file, "--script", "select card; get bounds"], timeout: .seconds(20))
        #expect(eval.status == 0, "\(eval.errors)")
        // 10×10 turned 30°: bounds 13.66 × 3.66 (10·cos30° + 10·sin30°, −10·sin30° + 10·cos30°).
        #expect(eval.output == "{\"rect\":[0,0,13.6602540378,3.6602540378]}\n")
        #expect(eval.errors.hasPrefix("\(file):2:20: warning: layers[0].frame: "), "\(eval.errors)")
        #expect(eval.errors.contains("makes them 13.66×3.66, not 10×10"), "\(eval.errors)")
        #expect(eval.errors == check.errors, "the same lines as check")

        // A script that fails still exits 1, its error after the file's warning.
        let failing = try Subprocess.run(program, ["eval", "--layout", file, "--script", "select nobody"], timeout: .seconds(20))
        #expect(failing.status == 1)
        let lines = failing.errors.split(separator: "\n")
        #expect(lines.count == 2, "\(failing.errors)")
        #expect(lines.first?.hasPrefix("\(file):2:20: warning: ") == true)
        #expect(lines.last?.hasPrefix("line 1: ") == true, "\(failing.errors)")

        // A file without warnings prints nothing on stderr.
        let plain = dir + "/plain.json"
        try #"{"layers": [{"name": "box", "bounds": [0, 0, 10, 10]}]}"#.write(toFile: plain, atomically: true, encoding: .utf8)
        let quiet = try Subprocess.run(program, ["eval", "--layout", plain, "--script", "select box; get bounds"], timeout: .seconds(20))
        #expect(quiet.status == 0 && quiet.errors.isEmpty, "\(quiet.errors)")
    }
}
