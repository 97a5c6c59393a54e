/// How a word is written in the command language: as is when plain, otherwise in double
/// quotes with `\` and `"` escaped (names with spaces, `;`, `#`, braces or quotes).
public enum CommandQuoting {
    public static func ifNeeded(_ s: String) -> String {
        let plain = !s.isEmpty && s.allSatisfy { !$0.isWhitespace && $0 != ";" && $0 != "#" && $0 != "\"" && $0 != "{" && $0 != "}" }
        if plain { return s }
        var out = "\""
        for c in s {
            if c == "\\" || c == "\"" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
