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
///
/// `FILE.cast.partial` is created new (`O_EXCL | O_NOFOLLOW`): a file or symbolic link of
/// that name already there is refused, never followed or overwritten (on a shared server
/// anyone can plant `/tmp/demo.cast.partial → ~victim/.bashrc`). Each event is written as a
/// whole line; when a write fails (a full disk) the file is cut back to the last whole
/// event, the recording stops, and `failure` says so — it never ends in half a line.
public final class SessionRecorder {
    /// Why a recording could not start or did not finish: a message fit to show as is.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public let path: String
    private let partialPath: String
    private let fd: Int32
    private let start: Double
    private var failed = false
    /// Bytes of whole events written so far (where the file is cut back to on a failure).
    private var complete: off_t = 0
    /// Set when a write failed: what happened, and where the recording up to then is.
    public private(set) var failure: Failure?

    /// Creates `path.partial` and writes the header. Throws with the reason when the file
    /// cannot be created, or already exists.
    public init(path: String, columns: Int, rows: Int, environment: [String: String]) throws(Failure) {
        self.path = path
        partialPath = path + ".partial"
        fd = open(partialPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            if code == EEXIST, lstat(partialPath, &info) == 0 {
                let what = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : "already there"
                throw Failure(description: "\(partialPath) is \(what) (not following or overwriting it): remove it, or record to another name")
            }
            throw Failure(description: "cannot create \(partialPath): \(String(cString: strerror(code)))")
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

    /// Ends the recording: `FILE.cast.partial` becomes `FILE.cast` (after a failed write it
    /// stays `FILE.cast.partial`, whole events only, and `failure` says why).
    public func finish() {
        _ = fsync(fd)
        close(fd)
        if !failed { _ = rename(partialPath, path) }
    }

    /// Writes one whole event; on a failed write cuts the file back to the last whole event
    /// and stops recording (a full disk stops the recording, never the session).
    private func append(_ text: String) {
        guard !failed else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                let code = n < 0 ? errno : ENOSPC
                failed = true
                _ = ftruncate(fd, complete)
                let seconds = Self.seconds(Self.now() - start).prefix { $0 != "." }
                failure = Failure(
                    description: "writing \(partialPath) failed after \(seconds) s (\(String(cString: strerror(code)))): "
                        + "the recording stopped there; what was recorded, whole events only, is in \(partialPath)")
                return
            }
            offset += n
        }
        complete += off_t(bytes.count)
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
