import Geometry
import Testing
import LayerModel
import LayoutFiles

/// The autoresizing masks a dump prints are read and act when the imported root changes size.
@Suite("Imported autoresizing masks")
struct ImportedMasksTests {
    @Test("Imported masks act: the 2013 dump's root turned to landscape")
    func importedMasks() throws {
        let text = try dumpText("14-hatenablog-nslog-timestamp.txt")
        let scene = try RecursiveDescriptionImporter.importDump(text, file: "d").scene
        var tree = scene.tree
        let root = try #require(tree.id(named: "UIView#1"))
        tree.resize(root, to: Size(width: 460, height: 320))
        // UIRoundedRectButton#1 (RM+BM) at (25 397): fixed left and top margins → stays.
        #expect(tree[try #require(tree.id(named: "UIRoundedRectButton#1"))].frame.origin == Point(x: 25, y: 397))
        // UIView#2 (LM+RM) at (0 0; 320 224): both margins 0 → +140 split 70 / 70.
        #expect(tree[try #require(tree.id(named: "UIView#2"))].frame.origin == Point(x: 70, y: 0))
    }
}
