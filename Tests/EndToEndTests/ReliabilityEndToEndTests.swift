import Foundation
import Testing

/// Issue 15 through the real binary: reproductions of each finding, run with a time bound
/// so a hang fails the test instead of stalling the run.
@Suite("Reliability end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct ReliabilityEndToEndTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func panningTheUntouchableSceneOffTheCanvasDoesNotCrash() throws {
        // Finding 1, the exact reproduction: it died with SIGILL (exit 132).
        let file = Self.package.appendingPathComponent("Layouts/untouchable.json").path
        let result = try TimedProcess.run(try LayerScopeProgram.requiredPath,
                                          ["render", file, "--size", "80x24", "--script", "panel hit-test; pan 0 -20"])
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
            (["check", device], "a character device", 1),
        ]
        for (arguments, kind, status) in runs {
            let result = try TimedProcess.run(program, arguments, timeout: .seconds(20))
            #expect(!result.timedOut, "\(arguments): hung")
            #expect(result.status == status, "\(arguments): exit \(result.status)")
            #expect(result.errors.contains("it is \(kind), not a regular file"), "\(arguments): \(result.errors)")
        }
    }
}

/// Runs a program with stdin from /dev/null and a deadline: past it the program is killed
/// with SIGKILL and `timedOut` is set (the caller fails the test on that).
enum TimedProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        var timedOut: Bool
    }

    static func run(_ path: String, _ arguments: [String], timeout: Duration = .seconds(20),
                    environment: [String: String]? = nil) throws -> Result {
        let base = NSTemporaryDirectory() + "layerscope-timed-\(getpid())-\(UUID().uuidString)"
        let outPath = base + ".out", errPath = base + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGCHLD, SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw TmuxSession.Failure(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var status: Int32 = 0
        var timedOut = false
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw TmuxSession.Failure(description: "waitpid failed: \(String(cString: strerror(errno)))") }
            if clock.now >= deadline, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus,
                      output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                      errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                      timedOut: timedOut)
    }
}
