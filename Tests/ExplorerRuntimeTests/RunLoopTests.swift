@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Scenes
import Cells
import Foundation
import Geometry
import Raster
import TerminalKit
import TestSupport
import Testing
import LayoutFiles
import Engine
import SceneFiles

/// The fixture saved as a real layout file, and an explorer state loaded from it.
func savedFixture(in dir: TempDirectory, name: String = "scene.json") throws -> (path: String, state: ExplorerState) {
    let path = dir.file(name)
    try SceneLoader.save(Fixture.scene(), to: path)
    let scene = try SceneLoader.load(path)
    return (path, ExplorerState(session: Session(scene: scene, filePath: path)))
}

func rowText(_ canvas: Canvas?, _ row: Int) -> String {
    canvas.map { $0.text(row: row) } ?? "(no frame)"
}

/// Rows' text joined with spaces, runs of spaces collapsed: a wrapped message as it reads.
func wrappedText(_ canvas: Canvas?, _ rows: ClosedRange<Int>) -> String {
    rows.map { rowText(canvas, $0) }.joined(separator: " ").split(separator: " ").joined(separator: " ")
}

@Suite struct RunLoopDrawingTests {
    @Test func drawsOnceAtStartAndOnceAfterEveryEvent() throws {
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("r", "l"), keepsAllFrames: true)
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions(mode: .braille))
        try loop.run()
        #expect(terminal.drawCount == 3)
        #expect(terminal.frames.count == 3)
        #expect(terminal.pendingEvents.isEmpty)
        // Title: file (none: "(tour)"), dirty flag after the first edit, scene title, mode.
        #expect(rowText(terminal.frames[0], 0).hasPrefix(" LayerScope · (tour) · fixture "))
        #expect(rowText(terminal.frames[1], 0).hasPrefix(" LayerScope · (tour) [+] · fixture "))
        #expect(rowText(terminal.lastFrame, 0).hasSuffix(" NORMAL "))
        // Status row 22: the edit's frame on the left, the selection and hit-test order on the right.
        #expect(rowText(terminal.lastFrame, 22).hasPrefix(" frame (144.939, 108.081, 112.122, 83.837) "))
        #expect(rowText(terminal.lastFrame, 22).hasSuffix(" card "))  // below 96 columns: the compact inspector, the name
        // Echo row 23.
        #expect(rowText(terminal.lastFrame, 23).hasPrefix("key: l → move 1 0 "))
        #expect(rowText(terminal.lastFrame, 23).hasSuffix("? help  : command  q quit"))
        #expect(terminal.lastCursor == nil)
    }

    @Test func theFrameIsTheRenderOfTheState() throws {
        let terminal = InMemoryTerminal(columns: 100, rows: 30, events: keys("Tab", "a", "Right"))
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions(mode: .braille))
        try loop.run()
        #expect(loop.state.columns == 100 && loop.state.rows == 30)
        #expect(terminal.lastFrame == ExplorerScreen.render(loop.state, options: ScreenOptions(mode: .braille)).canvas)
        #expect(rowText(terminal.lastFrame, 0).hasSuffix(" ANCHOR core-animation "))
    }

    @Test func aReturnFromSuspensionRedraws() throws {
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: [.resumed])
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(terminal.drawCount == 2)
        #expect(loop.state.session == Fixture.state().session)
    }

    @Test func maxEventsStopsEarly() throws {
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("l", "l", "l"))
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run(maxEvents: 2)
        #expect(loop.state.layer("card").position == Point(202, 150))
        #expect(terminal.pendingEvents.count == 1)
    }

    @Test func quitStopsTheLoopAndLeavesLaterEventsUnread() throws {
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("q", "r"))
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(terminal.drawCount == 1)
        #expect(terminal.pendingEvents == keys("r"))
        #expect(loop.state.session.scene == Fixture.scene())
    }

    @Test func qWithEditsShowsTheQuestionAndCtrlCCancelsIt() throws {
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("l", "q"))
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions(mode: .braille))
        try loop.run()
        #expect(loop.state.mode == .confirmQuit)
        let frame = try #require(terminal.lastFrame)
        let text = (0..<frame.rows).map { frame.text(row: $0) }.joined(separator: "\n")
        #expect(text.contains(" Unsaved edits "))
        #expect(text.contains("n  quit without saving"))
        // Ctrl-C cancels the question; the loop goes on (l moves again) until q, n.
        terminal.enqueue(contentsOf: keys("C-c", "l", "q", "n", "l"))
        try loop.run()
        #expect(terminal.pendingEvents == keys("l"))
    }

    @Test func theCommandLineShowsTextAndCaret() throws {
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys(":", "m", "o"))
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(rowText(terminal.lastFrame, 23).hasPrefix(":mo "))
        #expect(terminal.lastCursor?.column == 3)
        #expect(terminal.lastCursor?.row == 23)
    }

    @Test func resizeRelaysOutAndShowsThePanelWhenWide() throws {
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: [.resize(columns: 120, rows: 40)])
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(loop.state.columns == 120 && loop.state.rows == 40)
        let frame = try #require(terminal.lastFrame)
        #expect(frame.columns == 120 && frame.rows == 40)
        // Panel: 48 columns at 72…119, separator at 71.
        #expect(frame[71, 1].glyph == "│")
        #expect(frame.text(row: 1).hasSuffix("│Layers · 3" + String(repeating: " ", count: 38)))
    }

    /// The fixture at 80 × 24: 5 points per column, 10 per row, canvas from terminal row 1.
    /// back's frame (35, 35, 50, 50) covers columns 7…16 and canvas rows 3…8; the cell
    /// at column 12, terminal row 7 samples (62.5, 65) — inside back.
    @Test func aClickSelectsTheLayerUnderIt() throws {
        let click = InputEvent.mouse(MouseEvent(.press, button: .left, column: 12, row: 7))
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: [click])
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(loop.state.selectedName == "back")
        #expect(loop.state.cursor == Point(62.5, 65))
        #expect(loop.state.echo == "click → select back")
    }

    @Test func wheelZoomsAboutThePointerAndDragPans() throws {
        // Cell (20, 5) of the canvas (terminal row 6) samples (102.5, 55).
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: [.mouse(MouseEvent(.wheelUp, column: 20, row: 6))])
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(loop.state.view.zoom == 1.25)
        let (c, r) = loop.state.viewport.cellCoordinates(of: Point(102.5, 55))
        expectApproximatelyEqual(c, 20.5)
        expectApproximatelyEqual(r, 5.5)
        terminal.enqueue(
            .mouse(MouseEvent(.press, button: .left, column: 30, row: 10)),
            .mouse(MouseEvent(.drag, button: .left, column: 33, row: 8)),
            .mouse(MouseEvent(.release, button: .left, column: 33, row: 8)))
        let before = loop.state.view
        try loop.run()
        // Content follows the pointer: 3 columns right, 2 rows up.
        #expect(loop.state.view.panColumns == before.panColumns - 3)
        #expect(loop.state.view.panRows == before.panRows + 2)
    }
}

