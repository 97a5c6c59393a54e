@testable import Explorer
import ExplorerTestSupport
import Cells
import Foundation
import CommandLanguage
import Engine
import Geometry
import LayerModel
import LayoutFiles
import Raster
import Testing

/// Issue 32: marks never cover names; the exploded view opens with a camera that shows depth
/// and its planes in their own colours.
@Suite struct MarksAndOpeningTests {
    static func run(_ state: inout ExplorerState, _ line: String) throws {
        for command in try CommandParser.parseLine(line) { _ = Reducer.reduce(&state, .command(command)) }
    }

    /// The canvas rows (the title is row 0; on 80 × 24 the canvas is rows 1…21, columns 0…79).
    static func canvasRows(_ state: ExplorerState) -> [String] {
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        let area = state.layout.canvas
        return (area.row..<(area.row + area.rows)).map { String(canvas.text(row: $0).prefix(area.columns)) }
    }

    /// The fixture at 80 × 24: 5 points a column, 10 a row. Put the cursor on the middle of
    /// the name "card" (its third letter): the crosshair covers that cell, two cells either
    /// side and the cells above and below. Before issue 32 it was drawn over the name
    /// ("ca┼d"); now the one label layout keeps the name off the crosshair's cells and one
    /// past each arm, so "card" is whole, elsewhere, and the crosshair's centre is where it was.
    @Test func theCrosshairOverANameLeavesTheNameWhole() throws {
        var state = Fixture.state()
        let before = Self.canvasRows(state)
        let row = try #require(before.firstIndex { $0.contains("card") }, "card's name is on the canvas")
        let column = try #require(before[row].range(of: "card")).lowerBound.utf16Offset(in: before[row])
        // The centre of the cell of the name's "r" (column + 2), in screen points.
        let point = Point(x: (Double(column + 2) + 0.5) * 5, y: (Double(row) + 0.5) * 10)
        try Self.run(&state, "cursor on; cursor-at \(point.x) \(point.y)")
        #expect(state.mode == .cursor)
        let after = Self.canvasRows(state)
        let centre = Array(after[row])[column + 2]
        #expect(centre == "┼", "the crosshair's centre is on the name's old cell")
        let names = after.enumerated().filter { $0.element.contains("card") }
        #expect(!names.isEmpty, "card's name is whole somewhere on the canvas")
        // And never on the crosshair's cells: (c−3…c+3, r), (c, r±1).
        for (r, line) in names {
            let c0 = try #require(line.range(of: "card")).lowerBound.utf16Offset(in: line)
            let cells = (c0..<(c0 + 4)).map { CellPosition(column: $0, row: r) }
            let cross = ExplorerScreen.crosshairCells(at: CellPosition(column: column + 2, row: row))
            #expect(Set(cells).isDisjoint(with: cross))
        }
    }

    /// The crosshair's cells: its centre, two cells of arm either side and one past each end
    /// on its row, and one cell above and below.
    @Test func theCrosshairsCellsAreWhatTheLayoutKeepsClear() {
        let cells = ExplorerScreen.crosshairCells(at: CellPosition(column: 10, row: 5))
        var expected = Set((7...13).map { CellPosition(column: $0, row: 5) })
        expected.insert(CellPosition(column: 10, row: 4))
        expected.insert(CellPosition(column: 10, row: 6))
        #expect(Set(cells) == expected)
    }

    /// OpeningCamera by hand. E is the larger side, P the planes.
    /// - 400 × 210, P = 2: spacing min(400/6 = 66.67, 0.75·400/1 = 300) = 66.67 → 65; wider → −25°.
    /// - 300 × 300, P = 3: min(50, 0.75·300/2 = 112.5) = 50; square counts as tall → −15°.
    /// - 390 × 844, P = 30: min(140.67, 0.75·844/29 = 21.83) = 21.83 → 20; tall → −15°.
    /// - 640 × 300, P = 3: min(106.67, 240) → 105; −25°.
    /// - 1000 × 1000, P = 400: 0.75·1000/399 = 1.88 → 0 → at least 5.
    /// - empty (0 × 0): the contract's spacing 20 and pitch 0.
    @Test func theOpeningCameraByHand() {
        #expect(OpeningCamera.spacing(width: 400, height: 210, planeCount: 2) == 65)
        #expect(OpeningCamera.pitch(width: 400, height: 210) == -25)
        #expect(OpeningCamera.spacing(width: 300, height: 300, planeCount: 3) == 50)
        #expect(OpeningCamera.pitch(width: 300, height: 300) == -15)
        #expect(OpeningCamera.spacing(width: 390, height: 844, planeCount: 30) == 20)
        #expect(OpeningCamera.pitch(width: 390, height: 844) == -15)
        #expect(OpeningCamera.spacing(width: 640, height: 300, planeCount: 3) == 105)
        #expect(OpeningCamera.spacing(width: 1000, height: 1000, planeCount: 400) == 5)
        #expect(OpeningCamera.spacing(width: 0, height: 0, planeCount: 0) == 20)
        #expect(OpeningCamera.pitch(width: 0, height: 0) == 0)
    }

