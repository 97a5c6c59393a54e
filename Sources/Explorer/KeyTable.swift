import TerminalKit

extension Keymap {
    /// README.md's key table: one row per binding, in the keymap's order, as the help
    /// overlay lists them (`layerscope commands --keys`; a test keeps README equal).
    public static var markdownTable: String { markdownTable(bindings) }

    /// docs/import.md's table of the tree mode's keys: the bindings of tree mode alone, their
    /// help without the "tree mode: " it would repeat (`<!-- commands:tree-keys -->`).
    public static var treeMarkdownTable: String {
        markdownTable(bindings.filter { $0.modes == [.tree] }, dropping: "tree mode: ")
    }

    static func markdownTable(_ bindings: [Binding], dropping prefix: String = "") -> String {
        var rows = ["| key | does |", "| --- | --- |"]
        for b in bindings {
            let keys = b.keys.map { MarkdownCell.code($0.description) }.joined(separator: " ")
            let help = b.help.hasPrefix(prefix) ? String(b.help.dropFirst(prefix.count)) : b.help
            rows.append("| \(keys) | \(MarkdownCell.text(help)) |")
        }
        return rows.joined(separator: "\n")
    }
}

/// Text made safe for one cell of a Markdown table (bars escaped; backticks fenced).
enum MarkdownCell {
    static func text(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
    static func code(_ s: String) -> String {
        let escaped = text(s)
        return s.contains("`") ? "`` \(escaped) ``" : "`\(escaped)`"
    }
}
