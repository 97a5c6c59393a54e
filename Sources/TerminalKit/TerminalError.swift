/// A failure at the boundary with the real terminal (a C call that failed, a terminal
/// we cannot drive). Its `description` is a message fit to show the user as is.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (redirected or piped).
    case notATerminal
    /// `TERM` is unset or names a terminal type the terminfo database does not know.
    case unknownTerminalType(String?)
    /// The terminal type is known but cannot run a full-screen program (no cursor addressing).
    case unsupportedTerminalType(String, reason: String)
    /// Standard input reached its end or failed (the terminal went away).
    case inputClosed
    /// A C call failed; `function` names it.
    case callFailed(function: String, code: Int32)
    /// The terminal was shut down and cannot draw or read any more.
    case closed
    /// The terminal has no clipboard to copy to (`Terminal.copyToClipboard`).
    case cannotCopy

    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must be a terminal"
        case .unknownTerminalType(nil):
            return "TERM is not set: set TERM=xterm-256color"
        case .unknownTerminalType(let name?):
            return "unknown terminal type '\(name)': set TERM=xterm-256color"
        case .unsupportedTerminalType(let name, let reason):
            return "terminal type '\(name)' cannot run a full-screen program (\(reason)): set TERM=xterm-256color"
        case .inputClosed:
            return "the terminal's input was closed"
        case .callFailed(let function, let code):
            return "terminal call \(function) failed (\(code))"
        case .closed:
            return "the terminal has been shut down"
        case .cannotCopy:
            return "this terminal cannot copy — select the text instead"
        }
    }
}
