import Foundation
import Explorer
import Engine
import LayoutFiles
import Scenes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The attendee's end: reads records from a file (from its start, then as it grows, woken by
/// inotify) or from a pipe (`-`: standard input, e.g. `ssh host tail -c +1 -f FEED`).
///
/// A feed is untrusted input (docs/follow.md): only a regular file or a pipe is read (a
/// device is refused at once); a file that others than its owner may write is refused
/// unless trusted (`--trust-feed`); a line is bounded (`lineLimit`), read incrementally with
/// the newline search resumed where it stopped (linear in the bytes, however they arrive);
/// each read takes at most `readBudget` bytes, so an endless writer cannot hold the
/// keyboard; every record passes `FeedPolicy` or is skipped and counted. A feed path that
/// comes to name another file (deleted and started again) is reopened from its start.
public final class FeedReader {
    public let name: String
    private var fd: Int32
    /// A regular file (read as it grows); false for a pipe or FIFO (read until it closes).
    private var isFile: Bool
    /// A FIFO opened by its path: empty, not ended, until its writer comes.
    private var isNamedFIFO = false
    private let trusted: Bool
    private var watch: Int32 = -1
    /// The file's identity, to notice the path naming another file.
    private var device: UInt64 = 0
    private var inode: UInt64 = 0
    private var pending: [UInt8] = []
    /// Where the newline search resumes in `pending` (everything before has none).
    private var scanned = 0
    /// True while the rest of an over-long line is being thrown away.
    private var discarding = false
    private var offset = 0
    /// True when the pipe closed (the presenter or the connection went away).
    public private(set) var ended = false
    /// True when the last read stopped at its budget with more to read: read again soon.
    public private(set) var hasMore = false
    /// Lines that were not records, or records that broke the policy (`skipReason`: the last why).
    public private(set) var skipped = 0
    public private(set) var skipReason: String?
    /// How many times the path named another file and the feed started over.
    public private(set) var restarts = 0
    /// Bytes examined by the newline search (a work count for tests: linear in the feed).
    public private(set) var scannedBytes = 0
    /// The scene's limit, which a scene record's text must fit (docs/layout-format.md).
    public static let lineLimit = LayoutFile.sizeLimit
    /// This reader's line limit (`lineLimit`; smaller in tests).
    public var lineLimit = FeedReader.lineLimit
    /// Bytes one `read()` takes at most before it lets the keyboard in.
    public static let readBudget = 4 << 20

    /// The descriptor that becomes readable when there is more to read.
    public var wakeDescriptor: Int32 { isFile ? watch : fd }

