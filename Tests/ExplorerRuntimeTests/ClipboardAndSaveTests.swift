@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Cells
import Foundation
import Raster
import TerminalKit
import Testing
import LayoutFiles
import Export
import Engine
import SceneFiles

/// An in-memory terminal that also takes OSC 52 copies, recording what it was sent.
final class ClipboardTestTerminal: Terminal {
    let inner: InMemoryTerminal
    var copied: [String] = []
    init(_ inner: InMemoryTerminal) { self.inner = inner }
    var size: (columns: Int, rows: Int) { inner.size }
    var capabilities: Capabilities { inner.capabilities }
    func draw(_ canvas: Canvas, cursor: (column: Int, row: Int)?) throws { try inner.draw(canvas, cursor: cursor) }
    func nextEvent(timeoutMilliseconds: Int?) throws -> InputEvent? { try inner.nextEvent(timeoutMilliseconds: timeoutMilliseconds) }
    func shutdown() { inner.shutdown() }
    func copyToClipboard(_ text: String) throws { copied.append(text) }
}

@Suite struct ClipboardTests {
    @Test func eThenYCopiesTheSwiftAndDoesNotRotate() throws {
        let terminal = ClipboardTestTerminal(InMemoryTerminal(columns: 100, rows: 30, events: keys("e", "y")))
        let state = Fixture.state()
        let before = state.session.tree
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run(maxEvents: 2)  // the wrapper is not an InMemoryTerminal: stop after e, y
        let id = try #require(loop.state.session.selection)
        #expect(terminal.copied == [try SwiftExport.code(for: id, in: before)])
        #expect(loop.state.session.tree == before, "y copies here; it does not rotate about y")
        #expect(loop.state.status.contains("OSC 52"))
        #expect(loop.state.status.contains("may not support it"))
        #expect(!loop.state.statusIsError)
    }

    /// The copy is one more thing the terminal writes: the in-memory terminal's output holds
    /// exactly ESC ] 52 ; c ; base64(the Swift) BEL after e, y — the bytes a recording gets.
    @Test func theCopyIsWrittenThroughTheTerminal() throws {
        let terminal = InMemoryTerminal(columns: 100, rows: 30, events: keys("e", "y"), clipboard: true)
        let state = Fixture.state()
        let code = try SwiftExport.code(for: try #require(state.session.selection), in: state.session.tree)
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run()
        let text = String(decoding: terminal.written, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]52;c;") && text.hasSuffix("\u{07}"))
        // Foundation's own base64 decoder reads the payload back to the Swift.
        let payload = String(text.dropFirst(7).dropLast())
        let decoded = try #require(Data(base64Encoded: payload))
        #expect(String(decoding: decoded, as: UTF8.self) == code)
        #expect(loop.state.status.hasPrefix("sent"))
    }

    @Test func aTerminalThatCannotCopySaysSo() throws {
        let terminal = InMemoryTerminal(columns: 100, rows: 30, events: keys("e", "y"))
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(loop.state.statusIsError)
        #expect(loop.state.status.hasPrefix("this terminal cannot copy"))
    }
}

@Suite struct ExplorerSaveKeepsTheFileTests {
    /// Ctrl-S in the explorer goes through the preserving save: the comment and the script
    /// stay, and only the moved layer's x changes (60 → 61 after `l`, one point right).
    @Test func ctrlSKeepsCommentsAndScript() throws {
        let dir = try TempDirectory()
        let path = dir.path + "/card.yaml"
        let text = """
            # a card and a badge
            layers:
              - { name: card, bounds: [0, 0, 100, 50], position: [60, 40] }   # the card
              - { name: badge, bounds: [0, 0, 10, 10] }
            script:
              - "select badge; set position 5 5"

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path)
        var state = ExplorerState(session: Session(scene: scene, filePath: path))
        state.columns = 100; state.rows = 30
        let terminal = InMemoryTerminal(columns: 100, rows: 30, events: keys("l", "C-s"))
        let loop = RunLoop(state: state, terminal: terminal, options: ScreenOptions())
        try loop.run()
        #expect(!loop.state.session.isDirty, "\(loop.state.status)")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == text.replacingOccurrences(of: "position: [60, 40]", with: "position: [61, 40]"))
    }
}
