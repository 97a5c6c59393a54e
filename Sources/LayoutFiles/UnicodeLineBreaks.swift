/// U+0085 (next line), U+2028 (line separator) and U+2029 (paragraph separator) break lines
/// in YAML (libyaml counts them) but not in most editors, so every position after one would
/// disagree with what the author sees. A YAML layout file holding one raw is refused, at the
/// character's position counted as an editor counts (lines end at `\n`, `\r\n` or `\r`;
/// columns count Unicode scalars). Escaped inside double quotes (`"\u2028"`) they are fine,
/// and that is how LayerScope writes them. JSON counts lines at `\n`, `\r\n` and `\r` only,
/// and allows these characters raw only inside strings.
enum UnicodeLineBreaks {
    static func refuseInYAML(_ text: String, file: String) throws(LayoutError) {
        var line = 1, column = 1
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n":
                if !previousWasCR { line += 1 }
                column = 1
            case "\r":
                line += 1
                column = 1
            case "\u{85}", "\u{2028}", "\u{2029}":
                let name = scalar == "\u{85}" ? "next line" : scalar == "\u{2028}" ? "line separator" : "paragraph separator"
                let code = "U+" + hex4(scalar.value).uppercased()
                throw LayoutError(
                    file: file, line: line, column: column,
                    message: "\(code) (\(name)) in a YAML file: YAML reads it as a line break, editors do not, so lines would not match",
                    suggestion: "remove it, or write it as \"\\u\(hex4(scalar.value))\" inside double quotes")
            default:
                column += 1
            }
            previousWasCR = scalar == "\r"
        }
    }
}
