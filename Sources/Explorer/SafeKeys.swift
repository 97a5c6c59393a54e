import CommandLanguage
extension Reducer {
    /// Ctrl-C: on the `:` line, in help, over an overlay or at the quit question it cancels
    /// (nil: the key is handled as Esc would be); elsewhere it quits, and with unsaved edits it
    /// asks first, like `q`. A typed `:q!` still quits without asking.
    static func ctrlC(_ state: inout ExplorerState) -> ExplorerEffect? {
        switch state.mode {
        case .command, .help:
            _ = handleKey(&state, .escape)
            state.mode = .normal
            state.echo = "C-c → cancel"
            state.setStatus("cancelled (Ctrl-C) — q quits")
            return ExplorerEffect.none
        case .confirmOverwrite:
            return handleKey(&state, .escape)
        case .confirmQuit:
            state.mode = .normal
            state.echo = "C-c → cancel"
            state.setStatus("quit cancelled — the edits are still unsaved")
            return ExplorerEffect.none
        default:
            if state.output != nil {
                state.output = nil
                state.echo = "C-c → cancel"
                state.setStatus("")
                return ExplorerEffect.none
            }
            state.echo = "C-c → quit"
            return perform(&state, ExplorerCommand.quit(force: false), echo: "C-c")
        }
    }
}

extension Optional where Wrapped == String {
    var orEmpty: String { self ?? "" }
}
