import CommandLanguage
import TerminalKit

/// The `:` line editor: a key typed while the command line is open edits its text and caret
/// (history on up and down, completion on tab); enter parses the line and performs its
/// commands in turn, stopping at the first that fails or has an effect.
extension Reducer {
    static func commandLineKey(_ state: inout ExplorerState, _ key: Key, text: String, caret: Int) -> ExplorerEffect {
        var chars = Array(text)
        var caret = min(max(caret, 0), chars.count)
        switch key {
        case .escape, .control("c"):
            state.mode = state.modeBeforeCommandLine
            return .none
        case .enter:
            // Back to the mode the line was opened in (issue 32: cursor mode dropped to
            // NORMAL and the crosshair went); a command on the line may change it.
            state.mode = state.modeBeforeCommandLine
            let line = text.trimmingSpaces
            guard !line.isEmpty else { return .none }
            if state.history.last != line { state.history.append(line) }
            state.historyIndex = nil
            let commands: [Command]
            do { commands = try CommandParser.parseLine(line) } catch {
                state.setStatus(":\(line) — \(error)", error: true)
                state.echo = ":\(line)"
                return .none
            }
            for c in commands {
                let effect = perform(&state, c, echo: nil)
                if effect != .none { return effect }
                if state.statusIsError { break }
            }
            return .none
        case .backspace:
            if caret > 0 { chars.remove(at: caret - 1); caret -= 1 } else if chars.isEmpty { state.mode = state.modeBeforeCommandLine; return .none }
        case .delete, .control("d"):
            if caret < chars.count { chars.remove(at: caret) }
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(chars.count, caret + 1)
        case .home, .control("a"): caret = 0
        case .end, .control("e"): caret = chars.count
        case .control("u"): chars.removeSubrange(0..<caret); caret = 0
        case .up, .down:
            guard !state.history.isEmpty else { return .none }
            var i = state.historyIndex ?? state.history.count
            i = key == .up ? max(0, i - 1) : i + 1
            if i >= state.history.count {
                state.historyIndex = nil
                chars = []
            } else {
                state.historyIndex = i
                chars = Array(state.history[i])
            }
            caret = chars.count
        case .tab:
            let completed = Completion.complete(String(chars[0..<caret]), session: state.session)
            // A file name: the runtime lists the directory and `completeFiles` finishes.
            if let directory = completed.needsDirectory { return .listDirectory(directory) }
            apply(completed, to: &chars, caret: &caret, &state)
        case let .character(c):
            chars.insert(c, at: caret)
            caret += 1
        default:
            return .none
        }
        state.mode = .command(text: String(chars), caret: caret)
        return .none
    }

    /// The directory the `:` line's Tab asked for, listed: completes the line as it stands.
    static func completeFiles(_ state: inout ExplorerState, directory: String, entries: [String]) {
        guard case let .command(text, at) = state.mode else { return }
        var chars = Array(text)
        var caret = min(max(at, 0), chars.count)
        let completed = Completion.complete(
            String(chars[0..<caret]), session: state.session,
            files: { $0 == directory ? entries : [] })
        apply(completed, to: &chars, caret: &caret, &state)
        state.mode = .command(text: String(chars), caret: caret)
    }

    private static func apply(_ completed: Completion.Result, to chars: inout [Character], caret: inout Int, _ state: inout ExplorerState) {
        if let c = completed.completion {
            let rest = chars[caret...]
            chars = Array(c) + rest
            caret = c.count
        }
        if completed.candidates.count > 1 {
            state.setStatus(completed.candidates.prefix(12).joined(separator: "  "))
        }
    }
}
