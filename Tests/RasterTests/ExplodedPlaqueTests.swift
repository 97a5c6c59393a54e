import Cells
import Geometry
import LayerModel
import Raster
import Testing

/// The exploded view keeps each plaque's text from frame to frame while the names and the
/// badges stay the same; a renamed layer or a new `≠` shows at once.
@Suite struct ExplodedPlaqueTests {
    /// Two quads side by side on a 40 × 10 canvas at 1 point a column, 2 a row:
    /// (2, 2)–(18, 12) = columns 2…18, rows 1…6, and (22, 2)–(38, 12) = columns 22…38.
    static func render(_ first: String, _ second: String, badge: Bool = false) -> String {
        func quad(_ x: Double) -> Quad { Quad(Point(x, 2), Point(x + 16, 2), Point(x + 16, 12), Point(x, 12)) }
        let items = [
            ExplodedRaster.Item(layer: LayerID(raw: 0), quad: quad(2), plane: 0, name: first, color: nil, badge: badge),
            ExplodedRaster.Item(layer: LayerID(raw: 1), quad: quad(22), plane: 1, name: second, color: nil, badge: badge)
        ]
        let canvas = ExplodedRaster.render(
            items, viewport: Viewport(origin: .zero, pointsPerColumn: 1), columns: 40, rows: 10,
            selection: nil, palette: .standard, unicode: true)
        return (0..<canvas.rows).map { canvas.text(row: $0) }.joined(separator: "\n")
    }

    @Test("A renamed layer's plaque and a new badge show on the next frame")
    func namesAndBadgesFollow() {
        let first = Self.render("alpha", "beta")
        #expect(first.contains("alpha") && first.contains("beta"))
        // The same names again: the same picture.
        #expect(Self.render("alpha", "beta") == first)
        let renamed = Self.render("alpha", "gamma")
        #expect(renamed.contains("gamma") && !renamed.contains("beta"))
        let badged = Self.render("alpha", "gamma", badge: true)
        #expect(badged.contains("≠ alpha") && badged.contains("≠ gamma"))
        // Back: the first picture exactly.
        #expect(Self.render("alpha", "beta") == first)
    }

    @Test("A plane projected past any Int, or to NaN, is drawn without trapping (fuzz find)")
    func hugeAndNaNQuadsDraw() {
        // The selected plane is filled before its outline; a corner at 1e300 points (a layer
        // projected from near the camera plane) used to overflow the fill's cell range.
        for far in [1e300, -1e300, Double.infinity, Double.nan] {
            let huge = Quad(Point(2, 2), Point(far, 2), Point(far, 12), Point(2, 12))
            let items = [
                ExplodedRaster.Item(layer: LayerID(raw: 0), quad: huge, plane: 0, name: "huge", color: nil, badge: false),
                ExplodedRaster.Item(
                    layer: LayerID(raw: 1), quad: Quad(Point(22, 14), Point(38, 14), Point(38, 18), Point(22, 18)),
                    plane: 1, name: "beta", color: nil, badge: false)
            ]
            let canvas = ExplodedRaster.render(
                items, viewport: Viewport(origin: .zero, pointsPerColumn: 1), columns: 40, rows: 10,
                selection: LayerID(raw: 0), palette: .standard, unicode: true)
            let text = (0..<canvas.rows).map { canvas.text(row: $0) }.joined(separator: "\n")
            // The plane that is in view is drawn whole, whatever the other one did.
            #expect(text.contains("beta"), "\(far)")
        }
    }
}
