import Foundation
import Testing
import TestSupport

/// Trial finding, part two, through the real binary: a layout giving `frame` with a 30°
/// rotation. `check` says where and what it becomes, and passes (a warning is not an error);
/// the explorer says it once on the status line as the file opens.
@Suite(
    "A frame under a rotation, end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct FrameUnderRotationEndToEndTests {
    static let layout = """
        {"layers": [
          {"name": "card", "frame": [0, 0, 10, 10],
           "transform": [{"rotate": 30}]},
          {"name": "other", "bounds": [0, 0, 20, 20], "position": [40, 40]}
        ]}
        """

    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "ls-frame-rot-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try layout.write(toFile: dir + "/trial.json", atomically: true, encoding: .utf8)
        return dir
    }

    /// 10×10 turned 30°: bounds (10·cos30° + 10·sin30°) × (−10·sin30° + 10·cos30°) = 13.66 × 3.66.
    @Test func checkWarnsWithThePlaceTheBoundsAndTheFixAndPasses() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/trial.json"
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", file], timeout: .seconds(20))
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "\(file): ok — 2 layers, 1 warning\n")
        #expect(result.errors.hasPrefix("\(file):2:20: warning: layers[0].frame: "), "\(result.errors)")
        #expect(result.errors.contains("makes them 13.66×3.66, not 10×10"), "\(result.errors)")
        #expect(result.errors.contains(#"give bounds and position instead: "bounds": [0, 0, 10, 10], "position": [5, 5]"#), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1)

        // The numbers are Apple's, kept: what the warning says is what get answers.
        let bounds = try Subprocess.run(
            try LayerScopeProgram.requiredPath, ["eval", "--layout", file, "--script", "select card; get bounds"], timeout: .seconds(20))
        #expect(bounds.output == "{\"rect\":[0,0,13.6602540378,3.6602540378]}\n")
    }

    @Test func theExplorerSaysItOnceAsTheFileOpens() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let explorer = try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", dir, try LayerScopeProgram.requiredPath, "trial.json"],
            columns: 160, rows: 40)
        defer { explorer.close() }
        let first = try explorer.waitFor("warning: layers[0].frame")
        #expect(first.contains("trial.json:2:20: warning: layers[0].frame:"), "\(first)")
        #expect(first.contains("13.66×3.66"), "\(first)")
        // Once: the next key's status replaces it (Tab selects the next layer).
        try explorer.sendKeys("Tab")
        let after = try explorer.waitUntil("the warning to go") { !$0.contains("warning: layers[0].frame") }
        #expect(!after.contains("13.66×3.66, not 10×10"))
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 0)
    }
}
