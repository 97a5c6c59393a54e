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
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // U+FFFE and U+FFFF are not allowed raw in YAML (not "printable"); escaped they are.
            // Everything SafeText keeps off terminals (controls, bidi, zero-width) is escaped
            // too, so eval's JSON and saved files never carry them raw.
            case "\u{FFFE}", "\u{FFFF}":
                out += "\\u" + hex4(scalar.value)
            case _ where isUnsafe(scalar):
                out += "\\u" + hex4(scalar.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<4).reversed().map { digits[Int((value >> (4 * UInt32($0))) & 15)] })
    }
}
