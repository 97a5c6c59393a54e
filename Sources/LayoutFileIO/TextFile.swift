import Scenes
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
        /// The file is not the version the save expected (`Expectation`): someone else saved it.
        public var isConflict = false
        public var description: String { message }
        public init(message: String, isConflict: Bool = false) { self.message = message; self.isConflict = isConflict }
        static let changedOnDisk = Failure(message: "changed on disk since it was loaded (another program saved it)", isConflict: true)
    }

    /// The file's bytes; files over `limit` bytes are refused. Only regular files are read:
    /// a FIFO, device, socket or directory is refused with a clear message. The file is opened
    /// with O_NONBLOCK, so opening a FIFO with no writer never blocks, and is checked with
    /// fstat before the first read.
    public static func readBytes(_ path: String, limit: Int = 64 << 20) throws(Failure) -> [UInt8] {
        var version: FileVersion?
        return try readBytes(path, limit: limit, version: &version)
    }

    /// `readBytes`, also giving the version of the file the bytes came from (its inode, size
    /// and mtime after the read, from the open file): a save renamed over the path meanwhile
    /// does not make the old text look like the new version (issue 36).
    public static func readBytes(_ path: String, limit: Int = 64 << 20, version: inout FileVersion?) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: throw Failure(message: "cannot open the file: no such file")
            case EACCES: throw Failure(message: "cannot open the file: permission denied")
            case ENXIO: throw Failure(message: "cannot read the file: it is a socket or device, not a regular file")
            default: throw Failure(message: "cannot open the file: \(errnoText())")
            }
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(message: "cannot read the file: \(errnoText())") }
        if let kind = notRegular(status.st_mode) {
            throw Failure(message: "cannot read the file: it is \(kind)" + (kind == "a directory" ? "" : ", not a regular file"))
        }
        if Int(status.st_size) > limit { throw Failure(message: "the file is too large (over \(limit >> 20) MB)") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(max(0, status.st_size)))
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
        version = FileVersion.of(fd: fd)
        return bytes
    }

    /// "a FIFO", "a directory"… for anything that is not a regular file; nil for one.
    static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }

    /// The file as UTF-8 text (invalid bytes repaired).
    public static func read(_ path: String) throws(Failure) -> String {
        String(decoding: try readBytes(path), as: UTF8.self)
    }

    /// The temporary files of a save carry this marker and the saving process's id:
    /// `scene.json.layerscope-save-<pid>-XXXXXX`.
    public static let temporaryMarker = ".layerscope-save-"

    /// Writes `bytes` to a temporary file beside `path` (`path.layerscope-save-<pid>-XXXXXX`),
    /// flushes it to disk and renames it over `path`: readers see the old file or the new
    /// one, never half of either, and on any failure the temporary file is removed and the old
    /// file is untouched. An existing file keeps its permissions. A symbolic link is followed,
    /// even a dangling one, and its final target is replaced (the link stays a link).
    /// `verify`, if given, is called with the temporary file's path after it is flushed and
    /// before the rename; throwing from it abandons the save.
    ///
    /// Temporary files left by an earlier save of the same file that was killed (their
    /// process is gone) are removed first; their names are returned so the caller can say so.
    @discardableResult
    public static func writeAtomically(
        _ bytes: [UInt8], to path: String,
        verify: ((String) throws(Failure) -> Void)? = nil
    ) throws(Failure) -> [String] {
        let lock = try SaveLock(path)
        return try replace(bytes, holding: lock, expecting: .any, verify: verify).removed
    }

    /// What a save expects to find on disk (`SaveExpectation`, a value of the scene's).
    public typealias Expectation = SaveExpectation

    /// `writeAtomically`'s work with the lock already held, so a caller can read the file,
    /// decide what to write and replace it as one step (`PreservingSave`). The file must still
    /// be as `expected` says (checked here, under the lock, and again just before the rename):
    /// otherwise nothing is written and the failure is a conflict. Where there is no file (and
    /// a version is expected), the new one is linked into place — `link` fails when a file
    /// appeared meanwhile — instead of renamed over it. Returns the
    /// removed stale temporaries and the version of the file now on disk — ours, taken from
    /// the written file itself, so a later save by someone else is never mistaken for it.
    public static func replace(
        _ bytes: [UInt8], holding lock: SaveLock, expecting expected: Expectation,
        verify: ((String) throws(Failure) -> Void)? = nil
    ) throws(Failure) -> (removed: [String], version: FileVersion?) {
        let target = lock.target
        if !expected.allows(lock.version) { throw Failure.changedOnDisk }
        let removed = removeStaleTemporaries(of: target)
        var template = Array((target + temporaryMarker + "\(getpid())-XXXXXX").utf8CString)
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
        // The version the file will have once in place: rename keeps inode, size and mtime.
        let version = FileVersion.of(fd: fd)
        closed = true
        guard close(fd) == 0 else { throw abandon("cannot close the temporary file") }
        if let verify {
            do { try verify(temporary) } catch {
                unlink(temporary)
                throw error
            }
        }
        // Checked again right before the rename: a writer that does not take the lock (an
        // editor) may have saved while this one was being written.
        let now = FileVersion.of(target)
        if !expected.allows(now) {
            unlink(temporary)
            throw Failure.changedOnDisk
        }
        if expected != .any, now == nil {
            // No file there: create it only if still absent. Where links are not supported
            // (some network and FUSE file systems), fall back to the rename.
            if link(temporary, target) == 0 {
                unlink(temporary)
            } else if errno == EEXIST {
                unlink(temporary)
                throw Failure.changedOnDisk
            } else if rename(temporary, target) != 0 {
                throw abandon("cannot replace the file")
            }
        } else {
            guard rename(temporary, target) == 0 else { throw abandon("cannot replace the file") }
        }
        // Make the rename itself durable; a failure here loses nothing.
        let dirFD = open(directoryOf(target), O_RDONLY)
        if dirFD >= 0 { _ = fsync(dirFD); close(dirFD) }
        return (removed, version)
    }

    /// Removes `target.layerscope-save-<pid>-XXXXXX` files whose process no longer exists
    /// (a save killed between creating and renaming its temporary file); returns their paths.
    static func removeStaleTemporaries(of target: String) -> [String] {
        let directory = directoryOf(target)
        let slash = target.lastIndex(of: "/")
        let prefix = String(slash.map { target[target.index(after: $0)...] } ?? target[...]) + temporaryMarker
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var removed: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            let parts = rest.split(separator: "-", maxSplits: 1)
            guard parts.count == 2, parts[1].count == 6, let pid = pid_t(parts[0]), pid > 0 else { continue }
            // Alive (or not ours to judge: EPERM) means a save may be in progress: leave it.
            if pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH { continue }
            let full = slash == nil ? name : (directory.hasSuffix("/") ? directory : directory + "/") + name
            if unlink(full) == 0 { removed.append(full) }
        }
        return removed.sorted()
    }

    @discardableResult
    public static func writeAtomically(_ text: String, to path: String) throws(Failure) -> [String] {
        try writeAtomically(Array(text.utf8), to: path)
    }

    /// The file a save really replaces: the final target of a chain of symbolic links (which
    /// may not exist yet: a dangling link is saved through, creating its target), else the
    /// path itself. Relative link targets are resolved against the link's directory.
    static func resolvedTarget(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            // Linux's protected_symlinks rule, which this manual walk would bypass: a link in a
            // shared folder (sticky and world-writable, like /tmp) that belongs to someone else
            // — neither us nor the folder's owner — is not followed: anyone can plant one there
            // to make our save replace a file of ours elsewhere (issue 20).
            var folder = stat()
            if stat(directoryOf(current), &folder) == 0, folder.st_mode & S_ISVTX != 0, folder.st_mode & S_IWOTH != 0,
                status.st_uid != geteuid(), status.st_uid != folder.st_uid
            {
                throw Failure(message: "not following the symbolic link \(current): it is in a shared folder and belongs to another user")
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw Failure(message: "cannot read the symbolic link \(current): \(errnoText())") }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : (current.contains("/") ? directoryOf(current) + "/" : "") + link
        }
        throw Failure(message: "too many levels of symbolic links")
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

