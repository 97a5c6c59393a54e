import Cells
@testable import Explorer
import Foundation
@testable import Raster
import TestSupport
import Testing

/// The one-pass border (issue 35, part five) on every shipped scene: the pixel canvas as
/// the explorer draws it (the flat view's tree and options, at 80 × 24 and 200 × 60 with
/// 10 × 20 cells) against the previous painting of the same fills (`PixelReference`: every
/// fill alone, a border as separate strips after it), within a stated tolerance. The
/// pixels differ only where a border meets its fill or what is outside it (one blend
/// where the strips' seams took two) and at the outline's corners.
@Suite struct PixelShippedScenesTests {
    static let sizes = [(80, 24), (200, 60)]

    @Test(arguments: LayoutGoldenTests.layoutFiles)
    func theShippedSceneIsThePreviousPaintingWithinTolerance(_ file: String) throws {
        for (columns, rows) in Self.sizes {
            let state = try LayoutGoldenTests.state(file, columns: columns, rows: rows)
            var options = ScreenOptions(mode: .braille, unicode: true)
            options.pixels = true
            let drawn = TimeView.drawnTree(state)
            let rasterOptions = ExplorerScreen.flatRasterOptions(state, options: options, drawn: drawn, report: nil)
            let area = state.layout.canvas
            let (list, width, height, backdrop) = PixelRaster.record(drawn, viewport: state.viewport, columns: area.columns, rows: area.rows,
                                                                      cellWidth: 10, cellHeight: 20, options: rasterOptions)
            var now = PixelImage(width: width, height: height, fill: backdrop)
            list.paint(into: &now, clip: PixelRect(x: 0, y: 0, width: width, height: height))
            var before = PixelImage(width: width, height: height, fill: backdrop)
            PixelReference.paint(list, into: &before)
            let d = PixelDifference(now, before)
            // Measured over the 21 scenes at both sizes: at least 99.2% within 2/255, mean
            // |Δ| at most 0.25/255 (the messages give each).
            #expect(d.within2 >= 0.99, "\(file) at \(columns)×\(rows): \(d)")
            #expect(d.meanAbs <= 0.5, "\(file) at \(columns)×\(rows): \(d)")
            #expect(now != PixelImage(width: width, height: height, fill: backdrop), "\(file): something is drawn")
        }
    }
}
