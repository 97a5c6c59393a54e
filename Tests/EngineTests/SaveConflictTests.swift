import Foundation
import Testing
@testable import LayoutFiles
@testable import LayoutFileIO
@testable import Engine
import SceneFiles

/// Issue 20, "two writers, one file": a script's `save` cannot answer a question, so a file
/// that another program saved since the scene was loaded, or a read-only one, is refused with
/// a clear error and left as it was (the explorer asks instead: TwoWritersEndToEndTests).
@Suite("A script never saves over someone else's save", .serialized)
struct SaveConflictTests {
    static let original = "{ \"layers\": [ { \"name\": \"card\", \"bounds\": [0, 0, 100, 60], \"position\": [100, 100] } ] }\n"

    func scene(in dir: String) throws -> (String, Session) {
        let path = dir + "/scene.json"
        try Self.original.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, Session(scene: try SceneLoader.load(path), filePath: path))
    }

    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "ls-conflict-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aFileChangedSinceItWasLoadedIsNotSavedOver() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var (path, session) = try scene(in: dir)
        // The other writer: the same file with card moved to (105, 100), renamed over it.
        let theirs = Self.original.replacingOccurrences(of: "[100, 100]", with: "[105, 100]")
        try theirs.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(session.saveConflict(to: path) == .changedOnDisk)
        let error = #expect(throws: ScriptFailure.self) {
            try ScriptRunner.run("select card; move 0 7; save", name: "<script>", session: &session, emit: { _ in })
        }
        #expect(
            error?.message == "save: \(path) changed on disk since it was loaded (another program saved it); "
                + "not saving over it — the file is untouched (save NEW.json writes elsewhere)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == theirs)
        // Saving under another name still works, and that file is then the scene's.
        try ScriptRunner.run("save \(dir)/mine.json", name: "<script>", session: &session, emit: { _ in })
        #expect(session.filePath == dir + "/mine.json")
        #expect(session.saveConflict(to: dir + "/mine.json") == nil)
    }

    @Test func aSaveOfOurOwnIsNotAConflict() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var (path, session) = try scene(in: dir)
        // Two saves in a row: the second compares with the first's result, not the load's.
        try ScriptRunner.run("select card; move 5 0; save; move 0 7; save", name: "<script>", session: &session, emit: { _ in })
        let reread = try SceneLoader.load(path)
        #expect(reread.tree[reread.tree.id(named: "card")!].position.x == 105)
        #expect(reread.tree[reread.tree.id(named: "card")!].position.y == 107)
    }

    @Test func aReadOnlyFileIsNotReplaced() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var (path, session) = try scene(in: dir)
        #expect(chmod(path, 0o444) == 0)
        // Even for root, whom the kernel would let write: the mode says "do not".
        #expect(session.saveConflict(to: path) == .readOnly)
        let error = #expect(throws: ScriptFailure.self) {
            try ScriptRunner.run("select card; move 5 0; save", name: "<script>", session: &session, emit: { _ in })
        }
        #expect(error?.message.hasPrefix("save: \(path) is read-only; not saving over it") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.original)
    }

    /// A symbolic link someone else planted in a shared folder (sticky, world-writable: /tmp)
    /// is not followed by a save or an export — the same rule as Linux's protected_symlinks,
    /// which the save's own walk along links would otherwise bypass. Needs root to make a link
    /// owned by another user.
    @Test(.enabled(if: geteuid() == 0, "needs root to give a link another owner"))
    func aLinkPlantedInASharedFolderIsNotFollowed() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shared = dir + "/shared", victim = dir + "/victim.txt"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o1777) == 0)
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        #expect(symlink(victim, shared + "/out.svg") == 0)
        #expect(lchown(shared + "/out.svg", 4242, 4242) == 0)
        let error = #expect(throws: TextFile.Failure.self) {
            try TextFile.writeAtomically("<svg/>", to: shared + "/out.svg")
        }
        #expect(error?.message == "not following the symbolic link \(shared)/out.svg: it is in a shared folder and belongs to another user")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        // Our own link there is followed, as links always are.
        #expect(unlink(shared + "/out.svg") == 0)
        #expect(symlink(victim, shared + "/out.svg") == 0)
        try TextFile.writeAtomically("<svg/>", to: shared + "/out.svg")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "<svg/>")
    }
}
