#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Cells

/// Asking the terminal for its background colour (OSC 11), for `--theme auto`.
///
/// Sent on the controlling terminal before ncurses starts: `ESC ] 11 ; ? ESC \`, then the
/// device-attributes request `ESC [ c`. A terminal that knows OSC 11 answers
/// `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by `ESC \` or BEL (1–4 hex digits per channel);
/// one that does not says nothing. Every terminal answers the second request, after the
/// first: its answer ends the wait, so a terminal without OSC 11 costs one round trip, and
/// neither answer is left to arrive later as keys. Only a terminal that answers nothing
/// waits for the timeout. The terminal's mode is restored whatever happens.
public enum BackgroundQuery {
    /// The background as 8-bit sRGB, or nil when there is no terminal or no answer within
    /// `timeoutMilliseconds`.
    public static func ask(timeoutMilliseconds: Int32 = 150) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        defer { _ = tcsetattr(fd, TCSANOW, &saved) }

        let query: [UInt8] = Array("\u{1B}]11;?\u{1B}\\".utf8) + TerminalBackground.deviceAttributesRequest
        guard query.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == query.count else { return nil }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        // Read until the device attributes answer (it comes last), or the timeout (per read).
        while reply.count < 512 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, timeoutMilliseconds) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            reply += buffer[0..<n]
            if TerminalBackground.hasDeviceAttributes(reply) { break }
        }
        return TerminalBackground.parse(reply)
    }
}
