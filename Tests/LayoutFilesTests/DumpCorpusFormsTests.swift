import Testing
import Geometry
import LayerModel
import LayoutFiles

/// Hand-checked readings of the real texts that bring a form to the corpus: `(layer)`
/// sublayer lines, a frameless parent, a dump captured through Detox.
@Suite("Real texts for (layer) lines, frameless parents and Detox")
struct DumpCorpusFormsTests {
    func tree(_ name: String, strict: Bool = true) throws -> LayerTree {
        try RecursiveDescriptionImporter.importDump(try dumpText(name), file: name, lenient: !strict).scene.tree
    }

    @Test("chisel pviews: each `<_UILabelContentLayer: 0x…> (layer)` is a layer under its label, geometry not printed, never drawn")
    func labelContentLayers() throws {
        let t = try tree("48-chisel-pviews-label-content-layers.txt")
        for (layerName, label) in [("_UILabelContentLayer#1", "UILabel#1"), ("_UILabelContentLayer#2", "UILabel#2")] {
            let layer = t[try #require(t.id(named: layerName))]
            #expect(layer.kind == .layer && layer.isHidden)
            #expect(layer.superlayer == t.id(named: label))
            #expect(layer.note?.contains("geometry not printed") == true)
        }
        #expect(t[try #require(t.id(named: "_UILabelContentLayer#1"))].note?.contains("0x131a3d50") == true)
        // The labels themselves keep their printed frames: (0 135; 126 14) and (0 155; 126 12).
        #expect(t[try #require(t.id(named: "UILabel#1"))].frame == Rect(x: 0, y: 135, width: 126, height: 14))
        #expect(t[try #require(t.id(named: "UILabel#2"))].frame == Rect(x: 0, y: 155, width: 126, height: 12))
    }

    @Test("debugserver: a `(layer)` line four levels deep hangs under its UIButtonLabel")
    func deepLabelContentLayer() throws {
        let t = try tree("51-debugserver-button-label-content-layer.txt")
        let layer = try #require(t.id(named: "_UILabelContentLayer"))
        #expect(t[layer].kind == .layer && t[layer].isHidden)
        #expect(t[layer].superlayer == t.id(named: "UIButtonLabel") && t.depth(of: layer) == 4)
        // The label's printed frame (23 39.3333; 54 21.6667): center 23 + 27 = 50,
        // 39.3333 + 10.83335 = 50.16665 (to the printed digits).
        let label = t[try #require(t.id(named: "UIButtonLabel"))]
        #expect(abs(label.position.x - 50) < 1e-9 && abs(label.position.y - 50.16665) < 1e-4)
    }

    @Test("Apple Music: the frameless UISwipeActionPullView is a container of unknown geometry; its buttons keep anchorPoint (1, 0.5)")
    func framelessParent() throws {
        let t = try tree("49-applemusic-swipe-pull-view-frameless.txt")
        let pull = t[try #require(t.id(named: "UISwipeActionPullView"))]
        #expect(pull.note?.contains("frame not printed: a container of unknown geometry") == true)
        #expect(pull.bounds == .zero && pull.position == .zero)
        #expect(pull.sublayers.count == 8)
        // frame (74 0; 74 48), anchorPoint (1, 0.5): center = (74 + 1·74, 0 + 0.5·48) = (148, 24).
        let button = t[try #require(t.id(named: "UISwipeActionStandardButton#1"))]
        #expect(button.anchorPoint == Point(x: 1, y: 0.5) && button.position == Point(x: 148, y: 24))
        #expect(button.frame == Rect(x: 74, y: 0, width: 74, height: 48))
        // frame (-517 0; 591 48): center (-517 + 295.5, 24) = (-221.5, 24).
        #expect(t[try #require(t.id(named: "UIView#1"))].position == Point(x: -221.5, y: 24))
    }

    @Test("Detox's 'View Hierarchy:' (issue #2192): 8 levels, reactTag before frame, the 4-space indentation kept")
    func detox() throws {
        let t = try tree("50-detox-issue2192-view-hierarchy.txt")
        #expect(t.count == 8)
        let content = try #require(t.id(named: "RCTRootContentView"))
        #expect(t[content].frame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(t.depth(of: content) == 4)
        #expect(t.depth(of: try #require(t.id(named: "RCTView#3"))) == 7)
    }
}
