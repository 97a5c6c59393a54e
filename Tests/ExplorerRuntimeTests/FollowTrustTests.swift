@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Cells
import CommandLanguage
import Foundation
import Geometry
import TerminalKit
import Testing
import LayerModel
import LayoutFiles
import LayoutFileIO
import Export
import Engine
import SceneFiles
import SafeText

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 36: a feed cannot take an attendee over, `--share` loses no file, and every feed
/// input stays linear. Each test holds a finding's exact input.
@Suite(.serialized) struct FollowTrustTests {
    static let popup = FollowTests.popup
    static let zOrder = ShippedLayouts.directory + "/z-order.json"
    /// The issue's drawn text, plus the bidi, zero-width and line-separator characters.
    static let hostile = "\u{1B}]2;PWNED\u{07}\u{1B}]52;c;UFdORUQ=\u{07}\u{1B}[2J\u{202E}RTL\u{200B}\u{85}\u{2028}\u{9B}31m"

    /// True when no row of `canvas` holds a character SafeText keeps off terminals.
    static func clean(_ canvas: Canvas) -> Bool {
        (0..<canvas.rows).allSatisfy { !canvas.text(row: $0).unicodeScalars.contains(where: SafeText.isUnsafe) }
    }

    static func screen(_ state: ExplorerState) -> Canvas {
        ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
    }

    static func attendee(columns: Int = 110, rows: Int = 34) -> ExplorerState {
        var state = ExplorerState(session: Session())
        state.columns = columns; state.rows = rows
        state.following = "following"
        return state
    }

    /// A layout whose title, layer name, note and drawn text all hold `hostile`.
    static var hostileLayout: String {
        let h = SafeText.jsonQuoted(hostile)
        let text = SafeText.jsonQuoted("text \"" + hostile + "\" 2 2")
        return """
            {"title": \(h), "layers": [{"name": "root", "frame": [0, 0, 300, 200], "sublayers": [
              {"name": \(h), "frame": [10, 10, 200, 100], "note": \(h),
               "drawing": ["save", "translate 1 1", "rotate 5", "scale 1 1", "concat 1 0 0 1 0 0", "fill-rect 0 0 20 10 red",
                           "stroke-rect 0 0 20 10 blue 2", "fill-ellipse 30 0 20 10 green", "stroke-ellipse 30 0 20 10 black",
                           "line 0 0 50 50 orange 1", \(text), "restore"]}]}]}
            """
    }

    // MARK: One output gate

    @Test func drawnTextNamesAndNotesNeverReachTheTerminalSVGOrSwiftRaw() throws {
        let parsed = try LayoutFile.parse(Self.hostileLayout, file: "h.json", format: .json)
        let scene = try SceneLoader.applyingScript(parsed)
        var state = ExplorerState(session: Session(scene: scene, filePath: nil))
        state.columns = 120; state.rows = 40
        let v = try #require(scene.tree.id(named: Self.hostile))
        state.session.selection = v
        // Every drawing op is drawn (the content page steps through all twelve of them).
        for page in [PanelName.inspector, .formula, .hitTest] {
            state.panelPage = page
            let canvas = Self.screen(state)
            #expect(Self.clean(canvas), "page \(page): \(canvas.text)")
        }
        // The drawn text is shown, made visible: `^[` for ESC, `\u{202e}` for the override.
        let canvas = Self.screen(state)
        #expect(canvas.text.contains("^[]2;PWNED^G"))
        // The SVG and the Swift export: nothing raw but line breaks.
        let svg = SVGExport.svg(scene)
        #expect(!svg.unicodeScalars.contains { SafeText.isUnsafe($0) && $0 != "\n" })
        #expect(svg.contains("PWNED"))
        let code = try SwiftExport.code(for: v, in: scene.tree)
        #expect(!code.unicodeScalars.contains { SafeText.isUnsafe($0) && $0 != "\n" })
        #expect(code.contains("\\u{1b}]2;PWNED"))
    }

