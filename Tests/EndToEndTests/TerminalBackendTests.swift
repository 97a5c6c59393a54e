import Foundation
import Testing

/// The ncurses backend end to end, through `NCursesDemo` (which shows the last input
/// event as text) in a real terminal emulator (tmux).
///
/// These need an executable that runs `NCursesDemo.run(arguments:)`: `ncurses-demo`
/// in the build folder. They are skipped, with that reason, when it is not built.
@Suite(
    "NCursesTerminal end to end", .serialized,
    .enabled(
        if: DemoProgram.path != nil,
        "needs the ncurses-demo executable (NCursesDemo.run) in \(BuiltProducts.folder.path)"))
struct TerminalBackendTests {
    /// Starts the demo with `arguments` and waits for its first frame.
    private func startDemo(
        _ arguments: [String] = [], environment: [String: String] = [:],
        columns: Int = 120, rows: Int = 40
    ) throws -> TmuxSession {
        let session = try TmuxSession(
            program: try DemoProgram.requiredPath, arguments: arguments,
            environment: environment, columns: columns, rows: rows)
        try session.waitFor("last event: none")
        return session
    }

    @Test func quitsWithQAndLeavesTheAlternateScreen() throws {
        let session = try startDemo()
        defer { session.close() }
        #expect(try session.alternateOn())
        let screen = try session.capture()
        #expect(screen.contains("size 120x40  unicode yes  colors 256  mouse on"))
        #expect(screen.contains("braille ⠁⠃⠇⡇⡏⡟⡿⣿  blocks ▀▄█▌▐░  box ┌─┬─┐└─┴─┘│"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.alternateOn() == false)
    }

