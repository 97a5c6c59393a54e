#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SafeText
import TerminalKit

/// Records what the terminal was sent as an asciicast v2 file (`--record FILE.cast`): a
/// header line, then one `[seconds, "o", "bytes"]` line per write, a `[seconds, "r",
/// "COLSxROWS"]` line per resize and a `[seconds, "m", "label"]` marker per step — the format asciinema's player and many sites read, so
/// the recording is the interface (no player of our own).
///
/// The frames are written as they are sent to `FILE.cast.partial` and renamed over
/// `FILE.cast` when the session ends, so a file of that name is never lost to a session
/// that dies (the partial recording stays, named as such).
public final class SessionRecorder {
    public let path: String
    private let partialPath: String
    private let fd: Int32
    private let start: Double
    private var failed = false

    /// Creates `path.partial` and writes the header. Throws with the reason when the file
    /// cannot be created.
    public init(path: String, columns: Int, rows: Int, environment: [String: String]) throws(TerminalError) {
        self.path = path
        partialPath = path + ".partial"
        fd = open(partialPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw TerminalError.callFailed(function: "open \(partialPath): \(String(cString: strerror(errno)))", code: errno)
        }
        start = Self.now()
        var env = ""
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
            env += (env.isEmpty ? "" : ",") + Self.json(key) + ":" + Self.json(value)
        }
        let timestamp = Int(time(nil))
        append("{\"version\":2,\"width\":\(columns),\"height\":\(rows),\"timestamp\":\(timestamp),\"env\":{\(env)}}\n")
    }

    /// One output event: the bytes the terminal got.
    func record(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        append("[\(Self.seconds(Self.now() - start)),\"o\",\(Self.json(String(decoding: bytes, as: UTF8.self)))]\n")
    }

    /// A resize event.
    func resized(columns: Int, rows: Int) {
        append("[\(Self.seconds(Self.now() - start)),\"r\",\"\(columns)x\(rows)\"]\n")
    }

    /// A marker event, `[seconds, "m", "label"]`: asciinema's player lists markers as
    /// chapters (the explorer marks every step: "step 2: title").
    func marker(_ label: String) {
        append("[\(Self.seconds(Self.now() - start)),\"m\",\(Self.json(label))]\n")
    }

    /// Ends the recording: `FILE.cast.partial` becomes `FILE.cast`.
    public func finish() {
        _ = fsync(fd)
        close(fd)
        if !failed { _ = rename(partialPath, path) }
    }

    private func append(_ text: String) {
        guard !failed else { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBufferPointer { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                failed = true   // a full disk stops the recording, never the session
                return
            }
            offset += n
        }
        bytes.removeAll()
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds with microseconds, as asciinema writes them.
    static func seconds(_ t: Double) -> String {
        let micro = Int((max(0, t) * 1_000_000).rounded())
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// A JSON string (controls, including the terminal's escapes, as `\u` escapes).
    static func json(_ s: String) -> String { SafeText.jsonQuoted(s) }
}
