import Foundation
import Mutation
import Cells
import Engine
import Explorer
import ExplorerRuntime
import LayoutFiles
import SafeText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 36: a mutation fuzzer for follow mode's feed (docs/follow.md). Each input is a real
/// feed — a scene record, acts a presenter writes, `bye` — mutated at three levels:
///
/// - **records**: dropped, repeated, swapped, a hostile one inserted;
/// - **numbers and text**: a number replaced by one past the policy (`1.79e308`, `1e300`,
///   `-1`, `1e9` + 1) or a string by terminal controls (`ESC ] 2 ;`, U+202E);
/// - **bytes**: the layout fuzzer's byte mutations (`MutationFuzzer.mutate`);
///
/// and then delivered through a real pipe in random **pieces** to a `FeedReader`.
///
/// The properties: nothing traps; the pieces do not matter (the same records and the same
/// skips as the whole feed at once); every record the reader hands on keeps `FeedPolicy`;
/// replayed, the clock stays finite and the zoom in its range; and no cell of the
/// attendee's screen holds a character SafeText keeps off terminals.
public struct FeedFuzzer {
    public var random: MutationFuzzer.Random
    private var bytes: MutationFuzzer
    /// The unmutated feed's bytes.
    public var feedBytes: [UInt8] { records.flatMap(\.line) }
    /// The feed records mutations start from.
    public let records: [FeedRecord]

    public init(sceneText: String, seed: UInt64) {
        random = MutationFuzzer.Random(seed: seed)
        bytes = MutationFuzzer(corpus: [], seed: seed &+ 1)
        records = Self.feed(sceneText: sceneText)
    }

    /// A presenter's feed over `sceneText`: its scene, a few acts that run real commands and
    /// carry the view after them (`FollowSync` of the state they lead to), and `bye`.
    static func feed(sceneText: String) -> [FeedRecord] {
        var out: [FeedRecord] = [.scene(name: "fuzz.json", format: .json, text: sceneText)]
        guard case var .success(state) = Follow.open(out[0], like: ExplorerState(session: Session())) else { return out + [.bye] }
        state.columns = 100
        state.rows = 30
        let keys = [["select-next"], ["step 1"], ["rotate 15"], ["panel hit-test"], ["zoom 2"], ["speed 0.5", "time 0.25"], ["pan 3 -2"], ["mode cursor"], []]
        for commands in keys {
            let before = state.session.now
            Follow.apply(FeedRecord(kind: .act, commands: commands), to: &state)
            out.append(FeedRecord(kind: .act, now: before, commands: commands, sync: FollowSync(state), wall: 1_764_000_000))
        }
        return out + [.bye]
    }

    static let hostileNumbers = [
        "1.79e308", "-1.79e308", "1.7e308", "1e300", "1e9", "1000000001", "-1", "-0", "1e-320", "4097", "0.001", "1e999", "9223372036854775807", "NaN"
    ]
    static let hostileText = [
        "\\u001b]2;PWNED\\u0007", "\\u001b]52;c;UFdORUQ=\\u0007", "\\u001b[2J", "\\u202e", "\\u200b", "\\u0085", "\\u2028", "\\u009b31m", "\\u0000"
    ]

    /// The next input: the feed's bytes, mutated.
    public mutating func nextInput() -> [UInt8] {
        var list = records
        for _ in 0...random.below(4) {
            switch random.below(4) {
            case 0 where list.count > 1: list.remove(at: random.below(list.count))
            case 1: list.insert(list[random.below(list.count)], at: random.below(list.count + 1))
            case 2 where list.count > 1: list.swapAt(random.below(list.count), random.below(list.count))
            default:
                var huge = FeedRecord(kind: .act, now: 0, commands: Array(repeating: "select-next", count: FeedPolicy.commandLimit + 1 - random.below(2)))
                if random.below(2) == 0 { huge.commands = ["select \"\u{1B}]2;PWNED\u{07}\u{202E}\""] }
                list.insert(huge, at: random.below(list.count + 1))
            }
        }
        var lines = list.map { String(decoding: $0.line, as: UTF8.self) }
        for _ in 0...random.below(6) {
            let i = random.below(lines.count)
            lines[i] = random.below(2) == 0 ? replacingNumber(in: lines[i]) : replacingText(in: lines[i])
        }
        var out = Array(lines.joined().utf8)
        for _ in 0..<random.below(3) { bytes.mutate(&out) }
        return out
    }

