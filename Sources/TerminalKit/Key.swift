/// A key press, as the backend decoded it from the terminal's bytes.
///
/// Printable input arrives as `.character` (Shift shows as a capital or a symbol:
/// `"K"`, `"?"`). Control combinations of letters arrive as `.control("a")` …
/// `.control("z")`, except those the terminal itself sends for named keys: Ctrl-I is
/// `.tab`, Ctrl-M and Ctrl-J are `.enter`, Ctrl-H is `.backspace`, Ctrl-[ is `.escape`.
///
/// **Ctrl-C** always arrives as `.control("c")`: the ncurses backend keeps the tty's
/// signal keys on, turns the resulting SIGINT into this key, and would map the raw
/// byte 0x03 the same way. Ctrl-Z suspends the program (see `InputEvent.resumed`) and
/// never arrives as a key.
public enum Key: Hashable, Sendable {
    /// A printable character, including space.
    case character(Character)
    /// A control combination, named by its lowercase letter (or `@`, `\`, `]`, `^`, `_`).
    case control(Character)
    /// Alt (Meta) with a printable character, sent by terminals as Escape then the character.
    case alt(Character)

    case up, down, left, right
    /// Shift with an arrow, where the terminal reports it distinctly (xterm, tmux).
    case shiftUp, shiftDown, shiftLeft, shiftRight

    case tab
    /// Shift-Tab.
    case backTab
    case enter
    case escape
    case backspace
    /// The forward-delete key.
    case delete
    case insert
    case home, end
    case pageUp, pageDown
    /// F1 is `.function(1)`; xterm sends Shift-F1 as F13 and so on.
    case function(Int)
}

extension Key: CustomStringConvertible {
    /// A short human spelling, for key echo in a status line: `k`, `C-c`, `M-x`, `S-Up`, `F1`.
    public var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "C-\(c)"
        case .alt(let c): return "M-\(c)"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .shiftUp: return "S-Up"
        case .shiftDown: return "S-Down"
        case .shiftLeft: return "S-Left"
        case .shiftRight: return "S-Right"
        case .tab: return "Tab"
        case .backTab: return "S-Tab"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .function(let n): return "F\(n)"
        }
    }
}

extension Key {
    /// Decodes one byte or Unicode scalar of plain (non-escape-sequence) terminal input:
    /// control bytes become named keys or `.control`, DEL and BS become `.backspace`,
    /// anything printable becomes `.character`. Answers `nil` for scalars no key sends
    /// (other C0/C1 controls).
    ///
    /// Shared by backends so that every terminal spells the same input the same way.
    public init?(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x09: self = .tab
        case 0x0A, 0x0D: self = .enter
        case 0x08, 0x7F: self = .backspace
        case 0x1B: self = .escape
        case 0x00: self = .control("@")
        case 0x01...0x1A: self = .control(Character(Unicode.Scalar(scalar.value + 0x60)!))
        case 0x1C: self = .control("\\")
        case 0x1D: self = .control("]")
        case 0x1E: self = .control("^")
        case 0x1F: self = .control("_")
        case 0x80...0x9F: return nil
        default: self = .character(Character(scalar))
        }
    }
}
