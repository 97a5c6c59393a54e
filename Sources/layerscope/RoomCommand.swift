import ArgumentParser
import Explorer
import ExplorerRuntime
import Foundation
import SafeText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An attendee's file in a workshop room (`learn --room DIR --name NAME`): `DIR/NAME.jsonl`,
/// one JSON record per line, only ever appended to. Created with O_EXCL and O_NOFOLLOW
/// (never through a link, never over a file that exists); reopened on a restart only when it
/// is a regular file of this user's with one link, so an attendee never writes another's file.
struct RoomFile {
    let fd: Int32
    let name: String

    struct Refusal: Error, CustomStringConvertible { var description: String }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 40 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0) }
    }

    init(directory: String, name: String) throws {
        guard Self.isValidName(name) else { throw Refusal(description: "\(name): not a valid name") }
        var st = stat()
        guard stat(directory, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw Refusal(description: "\(directory) is not a folder (the presenter creates it: mkdir -m 1777 \(directory))")
        }
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + name + ".jsonl"
        // Readable by the presenter, writable by this attendee only.
        var fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0 && errno == EEXIST {
            fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else {
                throw Refusal(description: "\(path) exists and cannot be opened (\(String(cString: strerror(errno)))): choose another --name")
            }
            var own = stat()
            guard fstat(fd, &own) == 0, (own.st_mode & S_IFMT) == S_IFREG, own.st_uid == geteuid(), own.st_nlink == 1 else {
                close(fd)
                throw Refusal(description: "\(path) belongs to someone else (or is not a plain file): choose another --name")
            }
        }
        guard fd >= 0 else {
            throw Refusal(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        self.name = name
    }

    /// One line: who, which lesson, passed, hints, what happened, when. One write(2) of a
    /// short line in O_APPEND mode: a reader never sees half a record from this writer.
    func append(_ learn: LearnState, event: String) {
        let record: [String: Any] = [
            "name": name, "t": Date().timeIntervalSince1970, "event": event,
            "lesson": learn.lesson.name, "title": learn.lesson.title, "index": learn.current + 1, "of": learn.lessons.count,
            "passedLesson": learn.isPassed, "passed": learn.passed.count, "hints": learn.totalHints, "lessonHints": learn.hintsShown
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) else { return }
        let bytes = Array(data) + [0x0a]
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}

/// One attendee's row in the room's table, from the last records of their file.
struct RoomRow: Equatable {
    var name: String
    var index = 0, of = 0
    var title = ""
    var passedLesson = false
    var passed = 0
    var hints = 0
    var event = ""
    /// When the current lesson was opened (the last start-like record for it).
    var since: Double = 0
    var last: Double = 0

    /// The last record of each kind that matters, read from `lines` (bad lines skipped).
    static func from(name: String, lines: [Substring]) -> RoomRow? {
        var row = RoomRow(name: name)
        var seen = false
        var lesson = ""
        for line in lines {
            guard let data = line.data(using: .utf8),
                let r = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let t = r["t"] as? Double, let l = r["lesson"] as? String
            else { continue }
            seen = true
            if l != lesson { lesson = l; row.since = t }
            row.index = r["index"] as? Int ?? 0
            row.of = r["of"] as? Int ?? 0
            row.title = r["title"] as? String ?? l
            row.passedLesson = r["passedLesson"] as? Bool ?? false
            row.passed = r["passed"] as? Int ?? 0
            row.hints = r["hints"] as? Int ?? 0
            row.event = r["event"] as? String ?? ""
            row.last = t
            if row.event == "pass" { row.since = t }
        }
        return seen ? row : nil
    }
}

struct Room: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "room",
        abstract: "A workshop's live table: who is on which lesson, passed, hints used, stuck for how long (learn --room DIR --name NAME writes it).",
        discussion:
            "The table is redrawn only when an attendee's file changes (inotify): it costs no CPU while nothing happens. Ctrl-C leaves. See docs/workshops.md.")

    @Argument(help: "The room folder (create it with mkdir -m 1777 DIR on a shared server).")
    var directory: String

    @Flag(help: "Print the table once and exit (for scripts).")
    var once = false

    /// Every attendee's row, by name. Files are opened with O_NOFOLLOW and read up to their
    /// last 256 KB (a day of records).
    static func rows(_ directory: String) -> [RoomRow] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var rows: [RoomRow] = []
        for file in names.sorted() where file.hasSuffix(".jsonl") && !file.hasPrefix(".") {
            let name = String(file.dropLast(6))
            guard RoomFile.isValidName(name) else { continue }
            let fd = open(directory + "/" + file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var st = stat()
            guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let size = Int(st.st_size), take = min(size, 256 << 10)
            var bytes = [UInt8](repeating: 0, count: take)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, take, off_t(size - take)) }
            guard got > 0 else { continue }
            let text = String(decoding: bytes.prefix(got), as: UTF8.self)
            if let row = RoomRow.from(name: name, lines: text.split(separator: "\n")) { rows.append(row) }
        }
        return rows
    }

    static func table(_ rows: [RoomRow], now: Double, directory: String) -> [String] {
        func minutes(_ s: Double) -> String {
            let m = Int(max(0, now - s) / 60)
            return m < 60 ? "\(m) min" : "\(m / 60) h \(m % 60) min"
        }
        let clock = DateFormatter()
        clock.dateFormat = "HH:mm:ss"
        var out = [
            "Room \(SafeText.visible(directory)) · \(rows.count) attendee\(rows.count == 1 ? "" : "s") · as of \(clock.string(from: Date(timeIntervalSince1970: now)))",
            ""
        ]
        let header = ["NAME", "LESSON", "STATE", "PASSED", "HINTS", "ON IT SINCE"]
        var cells = [header]
        for r in rows {
            let state: String
            switch r.event {
            case "quit": state = "left"
            case "done": state = "★ done"
            default: state = r.passedLesson ? "✓ passed" : "working"
            }
            let since =
                r.passedLesson || r.event == "quit" || r.event == "done"
                ? "–"
                : clock.string(from: Date(timeIntervalSince1970: r.since)) + " (" + minutes(r.since) + ")"
            cells.append([SafeText.visible(r.name), "\(r.index)/\(r.of) " + SafeText.visible(r.title), state, "\(r.passed)/\(r.of)", "\(r.hints)", since])
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in cells { for (i, c) in row.enumerated() { widths[i] = min(44, max(widths[i], c.count)) } }
        for row in cells {
            out.append(
                row.enumerated().map { i, c in
                    let cut = c.count > widths[i] ? String(c.prefix(widths[i] - 1)) + "…" : c
                    return cut + String(repeating: " ", count: widths[i] - cut.count)
                }.joined(separator: "  "))
        }
        if rows.isEmpty { out.append("(nobody yet: attendees run layerscope learn PACK --room \(SafeText.visible(directory)) --name NAME)") }
        return out
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("layerscope room: \(directory) is not a folder (create it: mkdir -m 1777 \(directory))")
            throw ExitCode(2)
        }
        func show() {
            let lines = Self.table(Self.rows(directory), now: Date().timeIntervalSince1970, directory: directory)
            let clear = once ? "" : "\u{1b}[H\u{1b}[2J"
            FileHandle.standardOutput.write(Data((clear + lines.joined(separator: "\n") + "\n").utf8))
        }
        show()
        if once { return }
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0, inotify_add_watch(fd, directory, UInt32(IN_MODIFY | IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)) >= 0 else {
            printError("layerscope room: cannot watch \(directory) (inotify): \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            // Blocks until an attendee's file changes: no timer, no polling.
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&p, 1, -1)
            if n < 0 { if errno == EINTR { continue }; break }
            _ = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            show()
        }
    }
}
