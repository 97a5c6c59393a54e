#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalKit

extension NCursesTerminal: ClipboardTerminal {
    /// Writes the OSC 52 sequence straight to the terminal. Called between frames (after
    /// doupdate has flushed ncurses's buffer), so it cannot land inside a drawing sequence;
    /// it moves no cursor, so ncurses's idea of the screen stays right.
    public func copyToClipboard(_ text: String) throws {
        let bytes = OSC52.sequence(for: text)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TerminalError.closed
            }
            written += n
        }
    }
}
