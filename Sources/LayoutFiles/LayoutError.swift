/// A layout file that cannot be loaded or saved: where the problem is, what was expected,
/// and a fix when one is obvious. Shown by the executable only; the engine never prints.
///
/// `description` reads `FILE:LINE:COLUMN: PATH: MESSAGE; SUGGESTION`, leaving out empty
/// parts, e.g.
/// `clock.json:7:9: layers[0].anchorpoint: unknown field "anchorpoint"; did you mean "anchorPoint"?`
public struct LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// 1-based line of the offending value, key or character.
    public var line: Int
    /// 1-based column, counted in Unicode scalars (a tab counts as one).
    public var column: Int
    /// The field path, like `layers[0].sublayers[2].anchorPoint`; empty for syntax errors
    /// and for problems with the file itself.
    public var path: String
    /// What was expected and what was found.
    public var message: String
    /// The fix, when one is obvious (`did you mean "anchorPoint"?`).
    public var suggestion: String?

    public init(file: String, line: Int, column: Int, path: String = "", message: String, suggestion: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
        self.suggestion = suggestion
    }

    public var description: String {
        var parts: [String] = []
        parts.append(file.isEmpty ? "\(line):\(column)" : "\(file):\(line):\(column)")
        if !path.isEmpty { parts.append(path) }
        var text = parts.joined(separator: ": ") + ": " + message
        if let suggestion, !suggestion.isEmpty { text += "; " + suggestion }
        return text
    }
}

// MARK: Suggestions

/// The candidate a slip most likely meant: the same word in another case, else the closest by
/// edit distance (adjacent swaps count as one edit) within 2 edits (1 for words of 3 letters
/// or fewer). Ties go to the earlier candidate.
func nearestName(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    guard lowered.count <= 64 else { return nil }
    if let same = candidates.first(where: { $0.lowercased() == lowered }) { return same }
    let limit = lowered.count <= 3 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let d = editDistance(lowered, candidate.lowercased())
        if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
    }
    return best?.name
}

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
/// adjacent characters, each one edit.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}
