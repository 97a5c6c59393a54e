/// The gate for text going into the files LayerScope writes, beside `jsonQuoted` (JSON and
/// YAML): SVG's XML and the comments of exported Swift. A name from a file is data in every format: it can
/// never end the string, attribute or comment it sits in, and no control character reaches
/// the file raw.
extension SafeText {
    /// Text for XML character data and attribute values (the SVG export): `& < > " '` as
    /// entities; every `isUnsafe` scalar, and the noncharacters U+FFFE/U+FFFF that XML 1.0
    /// forbids, shown as visible text (`shown`: ESC is `^[`) — XML 1.0 has no way to carry a
    /// C0 control at all, not even as `&#27;`, so the document stays well-formed.
    public static func xmlEscaped(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\u{FFFE}", "\u{FFFF}": out += "\\u{" + String(scalar.value, radix: 16) + "}"
            case _ where isUnsafe(scalar): out += shown(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text for a `//` comment in generated code: one line whatever it holds — line breaks
    /// (`\n`, `\r`, U+0085, U+2028, U+2029) and every other unsafe scalar are shown as visible
    /// text, so the comment ends where the generator ends it and never earlier.
    public static func lineComment(_ s: String) -> String { visible(s) }
}