    @Test func everyTextFieldOfEveryRecordKindPassesTheGate() throws {
        let h = Self.hostile
        // scene: its name and its text (a title, a layer name, a note, drawn text).
        var state = Self.attendee()
        #expect(Follow.apply(.scene(name: h + ".json", format: .json, text: Self.hostileLayout), to: &state))
        #expect(Self.clean(Self.screen(state)))
        let base = state
        // A scene that does not load: the error in the status line holds the text.
        var broken = base
        Follow.apply(
            FeedRecord(
                kind: .scene, name: h, format: "json",
                text: "{\"layers\": [{\"name\": " + SafeText.jsonQuoted(h) + ", \"frame\": " + SafeText.jsonQuoted(h) + "}]}"), to: &broken)
        #expect(broken.statusIsError)
        #expect(Self.clean(Self.screen(broken)))
        // act: its commands (an unknown one, a select of a hostile name, a note) and every
        // string of its sync.
        let sync = FollowSync(base)
        var fields: [(String, FollowSync)] = []
        for path in [\FollowSync.status, \.echo, \.panel, \.mode, \.anchorBehaviour] {
            var s = sync
            s[keyPath: path] = h
            fields.append(("\(path)", s))
        }
        var selection = sync
        selection.selection = h
        fields.append(("selection", selection))
        for (field, s) in fields {
            var st = base
            #expect(
                Follow.apply(
                    FeedRecord(kind: .act, now: 0, commands: [h, "select " + SafeText.jsonQuoted(h), "note " + SafeText.jsonQuoted(h)], sync: s), to: &st))
            let canvas = Self.screen(st)
            #expect(Self.clean(canvas), "\(field): \(canvas.text)")
        }
        var commandsOnly = base
        Follow.apply(FeedRecord(kind: .act, commands: [h, "select " + SafeText.jsonQuoted(h)]), to: &commandsOnly)
        #expect(Self.clean(Self.screen(commandsOnly)))
        // bye has no text; the presenter left is said by us.
        var bye = base
        Follow.apply(.bye, to: &bye)
        #expect(Self.clean(Self.screen(bye)))
    }

    // MARK: A feed is a file of ours

    @Test func theLayoutPassedToShareIsNeverTruncated() throws {
        let dir = try TempDirectory()
        let a = dir.path + "/a.json", b = dir.path + "/b.json"
        let layout = try TextFile.read(Self.popup)
        try layout.write(toFile: a, atomically: false, encoding: .utf8)
        try layout.write(toFile: b, atomically: false, encoding: .utf8)
        // `layerscope a.json --share a.json`, with or without --share-overwrite.
        for overwrite in [false, true] {
            #expect(throws: SceneLoadError.self) { try FeedWriter(path: a, overwrite: overwrite, keep: a) }
            do { _ = try FeedWriter(path: a, overwrite: overwrite, keep: a) } catch { #expect(error.description.contains("is the layout being presented")) }
        }
        // A new layout, not on disk yet, named as its own feed (`layerscope n.json --share ./n.json`).
        let n = dir.path + "/n.json"
        #expect(throws: SceneLoadError.self) { try FeedWriter(path: dir.path + "/./n.json", keep: n) }
        #expect(!FileManager.default.fileExists(atPath: n))
        // `layerscope --share b.json`: a layout, not a feed.
        do {
            _ = try FeedWriter(path: b)
            Issue.record("b.json was opened as a feed")
        } catch {
            #expect(error.description.contains("exists and is not a feed"))
            #expect(error.description.contains("--share-overwrite"))
            #expect(error.description.contains("b.feed"))
        }
        #expect(try TextFile.read(a) == layout)
        #expect(try TextFile.read(b) == layout)
        // --share-overwrite: the user said so.
        let w = try FeedWriter(path: b, overwrite: true)
        w.write(.bye)
        #expect(try TextFile.read(b) == "{\"kind\":\"bye\"}\n")
    }

    @Test func aFeedOfOursIsReplacedByANewFile() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let first = try FeedWriter(path: feed)
        first.write(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)))
        var st = stat()
        #expect(stat(feed, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o644)
        let inode = st.st_ino
        let second = try FeedWriter(path: feed)
        second.write(.bye)
        #expect(stat(feed, &st) == 0)
        #expect(st.st_ino != inode)  // a new file: attendees notice and start over
        #expect(try TextFile.read(feed) == "{\"kind\":\"bye\"}\n")
    }

    @Test func aPlantedFeedFileALinkOrAFIFOIsRefused() throws {
        let dir = try TempDirectory()
        // The issue's planted file: created first by another user.
        let planted = dir.path + "/talk.feed"
        let forged = "{\"commands\":[],\"kind\":\"act\",\"sync\":{\"status\":\"FORGED BY nobody\"}}\n"
        try forged.write(toFile: planted, atomically: false, encoding: .utf8)
        if geteuid() == 0 {
            #expect(chown(planted, 65534, 65534) == 0)
            do { _ = try FeedWriter(path: planted, overwrite: true); Issue.record("a file of another user's was opened") } catch {
                #expect(error.description.contains("belongs to another user (uid 65534)"))
            }
        } else {
            // Not root: a file of ours that is not a feed is refused the same way.
            #expect(throws: SceneLoadError.self) { try FeedWriter(path: planted) }
        }
        #expect(try TextFile.read(planted) == forged)
        // A link planted at the feed's path.
        let link = dir.path + "/link.feed"
        #expect(symlink(planted, link) == 0)
        do { _ = try FeedWriter(path: link, overwrite: true); Issue.record("a link was followed") } catch {
            #expect(error.description.contains("symbolic link"))
        }
        // A FIFO (the busy one of the issue): refused at once, never opened (an open for
        // writing would block until a reader came).
        let fifo = dir.path + "/fifo.feed"
        #expect(mkfifo(fifo, 0o644) == 0)
        do { _ = try FeedWriter(path: fifo); Issue.record("a FIFO was opened") } catch {
            #expect(error.description.contains("is a FIFO"))
        }
        // A folder anyone may write in, not sticky: another user could replace the feed.
        let open = dir.path + "/open"
        #expect(mkdir(open, 0o777) == 0)
        #expect(chmod(open, 0o777) == 0)
        do { _ = try FeedWriter(path: open + "/talk.feed"); Issue.record("a world-writable folder was used") } catch {
            #expect(error.description.contains("not sticky"))
        }
        // Sticky (like /tmp): fine.
        #expect(chmod(open, 0o1777) == 0)
        _ = try FeedWriter(path: open + "/talk.feed")
    }

    @Test func anAttendeeRefusesAFeedOthersMayWriteUnlessTrusted() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let w = try FeedWriter(path: feed)
        w.write(.bye)
        #expect(chmod(feed, 0o666) == 0)
        do { _ = try FeedReader(path: feed); Issue.record("a feed anyone may write was followed") } catch {
            #expect(error.description.contains("can be written by anyone"))
            #expect(error.description.contains("--trust-feed"))
        }
        #expect(chmod(feed, 0o664) == 0)
        #expect(throws: SceneLoadError.self) { try FeedReader(path: feed) }
        let trusted = try FeedReader(path: feed, trusted: true)
        #expect(trusted.read().map(\.kind) == [.bye])
        #expect(chmod(feed, 0o644) == 0)
        #expect(try FeedReader(path: feed).read().map(\.kind) == [.bye])
    }

    // MARK: Untrusted input

    @Test func aDeviceIsRefusedAtOnce() throws {
        do { _ = try FeedReader(path: "/dev/zero"); Issue.record("/dev/zero was followed") } catch {
            #expect(error.description.contains("is a character device, not a feed"))
        }
        let fd = open("/dev/zero", O_RDONLY)
        #expect(fd >= 0)
        do { _ = try FeedReader(descriptor: fd); Issue.record("/dev/zero on standard input was followed") } catch {
            #expect(error.description.contains("a character device"))
        }
    }

    @Test func aBusyFIFOIsReadInBoundedStepsAndAnEndlessLineIsDropped() throws {
        let dir = try TempDirectory()
        let fifo = dir.path + "/busy.feed"
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = try FeedReader(path: fifo)
        // The limit is 64 MB (the scene's); 2 MB here, to keep the test short.
        reader.lineLimit = 2 << 20
        // A busy writer: 10 MB without a newline (past the line limit), then a record.
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<10 {
                var o = 0; while o < block.count { let n = block.withUnsafeBufferPointer { write(fd, $0.baseAddress! + o, $0.count - o) }; if n > 0 { o += n } }
            }
            let tail = [UInt8(ascii: "\n")] + FeedRecord.bye.line
            _ = tail.withUnsafeBufferPointer { write(fd, $0.baseAddress!, $0.count) }
            close(fd)
        }
        writer.start()
        var records: [FeedRecord] = []
        var reads = 0
        var pfd = pollfd(fd: reader.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        while !reader.ended {
            if !reader.hasMore { _ = poll(&pfd, 1, 1000) }
            records += reader.read()
            reads += 1
        }
        #expect(records.map(\.kind) == [.bye])
        #expect(reader.skipped == 1)
        #expect(reader.skipReason?.contains("longer than 2 MB") == true)
        // At most 4 MB a read: at least 3 reads for 10 MB, each one a chance for the keyboard.
        #expect(reads >= 3)
        #expect(FeedReader.lineLimit == 64 << 20)
    }

    @Test func aFIFOWaitsForItsWriterAndEndsWhenItLeaves() throws {
        let dir = try TempDirectory()
        let fifo = dir.path + "/talk.feed"
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = try FeedReader(path: fifo)  // no writer yet: the open does not block
        #expect(reader.read().isEmpty)
        #expect(!reader.ended)  // not yet: the presenter has not come
        // A writer that comes and goes without a byte: the end, not a busy wait on a hang-up.
        let w = open(fifo, O_WRONLY | O_NONBLOCK)
        #expect(w >= 0)
        close(w)
        #expect(reader.read().isEmpty)
        #expect(reader.ended)
    }

    @Test func theTrickledRecordCostsLinearWork() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let w = try FeedWriter(path: feed)
        w.write(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)))
        let reader = try FeedReader(path: feed)
        #expect(reader.read().count == 1)
        let before = reader.scannedBytes
        // The issue's record: 20 MB (a bye with a long name) in 16 KB pieces, read after each.
        var line = Array("{\"kind\":\"bye\",\"name\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 20 << 20) + Array("\"}\n".utf8)
        let total = line.count
        let fd = open(feed, O_WRONLY | O_APPEND)
        defer { close(fd) }
        var records: [FeedRecord] = []
        var pieces = 0
        while !line.isEmpty {
            let piece = Array(line.prefix(16 << 10))
            line.removeFirst(piece.count)
            _ = piece.withUnsafeBufferPointer { write(fd, $0.baseAddress!, $0.count) }
            records += reader.read()
            pieces += 1
        }
        #expect(pieces == 1281)
        #expect(records.map(\.kind) == [.bye])
        // Every byte searched once: 20 MB of work. Searching from the line's start each time
        // (before) is 16 KB × (1 + 2 + … + 1281) ≈ 13.4 GB.
        #expect(reader.scannedBytes - before == total)
    }

    @Test func numbersPastThePolicyAreSkippedAndCounted() throws {
        var state = Self.attendee()
        #expect(Follow.apply(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)), to: &state))
        let sync = FollowSync(state)
        var speed = sync, zoom = sync, cursor = sync
        speed.speed = 1.7e308
        zoom.zoom = 1e300
        cursor.cursor = [1e10, 0]
        let records = [
            FeedRecord(kind: .act, now: 1.79e308, commands: []),
            FeedRecord(kind: .act, now: 0, commands: [], sync: speed),
            FeedRecord(kind: .act, now: 0, commands: [], sync: zoom),
            FeedRecord(kind: .act, now: 0, commands: [], sync: cursor),
            FeedRecord(kind: .act, now: 2, commands: ["select button"], sync: nil)
        ]
        for r in records.prefix(4) { #expect(FeedPolicy.violation(r) != nil) }
        #expect(FeedPolicy.violation(records[4]) == nil)
        #expect(FeedPolicy.violation(records[0])?.contains("act.now") == true)
        #expect(FeedPolicy.violation(records[1])?.contains("sync.speed") == true)
        #expect(FeedPolicy.violation(records[2])?.contains("sync.zoom") == true)
        // Through a reader: four skipped, one applied.
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let reader = try FeedReader(descriptor: fds[0])
        let bytes = records.flatMap(\.line)
        _ = bytes.withUnsafeBufferPointer { write(fds[1], $0.baseAddress!, $0.count) }
        close(fds[1])
        let read = reader.read()
        #expect(read.count == 1)
        #expect(reader.skipped == 4)
        for r in read { Follow.apply(r, to: &state) }
        #expect(state.session.now == 2)
        #expect(state.view.zoom == 1)
        #expect(state.session.playbackSpeed == 1)
    }

    /// An attendee's run loop over `feed` (a file) with `events` queued.
    static func follow(_ feed: String, events: [InputEvent]) throws -> ExplorerRuntime.RunLoop {
        let terminal = InMemoryTerminal(columns: 110, rows: 34, events: events)
        let loop = ExplorerRuntime.RunLoop(state: attendee(), terminal: terminal, options: ScreenOptions())
        try loop.runFollowing(try FeedReader(path: feed))
        return loop
    }

    @Test func theHugeActIsSkippedAndSaidInTheStatusLine() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let w = try FeedWriter(path: feed)
        w.write(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)))
        w.write(FeedRecord(kind: .act, now: 0, commands: Array(repeating: "select-next", count: 400_000)))
        w.write(FeedRecord(kind: .act, now: 0, commands: ["select button"]))
        let loop = try Self.follow(feed, events: [])
        #expect(loop.state.selectedName == "button")
        #expect(loop.follow?.replayed == 1)
        #expect(loop.state.status.contains("1 feed record skipped (a record with 400004 strings (an act has at most 10000 commands))"))
    }

    @Test(arguments: [Key.character("q"), .control("c")])
    func qAndCtrlCAnswerWhateverTheFeedHolds(_ key: Key) throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let w = try FeedWriter(path: feed)
        w.write(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)))
        // 50 000 commands in five acts the policy allows.
        for _ in 0..<5 { w.write(FeedRecord(kind: .act, now: 0, commands: Array(repeating: "select-next", count: 10_000))) }
        let loop = try Self.follow(feed, events: [.key(key)])
        // The key was read after the first slice: the rest was never replayed (before: all
        // 50 000 commands ran first, ~16 s for the issue's 400 000).
        #expect((loop.follow?.replayed ?? .max) <= FollowReplay.slice)
        // Without a key, all of it is replayed, a slice at a time.
        let all = try Self.follow(feed, events: [])
        #expect(all.follow?.replayed == 50_000)
    }

    // MARK: A feed that moves on

    @Test func aFeedDeletedAndStartedAgainIsFollowedFromItsStart() throws {
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        do {
            let w = try FeedWriter(path: feed)
            w.write(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)))
            w.write(FeedRecord(kind: .act, now: 0, commands: ["step 1"]))
        }
        let reader = try FeedReader(path: feed)
        #expect(reader.read().count == 2)
        // A tidy-up between talks: deleted, and the next talk starts at the same path.
        #expect(unlink(feed) == 0)
        #expect(reader.read().isEmpty)
        let next = try FeedWriter(path: feed)
        next.write(.scene(name: "z-order.json", format: .json, text: try TextFile.read(Self.zOrder)))
        let records = reader.read()
        #expect(reader.restarts == 1)
        #expect(records.map(\.name) == ["z-order.json"])
        // Started again over a feed of ours (no delete first): a new file too.
        let third = try FeedWriter(path: feed)
        third.write(.bye)
        #expect(reader.read().map(\.kind) == [.bye])
        #expect(reader.restarts == 2)
    }

    /// A folder on a 256 KB tmpfs (root), else nil.
    static func smallDisk() -> TempDirectory? {
        guard geteuid() == 0, let dir = try? TempDirectory() else { return nil }
        return mount("tmpfs", dir.path, "tmpfs", 0, "size=256k") == 0 ? dir : nil
    }

    @Test func aFullDiskUnderTheFeedIsSaidAndCaughtUpWithNoCutLine() throws {
        let disk = Self.smallDisk()
        let fallback = try TempDirectory()
        let folder = disk?.path ?? fallback.path
        defer { if let disk { _ = umount2(disk.path, 0) } }
        let feed = folder + "/talk.feed"
        print("full disk under the feed: \(disk != nil ? "a 256 KB tmpfs" : "RLIMIT_FSIZE")")
        let writer = try FeedWriter(path: feed)
        writer.write(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)))
        let reader = try FeedReader(path: feed)
        #expect(reader.read().count == 1)
        // Fill the disk: a tmpfs filled by another file, or (not root) RLIMIT_FSIZE at the
        // feed's size with SIGXFSZ ignored (a write past it fails with EFBIG).
        let filler = folder + "/filler"
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        let saved = limit
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        if disk != nil {
            let fd = open(filler, O_WRONLY | O_CREAT, 0o600)
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBufferPointer({ write(fd, $0.baseAddress!, $0.count) }) > 0 {}
            close(fd)
        } else {
            var st = stat()
            stat(feed, &st)
            limit.rlim_cur = rlim_t(st.st_size + 100)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        }
        // The presenter's keys go on (1.2 KB each, past what a page has left): one is cut
        // mid-line (the part that fits), the rest wait.
        let acts = (1...20).map { FeedRecord(kind: .act, now: 0, commands: ["step \($0 % 4)"] + Array(repeating: "select-next", count: 100), sync: nil) }
        for a in acts { writer.write(a) }
        #expect(writer.problem != nil)
        #expect(writer.problem?.contains("cannot be written") == true)
        #expect(writer.waiting > 0)
        // The presenter's status line says so.
        let loop = ExplorerRuntime.RunLoop(
            state: ExplorerState(session: Session(scene: try SceneLoader.load(Self.popup), filePath: Self.popup)),
            terminal: InMemoryTerminal(columns: 110, rows: 34), options: ScreenOptions())
        loop.share = writer
        loop.noteFeedHealth()
        #expect(loop.state.status.contains("cannot be written"))
        #expect(loop.state.statusIsError)
        // Space again: the next record completes the cut line and everything after it.
        if disk != nil { unlink(filler) } else { limit = saved; setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) }
        signal(SIGXFSZ, oldHandler)
        writer.write(.bye)
        #expect(writer.problem == nil)
        #expect(writer.recoveries == 1)
        loop.noteFeedHealth()
        #expect(loop.state.status.contains("written again"))
        let records = reader.read()
        #expect(records.map { $0.commands?.first } == acts.map { $0.commands?.first } + [nil])
        #expect(records.last?.kind == .bye)
        #expect(reader.skipped == 0)  // no line was left cut
    }

    @Test func anIdlePresenterRetriesAFeedTheDiskRefusedWithoutAKey() throws {
        // Issue 36: with no key and no `bye`, the loop's timer tries the feed again once a
        // second (never sooner: no busy wait); a failed try draws nothing; the try after
        // space came back writes what waited and says so.
        let disk = Self.smallDisk()
        let fallback = try TempDirectory()
        let folder = disk?.path ?? fallback.path
        defer { if let disk { _ = umount2(disk.path, 0) } }
        let feed = folder + "/talk.feed"
        let writer = try FeedWriter(path: feed)
        writer.write(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)))
        let reader = try FeedReader(path: feed)
        #expect(reader.read().count == 1)
        let terminal = InMemoryTerminal(columns: 110, rows: 34)
        let loop = ExplorerRuntime.RunLoop(
            state: ExplorerState(session: Session(scene: try SceneLoader.load(Self.popup), filePath: Self.popup)),
            terminal: terminal, options: ScreenOptions())
        loop.share = writer
        #expect(loop.feedRetryMilliseconds == nil)  // healthy: no timer at all
        let filler = folder + "/filler"
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        let saved = limit
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        if disk != nil {
            let fd = open(filler, O_WRONLY | O_CREAT, 0o600)
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBufferPointer({ write(fd, $0.baseAddress!, $0.count) }) > 0 {}
            close(fd)
        } else {
            var st = stat()
            stat(feed, &st)
            limit.rlim_cur = rlim_t(st.st_size + 100)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        }
        let acts = (1...20).map { FeedRecord(kind: .act, now: 0, commands: ["step \($0 % 4)"] + Array(repeating: "select-next", count: 100), sync: nil) }
        for a in acts { writer.write(a) }
        loop.noteFeedHealth()
        #expect(loop.state.status.contains("cannot be written"))
        #expect(loop.feedRetryMilliseconds == 1000)
        // Still full: three idle wakes try, fail, and draw nothing.
        let drawn = terminal.drawCount
        for _ in 0..<3 { #expect(loop.retryFeed() == false) }
        #expect(loop.retries == 3)
        #expect(writer.problem != nil)
        #expect(terminal.drawCount == drawn)
        // Space again; no key, no bye: the next wake writes everything that waited.
        if disk != nil { unlink(filler) } else { limit = saved; setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) }
        signal(SIGXFSZ, oldHandler)
        #expect(loop.retryFeed() == true)
        #expect(writer.problem == nil)
        #expect(writer.waiting == 0)
        #expect(loop.state.status.contains("written again"))
        #expect(loop.feedRetryMilliseconds == nil)  // healthy again: the timer stops
        let records = reader.read()
        #expect(records.map { $0.commands?.first } == acts.map { $0.commands?.first })
        #expect(reader.skipped == 0)
    }

    @Test func aCutLineIsEndedBeforeTheSignalHandlersBye() throws {
        // `FeedWriter.lastWords` starts with a newline: after a cut line the bye still reads.
        let dir = try TempDirectory()
        let feed = dir.path + "/talk.feed"
        let w = try FeedWriter(path: feed)
        w.write(.scene(name: "popup.json", format: .json, text: try TextFile.read(Self.popup)))
        let cut = Array(FeedRecord(kind: .act, now: 0, commands: ["step 1"]).line.prefix(12))
        _ = cut.withUnsafeBufferPointer { write(w.fd, $0.baseAddress!, $0.count) }
        let words = FeedWriter.lastWords
        _ = words.withUnsafeBufferPointer { write(w.fd, $0.baseAddress!, $0.count) }
        let reader = try FeedReader(path: feed)
        #expect(reader.read().map(\.kind) == [.scene, .bye])
        #expect(reader.skipped == 1)  // the cut line
    }
}
