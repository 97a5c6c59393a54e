import Foundation
import Testing
import TestSupport

/// The headless entry points of the real binary: every malformed layout and script exits
/// non-zero with a located message (and never crashes), and the shipped scenes pass `check`.
@Suite("Command line end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct CommandLineEndToEndTests {
    static let package = PackageRoot.url
    /// The malformed corpora: layouts are LayoutFilesTests', scripts EngineTests'.
    static func malformed(_ folder: String) -> URL {
        package.appendingPathComponent(folder == "layouts" ? "Tests/LayoutFilesTests/Malformed/layouts" : "Tests/EngineTests/Malformed/\(folder)")
    }

    /// (file, "LINE:COLUMN") from a corpus manifest.
    static func manifest(_ folder: String) -> [(String, String)] {
        let text = (try? String(contentsOf: malformed(folder).appendingPathComponent("EXPECTED.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (f[0], f.count > 1 ? f[1] : "")
        }
    }

    @Test func checkRejectsEveryMalformedLayoutWithItsLocation() throws {
        let cases = Self.manifest("layouts")
        #expect(cases.count >= 36)
        for (file, position) in cases {
            let path = Self.malformed("layouts").appendingPathComponent(file).path
            let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", path])
            #expect(result.status == 1, "\(file): exit \(result.status)")  // not a crash (≥ 128)
            #expect(result.errors.contains("\(file):\(position):"), "\(file): \(result.errors)")
            #expect(result.output.isEmpty)
        }
    }

    @Test func evalStopsEveryMalformedScriptAtItsLine() throws {
        let cases = Self.manifest("scripts")
        #expect(cases.count >= 20)
        for (file, position) in cases {
            let path = Self.malformed("scripts").appendingPathComponent(file).path
            let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["eval", "--script-file", path])
            let line = position.split(separator: ":")[0]
            #expect(result.status == 1, "\(file): exit \(result.status)")
            #expect(result.errors.hasPrefix("line \(line): \(path):\(position): "), "\(file): \(result.errors)")
        }
    }

    @Test func everyShippedSceneChecks() throws {
        let layouts = Self.package.appendingPathComponent("Layouts")
        let files = try FileManager.default.contentsOfDirectory(atPath: layouts.path).sorted().map { layouts.appendingPathComponent($0).path }
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check"] + files)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("warning:"), "\(result.errors)")  // none gives a frame under a rotation
        // A folder (Layouts/Lessons) is checked file by file: one line each.
        let lessons = try FileManager.default.contentsOfDirectory(atPath: layouts.appendingPathComponent("Lessons").path).filter {
            $0.hasSuffix(".yaml") || $0.hasSuffix(".json")
        }
        #expect(result.output.split(separator: "\n").count == files.count - 1 + lessons.count)
    }

    @Test func evalPrintsOnlyTheAnswers() throws {
        // seed 002 through the binary: frame first, then anchor → origin (190, 190).
        let popup = Self.package.appendingPathComponent("Layouts/popup.json").path
        let result = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            [
                "eval", "--layout", popup, "--script", "step 3\nselect frameFirst; get frame\nselect anchorFirst; get frame; hit-test 150 150"
            ])
        #expect(result.status == 0)
        #expect(result.output == "{\"rect\":[190,190,100,100]}\n{\"rect\":[140,140,50,50]}\n{\"hit\":\"anchorFirst\"}\n")
        #expect(result.errors.isEmpty)
    }

    /// `render`, `explore` and `eval` read scripts with one reader: every malformed script of
    /// the corpus stops all three at the same line and column, and an explorer script that
    /// fails stops before the terminal is taken over (nothing on stdout).
    @Test func renderAndExploreStopEveryMalformedScriptAtTheSameLineAsEval() throws {
        // eval starts from an empty screen; so do these, from an empty layout.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString.prefix(8)).json").path
        try "{\"layers\": []}".write(toFile: empty, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        for (file, position) in Self.manifest("scripts") {
            let path = Self.malformed("scripts").appendingPathComponent(file).path
            let line = position.split(separator: ":")[0]
            for verb in [["render", empty], ["explore", empty]] {
                let result = try Subprocess.run(try LayerScopeProgram.requiredPath, verb + ["--script-file", path])
                #expect(result.status == 1, "\(verb[0]) \(file): exit \(result.status)")
                // Not every corpus error is a parse error: an edit that cannot apply stops
                // at its line too (column 1, the command).
                #expect(result.errors.hasPrefix("line \(line): \(path):\(line):"), "\(verb[0]) \(file): \(result.errors)")
                #expect(result.output.isEmpty, "\(verb[0]) \(file) printed: \(result.output.prefix(80))")
            }
        }
        // A command that parses but cannot apply: line 2.
        let clock = Self.package.appendingPathComponent("Layouts/clock.json").path
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["explore", clock, "--script", "select hourHand\nselect nope"])
        #expect(result.status == 1)
        #expect(result.errors == "line 2: <script>:2:1: select nope: no layer named \"nope\"\n")
    }
}
