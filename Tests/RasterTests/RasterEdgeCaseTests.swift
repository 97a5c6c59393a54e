import Cells
import Geometry
import Raster
import TestSupport
import Testing
import LayerModel

/// Small inline goldens and inputs that must never crash.
@Suite struct RasterEdgeCaseTests {
    static let asciiOptions = RasterOptions(mode: .ascii)

    @Test func asciiSquareIsOutlinedOnItsInsideSamples() throws {
        // A 16 × 8-point box at x 4…20, y 2…10, at 2 points per column and 4 per row. Cells
        // whose centres are inside: columns 2…9 (centres x 5…19), rows 0…1 (centres y 2, 6;
        // y 10 is out, half-open). The outline sits on those inside cells.
        var tree = LayerTree()
        try tree.add(Scenes.layer("box", Rect(0, 0, 16, 8), at: Point(12, 6)))
        let canvas = SceneRasterizer.render(
            tree, viewport: Viewport(pointsPerColumn: 2), columns: 12, rows: 4,
            options: Self.asciiOptions)
        expectCanvas(
            canvas,
            matches: """
                |  +------+  |
                |  +------+  |
                |            |
                |            |
                """)
    }

    @Test func asciiFillIsDotsInsideTheOutline() throws {
        var tree = LayerTree()
        try tree.add(
            Scenes.layer("box", Rect(0, 0, 16, 16), at: Point(12, 10)) {
                $0.backgroundColor = Scenes.green
            })
        let canvas = SceneRasterizer.render(
            tree, viewport: Viewport(pointsPerColumn: 2), columns: 12, rows: 5,
            options: Self.asciiOptions)
        // x 4…20, y 2…18: columns 2…9, rows 0…3 (row centres y 2, 6, 10, 14).
        expectCanvas(
            canvas,
            matches: """
                |  +------+  |
                |  |......|  |
                |  |......|  |
                |  +------+  |
                |            |
                """)
        #expect(canvas[4, 2].style.background == .rgb(40, 180, 60))
    }

    @Test func hiddenLayersDrawNothing() throws {
        var tree = LayerTree()
        let parent = try tree.add(Scenes.layer("hidden", Rect(0, 0, 16, 8), at: Point(12, 6)) { $0.isHidden = true })
        try tree.add(Scenes.layer("child", Rect(0, 0, 4, 4), at: Point(8, 4)), in: parent)
        let canvas = SceneRasterizer.render(
            tree, viewport: Viewport(pointsPerColumn: 2), columns: 12, rows: 4,
            options: Self.asciiOptions)
        #expect(canvas == Canvas(columns: 12, rows: 4))
    }

    @Test func translucentLayersAreDimmedAndBlended() throws {
        var tree = LayerTree()
        try tree.add(
            Scenes.layer("ghostly", Rect(0, 0, 16, 16), at: Point(12, 10)) {
                $0.backgroundColor = Color(red: 200, green: 100, blue: 0)
                $0.opacity = 0.5
            })
        let canvas = SceneRasterizer.render(
            tree, viewport: Viewport(pointsPerColumn: 2), columns: 12, rows: 5,
            options: Self.asciiOptions)
        #expect(canvas[2, 1].style.dim)
        // Half of (200, 100, 0) over the black backdrop.
        #expect(canvas[4, 2].style.background == .rgb(100, 50, 0))
    }

    @Test func aLayerSmallerThanADotStillShowsAsOneDot() throws {
        var tree = LayerTree()
        try tree.add(Scenes.layer("speck", Rect(0, 0, 0.2, 0.2), at: Point(10.5, 10.5)))
        let canvas = Scenes.render(tree, columns: 8, rows: 4)
        // (10.5, 10.5) is dot (10, 10): cell (5, 2), dot column 0, dot row 2 → ⠄.
        #expect(canvas[5, 2].glyph == "\u{2804}")
    }

