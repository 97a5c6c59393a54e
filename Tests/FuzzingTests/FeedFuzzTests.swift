import Foundation
import Fuzzing
import Testing

/// Issue 36: follow mode's feed, fuzzed in every `swift test` (the long run is
/// `scripts/fuzz.sh`): mutated records, numbers past the policy, terminal controls in every
/// string, byte mutations, delivered through a pipe whole and in random pieces.
@Suite("Feed fuzzing")
struct FeedFuzzTests {
    static let popup = FuzzTests.package.appendingPathComponent("Layouts/popup.json").path

    /// `FEED_FUZZ_COUNT` and `FEED_FUZZ_SEED` run more.
    static let count = ProcessInfo.processInfo.environment["FEED_FUZZ_COUNT"].flatMap { Int($0) } ?? 200
    static let seed = ProcessInfo.processInfo.environment["FEED_FUZZ_SEED"].flatMap { UInt64($0) } ?? 2026_11_26

    @Test("200 mutated feeds: no trap; pieces change nothing; every record read keeps the policy; a clean screen")
    func mutatedFeeds() throws {
        var fuzzer = FeedFuzzer(sceneText: try String(contentsOfFile: Self.popup, encoding: .utf8), seed: Self.seed)
        // The feed it mutates: a scene, nine acts, bye.
        #expect(fuzzer.records.count == 11)
        let report = fuzzer.run(Self.count)
        #expect(report.inputs == Self.count)
        #expect(report.problems.isEmpty, "\(report)")
        // Most inputs still hold records: the mutations do not just break every line.
        #expect(report.accepted > Self.count * 2 / 3)
        print("feed fuzz: seed \(Self.seed): \(report)")
    }

    @Test func theUnmutatedFeedReadsWholeWithNothingSkipped() throws {
        var fuzzer = FeedFuzzer(sceneText: try String(contentsOfFile: Self.popup, encoding: .utf8), seed: 1)
        let bytes = fuzzer.feedBytes
        let outcome = fuzzer.run(bytes)
        #expect(outcome.problem == nil)
        #expect(outcome.records == 11)
        #expect(outcome.skipped == 0)
    }
}
