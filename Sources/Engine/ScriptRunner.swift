import CommandLanguage
import LayoutFiles
/// Runs a script headless, as `layerscope eval` does: every query's answer is emitted as
/// one JSON object; the first error stops the run and names its line and column.
public enum ScriptRunner {
    /// Where and why a script stopped.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
        /// `line N: FILE:N:C: message` — commands.md's `line N:` first, then a location
        /// editors can jump to.
        public var description: String { "line \(line): \(file):\(line):\(column): \(message)" }
        public init(file: String, line: Int, column: Int, message: String) {
            self.file = file; self.line = line; self.column = column; self.message = message
        }
    }

    /// Reads `text` (commands one per line or `;`-separated, `#` comments) and hands each
    /// command to `body` with its line number, in order, as it goes — so the commands before
    /// a bad line have run when its error is thrown. `body` answers false to stop early
    /// (`quit`). The one reader behind `eval`, `render --script` and `explore --script`.
    public static func forEach(in text: String, name: String,
                               _ body: (_ line: Int, _ command: Command) throws(Failure) -> Bool) throws(Failure) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let n = index + 1
            let commands: [Command]
            do { commands = try CommandParser.parseLine(String(raw)) } catch {
                throw Failure(file: name, line: n, column: error.column ?? 1,
                              message: error.message + (error.suggestion.map { "; \($0)" } ?? ""))
            }
            for command in commands {
                guard try body(n, command) else { return }
            }
        }
    }

    /// Runs one command of a script in `context` on `session`: the context's refusals first
    /// (quit, the clock, steps within steps), then the command, then its effect's refusal
    /// (`ScriptContext.refusal(of:)`). Returns the effect left to carry out, or nil for quit
    /// (the run ends). The explorer's own commands mean nothing to a scene: `.none`.
    public static func perform(_ command: Command, in context: ScriptContext,
                               on session: inout Session) throws(CommandError) -> Effect? {
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

    /// Runs `text` (commands one per line or `;`-separated) on `session`, as `eval` does.
    /// `emit` receives each answer (one JSON object); `warn` each warning. Files named by
    /// `save`/`load` are real files, written atomically.
    public static func run(_ text: String, name: String, session: inout Session,
                           emit: (String) -> Void, warn: (String) -> Void = { _ in }) throws(Failure) {
        let context = ScriptContext.eval
        try forEach(in: text, name: name) { (n: Int, command: Command) throws(Failure) -> Bool in
            func failure(_ message: String, column: Int?) -> Failure {
                Failure(file: name, line: n, column: column ?? 1, message: message)
            }
            let performed: Effect?
            do throws(CommandError) { performed = try perform(command, in: context, on: &session) } catch {
                throw failure("\(command.text): " + error.message + (error.suggestion.map { "; \($0)" } ?? ""), column: error.column)
            }
            guard let effect = performed else { return false }
            if let w = session.warning { warn("line \(n): warning: \(w)") }
            switch effect {
            case let .answer(json): emit(json)
            case let .output(code): emit("{\"swift\":\(JSON.string(code))}")
            case let .write(path, text):
                do throws(TextFile.Failure) { _ = try TextFile.writeAtomically(text, to: path) } catch { throw failure("\(command.text): \(error.message)", column: nil) }
            case let .save(path):
                guard let target = path ?? session.filePath else { throw failure("save: no file name (use save FILE)", column: nil) }
                // A script cannot answer a question: a file changed on disk since it was
                // loaded, or read-only, is refused (the explorer asks instead).
                if let conflict = session.saveConflict(to: target) {
                    throw failure("save: \(conflict.message(target)); not saving over it — the file is untouched (save NEW.json writes elsewhere)", column: nil)
                }
                // The preserving save keeps the file's script and steps (PreservingSave).
                do { try SceneLoader.save(session.scene, to: target) } catch { throw failure("save: \(error)", column: nil) }
                session.didSave(to: target)
            case let .load(path):
                do { session.replaceScene(try SceneLoader.load(path), filePath: path) } catch { throw failure("load: \(error)", column: nil) }
            case .reload:
                guard let path = session.filePath else { throw failure("reload: no file to reload (the scene was not loaded from one)", column: nil) }
                do { session.replaceScene(try SceneLoader.load(path), filePath: path) } catch { throw failure("reload: \(error)", column: nil) }
            case .none: break
            }
            return true
        }
    }
}
