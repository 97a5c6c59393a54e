#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Synchronization
import TerminalKit

// Giving the terminal back on every way out of the process.
//
// ncurses restores the terminal on SIGINT and SIGTERM, but not when the process dies of
// SIGILL or SIGSEGV, and every Swift trap (force unwrap, index out of range, overflow,
// precondition) is a SIGILL or SIGTRAP. So while an NCursesTerminal is open, this file
// owns these signals:
//
// | signal                                  | what happens                                      |
// | --------------------------------------- | ------------------------------------------------- |
// | SIGILL SIGTRAP SIGSEGV SIGBUS SIGFPE    | restore, then re-raise to the previous handler    |
// | SIGABRT SIGSYS                          | (the Swift runtime's backtracer, or the default); |
// |                                         | if that handler returns (a signal sent by `kill`  |
// |                                         | rather than a fault), `nextEvent` dies of the     |
// |                                         | signal with its default action                    |
// | SIGQUIT SIGUSR1 SIGUSR2 SIGPIPE SIGALRM | restore, then die of the signal with its default  |
// | SIGVTALRM SIGPROF SIGIO(SIGPOLL) SIGXCPU| action at once (no backtracer: a sent signal is   |
// | SIGXFSZ SIGSTKFLT SIGPWR                | not a crash, and the backtracer's prompt would    |
// |                                         | hold the terminal ~30 s); left alone when ignored |
// |                                         | (SIG_IGN, e.g. under nohup)                       |
// | SIGTERM SIGHUP                          | restore, then `_exit(128 + signal)`               |
// | SIGINT (Ctrl-C with the tty's ISIG on)  | queued; `nextEvent` answers `.key(.control("c"))` |
// |                                         | the third one still unread restores and exits 130 |
// | SIGTSTP (Ctrl-Z)                        | restore, stop; on SIGCONT `nextEvent` re-enters   |
// |                                         | the screen and answers `.resumed`                 |
//
// SIGWINCH stays with ncurses, which turns it into KEY_RESIZE (one mechanism only).
//
// While the terminal is open, standard error (when it is the terminal) goes to an
// unlinked temporary file: anything written there would land on the alternate screen
// and vanish with it — above all the Swift runtime's "Fatal error: …" line, written
// just before a trap. Every restore, normal or from a handler, copies that file back
// to the real standard error after leaving the alternate screen, so the message shows
// above the backtrace.
//
// A process that dies of one of these with the terminal open also writes its "last words"
// (`NCursesTerminal.setLastWords`), set beforehand: a presenter's `bye` record, so that its
// followers learn it left when a hang-up or `kill` ends it (docs/follow.md).
//
// "Restore" is async-signal-safe: it `write(2)`s bytes precomputed at start-up from
// terminfo (mouse off, sgr0, cnorm, rmkx, rmcup) and `tcsetattr`s the termios saved
// before ncurses started. Nothing in a handler allocates or touches a Swift string;
// handlers only read the preallocated `SignalState` through a pointer and count in
// atomics.

/// Everything a signal handler may read, preallocated before any handler is installed.
struct SignalState {
    /// The terminal's file descriptor (standard output).
    var ttyFD: Int32 = -1
    /// The termios in force before ncurses started.
    var originalTermios = termios()
    var hasOriginalTermios = false
    /// Bytes that give the terminal back: mouse off, attributes off, cursor on, keypad
    /// local, main screen. Filled once terminfo is loaded.
    var restoreBytes: UnsafeMutablePointer<UInt8>
    var restoreCount = 0
    static let restoreCapacity = 1024
    /// Standard error as it was (a dup), while fd 2 points at `captureFD`; else -1.
    var savedStderrFD: Int32 = -1
    /// The unlinked temporary file holding what was written to standard error.
    var captureFD: Int32 = -1
    /// Scratch space for copying the capture back, so that a handler need not allocate.
    var copyBuffer: UnsafeMutablePointer<UInt8>
    static let copyCapacity = 4096
    /// The self-pipe that wakes `poll` in `nextEvent` when a handler queues something.
    var wakeReadFD: Int32 = -1
    var wakeWriteFD: Int32 = -1
    /// The actions in force before ours, indexed by signal number.
    var previousActions: UnsafeMutablePointer<sigaction>
    static let actionCapacity = 65
    /// Bytes written to `lastWordsFD` when a signal ends the process with the terminal
    /// open (a presenter's `bye` to its followers); nothing when the descriptor is -1.
    var lastWordsFD: Int32 = -1
    var lastWords: UnsafeMutablePointer<UInt8>
    var lastWordsCount = 0
    static let lastWordsCapacity = 256
    /// True while our handlers are installed.
    var installed = false
}

