import Foundation
import Explorer
import Engine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The presenter's end: appends records to FEED, a file of its own (docs/follow.md, "A feed
/// is a file of ours"). Each record is one `write` of one line, so a reader sees whole lines
/// (the file is opened `O_APPEND`).
///
/// The file is created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0644) in a folder
/// others cannot replace it in. A path that exists is refused unless it is a feed this user
/// wrote (a regular file of theirs, one link, starting with a scene record), which is then
/// removed and created afresh (a new inode: attendees notice and start over) — so a layout,
/// somebody else's file, a link or a FIFO is never opened for writing. `overwrite`
/// (`--share-overwrite`) accepts any regular file of this user's except `keep` (the layout
/// being presented).
///
/// A write that fails (a full disk) keeps what was not written, the rest of a cut line
/// included, and tries again before each later record: the cut line is completed, nothing is
/// lost, and `problem` says why meanwhile.
public final class FeedWriter {
    public let path: String
    /// The feed's open descriptor (for the `bye` a signal handler writes: `NCursesTerminal.setLastWords`).
    public let fd: Int32
    /// Bytes not written yet (a full disk): the rest of a cut record, then whole records.
    private var backlog: [UInt8] = []
    /// More than this waiting and the backlog is given up: attendees are told to start over
    /// by a fresh scene record (`needsScene`) once the feed is writable again.
    static let backlogLimit = 256 << 20
    /// Why the feed is not being written (nil while it is): for the presenter's status line.
    public private(set) var problem: String?
    /// True after the backlog was given up: the presenter sends its scene again.
    public private(set) var needsScene = false
    /// How many times writing failed and how many times it caught up (tests, status).
    public private(set) var failures = 0
    public private(set) var recoveries = 0

    /// Creates the feed at `path` (see the type's note for what it refuses and why).
    public init(path: String, overwrite: Bool = false, keep: String? = nil) throws(SceneLoadError) {
        self.path = path
        // A new layout (not on disk yet) named as its own feed: `:w` would write over the feed.
        if let keep, URL(fileURLWithPath: keep).standardizedFileURL == URL(fileURLWithPath: path).standardizedFileURL {
            throw SceneLoadError("\(path) is the layout being presented; the feed needs its own file — e.g. --share \(Self.suggestedFeed(for: path))")
        }
        try Self.checkFolder(of: path)
        var flags = O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        var fd = open(path, flags, 0o644)
        if fd < 0, errno == EEXIST {
            try Self.mayReplace(path, overwrite: overwrite, keep: keep)
            guard unlink(path) == 0 || errno == ENOENT else {
                throw SceneLoadError("cannot replace the feed \(path): \(String(cString: strerror(errno)))")
            }
            fd = open(path, flags, 0o644)
        }
        guard fd >= 0 else {
            let why = errno == EEXIST ? "it was created again by someone else meanwhile" : String(cString: strerror(errno))
            throw SceneLoadError("cannot create the feed \(path): \(why) — pick a fresh name in a folder of yours")
        }
        // Attendees read it whatever the umask; blocking writes from now on (a regular file).
        _ = fchmod(fd, 0o644)
        flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        self.fd = fd
    }

    deinit { close(fd) }

    /// A folder that others may write in without the sticky bit lets them replace the feed
    /// under attendees' feet: refused.
    static func checkFolder(of path: String) throws(SceneLoadError) {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var st = stat()
        guard stat(folder.isEmpty ? "/" : folder, &st) == 0 else {
            throw SceneLoadError("cannot use the folder of \(path): \(String(cString: strerror(errno)))")
        }
        if st.st_mode & S_IWOTH != 0, st.st_mode & S_ISVTX == 0 {
            throw SceneLoadError(
                "the folder \(folder.isEmpty ? "/" : folder) can be written by anyone and is not sticky, so another user could replace the feed attendees read; put it in a folder of yours (e.g. ~/talk.feed) or a sticky one like /tmp"
            )
        }
    }

