import Foundation
import Testing
import TestSupport

/// The exploded view in the real explorer under tmux, on the shipped Layouts/depth.json:
/// enter it with d, turn the camera, narrow the range, click a layer's exploded quad to
/// pick it, leave with d. Everything polls the screen; no fixed waits.
@Suite(
    "Depth end to end", .serialized,
    .enabled(
        if: LayerScopeProgram.path != nil,
        "needs the layerscope executable in \(BuiltProducts.folder.path) (run swift build)"))
struct DepthEndToEndTests {
    static let packageRoot = PackageRoot.url

    private func bottom(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty }.map(String.init) ?? ""
    }

    /// Types one key (literally: tmux would read `{` as a command block) and waits for its echo.
    @discardableResult
    private func press(_ session: TmuxSession, _ key: String, echo: String) throws -> String {
        try session.type(key)
        return try session.waitUntil("the key echo \"\(echo)\"") { bottom($0).contains("key: " + echo) }
    }

    @Test func enterTurnNarrowPickAndLeave() throws {
        let session = try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath, "Layouts/depth.json"],
            columns: 120, rows: 40)
        defer { session.close() }
        try session.waitFor(" LayerScope")

        // Enter: tree packing on depth.json gives views/layers 0, the greens 1, the reds 2.
        var screen = try press(session, "d", echo: "d → explode on")
        #expect(screen.contains("Exploded · order tree · 3 planes"))
        // The opening camera for the 640 × 300 screen: wider than tall → pitch −25°; P = 3 →
        // spacing min(640/6, 0.75·640/2) = 106.7 → 105.
        #expect(screen.contains("explode tree · yaw 30° pitch -25°"))
        #expect(screen.contains("yaw 30° pitch -25° spacing 105"))

        // The contract's camera, typed, which the pick below is worked for (the plaque on
        // layerGreen's top edge): pitch 0, spacing 20.
        for (line, panel) in [("camera pitch 0", "yaw 30° pitch 0° spacing 105"), ("explode spacing 20", "yaw 30° pitch 0° spacing 20")] {
            try session.sendKeys(":")
            try session.type(line)
            try session.sendKeys("Enter")
            try session.waitUntil(panel) { $0.contains(panel) }
        }

        // Turn: yaw 30 → 35, pitch 0 → 5.
        try press(session, "}", echo: "} → camera yaw 35")
        screen = try press(session, ")", echo: ") → camera pitch 5")
        #expect(screen.contains("yaw 35° pitch 5°"))

        // Narrow: raise the back end (6): planes 1…2; the containers' plaques go.
        screen = try press(session, "6", echo: "6 → explode range 1 2")
        #expect(screen.contains("showing planes 1…2 of 0…2"))
        let canvas = { (s: String) in s.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.prefix(70)) } }
        #expect(!canvas(screen).contains { $0.contains(" views ") || $0.contains(" layers ") })

        // Pick: click one row under the start of layerGreen's plaque (inside its quad, which
        // the plaque sits on the top edge of), with an X10 mouse report (1-based + 32).
        let rows = canvas(screen)
        let row = try #require(rows.firstIndex { $0.contains(" layerGreen ") }, "layerGreen's plaque is on the canvas")
        let column = try #require(Array(rows[row]).firstIndex(of: "l"))
        func x10(_ v: Int) -> Character { Character(Unicode.Scalar(UInt8(v + 1 + 32))) }
        try session.type("\u{1B}[M " + String(x10(column + 2)) + String(x10(row + 1)))
        screen = try session.waitUntil("the click to pick layerGreen") { bottom($0).contains("key: click → select layerGreen") }
        #expect(screen.contains("layerGreen: plane 1"))
        #expect(screen.contains("Under the cursor, front → back"))

        // Leave.
        screen = try press(session, "d", echo: "d → explode off")
        #expect(!screen.contains("Exploded ·"))
        // The camera is kept for the next time.
        screen = try press(session, "d", echo: "d → explode on")
        #expect(screen.contains("yaw 35° pitch 5°"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
