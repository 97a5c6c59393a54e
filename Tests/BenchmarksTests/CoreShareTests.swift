import Benchmarks
import Testing

@Suite struct CoreShareTests {
    @Test func theRatioIsTheEightChainsTimeOverTheOneChains() {
        // 3.0 ms for the eight chains against 2.5 ms for the one: 3.0 / 2.5 = 1.2.
        #expect(CoreShare.Sample(latency: 2.5, throughput: 3.0).ratio == 1.2)
        // 2.0 against 2.5: 0.8, the figure of this machine's cores alone.
        #expect(CoreShare.Sample(latency: 2.5, throughput: 2.0).ratio == 0.8)
        // No time for the one chain: no ratio rather than infinity.
        #expect(CoreShare.Sample(latency: 0, throughput: 3.0).ratio == 0)
    }

    @Test func ratiosAreSaidWithTwoDecimals() {
        #expect(CoreShare.describe(0.79) == "0.79")
        #expect(CoreShare.describe(1.5) == "1.50")
        #expect(CoreShare.describe(2) == "2.00")
        // 1.047 → 104.7 hundredths → 105; 0.046 → 4.6 → 5, written with its leading zero.
        #expect(CoreShare.describe(1.047) == "1.05")
        #expect(CoreShare.describe(0.046) == "0.05")
        #expect(CoreShare.describe(-1) == "0.00")
    }

    @Test func oneSampleAThreadAndBothLoopsTimed() {
        let two = CoreShare.sample(threads: 2, steps: 20_000, rounds: 1)
        #expect(two.all.count == 2)
        // The calling thread ran one of the two.
        #expect(two.all.contains(two.caller))
        for s in two.all {
            #expect(s.latency > 0 && s.latency.isFinite)
            #expect(s.throughput > 0 && s.throughput.isFinite)
        }
        // Asked for no thread, it still samples one.
        #expect(CoreShare.sample(threads: 0, steps: 1_000, rounds: 1).all.count == 1)
    }

    @Test func framesAreSplitByTheSampleBeforeThem() {
        typealias S = CoreShare.Sample
        // The quickest one chain is 2.5 ms, so a sample whose chain took over 2.75 ms was
        // interrupted (the last pixel one: 3.0 ms). The lowest ratio of the rest is 1.95 / 2.5 =
        // 0.78, the bound 0.78 × 1.1 = 0.858, said as 0.86.
        let pixels = (
            times: [5.0, 7, 4, 6],
            samples: [
                S(latency: 2.5, throughput: 2.0), S(latency: 2.5, throughput: 3.0),
                S(latency: 2.5, throughput: 2.1), S(latency: 3.0, throughput: 2.4)
            ]
        )
        let oneThread = (
            times: [8.0, 12, 9],
            samples: [
                S(latency: 2.5, throughput: 1.95), S(latency: 2.6, throughput: 3.9),
                S(latency: 2.5, throughput: 2.0)
            ]
        )
        // Near: pixels at 0.8 and 0.84 (5 and 4 ms, median 4.5), one thread at 0.78 and 0.8 (8
        // and 9 ms, median 8.5). Above: pixels at 1.2 and the interrupted one (7 and 6 ms,
        // median 6.5), one thread at 1.5 (12 ms).
        #expect(
            CoreShare.split(pixels: pixels, oneThread: oneThread)
                == "the same frames by their cores (CoreShare: eight chains ÷ one chain, the run's lowest 0.78): "
                + "near it (≤ 0.86) pixels 4.50 ms (2 of 4), one thread 8.50 ms (2 of 3); "
                + "above it, pixels 6.50 ms (2 of 4), one thread 12.00 ms (1 of 3)")
        // Every frame near the lowest: the other group is said to be empty.
        let same = (times: [3.0], samples: [S(latency: 2.5, throughput: 2.0)])
        #expect(
            CoreShare.split(pixels: same, oneThread: same)
                == "the same frames by their cores (CoreShare: eight chains ÷ one chain, the run's lowest 0.80): "
                + "near it (≤ 0.88) pixels 3.00 ms (1 of 1), one thread 3.00 ms (1 of 1); above it, pixels none, one thread none")
    }
}
