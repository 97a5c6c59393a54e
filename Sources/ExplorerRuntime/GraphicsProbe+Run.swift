#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Graphics

// The graphics probe's terminal I/O: it writes the queries and polls for the answers. The
// answers' parsing and the choice stay pure in Graphics (`GraphicsProbe.parse`, `choose`);
// this half lives in the runtime so the explorer's core reaches no I/O (issue 31, part four).
extension GraphicsProbe {
    /// Asks the terminal on `fd` (a tty) and reads its answers for at most `milliseconds`,
    /// stopping at DA1's answer. The terminal's modes are set raw for the wait and put back.
    /// Nil when `fd` is not a terminal.
    ///
    /// When DA1's answer has not come by then (`answered` false: a terminal slow to start —
    /// kitty on software GL under Xvfb answered after 150 ms), the rest of the answers will
    /// reach the explorer as keys: the caller drops them (`LateAnswers` in the explorer).
    public static func run(fd: Int32, milliseconds: Int = 150) -> GraphicsProbe? {
        ask(fd: fd, queries: queries, milliseconds: milliseconds) { $0.answered }
    }

    /// Inside tmux, with `allow-passthrough` on: the outer terminal asked through tmux's
    /// passthrough (`tmuxQueries`), its answers read for at most `milliseconds`, stopping at
    /// the answer to the plain kitty query (asked last). tmux hands the outer terminal's
    /// answers to the pane as keys, unchanged (seen with tmux 3.3a under kitty 0.26.5).
    public static func runThroughTmux(fd: Int32, milliseconds: Int = 150) -> GraphicsProbe? {
        ask(fd: fd, queries: tmuxQueries, milliseconds: milliseconds) { $0.kitty }
    }

    static func ask(fd: Int32, queries: [UInt8], milliseconds: Int, until done: (GraphicsProbe) -> Bool) -> GraphicsProbe? {
        guard isatty(fd) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutablePointer(to: &raw.c_cc) { cc in
            cc.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) {
                $0[Int(VMIN)] = 0; $0[Int(VTIME)] = 0
            }
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(fd, TCSANOW, &saved) }
        let written = queries.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        guard written == queries.count else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000
            let left = milliseconds - elapsed
            if left <= 0 { break }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(left)) > 0 else { break }
            let count = buffer.withUnsafeMutableBufferPointer { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            answer += buffer[0..<count]
            if done(parse(answer)) { break }
        }
        return parse(answer)
    }
}
