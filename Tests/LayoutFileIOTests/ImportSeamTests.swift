import Foundation
import Testing
import LayerModel
@testable import LayoutFiles
@testable import LayoutFileIO
import TestSupport

/// The import seam's dumps saved to a layout file and read back (issue 36): the file side of
/// LayoutFilesTests' `ImportSeamTests`.
@Suite("Import seam and linear importers")
struct ImportSeamTests {
    /// A chain of `levels` po layers, each listing the next.
    static func poChain(_ levels: Int) -> String {
        (1...levels).map { i in
            "<CALayer: 0x\(String(i, radix: 16)); position = CGPoint (5 5); bounds = CGRect (0 0; 10 10)"
                + (i < levels ? "; sublayers = (<CALayer: 0x\(String(i + 1, radix: 16))>)" : "") + ">"
        }.joined(separator: "\n") + "\n"
    }

    @Test func a120DeepPoChainHangsAtLevel99AndSavesAndReopens() throws {
        let dump = try RecursiveDescriptionImporter.importDump(Self.poChain(120), file: "chain.txt", lenient: true)
        #expect(dump.scene.tree.count == 120)
        // Levels 0…98 (99 levels); layers 100…120 of the chain hang at level 99: 21 of them.
        #expect(maxDepth(dump.scene.tree) == 98)
        #expect(dump.skipped.count == 1)
        #expect(
            dump.skipped[0].message.contains(
                "this dump nests CALayer#100 more than the 99 levels a layout file holds (21 layers that deep, all hung at level 99)"))
        for ext in ["json", "yaml"] {
            let path = NSTemporaryDirectory() + "layerscope-chain-\(getpid()).\(ext)"
            defer { unlink(path) }
            try LayoutFile.write(dump.scene, to: path)
            let back = try LayoutFile.load(contentsOf: path)
            #expect(back.tree.count == 120)
            #expect(LayoutFile.difference(between: dump.scene, and: back) == nil)
        }
        // Strict stops at the first layer too deep, with its line.
        let e = try #require(throws: LayoutError.self) { try RecursiveDescriptionImporter.importDump(Self.poChain(120), file: "chain.txt", lenient: false) }
        #expect(e.line == 100 && e.message.contains("this dump nests"))
    }
}
