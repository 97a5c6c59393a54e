import Foundation
import Mutation
import Scenes
import Fuzzing
import Testing
import TestSupport
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine

/// Issue 15, fuzzing in the tree: a bounded, seeded run of the mutation fuzzer on each
/// target in every `swift test` (the million-input run is `scripts/fuzz.sh`). A trap or a
/// hang fails the run; an accepted layout that does not save and read back equal is a
/// reported problem.
@Suite("Seeded mutation fuzzing")
struct FuzzTests {
    static let package = PackageRoot.url

    static let corpus: [[UInt8]] = {
        var files: [[UInt8]] = []
        for folder in ["Layouts", "Tests/LayoutFilesTests/Malformed/layouts", "Tests/EngineTests/Malformed/scripts"] {
            let path = package.appendingPathComponent(folder).path
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                if let data = FileManager.default.contents(atPath: path + "/" + name) { files.append(Array(data)) }
            }
        }
        return files
    }()

    @Test(arguments: MutationFuzzer.Target.allCases)
    func twoThousandMutatedInputsNeitherTrapNorLoseData(_ target: MutationFuzzer.Target) {
        #expect(Self.corpus.count >= 80)  // 13 scenes + the malformed layouts and scripts
        var fuzzer = MutationFuzzer(corpus: target == .animation ? SceneFuzzer.commandCorpus + Self.corpus : Self.corpus, seed: 2026_11_23)
        if target == .animation { fuzzer.extraTokens = SceneFuzzer.commandTokens }
        // A round trip saves, reopens, renders and hit-tests every step: 200 of those.
        let count = target == .roundTrip ? 200 : 2_000
        let report = fuzzer.run(count, on: target)
        #expect(report.inputs == count)
        #expect(report.hangs == 0)
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

/// Issue 20: the round-trip property over random seeded scenes, and its power to fail.
@Suite("Round trips of random scenes")
struct RandomSceneRoundTripTests {
    @Test func randomScenesSaveAndReopenEqualInBothFormats() {
        // 300 seeds: layers with numbers such as 1e-10, 5e-324, 0.1 + 0.2 and ±1e9, declared
        // animations and steps; the reopened scene draws, hits and steps the same.
        var withSteps = 0, withAnimations = 0
        for seed in 0..<300 as Range<UInt64> {
            let scene = SceneFuzzer.randomScene(seed: seed)
            if !scene.steps.isEmpty { withSteps += 1 }
            if !scene.animations.isEmpty { withAnimations += 1 }
            for format in [LayoutFormat.json, .yaml] {
                #expect(SceneFuzzer.roundTrip(scene, format: format) == nil, "seed \(seed)")
            }
        }
        // The generator makes what the property is about (counts from this seed range).
        #expect(withSteps > 100 && withAnimations > 100, "\(withSteps) \(withAnimations)")
    }

    @Test func randomDemosSurviveAnEditAndAPreservingSave() throws {
        let dir = try TemporaryDirectory()
        for seed in 0..<60 as Range<UInt64> {
            let scene = SceneFuzzer.randomScene(seed: seed)
            #expect(SceneFuzzer.roundTripThroughSave(scene, path: dir.path + "/demo.json", seed: seed) == nil, "seed \(seed)")
        }
    }

    @Test func theComparisonSeesOneBitAndALostStep() throws {
        // The property's own check must be able to fail: zPosition 1e-10 against 0 is a
        // difference, and a scene whose written text loses a step's layer is caught.
        var a = Scene(), b = Scene()
        var l = Layer(name: "a"); l.zPosition = 1e-10
        _ = try a.tree.add(l)
        l.zPosition = 0
        _ = try b.tree.add(l)
        #expect(LayoutFile.difference(between: a, and: b) == "layer a")
        #expect(NumberText.short(1e-10) == "0")  // what the old save wrote
        #expect(NumberText.file(1e-10) == "1e-10")
    }
}
