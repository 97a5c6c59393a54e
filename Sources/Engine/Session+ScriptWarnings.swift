import CommandLanguage
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

    /// A step's command that ran but warned, as a load warning (`Session.checkSteps` plays
    /// every step at load): at the step's script line, named as a step's error names the
    /// command (`step 1 "title": set frame 0 0 20 20`).
    static func stepWarning(_ message: String, at line: ScriptLine, command: Command, step: ScriptFailure.Step) -> LayoutWarning {
        LayoutWarning(
            file: line.location?.file ?? "", line: line.location?.line ?? 0, column: line.location?.column ?? 0,
            path: "step \(step.number) \"\(step.title)\": \(command.text)", message: message)
    }

    /// What a step says on the status line as it plays: its first warning, and when it gave
    /// more, how many and the command that prints them all (`layerscope check FILE` plays
    /// every step; a file with no path on disk, such as an embedded lesson's, only the count).
    static func stepStatus(_ warnings: [LayoutWarning]) -> String? {
        guard let first = warnings.first else { return nil }
        var text = "\(first.path): \(first.message)"
        if warnings.count > 1 {
            let file = first.file
            let seeAll = file.isEmpty || file.hasPrefix(LoadWarningStatus.embedded) ? "" : ": " + LoadWarningStatus.seeAll(path: file)
            text += " (and \(warnings.count - 1) more\(seeAll))"
        }
        return text
    }
}
