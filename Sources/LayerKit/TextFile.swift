#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and atomically writing whole files (POSIX; no Foundation needed).
public enum TextFile {
    /// The file's bytes, or nil (errno set) when it cannot be read.
    public static func readBytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        if (st.st_mode & S_IFMT) == S_IFDIR { errno = EISDIR; return nil }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }

    /// The file as UTF-8 text (invalid bytes repaired), or nil when it cannot be read.
    public static func read(_ path: String) -> String? {
        readBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` to a temporary file beside `path`, fsyncs it and renames it over
    /// `path`: readers see the old file or the new one, never half of either, and the old
    /// file survives any failure. Keeps the old file's permissions when it exists.
    public static func writeAtomically(_ text: String, to path: String) throws(WriteError) {
        func fail(_ what: String) -> WriteError { WriteError(path: path, reason: "\(what): \(String(cString: strerror(errno)))") }
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw fail("cannot create a temporary file beside it") }
        let tmp = String(cString: template)
        var ok = false
        defer { if !ok { unlink(tmp) } }
        var st = stat()
        if stat(path, &st) == 0 { _ = fchmod(fd, st.st_mode & 0o7777) } else { _ = fchmod(fd, 0o644) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 { if errno == EINTR { continue }; close(fd); throw fail("write failed") }
            written += n
        }
        guard fsync(fd) == 0 else { close(fd); throw fail("fsync failed") }
        guard close(fd) == 0 else { throw fail("close failed") }
        guard rename(tmp, path) == 0 else { throw fail("rename failed") }
        ok = true
    }
}
