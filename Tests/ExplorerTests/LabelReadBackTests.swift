import Foundation
import Testing
import Cells
import Geometry
import LayerModel
import LayoutFiles
import Raster

/// Names read back from the canvas, as a user reads them: every run of name characters on a
/// row must be exactly one layer's name, or a prefix and `…` that starts only one layer's
/// name, or several of those merged "a, b" (layers sharing a frame). Over the real dumps
/// (Tests/LayoutFilesTests/Dumps) and generated dense scenes, at 80×24, 120×40 and 200×60.
@Suite struct LabelReadBackTests {
    static let sizes = [(80, 24), (120, 40), (200, 60)]
    static let dumps = ["03-pointfree-tableview.txt", "10-sentry-web-mock-navigation.txt", "11-cycript-apple-id-sheet.txt"]

    static func dumpTree(_ file: String) throws -> (LayerTree, Rect) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("LayoutFilesTests/Dumps/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        let scene = try RecursiveDescriptionImporter.importDump(text, file: file).scene
        return (scene.tree, scene.screenRect)
    }

    /// Forty-eight views in a 400 × 300 screen with long class names: a grid of 6 × 4 cells
    /// (each 70 × 60, overlapping its right neighbour by 6), each with a child inset by 4, two
    /// pairs sharing one frame, and four turned by 30°. Names share long prefixes
    /// (`UICollectionViewListCell#1…#24`) so a cut one is ambiguous unless it keeps the number.
    static func denseTree() throws -> (LayerTree, Rect) {
        var tree = LayerTree()
        let root = try tree.add(
            Layer(name: "UIWindowSceneContainerView").with {
                $0.bounds = Rect(0, 0, 400, 300); $0.position = Point(200, 150)
            })
        var n = 0
        for row in 0..<4 {
            for column in 0..<6 {
                n += 1
                let cell = try tree.add(
                    Layer(name: "UICollectionViewListCell#\(n)").with {
                        $0.bounds = Rect(0, 0, 70, 60)
                        $0.position = Point(Double(column) * 64 + 40, Double(row) * 70 + 40)
                        $0.backgroundColor = Color(red: UInt8(40 + 8 * n), green: 90, blue: 160)
                        if n % 7 == 3 { $0.transform = .rotation(.degrees(30)) }
                    }, in: root)
                _ = try tree.add(
                    Layer(name: n % 5 == 0 ? "_UISystemBackgroundView#\(n)" : "UIListContentView#\(n)").with {
                        $0.bounds = Rect(0, 0, 62, 52)
                        $0.position = Point(35, 30)
                        $0.borderColor = Color(red: 200, green: 200, blue: 200); $0.borderWidth = 1
                    }, in: cell)
                if n % 9 == 1 {
                    // A wrapper with exactly the cell's frame.
                    _ = try tree.add(
                        Layer(name: "UIViewControllerWrapperView#\(n)").with {
                            $0.bounds = Rect(0, 0, 70, 60); $0.position = Point(Double(column) * 64 + 40, Double(row) * 70 + 40)
                        }, in: root)
                }
            }
        }
        return (tree, Rect(0, 0, 400, 300))
    }

    /// A cell that belongs to the drawing, not to text: blocks, braille, sextants, octants,
    /// box drawing, the marks.
    /// In ASCII the outlines, fills and marks are `-|/\+.:*` (no test name has them).
    static func isGraphic(_ ch: Character, ascii: Bool = false) -> Bool {
        guard let s = ch.unicodeScalars.first?.value else { return true }
        if ascii && "-|/\\+.:*".contains(ch) { return true }
        return (0x2500...0x25FF).contains(s) || (0x2800...0x28FF).contains(s) || (0x2700...0x27BF).contains(s)
            || (0x1FB00...0x1FBFF).contains(s) || (0x1CD00...0x1CDFF).contains(s)
    }

    /// The runs of name characters on each row (a single space is kept only after a comma:
    /// "a, b").
    static func runs(_ canvas: Canvas, ascii: Bool = false) -> [String] {
        var out: [String] = []
        for row in 0..<canvas.rows {
            var run = ""
            var column = 0
            func end() { if !run.isEmpty { out.append(run) }; run = "" }
            while column < canvas.columns {
                let cell = canvas[column, row]
                if cell.isWideTail { column += 1; continue }
                let ch = cell.glyph
                if ch == " " {
                    if run.hasSuffix(","), column + 1 < canvas.columns, canvas[column + 1, row].glyph != " ",
                        !isGraphic(canvas[column + 1, row].glyph)
                    {
                        run.append(" ")
                    } else {
                        end()
                    }
                } else if isGraphic(ch, ascii: ascii) {
                    end()
                } else {
                    run.append(ch)
                }
                column += 1
            }
            end()
        }
        return out
    }

