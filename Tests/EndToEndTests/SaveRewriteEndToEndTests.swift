import Foundation
import Testing

/// Issue 36 in a real terminal (tmux, 120×40): a save the file cannot keep its text for says
/// where and why in the status line and leaves the file alone; `:w --rewrite` then writes
/// only what it must (here the script, folded into the layer), says so, and the explorer
/// quits without asking (nothing unsaved).
@Suite(
    "save --rewrite end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct SaveRewriteEndToEndTests {
    static let text = """
        # opacity comes from the script
        title: deck
        layers:
          - name: card   # the card
            kind: view
            frame: [20, 20, 200, 120]
        script:
          - select card; set opacity 0.5

        """

    @Test func aRefusedSaveSaysWhereAndTheRewriteKeepsTheComments() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ls-rewrite-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.text.write(to: folder.appendingPathComponent("d.yaml"), atomically: false, encoding: .utf8)
        let session = try TmuxSession(
            program: "/bin/sh", arguments: ["-c", "cd \"$0\" && exec \"$1\" d.yaml", folder.path, try LayerScopeProgram.requiredPath],
            columns: 120, rows: 40)
        try session.waitFor(" LayerScope")
        defer { session.close(); try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("d.yaml")
        try AuthoringEndToEndTests.command(session, "select card")
        try AuthoringEndToEndTests.command(session, "set opacity 0.8")
        try AuthoringEndToEndTests.command(session, "w")
        // Card's object is on line 4, column 5; the script sets opacity again on load.
        try session.waitFor("save failed: d.yaml:4:5: layers[0].opacity: cannot save into the file and keep its text")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.text)

        try AuthoringEndToEndTests.command(session, "w --rewrite")
        try session.waitFor("saved d.yaml: kept the file's text except: the script folded into the layers")
        #expect(
            try String(contentsOf: file, encoding: .utf8) == """
                # opacity comes from the script
                title: deck
                layers:
                  - name: card   # the card
                    kind: view
                    frame: [20, 20, 200, 120]
                    alpha: 0.8

                """)
        // Saved: q quits at once, no question.
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
