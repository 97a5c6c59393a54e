import Foundation
import Testing

/// `layerscope import` and dumps opened by content, through the real binary.
@Suite("Import end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct ImportEndToEndTests {
    static let dumps = CommandLineEndToEndTests.package.appendingPathComponent("Tests/ImportTests/Dumps")

    /// (file, view count or nil for --lenient) from the corpus manifest.
    static func manifest() -> [(String, Int?)] {
        let text = (try? String(contentsOf: dumps.appendingPathComponent("MANIFEST.md"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, cells[1].hasSuffix(".txt") else { return nil }
            return (cells[1], Int(cells[2]))
        }
    }

    func temporary(_ ext: String) -> String {
        NSTemporaryDirectory() + "layerscope-import-\(getpid())-\(UUID().uuidString).\(ext)"
    }

    @Test func everyDumpImportsAndTheSavedSceneChecks() throws {
        let cases = Self.manifest()
        #expect(cases.count >= 15)
        for (index, (file, views)) in cases.enumerated() {
            let out = temporary(index % 2 == 0 ? "json" : "yaml")
            defer { unlink(out) }
            let dump = Self.dumps.appendingPathComponent(file).path
            let imported = try Subprocess.run(try LayerScopeProgram.requiredPath, ["import", dump, "-o", out] + (views == nil ? ["--lenient"] : []))
            #expect(imported.status == 0, "\(file): \(imported.errors)")
            let check = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", out])
            #expect(check.status == 0, "\(file): \(check.errors)")
            if let views { #expect(check.output.contains(": ok — \(views) layer"), "\(file): \(check.output)") }
        }
    }

    @Test func aStrictImportOfAnElidedDumpStopsAtTheElision() throws {
        let dump = Self.dumps.appendingPathComponent("13-cycript-iconsole-elided.txt").path
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["import", dump])
        #expect(result.status == 1)
        #expect(result.errors.contains("13-cycript-iconsole-elided.txt:9:1: expected a view description"))
        #expect(result.errors.contains("--lenient"))
        #expect(result.output.isEmpty)
    }

    @Test func standardInputIsReadWithDash() throws {
        let dump = Self.dumps.appendingPathComponent("15-cnblogs-rotation-landscape.txt").path
        let result = try Subprocess.run("/bin/sh", ["-c", "\"$0\" import - < \"$1\"", try LayerScopeProgram.requiredPath, dump])
        #expect(result.status == 0, "\(result.errors)")
        // The landscape root: bounds 480×320 under the 90° transform.
        #expect(result.output.contains("\"bounds\": [0, 0, 480, 320]"))
        #expect(result.errors.contains("<stdin>: 1 view"))
    }

    @Test func aDumpIsRecognisedByItsContentWhateverItsName() throws {
        let copy = temporary("log")
        defer { unlink(copy) }
        try String(contentsOf: Self.dumps.appendingPathComponent("14-hatenablog-nslog-timestamp.txt"), encoding: .utf8)
            .write(toFile: copy, atomically: true, encoding: .utf8)
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", copy, "--size", "100x30", "--mode", "ascii"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("UIRoundedRectButton#1"))
    }
}