    /// Which names a run stands for; nil when a part is no name and no unambiguous prefix.
    static func resolve(_ run: String, names: Set<String>) -> [String]? {
        var found: [String] = []
        for part in run.components(separatedBy: ", ") {
            if names.contains(part) { found.append(part); continue }
            guard part.hasSuffix("…") else { return nil }
            let prefix = String(part.dropLast())
            let starting = names.filter { $0.hasPrefix(prefix) }
            guard !prefix.isEmpty, starting.count == 1 else { return nil }
            found.append(starting.first!)
        }
        return found
    }

    struct Tally { var wide = 0; var named = 0 }

    static func check(
        _ tree: LayerTree, screen: Rect, columns: Int, rows: Int, mode: RenderMode,
        selection: LayerID?, label: String
    ) -> Tally {
        let viewport = Viewport.fitting(screen, columns: columns, rows: rows)
        var options = RasterOptions(mode: mode, selection: selection)
        options.labels = .all
        let canvas = SceneRasterizer.render(tree, viewport: viewport, columns: columns, rows: rows, options: options)
        let ids = tree.drawingOrder()
        let names = Set(ids.map { tree[$0].name })
        var shown = Set<String>()
        for run in runs(canvas, ascii: mode == .ascii) {
            guard let parts = resolve(run, names: names) else {
                Issue.record("\(label): \"\(run)\" is no layer's name\n\(canvas.text)")
                continue
            }
            shown.formUnion(parts)
        }
        // Layers wider than 12 cells, and how many of them carry their name.
        var tally = Tally()
        let toCells = viewport
        for id in ids {
            let h = tree.matrixToScreen(id)
            let xs = tree[id].bounds.corners.compactMap { h.apply(to: $0) }.map { toCells.cellCoordinates(of: $0).column }
            guard xs.count == 4, let lo = xs.min(), let hi = xs.max(), hi - lo > 12 else { continue }
            tally.wide += 1
            if shown.contains(tree[id].name) { tally.named += 1 }
        }
        return tally
    }

    @Test(arguments: dumps)
    func everyNameOnARealDumpIsOneLayersName(file: String) throws {
        let (tree, screen) = try Self.dumpTree(file)
        for (columns, rows) in Self.sizes {
            for mode in [RenderMode.braille, .sextant, .blocks] {
                let t = Self.check(
                    tree, screen: screen, columns: columns, rows: rows, mode: mode, selection: nil,
                    label: "\(file) \(columns)×\(rows) \(mode)")
                if mode == .braille { print("labels \(file) \(columns)×\(rows): \(t.named) of \(t.wide) layers wider than 12 cells named") }
            }
            // With a selection deep in the tree (its name and family first).
            let deep = tree.drawingOrder().last
            _ = Self.check(
                tree, screen: screen, columns: columns, rows: rows, mode: .braille, selection: deep,
                label: "\(file) \(columns)×\(rows) selected")
        }
    }

    @Test func everyNameOnADenseSceneIsOneLayersName() throws {
        let (tree, screen) = try Self.denseTree()
        var big = Tally()
        for (columns, rows) in Self.sizes {
            for mode in [RenderMode.braille, .sextant, .blocks, .ascii] {
                let t = Self.check(
                    tree, screen: screen, columns: columns, rows: rows, mode: mode, selection: nil,
                    label: "dense \(columns)×\(rows) \(mode)")
                if mode == .braille {
                    print("labels dense \(columns)×\(rows): \(t.named) of \(t.wide) layers wider than 12 cells named")
                    if columns == 200 { big = t }
                }
            }
        }
        // At 200×60 the fit is 2.5 points a column (300 points over 60 rows of 2 columns'
        // height each; 400 points would need only 2): a grid cell is 28 columns and 12 rows: room for its 26-character name inside or on
        // its top edge, so at least two in three of the wide layers carry their name.
        // (At 80×24 a cell is 14 columns: the names are longer and no prefix short enough
        // is unambiguous, so most are left off there, as they must be.)
        #expect(big.named * 3 >= big.wide * 2, "\(big.named) of \(big.wide)")
    }

    /// Two layers with one frame: one label "a, b", never "ab" or two names on one spot.
    /// Both 60 × 40 at (10, 10) in a 100 × 50 screen at 80×24 (1.25 points a column): the
    /// box spans columns 8…56 and rows 4…20, room inside for "fixed, popup" (12 cells).
    @Test func layersSharingAFrameShareOneLabel() throws {
        var tree = LayerTree()
        for name in ["fixed", "popup"] {
            _ = try tree.add(
                Layer(name: name).with {
                    $0.bounds = Rect(0, 0, 60, 40); $0.position = Point(40, 30)
                })
        }
        let viewport = Viewport.fitting(Rect(0, 0, 100, 50), columns: 80, rows: 24)
        var options = RasterOptions(mode: .braille)
        options.labels = .all
        let canvas = SceneRasterizer.render(tree, viewport: viewport, columns: 80, rows: 24, options: options)
        let runs = Self.runs(canvas)
        #expect(runs == ["popup, fixed"], "\(canvas.text)")  // the one on top (drawn later) first
    }

