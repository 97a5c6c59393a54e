#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import CNCurses
import Cells
import TerminalKit

/// The real terminal, driven through ncursesw: full screen on the alternate screen,
/// wide characters, colors reduced to what the terminal shows, mouse, resize, and the
/// terminal given back on every way out (see `TerminalRestore.swift`).
///
/// At most one may be open at a time (signal handlers and ncurses's screen are
/// process-wide). Use it from one thread.
///
/// **Input.** The tty is in raw mode with its signal keys kept on, so:
/// - Ctrl-C raises SIGINT, which `nextEvent` answers as `.key(.control("c"))` (a
///   SIGINT sent with `kill` too). Three unread Ctrl-Cs give up: restore, exit 130.
/// - Ctrl-Z stops the program with the terminal restored; after `fg`, `nextEvent`
///   re-enters the screen, repaints the last frame and answers `.resumed`.
/// - A terminal resize answers `.resize(columns:rows:)` (ncurses's KEY_RESIZE).
/// - SIGTERM and SIGHUP restore and exit with 128 + the signal's number.
/// - Ctrl-\ (SIGQUIT) and the crash signals restore, let the Swift runtime print its
///   backtrace, and end the process with the signal, even when it was sent with `kill`.
/// - Ctrl-S, Ctrl-Q and Ctrl-V arrive as keys (no flow control, no literal-next).
public final class NCursesTerminal: WakeableTerminal, ChapterMarking {
    /// How the terminal is opened; the defaults suit an interactive run.
    public struct Options: Hashable, Sendable {
        /// The color depth to use: `nil` detects it (terminfo's color count, then
        /// `NO_COLOR` and `TERM=dumb` turn colors off). An explicit depth wins over
        /// `NO_COLOR`, but never exceeds what terminfo says the terminal has.
        public var colorDepth: ColorDepth?
        /// Report mouse events (presses, releases, drags, wheel). Off leaves the
        /// terminal's own text selection working.
        public var mouse: Bool
        /// How long ncurses waits after an Escape for the rest of a key's sequence.
        public var escapeDelayMilliseconds: Int
        /// Hold what is written to standard error while the screen is open (it would be
        /// lost with the alternate screen) and print it after the terminal is restored.
        public var holdsStandardError: Bool

        public init(
            colorDepth: ColorDepth? = nil, mouse: Bool = true,
            escapeDelayMilliseconds: Int = 25, holdsStandardError: Bool = true
        ) {
            self.colorDepth = colorDepth
            self.mouse = mouse
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.holdsStandardError = holdsStandardError
        }
    }

    public private(set) var size: (columns: Int, rows: Int)
    public let capabilities: Capabilities
    /// `WakeableTerminal`: `nextEvent` also ends, answering nil, when this is readable.
    public var extraWakeDescriptor: Int32?
    /// The terminal type, from `TERM`.
    public let terminalType: String
    /// The locale's character encoding, as `nl_langinfo(CODESET)` names it.
    public let codeset: String

    private var screen: OpaquePointer?
    private let window: UnsafeMutablePointer<WINDOW>
    /// Where keys are read: a pad, which `wget_wch` never refreshes, so ncurses writes
    /// nothing after start-up (the frames are ours, see `output`).
    private let inputPad: UnsafeMutablePointer<WINDOW>
    private let wakeFD: Int32
    private let mouseMask: mmask_t
    /// What the screen shows and the bytes that change it (diffed in Swift).
    var screenUpdate: ScreenUpdate
    /// Every byte of a frame goes out through this one place.
    private var output: TerminalOutput
    /// terminfo's cursor on/off strings.
    private let cursorOn: [UInt8]
    private let cursorOff: [UInt8]

    var lastCanvas: Canvas?
    var lastCursor: (column: Int, row: Int)?
    var cursorVisible = false
    private var queue: [InputEvent] = []
    private var heldButton: MouseEvent.Button?
    /// Events decoded together with the one `decode` answered (a merged click's release).
    private var followingEvents: [InputEvent] = []

    /// Opens the terminal on standard input and output and switches to the alternate
    /// screen.
    ///
    /// - Throws: `TerminalError.notATerminal` when standard input or output is
    ///   redirected, `.unknownTerminalType` when terminfo does not know `TERM`,
    ///   `.unsupportedTerminalType` when it cannot address the cursor.
    public init(options: Options = Options()) throws {
        // The locale decides whether ncurses may write wide characters at all.
        _ = setlocale(LC_ALL, "")
        let codeset = String(cString: cn_codeset())
        self.codeset = codeset
        let unicode = ["UTF-8", "UTF8"].contains(codeset.uppercased())

        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError.notATerminal
        }
        guard let term = Self.environment("TERM"), !term.isEmpty else {
            throw TerminalError.unknownTerminalType(nil)
        }
        terminalType = term

