import Foundation
import Mutation
import Testing
import LayoutFiles
import TestSupport

@Suite("The dump reader under the mutation fuzzer")
struct DumpFuzzTests {
    @Test("3 000 mutated corpus dumps: no trap, no hang, every accepted dump saves and reopens equal")
    func fuzzDumps() throws {
        // The corpus of LayoutFilesTests (Tests/LayoutFilesTests/Dumps), read from the checkout.
        let folder = PackageRoot.url.appendingPathComponent("Tests/LayoutFilesTests/Dumps")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "MANIFEST.md" }.sorted()
        let corpus = try names.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
        #expect(corpus.count >= 40)
        var fuzzer = MutationFuzzer(corpus: corpus, seed: 21)
        var accepted = 0
        var problems: [String] = []
        var slowest = Duration.zero
        let clock = ContinuousClock()
        for _ in 0..<3_000 {
            let input = fuzzer.nextInput()
            let start = clock.now
            let (ok, problem) = DumpFuzzTarget.run(input)
            slowest = max(slowest, clock.now - start)
            if ok { accepted += 1 }
            if let problem { problems.append(problem) }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        // Most mutations keep some readable view: the reader skips, it does not give up.
        #expect(accepted > 1_500)
        // No hang: the corpus files are small (the largest, SDCALayer's first star.json, 290 KB in
        // 7 333 lines) — a debug build, a loaded machine.
        #expect(slowest < .seconds(2))
    }
}
