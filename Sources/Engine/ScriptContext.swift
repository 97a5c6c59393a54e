import CommandLanguage

/// What a command can ask of the world beyond the scene: the effects a script meets.
/// `answer` and `output` are a query's answer and text to show; `copy` is the explorer's
/// clipboard (the `y` key on the output overlay); `quit` ends the run.
public enum EffectKind: String, CaseIterable, Sendable {
    case answer, output, write, save, load, reload, copy, quit
}

extension Effect {
    /// The kind of effect asked for; nil for none.
    public var kind: EffectKind? {
        switch self {
        case .none: return nil
        case .answer: return .answer
        case .output: return .output
        case .write: return .write
        case .save, .rewrite: return .save
        case .load: return .load
        case .reload: return .reload
        }
    }
}

/// Every place a script runs, each with one declared answer per effect: performed, or
/// refused with a reason (the script stops there with its file, line and column). No
/// effect is ever dropped: `ScriptContextTests` runs every effect in every context.
public enum ScriptContext: String, CaseIterable, Sendable {
    /// `layerscope eval`: headless, answers printed as JSON, files real.
    case eval
    /// `layerscope render --script`: the explorer's reducer, then one drawn frame.
    case render
    /// `layerscope explore --script`: the explorer's reducer before the terminal opens.
    case explore
    /// A layout's `script` field, run at every load.
    case layoutScript
    /// A step's `script` in a layout's `steps`, run by `step N` (and checked at load).
    case step

    /// How errors name the context.
    public var title: String {
        switch self {
        case .eval: return "eval"
        case .render: return "render --script"
        case .explore: return "explore --script"
        case .layoutScript: return "a layout's script"
        case .step: return "a step's script"
        }
    }

    /// nil when `effect` is performed here; otherwise why it is refused.
    public func refusal(of effect: EffectKind) -> String? {
        switch (self, effect) {
        // Headless and the explorer's scripts run against real files and show answers.
        case (.eval, .answer), (.eval, .output), (.eval, .write), (.eval, .save), (.eval, .load), (.eval, .reload), (.eval, .quit),
            (.render, .answer), (.render, .output), (.render, .write), (.render, .save), (.render, .load), (.render, .reload), (.render, .quit),
            (.explore, .answer), (.explore, .output), (.explore, .write), (.explore, .save), (.explore, .load), (.explore, .reload), (.explore, .quit):
            return nil
        case (.eval, .copy), (.render, .copy), (.explore, .copy):
            return "the clipboard is the explorer's (y on the output overlay); a script writes files: export svg FILE"
        // A layout's scripts shape the scene at every load: no files, no answers, no quitting.
        case (.layoutScript, .answer), (.step, .answer), (.layoutScript, .output), (.step, .output):
            return "a question has no one to answer here; ask it with layerscope eval or on the explorer's : line"
        case (.layoutScript, .write), (.step, .write):
            return "a layout's scripts run at every load and never write files; export from the explorer or layerscope eval"
        case (.layoutScript, .save), (.step, .save), (.layoutScript, .load), (.step, .load),
            (.layoutScript, .reload), (.step, .reload):
            return "a layout's scripts shape its scene; they do not open or save files"
        case (.layoutScript, .copy), (.step, .copy):
            return "a layout's scripts have no clipboard"
        case (.layoutScript, .quit), (.step, .quit):
            return "a layout's scripts cannot end the program"
        }
    }

    /// Commands refused here whatever their effect (the scene's clock, steps within steps),
    /// with a suggestion; nil when the command may run.
    public func refusal(of command: EngineCommand) -> (reason: String, suggestion: String?)? {
        switch (self, command) {
        case (.layoutScript, .clock(.animate)), (.layoutScript, .clock(.animated)),
            (.layoutScript, .clock(.wait)), (.layoutScript, .clock(.time)):
            // The script shapes the saved model; a clock or animations would be lost.
            return ("the scene's clock is not a layout script's", "declare the scene's animations in its \"animations\" field")
        case (.step, .step):
            return ("a step cannot play other steps", nil)
        case (.layoutScript, .author), (.step, .author):
            // They change the file's own screen and steps: the author's, in the explorer.
            return ("it edits the file's screen and steps", "author them in the explorer or with layerscope eval, then save")
        default:
            return nil
        }
    }

    /// The message for a refused effect or command: `save is not allowed in a layout's script: …`.
    public func message(refusing command: Command, because reason: String) -> String {
        let verb = command.text.split(separator: " ").first.map(String.init) ?? command.text
        return "\(verb) is not allowed in \(title): \(reason)"
    }
}

extension ScriptContext {
    /// docs/commands.md's table of what each kind of script does with each effect
    /// (`layerscope commands --effects`; a test keeps the docs equal).
    public static var markdownTable: String {
        let contexts = ScriptContext.allCases
        var rows = [
            "| effect | " + contexts.map(\.title).joined(separator: " | ") + " |",
            "| --- |" + String(repeating: " --- |", count: contexts.count)
        ]
        for kind in EffectKind.allCases {
            rows.append("| `\(kind.rawValue)` | " + contexts.map { $0.refusal(of: kind) == nil ? "performed" : "refused" }.joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n")
    }
}
