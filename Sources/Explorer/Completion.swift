import LayerModel
import CommandLanguage
import LayerKit

/// Tab completion on the `:` line: command words first, then properties after `set`/`get`,
/// then layer names.
public enum Completion {
    public struct Result: Equatable, Sendable {
        /// The whole line up to the caret after completion (the longest common prefix).
        public var completion: String?
        public var candidates: [String]
    }

    public static func complete(_ prefix: String, session: Session) -> Result {
        let words = split(prefix)
        let raw = words.last ?? ""
        // A name being typed inside quotes: match without the opening quote.
        let quoted = raw.hasPrefix("\"")
        let current = quoted ? String(raw.dropFirst()) : raw
        let head = words.dropLast().joined(separator: " ")
        let pool: [String]
        var isNames = false
        if words.count <= 1 {
            pool = CommandParser.verbs
        } else if words[0] == "set" && words.count == 2 {
            pool = Property.allCases.filter { !$0.isReadOnly }.map(\.rawValue)
        } else if words[0] == "get" && words.count == 2 {
            pool = Property.allCases.map(\.rawValue) + ["presentation", "now"]
        } else if ["animate", "remove-animations"].contains(words[0]) && words.count == 2 {
            pool = AnimationKeyPath.allCases.map(\.rawValue)
        } else if words[0] == "get" && words.count == 3 && words[1] == "presentation" {
            pool = Property.allCases.map(\.rawValue)
        } else if words[0] == "toggle" && words.count == 2 {
            pool = ToggleProperty.allCases.map(\.rawValue)
        } else if words[0] == "order" && words.count == 2 {
            pool = SiblingOrder.allCases.map(\.rawValue)
        } else if words[0] == "mode" && words.count == 2 {
            pool = ModeName.allCases.map(\.rawValue)
        } else if words[0] == "anchor-behaviour" && words.count == 2 {
            pool = AnchorBehaviourName.allCases.map(\.rawValue)
        } else if words[0] == "panel" && words.count == 2 {
            pool = Command.panelPages
        } else {
            pool = Array(session.tree.names).sorted() + ["screen"]
            isNames = true
        }
        let matches = pool.filter { $0.hasPrefix(current) }.sorted()
        guard !matches.isEmpty else { return Result(completion: nil, candidates: []) }
        var common = matches[0]
        for m in matches.dropFirst() {
            while !m.hasPrefix(common) { common.removeLast() }
        }
        let word: String
        if matches.count == 1 {
            // A whole name: quoted when the parser needs it (spaces, quotes, `;`, `#`).
            word = (isNames ? CommandQuoting.ifNeeded(common) : common) + " "
        } else if isNames && (quoted || common.contains(" ")) {
            // Still ambiguous, but inside a name with a space: keep the quote open.
            word = "\"" + common
        } else {
            word = common
        }
        let line = (head.isEmpty ? "" : head + " ") + word
        return Result(completion: line, candidates: matches)
    }

    /// Splits the line at spaces outside double quotes, keeping the quotes in the words.
    static func split(_ line: String) -> [String] {
        var words: [String] = [""]
        var inQuote = false
        for ch in line {
            if ch == "\"" { inQuote.toggle() }
            if ch == " " && !inQuote { words.append("") } else { words[words.count - 1].append(ch) }
        }
        return words
    }
}
