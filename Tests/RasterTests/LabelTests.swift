import Cells
import Geometry
import Raster
import Testing
import LayerModel

@Suite struct LabelTests {
    /// under: x 2…62, y 4…44 (columns 1…31, rows 1…11); top, drawn later: x 2…32, y 4…24
    /// (columns 1…16, rows 1…6), covering under's top-left. under's name must sit where
    /// under shows (its own colour behind every letter), not on top.
    @Test func aNameSitsWhereItsLayerShows() throws {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("under", Rect(0, 0, 60, 40), at: Point(32, 24)) { $0.backgroundColor = Scenes.blue })
        _ = try tree.add(Scenes.layer("top", Rect(0, 0, 30, 20), at: Point(17, 14)) { $0.backgroundColor = Scenes.green })
        var options = RasterOptions(mode: .braille)
        options.labels = .all
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        var found = 0
        for row in 0..<12 {
            let text = Array(canvas.text(row: row))
            for column in 0...(40 - 5) where String(text[column..<(column + 5)]) == "under" {
                found += 1
                for c in column..<(column + 5) {
                    #expect(canvas[c, row].style.background == .rgb(40, 80, 220), "(\(c), \(row))")
                }
                #expect(column >= 16)   // right of top's columns 1…15 (16 is under's again)
            }
        }
        #expect(found == 1)
        #expect(canvas.text.contains("top"))
    }

    @Test func noLabelsUnlessAsked() throws {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("under", Rect(0, 0, 60, 40), at: Point(32, 24)) { $0.backgroundColor = Scenes.blue })
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12,
                                            options: RasterOptions(mode: .braille))
        #expect(!canvas.text.contains("under"))
    }

    /// A Japanese name on a layer: each character takes two cells (a head and a tail the
    /// terminal draws across), so the row stays the canvas's width.
    @Test func wideNamesTakeTwoCellsACharacter() throws {
        var tree = LayerTree()
        let id = try tree.add(Scenes.layer("カード", Rect(0, 0, 60, 40), at: Point(32, 24)) { $0.backgroundColor = Scenes.blue })
        var options = RasterOptions(mode: .braille)
        options.labels = .all
        options.selection = id
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        let row = try #require((0..<canvas.rows).first { canvas.text(row: $0).contains("カード") })
        #expect(canvas.text(row: row).displayWidth == 40)
        let head = try #require((0..<canvas.columns).first { canvas[$0, row].glyph == "カ" })
        #expect(canvas[head + 1, row].isWideTail)
        #expect(canvas[head + 2, row].glyph == "ー")
        #expect(canvas[head + 4, row].glyph == "ド")
    }
}
