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
        let words = prefix.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let current = words.last ?? ""
        let head = words.dropLast().joined(separator: " ")
        let pool: [String]
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
        } else {
            pool = Array(session.tree.names).sorted() + ["screen"]
        }
        let matches = pool.filter { $0.hasPrefix(current) }.sorted()
        guard !matches.isEmpty else { return Result(completion: nil, candidates: []) }
        var common = matches[0]
        for m in matches.dropFirst() {
            while !m.hasPrefix(common) { common.removeLast() }
        }
        let suffix = matches.count == 1 ? " " : ""
        let line = (head.isEmpty ? "" : head + " ") + common + suffix
        return Result(completion: line, candidates: matches)
    }
}
