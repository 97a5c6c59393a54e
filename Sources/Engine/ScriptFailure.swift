import CommandLanguage
import Scenes
import LayoutFiles

/// Where and why a script stopped — the one failure of every kind of script: `eval`,
/// `render --script`, `explore --script`, a layout's script and a step's (`ScriptContext`).
/// It keeps what each of them used to carry on its own: the script line as written and where
/// it starts, the column within it, the command that failed, the message and a suggestion.
public struct ScriptFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The step whose script failed (`step 1 "title"`).
    public struct Step: Equatable, Sendable {
        public var number: Int
        public var title: String
        public init(number: Int, title: String) { self.number = number; self.title = title }
    }

    /// Which kind of script failed: it says how the failure is written (below).
    public var context: ScriptContext
    /// The script line that failed, as written, with where it starts (nil: made in code).
    public var source: ScriptLine
    /// The column within `source.text` the parser or the command pointed at; nil: the line.
    public var columnInLine: Int?
    /// The command that failed, as text; nil when the line did not parse or the failure is
    /// the effect's (`save: …` names its own verb).
    public var command: String?
    public var message: String
    public var suggestion: String?
    /// For a step's script: which step.
    public var step: Step?

    public init(
        _ context: ScriptContext, at source: ScriptLine, columnInLine: Int? = nil, command: String? = nil,
        message: String, suggestion: String? = nil, step: Step? = nil
    ) {
        self.context = context; self.source = source; self.columnInLine = columnInLine; self.command = command
        self.message = message; self.suggestion = suggestion; self.step = step
    }

    /// A command's error on `source`: its message, column and suggestion kept.
    public init(_ context: ScriptContext, at source: ScriptLine, command: String? = nil, error: CommandError, step: Step? = nil) {
        self.init(
            context, at: source, columnInLine: error.column, command: command,
            message: error.message, suggestion: error.suggestion, step: step)
    }

    /// The file the script was read from ("" for a line made in code).
    public var file: String { source.location?.file ?? "" }
    /// The line in that file (0 for a line made in code).
    public var line: Int { source.location?.line ?? 0 }
    /// The column in that file: the line's start, moved on to the column within it.
    public var column: Int { (source.location?.column ?? 1) + (columnInLine ?? 1) - 1 }

    /// The message and its suggestion: `no layer named "x"; did you mean "y"?`.
    public var reason: String { message + (suggestion.map { "; \($0)" } ?? "") }

    /// What the explorer's `:` line shows when `step N` fails (no file place: the status bar
    /// is beside the scene): `step 1 "title": select x: no layer named "x"`.
    public var commandError: CommandError {
        let stepName = step.map { "step \($0.number) \"\($0.title)\": " } ?? ""
        return CommandError(stepName + (command.map { "\($0): " } ?? "") + message, suggestion: suggestion)
    }

    /// A command of a command-line script (`eval`, `render --script`, `explore --script`) that
    /// ran but warned (`set frame` or `resize` under a rotation, `turn`, a step setting edits
    /// aside): printed on stderr as `line N: FILE:N:C: warning: …` and the script goes on —
    /// or, with `--fail-on-warning`, the script's failure, saying how to go on past it.
    public static func warning(_ context: ScriptContext, at source: ScriptLine, _ message: String, failing: Bool = false) -> ScriptFailure {
        ScriptFailure(
            context, at: source, message: "warning: " + message,
            suggestion: failing ? "--fail-on-warning stops at the first warning; without it the warning is printed and the script goes on" : nil)
    }

    /// The failure as the user reads it. A command-line script (its own file) leads with
    /// commands.md's `line N:`, then a place editors jump to; a layout's script and steps
    /// lead with the place in the layout, then name the script line or the step.
    public var description: String {
        switch context {
        case .eval, .render, .explore:
            return "line \(line): \(file):\(line):\(column): " + (command.map { "\($0): " } ?? "") + reason
        case .layoutScript:
            let place = source.location.map { "\($0): " } ?? ""
            return place + "script \"\(source.text)\": " + (columnInLine.map { "column \($0): " } ?? "") + reason
        case .step:
            let place = source.location.map { "\($0): " } ?? ""
            return place + commandError.message + (suggestion.map { "; \($0)" } ?? "")
        }
    }
}
