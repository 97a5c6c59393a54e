@testable import Explorer
import Cells
import Foundation
import Geometry
import Raster
import TestSupport
import Testing
import CommandLanguage

/// "Seeing why": one golden per explanation, on the scene that teaches it, 110 × 34.
@Suite struct WhyGoldenTests {
    /// Opens `Layouts/<file>` and runs `script` through the reducer, as `render --script` does.
    static func state(_ file: String, _ script: String) throws -> ExplorerState {
        var state = try LayoutGoldenTests.state(file, columns: 110, rows: 34)
        for line in script.split(separator: "\n") {
            for c in try CommandParser.parseLine(String(line)) { _ = Reducer.reduce(&state, .command(c)) }
        }
        #expect(!state.statusIsError, "\(state.status)")
        return state
    }

    static func render(_ state: ExplorerState) -> Canvas {
        ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
    }

    @Test func frameFormulaAfterAnAnchorJump() throws {
        // jumping: 120×80 rotated 20°, anchor (0,0) at position (100,100). Moving the anchor
        // to (0.5, 0.5) keeps position, so the frame jumps by −(R·(60, 40)) = −(42.701, 58.109).
        // The scene's two steps give both cards anchorPoint (0, 0); then the anchor moves back.
        let state = try Self.state("anchor-jump.yaml", "step 2\nselect jumping\nanchor 0.5 0.5\npanel formula")
        let edit = try #require(state.session.lastEdit)
        let c = cos(20 * Double.pi / 180), s = sin(20 * Double.pi / 180)
        let dx = edit.frameAfter.origin.x - edit.frameBefore.origin.x
        let dy = edit.frameAfter.origin.y - edit.frameBefore.origin.y
        #expect(abs(dx - -(60 * c - 40 * s)) < 1e-9)  // −42.701
        #expect(abs(dy - -(60 * s + 40 * c)) < 1e-9)  // −58.109
        let canvas = Self.render(state)
        let text = canvas.text
        #expect(text.contains(" frame moved by (-42.701, -58.109) ") && text.contains(" position moved by (0, 0) "))
        #expect(text.contains("4 + position (100, 100)"))
        expectGolden(canvas)
    }

    @Test func keepFrameMovesPositionInstead() throws {
        let state = try Self.state("anchor-jump.yaml", "step 2\nselect staying\nanchor 0.5 0.5 keep-frame\npanel formula")
        let canvas = Self.render(state)
        let text = canvas.text
        #expect(text.contains(" frame moved by (0, 0) ") && text.contains(" position moved by (42.701, 58.109) "))
        expectGolden(canvas)
    }

    @Test func naiveConversionGapUnderTheCursor() throws {
        // card: bounds (20, 10, 160, 100), scale 1.5 then rotate 30°, centre (180, 150). The
        // cursor on the centre is local (100, 60); CGPointApplyAffineTransform of that point
        // ignores the anchor and centre: (100, 60)·(1.5·R30) = (84.9, 152.9), not (180, 150).
        let state = try Self.state("effective-transform.json", "select card\ncursor-at 180 150\npanel formula")
        let canvas = Self.render(state)
        let text = canvas.text
        #expect(text.contains("cursor in card: (100, 60)"))
        #expect(text.contains("(84.904, 152.942)"))
        #expect(text.contains("(180, 150)"))
        expectGolden(canvas)
    }

    @Test func hitTestExplanationAndUntouchableCells() throws {
        // (250, 80) is in the badge's outer half: drawn, but outside card's bounds.
        let state = try Self.state("untouchable.json", "panel hit-test\ncursor-at 250 80")
        let canvas = Self.render(state)
        let text = canvas.text
        #expect(text.contains("→ window"))
        #expect(text.contains("CALayer rules would hit badge"))
        #expect(text.contains("card       outside bounds"))
        expectGolden(canvas)
    }

    @Test func convertRectShowsTheInflatedBox() throws {
        // shape (100×30, centre (80, 80)) is turned 45° inside view: in view's space its box is
        // 130·cos 45° = 91.924 on a side — the dashed box drawn (turned with view) around the
        // true quad (solid) shows the inflation.
        let state = try Self.state("nested-rotation.json", "convert rect 0 0 100 30 from shape to view")
        #expect(state.status.hasSuffix("{\"rect\":[34.0380592229,34.0380592229,91.9238815543,91.9238815543]}"))
        expectGolden(Self.render(state))
    }

    @Test func scrollOffsetArrow() throws {
        let state = try Self.state("scroll-view.json", "select scroller")
        expectGolden(Self.render(state))
    }
}
