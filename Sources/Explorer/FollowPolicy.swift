import Foundation

/// What an attendee accepts from a feed (docs/follow.md, "An attendee reads a feed like
/// untrusted input"): the command language's numeric policy for every number (finite, at
/// most 1e9 in magnitude), each in its command's range (`time` and `speed` ≥ 0, `zoom` in the
/// camera's 1/64…4096), at most `commandLimit` commands in one `act`, and strings of bounded
/// length. A record that breaks it is skipped whole, and counted.
public enum FeedPolicy {
    /// Commands one `act` may carry: a presenter writes one key's worth (a script given with
    /// `--script` is split into acts of at most this many).
    public static let commandLimit = 10_000
    /// The command language's bound on every number.
    public static let magnitude = 1e9
    /// The camera's zoom range (`Reducer.zoom`).
    public static let zoomRange = (1.0 / 64)...4096.0
    /// Seconds since 1970 (`wall`): up to the year 5138.
    public static let wallRange = 0.0...1e11
    /// A name, a status or an echo (the scene's text is bounded by the line).
    public static let shortText = 1 << 16

    public struct Violation: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// One line of the feed (without its newline) as a record that keeps the policy.
    public static func record(_ line: ArraySlice<UInt8>) -> Result<FeedRecord, Violation> {
        // Before decoding (which would take seconds for the act of 400 000 commands,
        // with the keyboard unread): a record holds at most `stringLimit` strings, each one
        // two unescaped quotes — counted in one pass.
        let strings = quotes(line) / 2
        if strings > stringLimit {
            return .failure(Violation(description: "a record with \(strings) strings (an act has at most \(commandLimit) commands)"))
        }
        guard let record = FeedRecord.parse(line) else {
            return .failure(Violation(description: "a line that is not a feed record"))
        }
        if let why = violation(record) { return .failure(Violation(description: why)) }
        return .success(record)
    }

    /// Strings a record may hold: an act's commands and its keys and sync's.
    public static let stringLimit = commandLimit + 64

    /// The quotes of `line` that open or close a JSON string: not `\"` inside one (a quote
    /// after an odd number of backslashes; outside strings JSON has no backslash).
    static func quotes(_ line: ArraySlice<UInt8>) -> Int {
        line.withUnsafeBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0
            var at = base
            let end = base + buffer.count
            while at < end, let found = memchr(at, Int32(UInt8(ascii: "\"")), end - at) {
                let q = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                var b = q
                while b > base, (b - 1).pointee == UInt8(ascii: "\\") { backslashes += 1; b -= 1 }
                if backslashes % 2 == 0 { count += 1 }
                at = q + 1
            }
            return count
        }
    }

    /// Why `record` breaks the policy; nil when it keeps it.
    public static func violation(_ record: FeedRecord) -> String? {
        func number(_ x: Double?, _ field: String, _ range: ClosedRange<Double> = -magnitude...magnitude) -> String? {
            guard let x else { return nil }
            func g(_ v: Double) -> String { String(format: "%g", v) }
            return x.isFinite && range.contains(x)
                ? nil : "\(record.kind.rawValue).\(field) \(g(x)) is out of range (\(g(range.lowerBound))…\(g(range.upperBound)))"
        }
        func numbers(_ xs: [Double]?, _ field: String, count: Int) -> String? {
            guard let xs else { return nil }
            guard xs.count == count else { return "\(record.kind.rawValue).\(field) has \(xs.count) numbers, not \(count)" }
            return xs.lazy.compactMap { number($0, field) }.first
        }
        func text(_ s: String?, _ field: String) -> String? {
            guard let s, s.utf8.count > shortText else { return nil }
            return "\(record.kind.rawValue).\(field) is \(s.utf8.count) bytes long (at most \(shortText))"
        }
        switch record.kind {
        case .bye:
            return nil
        case .scene:
            if record.text == nil { return "a scene record without its text" }
            if let f = record.format, f != "json", f != "yaml" { return "scene.format \(f) is neither json nor yaml" }
            return text(record.name, "name")
        case .act:
            if let why = number(record.now, "now", 0...magnitude) ?? number(record.wall, "wall", wallRange) { return why }
            if let commands = record.commands {
                if commands.count > commandLimit { return "an act with \(commands.count) commands (at most \(commandLimit))" }
                if let long = commands.firstIndex(where: { $0.utf8.count > shortText }) { return "act.commands[\(long)] is longer than \(shortText) bytes" }
            }
            guard let s = record.sync else { return nil }
            let checks: [String?] = [
                number(Double(s.step), "sync.step", 0...magnitude), number(s.now, "sync.now", 0...magnitude),
                number(s.speed, "sync.speed", 0...magnitude), number(s.zoom, "sync.zoom", zoomRange),
                numbers(s.pan, "sync.pan", count: 2), numbers(s.cursor, "sync.cursor", count: 2),
                numbers(s.fitted, "sync.fitted", count: 4),
                text(s.selection, "sync.selection"), text(s.status, "sync.status"), text(s.echo, "sync.echo"),
                text(s.panel, "sync.panel"), text(s.mode, "sync.mode"), text(s.anchorBehaviour, "sync.anchorBehaviour")
            ]
            return checks.lazy.compactMap { $0 }.first
        }
    }
}

/// How an attendee replays what it read: a slice at a time, looking at the keyboard between
/// slices, so `q` and Ctrl-C answer at once whatever the feed holds.
public enum FollowReplay {
    /// Commands replayed before the keyboard is looked at again.
    public static let slice = 64
    /// And at most this long (seconds) of replaying.
    public static let sliceSeconds = 0.02
}
