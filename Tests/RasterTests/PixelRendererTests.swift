import Cells
import Geometry
import LayerModel
import Raster
import SeededRandom
import Testing

/// The kept pixel canvas (`PixelRenderer`): painting only where the fills changed gives
/// exactly the picture a whole new painting gives, says exactly which pixels changed, and
/// does a small part of the work for a small change.
@Suite struct PixelRendererTests {
    /// 80 × 40 cells at 2 points a column and 10 × 20 pixels a cell: 800 × 800 pixels, 5 a point.
    static let viewport = Viewport(origin: .zero, pointsPerColumn: 2)
    static let columns = 80, rows = 40

    /// A backdrop plate, a card with two children (one masked), a translucent overlay, and
    /// a small square far from the card.
    static func scene() throws -> (LayerTree, [String: LayerID]) {
        var tree = LayerTree()
        var ids: [String: LayerID] = [:]
        ids["plate"] = try tree.add(
            Scenes.layer("plate", Rect(0, 0, 150, 150), at: Point(80, 80)) {
                $0.backgroundColor = Color(red: 30, green: 30, blue: 40)
            })
        ids["card"] = try tree.add(
            Scenes.layer("card", Rect(0, 0, 60, 40), at: Point(50, 50)) {
                $0.backgroundColor = Scenes.blue
                $0.borderColor = Scenes.white
                $0.borderWidth = 2
                $0.masksToBounds = true
            }, in: ids["plate"])
        ids["child"] = try tree.add(
            Scenes.layer("child", Rect(0, 0, 30, 20), at: Point(50, 30)) {
                $0.backgroundColor = Scenes.green
                $0.transform = .rotation(.degrees(20))
            }, in: ids["card"])
        ids["veil"] = try tree.add(
            Scenes.layer("veil", Rect(0, 0, 50, 30), at: Point(70, 60)) {
                $0.backgroundColor = Scenes.red
                $0.opacity = 0.5
            }, in: ids["plate"])
        ids["dot"] = try tree.add(
            Scenes.layer("dot", Rect(0, 0, 10, 10), at: Point(140, 140)) {
                $0.backgroundColor = Scenes.white
                $0.transform = .rotation(.degrees(10))
            }, in: ids["plate"])
        return (tree, ids)
    }

    static func options(_ selection: LayerID?) -> RasterOptions {
        var o = RasterOptions(selection: selection, showOutlines: true)
        o.overlays = selection == nil ? [] : .all
        return o
    }

    /// The smallest rectangle where two images differ (brute force), nil when equal.
    static func difference(_ a: PixelImage, _ b: PixelImage) -> PixelRect? {
        var r: PixelRect?
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                let p = PixelRect(x: x, y: y, width: 1, height: 1)
                r = r.map { $0.union(p) } ?? p
            }
        }
        return r
    }

    @Test func repaintingWhatChangedGivesTheWholePaintingsPixels() throws {
        var (tree, ids) = try Self.scene()
        let renderer = PixelRenderer()
        var rng = SplitMix64(seed: 35)
        var selection: LayerID? = ids["card"]
        var previous = PixelImage(width: 0, height: 0)
        let names = ["card", "child", "veil", "dot"]
        for step in 0..<40 {
            // One change a step: turn, move, recolour, fade, reorder by z, hide, select.
            let id = ids[names[Int(rng.next() % 4)]]!
            switch step % 7 {
            case 0: tree[id].transform = .rotation(.degrees(360 * rng.unit()))
            case 1: tree[id].position.x += 10 * rng.unit() - 5
            case 2: tree[id].backgroundColor = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte())
            case 3: tree[id].opacity = 0.2 + 0.8 * rng.unit()
            case 4: tree[id].zPosition = Double(Int(rng.next() % 3))
            case 5: tree[id].isHidden.toggle()
            default: selection = rng.unit() < 0.3 ? nil : id
            }
            let changed = renderer.render(tree, viewport: Self.viewport, columns: Self.columns, rows: Self.rows, options: Self.options(selection))
            let whole = PixelRaster.render(tree, viewport: Self.viewport, columns: Self.columns, rows: Self.rows, options: Self.options(selection))
            #expect(renderer.image == whole, "step \(step): the kept picture is the whole painting's")
            if step > 0 {
                #expect(changed == Self.difference(previous, whole), "step \(step): exactly the pixels that changed")
            }
            previous = whole
        }
    }

    @Test func turningTheSmallSquareRepaintsOnlyItsPlace() throws {
        var (tree, ids) = try Self.scene()
        let renderer = PixelRenderer()
        let dot = ids["dot"]!
        renderer.render(tree, viewport: Self.viewport, columns: Self.columns, rows: Self.rows, options: Self.options(nil))
        #expect(renderer.repaintedPixels == 800 * 800)
        let fills = renderer.paintedFills
        // The same frame again: nothing repainted, nothing changed.
        #expect(renderer.render(tree, viewport: Self.viewport, columns: Self.columns, rows: Self.rows, options: Self.options(nil)) == nil)
        #expect(renderer.repaintedPixels == 0)
        // The dot: 10 points = 50 pixels a side, at (140, 140) in the plate, whose top-left
        // is at (80 − 75, 80 − 75) = (5, 5): centred on point (145, 145), pixel (725, 725). Turned from
        // 10° to 40° its old and new squares both fit in a circle of radius 25·√2 ≈ 35.4
        // pixels: at most 72 × 72 pixels, with the 8-pixel merging margin unused (one rect).
        tree[dot].transform = .rotation(.degrees(40))
        let changed = try #require(renderer.render(tree, viewport: Self.viewport, columns: Self.columns, rows: Self.rows, options: Self.options(nil)))
        #expect(renderer.repaintedPixels <= 72 * 72)
        #expect(changed.x >= 725 - 36 && changed.maxX <= 725 + 36 && changed.y >= 725 - 36 && changed.maxY <= 725 + 36)
        // Painted there: the plate, the dot and their outlines — not the card's fills.
        #expect(renderer.paintedFills < fills / 2)
    }
}
