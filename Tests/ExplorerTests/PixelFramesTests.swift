import Cells
import Explorer
import ExplorerTestSupport
@testable import ExplorerRuntime
import Graphics
import Raster
import TerminalKit
import Testing

/// Cheap frames (docs/picture.md, "Pixels"): an image only when the canvas picture changed,
/// kitty's ids swapped and the old one deleted, nothing left behind, names kept as text.
@Suite struct PixelFramesTests {
    static let options: ScreenOptions = {
        var o = ScreenOptions()
        o.pixels = true
        return o
    }()

    static func frame(_ frames: PixelFrames, _ state: ExplorerState) -> PixelFrames.Output {
        frames.frame(state, options: options, screen: ExplorerScreen.render(state, options: options).canvas)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func delete(_ id: Int) -> String { "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\" }

    @Test func kittySendsAnImageOnlyWhenThePictureChanges() {
        var state = Fixture.state()
        let frames = PixelFrames(graphics: .kitty, cellWidth: 10, cellHeight: 20)
        let first = Self.frame(frames, state)
        // At the canvas's top-left (row 1, column 0 → CUP 2;1), the full image as id 2 at
        // z −2; id 1 and both patch ids deleted.
        let full = Self.text(first.bytes)
        #expect(full.hasPrefix("\u{1B}7\u{1B}[2;1H\u{1B}_Ga=T,f=100,i=2,q=2,C=1,c=80,r=21,z=-2,"))
        #expect(full.hasSuffix("\u{1B}8" + Self.delete(1) + Self.delete(3) + Self.delete(4)))
        #expect(frames.imagesSent == 1)
        // The same state again, and a frame that changes only text: nothing.
        #expect(Self.frame(frames, state).isEmpty)
        state.status = "only the status line changed"
        #expect(Self.frame(frames, state).isEmpty)
        #expect(frames.imagesSent == 1)
        // Rotating the card changes part of the picture: a patch (id 3, z −1) over the
        // changed cells only — the card's box, not the whole canvas — and patch 4 deleted.
        state.press("r")
        let turned = Self.text(Self.frame(frames, state).bytes)
        #expect(turned.contains("\u{1B}_Ga=T,f=100,i=3,q=2,C=1,"))
        #expect(turned.contains(",z=-1,"))
        #expect(turned.hasSuffix(Self.delete(4)))
        #expect(!turned.contains("c=80,r=21"), "a patch, not the whole canvas")
        #expect(frames.imagesSent == 2)
        // Turning it back: the picture is the full image again, so the patch just goes.
        state.press("R")
        #expect(Self.text(Self.frame(frames, state).bytes) == Self.delete(3))
        // Help covers the canvas: the image goes (deleted by id), its cells are repainted.
        state.press("?")
        let help = Self.frame(frames, state)
        #expect(Self.text(help.bytes) == Self.delete(2) + Self.delete(3))
        #expect(help.clear == state.layout.canvas)
    }

    @Test func sixelSendsOnlyTheChangedCells() {
        var state = Fixture.state()
        let frames = PixelFrames(graphics: .sixel, cellWidth: 10, cellHeight: 20)
        _ = Self.frame(frames, state)
        state.press("r")
        let turned = Self.frame(frames, state)
        let patch = try! #require(turned.repaint)
        // Inside the canvas, and less than half of it.
        let canvas = state.layout.canvas
        #expect(patch.column >= canvas.column && patch.row >= canvas.row && patch.columns * patch.rows * 2 <= canvas.columns * canvas.rows)
        #expect(Self.text(turned.bytes).hasPrefix("\u{1B}7\u{1B}[\(patch.row + 1);\(patch.column + 1)H\u{1B}P0;1;0q\"1;1;\(patch.columns * 10);\(patch.rows * 20)"))
    }

    @Test func sixelRepaintsTheNamesOverItsImage() {
        let state = Fixture.state()
        let frames = PixelFrames(graphics: .sixel, cellWidth: 10, cellHeight: 20)
        let first = Self.frame(frames, state)
        #expect(Self.text(first.bytes).contains("\u{1B}P0;1;0q\"1;1;800;420"))
        #expect(first.repaint == state.layout.canvas)
        #expect(Self.frame(frames, state).isEmpty)
    }

    @Test func theCellsUnderThePixelsKeepOnlyTheNames() {
        let state = Fixture.state()
        let canvas = ExplorerScreen.render(state, options: Self.options).canvas
        let cells = ExplorerScreen.render(state, options: ScreenOptions()).canvas
        let area = state.layout.canvas
        var names = "", drawn = 0
        for row in area.row..<(area.row + area.rows) {
            for column in area.column..<(area.column + area.columns) where canvas[column, row] != .blank {
                drawn += 1
                // Every cell left is exactly the cell canvas's there (a name's letter).
                #expect(canvas[column, row] == cells[column, row])
                names.append(canvas[column, row].glyph)
            }
        }
        #expect(names.contains("card") && names.contains("back"))
        // Braille outlines and fills are gone: far fewer cells than the cell canvas draws.
        #expect(drawn < 40)
    }

    @Test func cellsModeSendsNothing() {
        let frames = PixelFrames(graphics: .cells, cellWidth: 10, cellHeight: 20)
        #expect(Self.frame(frames, Fixture.state()).isEmpty)
    }

    @Test func theRunLoopWritesTheImageAfterTheCellsAndDeletesItOnQuit() throws {
        let terminal = RecordingTerminal(columns: 80, rows: 24, events: [.key(.character("q"))])
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        loop.useGraphics(PixelFrames(graphics: .kitty, cellWidth: 10, cellHeight: 20))
        try loop.run()
        #expect(terminal.images.count == 2)
        #expect(Self.text(terminal.images.first ?? []).contains("a=T,f=100,i=2,"))
        #expect(Self.text(terminal.images.last ?? []) == Self.delete(2) + Self.delete(4))
    }

    @Test func aResizeSendsTheWholeImageAgain() throws {
        // The terminal clears the screen on a resize (kitty deletes the images with it): even
        // at the same size the next frame is a full image, under the other id.
        let terminal = RecordingTerminal(columns: 80, rows: 24, events: [.resize(columns: 80, rows: 24), .key(.character("q"))])
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        loop.useGraphics(PixelFrames(graphics: .kitty, cellWidth: 10, cellHeight: 20))
        try loop.run()
        let sent = terminal.images.map(Self.text)
        #expect(sent.count == 3)
        #expect(sent.first?.contains("a=T,f=100,i=2,") == true)
        #expect(sent.dropFirst().first?.contains("a=T,f=100,i=1,") == true)
    }
}

/// An in-memory terminal that keeps the image bytes it is given.
final class RecordingTerminal: GraphicsTerminal {
    let inner: InMemoryTerminal
    var images: [[UInt8]] = []
    init(columns: Int, rows: Int, events: [InputEvent]) { inner = InMemoryTerminal(columns: columns, rows: rows, events: events) }
    var size: (columns: Int, rows: Int) { inner.size }
    var capabilities: Capabilities { inner.capabilities }
    var inputHasEnded: Bool { inner.inputHasEnded }
    func draw(_ canvas: Canvas, cursor: (column: Int, row: Int)?) throws { try inner.draw(canvas, cursor: cursor) }
    func nextEvent(timeoutMilliseconds: Int?) throws -> InputEvent? { try inner.nextEvent(timeoutMilliseconds: timeoutMilliseconds) }
    func shutdown() { inner.shutdown() }
    func writeImage(_ bytes: [UInt8], repaint: CellRect?, clear: CellRect?) throws { images.append(bytes) }
}
