import CNCurses
import TerminalKit

/// ncurses's KEY_* codes, as `Key`s.
enum KeyCodes {
    /// The key for a KEY_* code from `wget_wch`, or `nil` for codes we do not name
    /// (keypad corners, printer keys, terminal-specific extended keys).
    static func key(for code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        // terminfo names Shift-Up/Down "scroll reverse/forward".
        case KEY_SR: .shiftUp
        case KEY_SF: .shiftDown
        case KEY_SLEFT: .shiftLeft
        case KEY_SRIGHT: .shiftRight
        case KEY_BTAB: .backTab
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_IC: .insert
        case KEY_HOME, KEY_SHOME: .home
        case KEY_END, KEY_SEND: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        default:
            if code >= cn_key_f(1) && code <= cn_key_f(cn_key_f_max()) {
                .function(Int(code - cn_key_f(0)))
            } else {
                nil
            }
        }
    }
}
