import Foundation
import TestSupport

/// A program running in a detached tmux session of fixed size, driven like a user
/// would: keys in, screen text out.
///
/// Each session has its own tmux server (a unique `-L` socket, no user config, a
/// minimal environment), so tests never share state and may run in parallel; the
/// server is killed by `close()` or when the session is deinitialized.
///
/// Waiting always polls the screen (every 20 ms) for what a test expects, up to a
/// timeout: never sleep for a fixed time.
///
/// Two ways to start: `init(program:arguments:…)` runs one program under a small
/// wrapper shell that records its process id and prints `[exit N]` when it ends (N as
/// a shell reports it: 128 + the signal's number after a signal), then stays, so the
/// final screen and the status can be read. tmux's own `pane_dead_status` is not used:
/// seen here with tmux 3.3a, for a program that exits at once tmux either loses the
/// status or the program's last output. `init(shell:)` runs a command line as the
/// pane's program, for interactive shells and plain tools.
final class TmuxSession {
    /// A tmux command failed, or something awaited did not show up in time.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The pane's size in cells.
    private(set) var columns: Int
    private(set) var rows: Int
    private let socket: String
    private let scratch: String
    private var socketPath: String?
    private var isClosed = false

    /// The tmux executable, or `nil` when tmux is not installed.
    static let tmuxPath: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    private static let counter = Counter()

    /// The environment the tmux server (and so every pane) starts from: only what a
    /// login would set, so that the runner's own variables (`NO_COLOR`, `TERM`, `LC_*`,
    /// `SWIFT_BACKTRACE`, …) cannot change what a test sees.
    private static let serverEnvironment: [String: String] = {
        let inherited = ProcessInfo.processInfo.environment
        var environment = [
            "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin", "SHELL": "/bin/sh",
            "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"
        ]
        for name in ["HOME", "USER", "LOGNAME", "TMPDIR"] {
            if let value = inherited[name] { environment[name] = value }
        }
        return environment
    }()

    /// Starts `program` with `arguments` in a new detached session, under the wrapper
    /// described above.
    ///
    /// - Parameters:
    ///   - program: the executable's path.
    ///   - environment: exported for the program, over a minimal login environment with
    ///     `LANG=C.UTF-8` and `SWIFT_BACKTRACE=interactive=no` (a crash must not wait
    ///     for a key). `TERM` may be overridden here too.
    ///   - columns: the pane's width in cells.
    ///   - rows: the pane's height in cells (the status line is off: every row is the pane's).
    ///   - terminalType: the pane's `TERM`, unless `environment` sets one.
    convenience init(
        program: String, arguments: [String] = [], environment: [String: String] = [:],
        columns: Int = 120, rows: Int = 40, terminalType: String = "tmux-256color"
    ) throws {
        try self.init(columns: columns, rows: rows, terminalType: terminalType) { scratch in
            let exports = environment.sorted { $0.key < $1.key }
                .map { "export \($0.key)=\(Self.shellQuoted($0.value))\n" }.joined()
            let command = ([program] + arguments).map(Self.shellQuoted).joined(separator: " ")
            // The inner sh writes its pid, then becomes the program (same pid). The
            // wrapper survives Ctrl-C and Ctrl-\ (traps, which the program does not
            // inherit) so it can report the status.
            let script = """
                trap : INT QUIT
                \(exports)sh -c 'echo $$ > "$0"; exec "$@"' \(Self.shellQuoted(scratch + ".pid")) \(command)
                echo "[exit $?]"
                exec sleep 86400

                """
            try script.write(toFile: scratch + ".sh", atomically: true, encoding: .utf8)
            // exec: the wrapper itself is the pane's process (tmux runs this with `sh -c`,
            // and that outer shell, without the traps, would die of a Ctrl-\).
            return "exec sh \(Self.shellQuoted(scratch + ".sh"))"
        }
    }

    /// Starts `shell`, a command line run by `/bin/sh`, as the pane's program.
    convenience init(
        shell: String, columns: Int = 120, rows: Int = 40,
        terminalType: String = "tmux-256color"
    ) throws {
        try self.init(columns: columns, rows: rows, terminalType: terminalType) { _ in shell }
    }

