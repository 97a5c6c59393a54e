import LayerModel
import SafeText

extension Patcher {
    // MARK: Spelling

    var lineBreak: String { source.scalars.contains("\r") && source.scalars.contains("\n") ? "\r\n" : "\n" }

    func yamlKey(_ key: String) -> String { yamlQuoted(key, blockIndent: nil) }

    func jsonQuotedIfNeeded(_ s: String, flow: Bool) -> String {
        let plain = yamlQuoted(s, blockIndent: nil)
        return plain == s ? s : SafeText.jsonQuoted(s)
    }

    /// `want` in flow style, in the file's format.
    func render(_ want: WantedValue) -> String {
        switch want {
        case .number(let n): return NumberText.file(n)
        case .transformNumber(let n): return stepNumberText(n)
        case .string(let s): return format == .json ? SafeText.jsonQuoted(s) : yamlQuoted(s, blockIndent: nil)
        case .bool(let b): return b ? "true" : "false"
        case .array(let elements): return "[" + elements.map(render).joined(separator: ", ") + "]"
        case .object(let members):
            let body = members.map { (format == .json ? SafeText.jsonQuoted($0.0) : yamlKey($0.0)) + ": " + render($0.1) }.joined(separator: ", ")
            return spacedBraces ? "{ " + body + " }" : "{" + body + "}"
        case .keep: return ""
        }
    }
}
