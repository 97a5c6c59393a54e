extension Cell {
    /// True when the glyph is surely one column (or none) wide, answered from its code alone:
    /// one scalar below U+1100 (no East Asian wide character and no emoji-presentation
    /// scalar comes before it), braille, or box drawing and block elements. False means
    /// "ask `displayWidth`" (it may still be narrow). The screen diff asks this for every
    /// written cell before the width tables (issue 36).
    @inlinable @inline(__always) public var isSurelyNarrow: Bool {
        let c = code
        return c < 0x1100 || (c >= 0x2800 && c <= 0x28FF) || (c >= 0x2500 && c <= 0x25FC)
    }
}
