import Foundation
import Testing

/// The headless entry points of the real binary: every malformed layout and script exits
/// non-zero with a located message (and never crashes), and the shipped scenes pass `check`.
@Suite("Command line end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct CommandLineEndToEndTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let malformed = package.appendingPathComponent("Tests/LayerKitTests/Malformed")

    /// (file, "LINE:COLUMN") from a corpus manifest.
    static func manifest(_ folder: String) -> [(String, String)] {
        let text = (try? String(contentsOf: malformed.appendingPathComponent(folder).appendingPathComponent("EXPECTED.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (f[0], f.count > 1 ? f[1] : "")
        }
    }

    @Test func checkRejectsEveryMalformedLayoutWithItsLocation() throws {
        let cases = Self.manifest("layouts")
        #expect(cases.count >= 36)
        for (file, position) in cases {
            let path = Self.malformed.appendingPathComponent("layouts").appendingPathComponent(file).path
            let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", path])
            #expect(result.status == 1, "\(file): exit \(result.status)")   // not a crash (≥ 128)
            #expect(result.errors.contains("\(file):\(position):"), "\(file): \(result.errors)")
            #expect(result.output.isEmpty)
        }
    }

    @Test func evalStopsEveryMalformedScriptAtItsLine() throws {
        let cases = Self.manifest("scripts")
        #expect(cases.count >= 20)
        for (file, position) in cases {
            let path = Self.malformed.appendingPathComponent("scripts").appendingPathComponent(file).path
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
        #expect(result.output.split(separator: "\n").count == files.count)
    }

    @Test func evalPrintsOnlyTheAnswers() throws {
        // seed 002 through the binary: frame first, then anchor → origin (190, 190).
        let popup = Self.package.appendingPathComponent("Layouts/popup.json").path
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, [
            "eval", "--layout", popup, "--script", "step 3\nselect frameFirst; get frame\nselect anchorFirst; get frame; hit-test 150 150",
        ])
        #expect(result.status == 0)
        #expect(result.output == "{\"rect\":[190,190,100,100]}\n{\"rect\":[140,140,50,50]}\n{\"hit\":\"anchorFirst\"}\n")
        #expect(result.errors.isEmpty)
    }
}
