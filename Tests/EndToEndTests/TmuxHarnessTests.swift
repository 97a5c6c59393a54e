import Foundation
import Testing

/// The harness itself, against plain programs (cat, sh): these run wherever tmux is
/// installed, with or without the project's executables.
@Suite("TmuxHarness")
struct TmuxHarnessTests {
    @Test func typedTextShowsOnTheScreen() throws {
        let session = try TmuxSession(shell: "cat", columns: 40, rows: 5)
        defer { session.close() }
        try session.type("hello")
        try session.sendKeys("Enter")
        // The tty echoes the line, then cat prints it again.
        let screen = try session.waitUntil("hello twice") { $0.components(separatedBy: "hello").count == 3 }
        #expect(screen.hasPrefix("hello\nhello\n"))
    }

    @Test func waitForTimesOutWithTheScreenInTheError() throws {
        let session = try TmuxSession(shell: "cat", columns: 40, rows: 5)
        defer { session.close() }
        try session.type("something else")
        let error = #expect(throws: TmuxSession.Failure.self) {
            try session.waitFor("never shown", timeout: .milliseconds(200))
        }
        #expect(error?.description.contains("|something else|") == true)
    }

    @Test func exitStatusAndSignalAreReported() throws {
        let exits = try TmuxSession(program: "/bin/sh", arguments: ["-c", "echo bye; exit 3"], columns: 40, rows: 5)
        defer { exits.close() }
        #expect(try exits.waitForExit() == 3)
        #expect(try exits.capture().hasPrefix("bye\n[exit 3]"))

        let killed = try TmuxSession(program: "/bin/sh", arguments: ["-c", "kill -TERM $$"], columns: 40, rows: 5)
        defer { killed.close() }
        #expect(try killed.waitForExit() == 128 + SIGTERM)
    }

    @Test func programPIDIsTheProgramItself() throws {
        let session = try TmuxSession(
            program: "/bin/sh", arguments: ["-c", "echo \"pid $$\"; exec cat"],
            columns: 40, rows: 5)
        defer { session.close() }
        let pid = try session.programPID()
        try session.waitFor("pid \(pid)")
        #expect(kill(pid, SIGTERM) == 0)
        #expect(try session.waitForExit() == 128 + SIGTERM)
    }

    @Test func environmentAndQuotingReachTheProgram() throws {
        let session = try TmuxSession(
            program: "/bin/sh", arguments: ["-c", "echo \"$GREETING|$1|$TERM\"", "sh", "it's"],
            environment: ["GREETING": "a 'quoted' $value"], columns: 60, rows: 5)
        defer { session.close() }
        try session.waitForExit()
        #expect(try session.capture().hasPrefix("a 'quoted' $value|it's|tmux-256color\n"))
    }

    @Test func resizeChangesWhatTheProgramSees() throws {
        let session = try TmuxSession(shell: "sh", columns: 40, rows: 5)
        defer { session.close() }
        try session.type("stty size\n")
        try session.waitFor("5 40")
        try session.resize(columns: 30, rows: 8)
        try session.type("clear; stty size\n")
        try session.waitFor("8 30")
    }

    @Test func alternateScreenIsReported() throws {
        let session = try TmuxSession(shell: "sh", columns: 40, rows: 5)
        defer { session.close() }
        #expect(try session.alternateOn() == false)
        // The echo of the typed line shows `on-alt""ernate`; only the shell's output (written
        // after the switch) shows "on-alternate" (waiting for text the typed line also showed
        // raced the shell on a loaded machine).
        try session.type("printf '\\033[?1049h'; echo on-alt\"\"ernate\n")
        try session.waitFor("on-alternate")
        #expect(try session.alternateOn() == true)
    }

    @Test func sessionsDoNotShareAServer() throws {
        let first = try TmuxSession(shell: "cat", columns: 40, rows: 5)
        let second = try TmuxSession(shell: "cat", columns: 40, rows: 5)
        defer { first.close(); second.close() }
        try first.type("first")
        try first.waitFor("first")
        #expect(try second.capture().contains("first") == false)
    }
}
