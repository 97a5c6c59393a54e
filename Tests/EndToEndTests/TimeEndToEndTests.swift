import Foundation
import Testing
import TestSupport

/// Time in the real explorer under tmux: an animation plays, slow motion slows it, pause
/// stops the output, and once the last animation ends nothing more is written.
///
/// Times are read off the timeline header ("now 1.23 s · 1× · playing"); bytes are what the
/// program wrote to the terminal (tmux `pipe-pane`). Everything polls; the only fixed waits
/// are the 2 s windows in which the output must stay silent.
@Suite(
    "Time end to end", .serialized,
    .enabled(
        if: LayerScopeProgram.path != nil,
        "needs the layerscope executable in \(BuiltProducts.folder.path) (run swift build)"))
struct TimeEndToEndTests {
    /// One box sliding 200 points right over 30 s: long enough to measure, short enough to
    /// reach the end with `time`.
    static let scene = """
        {
          "screen": { "width": 400, "height": 200 },
          "layers": [ { "name": "box", "bounds": [0, 0, 60, 60], "position": [50, 100], "backgroundColor": "red" } ],
          "animations": [ { "layer": "box", "keyPath": "position.x", "by": 300, "duration": 30 } ]
        }
        """

    private func start() throws -> (TmuxSession, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ls-time-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.scene.write(to: folder.appendingPathComponent("slide.json"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", folder.path, try LayerScopeProgram.requiredPath, "slide.json"],
            columns: 120, rows: 40)
        try session.waitFor(" LayerScope")
        return (session, folder)
    }

    /// The scene clock as the timeline header shows it.
    private func now(_ screen: String) -> Double? {
        guard let range = screen.range(of: " now ") else { return nil }
        let rest = screen[range.upperBound...]
        return Double(rest.prefix { $0.isNumber || $0 == "." })
    }

    private func press(_ session: TmuxSession, _ key: String, echo: String) throws {
        try session.sendKeys(key)
        try session.waitUntil("the key echo \"\(echo)\"") { $0.contains("key: " + echo) }
    }

    private func command(_ session: TmuxSession, _ text: String) throws {
        try session.sendKeys(":")
        try session.type(text)
        try session.waitFor(":" + text)
        try session.sendKeys("Enter")
        try session.waitFor("key: " + text)
    }

    /// Waits until the byte count stops changing between two polls (what was drawn has
    /// arrived), then answers how many bytes arrive in the next 2 seconds.
    private func bytesIn2Seconds(_ bytes: () -> Int) throws -> Int {
        var last = -1
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let count = bytes()
            if count == last { break }
            last = count
            Thread.sleep(forTimeInterval: 0.2)  // polling interval, not a measurement
        }
        let before = bytes()
        Thread.sleep(forTimeInterval: 2)  // the measurement window itself
        return bytes() - before
    }

    @Test func playsSlowsPausesAndFallsSilentWhenItEnds() throws {
        let (session, folder) = try start()
        defer { session.close(); try? FileManager.default.removeItem(at: folder) }
        let bytes = try session.recordOutput()

        // 1. It plays: the clock moves and the screen changes on its own, no keys pressed.
        let first = try session.waitUntil("the timeline") { now($0) != nil }
        let playing = try session.waitUntil("the clock to pass 0.5 s") { (now($0) ?? 0) >= 0.5 }
        #expect(playing != first)
        #expect(playing.contains("playing"))
        #expect(bytes() > 0)

        // 2. Slow motion: at 0.1× the clock needs ≥ 1 s of wall time to move 0.1 s
        // (at 1× it would take 0.1 s).
        try press(session, "4", echo: "4 → speed 0.1")
        let start = try #require(now(try session.waitFor("0.1× · playing")))
        let wall = ContinuousClock.now
        try session.waitUntil("the clock to move 0.1 s at 0.1×", timeout: .seconds(20)) { (now($0) ?? 0) >= start + 0.1 }
        let elapsed = ContinuousClock.now - wall
        #expect(elapsed >= .milliseconds(800), "0.1 s of scene time took \(elapsed) of wall time")

        // 3. Pause stops the output.
        try press(session, "Space", echo: "Space → pause")
        try session.waitFor("· paused ·")
        #expect(try bytesIn2Seconds(bytes) == 0)
        try press(session, "Space", echo: "Space → play")
        try press(session, "1", echo: "1 → speed 1")

        // 4. The end: jump near it, watch it end, then nothing more is written.
        try command(session, "time 29.5")
        let ended = try session.waitFor("· ended ·", timeout: .seconds(10))
        #expect((now(ended) ?? 0) >= 30)
        #expect(try bytesIn2Seconds(bytes) == 0)

        // Scrubbing back replays it (the clock runs again).
        try press(session, "<", echo: "< → time")
        try session.waitFor("· playing ·")
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == 0)
    }

    static let layouts = PackageRoot.url.appendingPathComponent("Layouts")

    @Test func evalAnswersTheTimeQueries() throws {
        // time-jumps-back: gotcha's center.x 60 slides by 200 over 2 s after a 0.5 s delay,
        // linear. At 1.5 s it is halfway: 160; its model stays at 60; the presentation's
        // frame is 160 ± 30; a hit test at (160, 50) misses the model and hits the presentation.
        let file = Self.layouts.appendingPathComponent("time-jumps-back.json").path
        let result = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            [
                "eval", "--layout", file, "--script",
                "select gotcha; time 1.5; get now; get presentation position; get position; get presentation frame; hit-test 160 50; hit-test presentation 160 50"
            ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output == """
                {"number":1.5}
                {"point":[160,50]}
                {"point":[60,50]}
                {"rect":[130,25,60,50]}
                {"hit":null}
                {"hit":"gotcha"}

                """)
    }

    @Test func renderDrawsTheSceneAtAMoment() throws {
        let file = Self.layouts.appendingPathComponent("time-jumps-back.json").path
        let at3 = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", file, "--time", "3"])
        #expect(at3.status == 0)
        #expect(at3.output.contains(" now 3 s · 1× · ended "))
        let at1 = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", file, "--time", "1"])
        #expect(at1.output.contains(" now 1 s · 1× · playing "))
        #expect(at1.output != at3.output)
        let bad = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", file, "--time", "-1"])
        #expect(bad.status != 0)
        #expect(bad.errors.contains("--time"))
    }
}
