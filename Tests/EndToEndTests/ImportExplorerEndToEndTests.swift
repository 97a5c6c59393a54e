import Foundation
import Testing

/// The explorer on a 300-view dump in a real terminal (tmux, 120×40): search for a view,
/// select it, read its frame in the panel; turn the root to landscape and back.
@Suite(
    "Import in the explorer end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct ImportExplorerEndToEndTests {
    static let bigDump = CommandLineEndToEndTests.package.appendingPathComponent("Tests/LayoutFilesTests/Synthetic/synthetic-300-views.txt").path
    static let landscapeDump = CommandLineEndToEndTests.package.appendingPathComponent("Tests/LayoutFilesTests/Dumps/14-hatenablog-nslog-timestamp.txt").path

    func start(_ file: String) throws -> TmuxSession {
        let session = try TmuxSession(program: try LayerScopeProgram.requiredPath, arguments: [file], columns: 120, rows: 40)
        try session.waitFor(" LayerScope")
        return session
    }

    static func bottom(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).last { !$0.isEmpty } ?? ""
    }

    @Test func searchASelectAndReadItsFrameInA300ViewDump() throws {
        let session = try start(Self.bigDump)
        defer { session.close() }
        let first = try session.waitFor("Layers · 300")
        #expect(first.contains("(imported, not saved) · synthetic-300-views.txt (recursiveDescription)"))
        try session.sendKeys("t")
        try session.waitFor("Layers (j/k, Esc) · 300")
        try session.sendKeys("/")
        try session.waitUntil("the search line") { Self.bottom($0).hasPrefix("/") }
        try session.type("Checkout")
        try session.waitUntil("the typed search") { Self.bottom($0).hasPrefix("/Checkout") }
        try session.sendKeys("Enter")
        // (The status line's right part shows the selection's long path, so read the panel.)
        // Incremental: the match is selected while typing; Enter closes the search line.
        let screen = try session.waitUntil("the search to close on the match") {
            $0.contains("CheckoutButton (view)") && !Self.bottom($0).hasPrefix("/")
        }
        // MyApp.CheckoutButton at (300 14; 59 36) in its cell's content view; its note keeps
        // the class as printed, and the tag.
        #expect(screen.contains("frame    x 300 y 14 w 59 h 36"))
        #expect(screen.contains("center   x 329.5 y 32"))
        #expect(screen.contains("MyApp.CheckoutButton 0x7f9c4a"))
        #expect(screen.contains("tag 37"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func turnSwapsTheRootAndTheSubviewsFollowTheirMasks() throws {
        let session = try start(Self.landscapeDump)
        defer { session.close() }
        try session.waitFor("Layers · 8")
        // UIView#2 (0 0; 320 224), LM+RM, under the root UIView#1 (0 20; 320 460).
        try session.sendKeys(":")
        try session.waitUntil("the command line") { Self.bottom($0) == ":" }
        try session.type("select UIView#2")
        try session.sendKeys("Enter")
        try session.waitFor("UIView#2 (view)")
        try session.sendKeys("T")
        // Root 320×460 → 460×320: UIView#2 (LM+RM, margins 0 and 0) moves right by 140 / 2 = 70.
        let screen = try session.waitFor("frame    x 70 y 0 w 320 h 224")
        #expect(screen.contains("autoresize LM+RM"))
        try session.sendKeys("T")
        try session.waitFor("frame    x 0 y 0 w 320 h 224")
        // Two edits: Ctrl-C asks before quitting with them; n quits without saving.
        try session.sendKeys("C-c")
        try session.waitFor("Unsaved edits")
        try session.sendKeys("n")
        _ = try session.waitForExit()
    }
}
