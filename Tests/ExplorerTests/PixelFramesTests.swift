import Cells
import Foundation
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
        #expect(
            Self.text(turned.bytes).hasPrefix("\u{1B}7\u{1B}[\(patch.row + 1);\(patch.column + 1)H\u{1B}P0;1;0q\"1;1;\(patch.columns * 10);\(patch.rows * 20)"))
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

    /// kitty's placeholders (inside tmux): the canvas's blank cells become placeholder
    /// cells naming their row and column, in the ink's colour; names stay text; the image
    /// goes through tmux's passthrough with a virtual placement, once per picture.
    @Test func placeholdersAreCellsAndTheImageGoesThroughPassthrough() throws {
        var state = Fixture.state()
        let ink = KittyPlaceholder.Ink(index: 110, truecolorReachesTerminal: false)
        let frames = PixelFrames(graphics: .kittyPlaceholders, cellWidth: 10, cellHeight: 20, ink: ink)
        let screen = ExplorerScreen.render(state, options: Self.options).canvas
        let cells = frames.cells(state, screen: screen)
        let canvas = state.layout.canvas
        var placeholders = 0, kept = 0
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns {
                let before = screen[canvas.column + column, canvas.row + row], after = cells[canvas.column + column, canvas.row + row]
                if before == .blank {
                    // The cell names itself: its row and column in the image.
                    let named = try #require(KittyPlaceholder.decode(String(after.glyph)))
                    #expect(named.row == row && named.column == column)
                    #expect(after.style.foreground == .rgb(135, 175, 215))
                    placeholders += 1
                } else {
                    #expect(after == before, "a name stays text")
                    kept += 1
                }
            }
        }
        #expect(placeholders > 0 && kept > 0)
        #expect(placeholders + kept == 80 * 21)
        // Outside the canvas nothing changed.
        #expect((0..<80).allSatisfy { cells[$0, 0] == screen[$0, 0] })

        // The image: passthroughs only, inside them a=T,U=1 for id 110 over 80 × 21 cells,
        // the picture the renderer holds.
        let first = frames.frame(state, options: Self.options, screen: cells)
        let inner = try #require(TmuxPassthrough.unwrap(first.bytes))
        #expect(Self.text(inner).hasPrefix("\u{1B}_Ga=T,U=1,f=100,i=110,c=80,r=21,q=2,m=1;"))
        #expect(first.repaint == nil && first.clear == nil)
        // Nothing again for the same picture, nor for a change of text only.
        #expect(frames.frame(state, options: Self.options, screen: cells).isEmpty)
        state.status = "only the status line changed"
        #expect(frames.frame(state, options: Self.options, screen: cells).isEmpty)
        // A turn changes part of the picture: a patch, image 111 (the next cube colour),
        // over the changed cells only, and those cells now name it, counted from the patch's
        // corner; the rest still name 110.
        state.press("r")
        let turnedScreen = ExplorerScreen.render(state, options: Self.options).canvas
        let turned = frames.frame(state, options: Self.options, screen: turnedScreen)
        let patchCommand = Self.text(try #require(TmuxPassthrough.unwrap(turned.bytes)))
        #expect(patchCommand.hasPrefix("\u{1B}_Ga=T,U=1,f=100,i=111,c="))
        #expect(!patchCommand.contains("c=80,r=21"), "a patch, not the whole canvas")
        #expect(frames.imagesSent == 2)
        let turnedCells = frames.cells(state, screen: turnedScreen)
        var named: [UInt32: Int] = [:]
        var corner: (column: Int, row: Int)?
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns {
                let cell = turnedCells[canvas.column + column, canvas.row + row]
                guard let at = KittyPlaceholder.decode(String(cell.glyph)) else { continue }
                let id: UInt32 = cell.style.foreground == .rgb(135, 175, 215) ? 110 : cell.style.foreground == .rgb(135, 175, 255) ? 111 : 0
                named[id, default: 0] += 1
                if id == 110 { #expect(at.row == row && at.column == column) }
                if id == 111, at.row == 0, at.column == 0 { corner = (column, row) }
            }
        }
        // Cube index 111 is 110's blue level one up: (135, 175, 255).
        #expect(named[0] == nil && (named[111] ?? 0) > 0 && (named[110] ?? 0) > (named[111] ?? 0))
        #expect(corner != nil, "the patch's corner cell names row 0, column 0 of image 111")
        // Turning back: the picture is the full image again, so the patch just goes.
        state.press("R")
        let back = frames.frame(state, options: Self.options, screen: ExplorerScreen.render(state, options: Self.options).canvas)
        #expect(back.bytes.isEmpty && back.afterCells == TmuxPassthrough.wrap(Kitty.delete(id: 111)), "deleted after the cells stop naming it")
        // A second patch goes under the other patch id (112), the first deleted after the cells.
        state.press("r")
        let again = frames.frame(state, options: Self.options, screen: ExplorerScreen.render(state, options: Self.options).canvas)
        #expect(Self.text(try #require(TmuxPassthrough.unwrap(again.bytes))).hasPrefix("\u{1B}_Ga=T,U=1,f=100,i=112,c="))
        #expect(again.afterCells.isEmpty, "no patch was on screen")
        state.press("r")
        let third = frames.frame(state, options: Self.options, screen: ExplorerScreen.render(state, options: Self.options).canvas)
        #expect(Self.text(try #require(TmuxPassthrough.unwrap(third.bytes))).hasPrefix("\u{1B}_Ga=T,U=1,f=100,i=111,c="))
        #expect(third.afterCells == TmuxPassthrough.wrap(Kitty.delete(id: 112)))
        state.press("R"); state.press("R")
        _ = frames.frame(state, options: Self.options, screen: ExplorerScreen.render(state, options: Self.options).canvas)
        let backCells = frames.cells(state, screen: ExplorerScreen.render(state, options: Self.options).canvas)
        #expect(
            !(0..<canvas.rows).contains { row in
                (0..<canvas.columns).contains { backCells[canvas.column + $0, canvas.row + row].style.foreground == .rgb(135, 175, 255) }
            }, "no cell names the patch any more")
        // Help: no placeholders (the box is drawn as cells), and the image deleted by id.
        state.press("?")
        let helpScreen = ExplorerScreen.render(state, options: Self.options).canvas
        #expect(frames.cells(state, screen: helpScreen) == helpScreen)
        let help = frames.frame(state, options: Self.options, screen: helpScreen)
        #expect(help.bytes == TmuxPassthrough.wrap(Kitty.delete(id: 110)) && help.clear == nil)
    }

    /// A resize to a new canvas size deletes the old image by id before sending the new;
    /// quitting deletes it.
    @Test func placeholdersDeleteByIdOnResizeAndQuit() throws {
        let terminal = RecordingTerminal(columns: 80, rows: 24, events: [.resize(columns: 100, rows: 30), .key(.character("q"))])
        let loop = RunLoop(state: Fixture.state(), terminal: terminal, options: ScreenOptions())
        let (frames, refusal) = loop.pixelFrames(.kittyPlaceholders, cell: (10, 20), tmux: nil)
        #expect(refusal == nil)
        loop.useGraphics(try #require(frames))
        try loop.run()
        let sent = try terminal.images.map { Self.text(try #require(TmuxPassthrough.unwrap($0))) }
        #expect(sent.count == 4)
        // The id is the ink's: a truecolor frame (the in-memory terminal's depth), but tmux
        // not known to pass RGB on, so the 256-colour index, under the top byte this process
        // picks (`Ink.forProcess`).
        let id = try #require(frames?.ink.id)
        #expect(frames?.ink == KittyPlaceholder.Ink.forProcess(seed: Int(getpid()), truecolorReachesTerminal: false))
        #expect((16...231).contains(id & 0xFF_FFFF))
        #expect(sent[0].hasPrefix("\u{1B}_Ga=T,U=1,f=100,i=\(id),c=80,r=21,"), "\(sent[0].prefix(80))")
        // After the first frame's cells: both patch ids deleted (leftovers of an earlier run).
        let patchIDs = try [#require(frames?.ink.next.id), #require(frames?.ink.next.next.id)]
        #expect(sent[1] == Self.delete(Int(patchIDs[0])) + Self.delete(Int(patchIDs[1])))
        // At 100 × 30 the canvas is 51 × 27 cells (the panel takes the rest).
        let canvas = loop.state.layout.canvas
        #expect(canvas.columns == 51 && canvas.rows == 27)
        #expect(sent[2].hasPrefix(Self.delete(Int(id)) + "\u{1B}_Ga=T,U=1,f=100,i=\(id),c=51,r=27,"), "\(sent[2].prefix(80))")
        #expect(sent[3] == Self.delete(Int(id)))
        // The frames drawn had placeholder cells in the ink's colour.
        let shown = try #require(terminal.inner.lastFrame)
        #expect((0..<canvas.columns).contains { KittyPlaceholder.decode(String(shown[canvas.column + $0, canvas.row + 3].glyph)) != nil })
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