@Suite struct RunLoopSaveTests {
    @Test func ctrlSSavesToTheFileAndItLoadsBackTheSame() throws {
        let dir = try TempDirectory()
        let (path, state) = try savedFixture(in: dir)
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("r", "Tab", "Tab", "l", "C-s"))
        let loop = RunLoop(state: state, terminal: terminal, io: .files, options: ScreenOptions())
        try loop.run()
        #expect(!loop.state.session.isDirty)
        #expect(loop.state.status == "saved \(path)")
        #expect(!loop.state.statusIsError)
        #expect(!rowText(terminal.lastFrame, 0).contains("[+]"))
        let onDisk = try SceneLoader.load(path)
        #expect(onDisk.tree == loop.state.session.tree)
        #expect(onDisk.tree != Fixture.scene().tree)
        #expect(onDisk.tree[try #require(onDisk.tree.id(named: "back"))].position == Point(61, 60))
    }

    @Test func colonWWithANameSavesThereAndMakesItTheFile() throws {
        let dir = try TempDirectory()
        let (path, state) = try savedFixture(in: dir)
        let other = dir.file("copy.yaml")
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("s"))
        terminal.type(":w " + other)
        terminal.enqueue(contentsOf: keys("Enter"))
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(loop.state.session.filePath == other)
        #expect(loop.state.status == "saved \(other)")
        // The idle poll at the end of the run did not reload the file just written (that
        // would have cleared the undo history).
        #expect(loop.state.session.undoStack.count == 1)
        #expect(try loop.checkFile() == false)
        #expect(try SceneLoader.load(other).tree == loop.state.session.tree)
        // The original file is untouched.
        #expect(try SceneLoader.load(path).tree == Fixture.scene().tree)
    }

    /// A path whose parent is a regular file cannot be written.
    @Test func aFailedSaveKeepsTheEditsDirtyAndShowsTheError() throws {
        let dir = try TempDirectory()
        try dir.write("not a directory\n", to: "plain", secondsAhead: 0)
        let bad = dir.file("plain") + "/scene.json"
        let terminal = InMemoryTerminal(columns: 100, rows: 30, events: keys("r"))
        terminal.type(":w " + bad)
        terminal.enqueue(contentsOf: keys("Enter"))
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(loop.state.session.isDirty)
        #expect(loop.state.session.filePath == nil)
        #expect(loop.state.statusIsError)
        #expect(loop.state.status.hasPrefix("save failed: "))
        #expect(loop.state.status.hasSuffix(" — nothing was lost"))
        // Wider than the row: wrapped whole onto the rows above the status line (issue 23).
        #expect(wrappedText(terminal.lastFrame, 26...28).hasSuffix(loop.state.status.split(separator: " ").joined(separator: " ")))
        #expect(!FileManager.default.fileExists(atPath: bad))
    }

    @Test func qThenYSavesAndQuits() throws {
        let dir = try TempDirectory()
        let (path, state) = try savedFixture(in: dir)
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("]", "q", "y", "l"))
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(terminal.pendingEvents == keys("l"))  // quit after the save
        let card = try SceneLoader.load(path).tree.id(named: "card")
        #expect(try SceneLoader.load(path).tree[try #require(card)].zPosition == 1)
    }

    @Test func qThenYWithAFailingSaveStays() throws {
        let dir = try TempDirectory()
        try dir.write("x\n", to: "plain", secondsAhead: 0)
        var state = Fixture.state()
        state.session.filePath = dir.file("plain") + "/scene.json"
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("]", "q", "y", "l"))
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(terminal.pendingEvents.isEmpty)
        #expect(terminal.drawCount == 5)
        #expect(loop.state.mode == .normal)
        #expect(loop.state.session.isDirty)
        #expect(loop.state.layer("card").position == Point(201, 150))
    }
}

