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
}
