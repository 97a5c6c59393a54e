import Foundation
import Testing
import TestSupport

/// The load-warning status's "(and N more: COMMAND)" names a command that runs and prints
/// every warning: `layerscope learn` on a pack of lesson files says `layerscope check FILE`,
/// and that command, run as the screen shows it, prints both; `learn check` prints them the
/// same way (the form an embedded lesson's status names, since an embedded lesson has no
/// file `check` can open).
@Suite(
    "The load-warning hint names a command that runs", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct LoadWarningHintEndToEndTests {
    /// Two layers with `frame` under a 30° rotation: warnings at 2:18 and 3:18.
    static let lesson = """
        layers:
          - {name: card, frame: [0, 0, 10, 10], transform: [{rotate: 30}]}
          - {name: tile, frame: [0, 0, 10, 10], transform: [{rotate: 30}]}
        lesson:
          goal: "Move card"
          check: [{query: "select card; get position", equals: {point: [0, 0]}}]
          solution: ["select card", "set position 0 0"]
        """

    @Test func theHintsCommandPrintsEveryWarning() throws {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let pack = folder.path + "/my pack"
        try FileManager.default.createDirectory(atPath: pack, withIntermediateDirectories: true)
        try Self.lesson.write(toFile: pack + "/01-rotated.yaml", atomically: true, encoding: .utf8)
        let program = try LayerScopeProgram.requiredPath

        // The learner's status line names the command (the folder's name has a space: quoted).
        let learner = try TmuxSession(
            program: "/bin/sh", arguments: ["-c", "cd \"$0\" && exec \"$@\"", folder.path, program, "learn", "my pack"],
            environment: ["XDG_STATE_HOME": folder.path + "/state"], columns: 640, rows: 30)
        defer { learner.close() }
        let screen = try learner.waitFor("(and 1 more: ")
        // The hint on one row (the terminal is wide enough), read off the screen as shown.
        let row = try #require(screen.split(separator: "\n").first { $0.contains("(and 1 more: ") })
        let hint = try #require(row.range(of: "(and 1 more: ").map { row[$0.upperBound...] }.flatMap { $0.split(separator: ")").first })
        #expect(hint == "layerscope check 'my pack/01-rotated.yaml'", "\(screen)")
        try learner.sendKeys("q")
        _ = try learner.waitForExit()

        // That command, run by a shell as written, prints both warnings and passes.
        let command = "\"$1\"" + hint.dropFirst("layerscope".count)
        let shown = try Subprocess.run("/bin/sh", ["-c", "cd \"$0\" && " + command, folder.path, program])
        #expect(shown.status == 0, "\(shown.errors)")
        let warnings = shown.errors.split(separator: "\n")
        #expect(warnings.count == 2, "\(shown.errors)")
        #expect(warnings.first?.hasPrefix("my pack/01-rotated.yaml:2:18: warning: layers[0].frame: ") == true, "\(shown.errors)")
        #expect(warnings.last?.hasPrefix("my pack/01-rotated.yaml:3:18: warning: layers[1].frame: ") == true, "\(shown.errors)")

        // learn check prints the same lines, and counts them on the ok line.
        let learnCheck = try Subprocess.run("/bin/sh", ["-c", "cd \"$0\" && exec \"$1\" learn check 'my pack'", folder.path, program])
        #expect(learnCheck.status == 0, "\(learnCheck.errors)")
        #expect(learnCheck.errors == shown.errors)
        #expect(learnCheck.output == "ok my pack/01-rotated.yaml, 2 warnings\n1 lesson checked\n", "\(learnCheck.output)")
    }

    /// The form an embedded lesson's status names runs: the shipped pack has no warnings, so
    /// nothing on stderr and every ok line plain.
    @Test func learnCheckRunsOnTheEmbeddedPack() throws {
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["learn", "check"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.output.hasPrefix("ok (embedded) 01-anchor-jump.yaml\n"), "\(result.output)")
        #expect(result.output.hasSuffix("12 lessons checked\n"))
    }
}
