import SeededRandom

/// A deterministic, seeded mutation fuzzer for the layout readers and the command parser:
/// the generator of inputs, and the dump target (DumpFuzzTarget.swift). Its targets that run
/// the engine and the explorer are in `Fuzzing` (MutationFuzzer+Targets.swift), so a test of
/// the format alone (LayoutFilesTests) builds no engine.
///
/// Each input is a corpus file with a few mutations (byte flips, inserted tokens that
/// matter to JSON, YAML and the command language, deleted or repeated ranges, splices from
/// another corpus file, truncation). The same seed gives the same inputs, so a failure is
/// reproduced by its seed and index. A target must never trap or hang: it either refuses
/// the input with a typed error or accepts it — and an accepted layout must save and read
/// back the same scene (`LayoutFile.difference`), or the fuzzer reports it.
public struct MutationFuzzer {
    /// What a run found: inputs that were accepted but did not round-trip.
    public struct Report: Sendable, CustomStringConvertible {
        public var inputs = 0
        public var accepted = 0
        public var problems: [String] = []
        /// The slowest input's seconds (a hang is one over 5 s).
        public var slowest = 0.0
        public var hangs = 0
        public init() {}
        public var description: String {
            "\(inputs) inputs, \(accepted) accepted, \(problems.count) problems, slowest \((slowest * 1000).rounded() / 1000) s, \(hangs) over 5 s"
                + problems.prefix(5).map { "\n  " + $0 }.joined()
        }
    }

    /// The seeded generator of the fuzzer and the Engine tests: SplitMix64 (SeededRandom),
    /// the same one the benchmark scenes and the Raster/Explorer tests use, so a seed replays
    /// the same inputs everywhere.
    public typealias Random = SplitMix64

    /// Tokens worth inserting: structure, numbers at the limits, escapes, YAML specials,
    /// Unicode line breaks and terminal controls, command words.
    public static let tokens: [[UInt8]] =
        [
            "{", "}", "[", "]", "\"", ":", ",", "\n", "- ", "  ", "\\u", "\\", "1e999", "-0", "1e9", "0x1F", ".inf", ".nan",
            "&a ", "*a", "<<: ", "!!str ", "|", ">", "#", "'", "\t", "null", "true", "\u{2028}", "\u{85}", "\u{1B}]0;x\u{07}",
            "\u{202E}", "\u{FEFF}", "\u{FFFF}", "\"name\": \"x\"", "\"sublayers\": [", "transform", "frame", ";", " in ",
            "add ", "rotate ", "scale 0 ", "anchor ", "select ", "hit-test ", "convert ", "pan ", "zoom 0", "1/0"
        ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0xE2, 0x80], [0x7F], [0x9B]]

    public let corpus: [[UInt8]]
    public var random: Random
    /// Tokens a target adds to `tokens` (the animation target's command words).
    public var extraTokens: [[UInt8]] = []

    public init(corpus: [[UInt8]], seed: UInt64) {
        self.corpus = corpus.isEmpty ? [[]] : corpus
        random = Random(seed: seed)
    }

    /// The next input: a corpus entry with 1…8 mutations.
    public mutating func nextInput() -> [UInt8] {
        var bytes = corpus[random.below(corpus.count)]
        for _ in 0...random.below(8) { mutate(&bytes) }
        return bytes
    }

    public mutating func mutate(_ bytes: inout [UInt8]) {
        let at = random.below(bytes.count + 1)
        switch random.below(7) {
        case 0 where !bytes.isEmpty:
            bytes[min(at, bytes.count - 1)] ^= UInt8(1 << random.below(8))
        case 1:
            let k = random.below(Self.tokens.count + extraTokens.count)
            bytes.insert(contentsOf: k < Self.tokens.count ? Self.tokens[k] : extraTokens[k - Self.tokens.count], at: at)
        case 2 where !bytes.isEmpty:
            let end = min(bytes.count, at + 1 + random.below(16))
            bytes.removeSubrange(min(at, bytes.count - 1)..<end)
        case 3 where at < bytes.count:
            let end = min(bytes.count, at + 1 + random.below(64))
            bytes.insert(contentsOf: bytes[at..<end], at: end)
        case 4:
            let other = corpus[random.below(corpus.count)]
            guard !other.isEmpty else { return }
            let from = random.below(other.count)
            let end = min(other.count, from + 1 + random.below(128))
            bytes.insert(contentsOf: other[from..<end], at: at)
        case 5:
            bytes.removeSubrange(at...)
        default:
            bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
        }
    }
}
