/// How many terminal columns text takes: East Asian wide and fullwidth characters and
/// emoji take two, combining marks and zero-width characters none, everything else one.
///
/// A table of our own rather than the C library's `wcwidth`: `wcwidth` answers −1 for
/// everything outside ASCII unless the process has a UTF-8 locale, so tests, `render` and
/// goldens would measure differently from the explorer. The ranges follow Unicode's
/// East_Asian_Width W/F classes and the emoji presentation property, which is what
/// terminals (and glibc's own tables) use.
public enum DisplayWidth {
    /// Columns for one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        // An emoji presentation selector or a joined emoji sequence draws one wide glyph.
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }),
            first.properties.isEmoji
        {
            return 2
        }
        return of(first)
    }

    /// Columns for one scalar on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        // Common narrow ranges, answered without the property tables: general punctuation
        // (after the zero-width and bidi controls), arrows, mathematical operators, box
        // drawing, block elements and geometric shapes (up to U+25FC: U+25FD and U+25FE are
        // emoji), braille.
        if (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v) || (0x2190...0x22FF).contains(v)
            || (0x2500...0x25FC).contains(v) || (0x2800...0x28FF).contains(v)
        {
            return 1
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B || (v >= 0x1160 && v <= 0x11FF) { return 0 }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East_Asian_Width Wide or Fullwidth.
    static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        for range in wideRanges where range.contains(v) { return true }
        return false
    }

    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD
    ]
}

extension StringProtocol {
    /// Terminal columns this text takes (see `DisplayWidth`).
    public var displayWidth: Int { DisplayWidth.columns(of: self) }
}

// `String` and `Substring` answer `displayWidth` with their own members: from another
// module the protocol's member runs unspecialised, every scalar through the iterator's
// witness table (about 1 000 calls a rotate key into the standard library's generic code,
// issue 36). These run the same rules specialised, ASCII a byte at a time.
extension String {
    /// Terminal columns this text takes (see `DisplayWidth`).
    public var displayWidth: Int {
        if let n = utf8.withContiguousStorageIfAvailable(DisplayWidth.asciiColumns), n >= 0 { return n }
        return DisplayWidth.columns(of: self)
    }
}

extension Substring {
    /// Terminal columns this text takes (see `DisplayWidth`).
    public var displayWidth: Int {
        if let n = utf8.withContiguousStorageIfAvailable(DisplayWidth.asciiColumns), n >= 0 { return n }
        return DisplayWidth.columns(of: self)
    }
}

extension DisplayWidth {
    /// Columns of ASCII text (controls take none), or −1 when a byte is not ASCII.
    @inline(__always) static func asciiColumns(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for byte in bytes {
            if byte >= 0x80 { return -1 }
            if byte >= 0x20 && byte != 0x7F { n += 1 }
        }
        return n
    }

    /// The columns `text` takes: one a lone narrow scalar (controls none), else the sum of
    /// its grapheme clusters' widths.
    static func columns<S: StringProtocol>(of text: S) -> Int {
        // Text of lone narrow scalars (ASCII, Latin, punctuation, box drawing…): one column each.
        var scalars = 0
        for scalar in text.unicodeScalars {
            guard Canvas.isLoneNarrowScalar(scalar) || scalar.value < 0x20 || scalar.value == 0x7F else { scalars = -1; break }
            if scalar.value >= 0x20 && scalar.value != 0x7F { scalars += 1 }
        }
        if scalars >= 0 { return scalars }
        var total = 0
        for ch in text { total += DisplayWidth.of(ch) }
        return total
    }
}

extension String {
    /// The longest prefix that fits in `columns` terminal columns (a wide character that
    /// would straddle the edge is left out).
    public func prefix(columns: Int) -> String {
        var used = 0
        var end = startIndex
        for i in indices {
            let w = DisplayWidth.of(self[i])
            if used + w > columns { break }
            used += w
            end = index(after: i)
        }
        return String(self[..<end])
    }

    /// The text padded with spaces to `columns` terminal columns (unchanged if wider).
    public func padded(toColumns columns: Int) -> String {
        let w = displayWidth
        return w >= columns ? self : self + String(repeating: " ", count: columns - w)
    }
}
