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
                #expect(column >= 16)  // right of top's columns 1…15 (16 is under's again)
            }
        }
        #expect(found == 1)
        #expect(canvas.text.contains("top"))
    }

    @Test func noLabelsUnlessAsked() throws {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("under", Rect(0, 0, 60, 40), at: Point(32, 24)) { $0.backgroundColor = Scenes.blue })
        let canvas = SceneRasterizer.render(
            tree, viewport: Scenes.viewport, columns: 40, rows: 12,
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

    /// A turned hand: bounds 4 × 40, anchor (0.5, 1) at (20, 40), rotated 60°. Its corners,
    /// (anchor-relative (±2, −40), (±2, 0)) turned by 60° (x cos − y sin, x sin + y cos), land
    /// at (53.64, 18.27), (55.64, 21.73), (21, 41.73), (19, 38.27) points; at 2 points per
    /// column and 4 per row the rightmost, (55.64, 21.73), is in cell (27, 5). The hand does
    /// not fill its box, so its name goes beside it, past the vertex farthest from its anchor
    /// (cell (10, 10)): the rightmost, 20.03 columns away (a row counts 2), just before the
    /// topmost, (53.64, 18.27) in cell (26, 4), at 20.02. So: a gap cell (28), then "hand"
    /// from column 29 on row 5.
    static func turnedHand() throws -> LayerTree {
        var tree = LayerTree()
        _ = try tree.add(
            Scenes.layer("hand", Rect(0, 0, 4, 40), at: Point(20, 40)) {
                $0.anchorPoint = Point(0.5, 1)
                $0.transform = .rotation(.degrees(60))
                $0.backgroundColor = Scenes.red
            })
        return tree
    }

    static func columns(of name: String, in canvas: Canvas) -> [(column: Int, row: Int)] {
        var out: [(Int, Int)] = []
        for row in 0..<canvas.rows {
            let text = Array(canvas.text(row: row))
            for column in 0...(text.count - name.count) where String(text[column..<(column + name.count)]) == name {
                out.append((column, row))
            }
        }
        return out
    }

    @Test func aTurnedLayerIsNamedBesideItsTip() throws {
        var options = RasterOptions(mode: .braille)
        options.labels = .all
        let canvas = SceneRasterizer.render(try LabelTests.turnedHand(), viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        let found = LabelTests.columns(of: "hand", in: canvas)
        #expect(found.count == 1)
        #expect(found.first?.column == 29 && found.first?.row == 5)
        #expect(canvas[28, 5] == .blank)  // the gap: the name does not touch the hand
    }

    /// With a box just right of the tip (x 58…80, y 16…28: columns 29…39, rows 4…6), the
    /// name would touch it there, so it goes above the next farthest corner, the topmost, in
    /// cell (26, 4): centred on it one row up, "hand" in columns 24…27 of row 3, clear of the
    /// box (rows 4…6).
    @Test func aNameNeverTouchesAnotherShape() throws {
        var tree = try LabelTests.turnedHand()
        _ = try tree.add(Scenes.layer("wall", Rect(0, 0, 22, 12), at: Point(69, 22)) { $0.backgroundColor = Scenes.blue })
        var options = RasterOptions(mode: .braille)
        options.labels = .all
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        let found = LabelTests.columns(of: "hand", in: canvas)
        #expect(found.count == 1)
        #expect(found.first?.column == 24 && found.first?.row == 3)
        #expect(canvas[23, 3] == .blank && canvas[28, 3] == .blank)
    }

    /// A sibling drawn under the hand (x 50…80, y 16…28: columns 25…39, rows 4…6) leaves a
    /// plain surface right of the tip (row 5, columns 28…33 solid blue), but it is not what
    /// lies behind the hand: a name there would label the sibling. It goes above the hand's
    /// topmost corner instead (columns 24…27 of row 3, as above).
    /// The sibling's own name (31 columns) is too long for its inside, row 5 from column 26
    /// (floor(25.5) + 1) to 38 (ceil(39.5) − 1, exclusive): 13 cells less the hand's. It is
    /// cut to a prefix and `…` — "a" already starts no other name, so any prefix is
    /// unambiguous — in the longest run where the plate shows.
    @Test func aNameNeverSitsOnASiblingsFill() throws {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("a-plate-too-narrow-for-its-name", Rect(0, 0, 30, 12), at: Point(65, 22)) { $0.backgroundColor = Scenes.blue })
        _ = try tree.add(
            Scenes.layer("hand", Rect(0, 0, 4, 40), at: Point(20, 40)) {
                $0.anchorPoint = Point(0.5, 1)
                $0.transform = .rotation(.degrees(60))
                $0.backgroundColor = Scenes.red
            })
        var options = RasterOptions(mode: .braille)
        options.labels = .all
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        let found = LabelTests.columns(of: "hand", in: canvas)
        #expect(found.count == 1)
        #expect(found.first?.column == 24 && found.first?.row == 3)
        let row5 = canvas.text(row: 5)
        #expect(row5.contains("a-plate-t") && row5.contains("…"), "\(canvas.text)")
        for c in 26..<38 where canvas[c, 5].glyph != "█" && canvas[c, 5].glyph.isLetter {
            #expect(canvas[c, 5].style.background == .rgb(40, 80, 220), "(\(c), 5) on the plate's fill")
        }
    }
}
