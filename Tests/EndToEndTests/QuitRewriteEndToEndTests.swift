import Foundation
import Testing
import TestSupport

/// The quit question's save refused in place, in a real terminal (tmux, 120×40): the `:` line
/// opens with `save --rewrite`, Enter writes it (only the layer it must, afresh) and quits.
@Suite(
    "Quit question rewrite end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct QuitRewriteEndToEndTests {
    static let card = Fixtures.placedCard

    @Test func yAtTheQuitQuestionOffersTheRewriteAndEnterWritesItAndQuits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ls-quit-rewrite-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("card.json")
        try Self.card.write(to: file, atomically: false, encoding: .utf8)
        let session = try TmuxSession(
            program: "/bin/sh", arguments: ["-c", "cd \"$0\" && exec \"$1\" card.json", folder.path, try LayerScopeProgram.requiredPath],
            columns: 120, rows: 40)
        defer { session.close(); try? FileManager.default.removeItem(at: folder) }
        try session.waitFor(" LayerScope")
        // badge is placed by its frame: a frame cannot say a bounds origin of (5, 5).
        try AuthoringEndToEndTests.command(session, "select badge")
        try AuthoringEndToEndTests.command(session, "set bounds 5 5 40 40")
        try session.sendKeys("q")
        try session.waitFor("Unsaved edits")
        try session.sendKeys("y")
        let offered = try session.waitUntil("the rewrite on the : line") { AuthoringEndToEndTests.lastLine($0) == ":save --rewrite" }
        #expect(offered.contains("Enter: save --rewrite and quit"))
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.card, "the refused save left the file as it was")
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#"{"name": "badge", "kind": "view", "bounds": [5, 5, 40, 40], "center": [30, 30], "backgroundColor": "red"}"#), "\(text)")
        #expect(text.contains(#"{"name": "label",   "kind": "view", "frame": [60, 10, 120, 30]}"#))
    }
}
