import Foundation
import Testing

/// Issue 32, authoring in a real terminal (tmux, 120×40): a card demo built from nothing in
/// a new file — the card appears as it is made, the step is made with `:step add`, and `q`
/// asks before quitting and saves; a piped dump, which has no file of its own, is offered
/// "save as" at the quit question.
@Suite(
    "Authoring end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct AuthoringEndToEndTests {
    static let dump = CommandLineEndToEndTests.package.appendingPathComponent("Tests/LayoutFilesTests/Dumps/14-hatenablog-nslog-timestamp.txt").path

    /// A fresh folder, and the explorer started in it on `command` (a shell line).
    static func start(_ command: String) throws -> (TmuxSession, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ls-author-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let session = try TmuxSession(
            program: "/bin/sh", arguments: ["-c", "cd \"$0\" && " + command, folder.path, try LayerScopeProgram.requiredPath],
            columns: 120, rows: 40)
        try session.waitFor(" LayerScope")
        return (session, folder)
    }

    static func rows(_ screen: String) -> [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    static func lastLine(_ screen: String) -> String { rows(screen).last { !$0.isEmpty } ?? "" }
    /// The canvas's cells (the panel takes the right 49 columns at 120).
    static func canvas(_ screen: String) -> String { rows(screen).dropFirst().dropLast(2).map { String($0.prefix(71)) }.joined(separator: "\n") }

    static func command(_ session: TmuxSession, _ text: String) throws {
        try session.sendKeys(":")
        try session.waitUntil("the command line") { lastLine($0) == ":" }
        try session.type(text)
        try session.waitUntil("the typed command") { lastLine($0) == ":" + text }
        try session.sendKeys("Enter")
        try session.waitUntil("the command line to close") { !lastLine($0).hasPrefix(":") }
    }

    @Test func aCardDemoFromNothingGrowsVisiblyBecomesAStepAndIsSavedAtTheQuitQuestion() throws {
        let (session, folder) = try Self.start("exec \"$1\" card-demo.json")
        defer { session.close(); try? FileManager.default.removeItem(at: folder) }
        try session.waitFor("an empty scene")
        try Self.command(session, "add card view")
        try Self.command(session, "set bounds 0 0 200 120")
        try Self.command(session, "set backgroundColor orange")
        // Placed far outside the empty scene's 320×240: the view follows it.
        try Self.command(session, "set position 195 422")
        try session.waitUntil("the card's name on the canvas") { Self.canvas($0).contains("card") }
        try Self.command(session, "set screen 390 844")
        try Self.command(session, "step add \"The card\"")
        try session.waitFor("1/1 · The card")
        try session.sendKeys("q")
        let question = try session.waitFor("Unsaved edits")
        #expect(question.contains("y  save to card-demo.json and quit"))
        try session.sendKeys("y")
        #expect(try session.waitForExit() == 0)
        let text = try String(contentsOf: folder.appendingPathComponent("card-demo.json"), encoding: .utf8)
        #expect(text.contains("\"screen\": { \"width\": 390, \"height\": 844 }"))
        #expect(text.contains("\"title\": \"The card\""))
        #expect(text.contains("\"set position 195 422\""))
    }

    @Test func aPipedDumpIsOfferedSaveAsAtTheQuitQuestion() throws {
        let (session, folder) = try Self.start("cat \(Self.dump) | exec \"$1\" -")
        defer { session.close(); try? FileManager.default.removeItem(at: folder) }
        try session.waitFor("Layers · 8")
        try session.sendKeys("T")  // turn: an edit
        try session.waitFor("[+]")
        try session.sendKeys("q")
        let question = try session.waitFor("Unsaved edits")
        #expect(question.contains("This scene has no file of its own"))
        #expect(question.contains("s  save as imported.json… (Enter saves and quits)"))
        #expect(!question.contains("y  save to"))
        try session.sendKeys("s")
        try session.waitUntil("the save-as line") { Self.lastLine($0) == ":save imported.json" }
        try session.sendKeys("Enter")
        #expect(try session.waitForExit() == 0)
        let saved = folder.appendingPathComponent("imported.json").path
        #expect(FileManager.default.fileExists(atPath: saved))
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("\"layers\""))
    }
}
