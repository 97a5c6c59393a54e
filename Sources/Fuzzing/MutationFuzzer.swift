import CommandLanguage
import Scenes
import LayoutFiles
import Engine
import SeededRandom

/// A deterministic, seeded mutation fuzzer for the layout readers and the command parser.
///
/// Each input is a corpus file with a few mutations (byte flips, inserted tokens that
/// matter to JSON, YAML and the command language, deleted or repeated ranges, splices from
/// another corpus file, truncation). The same seed gives the same inputs, so a failure is
/// reproduced by its seed and index. A target must never trap or hang: it either refuses
/// the input with a typed error or accepts it — and an accepted layout must save and read
/// back the same scene (`LayoutFile.difference`), or the fuzzer reports it.
public struct MutationFuzzer {
    public enum Target: String, CaseIterable, Sendable {
        case json, yaml, command
        case dump   // DumpFuzzTarget.swift
        /// Issue 20: animation and step commands (`SceneFuzzer.runCommands`).
        case animation
        /// Issue 20: the input seeds a random scene that must save and reopen equal
        /// (`SceneFuzzer.roundTrip`, JSON and YAML).
        case roundTrip
    }

    /// What a run found: inputs that were accepted but did not round-trip.
    public struct Report: Sendable, CustomStringConvertible {
        public var inputs = 0
        public var accepted = 0
        public var problems: [String] = []
        /// The slowest input's seconds (a hang is one over 5 s).
        public var slowest = 0.0
        public var hangs = 0
        public var description: String {
            "\(inputs) inputs, \(accepted) accepted, \(problems.count) problems, slowest \((slowest * 1000).rounded() / 1000) s, \(hangs) over 5 s" + problems.prefix(5).map { "\n  " + $0 }.joined()
        }
    }

    /// The seeded generator of the fuzzer and the Engine tests: SplitMix64 (SeededRandom),
    /// the same one the benchmark scenes and the Raster/Explorer tests use, so a seed replays
    /// the same inputs everywhere.
    public typealias Random = SplitMix64

    /// Tokens worth inserting: structure, numbers at the limits, escapes, YAML specials,
    /// Unicode line breaks and terminal controls, command words.
    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", "\"", ":", ",", "\n", "- ", "  ", "\\u", "\\", "1e999", "-0", "1e9", "0x1F", ".inf", ".nan",
        "&a ", "*a", "<<: ", "!!str ", "|", ">", "#", "'", "\t", "null", "true", "\u{2028}", "\u{85}", "\u{1B}]0;x\u{07}",
        "\u{202E}", "\u{FEFF}", "\u{FFFF}", "\"name\": \"x\"", "\"sublayers\": [", "transform", "frame", ";", " in ",
        "add ", "rotate ", "scale 0 ", "anchor ", "select ", "hit-test ", "convert ", "pan ", "zoom 0", "1/0",
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

    mutating func mutate(_ bytes: inout [UInt8]) {
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

    /// Runs one input through `target`. Never traps on any input (that is the property
    /// under test); answers whether the input was accepted, and a problem if an accepted
    /// layout did not save and read back equal.
    public static func run(_ bytes: [UInt8], on target: Target) -> (accepted: Bool, problem: String?) {
        switch target {
        case .json, .yaml:
            let format: LayoutFormat = target == .json ? .json : .yaml
            guard let scene = try? LayoutFile.parse(data: bytes, file: "fuzz", format: format) else { return (false, nil) }
            let text = LayoutFile.encode(scene, format: format)
            do {
                let back = try LayoutFile.parse(text, file: "fuzz", format: format)
                if let d = LayoutFile.difference(between: scene, and: back) { return (true, "\(target): re-read differs in \(d)") }
            } catch {
                // Deep YAML past libyaml's own limit, say: a save would refuse it (verified).
                return (true, nil)
            }
            return (true, nil)
        case .dump:
            return DumpFuzzTarget.run(bytes)
        case .command:
            guard let commands = try? CommandParser.parseLine(String(decoding: bytes, as: UTF8.self)) else { return (false, nil) }
            var session = Session(scene: sample)
            for case let .engine(c) in commands {
                switch c {
                case .save, .load, .reload, .exportSwift: continue   // no files
                default: _ = try? session.perform(c)
                }
            }
            return (true, nil)
        case .animation:
            return SceneFuzzer.runCommands(bytes)
        case .roundTrip:
            // FNV-1a of the bytes: every input a different scene.
            var seed: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in bytes { seed = (seed ^ UInt64(b)) &* 0x100_0000_01b3 }
            let scene = SceneFuzzer.randomScene(seed: seed)
            for format in [LayoutFormat.json, .yaml] {
                if let problem = SceneFuzzer.roundTrip(scene, format: format) { return (true, "roundTrip (seed \(seed)): \(problem)") }
            }
            // Through a file and the preserving save for one input in 16: those wait for the
            // disk (two fsyncs a save), the in-memory round trips above do not.
            guard seed % 16 == 0 else { return (true, nil) }
            defer { SceneFuzzer.removeScratchFile() }
            if let problem = SceneFuzzer.roundTripThroughSave(scene, path: SceneFuzzer.scratchFile, seed: seed) {
                return (true, "roundTrip through the preserving save (seed \(seed)): \(problem)")
            }
            return (true, nil)
        }
    }

    /// A small scene for commands to act on: a view with a sublayer, rotated and scaled.
    static let sample: Scene = {
        let text = """
            {"screen": {"width": 320, "height": 240}, "layers": [
              {"name": "card", "kind": "view", "frame": [40, 40, 200, 140], "transform": [{"rotate": 30}],
               "subviews": [{"name": "badge", "kind": "view", "frame": [160, 20, 80, 40]}]},
              {"name": "flat", "bounds": [0, 0, 10, 10], "transform": [{"scale": [0, 1]}]}]}
            """
        return (try? LayoutFile.parse(text, file: "sample.json", format: .json)) ?? Scene()
    }()

    /// Runs `count` inputs on `target`.
    public mutating func run(_ count: Int, on target: Target) -> Report {
        var report = Report()
        for _ in 0..<count {
            let input = nextInput()
            let start = ContinuousClock.now
            let (accepted, problem) = Self.run(input, on: target)
            let took = start.duration(to: .now)
            let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
            report.slowest = max(report.slowest, seconds)
            if seconds > 5 { report.hangs += 1; report.problems.append("\(target): an input took \(seconds) s") }
            report.inputs += 1
            if accepted { report.accepted += 1 }
            if let problem { report.problems.append(problem + " — input " + String(decoding: input.prefix(200), as: UTF8.self).debugDescription) }
        }
        return report
    }
}
