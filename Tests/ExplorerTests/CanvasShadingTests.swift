import Cells
@testable import Explorer
import ExplorerTestSupport
import Geometry
import LayerModel
import LayoutFiles
import Raster
import Testing
import Engine

/// Big trees of uncoloured views: the canvas shades the selection's subtree through
/// `RasterOptions.shading` (`ExplorerScreen.canvasShading`), not through a copy of the tree.
@Suite struct CanvasShadingTests {
    /// The imported 300-view hierarchy of `TreeBrowserTests` at 120 × 40, a table cell selected.
    static func state() throws -> ExplorerState {
        var state = try TreeBrowserTests.state()
        // On the dump's screen: it opens fitted to all 300 views (issue 32), where a card is
        // a few cells and its shades hardly fill one.
        state.view = ViewControl()
        state.view.fitted = state.session.scene.screenRect
        _ = try state.session.perform(.select("UITableViewCell#5"))
        Reducer.revealSelection(&state)  // the canvas scrolled to the cell (card 5: whole on screen)
        return state
    }

    @Test("Big trees shade the selection's subtree; small scenes and no selection shade nothing")
    func whoIsShaded() throws {
        let state = try Self.state()
        let tree = state.session.tree
        let cell = try #require(tree.id(named: "UITableViewCell#5"))
        let shading = try #require(ExplorerScreen.canvasShading(tree, state))
        #expect(shading.root == cell)
        // The cell and its 8 views (a card of 9 views), and nothing else, get a fill.
        let inside = Set(tree.subtree(of: cell))
        #expect(inside.count == 9)
        for id in tree.treeOrder {
            #expect((shading.fill(of: id, in: tree) != nil) == inside.contains(id))
        }
        var none = state
        none.session.selection = nil
        #expect(ExplorerScreen.canvasShading(tree, none) == nil)
        let small = ExplorerState(session: Session(scene: Fixture.scene()))
        #expect(small.session.tree.count < TreeBrowser.bigTree)
        #expect(ExplorerScreen.canvasShading(small.session.tree, small) == nil)
    }

    @Test("The shaded canvas is cell for cell the canvas of the coloured copy the explorer drew before")
    func sameCanvasAsTheCopy() throws {
        let state = try Self.state()
        let tree = state.session.tree
        let cell = try #require(tree.id(named: "UITableViewCell#5"))
        // The copy the explorer made every frame: each uncoloured layer of the subtree filled
        // with the shade of its level below the selection, at most 5 (s = 70 + 25·level,
        // (s / 2, s, s + 40)).
        var coloured = tree
        let base = tree.depth(of: cell)
        for id in tree.subtree(of: cell) where tree[id].backgroundColor == nil {
            let s = UInt8(70 + 25 * min(tree.depth(of: id) - base, 5))
            coloured[id].backgroundColor = Color(red: s / 2, green: s, blue: s + 40)
        }
        #expect(coloured != tree)
        var scene = state.session.scene
        scene.tree = coloured
        var copyState = ExplorerState(session: Session(scene: scene))
        copyState.columns = state.columns; copyState.rows = state.rows
        copyState.view = state.view
        copyState.session.selection = cell
        for mode in [RenderMode.braille, .blocks, .ascii] {
            let options = ScreenOptions(mode: mode, unicode: mode != .ascii)
            let shaded = ExplorerScreen.render(state, options: options).canvas
            let copied = ExplorerScreen.render(copyState, options: options).canvas
            // The canvas area only: the panel's inspector names the copy's colours.
            let area = state.layout.canvas
            let shades = Set(SubtreeShading.standardShades.map { CellColor.rgb($0.red, $0.green, $0.blue) })
            var filled = 0
            for r in area.row..<(area.row + area.rows) {
                for c in area.column..<(area.column + area.columns) {
                    #expect(shaded[c, r] == copied[c, r], "\(mode) cell \(c), \(r)")
                    if shades.contains(shaded[c, r].style.background) || (shaded[c, r].code == 0x2588 && shades.contains(shaded[c, r].style.foreground)) {
                        filled += 1
                    }
                }
            }
            // And the shading shows: cells in a shade (a background, or a full block's colour).
            #expect(mode == .ascii || filled > 0, "\(mode)")
        }
    }
}
