import LayerModel
import CommandLanguage
import Engine

/// Tab completion on the `:` line, from the commands' declarations (`CommandTable`):
/// command words first, then each argument by its declared kind — layer names, properties,
/// a property's value words, key paths, keyword lists, files.
public enum Completion {
    public struct Result: Equatable, Sendable {
        /// The whole line up to the caret after completion (the longest common prefix).
        public var completion: String?
        public var candidates: [String]
        /// A file name is being completed and no listing was given: the directory to list
        /// (the core reads no file system — the runtime lists it, `ExplorerEffect.listDirectory`).
        public var needsDirectory: String? = nil
    }

    /// `files` lists a directory's entries (directories with a trailing `/`); without it a
    /// file argument completes nothing and the result says which directory to list.
    public static func complete(
        _ prefix: String, session: Session,
        files: ((String) -> [String])? = nil
    ) -> Result {
        let words = split(prefix)
        let raw = words.last ?? ""
        // A name being typed inside quotes: match without the opening quote.
        let quoted = raw.hasPrefix("\"")
        let current = quoted ? String(raw.dropFirst()) : raw
        let head = words.dropLast().joined(separator: " ")
        var pool: [String] = []
        var isNames = false
        var needsDirectory: String? = nil
        if words.count <= 1 {
            pool = CommandTable.verbs
        } else {
            let typed = words.dropFirst().dropLast().map(unquoted)
            for kind in CommandTable.argumentKinds(verb: words[0], typed: Array(typed), position: words.count - 1) {
                switch kind {
                case .layer: pool += session.tree.names; isNames = true
                case .space: pool += Array(session.tree.names) + ["screen"]; isNames = true
                case let .property(settable): pool += Property.allCases.filter { !settable || !$0.isReadOnly }.map(\.rawValue)
                case .keyPath: pool += AnimationKeyPath.allCases.map(\.rawValue)
                case let .choice(options): pool += options
                case let .keyword(k): pool.append(k)
                case .file:
                    let slash = current.lastIndex(of: "/").map { current.index(after: $0) } ?? current.startIndex
                    let directory = String(current[..<slash])
                    if let files { pool += files(directory).map { directory + $0 } } else { needsDirectory = directory }
                    isNames = true
                case .value: pool += CommandTable.valueWords(for: typed.last ?? "")
                // `draw OP…` (content.md): the operation words, and clear.
                case .tail where words[0] == "draw" && words.count == 2: pool += DrawingOperation.verbs + ["clear"]
                case .newLayer, .number, .text, .tail, .optional: break
                }
            }
        }
        pool = Array(Set(pool))
        let matches = pool.filter { $0.hasPrefix(current) }.sorted()
        guard !matches.isEmpty else { return Result(completion: nil, candidates: [], needsDirectory: needsDirectory) }
        var common = matches[0]
        for m in matches.dropFirst() {
            while !m.hasPrefix(common) { common.removeLast() }
        }
        let word: String
        if matches.count == 1, common.hasSuffix("/") {
            // A directory: keep going inside it.
            word = (quoted || common.contains(" ") ? "\"" : "") + common
        } else if matches.count == 1 {
            // A whole name: quoted when the parser needs it (spaces, quotes, `;`, `#`).
            word = (isNames ? CommandQuoting.ifNeeded(common) : common) + " "
        } else if isNames && (quoted || common.contains(" ")) {
            // Still ambiguous, but inside a name with a space: keep the quote open.
            word = "\"" + common
        } else {
            word = common
        }
        let line = (head.isEmpty ? "" : head + " ") + word
        return Result(completion: line, candidates: matches, needsDirectory: needsDirectory)
    }

    static func unquoted(_ word: String) -> String {
        word.count >= 2 && word.hasPrefix("\"") && word.hasSuffix("\"") ? String(word.dropFirst().dropLast()) : word
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