        // Frames come one per key: keep their freed buffers instead of faulting them in
        // again each time (see the shim).
        cn_keep_freed_memory()
        // Handlers first, so that ncurses installs no SIGINT/SIGTERM/SIGTSTP handler of
        // its own (it only does where the action is the default).
        wakeFD = try SignalGuard.install(ttyFD: STDOUT_FILENO)
        // newterm, never initscr: initscr exits the process on an unknown TERM.
        guard let screen = cn_newterm_stdio(nil) else {
            SignalGuard.uninstall()
            throw TerminalError.unknownTerminalType(term)
        }
        guard cn_tigetstr("cup") != nil, let window = cn_stdscr(), let inputPad = newpad(1, 1) else {
            endwin()
            delscreen(screen)
            SignalGuard.uninstall()
            throw TerminalError.unsupportedTerminalType(term, reason: "no cursor addressing")
        }
        self.screen = screen
        self.window = window
        self.inputPad = inputPad
        output = TerminalOutput(fd: STDOUT_FILENO)
        cursorOn = Self.terminfoBytes(["cnorm"])
        cursorOff = Self.terminfoBytes(["civis"])
        // newterm has switched to the alternate screen: from here on a crash restores.
        SignalGuard.setRestoreBytes(Self.restoreBytes(mouse: false))
        if options.holdsStandardError { SignalGuard.captureStandardError() }

        raw()
        Self.keepSignalKeys()
        noecho()
        nonl()
        _ = keypad(inputPad, true)
        _ = intrflush(inputPad, false)
        _ = set_escdelay(Int32(clamping: options.escapeDelayMilliseconds))
        _ = curs_set(0)
        _ = leaveok(window, true)

        // Colors.
        let colors = ColorSupport.detect(
            requested: options.colorDepth, term: term,
            environment: Self.environment)

        // Mouse.
        var mouseOn = false
        var mask: mmask_t = 0
        if options.mouse {
            let wanted = cn_all_mouse_events() | cn_report_mouse_position()
            mask = mousemask(wanted, nil)
            mouseOn = mask != 0
            if mouseOn {
                // Report press and release as they happen, never synthesized clicks.
                _ = mouseinterval(0)
            }
        }
        mouseMask = mask

