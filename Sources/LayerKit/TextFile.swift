#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and atomically writing whole files (POSIX; no Foundation needed). The one
/// implementation behind layout files, scripts and exported code.
public enum TextFile {
    /// Why a file could not be read or written, in words for the user ("no such file").
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The file's bytes; files over `limit` bytes are refused.
    public static func readBytes(_ path: String, limit: Int = 64 << 20) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: throw Failure(message: "cannot open the file: no such file")
            case EACCES: throw Failure(message: "cannot open the file: permission denied")
            default: throw Failure(message: "cannot open the file: \(errnoText())")
            }
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(message: "cannot read the file: \(errnoText())") }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw Failure(message: "cannot read the file: it is a directory") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "cannot read the file: \(errnoText())")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw Failure(message: "the file is too large (over \(limit >> 20) MB)") }
        }
        return bytes
    }

    /// The file as UTF-8 text (invalid bytes repaired).
    public static func read(_ path: String) throws(Failure) -> String {
        String(decoding: try readBytes(path), as: UTF8.self)
    }

    /// Writes `bytes` to a temporary file beside `path` (`path.tmp-XXXXXX`), flushes it to
    /// disk and renames it over `path`: readers see the old file or the new one, never half of
    /// either, and on any failure the temporary file is removed and the old file is untouched.
    /// An existing file keeps its permissions; a symbolic link is followed, not replaced.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let target = resolvedTarget(path)
        var template = Array((target + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(message: "cannot create a temporary file beside it: \(errnoText())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        func abandon(_ message: String) -> Failure {
            let text = errnoText()
            if !closed { close(fd) }
            unlink(temporary)
            return Failure(message: "\(message): \(text)")
        }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { posixWrite(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw abandon("write failed")
            }
            written += n
        }
        var status = stat()
        let mode: mode_t = stat(target, &status) == 0 ? status.st_mode & 0o7777 : 0o644
        guard fchmod(fd, mode) == 0 else { throw abandon("cannot set permissions") }
        guard fsync(fd) == 0 else { throw abandon("cannot flush to disk") }
        closed = true
        guard close(fd) == 0 else { throw abandon("cannot close the temporary file") }
        guard rename(temporary, target) == 0 else { throw abandon("cannot replace the file") }
        // Make the rename itself durable; a failure here loses nothing.
        let dirFD = open(directoryOf(target), O_RDONLY)
        if dirFD >= 0 { _ = fsync(dirFD); close(dirFD) }
    }

    public static func writeAtomically(_ text: String, to path: String) throws(Failure) {
        try writeAtomically(Array(text.utf8), to: path)
    }

    /// The file a save really replaces: the target of a symbolic link, else the path itself.
    static func resolvedTarget(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
              let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func directoryOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// POSIX read(2)/write(2), named apart from the methods that shadow them.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
