import Foundation
import Testing

/// Issue 20, "two writers, one file", in real terminals: two explorers on one file. The
/// second's save used to revert the first's saved edit without a word; now it asks (show
/// it, overwrite, reload, save as), and a read-only file is not replaced without asking.
@Suite(
    "Two writers, one file", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct TwoWritersEndToEndTests {
    static let original = "{ \"layers\": [ { \"name\": \"card\", \"bounds\": [0, 0, 100, 60], \"position\": [100, 100] } ] }\n"

    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "ls-writers-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func explorer(on path: String) throws -> TmuxSession {
        try TmuxSession(program: try LayerScopeProgram.requiredPath, arguments: [path], columns: 120, rows: 30)
    }

    static func command(_ session: TmuxSession, _ text: String) throws {
        try session.sendKeys(":")
        try session.type(text)
        try session.sendKeys("Enter")
    }

    /// card's position in the file on disk, as `eval` reads it.
    static func position(_ path: String) throws -> String {
        let r = try Subprocess.run(
            try LayerScopeProgram.requiredPath, ["eval", "--layout", path, "--script", "select card; get position"],
            timeout: .seconds(20))
        return r.output
    }

    @Test func theSecondSaveAsksInsteadOfRevertingTheFirst() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.json"
        try Self.original.write(toFile: path, atomically: true, encoding: .utf8)
        let first = try Self.explorer(on: path), second = try Self.explorer(on: path)
        defer { first.close(); second.close() }
        _ = try first.waitFor("Layers · 1")
        _ = try second.waitFor("Layers · 1")

        // The second has an unsaved edit (card to (100, 107)) when the first saves its own
        // (card to (105, 100)).
        try Self.command(second, "select card")
        try Self.command(second, "move 0 7")
        _ = try second.waitFor("[+]")
        try Self.command(first, "select card")
        try Self.command(first, "move 5 0")
        try Self.command(first, "w")
        _ = try first.waitFor("saved \(path)")
        #expect(try Self.position(path) == "{\"point\":[105,100]}\n")

        // The second's save asks, and Esc writes nothing.
        try Self.command(second, "w")
        let asked = try second.waitFor("Changed on disk")
        // The question's box, and the status line (two rows at 120 columns).
        #expect(asked.contains("\(path) changed on disk since it was loaded:"))
        #expect(asked.contains("saving now would undo what the other program saved."))
        #expect(asked.contains("o  overwrite it with this scene"))
        #expect(asked.contains("r  reload it (your unsaved edits are dropped)"))
        #expect(asked.contains("s  save as another file"))
        #expect(asked.contains(" \(path) changed on disk since it was loaded (another program saved it) — o: overwrite\n"))
        try second.sendKeys("Escape")
        _ = try second.waitFor("not saved")
        #expect(try Self.position(path) == "{\"point\":[105,100]}\n")

        // Asked again, r takes the first's file: the second now shows (105, 100), clean.
        try Self.command(second, "w")
        _ = try second.waitFor("Changed on disk")
        try second.sendKeys("r")
        _ = try second.waitFor("loaded \(path)")
        try Self.command(second, "get position")
        _ = try second.waitFor("{\"point\":[105,100]}")

        // An edit on top, while the first saves again (card to (106, 100)): o overwrites,
        // knowingly — the file holds the second's (105, 107).
        try Self.command(second, "move 0 7")
        try Self.command(first, "move 1 0")
        try Self.command(first, "w")
        _ = try first.waitUntil("the second save") { $0.contains("saved \(path)") && $0.contains("key: save") }
        #expect(try Self.position(path) == "{\"point\":[106,100]}\n")
        try Self.command(second, "w")
        _ = try second.waitFor("Changed on disk")
        try second.sendKeys("o")
        _ = try second.waitFor("saved \(path)")
        #expect(try Self.position(path) == "{\"point\":[105,107]}\n")
    }

    @Test func aReadOnlyFileIsNotReplacedWithoutAsking() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.json"
        try Self.original.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o444) == 0)
        let explorer = try Self.explorer(on: path)
        defer { explorer.close() }
        _ = try explorer.waitFor("Layers · 1")
        try Self.command(explorer, "select card")
        try Self.command(explorer, "move 5 0")
        try Self.command(explorer, "w")
        let asked = try explorer.waitFor("Read-only file")
        #expect(asked.contains("\(path) is read-only — o: overwrite anyway · s: save as… · Esc: cancel"))
        try explorer.sendKeys("Escape")
        _ = try explorer.waitFor("not saved")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.original)

        // s: save as — the : line opens with "save ", the name is typed.
        try Self.command(explorer, "w")
        _ = try explorer.waitFor("Read-only file")
        try explorer.sendKeys("s")
        _ = try explorer.waitUntil("the : line with save") { $0.contains("save as: type a file name") && $0.contains("\n:save") }
        try explorer.type(dir + "/copy.json")
        try explorer.sendKeys("Enter")
        _ = try explorer.waitFor("saved \(dir)/copy.json")
        #expect(try Self.position(dir + "/copy.json") == "{\"point\":[105,100]}\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.original)
    }

    /// `render --script` (and the explorer's) used to drop a `save` without a word; it now
    /// saves as eval's scripts do, and refuses a read-only file with the reason (exit 1).
    @Test func aRenderScriptSavesOrSaysWhyNot() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.json"
        try "{\"layers\": []}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let first = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            ["render", path, "--size", "60x14", "--script", "add a view; save"], timeout: .seconds(20))
        #expect(first.status == 0, "\(first.errors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"layers\": [{\"name\": \"a\", \"kind\": \"view\"}]}\n")

        #expect(chmod(path, 0o444) == 0)
        let second = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            ["render", path, "--size", "60x14", "--script", "add b view; save"], timeout: .seconds(20))
        #expect(second.status == 1)
        #expect(
            second.errors == "line 1: <script>:1:1: save: \(path) is read-only; not saving over it — the file is untouched (save NEW.json writes elsewhere)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"layers\": [{\"name\": \"a\", \"kind\": \"view\"}]}\n")
    }
}
