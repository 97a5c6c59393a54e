@testable import Explorer
import ExplorerTestSupport
import Cells
import Geometry
import LayerModel
import Raster
import Testing
import CommandLanguage

/// The legend (`b`) explains the marks the canvas shows, from the one list of them
/// (`CanvasMark`): what the rasterizer is asked to draw decides what the legend lists.
@Suite struct LegendTests {
    static func legend(_ state: ExplorerState, mode: RenderMode = .braille) throws -> String {
        let row = try #require(state.layout.legendRow)
        return ExplorerScreen.render(state, options: ScreenOptions(mode: mode, unicode: mode != .ascii)).canvas.text(row: row)
    }

    /// The fixture at 120 × 40 with the legend on: canvas 71 columns (the panel beside it).
    static func state() -> ExplorerState {
        var state = Fixture.state()
        state.columns = 120; state.rows = 40
        state.press("b")
        return state
    }

    @Test("The selection's five marks, two blanks apart, each glyph in its colour")
    func selectionMarks() throws {
        let state = Self.state()
        let row = try #require(state.layout.legendRow)
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
        // " ⣿ selection  ┄ frame box  ⠒ ghost  ✛ position  ◉ anchor": entries of glyph, blank,
        // meaning and two blanks from column 1: 1 + 13 + 13 + 9 + 12 = column 48 for ◉.
        #expect(canvas.text(row: row).hasPrefix(" ⣿ selection  ┄ frame box  ⠒ ghost  ✛ position  ◉ anchor"))
        #expect(!canvas.text(row: row).contains("content axes"))
        #expect(!canvas.text(row: row).contains("model"))
        let anchor = OverlayContrast.pick(ScreenOptions(mode: .braille).palette.anchor, on: ScreenOptions(mode: .braille).palette.backdrop)
        #expect(canvas[48, row].style.foreground == .rgb(anchor.red, anchor.green, anchor.blue))
    }

    /// The fixture's card with a drawing (ContentPageTests), on the content page at operation 1:
    /// the canvas draws the axes marker.
    static func stepping() throws -> ExplorerState {
        var state = Self.state()
        for command in ["draw save", "draw translate 50 30", "draw rotate 90", "draw fill-rect -10 -5 20 10 red", "draw restore"] {
            _ = Reducer.perform(&state, try CommandParser.parse(command), echo: nil)
        }
        #expect(!(try Self.legend(state)).contains("content axes"))
        state.press("}")
        #expect(ContentPage.rasterStep(state)?.axes == true)
        return state
    }

    @Test("Stepping through a drawing adds the content axes marker (content.md), in the colour drawn")
    func contentAxes() throws {
        let state = try Self.stepping()
        let row = try #require(state.layout.legendRow)
        let options = ScreenOptions(mode: .braille)
        let canvas = ExplorerScreen.render(state, options: options).canvas
        let text = canvas.text(row: row)
        #expect(text.contains("◉ anchor ○ content axes"))
        // The ring is the 6th entry, one blank apart (see tighterSpacing): column
        // 1 + 12 + 12 + 8 + 11 + 9 = 53.
        #expect(canvas[53, row].code == 0x25CB)  // ○
        // In the colour ContentRaster draws the origin with, as the legend picks it on the backdrop.
        let ring = OverlayContrast.pick(CanvasMark.axesOrigin, on: options.palette.backdrop)
        #expect(canvas[53, row].style.foreground == .rgb(ring.red, ring.green, ring.blue))
    }

    @Test("The exploded view lists its own marks, not the flat canvas's")
    func exploded() throws {
        var state = Self.state()
        _ = Reducer.reduce(&state, .command(.engine(.depth(.explode(true)))))
        let text = try Self.legend(state)
        #expect(text.hasPrefix(" ⣿ selection  █ selected plane  ≠ drawn ≠ searched order"))
        #expect(!text.contains("frame box") && !text.contains("anchor"))
    }

    @Test("Cursor mode adds the cursor; no selection says there are no marks")
    func cursorAndNothing() throws {
        var state = Self.state()
        state.press("c")
        #expect(state.mode == .cursor)
        // The crosshair starts on the card (the selection), so a touch there hits it: the
        // outline and the frame box drawn are the hit layer's.
        // The crosshair starts at (200, 105), above the card (frame 150, 120, 100, 60) where
        // nothing is hit: the selection's marks, and the cursor.
        #expect(state.cursor == Point(200, 105))
        #expect(try Self.legend(state).hasPrefix(" ⣿ selection  ┄ frame box  ⠒ ghost  ✛ position  ◉ anchor  ┼ cursor"))
        // On the card's centre (200, 150) a touch hits the card: the outline and the frame box
        // drawn are the hit layer's, and the other marks are not drawn.
        state.cursor = Point(200, 150)
        #expect(try Self.legend(state).hasPrefix(" ⣿ hit at the cursor  ┄ frame box  ┼ cursor"))
        var none = Self.state()
        none.session.selection = nil
        #expect(try Self.legend(none).hasPrefix(" no marks: nothing is selected"))
    }

    @Test("When not every entry fits two blanks apart, they go one blank apart")
    func tighterSpacing() throws {
        var state = try Self.stepping()
        // Glyph, blank, meaning: selection 11, frame box 11, ghost 7, position 10, anchor 8,
        // content axes 14 = 61. Two blanks apart from column 1 they need 1 + 61 + 12 = 74
        // columns: more than the 71 beside the panel, so one blank apart (1 + 61 + 6 = 68).
        #expect(state.layout.canvas.columns == 71)
        #expect(try Self.legend(state).hasPrefix(" ⣿ selection ┄ frame box ⠒ ghost ✛ position ◉ anchor ○ content axes"))
        // At 80 columns the panel is hidden and the canvas is 80 wide: 74 fit, two blanks apart.
        state.columns = 80
        #expect(state.layout.canvas.columns == 80)
        #expect(try Self.legend(state).hasPrefix(" ⣿ selection  ┄ frame box  ⠒ ghost  ✛ position  ◉ anchor  ○ content axes"))
    }
}
