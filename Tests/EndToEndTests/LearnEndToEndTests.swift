import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `layerscope learn` and `layerscope room` in real terminals (issue 34): a learner solves a
/// lesson with keys, asks for a hint, passes, quits, restarts and resumes; two learners
/// and the presenter's room; `learn check` and `learn verify` as CI runs them.
@Suite("Learn end to end", .serialized, .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct LearnEndToEndTests {
    static let packageRoot = RecordingEndToEndTests.packageRoot

    static func start(_ arguments: [String], state: String, columns: Int = 120, rows: Int = 40) throws -> TmuxSession {
        try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", packageRoot.path, try LayerScopeProgram.requiredPath] + arguments,
            environment: ["XDG_STATE_HOME": state], columns: columns, rows: rows)
    }

    static func run(_ arguments: [String]) throws -> Subprocess.Result {
        let path = try LayerScopeProgram.requiredPath
        return try Subprocess.run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", packageRoot.path, path] + arguments)
    }

    @Test func learnCheckPassesTheShippedPack() throws {
        for arguments in [["learn", "check"], ["learn", "check", "Layouts/Lessons"]] {
            let result = try Self.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(result.output.hasSuffix("12 lessons checked\n"))
        }
    }

    @Test func learnVerifyPrintsOneAttempt() throws {
        let lesson = "Layouts/Lessons/02-keep-frame.yaml"
        let solved = try Self.run(["learn", "verify", lesson, "--script", "select hand; anchor 0.5 1 keep-frame"])
        #expect(solved.status == 0)
        #expect(solved.output == "{\"passed\":true,\"checks\":[true,true]}\n")
        // The jump: anchorPoint right, frame moved up by 40.
        let jumped = try Self.run(["learn", "verify", lesson, "--script", "select hand; set anchorPoint 0.5 1"])
        #expect(jumped.status == 1)
        #expect(jumped.output == "{\"passed\":false,\"checks\":[true,false]}\n")
        let saving = try Self.run(["learn", "verify", lesson, "--script", "select hand; save /tmp/learn-never.json"])
        #expect(saving.status == 2)
        #expect(saving.errors.contains("save is not allowed in a lesson"))
        #expect(saving.output.isEmpty)
        let broken = try Self.run(["learn", "verify", "Layouts/clock.json", "--script", ""])
        #expect(broken.status == 2)
        #expect(broken.errors.contains("Layouts/clock.json:1:1: not a lesson"))
    }

    @Test func aLearnerSolvesWithKeysAsksForAHintQuitsAndResumes() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let learner = try Self.start(["learn"], state: folder.path)
        defer { learner.close() }
        // Lesson 1 asks for a prediction before it shows the scene.
        try learner.waitFor("Predict first (1/1)")
        try learner.type("150 100")
        try learner.sendKeys("Enter")
        try learner.waitFor("✓ 150 100 — right")
        try learner.waitFor("Lesson 1/12 · The anchorPoint jump · ✗ 1/2 checks")
        try learner.sendKeys("G")
        try learner.waitFor("Hint 1: box is selected: press a for anchor mode")
        // Anchor mode, then H and K: anchorPoint (0.5, 0.5) → (0, 0).
        try learner.sendKeys("a")
        try learner.sendKeys("H")
        try learner.sendKeys("K")
        try learner.waitFor("✓ passed — N: the next lesson")
        try learner.waitFor("Why: position is where the anchorPoint sits")
        try learner.waitFor("Solution: select box; set anchorPoint 0 0")
        try learner.sendKeys("N")
        try learner.waitFor("Lesson 2/12 · Re-anchor without moving")
        try learner.sendKeys("q")
        #expect(try learner.waitForExit() == 0)
        let progress = try String(contentsOfFile: folder.path + "/layerscope/learn/embedded.json", encoding: .utf8)
        #expect(progress == "{\"current\":\"02-keep-frame\",\"hints\":{\"01-anchor-jump\":1},\"pack\":\"LayerScope basics\",\"passed\":[\"01-anchor-jump\"]}\n")
        // Again: resumed on lesson 2, lesson 1 ticked in the list.
        let again = try Self.start(["learn"], state: folder.path)
        defer { again.close() }
        try again.waitFor("welcome back: lesson 2 of 12, 1 passed")
        try again.waitFor("Lesson 2/12 · Re-anchor without moving")
        try again.sendKeys("E")
        try again.waitFor("✓ 1. The anchorPoint jump")
        try again.sendKeys("q")  // closes the list
        try again.waitUntil("the list to close") { !$0.contains("✓ 1. The anchorPoint jump") }
        try again.sendKeys("q")
        #expect(try again.waitForExit() == 0)
    }

    @Test func twoLearnersAndARoom() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let room = folder.path + "/room"
        try FileManager.default.createDirectory(atPath: room, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o1777])
        // Someone's link where mallory's file would go: never followed, never written through.
        try FileManager.default.createSymbolicLink(atPath: room + "/mallory.jsonl", withDestinationPath: folder.path + "/victim")
        let refused = try Self.run(["learn", "--room", room, "--name", "mallory"])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("mallory.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/victim"))

        let presenter = try TmuxSession(program: try LayerScopeProgram.requiredPath, arguments: ["room", room], columns: 120, rows: 20)
        defer { presenter.close() }
        try presenter.waitFor("nobody yet")
        let alice = try Self.start(["learn", "Layouts/Lessons", "--room", room, "--name", "alice"], state: folder.path + "/alice", columns: 80, rows: 24)
        defer { alice.close() }
        let bob = try Self.start(["learn", "Layouts/Lessons", "--room", room, "--name", "bob"], state: folder.path + "/bob", columns: 80, rows: 24)
        defer { bob.close() }
        try presenter.waitUntil("both learners in the room") { $0.contains("alice") && $0.contains("bob") && $0.contains("2 attendees") }
        // Alice skips the prediction, asks two hints, solves lesson 1 by typing.
        try alice.waitFor("Predict first")
        try alice.sendKeys("Escape")
        try alice.waitUntil("the prediction to close") { !$0.contains("Predict first") }
        try alice.sendKeys("G")
        try alice.sendKeys("G")
        try presenter.waitUntil("alice's two hints") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("alice") && $0.contains("working") && $0.contains(" 2 ") }
        }
        try alice.sendKeys(":")
        try alice.type("select box; set anchorPoint 0 0")
        try alice.sendKeys("Enter")
        try presenter.waitUntil("alice passed lesson 1") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("alice") && $0.contains("✓ passed") && $0.contains("1/12") }
        }
        // Bob is still working on lesson 1, with the time he started.
        let table = try presenter.capture()
        #expect(
            table.split(separator: "\n").contains {
                $0.hasPrefix("bob") && $0.contains("1/12 The anchorPoint jump") && $0.contains("working") && $0.contains("0/12")
            })
        // Nothing changes now: the room sleeps in poll (no timer, no busy loop).
        let pid = try presenter.programPID()
        let wchan = try String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)
        #expect(wchan.contains("poll"), "the room waits in \(wchan)")
        // Each attendee wrote only its own file, readable by the presenter, not writable by others.
        var st = stat()
        #expect(lstat(room + "/alice.jsonl", &st) == 0)
        #expect(st.st_mode & 0o777 == 0o644)
        try bob.sendKeys("C-c")  // skips the prediction (q would be typed into it)
        try bob.waitUntil("bob's prediction to close") { !$0.contains("Predict first") }
        try bob.sendKeys("q")
        try presenter.waitUntil("bob left") { screen in screen.split(separator: "\n").contains { $0.hasPrefix("bob") && $0.contains("left") } }
        try alice.sendKeys("q")
        _ = try alice.waitForExit()
        _ = try bob.waitForExit()
    }
}