    private init(columns: Int, rows: Int, terminalType: String, command: (String) throws -> String) throws {
        guard Self.tmuxPath != nil else { throw Failure(description: "tmux is not installed (apt-get install tmux)") }
        self.columns = columns
        self.rows = rows
        socket = "layerscope-e2e-\(getpid())-\(Self.counter.next())"
        scratch = NSTemporaryDirectory() + socket
        let config = """
            set -g default-terminal "\(terminalType)"
            set -g default-shell /bin/sh
            set -g remain-on-exit on
            set -g status off
            set -g history-limit 5000
            set -g escape-time 0

            """
        try config.write(toFile: scratch + ".conf", atomically: true, encoding: .utf8)
        try tmux([
            "-f", scratch + ".conf", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
            try command(scratch)
        ])
        socketPath = try? format("#{socket_path}")
    }

    deinit {
        close()
    }

    /// Kills the tmux server (and with it the program). Idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"])
        // tmux leaves its socket behind when killed.
        if let socketPath, !socketPath.isEmpty { unlink(socketPath) }
        for suffix in [".conf", ".sh", ".pid", ".output"] { unlink(scratch + suffix) }
    }

    // MARK: - Input

    /// Sends keys by tmux name (`"Up"`, `"C-c"`, `"M-x"`, `"Enter"`, `"F5"`, `"BTab"`),
    /// or short strings tmux types as they are (`"q"`).
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally, byte for byte (escape sequences included).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Resizes the window (and so the pane) to `columns` × `rows` cells; the program
    /// gets SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
        self.columns = columns
        self.rows = rows
    }

    // MARK: - Output

    /// The visible screen as text, one line per row, trailing spaces trimmed by tmux.
    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", target])
    }

    /// The visible screen with colors and attributes as SGR escape sequences (tmux's
    /// own spelling of what the cells look like, not the bytes the program sent).
    func captureWithStyles() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// The scrollback and the visible screen below it.
    func captureWithHistory() throws -> String {
        try tmux(["capture-pane", "-p", "-S", "-", "-t", target])
    }

    /// Starts copying everything the program writes to the terminal into a file, from
    /// now on; answers a function that reads how many bytes arrived so far.
    func recordOutput() throws -> () -> Int {
        let path = scratch + ".output"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        try tmux(["pipe-pane", "-t", target, "-o", "cat >> \(Self.shellQuoted(path))"])
        return {
            (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
    }

    /// Like `recordOutput`, answering a function that reads the bytes that arrived so far.
    func recordOutputBytes() throws -> () -> [UInt8] {
        let path = scratch + ".output"
        _ = try recordOutput()
        return { (FileManager.default.contents(atPath: path)).map(Array.init) ?? [] }
    }

    /// True while the pane shows the alternate screen (a full-screen program is on).
    func alternateOn() throws -> Bool {
        try format("#{alternate_on}") == "1"
    }

    /// The process id of the program started with `init(program:…)`.
    func programPID(timeout: Duration = .seconds(10)) throws -> pid_t {
        var pid: pid_t?
        try poll(timeout: timeout, what: "the program's pid") {
            pid = (try? String(contentsOfFile: scratch + ".pid", encoding: .utf8))
                .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        }
        return pid!
    }

    /// Waits for the program started with `init(program:…)` to end; answers its status
    /// as a shell reports it (128 + the signal's number when a signal ended it).
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        let screen = try waitUntil("the program to exit", timeout: timeout, includingHistory: true) {
            $0.contains("[exit ")
        }
        let tail = screen[screen.range(of: "[exit ", options: .backwards)!.upperBound...]
        guard let status = Int32(tail.prefix { $0.isNumber }) else {
            throw Failure(description: "unreadable exit status in \(tail.prefix(20))")
        }
        return status
    }

    /// Waits until the screen (with `includingHistory`, also the scrollback) contains
    /// `text`; answers the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10), includingHistory: Bool = false) throws -> String {
        try waitUntil("the screen to show \"\(text)\"", timeout: timeout, includingHistory: includingHistory) {
            $0.contains(text)
        }
    }

    /// Waits until `predicate` holds for the screen (with `includingHistory`, the
    /// scrollback and the screen); answers what it held for.
    @discardableResult
    func waitUntil(
        _ what: String = "a condition on the screen", timeout: Duration = .seconds(10),
        includingHistory: Bool = false, _ predicate: (String) -> Bool
    ) throws -> String {
        var screen = ""
        try poll(timeout: timeout, what: what, lastScreen: { screen }) {
            screen = includingHistory ? try self.captureWithHistory() : try self.capture()
            return predicate(screen)
        }
        return screen
    }

    // MARK: - Plumbing

    /// `text` in single quotes for /bin/sh.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private var target: String { "=0:" }

    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func poll(
        timeout: Duration, what: String, lastScreen: () -> String = { "" },
        _ condition: () throws -> Bool
    ) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if try condition() { return }
            if clock.now >= deadline {
                var screen = lastScreen()
                if screen.isEmpty { screen = (try? capture()) ?? "(no screen)" }
                throw Failure(description: "timed out after \(timeout) waiting for \(what); the screen was:\n\(Self.framed(screen))")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The screen with each line between `|`, so trailing spaces and blank lines show.
    static func framed(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { "|\($0)|" }.joined(separator: "\n")
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try Subprocess.run(
            Self.tmuxPath ?? "/usr/bin/tmux", ["-L", socket] + arguments,
            environment: Self.serverEnvironment)
        guard result.status == 0 else {
            let message = result.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(message)")
        }
        return result.output
    }
}

