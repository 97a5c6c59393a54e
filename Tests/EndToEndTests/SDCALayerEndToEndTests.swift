import Foundation
import Testing

/// SDCALayer's export through the real binary: `import` with and without `--strict` on a
/// broken file, and a YAML export opened by content in `render`.
@Suite("SDCALayer import end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct SDCALayerEndToEndTests {
    static let broken = CommandLineEndToEndTests.package
        .appendingPathComponent("Tests/LayoutFilesTests/Synthetic/synthetic-sdcalayer-bad-values.json").path

    func temporary(_ ext: String) -> String {
        NSTemporaryDirectory() + "layerscope-sdcalayer-\(getpid())-\(UUID().uuidString).\(ext)"
    }

    @Test func strictStopsAtTheFirstBadFieldAndTheDefaultListsAllThree() throws {
        let text = try String(contentsOfFile: Self.broken, encoding: .utf8)
        // The first fault, `[[0, 0], [40]]`: its line and column, found in the text.
        let r = try #require(text.range(of: "[[0, 0], [40]]"))
        let line = text[..<r.lowerBound].filter { $0 == "\n" }.count + 1
        let column = text[..<r.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).last!.unicodeScalars.count + 1
        let strict = try Subprocess.run(try LayerScopeProgram.requiredPath, ["import", "--strict", Self.broken])
        #expect(strict.status == 1)
        #expect(strict.errors.contains("synthetic-sdcalayer-bad-values.json:\(line):\(column): layerModel.sublayers[0].layerModel.bounds:"), "\(strict.errors)")
        #expect(strict.output.isEmpty)
        let out = temporary("yaml")
        defer { unlink(out) }
        let lenient = try Subprocess.run(try LayerScopeProgram.requiredPath, ["import", Self.broken, "-o", out])
        #expect(lenient.status == 0, "\(lenient.errors)")
        #expect(lenient.errors.contains("3 layers, 3 lines skipped (--strict stops at the first)"), "\(lenient.errors)")
        #expect(lenient.errors.contains("skipped: \(Self.broken):\(line):\(column)"))
        let check = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", out])
        #expect(check.status == 0 && check.output.contains(": ok — 3 layers"), "\(check.errors)")
    }

    @Test func aYAMLExportOpensByContent() throws {
        // SDCALayer's YAML form (Yams' block style), hand-made: a 120×60 layer at (80, 50)
        // with a text layer whose anchorPoint (0, 0) puts its origin at its position.
        // A short name: the header shows it with the form, within 100 columns.
        let path = NSTemporaryDirectory() + "sdca-\(getpid()).yml"
        defer { unlink(path) }
        try """
        class: CALayer
        layerModel:
          bounds:
          - - 0
            - 0
          - - 120
            - 60
          position:
          - 80
          - 50
          sublayers:
          - class: CATextLayer
            layerModel:
              anchorPoint:
              - 0
              - 0
              bounds:
              - - 0
                - 0
              - - 100
                - 20
              position:
              - 10
              - 20
              string: Hello

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["eval", "--layout", path, "--script", "select CATextLayer; get frame"])
        #expect(result.status == 0, "\(result.errors)")
        // anchorPoint (0, 0): frame origin = position = (10, 20), size 100×20.
        #expect(result.output.contains("{\"rect\":[10,20,100,20]}"), "\(result.output)")
        let render = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", path, "--size", "100x30"])
        #expect(render.status == 0, "\(render.errors)")
        #expect(render.output.contains("(SDCALayer YAML)") && render.output.contains("CATextLayer"), "\(render.output)")
    }
}
