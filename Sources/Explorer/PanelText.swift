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
        // The string's own UTF-8 storage copied in one go (a byte at a time checked the
        // buffer's uniqueness per byte).
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: Array(text.utf8))
        }
    }

    /// Appends bytes of another buffer.
    mutating func add(_ part: ArraySlice<UInt8>) { bytes.append(contentsOf: part) }

    /// Appends a literal.
    mutating func add(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `n` spaces.
    mutating func spaces(_ n: Int) {
        if n > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n)) }
    }

    /// Appends a number as the panel writes numbers (`NumberFormat.format`).
    /// Its bytes go straight into the buffer (no `String` a number).
    mutating func number(_ x: Double) { NumberFormat.append(x, to: &bytes) }

    /// The text built so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
