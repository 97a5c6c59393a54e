import Foundation
import Testing
import LayoutFiles

/// The synthetic 300-view dump the end-to-end test opens is the generator's output (re-record
/// with LAYERSCOPE_RECORD_GOLDENS=1), and it imports as 300 views.
@Suite("Synthetic big dumps")
struct SyntheticDumpTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Synthetic/synthetic-300-views.txt")

    @Test("The committed 300-view file is the generator's output")
    func committedFileIsCurrent() throws {
        let text = RecursiveDescriptionSample.synthetic(views: 300)
        if ProcessInfo.processInfo.environment["LAYERSCOPE_RECORD_GOLDENS"] == "1" {
            try text.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: Self.file, encoding: .utf8) == text)
    }

    @Test("Generated dumps import with exactly the views asked for", arguments: [3, 300, 2_000])
    func sizes(_ n: Int) throws {
        let imported = try RecursiveDescriptionImporter.importDump(RecursiveDescriptionSample.synthetic(views: n), file: "s")
        #expect(imported.scene.tree.count == n)
        // One 45° view per card: only w + h is known, so each is marked approximate.
        // After 3 views, cards of 9 views; the 45° one is the 7th of its card.
        // 300: 297 = 33 cards → 33. 2 000: 1 997 = 221 cards + 8 views → 222.
        let expected = (n - 3) / 9 + ((n - 3) % 9 >= 7 ? 1 : 0)
        #expect(imported.approximate.count == expected)
        #expect(imported.approximate.allSatisfy { $0.reason.contains("45°") })
    }
}
