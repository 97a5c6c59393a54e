import Foundation
import Testing

/// Scripts carry out their effects through the real binary: `render --script` with `save`
/// writes the file (it used to exit 0 and write nothing), and a refused effect exits 1 with
/// its location.
@Suite("Script effects end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct ScriptEffectEndToEndTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("effects-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func renderScriptSaveWritesTheFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let empty = dir + "/empty.json"
        try "{\"layers\": []}".write(toFile: empty, atomically: true, encoding: .utf8)
        let saved = dir + "/x.json"
        #expect(!FileManager.default.fileExists(atPath: saved))
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", empty, "--script", "add card; save \(saved)"])
        #expect(result.status == 0, "\(result.errors)")
        // The saved file holds the added layer: eval reads it back and names it.
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("\"card\""), "\(text)")
        let back = try Subprocess.run(try LayerScopeProgram.requiredPath, ["eval", "--layout", saved, "--script", "select card; get name"])
        #expect(back.status == 0, "\(back.errors)")
        #expect(back.output == "{\"string\":\"card\"}\n")
        // The status line of the drawn screen says so.
        #expect(result.output.contains("saved \(saved)"))
    }

    @Test func renderScriptExportWritesTheSVG() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let empty = dir + "/empty.json"
        try "{\"layers\": []}".write(toFile: empty, atomically: true, encoding: .utf8)
        let svg = dir + "/out.svg"
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", empty, "--script", "add card\nexport svg \(svg)"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<svg"))
    }

    @Test func aSaveThatFailsStopsRenderAtItsLine() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let empty = dir + "/empty.json"
        try "{\"layers\": []}".write(toFile: empty, atomically: true, encoding: .utf8)
        // A folder that does not exist: the save fails, line 2 says so, nothing is printed.
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", empty, "--script", "add card\nsave \(dir)/no/such/x.json"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("line 2: <script>:2:1: save failed:"), "\(result.errors)")
        #expect(result.output.isEmpty)
    }
}
