import Cells
import ExplorerTestSupport
import Engine
@testable import Explorer
import Geometry
import LayerModel
import Raster
import TerminalKit
import Testing

/// The exploded view in pixels: the cell exploded view's quads, in its viewport and its
/// colours, drawn pixel-exact; the cells keep only the plaques.
@Suite struct PixelExplodedTests {
    static var options: ScreenOptions {
        var o = ScreenOptions()
        o.pixels = true
        return o
    }

    static func rgb(_ c: Color) -> UInt32 { UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue) }

    static func exploded() -> ExplorerState {
        var state = Fixture.state()
        state.columns = 120; state.rows = 40
        _ = Reducer.reduce(&state, .command(.engine(.depth(.explode(true)))))
        return state
    }

    @Test func theSelectionsQuadIsOutlinedWhereTheCameraPutsIt() throws {
        let state = Self.exploded()
        let (image, area) = try #require(PixelCanvas.render(state, options: Self.options, cellWidth: 10, cellHeight: 20))
        #expect(area == state.layout.canvas && image.width == area.columns * 10 && image.height == area.rows * 20)
        let frame = DepthFrame(state)
        let selection = try #require(state.session.selection)
        let item = try #require(frame.items.first { $0.layer == selection })
        // Point (x, y) is cell ((x − ox) / ppc, (y − oy) / ppr), pixel × (10, 20).
        let v = frame.viewport
        func pixel(_ p: Point) -> (Int, Int) {
            (Int(((p.x - v.origin.x) / v.pointsPerColumn * 10).rounded(.down)), Int(((p.y - v.origin.y) / v.pointsPerRow * 20).rounded(.down)))
        }
        let q = item.quad
        let selectionColor = Self.rgb(Self.options.palette.selection)
        var onOutline = 0
        for (a, b) in [(q.p0, q.p1), (q.p1, q.p2), (q.p2, q.p3), (q.p3, q.p0)] {
            let (x, y) = pixel(Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2))
            if x >= 0, y >= 0, x < image.width, y < image.height, image[x, y] == selectionColor { onOutline += 1 }
        }
        #expect(onOutline == 4, "the selection's outline (4 pixels wide, its colour) passes through its edges' midpoints")
        // Far from every quad: the backdrop.
        #expect(image[0, 0] == Self.rgb(Self.options.palette.backdrop))
    }

    @Test func theCellsKeepOnlyThePlaques() {
        let state = Self.exploded()
        let pixels = ExplorerScreen.render(state, options: Self.options).canvas
        let cells = ExplorerScreen.render(state, options: ScreenOptions()).canvas
        let area = state.layout.canvas
        var text = "", braille = 0
        for row in area.row..<(area.row + area.rows) {
            for column in area.column..<(area.column + area.columns) {
                let glyph = cells[column, row].glyph.unicodeScalars.first!.value
                if (0x2800...0x28FF).contains(glyph) { braille += 1 }
                let kept = pixels[column, row]
                if kept != .blank { text.append(kept.glyph) }
                #expect(!(0x2800...0x28FF).contains(kept.glyph.unicodeScalars.first!.value))
            }
        }
        #expect(braille > 100, "the cell picture draws the outlines in braille")
        #expect(text.contains("card") && text.contains("back"), "the plaques stay: \(text)")
    }

    @Test func theKeptPictureFollowsTheCamera() throws {
        var state = Self.exploded()
        let frames = PixelFrames(graphics: .kitty, cellWidth: 10, cellHeight: 20)
        let first = frames.frame(state, options: Self.options, screen: ExplorerScreen.render(state, options: Self.options).canvas)
        #expect(String(decoding: first.bytes, as: UTF8.self).contains("a=T,f=100,i=2,"), "exploded, the canvas is an image too")
        for key in ["}", "{", "z"] {
            state.press(key)
            _ = frames.frame(state, options: Self.options, screen: ExplorerScreen.render(state, options: Self.options).canvas)
            let whole = try #require(PixelCanvas.render(state, options: Self.options, cellWidth: 10, cellHeight: 20))
            #expect(frames.renderer.image == whole.image, "after \(key): the kept picture is the whole painting's")
        }
    }
}