@Suite struct RunLoopReloadTests {
    /// The fixture with `back` moved to (70, 65), written over the file.
    static func movedBack() throws -> Scene {
        var scene = Fixture.scene()
        let id = try #require(scene.tree.id(named: "back"))
        scene.tree[id].position = Point(70, 65)
        return scene
    }

    @Test func aChangedFileIsReloadedAndTheSelectionKeptByName() throws {
        let dir = try TempDirectory()
        let (path, state) = try savedFixture(in: dir)
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("Tab"))
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(loop.state.selectedName == "badge")
        #expect(try loop.checkFile() == false)  // nothing changed yet

        // An editor saves the file with a new layer first, so every layer's id moves.
        let oldBadge = try #require(loop.state.session.selection)
        try dir.write(
            """
            { "title": "fixture", "screen": { "width": 400, "height": 210 }, "layers": [
              { "name": "first", "bounds": [0, 0, 10, 10], "position": [5, 5] },
              { "name": "card", "bounds": [0, 0, 100, 60], "position": [200, 150], "sublayers": [
                { "name": "badge", "bounds": [0, 0, 20, 20], "position": [10, 10] } ] },
              { "name": "back", "bounds": [0, 0, 50, 50], "position": [70, 65] } ] }

            """, to: "scene.json", secondsAhead: 5)

