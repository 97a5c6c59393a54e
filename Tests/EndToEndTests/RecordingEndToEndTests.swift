import Foundation
import Testing
import TestSupport

/// `--record FILE.cast`: the explorer's session as an asciicast v2 file, checked the way a
/// viewer would use it — parsed as asciicast v2, then its output replayed into an
/// independent terminal emulator (a second tmux) that must show the explorer's last screen.
@Suite(
    "Recording end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct RecordingEndToEndTests {
    static let packageRoot = PackageRoot.url

    @Test func aRecordingReplaysToTheExplorersLastScreen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ls-rec-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("demo.cast").path

        // 1. A short session: select the hour hand, rotate it, open the formula page.
        let explorer = try TmuxSession(
            program: "/bin/sh",
            arguments: [
                "-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath,
                "Layouts/clock.json", "--record", cast
            ],
            columns: 80, rows: 24)
        defer { explorer.close() }
        try explorer.waitFor(" LayerScope")
        // While recording, the file being written is FILE.cast.partial.
        #expect(FileManager.default.fileExists(atPath: cast + ".partial"))
        try explorer.sendKeys("Tab")
        try explorer.waitUntil("the selection") { $0.contains("key: Tab → select-next") }
        try explorer.sendKeys("i")
        let last = try explorer.waitUntil("the formula page") { $0.contains("key: i → panel formula") }
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 0)

        // 2. asciicast v2: a header object, then [time, "o" | "r", text] events in time order.
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!FileManager.default.fileExists(atPath: cast + ".partial"))
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80)
        #expect(header["height"] as? Int == 24)
        #expect((header["env"] as? [String: String])?["TERM"] != nil)
        var output = ""
        var previous = -1.0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            try #require(event.count == 3)
            let time = try #require(event[0] as? Double)
            let kind = try #require(event[1] as? String)
            #expect(time >= previous)
            previous = time
            #expect(kind == "o" || kind == "r")
            if kind == "o" { output += try #require(event[2] as? String) }
        }
        // One frame per key at least: the first, Tab, i.
        #expect(lines.count >= 4)

        // 3. Replay the output into another terminal of the same size: same screen.
        let replay = folder.appendingPathComponent("replay.bin")
        try Data(output.utf8).write(to: replay)
        let viewer = try TmuxSession(
            program: "/bin/sh", arguments: ["-c", "cat \"$0\"; exec cat", replay.path],
            columns: 80, rows: 24)
        defer { viewer.close() }
        func rows(_ screen: String) -> [String] {
            screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(24).map {
                String($0.reversed().drop { $0 == " " }.reversed())
            }
        }
        let expected = rows(last)
        let shown = try viewer.waitUntil("the replayed screen") { rows($0) == expected }
        #expect(rows(shown)[0].contains("LayerScope · Layouts/clock.json"))
    }

    /// The clipboard's bytes go through the terminal's output: `e`, `y` under `--record` puts
    /// the OSC 52 sequence in the recording, and its payload, read back with Foundation's
    /// base64 decoder, is the Swift `layerscope export --swift --layer hourHand` prints.
    @Test func theClipboardCopyIsInTheRecording() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ls-rec-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("copy.cast").path
        let explorer = try TmuxSession(
            program: "/bin/sh",
            arguments: [
                "-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath,
                "Layouts/clock.json", "--record", cast
            ],
            columns: 100, rows: 30)
        defer { explorer.close() }
        try explorer.waitFor(" LayerScope")
        try explorer.sendKeys("Tab")
        try explorer.waitUntil("the hour hand") { $0.contains("key: Tab → select-next") }
        try explorer.sendKeys("e")
        try explorer.waitFor("Swift · y copies (OSC 52")
        try explorer.sendKeys("y")
        try explorer.waitFor("to the clipboard (OSC 52)")
        try explorer.sendKeys("Escape")
        try explorer.waitUntil("the overlay to close") { !$0.contains("Swift · y copies") }
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 0)

        var output = ""
        for line in try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            if event[1] as? String == "o" { output += try #require(event[2] as? String) }
        }
        let start = try #require(output.range(of: "\u{1B}]52;c;"), "no OSC 52 in the recording")
        let end = try #require(output[start.upperBound...].firstIndex(of: "\u{07}"))
        let decoded = try #require(Data(base64Encoded: String(output[start.upperBound..<end])))
        let copied = String(decoding: decoded, as: UTF8.self)
        let export = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            [
                "export", Self.packageRoot.appendingPathComponent("Layouts/clock.json").path,
                "--swift", "--layer", "hourHand"
            ])
        #expect(export.status == 0)
        #expect(copied.contains("hourHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)"))
        #expect(copied.trimmingCharacters(in: .newlines) == export.output.trimmingCharacters(in: .newlines))
    }
}
