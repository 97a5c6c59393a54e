@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Foundation
import Geometry
import TerminalKit
import Testing
import LayerModel
import LayoutFiles
import LayoutFileIO
import Engine
import SceneFiles

/// Follow mode's feed without terminals: a presenter's run loop writes it to a real file,
/// a `FeedReader` reads it back, `Follow.apply` rebuilds the presenter's state.
@Suite struct FollowTests {
    static let popup = ShippedLayouts.directory + "/popup.json"

    /// The presenter: popup.json, sharing to `feed`, fed `events` by an in-memory terminal.
    static func present(_ events: [InputEvent], feed: String, file: String = popup, columns: Int = 110, rows: Int = 34) throws -> ExplorerRuntime.RunLoop {
        let scene = try SceneLoader.load(file)
        let writer = try FeedWriter(path: feed)
        writer.write(.scene(name: String(file.split(separator: "/").last!), format: .json, text: try TextFile.read(file)))
        let terminal = InMemoryTerminal(columns: columns, rows: rows, events: events)
        let loop = ExplorerRuntime.RunLoop(state: ExplorerState(session: Session(scene: scene, filePath: file)), terminal: terminal, options: ScreenOptions())
        loop.share = writer
        try loop.run()
        writer.write(.bye)
        return loop
    }

    /// An attendee's state after reading the whole feed.
    static func attend(_ feed: String, columns: Int = 110, rows: Int = 34) throws -> (ExplorerState, FeedReader, [FeedRecord]) {
        let reader = try FeedReader(path: feed)
        var state = ExplorerState(session: Session())
        state.columns = columns; state.rows = rows
        let records = reader.read()
        for r in records { Follow.apply(r, to: &state) }
        return (state, reader, records)
    }

    @Test func replayingTheFeedRebuildsThePresentersState() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        // Step 1, step 2, the formula page, Tab, an edit (r: rotate 15), anchor mode, →.
        let presenter = try Self.present(keys("n", "n", "i", "Tab", "r", "a", "Right"), feed: feed)
        let (attendee, _, records) = try Self.attend(feed)
        // One scene record, the view at start (an act with no commands), one act per key
        // (7), bye.
        #expect(records.map(\.kind) == [.scene] + Array(repeating: .act, count: 8) + [.bye])
        #expect(records[1].commands == [])
        #expect(records[2].commands == ["step 1"])
        #expect(records[6].commands == ["rotate 15"])
        let p = presenter.state, a = attendee
        #expect(a.session.tree == p.session.tree)
        #expect(a.selectedName == "anchorFirst")
        #expect(a.selectedName == p.selectedName)
        #expect(a.session.currentStep == 2)
        #expect(a.panelPage == .formula)
        #expect(a.mode == .anchor)
        // Step 1 gave anchorFirst anchorPoint (0, 0): → moves it by 0.05 in x.
        #expect(a.echo == "Right → anchor 0.05 0")
        #expect(a.status == p.status)
        // Same size, same state: the same screen below the title.
        let options = ScreenOptions(mode: .braille, unicode: true)
        let ps = ExplorerScreen.render(p, options: options).canvas, as_ = ExplorerScreen.render(a, options: options).canvas
        for row in 1..<34 { #expect(ps.text(row: row) == as_.text(row: row), "row \(row)") }
        // The attendee has no file: its :w can never write over a local popup.json.
        #expect(a.session.filePath == nil)
        #expect(a.sceneName == "popup.json")
    }

    @Test func timeAndAnimationsFollow() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        // time-popup.json animates from the start: the presenter's clock runs (wall time)
        // until Space pauses it at some t; then > > scrubs to t + 0.25 + 0.25.
        let presenter = try Self.present(
            [.key(.character(" ")), .key(.character(">")), .key(.character(">"))], feed: feed,
            file: ShippedLayouts.directory + "/time-popup.json")
        let (attendee, _, records) = try Self.attend(feed)
        let t = records[2].sync!.now  // after the pause
        #expect(presenter.state.session.isPaused)
        #expect(attendee.session.isPaused)
        #expect(presenter.state.session.now == ((t + 0.25).withoutFloatNoise + 0.25).withoutFloatNoise)
        #expect(attendee.session.now == presenter.state.session.now)
        // The same presentation drawn: the canvas and panel rows equal.
        let options = ScreenOptions(mode: .braille, unicode: true)
        let ps = ExplorerScreen.render(presenter.state, options: options).canvas, as_ = ExplorerScreen.render(attendee, options: options).canvas
        for row in 1..<34 { #expect(ps.text(row: row) == as_.text(row: row), "row \(row)") }
    }