    @Test func renderIntoKeepsUntouchedCells() throws {
        var tree = LayerTree()
        try tree.add(Scenes.layer("box", Rect(0, 0, 4, 4), at: Point(2, 2)))
        var canvas = Canvas(columns: 6, rows: 2, fill: Cell("x"))
        SceneRasterizer.render(tree, viewport: Viewport(pointsPerColumn: 2), into: &canvas, options: Self.asciiOptions)
        expectCanvas(
            canvas,
            matches: """
                |++xxxx|
                |xxxxxx|
                """)
    }

    @Test func autoModeIsBrailleOnUnicodeTargetsAndASCIIOtherwise() {
        #expect(RenderMode.auto.resolved(unicode: true) == .braille)
        #expect(RenderMode.auto.resolved(unicode: false) == .ascii)
        #expect(RenderMode.blocks.resolved(unicode: true) == .blocks)
        #expect(RenderMode.braille.resolved(unicode: false) == .ascii)
    }

    @Test func asciiModeEmitsOnlyASCII() throws {
        let (tree, id) = try Scenes.rotatedSquare()
        let canvas = Scenes.render(tree, mode: .braille.resolved(unicode: false), selection: id)
        #expect(canvas.cells.allSatisfy { $0.glyph.isASCII })
    }

    @Test func anchorPointZSeparatesTheAnchorFromThePosition() throws {
        // anchorPointZ 20 under a 60° turn about y: the anchor's point on the layer plane,
        // (anchor, z 0), lies 20 in front of the 3D anchor, which sits on position; turned,
        // it lands 20·sin 60° ≈ 17.3 points to the left of the crosshair (x 22.7: column 11).
        var tree = LayerTree()
        let id = try tree.add(
            Scenes.layer("card", Rect(0, 0, 24, 24), at: Point(40, 24)) {
                $0.anchorPointZ = 20
                $0.transform = .rotation(.degrees(60), x: 0, y: 1, z: 0)
            })
        let canvas = Scenes.render(tree, selection: id, overlays: [.anchor, .position])
        #expect(canvas[11, 6].glyph == "◉")
        #expect(canvas[20, 6].glyph != " ")  // the crosshair's centre
        #expect(canvas[20, 6].glyph != "◉")
    }

    // MARK: Degenerate input never crashes

    static func degenerateTrees() throws -> [LayerTree] {
        var trees: [LayerTree] = []
        var zero = LayerTree()
        let z = try zero.add(Scenes.layer("zero", .zero, at: Point(10, 10)) { $0.masksToBounds = true })
        try zero.add(Scenes.layer("inside", Rect(0, 0, 5, 5), at: .zero), in: z)
        trees.append(zero)

        var singular = LayerTree()
        let s = try singular.add(
            Scenes.layer("flat", Rect(0, 0, 20, 20), at: Point(20, 20)) {
                $0.transform = .scale(0, 1)
                $0.backgroundColor = Scenes.red
            })
        try singular.add(Scenes.layer("under", Rect(0, 0, 5, 5), at: Point(5, 5)), in: s)
        try singular.add(Scenes.layer("point", Rect(0, 0, 20, 20), at: Point(40, 20)) { $0.transform = .scale(0, 0) })
        trees.append(singular)

        var huge = LayerTree()
        try huge.add(
            Scenes.layer("huge", Rect(-1e9, -1e9, 2e9, 2e9), at: Point(1e9, -1e9)) {
                $0.backgroundColor = Scenes.blue
                $0.transform = .rotation(.degrees(33))
            })
        try huge.add(Scenes.layer("far", Rect(0, 0, 10, 10), at: Point(1e9, 1e9)))
        try huge.add(Scenes.layer("nan", Rect(0, 0, 10, 10), at: Point(.nan, 5)))
        try huge.add(Scenes.layer("inf", Rect(0, 0, .infinity, 10), at: Point(5, 5)) { $0.backgroundColor = Scenes.red })
        trees.append(huge)

        var behind = LayerTree()
        let eye = try behind.add(
            Scenes.layer("eye", Rect(0, 0, 80, 48), at: Point(40, 24)) {
                $0.sublayerTransform = .perspective(eyeDistance: 50)
            })
        let turned = try behind.add(
            Scenes.layer("turned", Rect(0, 0, 200, 100), at: Point(40, 24)) {
                $0.transform = .rotation(.degrees(100), x: 0, y: 1, z: 0)
                $0.backgroundColor = Scenes.green
                $0.masksToBounds = true
            }, in: eye)
        try behind.add(Scenes.layer("child", Rect(0, 0, 50, 50), at: Point(10, 10)), in: turned)
        try behind.add(
            Scenes.layer("pastEye", Rect(0, 0, 20, 20), at: Point(40, 24)) {
                $0.zPosition = 80
                $0.backgroundColor = Scenes.red
            }, in: eye)
        try behind.add(
            Scenes.layer("crossing", Rect(0, 0, 100, 40), at: Point(40, 24)) {
                $0.transform = .rotation(.degrees(80), x: 0, y: 1, z: 0)
                $0.borderColor = Scenes.white
                $0.borderWidth = 1
            }, in: eye)
        trees.append(behind)
        return trees
    }

