import Foundation
import Testing

/// Issue 20: `kill -SEGV` sent to `layerscope render` printed a backtrace and then the run
/// went on (and exited 0): the Swift runtime's backtracer returns from a signal that was
/// sent rather than raised by a fault. A fatal signal must always end the process.
@Suite(
    "A crash signal ends a headless run", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct HeadlessSignalTests {
    /// `render -` blocks reading a dump on standard input (a pipe this test holds open), so
    /// the signal arrives mid-run, after start-up. Each signal, with the backtracer on.
    @Test(arguments: [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT])
    func aSignalSentToRenderEndsIt(_ signal: Int32) throws {
        var input: [Int32] = [-1, -1]
        #expect(pipe(&input) == 0)
        let errPath = NSTemporaryDirectory() + "ls-signal-\(getpid())-\(UUID().uuidString.prefix(8)).err"
        defer { unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addclose(&actions, input[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The child starts with no signal blocked and default actions (test threads block some).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let program = try LayerScopeProgram.requiredPath
        let arguments: [String] = [program, "render", "-"]
        let environment: [String] = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "SWIFT_BACKTRACE=enable=yes,interactive=no"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, program, &actions, &attributes, argv, envp) == 0)
        close(input[0])
        defer { close(input[1]) }

        // Wait until it is blocked reading standard input: past start-up, mid-run.
        func readingStandardInput() -> Bool {
            let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
            return wchan.contains("pipe_read") || call.hasPrefix("0 0x0 ") || call.hasPrefix("63 0x0 ")
        }
        let clock = ContinuousClock()
        var deadline = clock.now + .seconds(20)
        while !readingStandardInput(), clock.now < deadline { usleep(10_000) }
        #expect(readingStandardInput(), "render - never blocked on standard input")
        #expect(kill(pid, signal) == 0)

        // It dies of that signal (the shell would say 128 + signal) — it does not go on.
        var status: Int32 = 0
        deadline = clock.now + .seconds(30)
        var ended: pid_t = 0
        while ended == 0, clock.now < deadline {
            ended = waitpid(pid, &status, WNOHANG)
            if ended == 0 { usleep(20_000) }
        }
        if ended == 0 { kill(pid, SIGKILL); _ = waitpid(pid, &status, 0) }
        #expect(ended == pid, "still running 30 s after the signal")
        let signalled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
        #expect(signalled && (status & 0x7f) == signal, "status \(status)")
        // The backtracer still had its say first.
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        #expect(errors.contains("Backtracing") || errors.contains("crashed"), "\(errors.prefix(300))")
    }
}
