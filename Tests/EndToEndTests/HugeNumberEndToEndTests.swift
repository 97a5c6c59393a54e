import Foundation
import Testing
import TestSupport

/// Issue 20 through the real binary: huge numbers that crashed or froze, each with a time
/// bound so a freeze fails the test instead of stalling the run.
@Suite(
    "Huge numbers end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct HugeNumberEndToEndTests {
    static let package = PackageRoot.url

    @Test func theReportedCommandLinesExitCleanly() throws {
        let program = try LayerScopeProgram.requiredPath
        let dir = NSTemporaryDirectory() + "layerscope-huge-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let nested = dir + "/nested.json"
        try """
        {"screen": {"width": 320, "height": 240}, "layers": [
         {"name": "s1", "bounds": [0, 0, 100, 100], "position": [160, 120], "transform": [{"scale": 1e9}], "sublayers": [
          {"name": "s2", "bounds": [0, 0, 100, 100], "position": [50, 50], "transform": [{"scale": 1e9}], "sublayers": [
           {"name": "s3", "bounds": [0, 0, 100, 100], "position": [50, 50], "transform": [{"scale": 1e9}]}]}]}]}
        """.write(toFile: nested, atomically: true, encoding: .utf8)
        let popup = Self.package.appendingPathComponent("Layouts/popup.json").path
        // (arguments, exit status, text on stderr): each died with exit 132 (SIGILL).
        let runs: [([String], Int32, String)] = [
            (["check", nested], 0, ""),
            (["render", nested, "--size", "80x24", "--script", "select s3"], 0, ""),
            (
                [
                    "render", popup, "--size", "80x24", "--time", "0.5", "--script",
                    "select button; animate transform.scale to 1e9 duration 1 timing cubic-bezier 0 1e9 1 1e9"
                ], 0, ""
            ),
            (["render", popup, "--size", "100x30", "--script", "select button; scale 1e9; zoom 1000000"], 0, ""),
            (["eval", "--script", "step -9223372036854775808"], 1, "-9223372036854775808 is out of range (a step number)")
        ]
        // The dump line that trapped in Labels when rendered. Whether the importer takes a
        // 1e300 frame or refuses it with a located error is the importer's policy: either
        // way the run ends normally (exit 0 or 1), never with a trap.
        let dump = dir + "/huge.txt"
        try "<UIView: 0x1; frame = (0 0; 1e300 1e300); layer = <CALayer: 0x2>>\n".write(toFile: dump, atomically: true, encoding: .utf8)
        let rendered = try Subprocess.run(program, ["render", dump, "--size", "60x20"], timeout: .seconds(30))
        #expect(!rendered.timedOut && (rendered.status == 0 || rendered.status == 1), "exit \(rendered.status)")
        #expect(!rendered.errors.contains("Fatal error"), "\(rendered.errors)")
        for (arguments, status, errors) in runs {
            let result = try Subprocess.run(program, arguments, timeout: .seconds(30))
            #expect(!result.timedOut, "\(arguments): hung")
            #expect(result.status == status, "\(arguments): exit \(result.status) \(result.errors)")
            #expect(errors.isEmpty || result.errors.contains(errors), "\(arguments): \(result.errors)")
        }
    }

    @Test func typedScaleABillionDoesNotFreezeTheExplorer() throws {
        // `:scale 1e9` then `:zoom 1000000` on the clock: each command's echo must arrive
        // within the harness's 10 s (it took 16 s to over 200 s, and Ctrl-C could not stop it).
        let clock = Self.package.appendingPathComponent("Layouts/clock.json").path
        let session = try TmuxSession(program: try LayerScopeProgram.requiredPath, arguments: [clock], columns: 100, rows: 30)
        defer { session.close() }
        try session.waitFor(" LayerScope")
        // The echo spells the command canonically: 1e9 is "1000000000".
        for (text, echo) in [("scale 1e9", "scale 1000000000"), ("zoom 1000000", "zoom 1000000"), ("scale 1e9", "scale 1000000000")] {
            try session.sendKeys(":")
            try session.type(text)
            try session.waitFor(":" + text)
            try session.sendKeys("Enter")
            try session.waitUntil("the echo of \(text)") { $0.contains("key: " + echo) && !$0.contains(":" + text) }
        }
        // Scaled twice by 1e9 about its centre (120, 120): the face's frame is 200·1e18 wide.
        try session.waitFor("frame (-1e20, -1e20, 2e20, 2e20)")
        try session.sendKeys("q")
        try session.waitUntil("the quit prompt or exit") { $0.contains("[exit") || $0.contains("quit") }
    }
}