    @Test func bottomRightCellIsDrawnWithoutScrolling() throws {
        let session = try startDemo(columns: 60, rows: 12)
        defer { session.close() }
        let lines = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix(" LayerScope terminal demo") == true)
        #expect(lines.count >= 12)
        #expect(lines[11] == "└" + String(repeating: " ", count: 58) + "┘")
    }

    @Test(arguments: [
        ("a", "key a"), ("K", "key K"), ("Space", "key Space"),
        ("Up", "key Up"), ("Left", "key Left"), ("S-Up", "key S-Up"), ("S-Right", "key S-Right"),
        ("Tab", "key Tab"), ("BTab", "key S-Tab"), ("Enter", "key Enter"), ("Escape", "key Esc"),
        ("BSpace", "key Backspace"), ("DC", "key Delete"), ("Home", "key Home"), ("End", "key End"),
        ("PPage", "key PageUp"), ("NPage", "key PageDown"), ("F1", "key F1"), ("F12", "key F12"),
        ("C-a", "key C-a"), ("C-s", "key C-s"), ("M-x", "key M-x")
    ])
    func keysArriveAsKeyEvents(tmuxKey: String, shown: String) throws {
        let session = try startDemo()
        defer { session.close() }
        try session.sendKeys(tmuxKey)
        try session.waitFor("last event: \(shown)\n")
    }

    @Test func ctrlCExitsCleanlyWithStatus130() throws {
        let session = try startDemo()
        defer { session.close() }
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 130)
        #expect(try session.alternateOn() == false)
    }

    @Test func resizeArrivesAsAnEventWithTheNewSize() throws {
        let session = try startDemo()
        defer { session.close() }
        try session.resize(columns: 80, rows: 24)
        let screen = try session.waitFor("last event: resize 80x24")
        #expect(screen.contains("size 80x24"))
    }

    @Test func mouseReportsArriveAsMouseEvents() throws {
        let session = try startDemo()
        defer { session.close() }
        // What a terminal sends under TERM=tmux-256color (X10 encoding, 1-based + 32):
        // press, drag (motion flag 32), release of the left button, then the wheel.
        try session.type("\u{1B}[M +&")
        try session.waitFor("last event: mouse press left at 10,5")
        try session.type("\u{1B}[M@,&")
        try session.waitFor("last event: mouse drag left at 11,5")
        try session.type("\u{1B}[M#-&")
        try session.waitFor("last event: mouse release left at 12,5")
        try session.type("\u{1B}[M`!!")
        try session.waitFor("last event: mouse wheelUp at 0,0")
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))] as [(Int32, Int32)])
    func terminatingSignalsRestoreAndExitWith128PlusSignal(signal: Int32, status: Int32) throws {
        let session = try startDemo()
        defer { session.close() }
        #expect(kill(try session.programPID(), signal) == 0)
        #expect(try session.waitForExit() == status)
        #expect(try session.alternateOn() == false)
    }

    @Test func interruptSignalArrivesAsCtrlC() throws {
        let session = try startDemo()
        defer { session.close() }
        #expect(kill(try session.programPID(), SIGINT) == 0)
        #expect(try session.waitForExit() == 130)
        #expect(try session.alternateOn() == false)
    }

    @Test func crashRestoresTheTerminalAndShowsTheFatalError() throws {
        let session = try startDemo()
        defer { session.close() }
        try session.sendKeys("!")
        // Killed by SIGILL, the signal of every Swift trap, after the backtrace.
        #expect(try session.waitForExit() == 128 + SIGILL)
        #expect(try session.alternateOn() == false)
        // The runtime's message went to standard error while the screen was open; the
        // backend held it and printed it after restoring, above the backtrace.
        let screen = try session.captureWithHistory()
        #expect(screen.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
        // The message comes before the backtrace, not lost on the alternate screen.
        let message = try #require(screen.range(of: "Fatal error"))
        let backtrace = try #require(screen.range(of: "Program crashed"))
        #expect(message.lowerBound < backtrace.lowerBound)
    }

    @Test func suspendRestoresAndResumeRepaints() throws {
        // Job control needs an interactive shell.
        let session = try TmuxSession(shell: "PS1='$ ' exec sh -i", columns: 100, rows: 30)
        defer { session.close() }
        try session.type("\(TmuxSession.shellQuoted(try DemoProgram.requiredPath))\n")
        try session.waitFor("last event: none")
        try session.sendKeys("C-z")
        try session.waitUntil("the shell prompt") { !$0.contains("last event") && $0.contains("$ ") }
        #expect(try session.alternateOn() == false)
        try session.type("fg\n")
        try session.waitFor("last event: resumed")
        #expect(try session.alternateOn())
        try session.sendKeys("Up")
        try session.waitFor("last event: key Up")
        try session.sendKeys("q")
        try session.waitUntil("the shell prompt") { !$0.contains("last event") }
        #expect(try session.alternateOn() == false)
    }

    @Test func nonUTF8LocaleFallsBackToASCII() throws {
        let session = try startDemo(environment: ["LC_ALL": "C"])
        defer { session.close() }
        let screen = try session.capture()
        #expect(screen.contains("unicode no"))
        #expect(screen.contains("braille ........  blocks ######  box +-+-++-+-+|"))
    }

    @Test func noColorTurnsColorsOffUnlessAskedFor() throws {
        let plain = try startDemo(environment: ["NO_COLOR": "1"])
        defer { plain.close() }
        #expect(try plain.capture().contains("colors none"))

        let asked = try startDemo(["--color", "16"], environment: ["NO_COLOR": "1"])
        defer { asked.close() }
        #expect(try asked.capture().contains("colors 16"))
    }

    @Test func aSmallChangeSendsOnlyTheDifference() throws {
        let session = try startDemo()
        defer { session.close() }
        let bytesSoFar = try session.recordOutput()
        try session.sendKeys("x")
        try session.waitFor("last event: key x")
        try session.waitUntil("the output to reach the recording") { _ in bytesSoFar() > 0 }
        // Two short runs of text and two cursor moves (about 20 bytes), where a full
        // repaint of 120×40 would be kilobytes.
        #expect(bytesSoFar() < 100)
    }

    /// The demo's color row, as tmux styles it: a ramp whose first cell is pure red.
    private func colorRow(_ session: TmuxSession) throws -> String {
        let lines = try session.captureWithStyles().split(separator: "\n", omittingEmptySubsequences: false)
        return String(try #require(lines.first { $0.hasPrefix(" colors") }))
    }

    @Test func colorsFollowTheLadder() throws {
        let full = try startDemo()
        defer { full.close() }
        #expect(try colorRow(full).contains("\u{1B}[48;5;196m"))

        let sixteen = try startDemo(["--color", "16"])
        defer { sixteen.close() }
        #expect(try colorRow(sixteen).contains("\u{1B}[101m"))

        let none = try startDemo(environment: ["NO_COLOR": "1"])
        defer { none.close() }
        #expect(try !colorRow(none).contains("\u{1B}["))
        // Attributes still tell styles apart in monochrome.
        #expect(try none.captureWithStyles().contains("\u{1B}[7mreverse"))
    }

    @Test(
        .enabled(
            if: ["/usr/share/terminfo/x/xterm-direct", "/lib/terminfo/x/xterm-direct"]
                .contains { FileManager.default.fileExists(atPath: $0) },
            "needs the xterm-direct terminfo entry (Debian's ncurses-term)"))
    func directColorTerminalsGetTrueColor() throws {
        let session = try startDemo(environment: ["TERM": "xterm-direct"])
        defer { session.close() }
        #expect(try session.capture().contains("colors truecolor"))
        #expect(try colorRow(session).contains("\u{1B}[48;2;255;0;0m"))
    }

    @Test func noMouseOptionTurnsMouseOff() throws {
        let session = try startDemo(["--no-mouse"])
        defer { session.close() }
        #expect(try session.capture().contains("mouse off"))
    }

    @Test func unknownTerminalTypeExplainsItselfWithoutTouchingTheScreen() throws {
        let session = try TmuxSession(program: try DemoProgram.requiredPath, environment: ["TERM": "nonsense"])
        defer { session.close() }
        #expect(try session.waitForExit() == 1)
        #expect(try session.alternateOn() == false)
        #expect(try session.capture().hasPrefix("ncurses-demo: unknown terminal type 'nonsense': set TERM=xterm-256color\n"))
    }
}

/// The executable the backend tests run.
let DemoProgram = BuiltProgram(name: "ncurses-demo")
