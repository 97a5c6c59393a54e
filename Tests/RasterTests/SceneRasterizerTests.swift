import Cells
import Geometry
import Raster
import TestSupport
import Testing
import LayerModel

/// Scenes live on an 80 × 48-point screen drawn into 40 × 12 cells: 2 points per column,
/// 4 points per row, so one braille dot is exactly 1 × 1 point and dot (x, y) samples the
/// point (x + 0.5, y + 0.5).
enum Scenes {
    static let viewport = Viewport(origin: .zero, pointsPerColumn: 2)
    static let columns = 40
    static let rows = 12

    static let red = Color(red: 220, green: 40, blue: 40)
    static let green = Color(red: 40, green: 180, blue: 60)
    static let blue = Color(red: 40, green: 80, blue: 220)
    static let white = Color(red: 255, green: 255, blue: 255)

    static func layer(_ name: String, _ bounds: Rect, at position: Point, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var l = Layer(name: name)
        l.bounds = bounds
        l.position = position
        configure(&l)
        return l
    }

    static func render(
        _ tree: LayerTree, mode: RenderMode = .braille, selection: LayerID? = nil,
        overlays: SelectionOverlays = .all, columns: Int = columns, rows: Int = rows,
        viewport: Viewport = viewport
    ) -> Canvas {
        SceneRasterizer.render(
            tree, viewport: viewport, columns: columns, rows: rows,
            options: RasterOptions(mode: mode, selection: selection, overlays: overlays))
    }

    /// A 24-point square rotated 30° about its centre at (40, 24). Its corners land at
    /// (35.6, 7.6) top, (56.4, 19.6) right, (44.4, 40.4) bottom, (23.6, 28.4) left:
    /// cells (17, 1), (28, 4), (22, 10), (11, 7).
    static func rotatedSquare() throws -> (LayerTree, LayerID) {
        var tree = LayerTree()
        let id = try tree.add(
            layer("square", Rect(0, 0, 24, 24), at: Point(40, 24)) {
                $0.transform = .rotation(.degrees(30))
            })
        return (tree, id)
    }
}

@Suite struct SceneRasterizerTests {
    @Test func rotatedQuad() throws {
        let (tree, _) = try Scenes.rotatedSquare()
        expectGolden(Scenes.render(tree))
    }

    @Test func frameBoxAroundRotatedQuad() throws {
        // The frame is the axis-aligned box x 23.6…56.4, y 7.6…40.4. Outlines sit on inside
        // samples: dots x 24…55, y 8…39, so columns 12…27 and rows 2…9; the box touches the
        // turned square at its four corners.
        let (tree, id) = try Scenes.rotatedSquare()
        expectGolden(Scenes.render(tree, selection: id, overlays: [.frame]))
    }

    @Test func ghostShowsTheBoundsWithoutTheTransform() throws {
        // The ghost: the same 24-point square at the same position with an identity
        // transform, x 28…52, y 12…36 (columns 14…25, rows 3…8), dotted; the real, turned
        // square outlined over it; anchor and position both at its centre, cell (20, 6).
        let (tree, id) = try Scenes.rotatedSquare()
        let canvas = Scenes.render(tree, selection: id, overlays: [.ghost, .outline, .anchor, .position])
        expectGolden(canvas)
        #expect(canvas[20, 6].glyph == "◉")
    }

    @Test func anchorChangeMovesFrameNotPosition() throws {
        // anchorPoint (0.5, 0.5) → (0, 0) the Core Animation way: position (40, 24) stays,
        // so the square's top-left corner now sits on the crosshair and the layer hangs
        // down-right of it, turned 30° about that corner.
        var (tree, id) = try Scenes.rotatedSquare()
        tree[id].setAnchorPoint(Point(0, 0), keepFrame: false)
        let canvas = Scenes.render(tree, selection: id, overlays: [.anchor, .position, .frame])
        expectGolden(canvas)
        #expect(canvas[20, 6].glyph == "◉")
    }

    @Test func zPositionDrawsAnEarlierSiblingOnTop() throws {
        // "front" comes first in tree order but has zPosition 1, so it is drawn last: its
        // outline is whole, and "back"'s outline disappears under front's fill.
        var tree = LayerTree()
        try tree.add(
            Scenes.layer("front", Rect(0, 0, 24, 24), at: Point(32, 20)) {
                $0.backgroundColor = Scenes.red
                $0.zPosition = 1
            })
        try tree.add(
            Scenes.layer("back", Rect(0, 0, 24, 24), at: Point(48, 30)) {
                $0.backgroundColor = Scenes.blue
            })
        let canvas = Scenes.render(tree)
        expectGolden(canvas)
        // Cell (20, 6) covers x 40…42, y 24…28: inside both squares; front's red wins.
        #expect(canvas[20, 6].style.foreground == .rgb(220, 40, 40))
        // Cell (24, 8) is only inside back.
        #expect(canvas[24, 8].style.foreground == .rgb(40, 80, 220))
    }

