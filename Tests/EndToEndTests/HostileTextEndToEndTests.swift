import Foundation
import Testing

/// Issue 15, finding 5: one hostile name through every output path of the real binary.
/// The name holds an OSC "set window title" sequence (ESC ] 0 ; pwned BEL), a C1 CSI byte
/// (U+009B) and a right-to-left override (U+202E). Everywhere it must arrive visible —
/// `^[`, `^G`, `\u{9b}`, `\u{202e}` — or, in eval's JSON, as `\u` escapes.
@Suite(
    "Hostile text never reaches the terminal raw", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct HostileTextEndToEndTests {
    static let hostile = "x\u{1B}]0;pwned\u{07}\u{9B}31m\u{202E}gpj.exe"
    /// SafeText's spelling: ESC → ^[, BEL → ^G, U+009B → \u{9b}, U+202E → \u{202e}.
    static let shown = "x^[]0;pwned^G\\u{9b}31m\\u{202e}gpj.exe"
    /// The same text as a JSON string body.
    static let jsonBody = "x\\u001b]0;pwned\\u0007\\u009b31m\\u202egpj.exe"

    /// A scene whose title, notes and only layer's name are the hostile text; the layer
    /// covers (0, 0)…(100, 100) on a 200 × 200 screen.
    static func scene() throws -> String {
        let dir = NSTemporaryDirectory() + "layerscope-hostile-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/hostile.json"
        let text = """
            {"title": "\(jsonBody)", "notes": "\(jsonBody)", "screen": {"width": 200, "height": 200},
             "layers": [{"name": "\(jsonBody)", "bounds": [0, 0, 100, 100], "position": [50, 50], "backgroundColor": "red"}]}
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The first scalar that must not reach a terminal (newlines excepted), if any.
    static func raw(_ s: String) -> Unicode.Scalar? {
        s.unicodeScalars.first { c in
            let v = c.value
            if c == "\n" { return false }
            return v < 0x20 || (0x7F...0x9F).contains(v) || [0x061C, 0x2060, 0xFEFF].contains(v)
                || (0x200B...0x200F).contains(v) || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
    }

    @Test func checkShowsTheTitleVisibly() throws {
        let file = try Self.scene()
        let r = try Subprocess.run(try LayerScopeProgram.requiredPath, ["check", file], timeout: .seconds(20))
        #expect(r.status == 0)
        #expect(r.output == "\(file): ok — 1 layer, \"\(Self.shown)\"\n")
        #expect(Self.raw(r.output) == nil && Self.raw(r.errors) == nil)
    }

    @Test func renderShowsTheTitleAndTheNameVisibly() throws {
        let file = try Self.scene()
        let r = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", file, "--size", "120x40", "--color", "none"], timeout: .seconds(20))
        #expect(r.status == 0, "\(r.errors)")
        #expect(Self.raw(r.output) == nil, "raw \(Self.raw(r.output).map { String($0.value, radix: 16) } ?? "")")
        #expect(r.output.contains("x^[]0;pwned^G"))
    }

    @Test func evalAnswersValidJSONWithEscapes() throws {
        let file = try Self.scene()
        let r = try Subprocess.run(try LayerScopeProgram.requiredPath, ["eval", "--layout", file, "--script", "hit-test 50 50"], timeout: .seconds(20))
        #expect(r.status == 0, "\(r.errors)")
        #expect(r.output == "{\"hit\":\"\(Self.jsonBody)\"}\n")
        let object = try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [String: String]
        #expect(object?["hit"] == Self.hostile)
    }

    @Test func exportAndErrorMessagesCarryNothingRaw() throws {
        let file = try Self.scene()
        let export = try Subprocess.run(try LayerScopeProgram.requiredPath, ["export", file], timeout: .seconds(20))
        #expect(export.status == 0)
        #expect(Self.raw(export.output) == nil && !export.output.isEmpty)
        // An unknown layer name quoted back on stderr.
        let e = try Subprocess.run(
            try LayerScopeProgram.requiredPath, ["eval", "--layout", file, "--script", "select \"y\u{1B}]0;pwned\u{07}\""], timeout: .seconds(20))
        #expect(e.status == 1)
        #expect(e.errors.contains("y^[]0;pwned^G"), "\(e.errors)")
        #expect(Self.raw(e.errors) == nil)
    }

    @Test func theExplorerKeepsThePaneTitleAndShowsTheNameVisibly() throws {
        let file = try Self.scene()
        let session = try TmuxSession(program: try LayerScopeProgram.requiredPath, arguments: [file], columns: 120, rows: 40)
        defer { session.close() }
        let before = try session.format("#{pane_title}")
        let screen = try session.waitFor("x^[]0;pwned^G")
        #expect(screen.contains(" LayerScope"))
        #expect(Self.raw(screen) == nil)
        #expect(try session.format("#{pane_title}") == before)
        #expect(try !session.format("#{pane_title}").contains("pwned"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }
}