        capabilities = Capabilities(
            unicode: unicode, colorDepth: colors.depth, mouse: mouseOn,
            braille: unicode && !term.hasPrefix("linux"),
            notes: ColorSupport.notes(colors: colors, codeset: codeset, unicode: unicode))
        screenUpdate = ScreenUpdate(
            options: ScreenUpdate.Options(
                colors: colors.depth, brightColors: colors.brightColors, unicode: unicode,
                // `am` without `xenl`: writing the last cell would scroll the screen.
                skipsBottomRightCell: tigetflag("am") > 0 && tigetflag("xenl") <= 0))
        size = (Int(cn_columns(window)), Int(cn_rows(window)))
        SignalGuard.setRestoreBytes(Self.restoreBytes(mouse: mouseOn))
        _ = wnoutrefresh(window)
        _ = doupdate()
        // Button-event tracking (motion while a button is held: drag), after ncurses's
        // own mouse mode, which doupdate has just flushed.
        if mouseOn { Self.writeToTerminal(Self.dragTrackingOn) }
    }

    deinit {
        shutdown()
    }

    // MARK: - Drawing

    public func draw(_ canvas: Canvas, cursor: (column: Int, row: Int)?) throws {
        guard screen != nil else { throw TerminalError.closed }
        // Nothing changed: send nothing (no idle bytes over SSH). The cells are compared
        // once, by the diff below; an empty diff with the same cursor writes nothing.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        // Cells beyond the terminal are clipped: draw the visible part only.
        let visible =
            canvas.columns <= size.columns && canvas.rows <= size.rows
            ? canvas : Self.clipped(canvas, columns: size.columns, rows: size.rows)
        screenUpdate.update(to: visible, appendingTo: &bytes)
        if !bytes.isEmpty || lastCursor?.column != cursor?.column || lastCursor?.row != cursor?.row {
            placeCursor(cursor, into: &bytes)
        }
        guard bytes.isEmpty || output.write(bytes) else { throw TerminalError.callFailed(function: "write", code: errno) }
        lastCanvas = canvas
        lastCursor = cursor
    }

    /// Bytes that are not a frame (the clipboard's OSC 52), written and recorded like one.
    func writeBetweenFrames(_ bytes: [UInt8]) throws {
        guard screen != nil else { throw TerminalError.closed }
        guard output.write(bytes) else { throw TerminalError.callFailed(function: "write", code: errno) }
    }

    private static func clipped(_ canvas: Canvas, columns: Int, rows: Int) -> Canvas {
        var result = Canvas(columns: min(columns, canvas.columns), rows: min(rows, canvas.rows))
        result.blit(canvas, column: 0, row: 0)
        return result
    }

    func placeCursor(_ cursor: (column: Int, row: Int)?, into bytes: inout [UInt8]) {
        if let cursor, cursor.column >= 0, cursor.column < size.columns, cursor.row >= 0, cursor.row < size.rows {
            bytes += Array("\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H".utf8)
            screenUpdate.cursorMoved(to: cursor)
            if !cursorVisible { bytes += cursorOn; cursorVisible = true }
        } else if cursorVisible {
            bytes += cursorOff
            cursorVisible = false
        }
    }

    // MARK: - Input

    public func nextEvent(timeoutMilliseconds: Int?) throws -> InputEvent? {
        guard screen != nil else { throw TerminalError.closed }
        let deadline = timeoutMilliseconds.map { Self.nowMilliseconds() + max(0, $0) }
        while true {
            if !queue.isEmpty { return queue.removeFirst() }
            takeSignals()
            readAvailableInput()
            if !queue.isEmpty { continue }

            var wait: Int32 = -1
            if let deadline {
                let remaining = deadline - Self.nowMilliseconds()
                if remaining <= 0 { return nil }
                wait = Int32(clamping: remaining)
            }
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: extraWakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
            ]
            // EINTR (SIGWINCH, SIGINT, SIGCONT) just loops: the signal's effect is read
            // from ncurses or the counters above. A negative descriptor is ignored.
            _ = poll(&fds, nfds_t(fds.count), wait)
            if fds[1].revents != 0 { SignalGuard.drainWakePipe() }
            if fds[2].revents != 0 {
                takeSignals()
                readAvailableInput()
                if queue.isEmpty { return nil }
                continue
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // Read what is left; with nothing left, waiting again would spin.
                takeSignals()
                readAvailableInput()
                if queue.isEmpty { throw TerminalError.inputClosed }
            }
        }
    }

    /// Turns what the signal handlers counted into events.
    private func takeSignals() {
        SignalGuard.endIfACrashSignalWasSurvived()
        for _ in 0..<SignalGuard.takeInterrupts() {
            queue.append(.key(.control("c")))
        }
        if SignalGuard.takeResumes() > 0 {
            resumeAfterSuspend()
            queue.append(.resumed)
        }
    }

    /// Re-enters the screen after Ctrl-Z and `fg`. The handler gave the terminal back
    /// behind ncurses's back, so ncurses still believes it is on screen: put back the
    /// program's tty mode, send what entering sends (alternate screen, keypad mode,
    /// cursor state, mouse), then repaint the last frame in full from the window.
    /// (Not endwin + refresh: endwin's own rmcup would restore the cursor saved when the
    /// program started, and the shell's latest lines would be overwritten on exit.)
    private func resumeAfterSuspend() {
        _ = reset_prog_mode()
        Self.writeToTerminal(Self.terminfoBytes(["smcup", "smkx", cursorVisible ? "cnorm" : "civis"]))
        if mouseMask != 0 {
            _ = mousemask(0, nil)
            _ = mousemask(mouseMask, nil)
        }
        // Flush what mousemask queued in ncurses's buffer (nothing of the window changed,
        // so doupdate writes nothing else).
        _ = wnoutrefresh(window)
        _ = doupdate()
        if mouseMask != 0 { Self.writeToTerminal(Self.dragTrackingOn) }
        // The screen may show anything now: repaint the last frame in full.
        screenUpdate.invalidate()
        if let lastCanvas {
            let cursor = lastCursor
            self.lastCanvas = nil
            try? draw(lastCanvas, cursor: cursor)
        }
        // A resize while stopped sent SIGWINCH to the shell, not to us: ask the tty.
        var rows: Int32 = 0, columns: Int32 = 0
        if cn_tty_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0,
            (Int(columns), Int(rows)) != size
        {
            // resizeterm queues KEY_RESIZE, which readAvailableInput turns into `.resize`.
            _ = resizeterm(rows, columns)
        }
    }

    /// Reads every key ncurses has ready, without waiting for more (an escape
    /// sequence's own bytes are still waited for, up to the escape delay).
    private func readAvailableInput() {
        wtimeout(inputPad, 0)
        var pendingEscape = false
        while true {
            var value: wint_t = 0
            let status = wget_wch(inputPad, &value)
            if status == ERR { break }
            let event = decode(status: status, value: value)
            if pendingEscape {
                pendingEscape = false
                // Escape then a printable character in one burst: Alt held.
                if case .key(.character(let c))? = event {
                    queue.append(.key(.alt(c)))
                    continue
                }
                queue.append(.key(.escape))
            }
            if case .key(.escape)? = event {
                pendingEscape = true
                continue
            }
            if let event { queue.append(event) }
            queue += followingEvents
            followingEvents = []
        }
        if pendingEscape { queue.append(.key(.escape)) }
    }

    private func decode(status: Int32, value: wint_t) -> InputEvent? {
        if status == KEY_CODE_YES {
            let code = Int32(bitPattern: value)
            switch code {
            case KEY_RESIZE:
                size = (Int(cn_columns(window)), Int(cn_rows(window)))
                // The terminal may have reflowed what it showed: repaint it all.
                screenUpdate.invalidate()
                lastCanvas = nil
                output.recorder?.resized(columns: size.columns, rows: size.rows)
                return .resize(columns: size.columns, rows: size.rows)
            case KEY_MOUSE:
                let events = decodeMouse()
                // A merged click is several events: the first is answered, the rest wait
                // in `followingEvents` until readAvailableInput has queued it.
                followingEvents = events.dropFirst().map(InputEvent.mouse)
                return events.first.map(InputEvent.mouse)
            default:
                return KeyCodes.key(for: code).map(InputEvent.key)
            }
        }
        guard let scalar = Unicode.Scalar(UInt32(value)), let key = Key(scalar: scalar) else { return nil }
        return .key(key)
    }

    /// The events of one ncurses mouse report. ncurses merges a press and a release that
    /// arrive together (a trackpad tap, a laggy SSH link) into a click, even with
    /// `mouseinterval(0)`; a click answers press then release, a double click twice that,
    /// a triple click three times, so the reducer sees every press.
    private func decodeMouse() -> [MouseEvent] {
        var x: Int32 = 0, y: Int32 = 0
        var state: mmask_t = 0
        guard cn_getmouse(&x, &y, &state) == OK else { return [] }
        var modifiers: MouseEvent.Modifiers = []
        if state & cn_button_shift() != 0 { modifiers.insert(.shift) }
        if state & cn_button_ctrl() != 0 { modifiers.insert(.control) }
        if state & cn_button_alt() != 0 { modifiers.insert(.alt) }
        func event(_ kind: MouseEvent.Kind, _ button: MouseEvent.Button?) -> MouseEvent {
            MouseEvent(kind, button: button, column: Int(x), row: Int(y), modifiers: modifiers)
        }
        let presses: [(mmask_t, MouseEvent.Button)] = [
            (cn_button1_pressed(), .left), (cn_button2_pressed(), .middle), (cn_button3_pressed(), .right)
        ]
        let releases: [(mmask_t, MouseEvent.Button)] = [
            (cn_button1_released(), .left), (cn_button2_released(), .middle), (cn_button3_released(), .right)
        ]
        if state & cn_button4_pressed() != 0 { return [event(.wheelUp, nil)] }
        if state & cn_button5_pressed() != 0 { return [event(.wheelDown, nil)] }
        for (mask, button) in presses where state & mask != 0 {
            heldButton = button
            return [event(.press, button)]
        }
        for (mask, button) in releases where state & mask != 0 {
            heldButton = nil
            return [event(.release, button)]
        }
        let buttons: [(Int32, MouseEvent.Button)] = [(1, .left), (2, .middle), (3, .right)]
        for (number, button) in buttons {
            let clicks =
                state & cn_button_triple_clicked(number) != 0
                ? 3
                : state & cn_button_double_clicked(number) != 0
                    ? 2
                    : state & cn_button_clicked(number) != 0 ? 1 : 0
            guard clicks > 0 else { continue }
            heldButton = nil
            return Array(repeating: [event(.press, button), event(.release, button)], count: clicks).flatMap { $0 }
        }
        if state & cn_report_mouse_position() != 0 { return [event(.drag, heldButton)] }
        return []
    }

    // MARK: - Shutdown

    /// Set at shutdown when the recording stopped early (a write failed): say it then.
    public private(set) var recordingFailure: SessionRecorder.Failure?

    /// Records everything sent from now on as an asciicast v2 file (`SessionRecorder`).
    public func startRecording(to path: String) throws(SessionRecorder.Failure) {
        var environment = ["TERM": terminalType]
        if let shell = Self.environment("SHELL") { environment["SHELL"] = shell }
        output.recorder = try SessionRecorder(path: path, columns: size.columns, rows: size.rows, environment: environment)
    }

    /// A chapter in the recording, if one is being made (`SessionRecorder.marker`).
    public func mark(_ label: String) { output.recorder?.marker(label) }

    /// Bytes to write to `fd` if a signal ends the process while the terminal is open
    /// (SIGTERM, SIGHUP, a crash, the third unread Ctrl-C; not a normal quit, whose caller
    /// says goodbye itself). At most 256 bytes; answers false (and sets nothing) when longer.
    @discardableResult
    public func setLastWords(_ bytes: [UInt8], to fd: Int32) -> Bool {
        SignalGuard.setLastWords(bytes, to: fd)
    }

    public func shutdown() {
        guard let screen else { return }
        // Plain style before ncurses's own goodbye (it believes the style is plain).
        _ = output.write(Array("\u{1B}[0m".utf8))
        output.recorder?.finish()
        recordingFailure = output.recorder?.failure
        output.recorder = nil
        // Empty the alternate screen before leaving it (after the recording ends, which keeps
        // the last frame): tmux carries the rows of an alternate screen that grew while open
        // onto the main screen when it is left (issue 20; less and vim leave none).
        _ = output.write(Self.clearBeforeLeaving)
        if mouseMask != 0 { _ = mousemask(0, nil) }
        _ = curs_set(1)
        _ = endwin()
        if mouseMask != 0 { Self.writeToTerminal(Self.dragTrackingOff) }
        delwin(inputPad)
        delscreen(screen)
        self.screen = nil
        SignalGuard.releaseCapturedStandardError()
        SignalGuard.uninstall()
    }

    // MARK: - Set-up helpers

    /// The memory setting the explorer runs with once its terminal is open (freed frame
    /// buffers kept, see the shim), for a process that measures the explorer's frames without
    /// a terminal (`layerscope bench`): the same allocator behaviour, the same figures.
    public static func keepFreedMemory() {
        cn_keep_freed_memory()
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// raw() turns the tty's signal keys off; turn ISIG back on so that Ctrl-C and
    /// Ctrl-Z raise SIGINT and SIGTSTP (handled in TerminalRestore.swift), and record
    /// that as the program mode ncurses returns to after a suspension.
    private static func keepSignalKeys() {
        var mode = termios()
        guard tcgetattr(STDOUT_FILENO, &mode) == 0 else { return }
        mode.c_lflag |= tcflag_t(ISIG)
        _ = tcsetattr(STDOUT_FILENO, TCSADRAIN, &mode)
        _ = def_prog_mode()
    }

    /// xterm's button-event mouse tracking, which ncurses does not ask for itself.
    private static let dragTrackingOn = Array("\u{1B}[?1002h".utf8)
    private static let dragTrackingOff = Array("\u{1B}[?1002l".utf8)

    /// Bytes that give the terminal back: mouse reporting off (X10, drag, SGR),
    /// attributes off, cursor visible, keypad local, main screen.
    private static func restoreBytes(mouse: Bool) -> [UInt8] {
        let mouseOff = mouse ? Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8) : []
        return mouseOff + terminfoBytes(["sgr0", "cnorm", "rmkx"]) + clearBeforeLeaving + terminfoBytes(["rmcup"])
    }

    /// terminfo's `clear`, when the terminal has an alternate screen to leave (`rmcup`);
    /// nothing otherwise (without one, the last frame stays on the screen, as before).
    private static var clearBeforeLeaving: [UInt8] {
        terminfoBytes(["rmcup"]).isEmpty ? [] : terminfoBytes(["clear"])
    }

    /// The named parameterless terminfo strings, concatenated, padding (`$<…>`) removed.
    private static func terminfoBytes(_ names: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in names {
            guard let value = cn_tigetstr(name) else { continue }
            bytes += withoutPadding(Array(String(cString: value).utf8))
        }
        return bytes
    }

    /// Writes straight to the terminal, outside the frames (mode switches). ncurses keeps
    /// its own output buffer (and putp goes through C stdio, flushed only at exit): call
    /// this only right after doupdate or endwin, which flush ncurses's buffer, so the
    /// bytes stay in order.
    private static func writeToTerminal(_ bytes: [UInt8]) {
        _ = TerminalOutput(fd: STDOUT_FILENO).write(bytes)
    }

    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
                let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">"))
            {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    private static func nowMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
