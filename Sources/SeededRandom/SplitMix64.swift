/// A tiny deterministic generator (SplitMix64), so generated scenes are the same everywhere:
/// the benchmark's scenes, the fuzzer (`MutationFuzzer.Random`) and the seeded cases of the
/// tests.
public struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 56) }
    /// In 0..<n (modulo: a bias too small to matter for test cases); 0 when n ≤ 0.
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}
