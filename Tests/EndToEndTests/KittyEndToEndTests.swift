import Foundation
import Testing

private let kittyTools: Bool = ["/usr/bin/Xvfb", "/usr/bin/kitty", "/usr/bin/xwd"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

/// The pixel canvas in kitty (docs/picture.md, "Pixels"): kitty under Xvfb with software GL.
/// The explorer asks (`--graphics auto`); kitty answers the kitty query (in time, or late:
/// then the late answer switches the canvas to pixels), the status line says kitty graphics,
/// and a screenshot (`xwd`) of the canvas is the picture `render --png` draws for kitty's
/// 8 × 17 cells (`font_size 10`, no config), pixel for pixel away from the names. Then a key
/// (`r`, the selection turned 15°) and the screen is the new picture: the image re-sent.
@Suite(
    "kitty end to end", .serialized,
    .enabled(if: LayerScopeProgram.path != nil && kittyTools, "needs layerscope, Xvfb, kitty and xwd (apt-get install xvfb kitty x11-apps)"))
struct KittyEndToEndTests {
    @Test func theCanvasOnScreenIsThePictureAndFollowsAKey() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-kitty-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try XtermSixelEndToEndTests.writeScene(in: dir)
        let program = try LayerScopeProgram.requiredPath
        // The pictures expected for kitty's 8 × 17 cells, drawn headless: as opened, and
        // after `r` with blue selected (33° + 15° = 48°).
        let expected = dir.appendingPathComponent("expected.png").path
        let turned = dir.appendingPathComponent("turned.png").path
        for (png, script) in [(expected, "select blue"), (turned, "select blue; rotate 15")] {
            let render = try Subprocess.run(
                program,
                [
                    "render", scene, "--size", "80x24", "--png", png, "--cell-size", "8x17",
                    "--theme", "dark", "--script", script
                ])
            #expect(render.status == 0, "\(render.errors)")
        }

        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let display = xvfb.display
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["LANG"] = "C.UTF-8"
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        environment.removeValue(forKey: "TMUX")
        environment.removeValue(forKey: "NO_COLOR")
        environment.removeValue(forKey: "KITTY_WINDOW_ID")
        environment.removeValue(forKey: "KITTY_LISTEN_ON")
        var socket = ""
        var deadline = Date()
        let (kitty, first, reports) = try TerminalOnXvfb.startRunningTheExplorer(
            { number in
                socket = dir.appendingPathComponent("kitty-\(number).sock").path
                deadline = Date().addingTimeInterval(30)
                return try TerminalOnXvfb(
                    executable: "/usr/bin/kitty",
                    arguments: [
                        "--config", "NONE", "-o", "linux_display_server=x11", "-o", "font_size=10", "-o", "window_padding_width=0",
                        "-o", "initial_window_width=640", "-o", "initial_window_height=408", "-o", "remember_window_size=no",
                        "-o", "allow_remote_control=yes", "-o", "update_check_interval=0", "--listen-on", "unix:\(socket)"
                    ],
                    command: [program, scene, "--graphics", "auto", "--theme", "dark", "--script", "select blue"],
                    environment: environment, display: display, dir: dir, name: "kitty-\(number)")
            },
            firstPicture: { kitty in
                // The canvas starts on row 1: y = 17.
                try kitty.canvasBecomes(expected, top: 17, deadline: deadline, dir: dir)
            })
        defer { kitty.stop() }
        /// What kitty shows as text, read back with its remote control.
        func screenText() -> String? {
            try? Subprocess.run("/usr/bin/kitty", ["@", "--to", "unix:\(socket)", "get-text"], environment: environment, timeout: .seconds(20)).output
        }
        #expect(first.share >= 0.95, "\((reports + [first.output, kitty.report, "kitty's screen: \(screenText() ?? "(not read)")"]).joined(separator: "\n"))")
        #expect(first.iou >= 0.98, "\(first.output)")
        guard first.isThePicture else { return }
        // The status line, read back from kitty: the probe chose kitty graphics.
        let text = screenText() ?? ""
        #expect(text.contains("graphics: kitty graphics (the terminal answered the kitty query"), "\(text)")
        // A key: blue turned 15° more.
        deadline = Date().addingTimeInterval(30)
        let key = try Subprocess.run("/usr/bin/kitty", ["@", "--to", "unix:\(socket)", "send-text", "r"], environment: environment, timeout: .seconds(20))
        #expect(key.status == 0, "\(key.errors)")
        let second = try kitty.canvasBecomes(turned, top: 17, deadline: deadline, dir: dir)
        #expect(second.share >= 0.95, "\(second.output)\n\(kitty.report)\nkitty's screen: \(screenText() ?? "(not read)")")
        #expect(second.iou >= 0.98, "\(second.output)")
    }
}