/// Runs a program to completion with posix_spawn and waitpid.
///
/// Not Foundation's `Process`: seen here, its `waitUntilExit` never returned for tmux
/// clients run from parallel tests (the children were left unreaped). The child gets an
/// empty signal mask (see below). Output goes to
/// temporary files rather than pipes, and we wait for the exit rather than for EOF: the
/// tmux server forks from the first client and could inherit the write end of a pipe
/// that another test has open at that moment.
enum Subprocess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        /// True when the program ran past `timeout` and was killed (the caller fails on it).
        var timedOut = false
    }

    /// Runs `path` with `arguments` and `environment` (by default this process's). With a
    /// `timeout`, a program still running at the deadline is killed with SIGKILL and
    /// `timedOut` is set.
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Duration? = nil
    ) throws -> Result {
        let base = NSTemporaryDirectory() + "layerscope-e2e-\(getpid())-\(UUID().uuidString)"
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

        // Test threads block signals, and a child inherits the mask: the tmux server
        // would then never see SIGCHLD and never learn its panes' exit statuses.
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
        var status: Int32 = 0
        var timedOut = false
        if let timeout {
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
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
        } else {
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else {
                    throw TmuxSession.Failure(description: "waitpid failed: \(String(cString: strerror(errno)))")
                }
            }
        }
        // WIFEXITED / WEXITSTATUS are macros: exited normally when the low 7 bits are 0.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus,
            output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            timedOut: timedOut)
    }
}

/// Numbers sessions within this process, for unique socket names.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

/// Where `swift build` put the package's executables.
enum BuiltProducts {
    /// The build folder (`.build/<triple>/debug`): the folder holding the test runner,
    /// else `.build/debug` beside this package's manifest.
    static let folder: URL = {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // A bundle layout (…/X.xctest/Contents/MacOS/X) sits deeper than the products.
        while folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
            folder = folder.deletingLastPathComponent()
        }
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules").path)
            || folder.lastPathComponent == "debug" || folder.lastPathComponent == "release"
        {
            return folder
        }
        let packageRoot = PackageRoot.url
        return packageRoot.appendingPathComponent(".build/debug")
    }()

    /// True when the executables were built before the tests ran and must be there: `.ci/run`
    /// exports `LAYERSCOPE_BUILT_EXECUTABLES=1` after its build. Then a suite that needs one
    /// runs, and fails when it is missing, instead of skipping (issue 31).
    static let requiredByCI = ProcessInfo.processInfo.environment["LAYERSCOPE_BUILT_EXECUTABLES"] == "1"

    /// The path of the executable `name`, or `nil` when it has not been built.
    static func executable(_ name: String) -> String? {
        let path = folder.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}

/// One of the package's executables, as the end-to-end tests find it.
struct BuiltProgram: Sendable {
    let name: String
    /// Its path, or nil when `swift build` has not built it — except under CI
    /// (`BuiltProducts.requiredByCI`), where it is where the build puts it, built or not, so
    /// the suites that need it run and fail (`requiredPath`) rather than skip.
    var path: String? {
        BuiltProducts.executable(name) ?? (BuiltProducts.requiredByCI ? BuiltProducts.folder.appendingPathComponent(name).path : nil)
    }

    var requiredPath: String {
        get throws {
            guard let path = BuiltProducts.executable(name) else {
                throw TmuxSession.Failure(description: "\(name) is not built in \(BuiltProducts.folder.path) (swift build)")
            }
            return path
        }
    }
}