/// The one signal state of the process (signal handlers are process-wide), allocated
/// on first use, which `SignalGuard.install` makes happen before any handler runs.
/// `nonisolated(unsafe)`: a signal handler reads it with no lock by necessity; the main
/// thread writes it only while no handler of ours is installed.
nonisolated(unsafe) private let signalState: UnsafeMutablePointer<SignalState> = {
    let state = UnsafeMutablePointer<SignalState>.allocate(capacity: 1)
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: SignalState.actionCapacity)
    actions.initialize(repeating: sigaction(), count: SignalState.actionCapacity)
    state.initialize(
        to: SignalState(
            restoreBytes: UnsafeMutablePointer<UInt8>.allocate(capacity: SignalState.restoreCapacity),
            copyBuffer: UnsafeMutablePointer<UInt8>.allocate(capacity: SignalState.copyCapacity),
            previousActions: actions,
            lastWords: UnsafeMutablePointer<UInt8>.allocate(capacity: SignalState.lastWordsCapacity)))
    return state
}()

/// SIGINTs received and not yet turned into keys.
private let pendingInterrupts = Atomic<Int>(0)
/// SIGCONTs after our SIGTSTP stop, not yet handled by `nextEvent`.
private let pendingResumes = Atomic<Int>(0)
/// The crash signal last handed on to the previous handler, or 0. Still set when the
/// run loop runs again: the previous handler returned (a signal sent with `kill` or
/// Ctrl-\, not a fault), and the process must not go on behind a restored terminal.
private let handedOnSignal = Atomic<Int32>(0)

private let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGSYS]
private let exitSignals: [Int32] = [SIGTERM, SIGHUP]
/// Every other signal whose default action ends the process (signal(7)): SIGQUIT, the
/// user and timer signals, SIGPIPE, SIGIO (= SIGPOLL), the resource limits.
let fatalByDefaultSignals: [Int32] = [
    SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF,
    SIGIO, SIGXCPU, SIGXFSZ, SIGSTKFLT, SIGPWR
]

// MARK: - Handlers (async-signal-safe)

