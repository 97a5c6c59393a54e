@testable import Explorer
import Foundation
import Geometry
import Raster
import Testing
import CommandLanguage
import Engine
import SceneFiles
import TestSupport

/// Issue 15, finding 1: `render Layouts/untouchable.json --size 80x24 --script
/// 'panel hit-test; pan 0 -20'` trapped in `Why.untouchable` ("Range requires lowerBound <=
/// upperBound") when the hatched view's box lay wholly off one edge of the canvas.
@Suite("Untouchable shading never traps when panned")
struct PanCrashRegressionTests {
    static let untouchable = PackageRoot.url.appendingPathComponent("Layouts/untouchable.json").path

    static func state(_ script: String) throws -> ExplorerState {
        var state = ExplorerState(session: Session(scene: try SceneLoader.load(untouchable), filePath: untouchable))
        state.columns = 80
        state.rows = 24
        for c in try CommandParser.parseLine(script) { _ = Reducer.reduce(&state, .command(c)) }
        return state
    }

    @Test func theReportedReproductionRendersWithoutTrapping() throws {
        let state = try Self.state("panel hit-test; pan 0 -20")
        #expect(!state.statusIsError, "\(state.status)")
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true))
        #expect(screen.canvas.rows == 24 && screen.canvas.columns == 80)
    }

    @Test func hatchingStaysOnTheCanvasAndOnlyMarksTheOverhang() throws {
        // badge is frame (160, 20, 80, 40) in card (40, 40, 200, 140): in window space
        // x 200…280, y 60…100, and card ends at x = 240, so only x 240…280 is untouchable.
        for pan in ["pan 0 0", "pan 0 -20", "pan 0 20", "pan -200 0", "pan 200 0", "pan 0 -1000000"] {
            let state = try Self.state("panel hit-test; " + pan)
            let area = state.layout.canvas
            let marks = Why.untouchable(state)
            for mark in marks {
                guard case let .marker(p, _, _) = mark.shape else { Issue.record("not a marker"); continue }
                let cell = state.viewport.cell(containing: p)
                #expect((0..<area.rows).contains(cell.row) && (0..<area.columns).contains(cell.column), "\(pan): \(cell)")
                #expect(p.x >= 240 && p.x <= 280 && p.y >= 60 && p.y <= 100, "\(pan): \(p)")
            }
            if pan == "pan 0 0" { #expect(!marks.isEmpty) }  // the fitted view shows the overhang
            if pan == "pan 0 -1000000" { #expect(marks.isEmpty) }  // scrolled far away: nothing to mark
        }
    }
}
