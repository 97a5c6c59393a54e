import Foundation
import Testing
import TestSupport

/// Issue 36 in a real terminal: an attendee of a hostile feed keeps a clean screen — no
/// title change, no clipboard write, no screen clear from the feed, no right-to-left
/// override — and quits on `q` within a second while 50 000 commands wait to be replayed.
@Suite(
    "Follow mode: a hostile feed", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct FollowTrustEndToEndTests {
    static let hostile = "\u{1B}]2;PWNED\u{07}\u{1B}]52;c;UFdORUQ=\u{07}\u{1B}[2J\u{202E}RTL"

    /// One feed line: `object` as JSON with sorted keys.
    static func line(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self) + "\n"
    }

    static func hostileFeed() throws -> String {
        // The drawn text, also in the title, a layer's name and its note.
        let layout = try line([
            "title": hostile,
            "layers": [
                [
                    "name": "root", "frame": [0, 0, 300, 200],
                    "sublayers": [
                        [
                            "name": hostile, "frame": [10, 10, 200, 100], "note": hostile,
                            "drawing": ["fill-rect 0 0 20 10 red", "text \"" + hostile + "\" 2 2"]
                        ]
                    ]
                ]
            ]
        ])
        var feed = try line(["kind": "scene", "format": "json", "name": hostile + ".json", "text": layout])
        feed += try line([
            "kind": "act", "now": 0, "commands": [hostile, "select-next"],
            "sync": [
                "step": 0, "panel": hostile, "mode": hostile, "anchorBehaviour": hostile, "now": 0, "paused": false, "speed": 1,
                "zoom": 1, "pan": [0, 0], "legend": false, "status": hostile + " STATUS", "statusIsError": false, "echo": hostile,
                "selection": hostile
            ]
        ])
        // Numbers past the policy: skipped and counted.
        feed += "{\"commands\":[],\"kind\":\"act\",\"now\":1.79e308}\n"
        // 50 000 commands in five acts: seconds of replay, which `q` must not wait for.
        for _ in 0..<5 { feed += try line(["kind": "act", "now": 0, "commands": Array(repeating: "select-next", count: 10_000)]) }
        return feed
    }

    @Test func anAttendeeOfAHostileFeedKeepsACleanScreenAndQuitsOnQ() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let feed = folder.path + "/talk.feed"
        try Self.hostileFeed().write(toFile: feed, atomically: false, encoding: .utf8)
        #expect(chmod(feed, 0o644) == 0)
        let attendee = try FollowEndToEndTests.start(["--follow", feed], columns: 120, rows: 40)
        defer { attendee.close() }
        let output = try attendee.recordOutputBytes()
        let title = try attendee.format("#{pane_title}")
        // The status shows the feed's text, made visible, and the skipped record.
        let screen = try attendee.waitFor("1 feed record skipped (act.now 1.79e+308 is out of range (0…1e+09))")
        #expect(screen.contains("^[]2;PWNED^G^[]52;c;UFdORUQ=^G^[[2J\\u{202e}RTL.json [following]"))
        #expect(!screen.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1B}" })
        #expect(try attendee.format("#{pane_title}") == title)
        #expect(try !attendee.format("#{pane_title}").contains("PWNED"))
        // Nothing of the feed's escapes reached the terminal: no title, clipboard or clear
        // sequence, no right-to-left override (E2 80 AE).
        let bytes = output()
        func has(_ needle: String) -> Bool {
            let n = Array(needle.utf8)
            return bytes.count >= n.count && (0...(bytes.count - n.count)).contains { Array(bytes[$0..<($0 + n.count)]) == n }
        }
        #expect(!has("\u{1B}]2;PWNED"))
        #expect(!has("\u{1B}]52;"))
        #expect(!has("\u{202E}"))
        #expect(has("PWNED"))
        // q answers within a second, however much replay is left.
        try attendee.sendKeys("q")
        #expect(try attendee.waitForExit(timeout: .seconds(1)) == 0)
    }

    @Test func shareRefusesALayoutAndFollowRefusesADevice() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let layout = folder.path + "/a.json"
        let text = try String(contentsOfFile: FollowEndToEndTests.packageRoot.path + "/Layouts/popup.json", encoding: .utf8)
        try text.write(toFile: layout, atomically: false, encoding: .utf8)
        let program = try LayerScopeProgram.requiredPath
        let share = try Subprocess.run(program, [layout, "--share", layout], timeout: .seconds(20))
        #expect(share.status == 1)
        #expect(share.errors.contains("is the layout being presented"), "\(share.errors)")
        #expect(try String(contentsOfFile: layout, encoding: .utf8) == text)
        let zero = try Subprocess.run(program, ["--follow", "/dev/zero"], timeout: .seconds(20))
        #expect(zero.status == 1)
        #expect(zero.errors.contains("/dev/zero is a character device, not a feed"), "\(zero.errors)")
    }
}
