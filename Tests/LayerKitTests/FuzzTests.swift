import Foundation
import Fuzzing
import Testing
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import LayerKit

/// Issue 15, fuzzing in the tree: a bounded, seeded run of the mutation fuzzer on each
/// target in every `swift test` (the million-input run is `scripts/fuzz.sh`). A trap or a
/// hang fails the run; an accepted layout that does not save and read back equal is a
/// reported problem.
@Suite("Seeded mutation fuzzing")
struct FuzzTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let corpus: [[UInt8]] = {
        var files: [[UInt8]] = []
        for folder in ["Layouts", "Tests/LayerKitTests/Malformed/layouts", "Tests/LayerKitTests/Malformed/scripts"] {
            let path = package.appendingPathComponent(folder).path
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                if let data = FileManager.default.contents(atPath: path + "/" + name) { files.append(Array(data)) }
            }
        }
        return files
    }()

    @Test(arguments: MutationFuzzer.Target.allCases)
    func twoThousandMutatedInputsNeitherTrapNorLoseData(_ target: MutationFuzzer.Target) {
        #expect(Self.corpus.count >= 80)   // 13 scenes + the malformed layouts and scripts
        var fuzzer = MutationFuzzer(corpus: Self.corpus, seed: 2026_11_23)
        let report = fuzzer.run(2_000, on: target)
        #expect(report.inputs == 2_000)
        #expect(report.problems.isEmpty, "\(report)")
    }

    @Test func theSameSeedGivesTheSameInputs() {
        var a = MutationFuzzer(corpus: Self.corpus, seed: 7), b = MutationFuzzer(corpus: Self.corpus, seed: 7)
        var c = MutationFuzzer(corpus: Self.corpus, seed: 8)
        let fromA = (0..<50).map { _ in a.nextInput() }
        #expect(fromA == (0..<50).map { _ in b.nextInput() })
        #expect(fromA != (0..<50).map { _ in c.nextInput() })
    }

    @Test func anAcceptedLayoutThatDoesNotRoundTripIsReported() {
        // The property's own check must be able to fail: an unchanged shipped scene is
        // accepted with no problem, and `difference` names a changed title.
        let popup = Array(FileManager.default.contents(atPath: Self.package.appendingPathComponent("Layouts/popup.json").path) ?? Data())
        let (accepted, problem) = MutationFuzzer.run(popup, on: .json)
        #expect(accepted && problem == nil)
        #expect(LayoutFile.difference(between: Scene(title: "a"), and: Scene(title: "b")) == "title")
    }
}
