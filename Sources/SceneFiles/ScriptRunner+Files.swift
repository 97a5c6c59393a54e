import CommandLanguage
import Engine
import LayoutFiles
import LayoutFileIO
import SafeText
import Scenes

extension ScriptRunner {
    /// Runs `text` (commands one per line or `;`-separated) on `session`, as `eval` does.
    /// `emit` receives each answer (one JSON object); `warn` each warning, as
    /// `line N: FILE:N:C: warning: …` (with `failOnWarning` the first one stops the run
    /// instead). Files named by `save`/`load` are real files, written atomically.
    public static func run(
        _ text: String, name: String, session: inout Session,
        emit: (String) -> Void, warn: (String) -> Void = { _ in }, failOnWarning: Bool = false
    ) throws(ScriptFailure) {
        let context = ScriptContext.eval
        try forEach(in: text, name: name, context: context) { (line: ScriptLine, command: Command) throws(ScriptFailure) -> Bool in
            func failure(_ message: String, column: Int?) -> ScriptFailure {
                ScriptFailure(context, at: line, columnInLine: column, message: message)
            }
            let performed: Effect?
            do throws(CommandError) { performed = try perform(command, in: context, on: &session) } catch {
                throw ScriptFailure(context, at: line, command: command.text, error: error)
            }
            guard let effect = performed else { return false }
            if let w = session.warning {
                if failOnWarning { throw ScriptFailure.warning(context, at: line, w, failing: true) }
                warn(ScriptFailure.warning(context, at: line, w).description)
            }
            switch effect {
            case let .answer(json): emit(json)
            case let .output(code): emit("{\"swift\":\(SafeText.jsonQuoted(code))}")
            case let .write(path, text):
                do throws(TextFile.Failure) { _ = try TextFile.writeAtomically(text, to: path) } catch {
                    throw failure("\(command.text): \(error.message)", column: nil)
                }
            case let .save(path), let .rewrite(path):
                let rewriting: Bool = {
                    if case .rewrite = effect { return true }; return false
                }()
                guard let target = path ?? session.filePath else { throw failure("save: no file name (use save FILE)", column: nil) }
                // A script cannot answer a question: a file changed on disk since it was
                // loaded, or read-only, is refused (the explorer asks instead).
                if let conflict = session.saveConflict(to: target) {
                    throw failure("save: \(conflict.message(target)); not saving over it — the file is untouched (save NEW.json writes elsewhere)", column: nil)
                }
                // The preserving save keeps the file's script and steps (PreservingSave).
                // …and checked again under the save's lock, where no other save can land between
                // the check and the rename (six concurrent `eval … save` reverted each other).
                let written: FileVersion?
                do {
                    if rewriting {
                        let report = try SceneLoader.rewrite(session.savable, to: target, expecting: session.saveExpectation(to: target))
                        written = report.version
                        if !report.summary.isEmpty { warn("line \(line.location?.line ?? 0): save --rewrite: \(target): \(report.summary)") }
                    } else {
                        written = try SceneLoader.save(session.savable, to: target, expecting: session.saveExpectation(to: target))
                    }
                } catch {
                    throw failure("save: \(error)", column: nil)
                }
                session.didSave(to: target, version: written)
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