        #expect(try loop.checkFile() == true)
        #expect(loop.state.session.tree == (try SceneLoader.load(path)).tree)
        #expect(loop.state.session.tree.count == 4)
        #expect(loop.state.session.selection != oldBadge)
        #expect(loop.state.layer("back").position == Point(70, 65))
        #expect(loop.state.selectedName == "badge")
        #expect(loop.state.status == "loaded \(path) — fixture")
        #expect(!loop.state.session.isDirty)
        #expect(loop.state.fileError == nil)
        #expect(try loop.checkFile() == false)  // only once per change
    }

    @Test func theRunLoopPollsTheFileWhenIdle() throws {
        let dir = try TempDirectory()
        let (path, state) = try savedFixture(in: dir)
        let terminal = InMemoryTerminal(columns: 80, rows: 24)
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try SceneLoader.save(try Self.movedBack(), to: path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: path)
        try loop.run()
        // First draw, then the idle check found the change and drew again.
        #expect(terminal.drawCount == 2)
        #expect(loop.state.layer("back").position == Point(70, 65))
        // The temporary path makes it wider than the row: wrapped whole (issue 23).
        #expect(wrappedText(terminal.lastFrame, 20...22).hasSuffix("loaded \(path) — fixture"))
        #expect(loop.state.status == "loaded \(path) — fixture")
    }

    @Test func anUnchangedFileCausesNoReloadAndNoRedraw() throws {
        let dir = try TempDirectory()
        let (_, state) = try savedFixture(in: dir)
        let terminal = InMemoryTerminal(columns: 80, rows: 24)
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run()
        try loop.run()
        #expect(terminal.drawCount == 2)  // one per run: the first frame only
        #expect(loop.state.status == "press ? for the keys")  // the opening hint: nothing reloaded
    }

    @Test func aBrokenFileKeepsTheLastGoodSceneAndShowsTheError() throws {
        let dir = try TempDirectory()
        let (path, state) = try savedFixture(in: dir)
        let loop = RunLoop(state: state, terminal: InMemoryTerminal(columns: 100, rows: 30), options: ScreenOptions())
        try loop.run()
        let good = loop.state.session

        try dir.write("{ \"layers\": [ { \"name\": \"oops\", \"bounds\": [0, 0] } ] }\n", to: "scene.json", secondsAhead: 5)
        #expect(try loop.checkFile() == true)
        #expect(loop.state.session == good)
        let error = try #require(loop.state.fileError)
        #expect(error.contains("scene.json"))
        #expect(loop.state.statusIsError)
        #expect(loop.state.status == "kept the last good scene: " + error)
        // The panel keeps saying so after the status line moves on.
        let screen = ExplorerScreen.render(loop.state, options: ScreenOptions()).canvas
        #expect(screen.text.contains("the file on disk does not load"))
        #expect(try loop.checkFile() == false)  // reported once, not on every poll

        // Fixed again: reloads.
        try SceneLoader.save(try Self.movedBack(), to: path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: path)
        #expect(try loop.checkFile() == true)
        #expect(loop.state.fileError == nil)
        #expect(loop.state.layer("back").position == Point(70, 65))
    }

    @Test func theExplorersOwnSaveIsNotReloaded() throws {
        let dir = try TempDirectory()
        let (_, state) = try savedFixture(in: dir)
        let terminal = InMemoryTerminal(columns: 80, rows: 24, events: keys("r", "C-s"))
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(try loop.checkFile() == false)
        // Undo history survives (a reload would have cleared it).
        #expect(loop.state.session.undoStack.count == 1)
    }

    @Test func aDeletedFileIsWaitedForThenReloaded() throws {
        let dir = try TempDirectory()
        let (path, state) = try savedFixture(in: dir)
        let loop = RunLoop(state: state, terminal: InMemoryTerminal(columns: 80, rows: 24), options: ScreenOptions())
        try FileManager.default.removeItem(atPath: path)
        // Reported (redraw: the title says so until resolved), not an error, nothing loaded.
        #expect(try loop.checkFile() == true)
        #expect(loop.state.fileError == nil)
        #expect(loop.state.diskNotice == "file deleted — :w writes it again")
        #expect(try loop.checkFile() == false)
        try SceneLoader.save(try Self.movedBack(), to: path)
        #expect(try loop.checkFile() == true)
        #expect(loop.state.layer("back").position == Point(70, 65))
        #expect(loop.state.diskNotice == nil)
    }

    @Test func fileChangedWithoutAFileDoesNothing() {
        var state = Fixture.state()
        #expect(Reducer.reduce(&state, .fileChanged) == .none)
        var fromFile = Fixture.state(filePath: "/tmp/x.json")
        #expect(Reducer.reduce(&fromFile, .fileChanged) == .load(path: "/tmp/x.json"))
    }
}

/// The runtime lists a directory for the `:` line's Tab (the core reads no file system).
@Suite struct DirectoryListingEffectTests {
    @Test func listsEntriesDirectoriesWithASlashHiddenOnesLeftOut() throws {
        let dir = try TempDirectory()
        try "{}".write(toFile: dir.file("a.json"), atomically: false, encoding: .utf8)
        try "x".write(toFile: dir.file(".hidden"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: false)
        let result = EffectPerformer.perform(.listDirectory(dir.path + "/"), scene: Scene(), io: .files, copy: { _ in .copied("") })
        guard case let .directoryListed(directory, entries)? = result else { Issue.record("no listing: \(String(describing: result))"); return }
        #expect(directory == dir.path + "/")
        #expect(entries.sorted() == ["a.json", "sub/"])
        // A directory that is not there lists nothing (and Tab completes nothing).
        let missing = EffectPerformer.perform(.listDirectory(dir.file("nope") + "/"), scene: Scene(), io: .files, copy: { _ in .copied("") })
        #expect(missing == .directoryListed(dir.file("nope") + "/", entries: []))
    }
}
