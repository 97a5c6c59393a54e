import Geometry
import LayerModel
import Raster
import Testing

/// `CanvasMark.shown(by:)`: the legend's list follows what the options ask the rasterizer to draw.
@Suite struct CanvasMarkTests {
    @Test("Each flat mark is listed exactly when the options draw it")
    func shownByOptions() {
        let id = LayerID(raw: 0)
        // Nothing selected, nothing else: no marks.
        #expect(CanvasMark.shown(by: RasterOptions()).isEmpty)
        // A selection with every overlay: the five selection marks, in the legend's order.
        var options = RasterOptions(selection: id)
        #expect(CanvasMark.shown(by: options) == [.selection, .frame, .ghost, .position, .anchor])
        // Only the outline and the frame (the cursor's hit): those two.
        options.overlays = [.outline, .frame]
        #expect(CanvasMark.shown(by: options) == [.selection, .frame])
        // A model ghost under a layer, the content axes, the shading: each adds its mark.
        options.annotations = [Annotation(.polygon([Point(0, 0), Point(1, 0), Point(1, 1)]), color: Color(red: 0, green: 0, blue: 0), under: id)]
        options.contentStep = ContentStep(layer: id, count: 1, axes: true)
        options.shading = SubtreeShading(root: id)
        #expect(CanvasMark.shown(by: options) == [.selection, .frame, .model, .contentAxes, .shadedSubtree])
        // An annotation that is not a model ghost, axes off, fills off: none of the three.
        options.annotations = [Annotation(.polygon([Point(0, 0), Point(1, 0), Point(1, 1)]), color: Color(red: 0, green: 0, blue: 0))]
        options.contentStep = ContentStep(layer: id, count: 1, axes: false)
        options.showFills = false
        #expect(CanvasMark.shown(by: options) == [.selection, .frame])
    }

    @Test("Every mark has a glyph one column wide in both alphabets and a meaning")
    func glyphs() {
        for mark in CanvasMark.allCases {
            #expect(mark.glyph(unicode: true).count == 1 && mark.glyph(unicode: false).count == 1, "\(mark)")
            #expect(mark.glyph(unicode: false).unicodeScalars.allSatisfy { $0.isASCII } || mark == .disagreement, "\(mark)")
            #expect(!mark.meaning.isEmpty)
        }
        // The exploded plane's fill for a layer without a colour of its own (issue 32: planes
        // in their own colours, no magenta): the default outline 18% over the backdrop,
        // (150, 150, 150) · 0.18 over black = 27 each.
        #expect(CanvasMark.selectedPlane.color(.standard) == Color(red: 27, green: 27, blue: 27))
    }
}
