import Scenes

extension Session {
    /// A layout script's command that ran but warned, as a load warning (`Scene.loadWarnings`):
    /// at the script line's place, named as a script error names it (`script "…"`), so
    /// `check`, `eval --layout` and the explorer say it as they say the file's own warnings.
    static func loadWarning(_ message: String, at line: ScriptLine) -> LayoutWarning {
        LayoutWarning(
            file: line.location?.file ?? "", line: line.location?.line ?? 0, column: line.location?.column ?? 0,
            path: "script \"\(line.text)\"", message: message)
    }
}