/// An exclusive hold on the file a save replaces, so that reading it, checking its version and
/// renaming the new text over it happen as one step with respect to every other LayerScope
/// save (issue 36: six `eval … save` processes started together reverted each other's saves).
///
/// The lock is `flock` on the file's current inode, taken on the final target of any symbolic
/// links. A save replaces the inode, so a process that was waiting wakes holding the lock of a
/// file no longer at the path: it sees the path now names another inode and locks that one
/// instead. No lock file is left beside the user's file. Without a file there is nothing to
/// lock; `TextFile.replace` then creates the file with `link`, which fails if one appeared.
/// Where `flock` is not supported the save goes ahead unlocked (the version is still checked
/// right before the rename). Released when the value is dropped.
public final class SaveLock {
    /// The file a save really replaces (symbolic links followed).
    public let target: String
    /// The file's version when the lock was taken (nil: no file).
    public let version: FileVersion?
    private let fd: Int32

    /// How long to wait for another save of the same file before giving up.
    public static let patience = 10.0

    public init(_ path: String) throws(TextFile.Failure) {
        target = try TextFile.resolvedTarget(path)
        var waited = 0.0, pause = 0.001
        while true {
            let fd = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                // No file (nothing to lock), or one we cannot open (no read permission): go on
                // unlocked; the version check before the rename still holds.
                self.fd = -1
                version = FileVersion.of(target)
                return
            }
            var own = stat()
            guard fstat(fd, &own) == 0, TextFile.notRegular(own.st_mode) == nil else {
                close(fd)
                self.fd = -1
                version = FileVersion.of(target)
                return
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let e = errno
                if e == EWOULDBLOCK || e == EINTR {
                    close(fd)
                    guard waited < SaveLock.patience else {
                        throw TextFile.Failure(message: "another save of this file has not finished after \(Int(SaveLock.patience)) seconds; try again")
                    }
                    usleep(useconds_t(pause * 1e6))
                    waited += pause
                    pause = min(pause * 2, 0.05)
                    continue
                }
                // ENOLCK, EINVAL…: no locks here; go on unlocked.
            }
            var now = stat()
            if stat(target, &now) == 0, now.st_dev == own.st_dev, now.st_ino == own.st_ino {
                self.fd = fd
                version = FileVersion.of(target)
                return
            }
            // Replaced while we waited: lock the file that is there now.
            close(fd)
        }
    }

    deinit { if fd >= 0 { close(fd) } }
}

extension FileVersion {
    /// The version of the file at `path`, nil when there is none.
    public static func of(_ path: String) -> FileVersion? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileVersion(st, isReadOnly: st.st_mode & 0o222 == 0 || access(path, W_OK) != 0)
    }

    /// The version of an open file.
    static func of(fd: Int32) -> FileVersion? {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        return FileVersion(st, isReadOnly: st.st_mode & 0o222 == 0)
    }
}

extension SaveConflict {
    /// The conflict of saving to `path`, if any: `loaded` is the version of the scene's own
    /// file when it was loaded or last saved (`ownFile`: `path` is that file).
    public static func of(saving path: String, ownFile: Bool, loaded: FileVersion?) -> SaveConflict? {
        let now = FileVersion.of(path)
        if ownFile, let now, now.withoutPermissions != loaded?.withoutPermissions { return .changedOnDisk }
        if now?.isReadOnly == true { return .readOnly }
        return nil
    }
}