    /// A spacing or pitch set by hand before entering is kept; the other is chosen.
    @Test func aCameraSetByHandIsKept() throws {
        var state = Fixture.state()
        func camera() -> ExplodedCamera { state.session.explodedCamera(state.session.depthLayout()) }
        try Self.run(&state, "explode spacing 30; explode on")
        #expect(camera().spacing == 30 && camera().pitch == -25)
        try Self.run(&state, "explode off; camera pitch 10; explode on")
        #expect(camera().spacing == 30 && camera().pitch == 10)
        // camera reset: yaw 30 and the opening pitch again; the spacing stays.
        try Self.run(&state, "camera yaw 50; camera reset")
        #expect(camera().yaw == 30 && camera().pitch == -25 && camera().spacing == 30)
    }

    /// Depth: the opening camera shows depth — on the fixture (P = 2, spacing 65, yaw 30°,
    /// pitch −25°) badge's plane 1 sits at z = +32.5 and card's plane 0 at z = −32.5: the
    /// same flat point (200, 105) (the camera's centre) lands 65·sin30° = 32.5 points apart
    /// in x and 65·cos30°·sin25° = 23.79 points apart in y.
    @Test func theOpeningCameraSeparatesThePlanes() throws {
        var state = Fixture.state()
        try Self.run(&state, "explode on")
        let layout = state.session.depthLayout()
        let camera = state.session.explodedCamera(layout)
        let c = Point(x: 200, y: 105)
        let front = camera.project(c, plane: 1), back = camera.project(c, plane: 0)
        #expect(abs((front.x - back.x) - 32.5) < 1e-9)
        #expect(abs(front.y - back.y - 23.79) < 0.01)
    }

    /// Planes in their own colours: the selected plane's layers are filled with their own
    /// background colour (55% over the backdrop), not the selection's magenta. viewGreen
    /// (green, 0 128 0) over the dark backdrop: every cell of its fill is a blend of green,
    /// by the canvas's integer blend (issue 31: 55% is 141/256, so green 128 over 0 is
    /// (128 · 141 + 128) >> 8 = 71; the exploded view's own Double blend, gone, made it 70).
    @Test func theSelectedPlaneIsFilledInItsOwnColours() throws {
        var state = try LayoutGoldenTests.state("depth.json")
        try Self.run(&state, "explode on; select viewGreen")
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true))
        let backdrop = ScreenOptions(mode: .braille, unicode: true).palette.backdrop
        // (141 · (0, 128, 0) + 115 · backdrop + 128) >> 8, each channel.
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((141 * Int(x) + 115 * Int(y) + 128) >> 8) }
        let green = Color(red: mix(0, backdrop.red), green: mix(128, backdrop.green), blue: mix(0, backdrop.blue))
        // The old fill: the selection's colour 32% over the backdrop.
        let sel = ScreenOptions(mode: .braille, unicode: true).palette.selection
        func old(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((0.32 * Double(x) + 0.68 * Double(y)).rounded()) }
        let magenta = Color(red: old(sel.red, backdrop.red), green: old(sel.green, backdrop.green), blue: old(sel.blue, backdrop.blue))
        var greenCells = 0, magentaFills = 0
        let canvas = screen.canvas
        for r in 0..<canvas.rows {
            for c in 0..<canvas.columns {
                guard case let .rgb(red, g, b) = canvas[c, r].style.background else { continue }
                if red == green.red && g == green.green && b == green.blue { greenCells += 1 }
                if red == magenta.red && g == magenta.green && b == magenta.blue { magentaFills += 1 }
            }
        }
        #expect(greenCells > 20, "viewGreen's plane is filled green")
        #expect(magentaFills == 0)
    }
}