/// Writes `count` bytes, retrying after interruptions. Async-signal-safe.
func writeAll(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    var offset = 0
    while offset < count {
        let written = write(fd, bytes + offset, count - offset)
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
}

/// Writes the restore bytes, puts back the original termios, and copies what standard
/// error received meanwhile to the real one. `releasingStandardError` false (a
/// suspension) keeps capturing afterwards. Async-signal-safe.
private func restoreTerminalFromHandler(releasingStandardError: Bool = true) {
    let state = signalState
    let fd = state.pointee.ttyFD
    guard fd >= 0 else { return }
    writeAll(fd, state.pointee.restoreBytes, state.pointee.restoreCount)
    if state.pointee.hasOriginalTermios {
        _ = withUnsafePointer(to: &state.pointee.originalTermios) { tcsetattr(fd, TCSAFLUSH, $0) }
    }
    flushCapturedStandardError(releasing: releasingStandardError)
    // The process is going (a suspension keeps capturing and is not): its last words.
    if releasingStandardError, state.pointee.lastWordsFD >= 0 {
        writeAll(state.pointee.lastWordsFD, state.pointee.lastWords, state.pointee.lastWordsCount)
        state.pointee.lastWordsFD = -1
    }
}

/// Copies the captured standard error to the real one; then either points fd 2 back at
/// the real one (`releasing`) or empties the capture and goes on capturing.
/// Async-signal-safe; does nothing when standard error is not captured.
private func flushCapturedStandardError(releasing: Bool) {
    let state = signalState
    let saved = state.pointee.savedStderrFD
    let capture = state.pointee.captureFD
    guard saved >= 0, capture >= 0 else { return }
    _ = lseek(capture, 0, SEEK_SET)
    while true {
        let count = read(capture, state.pointee.copyBuffer, SignalState.copyCapacity)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        writeAll(saved, state.pointee.copyBuffer, count)
    }
    if releasing {
        state.pointee.savedStderrFD = -1
        state.pointee.captureFD = -1
        _ = dup2(saved, STDERR_FILENO)
        close(saved)
        close(capture)
    } else {
        // fd 2 shares the capture's file offset: both start again at 0.
        _ = ftruncate(capture, 0)
        _ = lseek(capture, 0, SEEK_SET)
    }
}

private func wakeRunLoop() {
    var byte: UInt8 = 1
    _ = write(signalState.pointee.wakeWriteFD, &byte, 1)
}

private func handleCrashSignal(_ signal: Int32) {
    restoreTerminalFromHandler()
    // The backtracer returns from a signal that was sent rather than raised by a fault,
    // and the process would carry on, drawing blind on a restored terminal: leave word
    // for the run loop (woken by the pipe) to finish the job.
    handedOnSignal.store(signal, ordering: .relaxed)
    wakeRunLoop()
    // Hand the signal to whoever had it before us (the Swift runtime's backtracer, or
    // the default action): it is blocked while we run, so the re-raise is delivered
    // as soon as this handler returns, with the interrupted context (the crash site).
    _ = sigaction(signal, signalState.pointee.previousActions + Int(signal), nil)
    _ = raise(signal)
}

/// Restores, then dies of `signal` with its default action (the shell sees the signal,
/// and a core where the default makes one). Async-signal-safe.
private func handleFatalByDefault(_ signal: Int32) {
    restoreTerminalFromHandler()
    dieOfDefaultAction(signal)
}

/// Dies of `signal` with its default action (128 + signal if it does not kill).
/// Async-signal-safe.
private func dieOfDefaultAction(_ signal: Int32) -> Never {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    _ = sigaction(signal, &action, nil)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    _ = sigprocmask(SIG_UNBLOCK, &set, nil)
    _ = raise(signal)
    _exit(128 + signal)
}

private func handleExitSignal(_ signal: Int32) {
    restoreTerminalFromHandler()
    _exit(128 + signal)
}

private func handleInterrupt(_ signal: Int32) {
    let saved = errno
    let (_, unread) = pendingInterrupts.add(1, ordering: .relaxed)
    if unread >= 3 {
        // The program is not reading its input: give up on a clean exit.
        restoreTerminalFromHandler()
        _exit(128 + signal)
    }
    wakeRunLoop()
    errno = saved
}

private func handleSuspend(_ signal: Int32) {
    let saved = errno
    restoreTerminalFromHandler(releasingStandardError: false)
    // Stop with the default action, then carry on here after SIGCONT.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    var ours = sigaction()
    _ = sigaction(SIGTSTP, &action, &ours)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTSTP)
    _ = sigprocmask(SIG_UNBLOCK, &unblock, nil)
    _ = raise(SIGTSTP)
    // Resumed (SIGCONT): our handler back in place, and the run loop told.
    _ = sigaction(SIGTSTP, &ours, nil)
    pendingResumes.add(1, ordering: .relaxed)
    wakeRunLoop()
    errno = saved
}

// MARK: - Without a terminal (render, eval, check, …)

/// The crash signals' actions before `FatalSignals.install` (the Swift runtime's backtracer).
nonisolated(unsafe) private let headlessPrevious: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: SignalState.actionCapacity)
    actions.initialize(repeating: sigaction(), count: SignalState.actionCapacity)
    return actions
}()