    /// Follows the file at `path`; `trusted` (`--trust-feed`) accepts one others may write.
    public init(path: String, trusted: Bool = false) throws(SceneLoadError) {
        name = path
        self.trusted = trusted
        isFile = true
        fd = -1
        fd = try Self.open(path, trusted: trusted, identity: &device, inode: &inode)
        var st = stat()
        if fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFIFO { isFile = false; isNamedFIFO = true; return }
        #if canImport(Glibc)
            watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if watch >= 0 {
                _ = inotify_add_watch(watch, path, UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB))
                // The folder: a feed deleted and started again is a new file at the same name.
                let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
                _ = inotify_add_watch(watch, folder.isEmpty ? "/" : folder, UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE))
            }
        #endif
    }

    /// Follows an open pipe or file (made non-blocking); a terminal or device is refused.
    public init(descriptor: Int32, name: String = "-") throws(SceneLoadError) {
        self.name = name
        fd = descriptor
        isFile = false
        trusted = true
        var st = stat()
        guard fstat(fd, &st) == 0, Self.isReadable(st.st_mode) else {
            close(descriptor)
            throw SceneLoadError(
                "--follow \(name): standard input is \(Self.kind(st.st_mode)), not a feed; pipe one in: ssh host tail -c +1 -f FEED | layerscope --follow -")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(fd)
        if watch >= 0 { close(watch) }
    }

    static func isReadable(_ mode: mode_t) -> Bool {
        let kind = mode & S_IFMT
        return kind == S_IFREG || kind == S_IFIFO
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        case S_IFSOCK: return "a socket"
        case S_IFREG: return "a file"
        case S_IFIFO: return "a pipe"
        default: return "not a file"
        }
    }

    /// Opens `path` for reading as a feed, or says why not.
    static func open(_ path: String, trusted: Bool, identity device: inout UInt64, inode: inout UInt64) throws(SceneLoadError) -> Int32 {
        // O_NONBLOCK: a FIFO without a writer does not block the open.
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            throw SceneLoadError(
                "cannot read the feed \(path): \(String(cString: strerror(errno))) — start the presenter (layerscope FILE --share \(path)) first")
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { close(fd); throw SceneLoadError("cannot read the feed \(path): \(String(cString: strerror(errno)))") }
        guard isReadable(st.st_mode) else {
            close(fd)
            throw SceneLoadError("\(path) is \(kind(st.st_mode)), not a feed: a feed is a file the presenter writes (layerscope FILE --share FEED) or a pipe")
        }
        if !trusted, st.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            close(fd)
            let who = st.st_mode & S_IWOTH != 0 ? "anyone" : "its group"
            throw SceneLoadError(
                "\(path) can be written by \(who), not only by its owner (uid \(st.st_uid)): what another user writes into it would be replayed here — ask the presenter to make it theirs alone (chmod go-w \(path)), or pass --trust-feed if you trust everyone who can write it"
            )
        }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        return fd
    }

    /// When the path names another file than the one open (deleted and started again): that
    /// file, opened from its start. Nil while it names the same file, or nothing yet.
    private func reopenIfReplaced() {
        guard isFile else { return }
        var st = stat()
        guard stat(name, &st) == 0, UInt64(st.st_dev) != device || UInt64(st.st_ino) != inode else { return }
        var newDevice: UInt64 = 0, newInode: UInt64 = 0
        do {
            let newFD = try Self.open(name, trusted: trusted, identity: &newDevice, inode: &newInode)
            close(fd)
            fd = newFD
            device = newDevice
            inode = newInode
            offset = 0
            pending = []
            scanned = 0
            discarding = false
            restarts += 1
            #if canImport(Glibc)
                if watch >= 0 { _ = inotify_add_watch(watch, name, UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB)) }
            #endif
        } catch {
            skip(error.description)
            // Not followed: remember it, so the same refusal is not counted again.
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
        }
    }

    private func skip(_ why: String) {
        skipped += 1
        skipReason = why
    }

    /// Every whole record that has arrived since the last call (at most `readBudget` bytes
    /// of it: `hasMore` says when there is more). Lines that are not records or break the
    /// policy are skipped (`skipped`, `skipReason`).
    public func read() -> [FeedRecord] {
        if watch >= 0 {
            var scratch = [UInt8](repeating: 0, count: 4096)
            while Glibc.read(watch, &scratch, scratch.count) > 0 {}
        }
        let restartsBefore = restarts
        reopenIfReplaced()
        if isFile, restarts == restartsBefore {
            // Emptied and started again (a new presenter session): read from the top.
            var st = stat()
            if fstat(fd, &st) == 0, Int(st.st_size) < offset {
                _ = lseek(fd, 0, SEEK_SET)
                offset = 0
                pending = []
                scanned = 0
                discarding = false
            }
        }
        var taken = 0
        hasMore = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var records: [FeedRecord] = []
        while true {
            if taken >= Self.readBudget { hasMore = true; break }
            let n = chunk.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                taken += n
                offset += n
                take(chunk[0..<n], into: &records)
                continue
            }
            // A pipe's end; a FIFO's only after a writer came (before, it reads as empty).
            if n == 0, !isFile, offset > 0 || !isNamedFIFO || Self.hungUp(fd) { ended = true }
            if n < 0, errno == EINTR { continue }
            break
        }
        return records
    }

    /// True when a FIFO's writer came and went (Linux reports no hang-up before a first writer).
    static func hungUp(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 1 && p.revents & Int16(POLLHUP) != 0
    }

    /// The index of the first newline of `bytes` at or after `from` (memchr).
    static func newline(in bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { b -> Int? in
            guard let found = memchr(b.baseAddress! + from, Int32(UInt8(ascii: "\n")), b.count - from) else { return nil }
            return b.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Adds `bytes` to the line being read and takes out every whole line. The newline search
    /// starts at the first new byte: a long line arriving in small pieces costs linear work.
    private func take(_ bytes: ArraySlice<UInt8>, into records: inout [FeedRecord]) {
        if discarding {
            // The rest of an over-long line: thrown away up to its end.
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { scannedBytes += bytes.count; return }
            scannedBytes += newline - bytes.startIndex + 1
            discarding = false
            take(bytes[(newline + 1)...], into: &records)
            return
        }
        pending += bytes
        var start = 0
        while let newline = Self.newline(in: pending, from: scanned) {
            scannedBytes += newline - scanned + 1
            let line = pending[start..<newline]
            if !line.isEmpty {  // an empty line (after a cut one, before `bye`) is no record
                switch FeedPolicy.record(line) {
                case let .success(record): records.append(record)
                case let .failure(why): skip(why.description)
                }
            }
            start = newline + 1
            scanned = start
        }
        scannedBytes += pending.count - scanned
        if start > 0 { pending.removeFirst(start) }
        scanned = pending.count
        if pending.count > lineLimit {
            skip("a line longer than \(lineLimit >> 20) MB (the scene limit)")
            pending = []
            scanned = 0
            discarding = true
        }
    }
}
