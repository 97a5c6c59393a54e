@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Foundation
import Geometry
import TerminalKit
import Testing
import LayoutFiles
import Engine
import SceneFiles

/// Issue 20: live reload follows a file that is deleted and created again (editors that
/// write a new file), and never keeps a stale scene after a burst of writes.
@Suite struct ReloadBurstTests {
    /// The fixture's text with `back` at (x, y) (the fixture has it at (60, 60)).
    static func text(backAt x: Int, _ y: Int) throws -> String {
        var scene = Fixture.scene()
        let id = try #require(scene.tree.id(named: "back"))
        scene.tree[id].position = Point(Double(x), Double(y))
        return LayoutFile.encode(scene, format: .json)
    }

    final class Calls: @unchecked Sendable { var count = 0 }

    /// A write that lands while the explorer reads the file: the first load reads version A,
    /// and before it returns the editor's next write (version B) is on disk. The stamp taken
    /// after the read used to be B's, so B was never loaded: the scene stayed A.
    @Test func aWriteDuringTheReadIsLoadedNext() throws {
        let dir = try TempDirectory()
        let (_, state) = try savedFixture(in: dir)
        let versionB = try Self.text(backAt: 80, 75)
        let calls = Calls()
        let io = ExplorerIO(
            load: { path in
                let result = Result { () throws(SceneLoadError) in try SceneLoader.load(path) }
                calls.count += 1
                if calls.count == 1 {
                    try? versionB.write(toFile: path, atomically: true, encoding: .utf8)
                    try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: path)
                }
                return result
            },
            save: ExplorerIO.files.save, stamp: ExplorerIO.files.stamp)
        let loop = RunLoop(state: state, terminal: InMemoryTerminal(columns: 80, rows: 24), io: io, options: ScreenOptions())

        try dir.write(try Self.text(backAt: 70, 65), to: "scene.json", secondsAhead: 5)
        #expect(try loop.checkFile() == true)
        #expect(loop.state.layer("back").position == Point(70, 65))  // A, read before B landed
        #expect(try loop.checkFile() == true)  // B's stamp is not A's
        #expect(loop.state.layer("back").position == Point(80, 75))
        #expect(try loop.checkFile() == false)
        #expect(calls.count == 2)
    }

    /// Deleted, then created again empty (the editor's first step), then written: the title
    /// stops saying "file deleted" as soon as the file is back, the half-written file's error
    /// shows while the last good scene stays, and the full file is loaded.
    @Test func aFileDeletedAndCreatedAgainIsFollowed() throws {
        let dir = try TempDirectory()
        let (path, state) = try savedFixture(in: dir)
        let loop = RunLoop(state: state, terminal: InMemoryTerminal(columns: 80, rows: 24), options: ScreenOptions())

        #expect(unlink(path) == 0)
        #expect(try loop.checkFile() == true)
        #expect(loop.state.diskNotice == "file deleted — :w writes it again")

        try dir.write("", to: "scene.json", secondsAhead: 1)
        #expect(try loop.checkFile() == true)
        #expect(loop.state.diskNotice == nil)
        #expect(loop.state.fileError != nil)
        #expect(loop.state.layer("back").position == Fixture.scene().tree[Fixture.scene().tree.id(named: "back")!].position)

        try dir.write(try Self.text(backAt: 70, 65), to: "scene.json", secondsAhead: 2)
        #expect(try loop.checkFile() == true)
        #expect(loop.state.fileError == nil)
        #expect(loop.state.layer("back").position == Point(70, 65))
        #expect(loop.state.status == "loaded \(path) — fixture")
    }
}
