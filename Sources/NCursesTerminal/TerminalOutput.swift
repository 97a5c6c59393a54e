#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one place where LayerScope's own bytes go to the terminal: every frame (cells,
/// styles, cursor) and the mode switches written around ncurses (drag tracking, the
/// screen sequences sent again after Ctrl-Z).
///
/// ncurses writes only at start-up and shutdown (alternate screen, keypad mode, mouse
/// mode), to the `FILE *` given to `newterm` (`cn_newterm_stdio`: standard output);
/// `SignalGuard` (TerminalRestore.swift) writes its restore bytes from signal handlers
/// to the same descriptor. A recorder that needs every byte hooks here and there.
struct TerminalOutput {
    /// The terminal's descriptor (standard output).
    let fd: Int32
    /// Records every write when the session is being recorded (`--record`).
    var recorder: SessionRecorder? = nil

    /// Writes all of `bytes`, retrying on EINTR and short writes. False when the
    /// terminal is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        let ok = writeAll(bytes)
        if ok { recorder?.record(bytes) }
        return ok
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard var base = buffer.baseAddress else { return true }
            var left = buffer.count
            while left > 0 {
                let written = posixWrite(fd, base, left)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                base += written
                left -= written
            }
            return true
        }
    }
}

/// write(2) (the method above hides its name).
private func posixWrite(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(fd, bytes, count)
}