    /// Twenty names that share "UIView#" cannot be cut to "UIView#…" (it starts all of them),
    /// but "UIView#1…" is no better for "UIView#12" vs "UIView#1": the index says each name's
    /// shortest unique prefix, worked out here: sorted, "UIView#1" < "UIView#10" < … so
    /// UIView#1 is a prefix of UIView#10 (never cut), UIView#12 shares "UIView#1" with its
    /// neighbours (unique from 9 characters: the whole name).
    @Test func shortestUniquePrefixes() {
        let names = LabelNames((1...20).map { "UIView#\($0)" } + ["UILabel"])
        #expect(names.shortestUniquePrefix("UIView#1") == .max)
        #expect(names.shortestUniquePrefix("UIView#12") == 9)
        #expect(names.shortestUniquePrefix("UIView#3") == 8)
        #expect(names.shortestUniquePrefix("UILabel") == 3)  // "UIL"
        #expect(names.shortestUniquePrefix("nothing") == .max)
    }

    /// The layout by hand on a 20-cell row: "alpha" at 0…4; "beta" wants column 5 but must
    /// keep two blanks between (columns 5 and 6 are alpha's halo), so it starts at 7 and ends
    /// at 10; "gamma-long" (10 cells) is offered 13…19 (11 and 12 are beta's halo): 7 cells, so it is cut to "gamma-…" (6 + 1), since "g" alone starts only
    /// it. A blocked cell (a mark) at 3 on row 1 pushes "delta" to 4.
    @Test func layoutByHand() {
        var grid = LabelGrid(columns: 20, rows: 2)
        grid.block(column: 3, row: 1)
        let names = LabelNames(["alpha", "beta", "gamma-long", "delta"])
        let spot = LabelSpot(row: 0, minColumn: 0, maxColumn: 20)
        let placed = LabelLayout.place(
            [
                LabelCandidate(names: ["alpha"], priority: 0, spots: [spot]),
                LabelCandidate(names: ["beta"], priority: 1, spots: [LabelSpot(row: 0, minColumn: 5, maxColumn: 20)]),
                LabelCandidate(names: ["gamma-long"], priority: 2, spots: [LabelSpot(row: 0, minColumn: 13, maxColumn: 20)]),
                LabelCandidate(names: ["delta"], priority: 3, spots: [LabelSpot(row: 1, minColumn: 0, maxColumn: 20)])
            ], in: &grid, names: names)
        #expect(placed.map(\.text) == ["alpha", "beta", "gamma-…", "delta"])
        #expect(placed.map(\.column) == [0, 7, 13, 4])
    }

    /// Huge frames never trap the labels (issue 20): a 1e300-point layer and one at -1e300.
    /// Frames of 1e300 points, viewports at ±1e200 and scales of 1e-300…1e300: nothing traps,
    /// and what is drawn is what the clamps say. The scale is clamped to 1e-6…1e12 points a
    /// column (`Viewport.scaleRange`), so a viewport at x = −1e200 shows at most 80 × 1e12 =
    /// 8e13 points across, and the nearest layer edge (huge's, at x = 0) is 1e200 points
    /// away: a blank canvas at every scale. At the origin with 1e12 points a column, huge's
    /// top edge (y = 0) runs the whole width along the top dot row (⠉), its right edge at
    /// 1e300 far off the canvas, and its name sits under it.
    @Test func hugeFramesDoNotTrap() throws {
        var tree = LayerTree()
        _ = try tree.add(
            Layer(name: "huge").with {
                $0.bounds = Rect(0, 0, 1e300, 1e300); $0.position = Point(5e299, 5e299)
            })
        _ = try tree.add(
            Layer(name: "far").with {
                $0.bounds = Rect(0, 0, 10, 10); $0.position = Point(-1e300, 1e300)
            })
        var options = RasterOptions(mode: .braille, selection: tree.drawingOrder().first)
        options.labels = .all
        let blank = String(repeating: " ", count: 80)
        for scale in [1.0, 1e-300, 1e300] {
            let viewport = Viewport(origin: Point(-1e200, -1e200), pointsPerColumn: scale)
            let canvas = SceneRasterizer.render(tree, viewport: viewport, columns: 80, rows: 24, options: options)
            #expect(canvas.columns == 80 && canvas.rows == 24)
            #expect((0..<24).allSatisfy { canvas.text(row: $0) == blank }, "scale \(scale)")
        }
        let atOrigin = SceneRasterizer.render(tree, viewport: Viewport(origin: Point(0, 0), pointsPerColumn: 1e300), columns: 80, rows: 24, options: options)
        // Its left edge too, at column 0 (HugeLayerEdgeTests): the name sits beside it.
        #expect(atOrigin.text(row: 0) == "⡏" + String(repeating: "⠉", count: 79))
        #expect(atOrigin.text(row: 1).hasPrefix("⡇huge "))
        #expect(!(0..<24).contains { atOrigin.text(row: $0).contains("far") })
    }
}

extension Layer {
    /// A copy changed by `configure` (scene building in tests).
    func with(_ configure: (inout Layer) -> Void) -> Layer {
        var copy = self
        configure(&copy)
        return copy
    }
}
