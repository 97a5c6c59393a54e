import Foundation
import Testing

/// Issue 20, "first minutes": starting from nothing in a real terminal (tmux) and from an
/// empty list in a file, with the exact inputs.
@Suite(
    "Starting from nothing", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct FirstMinutesEndToEndTests {
    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "ls-first-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The explorer in `dir` on `arguments`, at 120 × 30.
    static func explorer(in dir: String, _ arguments: [String]) throws -> TmuxSession {
        try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", dir, try LayerScopeProgram.requiredPath] + arguments,
            columns: 120, rows: 30)
    }

    @Test func aMissingFileOpensAnEmptySceneThatSavesThere() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let explorer = try Self.explorer(in: dir, ["new.json"])
        defer { explorer.close() }
        // Not an error: an empty scene, which says how to begin.
        let first = try explorer.waitFor("new.json is new")
        #expect(first.contains("new.json is new: an empty scene that :w writes there — begin with :add NAME view"))
        #expect(first.contains("an empty scene — begin with :add NAME view, then"))  // the panel (wrapped at 48)
        #expect(first.contains("Layers · 0"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/new.json"))  // nothing written until :w

        for command in ["add card view", "set bounds 0 0 120 80", "add b view"] {
            try explorer.sendKeys(":")
            try explorer.type(command)
            try explorer.sendKeys("Enter")
        }
        _ = try explorer.waitFor("Layers · 2")
        try explorer.sendKeys(":")
        try explorer.type("w")
        try explorer.sendKeys("Enter")
        _ = try explorer.waitFor("saved new.json")
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 0)

        // The file is an ordinary layout: check reads 2 layers, and card's frame is its bounds
        // about the default position (0, 0) and anchor (0.5, 0.5): (−60, −40, 120, 80).
        let check = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", dir + "/new.json"], timeout: .seconds(20))
        #expect(check.status == 0)
        #expect(check.output == "\(dir)/new.json: ok — 2 layers\n")
        let frame = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            ["eval", "--layout", dir + "/new.json", "--script", "select card; get frame"], timeout: .seconds(20))
        #expect(frame.output == "{\"rect\":[-60,-40,120,80]}\n")
    }

    @Test func aMissingFileIsStillAnErrorForTheHeadlessCommands() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let render = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", dir + "/new.json"], timeout: .seconds(20))
        #expect(render.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/new.json"))
    }

    /// The files, `{"layers": []}` and YAML `layers: []`, with two `add`s saved in
    /// place: the author's text stays (the YAML comment), the layers go into the list with a
    /// comma between them (before: `[{…}{…}]`, "the patched file would not load back").
    @Test(arguments: [
        ("scene.json", "{\"layers\": []}\n", "{\"layers\": [{\"name\": \"a\", \"kind\": \"view\"}, {\"name\": \"b\", \"kind\": \"view\"}]}\n"),
        ("scene.yaml", "# my scene\nlayers: []\n", "# my scene\nlayers: [{name: a, kind: view}, {name: b, kind: view}]\n")
    ])
    func aSceneBegunFromAnEmptyListSavesInPlace(_ name: String, _ before: String, _ after: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/" + name
        try before.write(toFile: path, atomically: true, encoding: .utf8)
        let save = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            ["eval", "--layout", path, "--script", "add a view; add b view; save"], timeout: .seconds(20))
        #expect(save.status == 0, "\(save.errors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == after)
        let check = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", path], timeout: .seconds(20))
        #expect(check.output == "\(path): ok — 2 layers\n")
    }

    /// A message longer than the status line is wrapped onto the rows above it, never cut:
    /// at 120 columns this save error is 2 rows.
    @Test func aLongErrorIsShownWhole() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "{\"layers\": []}\n".write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let explorer = try Self.explorer(in: dir, ["scene.json"])
        defer { explorer.close() }
        _ = try explorer.waitFor("Layers · 0")
        let target = dir + "/no-such-folder/deeper/scene.json"
        try explorer.sendKeys(":")
        try explorer.type("w " + target)
        try explorer.sendKeys("Enter")
        let screen = try explorer.waitFor("nothing was lost")
        // The rows of the message, read as one text (the wrap breaks at spaces).
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(rows.firstIndex { $0.hasPrefix("save failed:") })
        let end = try #require(rows.firstIndex { $0.hasSuffix("nothing was lost") })
        let message = rows[start...end].joined(separator: " ")
        #expect(message == "save failed: \(target):1:1: cannot save: cannot create a temporary file beside it: No such file or directory — nothing was lost")
        #expect(end > start)  // more than one row
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 0)
    }
}