    @Test(arguments: [(0, 0), (1, 1), (1, 40), (40, 1), (500, 200)])
    func degenerateScenesRenderAtAnySizeInEveryMode(columns: Int, rows: Int) throws {
        for tree in try Self.degenerateTrees() {
            for mode in [RenderMode.braille, .blocks, .ascii] {
                for id in tree.treeOrder + [nil] {
                    let canvas = SceneRasterizer.render(
                        tree, viewport: Scenes.viewport, columns: columns, rows: rows,
                        options: RasterOptions(mode: mode, selection: id))
                    #expect(canvas.columns == columns && canvas.rows == rows)
                }
            }
        }
    }

    @Test func weirdViewportsDoNotCrash() throws {
        let (tree, id) = try Scenes.rotatedSquare()
        for v in [
            Viewport(pointsPerColumn: 1e-300), Viewport(pointsPerColumn: 1e300),
            Viewport(origin: Point(1e300, -1e300)), Viewport(pointsPerColumn: .nan, cellAspect: 0)
        ] {
            _ = Scenes.render(tree, selection: id, viewport: v)
        }
        var broken = Viewport()
        broken.pointsPerColumn = 0
        broken.cellAspect = -.infinity
        #expect(Scenes.render(tree, selection: id, viewport: broken) == Scenes.render(tree, selection: id, viewport: Viewport()))
    }

    @Test func behindTheEyeIsClippedNotWrapped() throws {
        // A 200 × 24 layer turned 100° about y under an eye 50 points away. Local x maps to
        // z = −0.985·x and w = 1 + 0.0197·x: the end x = 100 lands at screen x 34.1 (w 2.97,
        // cos 100° < 0 puts it left of centre); towards x = −50.8 w falls to 0 and the image
        // runs off to the right; beyond that the layer is behind the eye. Only the front part
        // may be drawn: a naive divide by a negative w would mirror the rest onto the left.
        var tree = LayerTree()
        let eye = try tree.add(
            Scenes.layer("eye", Rect(0, 0, 80, 48), at: Point(40, 24)) {
                $0.sublayerTransform = .perspective(eyeDistance: 50)
            })
        try tree.add(
            Scenes.layer("turned", Rect(0, 0, 200, 24), at: Point(40, 24)) {
                $0.transform = .rotation(.degrees(100), x: 0, y: 1, z: 0)
                $0.backgroundColor = Scenes.green
            }, in: eye)
        var options = RasterOptions(mode: .ascii)
        options.showOutlines = false
        let canvas = SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 40, rows: 12, options: options)
        let filled = (0..<12).flatMap { r in (0..<40).filter { canvas[$0, r].glyph == "." } }
        #expect(filled.min() == 17)  // the first cell centre right of x 34.1 is column 17 (x 35)
        #expect(canvas[39, 0].glyph == ".")
        #expect(canvas[39, 11].glyph == ".")
        #expect(canvas[17, 5].glyph == ".")
        #expect(canvas[17, 0].glyph == " ")
    }
}
