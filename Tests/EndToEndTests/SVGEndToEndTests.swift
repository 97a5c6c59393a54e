import Foundation
import Testing

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
        let colours = Dictionary(uniqueKeysWithValues: result.output.split(separator: "\n").map { line -> (String, String) in
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
}
