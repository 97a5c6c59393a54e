import Cells
import Foundation
import Testing

private let kittyTmuxTools: Bool = ["/usr/bin/Xvfb", "/usr/bin/kitty", "/usr/bin/xwd", "/usr/bin/tmux"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Inside tmux, under kitty (docs/picture.md, "Inside tmux"): kitty under Xvfb with software
/// GL runs tmux (its own server, `allow-passthrough` on or off), which runs the explorer.
/// The explorer asks tmux, then kitty through tmux's passthrough, and chooses:
/// - kitty 0.26.5 (this machine's) has no Unicode placeholders (they came in 0.28): it
///   answers the kitty query through tmux but not the placeholder query, and logs that it
///   rejected the `U` key — so cells, and the status line says exactly that;
/// - a kitty with placeholders: placeholders, and the screenshot's canvas is `render --png`'s
///   picture (this branch cannot run here: say so when it is skipped);
/// - `allow-passthrough` off: cells, and the status line says why;
/// - `--graphics kitty` (placeholders asked for by name): tmux keeps the placeholder cells
///   as text in its grid — U+10EEEE with the row and column marks, in the id's colour —
///   and the image reached kitty through the passthrough (0.26.5 rejects it: its log says so).
@Suite(
    "kitty in tmux end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil && kittyTmuxTools, "needs layerscope, Xvfb, kitty, xwd and tmux"))
struct KittyTmuxEndToEndTests {
    /// kitty, tmux and the explorer, started; `close()` stops them.
    final class Stack {
        let dir: URL
        let display: String
        let socket: String
        let xvfb: XvfbServer
        var kitty: Process?
        let environment: [String: String]
        let kittyLog: String

        init(passthrough: Bool, arguments: [String]) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-kitty-tmux-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            socket = "ls-kitty-tmux-\(getpid())-\(UUID().uuidString.prefix(6))"
            kittyLog = dir.appendingPathComponent("kitty.log").path
            xvfb = try XvfbServer()
            display = xvfb.display
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            environment["LANG"] = "C.UTF-8"
            environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
            for name in ["TMUX", "TMUX_PANE", "NO_COLOR", "COLORTERM", "KITTY_WINDOW_ID", "KITTY_LISTEN_ON"] { environment.removeValue(forKey: name) }
            self.environment = environment
            let config = dir.appendingPathComponent("tmux.conf").path
            try """
            set -g default-terminal tmux-256color
            set -g status off
            set -g escape-time 0
            set -g remain-on-exit on
            set -g allow-passthrough \(passthrough ? "on" : "off")

            """.write(toFile: config, atomically: true, encoding: .utf8)
            let command = (try [LayerScopeProgram.requiredPath] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
                .joined(separator: " ")
            _ = FileManager.default.createFile(atPath: kittyLog, contents: nil)
            let kitty = Process()
            kitty.executableURL = URL(fileURLWithPath: "/usr/bin/kitty")
            kitty.environment = environment
            kitty.arguments = [
                "--config", "NONE", "-o", "linux_display_server=x11", "-o", "font_size=10", "-o", "window_padding_width=0",
                "-o", "initial_window_width=640", "-o", "initial_window_height=408", "-o", "remember_window_size=no",
                "-o", "update_check_interval=0",
                "/usr/bin/tmux", "-L", socket, "-f", config, "new-session", command
            ]
            kitty.standardOutput = FileHandle.nullDevice
            kitty.standardError = FileHandle(forWritingAtPath: kittyLog)
            try kitty.run()
            self.kitty = kitty
        }

        func close() {
            _ = try? Subprocess.run("/usr/bin/tmux", ["-L", socket, "kill-server"], timeout: .seconds(10))
            if let kitty { XvfbServer.stop(kitty) }
            xvfb.stop()
            try? FileManager.default.removeItem(at: dir)
        }

        /// The pane's text (with `styles`, its SGR codes too); "" until tmux is up.
        func capture(styles: Bool = false) -> String {
            let result = try? Subprocess.run("/usr/bin/tmux", ["-L", socket, "capture-pane", "-p"] + (styles ? ["-e"] : []), timeout: .seconds(10))
            return result.map { $0.status == 0 ? $0.output : "" } ?? ""
        }

        /// The pane's text with its lines joined by spaces and runs of spaces made one (the
        /// status line wraps a long reason over two rows).
        static func flat(_ text: String) -> String {
            text.split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ")
        }

        /// Polls the pane until `test` holds for its text, or 40 s.
        func waitFor(styles: Bool = false, _ test: (String) -> Bool) -> String {
            let deadline = Date().addingTimeInterval(40)
            var text = ""
            while Date() < deadline {
                text = capture(styles: styles)
                if test(text) { return text }
                usleep(100_000)
            }
            return text
        }

        var log: String { (try? String(contentsOfFile: kittyLog, encoding: .utf8)) ?? "" }
    }

    static func scene(in dir: URL) throws -> String {
        let scene = dir.appendingPathComponent("scene.json").path
        try """
        { "screen": { "width": 200, "height": 100 },
          "layers": [
            { "name": "red", "bounds": [0, 0, 60, 40], "position": [50, 50], "backgroundColor": "#ff0000" },
            { "name": "blue", "bounds": [0, 0, 60, 60], "position": [150, 50], "transform": [{ "rotate": 33 }], "backgroundColor": "#2060e0" }
          ] }
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        return scene
    }

    @Test func passthroughOnAsksKittyAndChoosesByItsAnswers() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("ls-kt-scene-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let scene = try Self.scene(in: work)
        let stack = try Stack(passthrough: true, arguments: [scene, "--graphics", "auto", "--theme", "dark", "--script", "select blue"])
        defer { stack.close() }
        let screen = Stack.flat(stack.waitFor { $0.contains("graphics: ") && $0.contains("quit") })
        if screen.contains("graphics: kitty Unicode placeholders") {
            // A kitty with placeholders (0.28 or later; not this machine's 0.26.5): the
            // canvas on screen is the picture, at kitty's 8 × 17 cells.
            let expected = work.appendingPathComponent("expected.png").path
            let render = try Subprocess.run(
                try LayerScopeProgram.requiredPath,
                [
                    "render", scene, "--size", "80x24", "--png", expected, "--cell-size", "8x17",
                    "--theme", "dark", "--script", "select blue"
                ])
            #expect(render.status == 0, "\(render.errors)")
            let deadline = Date().addingTimeInterval(30)
            var figures = ""
            while Date() < deadline {
                let shot = work.appendingPathComponent("shot.xwd").path
                _ = try Subprocess.run("/bin/sh", ["-c", "DISPLAY=\(stack.display) /usr/bin/xwd -root -silent > '\(shot)'"], timeout: .seconds(10))
                figures = try Subprocess.run(
                    "/usr/bin/python3", ["-c", XtermSixelEndToEndTests.compare, shot, expected, "0", "17", "2060e0"], timeout: .seconds(60)
                ).output
                let parts = figures.split(separator: " ")
                let iou = Double(parts.firstIndex(of: "blue-iou").map { parts[$0 + 1] } ?? "0") ?? 0
                if iou >= 0.98 { break }
                usleep(300_000)
            }
            let parts = figures.split(separator: " ")
            #expect((Double(parts.firstIndex(of: "blue-iou").map { parts[$0 + 1] } ?? "0") ?? 0) >= 0.98, "\(figures)")
            return
        }
        // kitty 0.26.5: it answered the kitty query through tmux, but not the placeholder
        // query, which it rejected for its `U` key (0x55) — so the query did reach it.
        #expect(screen.contains("graphics: cells (inside tmux 3.3a: xterm-kitty answered the kitty query but not the placeholder query (U=1)"), "\(screen)")
        #expect(stack.log.contains("invalid key character: 0x55"), "\(stack.log)")
        // Cells: the card is drawn in the cells (its name, and shaded cells around it).
        #expect(screen.contains("blue"))
        #expect(!screen.unicodeScalars.contains(Unicode.Scalar(0x10EEEE)!))
    }

    @Test func passthroughOffIsCellsAndSaysWhy() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("ls-kt-scene-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let stack = try Stack(passthrough: false, arguments: [try Self.scene(in: work), "--graphics", "auto", "--theme", "dark"])
        defer { stack.close() }
        let screen = Stack.flat(stack.waitFor { $0.contains("graphics: ") && $0.contains("quit") })
        #expect(
            screen.contains("graphics: cells (inside tmux 3.3a: allow-passthrough is off, so xterm-kitty cannot be asked for kitty's Unicode placeholders"),
            "\(screen)")
        // Nothing was sent to kitty through tmux: it logged no graphics command.
        #expect(!stack.log.contains("GraphicsCommand"), "\(stack.log)")
    }

    /// Placeholders asked for by name: tmux holds them as text — every blank cell of the
    /// canvas U+10EEEE with its row and column marks, in the 256-colour index that is the
    /// image's id — and the image went through the passthrough to kitty.
    @Test func placeholderCellsAreTextInTmuxsGrid() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("ls-kt-scene-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let stack = try Stack(passthrough: true, arguments: [try Self.scene(in: work), "--graphics", "kitty", "--theme", "dark"])
        defer { stack.close() }
        let placeholder = Unicode.Scalar(0x10EEEE)!
        let styled = stack.waitFor(styles: true) { $0.unicodeScalars.contains(placeholder) && $0.contains("graphics: ") }
        #expect(Stack.flat(stack.capture()).contains("graphics: kitty Unicode placeholders (--graphics kitty, inside tmux 3.3a)"), "\(styled)")
        let lines = stack.capture().split(separator: "\n", omittingEmptySubsequences: false)
        // Screen row 3 is the canvas's row 2 (the title is row 0). Its first cells, one
        // character each, name row 2 and columns 0…4 (no name reaches them): kitty's list of
        // marks starts U+0305, U+030D, U+030E, U+0310, U+0312, so row 2 is U+030E.
        let row = Array(try #require(lines.count > 3 ? lines[3] : nil))
        #expect(row.count >= 5)
        // A third mark, the same in every cell, is the image id's top byte (the process id
        // picks it, `Ink.forProcess`; none when it is 0): tmux keeps it too.
        let marks: [UInt32] = [0x0305, 0x030D, 0x030E, 0x0310, 0x0312]
        let top = row.first.flatMap { Array($0.unicodeScalars).dropFirst(3).first?.value }
        if let top {
            // One of kitty's marks: a combining mark drawn above (class 230).
            #expect(Unicode.Scalar(top)?.properties.canonicalCombiningClass.rawValue == 230, "U+\(String(top, radix: 16))")
        }
        for column in 0..<min(5, row.count) {
            #expect(
                row[column].unicodeScalars.map(\.value) == [0x10EEEE, 0x030E, marks[column]] + (top.map { [$0] } ?? []),
                "\(row[column].unicodeScalars.map(\.value))")
        }
        // The colour tmux keeps for them names the image: a cube colour, as the 256-colour
        // index (`38;5;N`, N in 16…231) or its 24-bit value (each part a cube level).
        let before = String(String.UnicodeScalarView(styled.unicodeScalars.prefix { $0 != placeholder }))
        let sgr = try #require(before.components(separatedBy: "\u{1B}[").last { $0.hasPrefix("38;") || $0.contains(";38;") })
        let parts = sgr.prefix { $0 != "m" }.split(separator: ";").compactMap { Int($0) }
        if let at = parts.firstIndex(of: 38), at + 2 < parts.count, parts[at + 1] == 5 {
            #expect((16...231).contains(parts[at + 2]), "\(sgr)")
        } else if let at = parts.firstIndex(of: 38), at + 4 < parts.count, parts[at + 1] == 2 {
            #expect(parts[(at + 2)...(at + 4)].allSatisfy { [0, 95, 135, 175, 215, 255].contains($0) }, "\(sgr)")
        } else {
            Issue.record("no foreground colour before the first placeholder: \(sgr)")
        }
        // kitty 0.26.5 received the placeholder query and then the image through the
        // passthrough, and rejected the `U` key of each: two lines in its log.
        let deadline = Date().addingTimeInterval(20)
        func rejected() -> Int { stack.log.components(separatedBy: "invalid key character: 0x55").count - 1 }
        while rejected() < 2 && Date() < deadline { usleep(100_000) }
        #expect(rejected() == 2, "\(stack.log)")
    }

    /// Past 297 columns (the protocol's marks name 0…296): tmux's window made 420 × 40 (wider
    /// than the kitty client; tmux keeps the whole grid), so the canvas is 371 columns, sent
    /// as two tiles (`PlaceholderTiles`). Cells from column 297 on name the second tile: its
    /// column counted from 297, the same row, and a top byte 16 past the first tile's. Before,
    /// they were blank.
    @Test func placeholderCellsPast297ColumnsNameTheSecondTile() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("ls-kt-wide-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let stack = try Stack(passthrough: true, arguments: [try Self.scene(in: work), "--graphics", "kitty", "--theme", "dark"])
        defer { stack.close() }
        let placeholder = Unicode.Scalar(0x10EEEE)!
        _ = stack.waitFor { $0.unicodeScalars.contains(placeholder) }
        _ = try Subprocess.run("/usr/bin/tmux", ["-L", stack.socket, "resize-window", "-x", "420", "-y", "40"], timeout: .seconds(10))
        let marks = PlaceholderGlyph.diacritics  // kitty's row and column marks
        func wideRow(_ text: String) -> (row: Int, cells: [Character])? {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let cells = Array(line)
                if cells.count > 300, cells[300].unicodeScalars.first == placeholder, cells[296].unicodeScalars.first == placeholder { return (index, cells) }
            }
            return nil
        }
        let text = stack.waitFor { wideRow($0) != nil }
        let widths = text.split(separator: "\n").map { (line: Substring) in line.count }
        let (screenRow, cells) = try #require(wideRow(text), "no placeholder past column 297: \(widths)")
        // Screen row r is canvas row r − 1 (the title is row 0).
        let left = cells[296].unicodeScalars.map { $0.value }, right = cells[300].unicodeScalars.map { $0.value }
        #expect(left.count >= 3 && right.count == 4, "\(left) \(right)")
        #expect(left[1] == marks[screenRow - 1] && left[2] == marks[296], "\(left)")
        #expect(right[1] == marks[screenRow - 1] && right[2] == marks[300 - 297], "\(right)")
        let leftTop = left.count == 4 ? marks.firstIndex(of: left[3]) : 0
        let rightTop = marks.firstIndex(of: right[3])
        #expect(rightTop == leftTop.map { ($0 + 16) % 256 }, "tile 1's top byte is tile 0's + 16")
    }
}
