import Cells
import Foundation
import Graphics
import Testing

/// Decoders written for the tests, independent of the encoders: PNG through python3's zlib
/// (a subprocess), base64 and sixel by hand.
enum Decode {
    /// A PNG's pixels, decoded by python3 (zlib, every PNG filter), CRCs checked.
    static func png(_ bytes: [UInt8]) throws -> PixelImage {
        let script = #"""
            import struct, sys, zlib
            data = sys.stdin.buffer.read()
            assert data[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
            pos, idat, w, h = 8, b'', 0, 0
            while pos < len(data):
                n, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + n]
                crc, = struct.unpack('>I', data[pos + 8 + n:pos + 12 + n])
                assert zlib.crc32(kind + body) & 0xffffffff == crc, 'crc of ' + kind.decode()
                if kind == b'IHDR':
                    w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
                    assert depth == 8 and ctype == 2, 'expected 8-bit RGB'
                elif kind == b'IDAT':
                    idat += body
                pos += 12 + n
            raw = zlib.decompress(idat)
            stride = 3 * w
            out, prev = bytearray(), bytearray(stride)
            for y in range(h):
                f = raw[y * (stride + 1)]
                line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
                for x in range(stride):
                    a = line[x - 3] if x >= 3 else 0
                    b = prev[x]
                    c = prev[x - 3] if x >= 3 else 0
                    if f == 1: line[x] = (line[x] + a) & 255
                    elif f == 2: line[x] = (line[x] + b) & 255
                    elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                    elif f == 4:
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
                out += line
                prev = line
            sys.stdout.buffer.write(struct.pack('>II', w, h) + bytes(out))
            """#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input; process.standardOutput = output; process.standardError = errors
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close()
        }
        writer.start()
        let result = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0, result.count >= 8 else {
            throw DecodeError(message: "python3 could not decode the PNG: \(message)")
        }
        let w = Int(result[0]) << 24 | Int(result[1]) << 16 | Int(result[2]) << 8 | Int(result[3])
        let h = Int(result[4]) << 24 | Int(result[5]) << 16 | Int(result[6]) << 8 | Int(result[7])
        var pixels: [UInt32] = []
        pixels.reserveCapacity(w * h)
        var i = 8
        while i + 2 < result.count { pixels.append(UInt32(result[i]) << 16 | UInt32(result[i + 1]) << 8 | UInt32(result[i + 2])); i += 3 }
        return PixelImage(width: w, height: h, pixels: pixels)
    }

    struct DecodeError: Error { var message: String }

    static func base64(_ text: [UInt8]) -> [UInt8] {
        var table = [Int](repeating: -1, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(c)] = i }
        var out: [UInt8] = [], acc = 0, bits = 0
        for c in text where c != UInt8(ascii: "=") {
            acc = acc << 6 | table[Int(c)]; bits += 6
            if bits >= 8 { bits -= 8; out.append(UInt8(acc >> bits & 0xFF)) }
        }
        return out
    }

    /// A sixel DCS string's picture: raster attributes, palette (percent), `#` `!` `$` `-`.
    static func sixel(_ bytes: [UInt8]) -> PixelImage {
        var i = 0
        // Skip "ESC P … q".
        while i < bytes.count && bytes[i] != UInt8(ascii: "q") { i += 1 }
        i += 1
        func number() -> Int {
            var v = 0
            while i < bytes.count, (48...57).contains(bytes[i]) { v = v * 10 + Int(bytes[i] - 48); i += 1 }
            return v
        }
        var w = 0, h = 0
        if bytes[i] == UInt8(ascii: "\"") {
            i += 1; _ = number(); i += 1; _ = number(); i += 1; w = number(); i += 1; h = number()
        }
        var image = PixelImage(width: w, height: h, fill: 0xFF00FF)
        var palette: [Int: UInt32] = [:]
        var color: UInt32 = 0, x = 0, band = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x1B { break }
            if c == UInt8(ascii: "#") {
                i += 1
                let k = number()
                if i < bytes.count, bytes[i] == UInt8(ascii: ";") {
                    i += 1; _ = number(); i += 1
                    let r = number(); i += 1
                    let g = number(); i += 1
                    let b = number()
                    func level(_ p: Int) -> UInt32 { UInt32((p * 255 + 50) / 100) }
                    palette[k] = level(r) << 16 | level(g) << 8 | level(b)
                } else {
                    color = palette[k] ?? 0
                }
                continue
            }
            var count = 1
            var sixel = c
            if c == UInt8(ascii: "!") { i += 1; count = number(); sixel = bytes[i] }
            if sixel == UInt8(ascii: "$") { x = 0; i += 1; continue }
            if sixel == UInt8(ascii: "-") { x = 0; band += 1; i += 1; continue }
            if (63...126).contains(sixel) {
                let m = Int(sixel - 63)
                for _ in 0..<count {
                    for r in 0..<6 where m & (1 << r) != 0 {
                        let y = band * 6 + r
                        if x < w && y < h { image[x, y] = color }
                    }
                    x += 1
                }
            }
            i += 1
        }
        return image
    }
}

@Suite struct GraphicsTests {
    /// A test picture: a flat backdrop, two flat fills and a band of anti-aliased blends
    /// (more distinct colours than a sixel palette holds).
    static func picture(width: Int = 61, height: Int = 37) -> PixelImage {
        var image = PixelImage(width: width, height: height, fill: 0x101820)
        for y in 0..<height {
            for x in 0..<width {
                if x >= 10 && x < 30 && y >= 5 && y < 25 { image[x, y] = 0x2850DC }
                if x >= 35 && y >= 12 { image[x, y] = 0xDC2828 }
                if y == height - 1 { image[x, y] = UInt32(x * 4 & 0xFF) << 16 | UInt32(x * 3 & 0xFF) << 8 | UInt32(255 - x & 0xFF) }
                if x == width - 1 { image[x, y] = UInt32(y * 6 & 0xFF) << 8 | 0x40 }
            }
        }
        // 300 more blends along the top five rows.
        for k in 0..<min(300, width * 5) { image[k % width, k / width] = 0x800000 | UInt32(k) }
        return image
    }

    @Test func pngRoundTripsThroughAnIndependentDecoder() throws {
        let image = Self.picture()
        let decoded = try Decode.png(PNG.encode(image))
        #expect(decoded == image)
        // Every compression level writes the same picture.
        #expect(try Decode.png(PNG.encode(image, level: 1)) == image)
        // A 1 × 1 and an empty-width file are still valid.
        #expect(try Decode.png(PNG.encode(PixelImage(width: 1, height: 1, fill: 0xABCDEF))) == PixelImage(width: 1, height: 1, fill: 0xABCDEF))
    }

    @Test func base64MatchesRFC4648() {
        // RFC 4648 §10's vectors.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(String(decoding: Base64.encode(Array(plain.utf8)), as: UTF8.self) == encoded)
        }
    }

    /// Splits kitty APC sequences into (control keys, payload).
    static func kittyCommands(_ bytes: [UInt8]) -> [([String: String], [UInt8])] {
        var out: [([String: String], [UInt8])] = []
        var i = 0
        while i + 2 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "_"), bytes[i + 2] == UInt8(ascii: "G") else { i += 1; continue }
            var e = i + 3
            while !(bytes[e] == 0x1B && bytes[e + 1] == 0x5C) { e += 1 }
            let body = Array(bytes[(i + 3)..<e])
            let semi = body.firstIndex(of: UInt8(ascii: ";")) ?? body.count
            var keys: [String: String] = [:]
            for pair in String(decoding: body[..<semi], as: UTF8.self).split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                keys[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
            }
            out.append((keys, semi < body.count ? Array(body[(semi + 1)...]) : []))
            i = e + 2
        }
        return out
    }

    @Test func kittyTransmitsAPNGInChunksOf4096AndDecodesBack() throws {
        let image = Self.picture(width: 400, height: 300)
        let bytes = Kitty.transmitAndPlace(image, id: 7, columns: 40, rows: 15)
        let commands = Self.kittyCommands(bytes)
        #expect(commands.count >= 2, "a picture this size needs several chunks")
        let first = commands[0].0
        #expect(first["a"] == "T" && first["f"] == "100" && first["i"] == "7" && first["q"] == "2" && first["C"] == "1")
        #expect(first["c"] == "40" && first["r"] == "15" && first["z"] == "-1")
        for (n, (keys, payload)) in commands.enumerated() {
            #expect(payload.count <= 4096)
            #expect(keys["m"] == (n + 1 < commands.count ? "1" : "0"))
            if n > 0 { #expect(keys.count == 1, "later chunks carry m only") }
            if n + 1 < commands.count { #expect(payload.count % 4 == 0 && payload.count == 4096) }
        }
        let png = Decode.base64(commands.flatMap(\.1))
        #expect(try Decode.png(png) == image)
    }

    @Test func kittyPlacesAndDeletesById() {
        #expect(String(decoding: Kitty.place(id: 3, columns: 10, rows: 4), as: UTF8.self) == "\u{1B}_Ga=p,i=3,q=2,C=1,c=10,r=4,z=-1\u{1B}\\")
        #expect(String(decoding: Kitty.delete(id: 3), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=3,q=2\u{1B}\\")
        let query = Self.kittyCommands(Kitty.query(id: 31))
        #expect(query.count == 1 && query[0].0["a"] == "q" && query[0].0["t"] == "d" && Decode.base64(query[0].1) == [0, 0, 0])
    }

    @Test func sixelDecodesToThePictureWithinPaletteRounding() {
        let image = Self.picture()
        let (palette, _) = Sixel.quantize(image)
        #expect(palette.count == Sixel.maxColors)
        let decoded = Decode.sixel(Sixel.encode(image))
        #expect(decoded.width == image.width && decoded.height == image.height)
        var exact = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image.rgb(x: x, y: y), b = decoded.rgb(x: x, y: y)
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                if palette.contains(image[x, y]) {
                    // A kept colour: percent levels round to within 2/255.
                    #expect(d <= 2, "(\(x), \(y)): \(image[x, y]) came back as \(decoded[x, y])")
                    exact += 1
                } else {
                    // A dropped blend: the nearest kept colour, never the magenta of "not drawn".
                    #expect(decoded[x, y] != 0xFF00FF)
                }
            }
        }
        // The flat fills and the backdrop are kept (82% of the pixels), and the commonest of
        // the 398 other colours: most pixels come back within palette rounding.
        #expect([0x101820, 0x2850DC, 0xDC2828].allSatisfy(palette.contains))
        #expect(exact > image.width * image.height * 85 / 100)
    }

    @Test func sixelOfFewColoursKeepsThemAll() {
        var image = PixelImage(width: 13, height: 14, fill: 0)
        for y in 3..<11 { for x in 2..<9 { image[x, y] = 0xFFFFFF } }
        let (palette, indices) = Sixel.quantize(image)
        #expect(Set(palette) == [0, 0xFFFFFF])
        #expect(indices.count == 13 * 14)
        #expect(Decode.sixel(Sixel.encode(image)) == image)
    }

    @Test func probeReadsTheAnswers() {
        let kitty = GraphicsProbe.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.39.1)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c".utf8))
        #expect(kitty.kitty && kitty.answered && !kitty.sixel)
        #expect(kitty.version == "kitty(0.39.1)")
        #expect(kitty.cellSize! == (10, 20))
        let xterm = GraphicsProbe.parse(Array("\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[4;480;800t\u{1B}[?63;1;2;4;6;9;15;22c".utf8))
        #expect(!xterm.kitty && xterm.sixel && xterm.answered)
        #expect(xterm.cellSize == nil)
        // 800 × 480 pixels over 80 × 24 cells.
        #expect(xterm.cellPixels(columns: 80, rows: 24) == (10, 20))
        // A kitty error reply is not OK; DA1 without 4 is no sixel.
        let plain = GraphicsProbe.parse(Array("\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\\u{1B}[?1;2c".utf8))
        #expect(!plain.kitty && !plain.sixel && plain.answered)
        #expect(plain.cellPixels(columns: 80, rows: 24) == (10, 20))
        #expect(!GraphicsProbe.parse([]).answered)
    }

    @Test func chooseFollowsTheRules() {
        var both = GraphicsProbe(); both.kitty = true; both.sixel = true; both.answered = true
        var sixel = GraphicsProbe(); sixel.sixel = true; sixel.answered = true
        var none = GraphicsProbe(); none.answered = true
        let env = ["TERM": "xterm-256color"]
        #expect(GraphicsProbe.choose(.auto, probe: both, environment: env, asciiMode: false).0 == .kitty)
        #expect(GraphicsProbe.choose(.auto, probe: sixel, environment: env, asciiMode: false).0 == .sixel)
        #expect(GraphicsProbe.choose(.auto, probe: none, environment: env, asciiMode: false).0 == .cells)
        #expect(GraphicsProbe.choose(.auto, probe: none, environment: ["TERM_PROGRAM": "iTerm.app"], asciiMode: false).0 == .iterm)
        #expect(GraphicsProbe.choose(.auto, probe: nil, environment: env, asciiMode: false).0 == .cells)
        #expect(
            GraphicsProbe.choose(.auto, probe: both, environment: ["TMUX": "/tmp/x,1,0"], asciiMode: false) == (
                .cells, "cells (inside tmux: tmux did not answer)"
            ))
        #expect(GraphicsProbe.choose(.auto, probe: both, environment: ["NO_COLOR": "1"], asciiMode: false).0 == .cells)
        #expect(GraphicsProbe.choose(.kitty, probe: nil, environment: ["TERM": "dumb"], asciiMode: false).0 == .cells)
        #expect(GraphicsProbe.choose(.sixel, probe: nil, environment: env, asciiMode: true).0 == .cells)
        #expect(GraphicsProbe.choose(.sixel, probe: nil, environment: env, asciiMode: false).0 == .sixel)
        #expect(GraphicsProbe.choose(.none, probe: both, environment: env, asciiMode: false).0 == .cells)
    }
}