/// Runs the previous handler (the backtrace) right here, then dies of the signal: a crash
/// signal sent with `kill` used to print a backtrace and let the run go on (and exit 0),
/// because the backtracer returns from a signal that was not a fault. Async-signal-safe
/// apart from what the previous handler itself does.
private func handleHeadlessCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let previous = headlessPrevious + Int(signal)
    let handler = unsafeBitCast(previous.pointee.__sigaction_handler.sa_handler, to: Int.self)
    let isDefault = handler == unsafeBitCast(SIG_DFL, to: Int.self) || handler == unsafeBitCast(SIG_IGN, to: Int.self)
    if !isDefault {
        if previous.pointee.sa_flags & Int32(SA_SIGINFO) != 0 {
            previous.pointee.__sigaction_handler.sa_sigaction?(signal, info, context)
        } else {
            previous.pointee.__sigaction_handler.sa_handler?(signal)
        }
    }
    dieOfDefaultAction(signal)
}

/// A fatal signal always ends the process: for the commands that have no terminal of ours
/// (the explorer's `SignalGuard` hands its crash signals on to this too, after restoring).
public enum FatalSignals {
    /// Installs the chaining handler for SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT
    /// and SIGSYS. Call once, at start-up, before any
    /// `NCursesTerminal`.
    public static func install() {
        SignalGuard.ensureAlternateSignalStack()
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = handleHeadlessCrash
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_SIGINFO) | SA_ONSTACK | Int32(SA_NODEFER)
            _ = sigaction(signal, &action, headlessPrevious + Int(signal))
        }
    }
}

// MARK: - Installing

/// Installs and removes the handlers above; main thread only.
enum SignalGuard {
    /// The fatal-by-default signals we installed a handler for (those not ignored).
    nonisolated(unsafe) private static var fatalInstalled: [Int32] = []

    /// True unless `signal` is ignored (SIG_IGN, as `nohup` or a parent may leave it): an
    /// ignored signal stays ignored. A handler already there (the Swift runtime's
    /// backtracer takes SIGQUIT) is replaced while the terminal is open and put back after.
    private static func isNotIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Saves the termios of `ttyFD`, opens the self-pipe and installs every handler.
    /// Call before ncurses starts, so that ncurses sees our SIGINT, SIGTERM and SIGTSTP
    /// handlers and installs none of its own (it keeps SIGWINCH). Answers the read end
    /// of the self-pipe, which becomes readable when a handler has queued something.
    static func install(ttyFD: Int32) throws(TerminalError) -> Int32 {
        let state = signalState
        precondition(!state.pointee.installed, "only one NCursesTerminal may be open at a time")
        _ = pendingInterrupts.exchange(0, ordering: .relaxed)
        _ = pendingResumes.exchange(0, ordering: .relaxed)
        _ = handedOnSignal.exchange(0, ordering: .relaxed)

        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .callFailed(function: "pipe", code: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        state.pointee.wakeReadFD = fds[0]
        state.pointee.wakeWriteFD = fds[1]
        state.pointee.ttyFD = ttyFD
        state.pointee.restoreCount = 0
        state.pointee.hasOriginalTermios = tcgetattr(ttyFD, &state.pointee.originalTermios) == 0

        ensureAlternateSignalStack()
        for signal in crashSignals { installHandler(handleCrashSignal, for: signal) }
        for signal in exitSignals { installHandler(handleExitSignal, for: signal) }
        fatalInstalled = []
        for signal in fatalByDefaultSignals where isNotIgnored(signal) {
            installHandler(handleFatalByDefault, for: signal)
            fatalInstalled.append(signal)
        }
        installHandler(handleInterrupt, for: SIGINT)
        installHandler(handleSuspend, for: SIGTSTP)
        state.pointee.installed = true
        return fds[0]
    }

    /// Sends standard error to an unlinked temporary file until `restore` or a handler
    /// copies it back (only when standard error is the terminal: a redirect is left alone).
    static func captureStandardError() {
        let state = signalState
        guard state.pointee.savedStderrFD < 0, isatty(STDERR_FILENO) == 1 else { return }
        var template = Array("/tmp/layerscope-stderr-XXXXXX".utf8CString)
        let capture = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard capture >= 0 else { return }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0 else { close(capture); return }
        _ = fcntl(saved, F_SETFD, FD_CLOEXEC)
        // Make this process's stdio buffer empty before the switch.
        fflush(nil)
        _ = dup2(capture, STDERR_FILENO)
        state.pointee.captureFD = capture
        state.pointee.savedStderrFD = saved
    }

    /// Gives standard error back and copies what it received while captured.
    static func releaseCapturedStandardError() {
        fflush(nil)
        flushCapturedStandardError(releasing: true)
    }

    /// Sets the bytes a handler writes to give the terminal back (truncated to 1 KB).
    static func setRestoreBytes(_ bytes: [UInt8]) {
        let state = signalState
        // Readers see either the old count or the new bytes with the new count: shrink
        // the count first, copy, then publish the count.
        state.pointee.restoreCount = 0
        let count = min(bytes.count, SignalState.restoreCapacity)
        bytes.withUnsafeBufferPointer { buffer in
            state.pointee.restoreBytes.update(from: buffer.baseAddress!, count: count)
        }
        state.pointee.restoreCount = count
    }

    /// Sets what a handler writes to `fd` when a signal ends the process (at most 256 bytes;
    /// longer is refused, since a cut record would be worse than none).
    static func setLastWords(_ bytes: [UInt8], to fd: Int32) -> Bool {
        let state = signalState
        state.pointee.lastWordsFD = -1
        guard bytes.count <= SignalState.lastWordsCapacity else { return false }
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { state.pointee.lastWords.update(from: base, count: buffer.count) }
        }
        state.pointee.lastWordsCount = bytes.count
        state.pointee.lastWordsFD = fd
        return true
    }

