import LayerModel

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
    /// A save refused in place that `save --rewrite` would write (`PreservingSave.refusal`
    /// says so in `suggestion`): the explorer's quit question offers the rewrite on this flag,
    /// never by reading the text.
    public var offersRewrite: Bool

    public init(
        file: String, line: Int, column: Int, path: String = "", message: String, suggestion: String? = nil, offersRewrite: Bool = false
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
        self.suggestion = suggestion
        self.offersRewrite = offersRewrite
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
