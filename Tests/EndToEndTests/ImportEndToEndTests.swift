import Foundation
import Testing

/// `layerscope import` and dumps opened by content, through the real binary.
@Suite("Import end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct ImportEndToEndTests {
    static let dumps = CommandLineEndToEndTests.package.appendingPathComponent("Tests/LayoutFilesTests/Dumps")

    /// (file, layer count or nil when refused, where --strict stops or nil) from the corpus manifest.
    static func manifest() -> [(String, Int?, String?)] {
        let text = (try? String(contentsOf: dumps.appendingPathComponent("MANIFEST.md"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 4, cells[1].hasSuffix(".txt") || cells[1].hasSuffix(".json") || cells[1].hasSuffix(".yaml") else { return nil }
            return (cells[1], Int(cells[2]), cells[3] == "ok" ? nil : cells[3])
        }
    }

    func temporary(_ ext: String) -> String {
        NSTemporaryDirectory() + "layerscope-import-\(getpid())-\(UUID().uuidString).\(ext)"
    }

    /// `check` on a dump says what it is and how to open it, not what the layout reader makes
    /// of it (an unknown top-level field, a wrong extension); a real layout beside it checks.
    @Test func checkOnADumpSaysHowToOpenIt() throws {
        let forms = [
            ("04-sentry-hidden-label.txt", "a view or layer dump"),
            ("41-sentry-view-hierarchy-window.json", "Sentry's view-hierarchy.json"),
            ("47-sdcalayer-anim.json", "an SDCALayer export")
        ]
        for (file, form) in forms {
            let path = Self.dumps.appendingPathComponent(file).path
            let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", path])
            #expect(result.status == 1)
            #expect(
                result.errors.contains(
                    "\(path): not a layout file: it reads as \(form); open it with layerscope \(path), or write it as a layout with layerscope import \(path) -o scene.json"
                ), "\(result.errors)")
            #expect(!result.errors.contains("unknown field") && !result.errors.contains("rename it"))
        }
        // A name with a space and a quote is quoted for the shell: 'a b'\''s.txt'.
        let odd = NSTemporaryDirectory() + "layerscope dump's \(getpid()).txt"
        defer { unlink(odd) }
        try FileManager.default.copyItem(atPath: Self.dumps.appendingPathComponent("04-sentry-hidden-label.txt").path, toPath: odd)
        let quoted = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", odd])
        #expect(quoted.errors.contains("open it with layerscope '" + odd.replacingOccurrences(of: "'", with: "'\\''") + "',"), "\(quoted.errors)")
    }

    @Test func everyDumpImportsAndTheSavedSceneChecks() throws {
        let cases = Self.manifest()
        #expect(cases.count >= 40)
        for (index, (file, layers, strictStop)) in cases.enumerated() {
            let out = temporary(index % 2 == 0 ? "json" : "yaml")
            defer { unlink(out) }
            let dump = Self.dumps.appendingPathComponent(file).path
            let imported = try Subprocess.run(try LayerScopeProgram.requiredPath, ["import", dump, "-o", out])
            guard let layers else {
                // A view-controller tree: refused, with why.
                #expect(imported.status == 1 && imported.errors.contains("view-controller tree"), "\(file): \(imported.errors)")
                continue
            }
            #expect(imported.status == 0, "\(file): \(imported.errors)")
            let check = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", out])
            #expect(check.status == 0, "\(file): \(check.errors)")
            #expect(check.output.contains(": ok — \(layers) layer"), "\(file): \(check.output)")
            if let strictStop {
                #expect(imported.errors.contains("skipped"), "\(file): \(imported.errors)")
                let strict = try Subprocess.run(try LayerScopeProgram.requiredPath, ["import", "--strict", dump])
                #expect(strict.status == 1 && strict.errors.contains("\(file):\(strictStop):"), "\(file): \(strict.errors)")
            }
        }
    }

    @Test func aStrictImportOfAnElidedDumpStopsAtTheElision() throws {
        let dump = Self.dumps.appendingPathComponent("13-cycript-iconsole-elided.txt").path
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["import", "--strict", dump])
        #expect(result.status == 1)
        #expect(result.errors.contains("13-cycript-iconsole-elided.txt:9:1: expected a view description"))
        #expect(result.output.isEmpty)
        // The default reads the rest and says what it skipped, where.
        let lenient = try Subprocess.run(try LayerScopeProgram.requiredPath, ["import", dump])
        #expect(lenient.status == 0)
        #expect(lenient.errors.contains("11 layers, 1 line skipped"))
        #expect(lenient.errors.contains("skipped: \(dump):9:1"))
    }

    @Test func renderOfADumpWithHugeFramesDoesNotCrash() throws {
        // Issue 20: `render` of `frame = (0 0; 1e300 1e300)` crashed converting to Int.
        let path = temporary("txt")
        defer { unlink(path) }
        try
            "<UIView: 0x1; frame = (0 0; 100 100); layer = <CALayer: 0x2>>\n   | <UIView: 0x3; frame = (0 0; 1e300 1e300); layer = <CALayer: 0x4>>\n   |    | <UILabel: 0x5; frame = (10 10; 30 20); layer = <CALayer: 0x6>>\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", path, "--size", "60x20", "--mode", "ascii"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("UILabel"))
    }

    @Test func standardInputIsReadWithDash() throws {
        let dump = Self.dumps.appendingPathComponent("15-cnblogs-rotation-landscape.txt").path
        let result = try Subprocess.run("/bin/sh", ["-c", "\"$0\" import - < \"$1\"", try LayerScopeProgram.requiredPath, dump])
        #expect(result.status == 0, "\(result.errors)")
        // The landscape root: bounds 480×320 under the 90° transform.
        #expect(result.output.contains("\"bounds\": [0, 0, 480, 320]"))
        #expect(result.errors.contains("<stdin>: 1 layer"))
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
