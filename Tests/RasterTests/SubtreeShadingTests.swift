import Cells
import Geometry
import Raster
import Testing
import LayerModel

/// `RasterOptions.shading`: the uncoloured layers of one subtree are filled a shade per level
/// as the rasterizer draws, with no copy of the tree.
@Suite struct SubtreeShadingTests {
    /// On `Scenes.viewport` (2 points a column, 4 a row), 40 × 12 cells:
    /// - `outside` (0, 0, 20, 16) at (12, 10): screen (2, 2)–(22, 18), not in the subtree;
    /// - `root` (0, 0, 52, 40) at (50, 24): screen (24, 4)–(76, 44), columns 12…38, rows 1…11;
    ///   - `child` (0, 0, 32, 24) at (26, 20): root (10, 8)–(42, 32), screen (34, 12)–(66, 36),
    ///     columns 17…33, rows 3…9;
    ///     - `grandchild` (0, 0, 12, 8) at (16, 12): child (10, 8)–(22, 16), screen
    ///       (44, 20)–(56, 28), columns 22…28, rows 5…7;
    ///   - `painted` (0, 0, 8, 8) at (6, 36), red of its own: screen (26, 36)–(34, 44).
    static func scene() throws -> (tree: LayerTree, root: LayerID) {
        var tree = LayerTree()
        _ = try tree.add(Scenes.layer("outside", Rect(0, 0, 20, 16), at: Point(12, 10)))
        let root = try tree.add(Scenes.layer("root", Rect(0, 0, 52, 40), at: Point(50, 24)))
        let child = try tree.add(Scenes.layer("child", Rect(0, 0, 32, 24), at: Point(26, 20)), in: root)
        _ = try tree.add(Scenes.layer("grandchild", Rect(0, 0, 12, 8), at: Point(16, 12)), in: child)
        _ = try tree.add(Scenes.layer("painted", Rect(0, 0, 8, 8), at: Point(6, 36)) { $0.backgroundColor = Scenes.red }, in: root)
        return (tree, root)
    }

    /// The colour a cell shows when it is filled: its background, or a full block's foreground.
    static func shown(_ cell: Cell) -> CellColor {
        cell.code == 0x2588 ? cell.style.foreground : cell.style.background
    }

    @Test("The standard shades: s = 70 + 25·level, (s / 2, s, s + 40), six levels, deeper ones take the last")
    func standardShades() throws {
        let shading = SubtreeShading(root: LayerID(raw: 0))
        // level 0: s = 70 → (35, 70, 110); level 1: 95 → (47, 95, 135); level 5: 195 → (97, 195, 235).
        #expect(shading.shade(level: 0) == Color(red: 35, green: 70, blue: 110))
        #expect(shading.shade(level: 1) == Color(red: 47, green: 95, blue: 135))
        #expect(shading.shade(level: 5) == Color(red: 97, green: 195, blue: 235))
        #expect(shading.shade(level: 9) == shading.shade(level: 5))
        #expect(SubtreeShading.standardShades.count == 6)
    }

    @Test("The subtree's uncoloured layers are filled by level; its coloured ones and the rest are not")
    func shadesWhatItSays() throws {
        let (tree, root) = try Self.scene()
        var options = RasterOptions(mode: .braille)
        options.shading = SubtreeShading(root: root)
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: Scenes.columns, rows: Scenes.rows, options: options)
        // Cell (14, 5) = points (28…30, 20…24): in root, left of child.
        #expect(Self.shown(canvas[14, 5]) == .rgb(35, 70, 110))
        // Cell (19, 4) = points (38…40, 16…20): in child, left of grandchild.
        #expect(Self.shown(canvas[19, 4]) == .rgb(47, 95, 135))
        // Cell (25, 6) = points (50…52, 24…28): in grandchild.
        #expect(Self.shown(canvas[25, 6]) == .rgb(60, 120, 160))
        // Cell (15, 10) = points (30…32, 40…44): in painted, which keeps its own red.
        #expect(Self.shown(canvas[15, 10]) == .rgb(220, 40, 40))
        // Cell (5, 2) = points (10…12, 8…12): inside `outside`, not in the subtree: unfilled.
        #expect(canvas[5, 2].style.background == .default && canvas[5, 2].code == 0x20)
        // Without the option, root's inside is unfilled too.
        let plain = SceneRasterizer.render(
            tree, viewport: Scenes.viewport, columns: Scenes.columns, rows: Scenes.rows,
            options: RasterOptions(mode: .braille))
        #expect(plain[14, 5].style.background == .default && plain[14, 5].code == 0x20)
    }

    @Test("Shading draws exactly what a tree coloured by hand draws, names included, in every mode")
    func sameAsAColouredCopy() throws {
        let (tree, root) = try Self.scene()
        // The copy the explorer used to make every frame: each uncoloured layer of the subtree
        // given its level's shade (root 0, child 1, grandchild 2; painted keeps red).
        var coloured = tree
        for (name, level) in [("root", 0), ("child", 1), ("grandchild", 2)] {
            let id = try #require(tree.id(named: name))
            coloured[id].backgroundColor = SubtreeShading.standardShades[level]
        }
        for mode in [RenderMode.braille, .sextant, .octant, .blocks, .ascii] {
            var options = RasterOptions(mode: mode, selection: tree.id(named: "child"))
            options.labels = .all
            let expected = SceneRasterizer.render(coloured, viewport: Scenes.viewport, columns: Scenes.columns, rows: Scenes.rows, options: options)
            options.shading = SubtreeShading(root: root)
            let shaded = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: Scenes.columns, rows: Scenes.rows, options: options)
            #expect(shaded == expected, "\(mode)")
        }
    }

    @Test("fill(of:in:) answers a layer's own colour, else its level's shade, else nothing")
    func fillOf() throws {
        let (tree, root) = try Self.scene()
        let shading = SubtreeShading(root: root, shades: [Scenes.green, Scenes.blue])
        func id(_ name: String) throws -> LayerID { try #require(tree.id(named: name)) }
        #expect(shading.fill(of: root, in: tree) == Scenes.green)  // level 0
        #expect(shading.fill(of: try id("child"), in: tree) == Scenes.blue)  // level 1
        #expect(shading.fill(of: try id("grandchild"), in: tree) == Scenes.blue)  // level 2: the last shade
        #expect(shading.fill(of: try id("painted"), in: tree) == Scenes.red)  // its own
        #expect(shading.fill(of: try id("outside"), in: tree) == nil)
    }
}
