#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CNCurses
import Raster
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
public final class NCursesTerminal: Terminal {
    /// How the terminal is opened; the defaults suit an interactive run.
    public struct Options: Hashable, Sendable {
        /// The color depth to use: `nil` detects it (terminfo's color count, then
        /// `NO_COLOR` and `TERM=dumb` turn colors off). An explicit depth wins over
        /// `NO_COLOR`, but never exceeds what terminfo says the terminal has.
        public var colorDepth: Capabilities.ColorDepth?
        /// Report mouse events (presses, releases, drags, wheel). Off leaves the
        /// terminal's own text selection working.
        public var mouse: Bool
        /// How long ncurses waits after an Escape for the rest of a key's sequence.
        public var escapeDelayMilliseconds: Int
        /// Hold what is written to standard error while the screen is open (it would be
        /// lost with the alternate screen) and print it after the terminal is restored.
        public var holdsStandardError: Bool

        public init(colorDepth: Capabilities.ColorDepth? = nil, mouse: Bool = true,
                    escapeDelayMilliseconds: Int = 25, holdsStandardError: Bool = true) {
            self.colorDepth = colorDepth
            self.mouse = mouse
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.holdsStandardError = holdsStandardError
        }
    }

    public private(set) var size: (columns: Int, rows: Int)
    public let capabilities: Capabilities
    /// The terminal type, from `TERM`.
    public let terminalType: String
    /// The locale's character encoding, as `nl_langinfo(CODESET)` names it.
    public let codeset: String

    private var screen: OpaquePointer?
    private let window: UnsafeMutablePointer<WINDOW>
    private let wakeFD: Int32
    private let mouseMask: mmask_t
    private var palette: Palette

    private var lastCanvas: Canvas?
    private var lastCursor: (column: Int, row: Int)?
    private var cursorVisible = false
    private var queue: [InputEvent] = []
    private var heldButton: MouseEvent.Button?

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

        // Handlers first, so that ncurses installs no SIGINT/SIGTERM/SIGTSTP handler of
        // its own (it only does where the action is the default).
        wakeFD = try SignalGuard.install(ttyFD: STDOUT_FILENO)
        // newterm, never initscr: initscr exits the process on an unknown TERM.
        guard let screen = cn_newterm_stdio(nil) else {
            SignalGuard.uninstall()
            throw TerminalError.unknownTerminalType(term)
        }
        guard cn_tigetstr("cup") != nil, let window = cn_stdscr() else {
            endwin()
            delscreen(screen)
            SignalGuard.uninstall()
            throw TerminalError.unsupportedTerminalType(term, reason: "no cursor addressing")
        }
        self.screen = screen
        self.window = window
        // newterm has switched to the alternate screen: from here on a crash restores.
        SignalGuard.setRestoreBytes(Self.restoreBytes(mouse: false))
        if options.holdsStandardError { SignalGuard.captureStandardError() }

        raw()
        Self.keepSignalKeys()
        noecho()
        nonl()
        _ = keypad(window, true)
        _ = intrflush(window, false)
        _ = set_escdelay(Int32(clamping: options.escapeDelayMilliseconds))
        _ = curs_set(0)
        _ = leaveok(window, true)

        // Colors.
        let depth = Self.colorDepth(requested: options.colorDepth, term: term)
        palette = Palette(depth: depth)

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

