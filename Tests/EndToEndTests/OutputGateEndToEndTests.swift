import Foundation
import Testing
import TestSupport

/// Issue 20, "one output gate for every format written": the issue's exact inputs through
/// the real binary — an SVG of a name holding ESC read by a real XML parser, the Swift
/// export of a name holding a newline, and `--record` refusing a planted symbolic link and
/// ending in whole events when the file can grow no more.
@Suite(
    "Every format written is well-formed whatever the names", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct OutputGateEndToEndTests {
    static let packageRoot = PackageRoot.url

    /// A fresh folder, removed by the caller's `defer`.
    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "ls-gate-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Two layers: the first named ESC [31m red BEL <b>&"' (a colour escape, a bell and every
    /// XML markup character), the second the issue's Swift injection
    /// `card⏎print("INJECTED") //`, with a note holding CR and U+2028.
    static func hostileScene(in dir: String) throws -> String {
        let path = dir + "/hostile.json"
        try #"""
        { "screen": { "width": 200, "height": 100 },
          "layers": [
            { "name": "a\u001b[31mred\u0007 <b>&\"'", "bounds": [0, 0, 60, 40], "position": [50, 50], "backgroundColor": "#ff0000" },
            { "name": "card\nprint(\"INJECTED\") //", "bounds": [0, 0, 60, 60], "position": [150, 50], "note": "one\rtwo\u2028three" }
          ] }
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static var python: String? {
        ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.enabled(if: python != nil, "needs python3 (its xml.etree is the independent XML parser)"))
    func anSVGOfANameWithEscapeIsWellFormedXML() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layout = try Self.hostileScene(in: dir), svg = dir + "/scene.svg"
        let render = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", layout, "--svg", svg], timeout: .seconds(20))
        #expect(render.status == 0, "\(render.errors)")

        // No raw control byte anywhere in the file but the line ends.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: svg))
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A }, "a raw control byte in the SVG")

        // A real XML parser reads it, and gives back each name as SafeText shows it:
        // ESC → ^[, BEL → ^G, newline → ^J, markup characters as themselves.
        let script = """
            import sys, xml.etree.ElementTree as E
            root = E.parse(sys.argv[1]).getroot()
            for t in root.iter('{http://www.w3.org/2000/svg}text'): print("text", t.text)
            for p in root.iter('{http://www.w3.org/2000/svg}polygon'):
                if p.get('class') == 'layer': print("layer", p.get('data-name'))
            """
        let parsed = try Subprocess.run(try #require(Self.python), ["-c", script, svg], timeout: .seconds(20))
        #expect(parsed.status == 0, "python3's XML parser refused the SVG: \(parsed.errors)")
        let first = "a^[[31mred^G <b>&\"'", second = "card^Jprint(\"INJECTED\") //"
        let lines = parsed.output.split(separator: "\n").map(String.init)
        // Every polygon carries its whole name, in drawing order.
        #expect(lines.filter { $0.hasPrefix("layer ") } == ["layer " + first, "layer " + second])
        // Every name written is one of them, whole or cut with "…" where the rest still names
        // only it (the label layout may shorten a name that does not fit).
        let texts = lines.filter { $0.hasPrefix("text ") }.map { String($0.dropFirst(5)) }
        #expect(!texts.isEmpty)
        for t in texts {
            let whole = t == first || t == second
            let cut = t.hasSuffix("…") && [first, second].filter { $0.hasPrefix(String(t.dropLast())) }.count == 1
            #expect(whole || cut, "\(t) is not one layer's name")
        }
    }

    @Test func theSwiftExportOfANameWithANewlineRunsNothing() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layout = try Self.hostileScene(in: dir)
        let export = try Subprocess.run(try LayerScopeProgram.requiredPath, ["export", layout, "--swift"], timeout: .seconds(20))
        #expect(export.status == 0, "\(export.errors)")
        let lines = export.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Every line is blank, a `//` comment, or one assignment to a plain identifier's
        // property: `print("INJECTED")` can be nowhere but inside a comment.
        for line in lines {
            let isComment = line.hasPrefix("//")
            let isAssignment = line.range(of: #"^[A-Za-z_][A-Za-z0-9_]*(\.layer)?\.[A-Za-z0-9]+ = "#, options: .regularExpression) != nil
            #expect(line.isEmpty || isComment || isAssignment, "not a comment or an assignment: \(line)")
            if line.contains("INJECTED") { #expect(isComment || line.hasPrefix("card_print__INJECTED_____."), "\(line)") }
        }
        // The name, in its comment, is one line with the newline shown as ^J; the note's CR
        // and U+2028 likewise stay inside their comment.
        #expect(lines.contains("// card^Jprint(\"INJECTED\") //: frame 120, 20, 60, 60 in its superlayer"))
        #expect(lines.contains("// note: one^Mtwo\\u{2028}three"))
        // The identifier keeps only what an identifier may hold: `card`, 1 newline, `print`, `(`,
        // `"`, `INJECTED`, `"`, `)`, ` `, `/`, `/` → card_print__INJECTED_____.
        #expect(lines.contains("card_print__INJECTED_____.position = CGPoint(x: 150, y: 50)"))
    }

    @Test func aRecordingNeverFollowsAPlantedSymbolicLink() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let victim = dir + "/victim.txt", cast = dir + "/demo.cast"
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: cast + ".partial", withDestinationPath: victim)

        let explorer = try TmuxSession(
            program: "/bin/sh",
            arguments: [
                "-c", "cd \"$0\" && exec \"$@\"", Self.packageRoot.path, try LayerScopeProgram.requiredPath,
                "Layouts/clock.json", "--record", cast
            ],
            columns: 200, rows: 30)
        defer { explorer.close() }
        #expect(try explorer.waitForExit() == 1)
        let screen = try explorer.waitFor("is a symbolic link")
        #expect(screen.contains("demo.cast.partial is a symbolic link (not following or overwriting it)"))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(!FileManager.default.fileExists(atPath: cast))
    }

    @Test func aRecordingThatCannotGrowEndsInAWholeEvent() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cast = dir + "/demo.cast"
        // A full disk, without root: the shell's file-size limit (16 blocks of 512 bytes in
        // dash, so 8 192 bytes) makes write(2) write what fits, then fail with EFBIG — the
        // same short write, then error, as ENOSPC. SIGXFSZ is ignored so the write fails
        // rather than killing the process. The first 80×24 frame alone is over 2 KB, and a
        // few redraws pass the limit.
        let explorer = try TmuxSession(
            program: "/bin/sh",
            arguments: [
                "-c", "cd \"$0\" && trap '' XFSZ && ulimit -f 16 && exec \"$@\"", Self.packageRoot.path,
                try LayerScopeProgram.requiredPath, "Layouts/clock.json", "--record", cast
            ],
            columns: 80, rows: 24)
        defer { explorer.close() }
        try explorer.waitFor(" LayerScope")
        // Redraw the whole screen (w: canvas ↔ full-width panel) until a redraw no longer
        // makes the partial file grow: the recording has stopped at the limit.
        func size() -> Int { (try? FileManager.default.attributesOfItem(atPath: cast + ".partial")[.size] as? Int) ?? 0 }
        var sizes = [size()]
        for round in 0..<40 {
            try explorer.sendKeys("w")
            _ = try explorer.waitUntil("the key echo") { $0.contains(round % 2 == 0 ? "key: w → show panel" : "key: w → show canvas") }
            sizes.append(size())
            if sizes.count >= 3, sizes.suffix(3).allSatisfy({ $0 == sizes.last }) { break }
        }
        try explorer.sendKeys("q")
        #expect(try explorer.waitForExit() == 1)
        // The message wraps at 80 columns: read the screen's rows as one text.
        let screen = try explorer.waitFor("--record").replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("layerscope: --record: writing \(cast).partial failed after"), "\(screen)")
        #expect(screen.contains("whole events only, is in \(cast).partial"), "\(screen)")

        // The recording stays .partial, within the limit, and every line is a whole
        // asciicast event: JSON that parses, the file ending in a newline.
        #expect(!FileManager.default.fileExists(atPath: cast))
        let data = try Data(contentsOf: URL(fileURLWithPath: cast + ".partial"))
        #expect(data.count <= 8192 && data.count > 0)
        #expect(data.last == 0x0A, "the recording ends in half a line")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count >= 2)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line.prefix(80))")
        }
    }
}
