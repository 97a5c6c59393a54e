#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Dispatch
import Synchronization

/// How much of its core each thread gets while a benchmark runs (docs/performance.md, "Issue
/// 35, part seventeen").
///
/// On a shared machine a virtual CPU can be one hyperthread of a core whose other hyperthread
/// runs someone else's work. The clock does not change then, so a chain of steps that each wait
/// for the one before takes as long as ever; what the other thread takes away is the core's
/// width — its arithmetic units, ports and caches — so work that keeps many steps in flight,
/// as painting pixels does, slows down. The ratio of two loops' times — one chain, and eight
/// chains side by side — says which state a thread is in: on this project's machine (release
/// build) about 0.78 on a core alone and 0.9–1.6 on a shared one, where the same build's
/// frames took up to half as long again.
public enum CoreShare {
    /// One thread's two loops, in milliseconds.
    public struct Sample: Equatable, Sendable {
        /// `steps` steps of one chain (a multiply and a shift-and-mix), each waiting for the one
        /// before.
        public var latency: Double
        /// `steps` rounds of eight chains side by side, a shift and a mix each a round: eight
        /// times the steps, about as fast as the one chain on a core of one's own.
        public var throughput: Double
        /// throughput ÷ latency: near its lowest on a core of one's own.
        public var ratio: Double { latency > 0 ? throughput / latency : 0 }

        public init(latency: Double, throughput: Double) {
            self.latency = latency
            self.throughput = throughput
        }
    }

    /// The two loops on `threads` threads at once (as the pixel frame's bands run), each the
    /// best of `rounds`; `caller`: the calling thread's (it runs one of them, as it paints one
    /// of the bands).
    public static func sample(threads: Int, steps: Int = 200_000, rounds: Int = 2) -> (all: [Sample], caller: Sample) {
        let count = max(1, threads)
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Sample>.allocate(capacity: count)
        defer { results.deallocate() }
        results.initialize(repeating: Sample(latency: 0, throughput: 0))
        let me = pthread_self()
        let callerIndex = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            // The clock's low bits make an odd multiplier no compiler knows.
            let now = DispatchTime.now().uptimeNanoseconds
            results[i] = one(steps: steps, rounds: rounds, seed: UInt64(i) &+ now, multiplier: 6_364_136_223_846_793_005 | (now & 0xFF))
            if pthread_equal(pthread_self(), me) != 0 { callerIndex.store(i, ordering: .relaxed) }
        }
        return (Array(results), results[callerIndex.load(ordering: .relaxed)])
    }

    /// `multiplier`: an odd number the compiler cannot see, so that it cannot fold steps of the
    /// chain into one (a constant multiply-add, unrolled, folds eight steps into one).
    public static func one(steps: Int, rounds: Int, seed: UInt64, multiplier: UInt64) -> Sample {
        var best = Sample(latency: .infinity, throughput: .infinity)
        var keep: UInt64 = 0
        for _ in 0..<max(1, rounds) {
            // One chain: a multiply and an exclusive or of its own shift, each step waiting for
            // the one before (about four cycles a step).
            var t0 = DispatchTime.now().uptimeNanoseconds
            var x = seed | 1
            for _ in 0..<steps { x = (x &* multiplier) ^ (x &>> 29) }
            var t1 = DispatchTime.now().uptimeNanoseconds
            best.latency = min(best.latency, Double(t1 &- t0) / 1e6)
            keep ^= x
            // Eight chains in flight at once, a shift and a mix each a round (no algebra folds
            // them): about as many cycles a round as the chain above takes a step, with the
            // core's arithmetic units all busy.
            var a0 = x, a1 = x &+ 1, a2 = x &+ 2, a3 = x &+ 3, a4 = x &+ 4, a5 = x &+ 5, a6 = x &+ 6, a7 = x &+ 7
            t0 = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<steps {
                a0 ^= a0 &>> 3; a1 = a1 &+ (a1 &>> 1); a2 ^= a2 &<< 5; a3 = a3 &- (a3 &>> 2)
                a4 ^= a4 &>> 7; a5 = a5 &+ (a5 &>> 3); a6 ^= a6 &<< 9; a7 = a7 &- (a7 &>> 5)
            }
            t1 = DispatchTime.now().uptimeNanoseconds
            best.throughput = min(best.throughput, Double(t1 &- t0) / 1e6)
            keep ^= a0 ^ a1 ^ a2 ^ a3 ^ a4 ^ a5 ^ a6 ^ a7
        }
        // Whatever the loops computed, kept so that no step can be left out.
        RasterBenchmark.blackHole(Int(truncatingIfNeeded: keep))
        return best
    }

    /// How far above the run's lowest ratio a thread still counts as running near its best:
    /// 10 %. On this project's machine the lowest is 0.78 (a core alone) in most runs, a
    /// shared core's 0.9–1.6; a run shared from end to end has a higher lowest, which the
    /// line says.
    public static let nearMargin = 1.1

    /// Frames (`times`, milliseconds) split by the sample taken before each (for the bands,
    /// the busiest thread's): those whose ratio is within `nearMargin` of the lowest of the run
    /// (both lists) ran near the cores' best, the rest slower. A sample whose one chain took
    /// more than `nearMargin` times the run's quickest was interrupted (the chain's time does
    /// not depend on sharing: the clock is the same); it neither sets the lowest nor counts as
    /// near. One line: the bound, then each group's median and count for the bands and for one
    /// thread; "none" for an empty group.
    public static func split(
        pixels: (times: [Double], samples: [Sample]), oneThread: (times: [Double], samples: [Sample])
    ) -> String {
        let all = pixels.samples + oneThread.samples
        let quickest = all.map(\.latency).filter { $0 > 0 }.min() ?? 0
        func whole(_ s: Sample) -> Bool { s.latency > 0 && s.latency <= quickest * nearMargin }
        let lowest = all.filter(whole).map(\.ratio).min() ?? 0
        let bound = lowest * nearMargin
        func group(_ frames: (times: [Double], samples: [Sample]), near: Bool) -> String {
            let picked = zip(frames.times, frames.samples).filter { (whole($0.1) && $0.1.ratio <= bound) == near }.map(\.0)
            guard !picked.isEmpty else { return "none" }
            return "\(fixed(RasterBenchmark.median(picked), decimals: 2)) ms (\(picked.count) of \(frames.times.count))"
        }
        return "the same frames by their cores (CoreShare: eight chains ÷ one chain, the run's lowest \(describe(lowest))): "
            + "near it (≤ \(describe(bound))) pixels \(group(pixels, near: true)), one thread \(group(oneThread, near: true)); "
            + "above it, pixels \(group(pixels, near: false)), one thread \(group(oneThread, near: false))"
    }

    /// A ratio with two decimals: "0.79".
    public static func describe(_ ratio: Double) -> String { fixed(ratio, decimals: 2) }

    /// `x` (at least 0, below 10⁹) with `decimals` digits after the point, rounded half away
    /// from zero: fixed(5.105, 2) is "5.11" only where 5.105 is stored at or above it.
    static func fixed(_ x: Double, decimals: Int) -> String {
        var scale = 1
        for _ in 0..<max(0, min(decimals, 6)) { scale *= 10 }
        let units = Int((max(0, min(x, 1e9)) * Double(scale)).rounded())
        guard scale > 1 else { return String(units) }
        let fraction = String(units % scale)
        return "\(units / scale)." + String(repeating: "0", count: String(scale).count - 1 - fraction.count) + fraction
    }
}
