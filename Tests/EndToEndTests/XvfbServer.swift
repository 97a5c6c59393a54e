#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// A private X server for the screenshot tests (xterm, kitty, kitty in tmux). Xvfb picks a
/// free display itself and writes its number (`-displayfd 1`) only once it accepts
/// clients, so a test neither guesses a display nor waits for a socket file: a guessed
/// display from the process id, and a socket left behind by a killed server of an earlier
/// run, made xterm start before its server was up (the screenshot then had no picture:
/// share 0.74, blue IoU 0; 96 stale sockets had piled up on the development machine).
struct XvfbServer {
    let process: Process
    /// `:N`, for `DISPLAY`.
    let display: String

    init(timeout: TimeInterval = 30) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "800x480x24", "-nolisten", "tcp"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The display number, one line, read with a deadline.
        let fd = pipe.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while !text.hasSuffix("\n") && Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            text.append(Character(UnicodeScalar(byte)))
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            XvfbServer.stop(process)
            throw XvfbError(message: "Xvfb did not say its display within \(Int(timeout)) s (it wrote \"\(text)\")")
        }
        self.process = process
        self.display = ":\(number)"
    }

    func stop() { XvfbServer.stop(process) }

    /// Stops a process of a test: SIGTERM first, so Xvfb removes its socket and lock file
    /// (SIGKILL left them behind), then SIGKILL if it is still running after 2 s.
    static func stop(_ process: Process) {
        let pid = process.processIdentifier
        guard pid > 0, process.isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }
}

struct XvfbError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
