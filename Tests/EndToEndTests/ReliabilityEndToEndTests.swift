import Foundation
import Testing
import TestSupport

/// Issue 15 through the real binary: reproductions of each finding, run with a time bound
/// so a hang fails the test instead of stalling the run.
@Suite("Reliability end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct ReliabilityEndToEndTests {
    static let package = PackageRoot.url

    @Test func panningTheUntouchableSceneOffTheCanvasDoesNotCrash() throws {
        // Finding 1, the exact reproduction: it died with SIGILL (exit 132).
        let file = Self.package.appendingPathComponent("Layouts/untouchable.json").path
        let result = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            ["render", file, "--size", "80x24", "--script", "panel hit-test; pan 0 -20"], timeout: .seconds(20))
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).count >= 24)
    }

    @Test func fifosDevicesAndSocketsAreRefusedWithoutHanging() throws {
        // Finding 3: `mkfifo x.json` hung check, render, eval and export forever (open(2)
        // waits for a writer). Each must now exit 1 naming the kind of file, well inside 20 s.
        let dir = NSTemporaryDirectory() + "layerscope-fifo-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/x.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let device = dir + "/zero.yaml"
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/zero")
        let program = try LayerScopeProgram.requiredPath
        // (arguments, kind named, exit status: 64 is a usage error, as for any unreadable --script-file)
        let runs: [([String], String, Int32)] = [
            (["check", fifo], "a FIFO (named pipe)", 1),
            (["render", fifo, "--size", "40x12"], "a FIFO (named pipe)", 1),
            (["eval", "--layout", fifo, "--script", "get frame"], "a FIFO (named pipe)", 1),
            (["export", fifo], "a FIFO (named pipe)", 1),
            (["eval", "--script-file", fifo], "a FIFO (named pipe)", 64),
            (["check", device], "a character device", 1)
        ]
        for (arguments, kind, status) in runs {
            let result = try Subprocess.run(program, arguments, timeout: .seconds(20))
            #expect(!result.timedOut, "\(arguments): hung")
            #expect(result.status == status, "\(arguments): exit \(result.status)")
            #expect(result.errors.contains("it is \(kind), not a regular file"), "\(arguments): \(result.errors)")
        }
    }
}