    /// Why `path`, which exists, must not be replaced by a feed; nothing when it may.
    static func mayReplace(_ path: String, overwrite: Bool, keep: String?) throws(SceneLoadError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }  // gone meanwhile: the exclusive create decides
        let kind = st.st_mode & S_IFMT
        let fresh = "pick a fresh name (e.g. talk.feed)"
        switch kind {
        case S_IFREG: break
        case S_IFLNK: throw SceneLoadError("\(path) is a symbolic link; a feed is never written through a link — \(fresh)")
        case S_IFIFO: throw SceneLoadError("\(path) is a FIFO; a feed is a file attendees read from its start — remove the FIFO or \(fresh)")
        case S_IFDIR: throw SceneLoadError("\(path) is a folder — name a file in it, e.g. \(path.hasSuffix("/") ? path : path + "/")talk.feed")
        default: throw SceneLoadError("\(path) is not a regular file (a device or socket) — \(fresh)")
        }
        if st.st_uid != geteuid() {
            throw SceneLoadError(
                "\(path) exists and belongs to another user (uid \(st.st_uid)), who could write into what attendees replay — remove it or \(fresh)")
        }
        if st.st_nlink > 1 {
            throw SceneLoadError("\(path) has \(st.st_nlink) links; replacing it would leave the others — \(fresh)")
        }
        if let keep {
            var k = stat()
            if stat(keep, &k) == 0, k.st_dev == st.st_dev, k.st_ino == st.st_ino {
                throw SceneLoadError("\(path) is the layout being presented; the feed needs its own file — e.g. --share \(Self.suggestedFeed(for: path))")
            }
        }
        if overwrite || st.st_size == 0 || isFeed(path) { return }
        throw SceneLoadError(
            "\(path) exists and is not a feed (it does not start with a feed's scene record: a layout, or some other file) — pick a fresh name (e.g. --share \(Self.suggestedFeed(for: path))), or --share-overwrite to replace it"
        )
    }

    /// `a.json` → `a.feed`.
    static func suggestedFeed(for path: String) -> String {
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let stem = name.split(separator: ".").dropLast().joined(separator: ".")
        return (stem.isEmpty ? name : stem) + ".feed"
    }

    /// True when the file at `path` starts as a feed does: a scene record (keys sorted:
    /// `{"format":"json","kind":"scene",…`).
    public static func isFeed(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 64)
        let n = head.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress!, $0.count) }
        guard n > 0 else { return false }
        let text = String(decoding: head[0..<n], as: UTF8.self)
        return text.hasPrefix("{\"format\":\"json\",\"kind\":\"scene\"") || text.hasPrefix("{\"format\":\"yaml\",\"kind\":\"scene\"")
    }

    /// Appends `record` (after whatever a full disk held back).
    public func write(_ record: FeedRecord) {
        if needsScene, record.kind == .act { return }  // waits for the scene record that restarts attendees
        if needsScene, record.kind == .scene { needsScene = false }
        let line = record.line
        if backlog.count + line.count > Self.backlogLimit {
            // Too much to hold: attendees start over from the next scene record. The cut
            // line, if any, is ended by the newline that starts the backlog.
            backlog = [UInt8(ascii: "\n")]
            needsScene = record.kind != .scene && record.kind != .bye
            if !needsScene { backlog += line }
        } else {
            backlog += line
        }
        flush()
    }

    /// Writes what is waiting; false while the feed cannot take it.
    @discardableResult
    public func flush() -> Bool {
        var offset = 0
        defer { if offset > 0 { backlog.removeFirst(offset) } }
        while offset < backlog.count {
            let n = backlog.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if problem == nil { failures += 1 }
                problem = "the feed \(path) cannot be written (\(String(cString: strerror(errno)))): attendees see an older state; it catches up when it can"
                return false
            }
            offset += n
        }
        if problem != nil { recoveries += 1; problem = nil }
        return true
    }

    /// Bytes waiting for the disk (tests, status).
    public var waiting: Int { backlog.count }

    /// What a signal handler writes when the presenter is killed: `bye` on a line of its own
    /// (the newline first ends a line a full disk cut; an empty line is no record).
    public static var lastWords: [UInt8] { [UInt8(ascii: "\n")] + FeedRecord.bye.line }
}

/// How often an idle presenter tries a feed the disk refused: once a second — a wake that
/// writes nothing to the terminal and costs a `write` call, not a busy loop.
public enum FeedRetry {
    public static let milliseconds = 1000
}
