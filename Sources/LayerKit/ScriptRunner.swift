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
    }

    /// Runs `text` (commands one per line or `;`-separated) on `session`. `emit` receives
    /// each answer (one JSON object); `warn` each warning. Files named by `save`/`load` are
    /// real files, written atomically.
    public static func run(_ text: String, name: String, session: inout Session,
                           emit: (String) -> Void, warn: (String) -> Void = { _ in }) throws(Failure) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let n = index + 1
            func failure(_ message: String, column: Int?) -> Failure {
                Failure(file: name, line: n, column: column ?? 1, message: message)
            }
            let commands: [Command]
            do { commands = try CommandParser.parseLine(String(raw)) } catch {
                throw failure(error.message + (error.suggestion.map { "; \($0)" } ?? ""), column: error.column)
            }
            for command in commands {
                let effect: Effect
                do { effect = try session.perform(command) } catch {
                    throw failure("\(command.text): " + error.message + (error.suggestion.map { "; \($0)" } ?? ""), column: error.column)
                }
                if let w = session.warning { warn("line \(n): warning: \(w)") }
                switch effect {
                case let .answer(json): emit(json)
                case let .output(code): emit("{\"swift\":\(JSON.string(code))}")
                case let .save(path):
                    guard let target = path ?? session.filePath else { throw failure("save: no file name (use save FILE)", column: nil) }
                    do { try SceneLoader.save(session.scene, to: target) } catch { throw failure("save: \(error)", column: nil) }
                    session.didSave(to: target)
                case let .load(path):
                    do { session.replaceScene(try SceneLoader.load(path), filePath: path) } catch { throw failure("load: \(error)", column: nil) }
                case .reload:
                    guard let path = session.filePath else { break }
                    do { session.replaceScene(try SceneLoader.load(path), filePath: path) } catch { throw failure("reload: \(error)", column: nil) }
                case .quit: return
                case .none, .explorer: break
                }
            }
        }
    }
}
