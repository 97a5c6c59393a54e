import Testing
import SeededRandom

/// The generator must give the same numbers everywhere: the benchmark's scenes, the fuzzer's
/// replayable seeds and the tests' seeded cases depend on it.
@Suite("SplitMix64")
struct SplitMix64Tests {
    /// Seed 0's first three outputs as published with the reference implementation
    /// (Vigna's splitmix64.c), also worked out with Python integers: state += 0x9E3779B97F4A7C15,
    /// then the two xor-shift-multiply rounds and a final xor-shift.
    @Test func seedZeroGivesTheReferenceSequence() {
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(g.next() == 0x06C4_5D18_8009_454F)
    }

    /// unit() keeps the top 53 bits: 0xE220A8397B1DCDAF >> 11 = 7 956 156 453 446 585, times
    /// 2⁻⁵³ ≈ 0.8833; byte() is the top byte; below(10) is the output mod 10 (= 5).
    @Test func unitIsTheTop53BitsScaled() {
        var g = SplitMix64(seed: 0)
        let u = g.unit()
        #expect(u == Double(UInt64(0xE220_A839_7B1D_CDAF) >> 11) / 9_007_199_254_740_992)
        #expect(u > 0.88 && u < 0.89)  // 0xE2/0x100 ≈ 0.883
        var h = SplitMix64(seed: 0)
        #expect(h.byte() == 0xE2)
        var k = SplitMix64(seed: 0)
        #expect(k.below(10) == 5)
        #expect(k.below(0) == 0)
    }
}
