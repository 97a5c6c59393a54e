import Raster

/// A panel line's text built as UTF-8 bytes in one buffer and made a `String` once (issue 36).
/// The inspector's lines were string interpolations: each piece a `String.append` through
/// the standard library's general path, about 320 instructions a piece and 50 pieces a frame.
/// One buffer serves every line of a panel (`removeAll(keepingCapacity:)` between lines).
struct PanelText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 96) { bytes.reserveCapacity(capacity) }

    /// Starts a new line in the same buffer.
    mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    /// Appends text as it is.
    mutating func add(_ text: String) {
        for b in text.utf8 { bytes.append(b) }
    }

    /// Appends a literal.
    mutating func add(_ text: StaticString) {
        text.withUTF8Buffer { for b in $0 { bytes.append(b) } }
    }

    /// Appends `n` spaces.
    mutating func spaces(_ n: Int) {
        for _ in 0..<max(0, n) { bytes.append(UInt8(ascii: " ")) }
    }

    /// Appends a number as the panel writes numbers (`NumberFormat.format`).
    mutating func number(_ x: Double) { add(NumberFormat.format(x)) }

    /// The text built so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
