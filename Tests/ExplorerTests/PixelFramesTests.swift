import Cells
import Explorer
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

    @Test func kittySendsAnImageOnlyWhenThePictureChanges() {
        var state = Fixture.state()
        let frames = PixelFrames(graphics: .kitty, cellWidth: 10, cellHeight: 20)
        let first = Self.frame(frames, state)
        // At the canvas's top-left (row 1, column 0 → CUP 2;1), image 2 placed, image 1 deleted.
        #expect(Self.text(first.bytes).hasPrefix("\u{1B}7\u{1B}[2;1H\u{1B}_Ga=T,f=100,i=2,"))
        #expect(Self.text(first.bytes).hasSuffix("\u{1B}8\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"))
        #expect(frames.imagesSent == 1)
        // The same state again, and a key that changes only text (the help line's echo): nothing.
        #expect(Self.frame(frames, state).isEmpty)
        state.status = "only the status line changed"
        #expect(Self.frame(frames, state).isEmpty)
        #expect(frames.imagesSent == 1)
        // Rotating the card changes the picture: image 1 this time, 2 deleted.
        state.press("r")
        let turned = Self.frame(frames, state)
        #expect(Self.text(turned.bytes).contains("a=T,f=100,i=1,"))
        #expect(Self.text(turned.bytes).hasSuffix("\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\"))
        #expect(frames.imagesSent == 2)
        // Help covers the canvas: the image goes (deleted by id), its cells are repainted.
        state.press("?")
        let help = Self.frame(frames, state)
        #expect(Self.text(help.bytes) == "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\")
        #expect(help.clear == state.layout.canvas)
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
        #expect(Self.text(terminal.images.last ?? []) == "\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\")
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
