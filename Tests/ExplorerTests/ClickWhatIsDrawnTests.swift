@testable import Explorer
import Geometry
import Raster
import Cells
import Testing
import LayerModel
import LayoutFiles
import Engine
import SceneFiles

/// What the screen drew is what a click resolves against: for every shipped scene, every
/// layer whose centre cell is drawn in that layer's own colour (visible, not occluded, not
/// under a label or an outline) is selected by a click on that cell, which then carries the
/// crosshair — read off the rendered screens, at three terminal sizes, zoomed and panned, with
/// the legend taking a row.
///
/// Each layer gets a colour of its own (geometry untouched: hit testing never reads
/// colours), so a cell drawn as a full block of that colour means all eight of its fill
/// samples are that layer's, and the cell's centre — where a click lands — is inside it.
/// Declared animations are dropped: the canvas draws the presentation while they run, and
/// touches go to the model (TimeView's outlines say so); here the two are the same.
@Suite struct ClickWhatIsDrawnTests {
    struct Framing: CustomStringConvertible, Sendable {
        var columns: Int, rows: Int, zoom: Double, panColumns: Double, panRows: Double, legend: Bool
        var description: String { "\(columns)×\(rows) zoom \(zoom) pan \(panColumns),\(panRows)\(legend ? " legend" : "")" }
    }

    static let framings = [
        Framing(columns: 120, rows: 40, zoom: 1, panColumns: 0, panRows: 0, legend: false),  // panel beside the canvas
        Framing(columns: 80, rows: 24, zoom: 1, panColumns: 0, panRows: 0, legend: true),  // panel hidden, legend row
        Framing(columns: 100, rows: 30, zoom: 1.7, panColumns: 3, panRows: -2, legend: false)
    ]

    /// A distinct opaque colour for the i-th layer (i < 200): the blue channel alone differs.
    static func colour(_ i: Int) -> Color {
        Color(red: UInt8(40 + (i * 53) % 200), green: UInt8(40 + (i * 97) % 200), blue: UInt8(30 + i))
    }

    static func state(_ file: String, _ framing: Framing) throws -> (ExplorerState, [LayerID: CellColor]) {
        var scene = try SceneLoader.load(LayoutGoldenTests.layoutsDirectory + "/" + file)
        scene.animations = []
        let ids = scene.tree.treeOrder
        try #require(ids.count < 200)
        var colours: [LayerID: CellColor] = [:]
        for (i, id) in ids.enumerated() {
            let c = colour(i)
            scene.tree[id].backgroundColor = c
            colours[id] = .rgb(c.red, c.green, c.blue)
        }
        var state = ExplorerState(session: Session(scene: scene, filePath: "Layouts/" + file))
        state.columns = framing.columns
        state.rows = framing.rows
        state.view.zoom = framing.zoom
        state.view.panColumns = framing.panColumns
        state.view.panRows = framing.panRows
        state.picture.legend = framing.legend
        // No selection: its overlays would draw over the centres.
        state.session.selection = nil
        return (state, colours)
    }

    @Test(arguments: LayoutGoldenTests.layoutFiles)
    func clickingTheCentreOfADrawnLayerSelectsIt(_ file: String) throws {
        var checked = 0
        for framing in Self.framings {
            let (start, colours) = try Self.state(file, framing)
            let tree = start.session.tree
            try #require(start.session.animations.isEmpty)
            let canvas = ExplorerScreen.render(start, options: ScreenOptions(mode: .braille, unicode: true)).canvas
            let area = start.layout.canvas
            let viewport = start.viewport
            for id in tree.treeOrder {
                guard let centre = tree.convert(tree[id].bounds.center, from: id, to: nil) else { continue }
                let cell = viewport.cell(containing: centre)
                let column = area.column + cell.column, row = area.row + cell.row
                guard area.contains(CellPosition(column: column, row: row)) else { continue }
                let drawn = canvas[column, row]
                // Drawn there in its own colour, whole cell: visible and unoccluded.
                guard drawn.glyph == "\u{2588}", drawn.style.foreground == colours[id] else { continue }

                var state = start
                _ = Reducer.reduce(&state, .click(column: column, row: row))
                let p = try #require(state.cursor, "\(file) \(framing): a canvas click places the cursor")
                // The click resolved to a point in the very cell it was drawn in, and the
                // crosshair for that point is drawn on that cell.
                #expect(viewport.cell(containing: p) == cell, "\(file) \(framing) \(tree[id].name)")
                let after = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
                #expect(after[column, row].glyph == "┼", "\(file) \(framing) \(tree[id].name)")
                // CALayer rules, zPosition order — the drawing's rules — hit the drawn layer.
                let report = tree.hitTestReport(at: p, order: .zPosition)
                #expect((report.layerRules?.hit ?? report.hit) == id, "\(file) \(framing) \(tree[id].name)")
                if report.layerRulesDiffer == nil {
                    #expect(state.selectedName == tree[id].name, "\(file) \(framing): clicked \(tree[id].name)")
                } else {
                    // UIView rules refuse it (outside a superview, interaction off): the click
                    // selects what they hit, as the panel explains.
                    #expect(state.session.selection == report.hit, "\(file) \(framing) \(tree[id].name)")
                }
                checked += 1
            }
        }
        // Every shipped scene shows some layer's centre clear of labels and outlines — unless
        // every layer's own drawing covers its centre (content.md: content-rotation.json's bar).
        let (start, _) = try Self.state(file, Self.framings[0])
        let tree = start.session.tree
        let covered = tree.treeOrder.allSatisfy { id in
            tree.convert(tree[id].bounds.center, from: id, to: nil).flatMap { tree.drawnContent(at: $0) } != nil
        }
        #expect(checked >= 1 || covered, "\(file): no centre checked")
    }

    /// The check is not vacuous: across the shipped scenes most layers are checked.
    @Test func mostLayersAreChecked() throws {
        var layers = 0, checked = 0
        let framing = Self.framings[0]
        for file in LayoutGoldenTests.layoutFiles {
            let (state, colours) = try Self.state(file, framing)
            let tree = state.session.tree
            let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
            let area = state.layout.canvas
            for id in tree.treeOrder {
                layers += 1
                guard let centre = tree.convert(tree[id].bounds.center, from: id, to: nil) else { continue }
                let cell = state.viewport.cell(containing: centre)
                let column = area.column + cell.column, row = area.row + cell.row
                guard area.contains(CellPosition(column: column, row: row)) else { continue }
                if canvas[column, row].style.foreground == colours[id], canvas[column, row].glyph == "\u{2588}" { checked += 1 }
            }
        }
        #expect(checked * 2 > layers, "\(checked) of \(layers) layers checked")
    }
}
