import Foundation
import Testing

private let xtermTools: Bool = ["/usr/bin/Xvfb", "/usr/bin/xterm", "/usr/bin/xwd"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

/// The pixel canvas in a real terminal (docs/picture.md, "Pixels"): xterm as a VT340 under
/// Xvfb. The explorer asks (`--graphics auto`), xterm's DA1 lists 4, the status line says
/// sixel, and a screenshot (`xwd`) of the canvas is the picture `render --png` draws for the
/// cell size xterm reported (6 × 13, the `fixed` font), pixel for pixel away from the names.
@Suite(
    "xterm sixel end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil && xtermTools, "needs layerscope, Xvfb, xterm and xwd (apt-get install xvfb xterm x11-apps)"))
struct XtermSixelEndToEndTests {
    /// Reads an XWD screenshot (32-bit ZPixmap, Xvfb's) and a PNG (8-bit RGB, Up or no
    /// filter), then compares the PNG with the screenshot's rectangle at (X, Y): of the
    /// pixels whose 3 × 3 neighbourhood is one colour in the PNG (away from edges), the share
    /// within 2/255 on every channel; and the IoU of the blue fill's pixels in both.
    static let compare = #"""
        import struct, sys, zlib
        xwd = open(sys.argv[1], "rb").read()
        h = struct.unpack(">25I", xwd[:100])
        bpl, ncol, sw = h[12], h[19], h[4]
        shot = xwd[h[0] + ncol * 12:]
        data = open(sys.argv[2], "rb").read()
        pos, idat = 8, b""
        while pos < len(data):
            n, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            if kind == b"IHDR": w, hh = struct.unpack(">II", body[:8])
            elif kind == b"IDAT": idat += body
            pos += 12 + n
        raw, stride, prev, png = zlib.decompress(idat), w * 3, bytearray(w * 3), []
        for y in range(hh):
            f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            if f == 2:
                for i in range(stride): line[i] = (line[i] + prev[i]) & 255
            png.append(line); prev = line
        X, Y = int(sys.argv[3]), int(sys.argv[4])
        def at_png(x, y): return tuple(png[y][3 * x:3 * x + 3])
        def at_shot(x, y):
            o = (Y + y) * bpl + (X + x) * (h[11] // 8)  # bits per pixel, from the header
            b, g, r = shot[o], shot[o + 1], shot[o + 2]
            return (r, g, b)
        flat = good = 0
        inter = union = 0
        blue = (0x45, 0x8a, 0xdc) if len(sys.argv) < 6 else tuple(int(sys.argv[5][i:i + 2], 16) for i in (0, 2, 4))
        def near(a, b, d): return all(abs(p - q) <= d for p, q in zip(a, b))
        for y in range(1, hh - 1):
            for x in range(1, w - 1):
                c = at_png(x, y)
                s = at_shot(x, y)
                a, b = near(c, blue, 2), near(s, blue, 2)
                inter += a and b; union += a or b
                if all(at_png(x + dx, y + dy) == c for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                    flat += 1
                    good += near(c, s, 2)
        print("flat %d good %d share %.4f blue-iou %.4f blue %d" % (flat, good, good / max(1, flat), inter / max(1, union), union))
        """#

    /// The screenshot tests' scene (this one's and kitty's): red flat, blue turned 33°, and
    /// the selection's marks on `dot`, away from both; written as `scene.json` in `dir`.
    static func writeScene(in dir: URL) throws -> String {
        let scene = dir.appendingPathComponent("scene.json").path
        try """
        { "screen": { "width": 200, "height": 100 },
          "layers": [
            { "name": "red", "bounds": [0, 0, 60, 40], "position": [50, 50], "backgroundColor": "#ff0000" },
            { "name": "blue", "bounds": [0, 0, 60, 60], "position": [150, 50], "transform": [{ "rotate": 33 }], "backgroundColor": "#2060e0" },
            { "name": "dot", "bounds": [0, 0, 4, 4], "position": [8, 92] }
          ] }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        return scene
    }

    @Test func theCanvasOnScreenIsThePicture() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-xterm-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try XtermSixelEndToEndTests.writeScene(in: dir)
        let program = try LayerScopeProgram.requiredPath
        // The picture expected for xterm's `fixed` font (6 × 13 cells), drawn headless.
        let expected = dir.appendingPathComponent("expected.png").path
        let render = try Subprocess.run(
            program,
            [
                "render", scene, "--size", "80x24", "--png", expected, "--cell-size", "6x13",
                "--theme", "dark", "--script", "select dot"
            ])
        #expect(render.status == 0, "\(render.errors)")

        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = xvfb.display
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        environment.removeValue(forKey: "NO_COLOR")
        var log = ""
        // The screenshot is polled until the picture is there (a few seconds), so the deadline
        // costs nothing when it comes; it is generous for the whole suite's load on 2 cores.
        let (xterm, first, reports) = try TerminalOnXvfb.startRunningTheExplorer(
            { number in
                log = dir.appendingPathComponent("xterm-\(number).log").path
                return try TerminalOnXvfb(
                    executable: "/usr/bin/xterm",
                    arguments: [
                        "-ti", "vt340", "-geometry", "80x24+0+0", "-fn", "fixed", "-bw", "0", "-b", "0",
                        "-xrm", "XTerm*allowWindowOps: true", "-xrm", "XTerm*decTerminalID: vt340",
                        // What the explorer wrote, logged by xterm: on a failure the status line says why.
                        "-l", "-lf", log
                    ],
                    commandFlag: ["-e"], command: [program, scene, "--graphics", "auto", "--theme", "dark", "--script", "select dot"],
                    environment: environment, display: xvfb.display, dir: dir, name: "xterm-\(number)")
            },
            firstPicture: { xterm in
                // The canvas starts on row 1: (0, 13) on screen.
                try xterm.canvasBecomes(expected, top: 13, deadline: xterm.begun.addingTimeInterval(45), dir: dir)
            })
        defer { xterm.stop() }
        let why = (reports + [first.output, xterm.report, Self.textOf(log: log)]).joined(separator: "\n")
        // Flat pixels: the names' plaques (text cells over the image) are the rest.
        #expect(first.share >= 0.95, "\(why)")
        #expect(first.iou >= 0.98, "\(first.output)")
    }
}

extension XtermSixelEndToEndTests {
    /// The text the explorer wrote (xterm's log with its escape sequences taken out; a sixel
    /// image or other string as `<DCS n bytes>`), for a failure's message: the status line
    /// says which protocol was chosen and why.
    static func textOf(log path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "(no xterm log at \(path))" }
        let bytes = Array(data)
        var text: [UInt8] = [], i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else {
                if bytes[i] >= 0x20 { text.append(bytes[i]) }
                i += 1
                continue
            }
            let kind = bytes[i + 1]
            i += 2
            if kind == UInt8(ascii: "P") || kind == UInt8(ascii: "_") {
                // A string to its terminator, ESC \.
                let start = i
                while i + 1 < bytes.count && !(bytes[i] == 0x1B && bytes[i + 1] == UInt8(ascii: "\\")) { i += 1 }
                text += Array(" <\(kind == UInt8(ascii: "P") ? "DCS" : "APC") \(i - start) bytes> ".utf8)
                i += 2
            } else if kind == UInt8(ascii: "[") {
                while i < bytes.count && !(0x40...0x7E).contains(bytes[i]) { i += 1 }
                i += 1
                text.append(UInt8(ascii: " "))
            }
        }
        let words = String(decoding: text, as: UTF8.self).split(separator: " ").joined(separator: " ")
        return "what the explorer wrote (\(bytes.count) bytes, escapes out): " + String(words.suffix(1500))
    }
}
