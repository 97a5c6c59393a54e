/// Something a layout file says that loads, but not as its author likely meant: the file
/// opens (no error, `check` exits 0) and the warning says where, what became of it and the
/// fix. Read as `FILE:LINE:COLUMN: warning: PATH: MESSAGE; SUGGESTION`, the form of a
/// script's warnings (`ScriptFailure.warning`) and of `LayoutError` with `warning:` added.
public struct LayoutWarning: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// The field path, like `layers[0].frame`.
    public var path: String
    public var message: String
    public var suggestion: String?

    public init(file: String, line: Int, column: Int, path: String, message: String, suggestion: String? = nil) {
        self.file = file; self.line = line; self.column = column; self.path = path; self.message = message; self.suggestion = suggestion
    }

    public var description: String {
        var text = (file.isEmpty ? "\(line):\(column)" : "\(file):\(line):\(column)") + ": warning: "
        if !path.isEmpty { text += path + ": " }
        text += message
        if let suggestion, !suggestion.isEmpty { text += "; " + suggestion }
        return text
    }
}

/// The warnings a scene's file gave when it was read (`Scene.loadWarnings`): equal whatever
/// they hold, like `LoadedFile`, for they say how the file was written, not what the scene is.
public struct LoadWarnings: Equatable, Sendable {
    public var all: [LayoutWarning]
    public init(_ all: [LayoutWarning] = []) { self.all = all }
    public static func == (_: LoadWarnings, _: LoadWarnings) -> Bool { true }
}
