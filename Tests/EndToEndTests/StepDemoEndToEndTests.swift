import Foundation
import Testing

/// Issue 23: a step demo in a real terminal shows what it promises, and a recording of it
/// has one asciicast marker (a chapter in asciinema's player) per step.
@Suite(
    "Step demos end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct StepDemoEndToEndTests {
    static let packageRoot = RecordingEndToEndTests.packageRoot

    @Test func stepsSelectShowTheJumpAndMarkChaptersInTheRecording() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ls-steps-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cast = folder.appendingPathComponent("popup.cast").path

        let explorer = try TmuxSession(
            program: "/bin/sh",
            arguments: [
                "-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath,
                "Layouts/popup.json", "--record", cast
            ],
            columns: 120, rows: 40)
        defer { explorer.close() }
        try explorer.waitFor(" LayerScope")
        try explorer.sendKeys("n")
        try explorer.waitFor("1/3 · anchorFirst")
        try explorer.sendKeys("n")
        // Step 2 selects frameFirst (the status line's right names the selection) and says the
        // jump as the anchor key would: frame (140, 140) → (190, 190), position stays.
        let screen = try explorer.waitFor("anchor → (0, 0): frame moved by (50, 50), position by (0, 0)")
        let status = screen.split(separator: "\n").first { $0.contains("anchor → (0, 0)") } ?? ""
        #expect(status.contains("frameFirst"))
        try explorer.sendKeys("i")
        try explorer.waitFor("last: set anchorPoint 0 0")
        try explorer.sendKeys("p")
        try explorer.waitFor("1/3 · anchorFirst")
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 0)

        // The markers: [t, "m", label], one per step reached, in order, their times rising.
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").map(String.init)
        var markers: [String] = []
        var previous = -1.0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            let time = try #require(event[0] as? Double)
            #expect(time >= previous)
            previous = time
            if event[1] as? String == "m" { markers.append(try #require(event[2] as? String)) }
        }
        #expect(
            markers == [
                "step 1: anchorFirst: anchorPoint (0, 0), then frame (140, 140, 100, 100)",
                "step 2: frameFirst: frame (140, 140, 100, 100), then anchorPoint (0, 0)",
                "step 1: anchorFirst: anchorPoint (0, 0), then frame (140, 140, 100, 100)"
            ])
    }

    @Test func presentationTurnsPanelPagesAndNothingIsCutAt80Columns() throws {
        // 120 columns: the panel is beside the canvas. --present shows the essentials; i
        // turns to the formula page (it used to echo "panel formula" and change nothing).
        let wide = try TmuxSession(
            program: "/bin/sh",
            arguments: [
                "-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath,
                "Layouts/popup.json", "--present"
            ],
            columns: 120, rows: 40)
        defer { wide.close() }
        try wide.waitFor(" position  (120, 120)")
        try wide.sendKeys("i")
        try wide.waitFor("button: frame, step by step")
        try wide.sendKeys("q")
        #expect(try wide.waitForExit() == 0)

        // 80×24: step 2's caption (131 columns) wraps onto two rows, its end included.
        let small = try TmuxSession(
            program: "/bin/sh",
            arguments: [
                "-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath,
                "Layouts/popup.json"
            ],
            columns: 80, rows: 24)
        defer { small.close() }
        try small.waitFor(" LayerScope")
        try small.sendKeys("n")
        try small.waitFor("1/3 · anchorFirst")
        try small.sendKeys("n")
        let screen = try small.waitFor("so the frame jumps to (190, 190)")
        #expect(screen.contains("2/3 · frameFirst: frame (140, 140, 100, 100), then anchorPoint (0, 0) — the"))
        try small.sendKeys("q")
        #expect(try small.waitForExit() == 0)
    }
}
