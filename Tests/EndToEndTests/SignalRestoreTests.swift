import Foundation
import Testing

/// Issue 15, finding 6: every signal whose default action ends the process gives the
/// terminal back at once — alternate screen left, cursor shown — within a second, and the
/// process then dies of that signal (the shell reports 128 + its number).
@Suite(
    "Every fatal signal restores the terminal", .serialized,
    .enabled(if: DemoProgram.path != nil && LayerScopeProgram.path != nil, "needs ncurses-demo and layerscope (swift build)"))
struct SignalRestoreTests {
    /// Polls tmux (every 20 ms, never a fixed sleep) until the pane has left the alternate
    /// screen and shows the cursor; false if that does not happen within `limit`.
    static func restored(_ session: TmuxSession, within limit: Duration = .seconds(1)) throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if try session.format("#{alternate_on} #{cursor_flag}") == "0 1" { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGXCPU, SIGXFSZ, SIGSTKFLT, SIGPWR])
    func theDemoRestoresAndDiesOfTheSignal(_ signal: Int32) throws {
        let session = try TmuxSession(program: try DemoProgram.requiredPath, columns: 80, rows: 24)
        defer { session.close() }
        try session.waitFor("last event: none")
        #expect(try session.format("#{alternate_on} #{cursor_flag}") == "1 0")  // full screen, cursor hidden
        #expect(kill(try session.programPID(), signal) == 0)
        #expect(try Self.restored(session), "signal \(signal): terminal not restored within 1 s")
        #expect(try session.waitForExit() == 128 + signal)
    }

    @Test func sigquitDoesNotWaitForTheInteractiveBacktracer() throws {
        // With the runtime's interactive backtracer on (as in a real terminal), SIGQUIT used
        // to be handed to it: "Press space to interact…" held the process for 30 s.
        let session = try TmuxSession(
            program: try LayerScopeProgram.requiredPath, arguments: [],
            environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=yes"], columns: 100, rows: 30)
        defer { session.close() }
        try session.waitFor(" LayerScope")
        #expect(kill(try session.programPID(), SIGQUIT) == 0)
        #expect(try Self.restored(session))
        #expect(try session.waitForExit(timeout: .seconds(5)) == 128 + SIGQUIT)
        #expect(try !session.captureWithHistory().contains("Press space to interact"))
    }
}
