import Foundation
import Testing
import TestSupport

/// The pixel canvas end to end (docs/picture.md, "Pixels"): `render --png` read back by an
/// independent PNG reader, `render --graphics` bytes, and the probe's silent choice of cells
/// inside tmux (the screen byte for byte what `--graphics none` draws).
@Suite(
    "Pixels end to end", .serialized,
    .enabled(
        if: LayerScopeProgram.path != nil,
        "needs the layerscope executable in \(BuiltProducts.folder.path) (run swift build)"))
struct PixelsEndToEndTests {
    /// Counts each colour's pixels in an 8-bit RGB PNG (zlib from Python's standard library).
    static let countColours = #"""
        import struct, sys, zlib
        data = open(sys.argv[1], "rb").read()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        pos, idat = 8, b""
        while pos < len(data):
            n, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            assert zlib.crc32(kind + body) & 0xffffffff == struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
            if kind == b"IHDR": w, h = struct.unpack(">II", body[:8])
            elif kind == b"IDAT": idat += body
            pos += 12 + n
        raw, stride, prev, counts = zlib.decompress(idat), w * 3, bytearray(w * 3), {}
        for y in range(h):
            f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            assert f in (0, 2), "filter %d" % f
            if f == 2:
                for i in range(stride): line[i] = (line[i] + prev[i]) & 255
            for x in range(w):
                c = "%02x%02x%02x" % tuple(line[3 * x:3 * x + 3])
                counts[c] = counts.get(c, 0) + 1
            prev = line
        print("size %d %d" % (w, h))
        for c in ("ff0000", "0000ff"): print(c, counts.get(c, 0))
        """#

    @Test func renderPNGDrawsEachLayerAtItsArea() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-px-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let layout = dir.appendingPathComponent("scene.json").path
        // red 60 × 40 = 2 400 square points, blue 60 × 60 turned 45° = 3 600: in pixels blue
        // covers 1.5 times red's area whatever the zoom (less their one-pixel outlines and
        // anti-aliased rims, which are not pure). The selection's marks are on `dot`, away from both.
        try """
        { "screen": { "width": 200, "height": 100 },
          "layers": [
            { "name": "red", "bounds": [0, 0, 60, 40], "position": [50, 50], "backgroundColor": "#ff0000" },
            { "name": "blue", "bounds": [0, 0, 60, 60], "position": [150, 50], "transform": [{ "rotate": 45 }], "backgroundColor": "#0000ff" },
            { "name": "dot", "bounds": [0, 0, 4, 4], "position": [8, 92] }
          ] }
        """.write(toFile: layout, atomically: true, encoding: .utf8)
        let png = dir.appendingPathComponent("scene.png").path, script = dir.appendingPathComponent("count.py").path
        try Self.countColours.write(toFile: script, atomically: true, encoding: .utf8)
        let render = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", layout, "--size", "80x24", "--png", png, "--script", "select dot"])
        #expect(render.status == 0 && render.output.isEmpty, "\(render.errors)")
        let counted = try Subprocess.run("/usr/bin/python3", [script, png])
        #expect(counted.status == 0, "\(counted.errors)")
        var figures: [String: Int] = [:]
        for line in counted.output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts[0] == "size" { #expect(Int(parts[1])! % 10 == 0 && Int(parts[2])! % 20 == 0) } else { figures[String(parts[0])] = Int(parts[1]) }
        }
        let red = Double(figures["ff0000"] ?? 0), blue = Double(figures["0000ff"] ?? 0)
        #expect(red > 1000, "red: \(red) pixels")
        #expect(blue / red > 1.35 && blue / red < 1.6, "blue ÷ red = \(blue / red)")
    }

    @Test func renderGraphicsWritesTheFrameWithItsImage() throws {
        let kitty = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", "--size", "80x24", "--graphics", "kitty"])
        #expect(kitty.status == 0)
        #expect(kitty.output.contains("\u{1B}_Ga=T,f=100,i=1,q=2,C=1,c=80,r=21,z=-1,m=1;iVBORw0KGgo"), "a PNG, chunked, placed over the canvas")
        let sixel = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", "--size", "80x24", "--graphics", "sixel"])
        #expect(sixel.status == 0)
        #expect(sixel.output.contains("\u{1B}P0;1;0q\"1;1;800;420"))
        let bad = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", "--png", "/tmp/x.png", "--cell-size", "10by20"])
        #expect(bad.status != 0 && bad.errors.contains("--cell-size 10by20: expected WxH"))
    }

    /// Inside tmux `auto` asks nothing and draws cells: the screen is what `--graphics none`
    /// draws, character for character and colour for colour.
    @Test func insideTmuxAutoIsCellsAsBefore() throws {
        func screen(_ extra: [String]) throws -> String {
            let session = try TmuxSession(
                program: try LayerScopeProgram.requiredPath, arguments: [Self.layout("clock.json")] + extra,
                columns: 100, rows: 30)
            defer { session.close() }
            _ = try session.waitFor("press ? for the keys")
            return try session.captureWithStyles()
        }
        let auto = try screen([])
        let none = try screen(["--graphics", "none"])
        #expect(auto == none)
        #expect(!auto.contains("graphics:"))
    }

    static func layout(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("Layouts/\(name)").path
    }
}