    @Test func masksToBoundsClipsARotatedChild() throws {
        // parent: x 24…56, y 8…40, masks. child: a 24-point square turned 45° centred on
        // the parent's top-right corner (56, 8); only its lower-left quarter is inside.
        var tree = LayerTree()
        let parent = try tree.add(
            Scenes.layer("parent", Rect(0, 0, 32, 32), at: Point(40, 24)) {
                $0.masksToBounds = true
            })
        try tree.add(
            Scenes.layer("child", Rect(0, 0, 24, 24), at: Point(32, 0)) {
                $0.transform = .rotation(.degrees(45))
                $0.backgroundColor = Scenes.green
                $0.borderColor = Scenes.white
                $0.borderWidth = 1
            }, in: parent)
        expectGolden(Scenes.render(tree))
    }

    @Test func perspectiveForeshortensTheFarSide() throws {
        // The container's sublayerTransform has the eye 60 points away. The card turns 45°
        // about y: its right half goes away from the eye (z < 0) and shrinks, its left half
        // comes closer and grows.
        var tree = LayerTree()
        let container = try tree.add(
            Scenes.layer("container", Rect(0, 0, 80, 48), at: Point(40, 24)) {
                $0.sublayerTransform = .perspective(eyeDistance: 60)
            })
        try tree.add(
            Scenes.layer("card", Rect(0, 0, 32, 24), at: Point(40, 24)) {
                $0.transform = .rotation(.degrees(45), x: 0, y: 1, z: 0)
            }, in: container)
        let canvas = Scenes.render(tree, columns: 40, rows: 12)
        expectGolden(canvas)
    }

    @Test func geometryFlippedMirrorsSublayersVertically() throws {
        // Two 32-point containers; each holds a 12 × 8 child at position (10, 8), near its
        // top-left. The right container is geometryFlipped: y → 0 + 32 − y, so its child
        // sits near its bottom-left instead.
        var tree = LayerTree()
        for (name, x, flipped) in [("plain", 20.0, false), ("flipped", 60.0, true)] {
            let c = try tree.add(
                Scenes.layer(name, Rect(0, 0, 32, 32), at: Point(x, 24)) {
                    $0.isGeometryFlipped = flipped
                })
            try tree.add(
                Scenes.layer(name + "Child", Rect(0, 0, 12, 8), at: Point(10, 8)) {
                    $0.backgroundColor = Scenes.green
                }, in: c)
        }
        expectGolden(Scenes.render(tree))
    }

    /// A filled card with a border and a rotated translucent badge inside, the badge
    /// selected; on a 120 × 72-point screen in 60 × 18 cells. card: x 10…110, y 8…64
    /// (columns 5…54, rows 2…15). badge: 40 × 20 centred on (60, 36), turned −20°; its
    /// frame x 37.8…82.2, y 19.8…52.2 (columns 18…41, rows 4…13); its ghost x 40…80,
    /// y 26…46 (columns 20…39, rows 6…11); anchor and position both at cell (30, 9).
    static func showcase() throws -> (LayerTree, LayerID) {
        var tree = LayerTree()
        let card = try tree.add(
            Scenes.layer("card", Rect(0, 0, 100, 56), at: Point(60, 36)) {
                $0.backgroundColor = Scenes.blue
                $0.borderColor = Scenes.white
                $0.borderWidth = 1
            })
        let badge = try tree.add(
            Scenes.layer("badge", Rect(0, 0, 40, 20), at: Point(50, 28)) {
                $0.transform = .rotation(.degrees(-20))
                $0.backgroundColor = Scenes.red
                $0.opacity = 0.8
            }, in: card)
        return (tree, badge)
    }

    @Test(arguments: [RenderMode.braille, .blocks, .ascii])
    func renderMode(_ mode: RenderMode) throws {
        let (tree, badge) = try Self.showcase()
        // ASCII shows every overlay (its glyphs keep them apart); the others show the
        // selection outline, crosshair and anchor (frame and ghost have their own goldens).
        let overlays: SelectionOverlays = mode == .ascii ? .all : [.outline, .anchor, .position]
        let canvas = Scenes.render(tree, mode: mode, selection: badge, overlays: overlays, columns: 60, rows: 18)
        expectGolden(canvas, named: "renderMode-\(mode.rawValue)")
        let marker: Character = mode == .ascii ? "*" : "◉"
        #expect(canvas[30, 9].glyph == marker)
        // The badge's red (0.8 over the card's blue) is a blend, not either colour.
        let blend = CellColor.rgb(184, 48, 76)
        let badgeCell = mode == .ascii ? canvas[26, 9].style.background : canvas[26, 9].style.foreground
        #expect(badgeCell == blend)
    }
}
