extension ScreenUpdate {
    /// The terminal styles resolved last, by a style's packed bits, 64 slots direct-mapped.
    /// The diff resolves a style wherever it changes along a row (a few hundred times a rotate
    /// key, between a few dozen styles); the dictionary behind it hashed each one in full
    /// (issue 36). A miss falls back to the dictionary, so the answer is the same.
    struct StyleCache {
        private var keys = [UInt64](repeating: StyleCache.empty, count: 64)
        private var values = [TerminalStyle](repeating: .plain, count: 64)
        /// No style has these bits (a style uses 54).
        static let empty = UInt64.max

        @inline(__always) static func slot(_ bits: UInt64) -> Int { Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 58) }

        @inline(__always) func lookup(_ bits: UInt64) -> TerminalStyle? {
            let i = Self.slot(bits)
            return keys[i] == bits ? values[i] : nil
        }

        @inline(__always) mutating func store(_ bits: UInt64, _ style: TerminalStyle) {
            let i = Self.slot(bits)
            keys[i] = bits
            values[i] = style
        }
    }
}
