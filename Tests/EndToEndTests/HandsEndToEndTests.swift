import Foundation
import Testing

/// Issue 32, in a real terminal: zoom keeps the selection on the canvas, and a `:` command
/// typed in cursor mode leaves the explorer in cursor mode with its crosshair.
@Suite(
    "In the hands, end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct HandsEndToEndTests {
    static let packageRoot = RecordingEndToEndTests.packageRoot

    static func open(_ file: String, columns: Int = 120, rows: Int = 40) throws -> TmuxSession {
        let session = try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath, file],
            columns: columns, rows: rows)
        try session.waitFor(" LayerScope")
        return session
    }

    /// The canvas's columns of each row (the panel starts 49 columns from the right at 120).
    static func canvas(_ screen: String, columns: Int = 71) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2)
            .map { String($0.prefix(columns)) }.joined(separator: "\n")
    }

    @Test func plusZoomsAboutTheSelectionAndKeepsItOnTheCanvas() throws {
        // depth.json at 120×40: the canvas is 71×37 cells, 9.01 points a column. Eight `+`
        // (×5.96) show 107×112 points: about the canvas's centre (320, 150) that is
        // x 266…374, and layerRed (x 440…580) was gone; about its centre (510, 180) it stays.
        let explorer = try Self.open("Layouts/depth.json")
        defer { explorer.close() }
        try explorer.sendKeys(":")
        try explorer.type("select layerRed")
        try explorer.sendKeys("Enter")
        try explorer.waitFor("layerRed (layer)")
        for _ in 0..<8 { try explorer.sendKeys("+") }
        try explorer.waitFor("+ → zoom 1.25")
        let screen = try explorer.waitUntil("layerRed's name on the zoomed canvas") { screen in
            // All eight presses arrived: the canvas's width is now 71 × 9.01 / 5.96 ≈ 107 points.
            Self.canvas(screen).contains("layerRed")
        }
        #expect(!Self.canvas(screen).contains("viewGreen"))
        // 0 fits again: every layer's name is back.
        try explorer.sendKeys("0")
        try explorer.waitUntil("the fitted canvas") { Self.canvas($0).contains("viewGreen") && Self.canvas($0).contains("layerRed") }
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 0)
    }

    @Test func aColonCommandInCursorModeStaysInCursorMode() throws {
        let explorer = try Self.open("Layouts/depth.json")
        defer { explorer.close() }
        try explorer.sendKeys("c")
        try explorer.waitFor(" CURSOR")
        try explorer.waitUntil("the crosshair") { Self.canvas($0).contains("┼") }
        try explorer.sendKeys(":")
        try explorer.type("select viewRed")
        try explorer.sendKeys("Enter")
        let screen = try explorer.waitFor("viewRed (view)")
        let title = screen.split(separator: "\n").first.map(String.init) ?? ""
        #expect(title.contains("CURSOR"), "\(title)")
        #expect(Self.canvas(screen).contains("┼"), "the crosshair stays")
        // The arrows still move the crosshair (cursor mode), not the selection.
        try explorer.sendKeys("Right")
        try explorer.waitFor("→ cursor-move 1 0")
        // c leaves cursor mode and says so.
        try explorer.sendKeys("c")
        try explorer.waitFor("crosshair off")
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 0)
    }
}
