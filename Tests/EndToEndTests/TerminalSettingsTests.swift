import Foundation
import Testing

/// The ncurses backend in a real tmux: merged mouse clicks, `COLORTERM`, `NO_COLOR` as
/// no-color.org defines it, and the reason shown when the screen is ASCII or monochrome.
/// Driven through `ncurses-demo`, which shows the capabilities, the last event, the
/// number of events and the backend's notes (see `NCursesDemo`).
@Suite(
    "Terminal settings end to end", .serialized,
    .enabled(
        if: DemoProgram.path != nil,
        "needs the ncurses-demo executable (NCursesDemo.run) in \(BuiltProducts.folder.path)"))
struct TerminalSettingsTests {
    private func startDemo(environment: [String: String] = [:]) throws -> TmuxSession {
        let session = try TmuxSession(
            program: try DemoProgram.requiredPath, environment: environment,
            columns: 120, rows: 40)
        try session.waitFor("last event: none")
        return session
    }

    /// A press and its release in one write (a trackpad tap, a slow SSH link): ncurses
    /// merges them into a click, which must arrive as a press and a release.
    /// X10 encoding: ESC [ M, button + 32, column + 33, row + 33; " " is the left button
    /// pressed, "#" a release, "+" column 10, "&" row 5.
    @Test func aPressAndReleaseInOneWriteArriveAsBoth() throws {
        let session = try startDemo()
        defer { session.close() }
        try session.type("\u{1B}[M +&\u{1B}[M#+&")
        let screen = try session.waitFor("last event: mouse release left at 10,5")
        // Two events: the press, then the release.
        #expect(screen.contains("events: 2\n"))
    }

    /// TERM=tmux-256color's terminfo has 256 colours; COLORTERM says the terminal has
    /// 24-bit colour, so the backend writes SGR 38;2 / 48;2 itself. tmux keeps RGB cells
    /// and shows them back in `capture-pane -e`.
    @Test func colorTermTrueColorGivesDirectColorsWithAnyTerm() throws {
        let session = try startDemo(environment: ["COLORTERM": "truecolor"])
        defer { session.close() }
        #expect(try session.capture().contains("colors truecolor"))
        // The demo's hue ramp starts at pure red (255, 0, 0) as a background.
        #expect(try session.captureWithStyles().contains("48;2;255;0;0"))
    }

    @Test func withoutColorTermTheTerminfoDepthStays() throws {
        let session = try startDemo()
        defer { session.close() }
        #expect(try session.capture().contains("colors 256"))
        #expect(try session.captureWithStyles().contains("48;2;") == false)
    }

    /// no-color.org: only a NO_COLOR that is present *and not empty* turns colours off.
    @Test func anEmptyNoColorKeepsColors() throws {
        let session = try startDemo(environment: ["NO_COLOR": ""])
        defer { session.close() }
        let screen = try session.capture()
        #expect(screen.contains("colors 256"))
        #expect(screen.contains("notes:") == false)
    }

    @Test func aNonEmptyNoColorTurnsColorsOffAndSaysWhy() throws {
        let session = try startDemo(environment: ["NO_COLOR": "1"])
        defer { session.close() }
        let screen = try session.capture()
        #expect(screen.contains("colors none"))
        #expect(screen.contains("notes: monochrome: NO_COLOR is set"))
    }

    /// The C locale's encoding is ASCII ("ANSI_X3.4-1968" in glibc): glyphs become ASCII
    /// stand-ins and the notes say why.
    @Test func aNonUTF8LocaleSaysWhyTheScreenIsASCII() throws {
        let session = try startDemo(environment: ["LANG": "C", "LC_ALL": "C"])
        defer { session.close() }
        let screen = try session.capture()
        #expect(screen.contains("unicode no"))
        #expect(screen.contains("notes: ASCII only: the locale's encoding is ANSI_X3.4-1968, not UTF-8"))
        // The braille row drawn with stand-ins: "⠁⠃⠇⡇⡏⡟⡿⣿" is eight "." .
        #expect(screen.contains("braille ........"))
    }
}
