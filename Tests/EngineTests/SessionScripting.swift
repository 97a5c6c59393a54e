import CommandLanguage
import Scenes
import Engine
import LayoutFiles

/// Suites that build a session from command lines, as a script would, and ask it queries.
protocol SessionScripting {}

extension SessionScripting {
    /// A session on `scene`, after `script`'s commands (one or more a line, `;` between).
    func session(_ script: String, scene: Scene = Scene()) throws -> Session {
        var s = Session(scene: scene)
        for line in script.split(separator: "\n") {
            for case let .engine(c) in try CommandParser.parseLine(String(line)) { _ = try s.perform(c) }
        }
        return s
    }

    /// The JSON answer of one query, or "not an answer".
    func ask(_ s: inout Session, _ query: String) throws -> String {
        guard case let .answer(json) = try s.perform(try CommandParser.parseEngine(query)) else { return "not an answer" }
        return json
    }
}
