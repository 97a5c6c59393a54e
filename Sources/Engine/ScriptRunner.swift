import CommandLanguage
import Scenes
import LayoutFiles

/// Runs a script headless, as `layerscope eval` does: every query's answer is emitted as
/// one JSON object; the first error stops the run and names its line and column.
public enum ScriptRunner {
    /// The lines of a command-line script (`eval`, `render --script`, `explore --script`):
    /// one `ScriptLine` per line of `text`, placed in the file `name`.
    public static func lines(of text: String, name: String) -> [ScriptLine] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, raw in
            ScriptLine(String(raw), location: SourceLocation(file: name, line: index + 1, column: 1))
        }
    }

    /// Reads `lines` (commands one per line or `;`-separated, `#` comments) and hands each
    /// command to `body` with its line, in order, as it goes — so the commands before a bad
    /// line have run when its error is thrown; a line that does not parse runs none of its
    /// commands. `body` answers false to stop early (`quit`). The one reader behind every
    /// kind of script: `eval`, `render --script`, `explore --script`, a layout's script and
    /// its steps.
    public static func forEach(
        _ lines: [ScriptLine], in context: ScriptContext, step: ScriptFailure.Step? = nil,
        _ body: (_ line: ScriptLine, _ command: Command) throws(ScriptFailure) -> Bool
    ) throws(ScriptFailure) {
        for line in lines {
            let commands: [Command]
            do { commands = try CommandParser.parseLine(line.text) } catch {
                // A step names the line it could not read; the others point at the column.
                throw ScriptFailure(context, at: line, command: context == .step ? line.text : nil, error: error, step: step)
            }
            for command in commands {
                guard try body(line, command) else { return }
            }
        }
    }

    /// `forEach` over a command-line script's text (`lines(of:name:)`).
    public static func forEach(
        in text: String, name: String, context: ScriptContext,
        _ body: (_ line: ScriptLine, _ command: Command) throws(ScriptFailure) -> Bool
    ) throws(ScriptFailure) {
        try forEach(lines(of: text, name: name), in: context, body)
    }

    /// Runs a layout's lines — its script, or one step's — in `context` on `session`: every
    /// command through `perform`, the first failure stopping with the line's place. A layout's
    /// script names the line (`script "…"`), a step the command (`step 1 "t": select x`).
    /// `warned` hears each command that ran but warned (`Session.warning`), with its line.
    public static func run(
        _ lines: [ScriptLine], in context: ScriptContext, step: ScriptFailure.Step? = nil,
        on session: inout Session, warned: (ScriptLine, Command, String) -> Void = { _, _, _ in }
    ) throws(ScriptFailure) {
        try forEach(lines, in: context, step: step) { (line: ScriptLine, command: Command) throws(ScriptFailure) -> Bool in
            do throws(CommandError) { _ = try perform(command, in: context, on: &session) } catch {
                throw ScriptFailure(context, at: line, command: context == .step ? command.text : nil, error: error, step: step)
            }
            if let warning = session.warning { warned(line, command, warning) }
            return true
        }
    }

    /// Runs one command of a script in `context` on `session`: the context's refusals first
    /// (quit, the clock, steps within steps), then the command, then its effect's refusal
    /// (`ScriptContext.refusal(of:)`). Returns the effect left to carry out, or nil for quit
    /// (the run ends). The explorer's own commands mean nothing to a scene: `.none`.
    public static func perform(
        _ command: Command, in context: ScriptContext,
        on session: inout Session
    ) throws(CommandError) -> Effect? {
        let engineCommand: EngineCommand
        switch command {
        case .explorer(.quit):
            if let reason = context.refusal(of: .quit) { throw CommandError(context.message(refusing: command, because: reason)) }
            return nil
        case .explorer: return Effect.none
        case let .engine(c): engineCommand = c
        }
        if let (reason, suggestion) = context.refusal(of: engineCommand) {
            throw CommandError(context.message(refusing: command, because: reason), suggestion: suggestion)
        }
        let effect = try session.perform(engineCommand)
        if let kind = effect.kind, let reason = context.refusal(of: kind) {
            throw CommandError(context.message(refusing: command, because: reason))
        }
        return effect
    }
}