        // The palette's depth: monochrome after all if start_color failed.
        capabilities = Capabilities(unicode: unicode, colorDepth: palette.depth, mouse: mouseOn)
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
        // Nothing changed: send nothing (no idle bytes over SSH).
        if let lastCanvas, lastCanvas == canvas, lastCursor?.column == cursor?.column,
           lastCursor?.row == cursor?.row {
            return
        }
        if !paint(canvas) {
            // The color-pair table ran out mid-frame: start it afresh and paint again.
            palette.resetPairs()
            _ = paint(canvas)
        }
        placeCursor(cursor)
        _ = wnoutrefresh(window)
        guard doupdate() != ERR else { throw TerminalError.callFailed(function: "doupdate", code: ERR) }
        lastCanvas = canvas
        lastCursor = cursor
    }

    /// Writes every cell of `canvas` into the window (ncurses diffs it against the
    /// screen on `doupdate`). Answers false when some style found no color pair.
    private func paint(_ canvas: Canvas) -> Bool {
        _ = werase(window)
        let rows = min(canvas.rows, size.rows)
        let columns = min(canvas.columns, size.columns)
        var complete = true
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { scalars in
            for row in 0..<rows {
                for column in 0..<columns {
                    let cell = canvas[column, row]
                    if cell == .blank { continue }
                    // The terminal draws a wide glyph across its tail cell.
                    if cell.isWideTail && capabilities.unicode { continue }
                    guard let look = palette.look(for: cell.style) else {
                        complete = false
                        continue
                    }
                    var count = 0
                    if capabilities.unicode {
                        for scalar in cell.glyph.unicodeScalars where count < 5 {
                            scalars[count] = scalar.value
                            count += 1
                        }
                    } else if cell.isWideTail {
                        scalars[0] = 0x20   // the wide glyph became one ASCII stand-in
                        count = 1
                    } else {
                        scalars[0] = UInt32(ASCIIFallback.glyph(for: cell.glyph).value)
                        count = 1
                    }
                    // The bottom-right cell answers ERR after drawing (the cursor cannot
                    // advance past it): not a failure.
                    _ = cn_put_cell(window, Int32(row), Int32(column), scalars.baseAddress, Int32(count),
                                    look.attributes, look.pair)
                }
            }
        }
        return complete
    }

    private func placeCursor(_ cursor: (column: Int, row: Int)?) {
        if let cursor, cursor.column >= 0, cursor.column < size.columns, cursor.row >= 0, cursor.row < size.rows {
            _ = leaveok(window, false)
            _ = wmove(window, Int32(cursor.row), Int32(cursor.column))
            if !cursorVisible { _ = curs_set(1); cursorVisible = true }
        } else {
            _ = leaveok(window, true)
            if cursorVisible { _ = curs_set(0); cursorVisible = false }
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
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
            // EINTR (SIGWINCH, SIGINT, SIGCONT) just loops: the signal's effect is read
            // from ncurses or the counters above.
            _ = poll(&fds, nfds_t(fds.count), wait)
            if fds[1].revents != 0 { SignalGuard.drainWakePipe() }
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
        _ = clearok(window, true)
        _ = wnoutrefresh(window)
        _ = doupdate()
        if mouseMask != 0 { Self.writeToTerminal(Self.dragTrackingOn) }
        // A resize while stopped sent SIGWINCH to the shell, not to us: ask the tty.
        var rows: Int32 = 0, columns: Int32 = 0
        if cn_tty_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0,
           (Int(columns), Int(rows)) != size {
            // resizeterm queues KEY_RESIZE, which readAvailableInput turns into `.resize`.
            _ = resizeterm(rows, columns)
        }
    }

    /// Reads every key ncurses has ready, without waiting for more (an escape
    /// sequence's own bytes are still waited for, up to the escape delay).
    private func readAvailableInput() {
        wtimeout(window, 0)
        var pendingEscape = false
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
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
                _ = clearok(window, true)
                lastCanvas = nil
                return .resize(columns: size.columns, rows: size.rows)
            case KEY_MOUSE:
                return decodeMouse().map(InputEvent.mouse)
            default:
                return KeyCodes.key(for: code).map(InputEvent.key)
            }
        }
        guard let scalar = Unicode.Scalar(UInt32(value)), let key = Key(scalar: scalar) else { return nil }
        return .key(key)
    }

    private func decodeMouse() -> MouseEvent? {
        var x: Int32 = 0, y: Int32 = 0
        var state: mmask_t = 0
        guard cn_getmouse(&x, &y, &state) == OK else { return nil }
        var modifiers: MouseEvent.Modifiers = []
        if state & cn_button_shift() != 0 { modifiers.insert(.shift) }
        if state & cn_button_ctrl() != 0 { modifiers.insert(.control) }
        if state & cn_button_alt() != 0 { modifiers.insert(.alt) }
        func event(_ kind: MouseEvent.Kind, _ button: MouseEvent.Button?) -> MouseEvent {
            MouseEvent(kind, button: button, column: Int(x), row: Int(y), modifiers: modifiers)
        }
        let presses: [(mmask_t, MouseEvent.Button)] = [
            (cn_button1_pressed(), .left), (cn_button2_pressed(), .middle), (cn_button3_pressed(), .right),
        ]
        let releases: [(mmask_t, MouseEvent.Button)] = [
            (cn_button1_released(), .left), (cn_button2_released(), .middle), (cn_button3_released(), .right),
        ]
        if state & cn_button4_pressed() != 0 { return event(.wheelUp, nil) }
        if state & cn_button5_pressed() != 0 { return event(.wheelDown, nil) }
        for (mask, button) in presses where state & mask != 0 {
            heldButton = button
            return event(.press, button)
        }
        for (mask, button) in releases where state & mask != 0 {
            heldButton = nil
            return event(.release, button)
        }
        if state & cn_report_mouse_position() != 0 { return event(.drag, heldButton) }
        return nil
    }

    // MARK: - Shutdown

    public func shutdown() {
        guard let screen else { return }
        if mouseMask != 0 { _ = mousemask(0, nil) }
        _ = curs_set(1)
        _ = endwin()
        if mouseMask != 0 { Self.writeToTerminal(Self.dragTrackingOff) }
        delscreen(screen)
        self.screen = nil
        SignalGuard.releaseCapturedStandardError()
        SignalGuard.uninstall()
    }

    // MARK: - Set-up helpers

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

    /// The color ladder: what terminfo offers, lowered by `NO_COLOR` or `TERM=dumb`
    /// unless the caller asked for a depth, which is clamped to what terminfo offers.
    static func colorDepth(requested: Capabilities.ColorDepth?, term: String) -> Capabilities.ColorDepth {
        let offered: Capabilities.ColorDepth
        let colors = tigetnum("colors")
        if !has_colors() || colors < 8 {
            offered = .monochrome
        } else if colors >= 0x100_0000 {
            offered = .trueColor
        } else if colors >= 256 {
            offered = .ansi256
        } else {
            offered = .ansi16
        }
        if let requested { return min(requested, offered) }
        if environment("NO_COLOR") != nil || term == "dumb" { return .monochrome }
        return offered
    }

    /// xterm's button-event mouse tracking, which ncurses does not ask for itself.
    private static let dragTrackingOn = Array("\u{1B}[?1002h".utf8)
    private static let dragTrackingOff = Array("\u{1B}[?1002l".utf8)

    /// Bytes that give the terminal back: mouse reporting off (X10, drag, SGR),
    /// attributes off, cursor visible, keypad local, main screen.
    private static func restoreBytes(mouse: Bool) -> [UInt8] {
        let mouseOff = mouse ? Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8) : []
        return mouseOff + terminfoBytes(["sgr0", "cnorm", "rmkx", "rmcup"])
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

    /// Writes straight to the terminal. ncurses keeps its own output buffer (and putp
    /// goes through C stdio, flushed only at exit): call this only right after
    /// doupdate or endwin, which flush ncurses's buffer, so the bytes stay in order.
    private static func writeToTerminal(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            writeAll(STDOUT_FILENO, base, buffer.count)
        }
    }

    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")) {
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
