/// The one gate for text going out to a terminal, stderr or a window title.
///
/// Every string that came from a file, a command or the file system passes `visible` before
/// it reaches a terminal: characters that would control the terminal or disguise the text
/// are shown as visible text instead of being sent.
///
/// | characters                                   | shown as            |
/// |----------------------------------------------|---------------------|
/// | C0 controls U+0000–U+001F                    | `^@` … `^_` (ESC is `^[`) |
/// | DEL U+007F                                   | `^?`                |
/// | C1 controls U+0080–U+009F                    | `\u{9b}`            |
/// | bidi controls U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C | `\u{202e}` |
/// | zero-width U+200B–200D, U+2060, U+FEFF       | `\u{200b}`          |
/// | line and paragraph separators U+2028, U+2029 | `\u{2028}`          |
///
/// With `multiline`, `\n` and `\t` pass (for messages and code of several lines); nothing
/// else does. Lives in its own leaf module so every output path can use it: `Engine`
/// (the `\u` escapes of JSON and layout text), `Raster` (every canvas write), the explorer
/// and the command line.
public enum SafeText {
    /// True for a scalar that must not reach a terminal raw.
    @inline(__always)
    public static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x20 || v == 0x7F { return true }
        if v < 0xA0 { return v >= 0x80 }
        switch v {
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `text` with every unsafe scalar made visible (see the table above). Returns `text`
    /// itself, without copying, when nothing needs changing.
    public static func visible(_ text: String, multiline: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && !(multiline && ($0 == "\n" || $0 == "\t")) }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if !isUnsafe(s) || (multiline && (s == "\n" || s == "\t")) {
                out.append(s)
            } else {
                out.append(contentsOf: shown(s).unicodeScalars)
            }
        }
        return String(out)
    }

    /// How one unsafe scalar is shown: caret notation for C0 and DEL, `\u{…}` otherwise.
    public static func shown(_ s: Unicode.Scalar) -> String {
        let v = s.value
        if v < 0x20 { return "^" + String(Unicode.Scalar(UInt8(v + 0x40))) }
        if v == 0x7F { return "^?" }
        return "\\u{" + String(v, radix: 16) + "}"
    }

    /// A JSON string literal; control characters, DEL, C1 controls, the Unicode line and
    /// paragraph separators, bidi and zero-width characters (`SafeText.isUnsafe`) and the
    /// noncharacters U+FFFE/U+FFFF are escaped (so the same text is valid in YAML double quotes too).
    public static func jsonQuoted(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count + 2)
        appendJSONQuoted(s, to: &out)
        return out
    }

    /// `jsonQuoted(s)` appended to `out` in place. Works on the UTF-8 bytes: a run of bytes
    /// that needs no escape is appended whole (the whole string, when nothing needs
    /// escaping), and only a scalar that does is spelled out. Same text as `jsonQuoted`.
    public static func appendJSONQuoted(_ s: String, to out: inout String) {
        out.append("\"")
        var s = s
        s.makeContiguousUTF8()
        s.utf8.withContiguousStorageIfAvailable { bytes in
            let count = bytes.count
            var runStart = 0
            var i = 0
            while i < count {
                let b = bytes[i]
                if b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C {
                    i += 1
                    continue
                }
                let length: Int
                let value: UInt32
                if b < 0x80 {
                    length = 1
                    value = UInt32(b)
                } else {
                    // Valid UTF-8 (a String's own storage): the lead byte gives the length.
                    if b < 0xE0 {
                        length = 2
                        value = UInt32(b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                    } else if b < 0xF0 {
                        length = 3
                        value = UInt32(b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                    } else {
                        // Four-byte scalars (U+10000 and up, emoji) are never escaped.
                        i += 4
                        continue
                    }
                    if !jsonEscapes(nonASCII: value) {
                        i += length
                        continue
                    }
                }
                if runStart < i { out.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<i]), as: UTF8.self)) }
                switch value {
                case 0x22: out.append("\\\"")
                case 0x5C: out.append("\\\\")
                case 0x0A: out.append("\\n")
                case 0x0D: out.append("\\r")
                case 0x09: out.append("\\t")
                default: appendUnicodeEscape(value, to: &out)
                }
                i += length
                runStart = i
            }
            if runStart == 0 {
                out.append(contentsOf: s)
            } else if runStart < count {
                out.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<count]), as: UTF8.self))
            }
        }
        out.append("\"")
    }

    /// Whether a scalar from U+0080 to U+FFFF is written `\uXXXX` by `jsonQuoted`.
    @inline(__always)
    private static func jsonEscapes(nonASCII v: UInt32) -> Bool {
        if v < 0xA0 { return true }
        switch v {
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    /// `\u` and four lowercase hex digits.
    private static func appendUnicodeEscape(_ value: UInt32, to out: inout String) {
        let digits: StaticString = "0123456789abcdef"
        var scalars = String.UnicodeScalarView()
        scalars.append("\\")
        scalars.append("u")
        digits.withUTF8Buffer { d in
            for shift in stride(from: 12, through: 0, by: -4) {
                scalars.append(Unicode.Scalar(d[Int((value >> UInt32(shift)) & 15)]))
            }
        }
        out.append(contentsOf: String(scalars))
    }
}
