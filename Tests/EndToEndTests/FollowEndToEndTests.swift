import Foundation
import Testing
import TestSupport

/// Follow mode (issue 23) in real terminals: a presenter (`--share FEED`) and attendees
/// (`--follow FEED`), each its own layerscope in its own tmux.
@Suite(
    "Follow mode end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct FollowEndToEndTests {
    static let packageRoot = RecordingEndToEndTests.packageRoot

    static func start(_ arguments: [String], columns: Int, rows: Int) throws -> TmuxSession {
        try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", packageRoot.path, try LayerScopeProgram.requiredPath] + arguments,
            columns: columns, rows: rows)
    }

    /// A presenter sharing `scene` on `feed`, its first frame drawn.
    static func present(_ scene: String, feed: String, columns: Int, rows: Int) throws -> TmuxSession {
        let presenter = try start([scene, "--share", feed], columns: columns, rows: rows)
        try presenter.waitFor(" LayerScope")
        return presenter
    }

    /// Every row but the title (the presenter's names the file, an attendee's says it
    /// follows), trailing spaces dropped: canvas, panel, status and echo.
    static func body(_ screen: String, rows: Int) -> [String] {
        Array(
            screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).dropFirst().map {
                String($0.reversed().drop { $0 == " " }.reversed())
            })
    }

    /// The status line (second last row) of a screen.
    static func status(_ screen: String, rows: Int) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count >= rows - 1 ? String(lines[rows - 2]) : ""
    }

    @Test func attendeesFollowDetachResyncJoinLateAndSeeThePresenterLeave() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }  // removed when the test ends, not before
        let feed = folder.path + "/talk.feed"
        let presenter = try Self.present("Layouts/popup.json", feed: feed, columns: 120, rows: 40)
        defer { presenter.close() }
        let same = try Self.start(["--follow", feed], columns: 120, rows: 40)
        defer { same.close() }
        let small = try Self.start(["--follow", feed], columns: 80, rows: 24)
        defer { small.close() }
        // The attendees name the presenter's file (they do not have it) and follow.
        try same.waitFor("popup.json [following]")
        try small.waitFor("popup.json [following]")

        /// After a presenter key: the same-size attendee shows the presenter's screen below
        /// the title, row for row.
        func expectSameSizeFollows(_ what: String, footer: Bool = true) throws {
            let shown = try presenter.capture()
            // Without the footer: rows 1…37, the canvas and the panel (after F the status
            // and echo are the attendee's own: "following the presenter again").
            let expected = Array(Self.body(shown, rows: 40).prefix(footer ? 39 : 37))
            try same.waitUntil("the attendee to show \(what)") { Array(Self.body($0, rows: 40).prefix(footer ? 39 : 37)) == expected }
        }

        // Step 1, step 2 (selects frameFirst, shows the jump), the formula page, Tab.
        try presenter.sendKeys("n")
        try presenter.waitFor("1/3 · anchorFirst")
        try expectSameSizeFollows("step 1")
        try presenter.sendKeys("n")
        try presenter.waitFor("anchor → (0, 0): frame moved by (50, 50)")
        try expectSameSizeFollows("step 2")
        // At 80×24 the panel is hidden: the status line's right says the selection and the step.
        try small.waitUntil("the small attendee at step 2") {
            let s = Self.status($0, rows: 24)
            return s.contains("frameFirst") && s.contains("2/3")
        }
        try presenter.sendKeys("i")
        try presenter.waitFor("last: set anchorPoint 0 0")
        try expectSameSizeFollows("the formula page")
        try presenter.sendKeys("Tab")
        try presenter.waitFor("Tab → select-next")
        try expectSameSizeFollows("the next layer")
        // Tab from frameFirst (tree order button, frameFirst, anchorFirst) selects anchorFirst.
        try small.waitUntil("the small attendee's selection") { Self.status($0, rows: 24).contains("anchorFirst") }

        // Detach: the attendee's own key moves anchorFirst by 1 point; the presenter's next
        // key is not followed; F follows again and shows the presenter's screen.
        try same.sendKeys("l")
        try same.waitFor("detached — F follows again")
        try presenter.sendKeys("n")
        try presenter.waitFor("3/3 · anchorFirst scaled 0.5")
        let detached = try same.capture()
        #expect(!detached.contains("3/3 · anchorFirst scaled"))
        #expect(detached.contains("key: l → move 1 0"))
        try same.sendKeys("F")
        try expectSameSizeFollows("the presenter's step 3 after F", footer: false)
        try same.waitFor("following the presenter again")
        try small.waitUntil("the small attendee at step 3") { Self.status($0, rows: 24).contains("3/3") }

        // A late joiner catches up at once.
        let late = try Self.start(["--follow", feed], columns: 120, rows: 40)
        defer { late.close() }
        let expected = Self.body(try presenter.capture(), rows: 40)
        try late.waitUntil("the late joiner to catch up") { Self.body($0, rows: 40) == expected }

        // The presenter quits: attendees keep the last state and say so.
        try presenter.sendKeys("q")
        #expect(try presenter.waitForExit() == 0)
        for attendee in [same, small, late] {
            let screen = try attendee.waitFor("the presenter left")
            #expect(screen.contains("3/3"))
        }
        try small.sendKeys("q")
        #expect(try small.waitForExit() == 0)
    }

    @Test func aFeedOnStandardInputIsFollowed() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }  // removed when the test ends, not before
        let feed = folder.path + "/talk.feed"
        let presenter = try Self.present("Layouts/clock.json", feed: feed, columns: 100, rows: 30)
        defer { presenter.close() }
        // As over ssh: `tail -c +1 -f FEED` from its first byte, piped in.
        let attendee = try TmuxSession(
            program: "/bin/sh",
            arguments: [
                "-c", "cd \"$0\" && tail -c +1 -f \"$1\" | \"$2\" --follow -", Self.packageRoot.path, feed, try LayerScopeProgram.requiredPath
            ], columns: 100, rows: 30)
        defer { attendee.close() }
        try attendee.waitFor("clock.json [following]")
        try presenter.sendKeys("n")
        try presenter.waitFor("1/3")
        let expected = Self.body(try presenter.capture(), rows: 30)
        try attendee.waitUntil("the piped attendee at step 1") { Self.body($0, rows: 30) == expected }
    }

    /// A presenter ended by a hang-up (its SSH connection dropped) or `kill` writes no `bye`
    /// from its quit path; its signal handler does, so attendees say the presenter left
    /// instead of waiting on a feed that will never grow.
    @Test(arguments: [SIGHUP, SIGTERM])
    func aPresenterEndedByASignalStillSaysBye(_ signal: Int32) throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }  // removed when the test ends, not before
        let feed = folder.path + "/talk.feed"
        let presenter = try Self.present("Layouts/clock.json", feed: feed, columns: 100, rows: 30)
        defer { presenter.close() }
        let attendee = try Self.start(["--follow", feed], columns: 100, rows: 30)
        defer { attendee.close() }
        try attendee.waitFor("clock.json [following]")
        #expect(kill(try presenter.programPID(), signal) == 0)
        try attendee.waitFor("the presenter left")
        // The feed's last record is the bye, whole: {"kind":"bye"} and its newline.
        let text = try String(contentsOfFile: feed, encoding: .utf8)
        #expect(text.hasSuffix("\n{\"kind\":\"bye\"}\n"))
    }

    @Test func badFollowAndShareArgumentsSayWhatToDo() throws {
        let program = try LayerScopeProgram.requiredPath
        // No feed yet: exit 1 (not a crash), the path and what to start first.
        let missing = try Subprocess.run(program, ["--follow", "/nonexistent-dir/talk.feed"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("cannot read the feed /nonexistent-dir/talk.feed"))
        #expect(missing.errors.contains("--share /nonexistent-dir/talk.feed) first"))
        // --follow shows the presenter's scene: a FILE beside it is a usage error.
        let both = try Subprocess.run(program, ["Layouts/popup.json", "--follow", "x.feed"])
        #expect(both.status != 0 && both.status < 128)
        #expect(both.errors.contains("--follow shows the presenter's scene"))
    }
}
