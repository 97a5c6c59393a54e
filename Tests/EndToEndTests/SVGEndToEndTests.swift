import Foundation
import Testing
import TestSupport

let rsvgConvertPath: String? = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// `render --svg`: the picture, drawn by a real SVG renderer (rsvg-convert, Debian's
/// librsvg2-bin), has the expected colours at points worked out by hand.
@Suite(.enabled(if: rsvgConvertPath != nil, "rsvg-convert is not installed (apt-get install librsvg2-bin)"))
struct SVGEndToEndTests {
    static var rsvgConvert: String? { rsvgConvertPath }

    /// A tiny PNG reader (zlib from Python's standard library): prints `x,y rrggbb` per point.
    static let pngPixel = #"""
        #!/usr/bin/env python3
        """Prints the RGB of pixels of an 8-bit RGB/RGBA PNG (what rsvg-convert writes): png_pixel.py FILE X,Y ..."""
        import struct, sys, zlib

        def read(path):
            data = open(path, "rb").read()
            assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
            pos, idat, width = 8, b"", 0
            while pos < len(data):
                length, kind = struct.unpack(">I4s", data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + length]
                if kind == b"IHDR":
                    width, height, depth, color = struct.unpack(">IIBB", body[:10])
                    assert depth == 8 and color in (2, 6), "expected 8-bit RGB or RGBA"
                    bpp = 4 if color == 6 else 3
                elif kind == b"IDAT":
                    idat += body
                pos += 12 + length
            raw, stride, rows = zlib.decompress(idat), width * bpp, []
            prev = bytearray(stride)
            for y in range(height):
                f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
                for i in range(stride):
                    a = line[i - bpp] if i >= bpp else 0
                    b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                    if f == 1: line[i] = (line[i] + a) & 255
                    elif f == 2: line[i] = (line[i] + b) & 255
                    elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                    elif f == 4:
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(line)
                prev = line
            return rows, bpp

        rows, bpp = read(sys.argv[1])
        for arg in sys.argv[2:]:
            x, y = map(int, arg.split(","))
            print("%d,%d %02x%02x%02x" % (x, y, *rows[y][x * bpp:x * bpp + 3]))
        """#

    @Test func eachLayerIsItsTrueQuadInItsColour() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-svg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let layout = dir.appendingPathComponent("scene.json").path
        try """
        { "screen": { "width": 200, "height": 100 },
          "layers": [
            { "name": "red", "bounds": [0, 0, 60, 40], "position": [50, 50], "backgroundColor": "#ff0000" },
            { "name": "blue", "bounds": [0, 0, 60, 60], "position": [150, 50], "transform": [{ "rotate": 45 }], "backgroundColor": "#0000ff" }
          ] }
        """.write(toFile: layout, atomically: true, encoding: .utf8)
        let svg = dir.appendingPathComponent("scene.svg").path, png = dir.appendingPathComponent("scene.png").path
        let reader = dir.appendingPathComponent("png_pixel.py").path
        try Self.pngPixel.write(toFile: reader, atomically: true, encoding: .utf8)

        let render = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", layout, "--svg", svg])
        #expect(render.status == 0 && render.output.isEmpty)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains(">red</text>") && text.contains(">blue</text>"))
        let convert = try Subprocess.run(try #require(Self.rsvgConvert), ["-f", "png", "-o", png, svg])
        #expect(convert.status == 0)
        // One SVG unit is one pixel. red: 60×40 about (50, 50) → x 20…80, y 30…70.
        // blue: 60×60 turned 45° about (150, 50) is a diamond |dx| + |dy| ≤ 30√2 ≈ 42.4.
        // (112, 12) is inside blue's axis-aligned frame (107.6…192.4) but outside the
        // diamond (38 + 38 = 76): the true quad is drawn, not the frame.
        let points = ["30,60", "78,35", "18,50", "150,12", "185,50", "112,12", "150,95", "150,50"]
        let result = try Subprocess.run("/usr/bin/python3", [reader, png] + points)
        #expect(result.status == 0, "\(result.errors)")
        let colours = Dictionary(
            uniqueKeysWithValues: result.output.split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: " ")
                return (String(parts[0]), String(parts[1]))
            })
        #expect(colours["30,60"] == "ff0000")
        #expect(colours["78,35"] == "ff0000")
        #expect(colours["18,50"] == "ffffff")
        #expect(colours["150,12"] == "0000ff")
        #expect(colours["185,50"] == "0000ff")
        #expect(colours["112,12"] == "ffffff")
        #expect(colours["150,95"] == "ffffff")
        #expect(colours["150,50"] == "e0245e", "the position mark")
    }

    /// The repository's Layouts folder (beside Tests/).
    static func layout(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("Layouts/\(name)").path
    }

    /// z-order.json: green (120 × 120 at (120, 110): x 60…180, y 50…170) has zPosition 1,
    /// red (x 120…240, y 90…210) was added after it. Core Animation draws green on top, so in
    /// the overlap x 120…180, y 90…170 — at (150, 130) and (130, 160) — the picture is green
    /// (#008000); red only outside it, at (200, 190).
    @Test func zPositionDecidesWhatIsOnTop() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-svg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("z.svg").path, png = dir.appendingPathComponent("z.png").path
        let reader = dir.appendingPathComponent("png_pixel.py").path
        try Self.pngPixel.write(toFile: reader, atomically: true, encoding: .utf8)
        let render = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", Self.layout("z-order.json"), "--svg", svg])
        #expect(render.status == 0)
        let convert = try Subprocess.run(try #require(Self.rsvgConvert), ["-f", "png", "-o", png, svg])
        #expect(convert.status == 0)
        let result = try Subprocess.run("/usr/bin/python3", [reader, png, "150,130", "130,160", "200,190"])
        #expect(result.output.contains("150,130 008000"), "\(result.output)")
        #expect(result.output.contains("130,160 008000"), "\(result.output)")
        #expect(result.output.contains("200,190 ff0000"), "\(result.output)")
    }

    /// The names' text boxes never overlap (the clock's four names used to be written on one
    /// point, the hands' common position). A name box: from x, as many 5-unit cells as its
    /// characters, from its baseline − 8 to + 2 (the font is 8 units, monospace 4.8 wide).
    @Test(arguments: ["clock.json", "tour.json", "popup.json", "z-order.json", "parity.yaml", "untouchable.json"])
    func namesNeverOverlap(file: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-svg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("s.svg").path
        let render = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", Self.layout(file), "--svg", svg])
        #expect(render.status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"<text class="name" x="([-0-9.e]+)" y="([-0-9.e]+)"[^>]*font-size="([0-9.e]+)"[^>]*>([^<]*)</text>"#)
        var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double, name: String)] = []
        for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            func g(_ i: Int) -> String { String(text[Range(m.range(at: i), in: text)!]) }
            let x = Double(g(1))!, y = Double(g(2))!, size = Double(g(3))!
            let advance = size * 5 / 8
            boxes.append((x, y - size, x + Double(g(4).count) * advance, y + size / 4, g(4)))
        }
        #expect(boxes.count >= 2, "\(file): \(boxes.count) names")
        for i in boxes.indices {
            for j in boxes.indices where i < j {
                let a = boxes[i], b = boxes[j]
                let overlap = a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
                #expect(!overlap, "\(file): \(a.name) and \(b.name) overlap")
            }
        }
    }
}