    /// Puts every previous handler back and closes the self-pipe.
    static func uninstall() {
        let state = signalState
        guard state.pointee.installed else { return }
        for signal in crashSignals + exitSignals + fatalInstalled + [SIGINT, SIGTSTP] {
            _ = sigaction(signal, state.pointee.previousActions + Int(signal), nil)
        }
        state.pointee.installed = false
        state.pointee.restoreCount = 0
        state.pointee.lastWordsFD = -1
        close(state.pointee.wakeReadFD)
        close(state.pointee.wakeWriteFD)
        state.pointee.wakeReadFD = -1
        state.pointee.wakeWriteFD = -1
    }

    /// Empties the self-pipe (it only says "look at the counters").
    static func drainWakePipe() {
        var buffer = (UInt64(0), UInt64(0))
        let fd = signalState.pointee.wakeReadFD
        while withUnsafeMutableBytes(of: &buffer, { read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// How many SIGINTs arrived since the last call.
    static func takeInterrupts() -> Int {
        pendingInterrupts.exchange(0, ordering: .relaxed)
    }

    /// Ends the process if a crash signal was handed on and its handler returned: the
    /// terminal is already restored, so die of the signal with its default action (as
    /// the shell reports it: 128 + the signal), as if we had never caught it.
    static func endIfACrashSignalWasSurvived() {
        let signal = handedOnSignal.exchange(0, ordering: .relaxed)
        guard signal != 0 else { return }
        dieOfDefaultAction(signal)
    }

    /// How many times the process was resumed after our SIGTSTP stop since the last call.
    static func takeResumes() -> Int {
        pendingResumes.exchange(0, ordering: .relaxed)
    }

    /// Gives this thread an alternate signal stack unless it has one (the Swift
    /// runtime's backtracer may have set one up already). Kept for the process's life.
    static func ensureAlternateSignalStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        _ = sigaltstack(&stack, nil)
    }

    private static func installHandler(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        // SA_ONSTACK: a stack overflow's SIGSEGV can only be handled on another stack.
        action.sa_flags = SA_RESTART | SA_ONSTACK
        _ = sigaction(signal, &action, signalState.pointee.previousActions + Int(signal))
    }
}