    /// One number in `line` (a run of digits after `:` or `,` or `[`) replaced by a hostile one.
    mutating func replacingNumber(in line: String) -> String {
        let u = Array(line.utf8)
        let starts = u.indices.filter { i in
            i > 0 && (u[i] == UInt8(ascii: "-") || (u[i] >= 48 && u[i] <= 57)) && [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "[")].contains(u[i - 1])
        }
        guard !starts.isEmpty else { return line }
        let s = starts[random.below(starts.count)]
        var e = s + 1
        while e < u.count, "0123456789.eE+-".utf8.contains(u[e]) { e += 1 }
        return String(decoding: u[..<s] + Array(Self.hostileNumbers[random.below(Self.hostileNumbers.count)].utf8) + u[e...], as: UTF8.self)
    }

    /// Hostile text put at the start of one string value of `line`.
    mutating func replacingText(in line: String) -> String {
        let u = Array(line.utf8)
        let quotes = u.indices.filter { i in i > 0 && u[i] == UInt8(ascii: "\"") && u[i - 1] == UInt8(ascii: ":") }
        guard !quotes.isEmpty else { return line }
        let q = quotes[random.below(quotes.count)] + 1
        return String(decoding: u[..<q] + Array(Self.hostileText[random.below(Self.hostileText.count)].utf8) + u[q...], as: UTF8.self)
    }

    /// What one input did.
    public struct Outcome {
        public var records = 0
        public var skipped = 0
        public var problem: String?
    }

    /// Reads `input` through a pipe whole and again in random pieces, replays it and renders
    /// the attendee's screen: a problem when a property fails.
    public mutating func run(_ input: [UInt8]) -> Outcome {
        let whole = Self.read([input])
        var pieces: [[UInt8]] = []
        var at = 0
        while at < input.count {
            let n = 1 + random.below(random.below(4) == 0 ? 8 : 4096)
            pieces.append(Array(input[at..<min(input.count, at + n)]))
            at += n
        }
        let cut = Self.read(pieces)
        var outcome = Outcome(records: whole.records.count, skipped: whole.skipped)
        if whole.records != cut.records || whole.skipped != cut.skipped {
            outcome.problem =
                "the pieces changed what was read: \(whole.records.count)/\(whole.skipped) whole, \(cut.records.count)/\(cut.skipped) in \(pieces.count) pieces"
            return outcome
        }
        var state = ExplorerState(session: Session())
        state.columns = 100
        state.rows = 30
        for record in whole.records {
            if let why = FeedPolicy.violation(record) { outcome.problem = "a record past the policy was read: \(why)"; return outcome }
            Follow.apply(record, to: &state)
        }
        if !state.session.now.isFinite || !state.view.zoom.isFinite || state.view.zoom > 4096 || state.session.playbackSpeed > 1e9 {
            outcome.problem =
                "replayed, the clock, zoom or speed left the policy: now \(state.session.now), zoom \(state.view.zoom), speed \(state.session.playbackSpeed)"
            return outcome
        }
        state.following = "following"
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        for row in 0..<canvas.rows where canvas.text(row: row).unicodeScalars.contains(where: SafeText.isUnsafe) {
            outcome.problem = "row \(row) of the attendee's screen holds a terminal control: \(SafeText.visible(canvas.text(row: row)))"
            return outcome
        }
        return outcome
    }

    /// The records and skips a reader takes from `pieces` written one by one into a pipe.
    static func read(_ pieces: [[UInt8]]) -> (records: [FeedRecord], skipped: Int) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0, let reader = try? FeedReader(descriptor: fds[0]) else { return ([], 0) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        var records: [FeedRecord] = []
        for piece in pieces {
            var offset = 0
            while offset < piece.count {
                let n = piece.withUnsafeBufferPointer { write(fds[1], $0.baseAddress! + offset, $0.count - offset) }
                if n > 0 { offset += n } else { records += reader.read() }
            }
            records += reader.read()
        }
        close(fds[1])
        while !reader.ended { records += reader.read() }
        return (records, reader.skipped)
    }

    /// A report over `count` inputs.
    public mutating func run(_ count: Int) -> MutationFuzzer.Report {
        var report = MutationFuzzer.Report()
        for _ in 0..<count {
            let input = nextInput()
            let outcome = run(input)
            report.inputs += 1
            if outcome.records > 0 { report.accepted += 1 }
            if let problem = outcome.problem { report.problems.append("feed: \(problem)") }
        }
        return report
    }
}