    @Test func aLiveReloadSendsTheNewSceneAndKeepsTheSelection() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let (path, state) = try savedFixture(in: dir)
        let writer = try FeedWriter(path: feed)
        writer.write(.scene(name: "scene.json", format: .json, text: try TextFile.read(path)))
        // Tab selects badge (tree order card, badge, back); then the file changes on disk:
        // back moves to (70, 65).
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("Tab"))
        let loop = ExplorerRuntime.RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        loop.share = writer
        try SceneLoader.save(try RunLoopReloadTests.movedBack(), to: path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: path)
        try loop.run()
        #expect(loop.state.layer("back").position == Point(70, 65))
        let (attendee, _, records) = try Self.attend(feed, columns: 80, rows: 24)
        // The scene, the view at start, Tab, the new scene, the view after the reload.
        #expect(records.map(\.kind) == [.scene, .act, .act, .scene, .act])
        #expect(attendee.layer("back").position == Point(70, 65))
        #expect(attendee.session.tree == loop.state.session.tree)
        #expect(attendee.selectedName == "badge")
        #expect(attendee.status == "loaded \(path) — fixture")
    }

    @Test func aLateReaderMovesARunningClockOnByTheTimeSince() throws {
        var state = ExplorerState(session: Session(scene: try SceneLoader.load(ShippedLayouts.directory + "/time-spinner.json")))
        #expect(state.session.hasRunningAnimations)
        // Written at 1000 s with the clock at 2 s; read at 1000.5 s at speed 1: 2.5 s.
        let act = FeedRecord(kind: .act, now: 2, commands: [], wall: 1000)
        Follow.apply(act, to: &state)
        Follow.catchUp(&state, after: act, at: 1000.5)
        #expect(state.session.now == 2.5)
        // At speed 2, read 0.25 s later: + 0.5 s.
        _ = try state.session.perform(.clock(.speed(2)))
        Follow.catchUp(&state, after: FeedRecord(kind: .act, wall: 2000), at: 2000.25)
        #expect(state.session.now == 3)
        // Paused, or a reader whose clock is behind the writer's: no change.
        _ = try state.session.perform(.clock(.pause))
        Follow.catchUp(&state, after: FeedRecord(kind: .act, wall: 3000), at: 3001)
        _ = try state.session.perform(.clock(.play))
        Follow.catchUp(&state, after: FeedRecord(kind: .act, wall: 4000), at: 3999)
        #expect(state.session.now == 3)
    }

    @Test func aFeedCannotTouchTheAttendeesFiles() throws {
        let dir = try TempDirectory()
        var state = ExplorerState(session: Session(scene: try SceneLoader.load(Self.popup)))
        let record = FeedRecord(
            kind: .act, now: 0,
            commands: [
                "save \(dir.path)/x.json", "export svg \(dir.path)/y.svg", "load \(dir.path)/z.json", "quit!", "select frameFirst"
            ])
        Follow.apply(record, to: &state)
        // Only the select ran (Reducer effects are not carried out here, and these do not
        // even reach the reducer): nothing was written.
        #expect(state.selectedName == "frameFirst")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        #expect(state.echo == "select frameFirst")
    }

    @Test func theClockTravelsAndABrokenLineIsSkipped() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        var lines = FeedRecord.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)).line
        lines += Array("{not a record\n".utf8)
        lines += FeedRecord(kind: .act, now: 1.25, commands: ["select button"]).line
        try Data(lines).write(to: URL(fileURLWithPath: feed))
        let (state, reader, records) = try Self.attend(feed)
        #expect(records.count == 2)
        #expect(reader.skipped == 1)
        #expect(state.session.now == 1.25)
        #expect(state.selectedName == "button")
        #expect(!reader.ended)  // a file never ends: the presenter may still write

        // The feed grows: the next read has only the new record. A half-written line waits.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: feed))
        handle.seekToEndOfFile()
        let next = FeedRecord(kind: .act, now: 2, commands: ["step 1"]).line
        handle.write(Data(next.prefix(10)))
        #expect(reader.read().isEmpty)
        handle.write(Data(next.dropFirst(10)))
        try handle.close()
        #expect(reader.read().map(\.commands) == [["step 1"]])
    }

    @Test func aPipeEndsWhenItCloses() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let reader = try FeedReader(descriptor: fds[0])
        let line = FeedRecord.bye.line
        _ = line.withUnsafeBufferPointer { write(fds[1], $0.baseAddress!, $0.count) }
        #expect(reader.read().map(\.kind) == [.bye])
        #expect(!reader.ended)
        close(fds[1])
        #expect(reader.read().isEmpty)
        #expect(reader.ended)
    }

    @Test func keysThatRunNoCommandTravelAsTheirViewOnly() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        // The view at start; `?` opens help and Esc closes it: the presenter's own overlay,
        // nothing is published while it is open; closing it leaves the status the help key
        // cleared: one act with no commands. `:` and typing publish nothing; Enter runs
        // `select frameFirst`: one act with it.
        _ = try Self.present(keys("?", "Esc", ":") + "select frameFirst".map { .key(.character($0)) } + keys("Enter"), feed: feed)
        let (_, _, records) = try Self.attend(feed)
        #expect(records.map(\.kind) == [.scene, .act, .act, .act, .bye])
        #expect(records[2].commands == [])
        #expect(records[3].commands == ["select frameFirst"])
    }
}
