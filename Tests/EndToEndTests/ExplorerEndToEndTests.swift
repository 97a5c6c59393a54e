import Cells
import Foundation
import Testing
import TestSupport

/// The real `layerscope` explorer in a real terminal emulator (tmux): keys in, screen
/// text out, exit statuses, files on disk.
///
/// Every number asserted here is worked out by hand from the scene (see the comments)
/// and read off the panel the user sees. Each test starts its own tmux session and
/// closes it; tests that edit or save work on temporary copies of `Layouts/`.
///
/// Skipped, with that reason, when `layerscope` has not been built (`swift build`).
@Suite(
    "Explorer end to end", .serialized,
    .enabled(
        if: LayerScopeProgram.path != nil,
        "needs the layerscope executable in \(BuiltProducts.folder.path) (run swift build)"))
struct ExplorerEndToEndTests {
    // MARK: - Helpers

    /// The package's root folder (this file is Tests/EndToEndTests/…).
    static let packageRoot = PackageRoot.url

    /// Starts the explorer in `directory` (by default the package root, so that titles
    /// show short relative paths such as `Layouts/clock.json`) and waits for its first
    /// frame. The program is `layerscope` itself (a `cd` then `exec`), so the harness's
    /// pid and exit status are the explorer's.
    private func start(
        _ arguments: [String], in directory: URL = packageRoot,
        environment: [String: String] = [:],
        columns: Int = 120, rows: Int = 40, firstFrame: String = " LayerScope"
    ) throws -> TmuxSession {
        let session = try TmuxSession(
            program: "/bin/sh",
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", directory.path, try LayerScopeProgram.requiredPath] + arguments,
            environment: environment, columns: columns, rows: rows)
        try session.waitFor(firstFrame)
        return session
    }

    /// Sends one key (its own `send-keys`, so an Escape is never merged with what
    /// follows) and waits for the key echo `key: <echo>` in the bottom row.
    @discardableResult
    private func press(_ session: TmuxSession, _ key: String, echo: String) throws -> String {
        try session.sendKeys(key)
        return try session.waitUntil("the key echo \"\(echo)\"") { lastLine($0).contains("key: " + echo) }
    }

    /// Types a `:` command and Enter; waits for the command line to open first.
    private func command(_ session: TmuxSession, _ text: String) throws {
        try session.sendKeys(":")
        try session.waitUntil("the command line") { lastLine($0) == ":" }
        try session.type(text)
        try session.waitUntil("the typed command") { lastLine($0) == ":" + text }
        try session.sendKeys("Enter")
        try session.waitUntil("the command line to close") { !lastLine($0).hasPrefix(":") }
    }

    /// A temporary folder holding a copy of `Layouts/<name>` (or `text`) as `fileName`.
    private func temporaryScene(
        copying name: String? = nil, text: String? = nil,
        as fileName: String
    ) throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ls-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(fileName)
        if let name {
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Layouts/\(name)"), to: file)
        } else {
            try (text ?? "").write(to: file, atomically: true, encoding: .utf8)
        }
        return (folder, file)
    }

    // MARK: - 1. Open a scene, quit

    @Test func opensASceneAndQuitsWithQ() throws {
        let session = try start(["Layouts/clock.json"])
        defer { session.close() }
        let screen = try session.waitFor("Layers · 4")
        let title = lines(screen)[0]
        #expect(title.contains("Layouts/clock.json"))
        #expect(title.contains("Clock: hands pivot near their base"))
        #expect(!title.contains("[+]"))
        #expect(try session.alternateOn())
        // The first layer (face, a 200×200 view centred at (120, 120)) is selected.
        #expect(try field("frame", in: screen) == ["x": 20, "y": 20, "w": 200, "h": 200])
        #expect(try field("center", in: screen) == ["x": 120, "y": 120])

        try session.sendKeys("q")  // no edits: no question
        #expect(try session.waitForExit() == 0)
        #expect(try session.alternateOn() == false)
    }

    // MARK: - 2. Rotate

    @Test func rotateEchoesTheKeyAndTurnsTheTransform() throws {
        let scene = try temporaryScene(copying: "clock.json", as: "clock.json")  // edits: a copy
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        let session = try start(["clock.json"], in: scene.folder)
        defer { session.close() }
        try press(session, "Tab", echo: "Tab → select-next")
        try session.waitFor("hourHand (view)")
        // hourHand is already turned 90°: one r makes 105°, cos = −0.259, sin = 0.966.
        var screen = try press(session, "r", echo: "r → rotate 15")
        #expect(lastLine(screen).contains("r → rotate 15"))
        screen = try session.waitFor("transform (affine)")
        #expect(panel(screen).contains(" affine [-0.259 0.966 -0.966 -0.259 0 0]"))
        #expect(panel(screen).contains(" [ -0.259   0.966  0  0 ]"))
        // The pivot (the centre, 100, 100) stays; the 10×60 hand about (5, 54) turned by
        // 105°: corners x −5cos+54sin … give the frame 92.91, 93.617, 60.544 × 25.188.
        #expect(try field("center", in: screen) == ["x": 100, "y": 100])
        let frame = try field("frame", in: screen)
        #expect(abs(frame["x"]! - 92.91) < 0.01 && abs(frame["y"]! - 93.617) < 0.01)
        #expect(abs(frame["w"]! - 60.544) < 0.01 && abs(frame["h"]! - 25.188) < 0.01)
        #expect(lines(screen)[0].contains("[+]"))

        // The face (P: the superlayer) has the identity: one r gives cos 15° and sin 15°.
        try press(session, "P", echo: "P → select-parent")
        try session.waitFor("face (view)")
        try press(session, "r", echo: "r → rotate 15")
        screen = try session.waitFor(" affine [0.966 0.259 -0.259 0.966 0 0]")
        #expect(panel(screen).contains(" [  0.966  0.259  0  0 ]"))
        #expect(panel(screen).contains(" [ -0.259  0.966  0  0 ]"))
    }

    // MARK: - 3. Anchor, both behaviours

    @Test func anchorModeMovesTheFrameOrThePosition() throws {
        // A 100×60 layer at position (200, 150), anchor (0.5, 0.5): frame x 150 y 120.
        let scene = try temporaryScene(
            text: """
                { "title": "anchor e2e", "screen": { "width": 400, "height": 300 },
                  "layers": [ { "name": "card", "bounds": [0, 0, 100, 60], "position": [200, 150],
                                "backgroundColor": "orange" } ] }
                """, as: "anchor.json")
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        let session = try start(["anchor.json"], in: scene.folder)
        defer { session.close() }
        var screen = try session.waitFor("card (layer)")
        #expect(try field("frame", in: screen) == ["x": 150, "y": 120, "w": 100, "h": 60])
        #expect(try field("position", in: screen) == ["x": 200, "y": 150])
        let ghostColor = "\u{1B}[38;5;220m"  // Why.jumpColor (255, 200, 0) in 256 colors
        #expect(try !session.captureWithStyles().contains(ghostColor))

        // Core Animation's way: anchor 0.5 → 0.55, position stays, frame x −0.05·100 = −5.
        try press(session, "a", echo: "a → mode anchor")
        try session.waitFor("ANCHOR core-animation")
        screen = try press(session, "Right", echo: "Right → anchor 0.55 0.5")
        screen = try session.waitFor(" anchor   x 0.55 y 0.5")
        #expect(try field("frame", in: screen) == ["x": 145, "y": 120, "w": 100, "h": 60])
        #expect(try field("position", in: screen) == ["x": 200, "y": 150])
        #expect(statusLine(screen).contains("frame moved by (-5, 0), position by (0, 0)"))
        // The previous frame stays as a dotted ghost, in the jump color.
        #expect(try session.captureWithStyles().contains(ghostColor))

        // keep-frame: anchor 0.55 → 0.6, position x +5, frame unchanged.
        try press(session, "f", echo: "f → anchor-behaviour")
        try session.waitFor("ANCHOR keep-frame")
        screen = try press(session, "Right", echo: "Right → anchor 0.6 0.5 keep-frame")
        screen = try session.waitFor(" anchor   x 0.6 y 0.5")
        #expect(try field("frame", in: screen) == ["x": 145, "y": 120, "w": 100, "h": 60])
        #expect(try field("position", in: screen) == ["x": 205, "y": 150])
        #expect(statusLine(screen).contains("frame moved by (0, 0), position by (5, 0)"))
    }

    // MARK: - 4. Hit-test cursor

    @Test func hitTestCursorShowsBothOrdersAndTheVisitList() throws {
        let session = try start(["Layouts/z-order.json"])
        defer { session.close() }
        // green: 120×120 at (120, 110), zPosition 1 → 60…180 × 50…170; red: 120×120 at
        // (180, 150) → 120…240 × 90…210. (160, 130) is in both: zPosition order (the
        // default) hits green, tree order (red added last, on top) would hit red.
        try command(session, "cursor-at 160 130")
        var screen = try session.waitFor(" hit  green")
        #expect(lines(screen)[0].contains("CURSOR hit-test"))
        #expect(panel(screen).contains("Hit test (zPosition order)"))
        #expect(panel(screen).contains("  in green: (100, 80)"))  // 160 − 60, 130 − 50
        #expect(panel(screen).contains(" tree order would hit red"))
        #expect(statusLine(screen).contains("cursor (160, 130)"))

        try press(session, "i", echo: "i → panel formula")
        try press(session, "i", echo: "i → panel hit-test")
        screen = try session.waitFor("Hit test at (160, 130)")
        #expect(panel(screen).contains(" zPosition order (measured) → green"))
        #expect(panel(screen).contains(" 1 green      HIT (100, 80)"))
        #expect(panel(screen).contains(" tree order would hit red"))

        // o: tree order (Lockwood's book): red first, and it takes the touch at (40, 40).
        try press(session, "o", echo: "o → order tree")
        screen = try session.waitFor(" tree order (Lockwood) → red")
        #expect(panel(screen).contains(" 1 red        HIT (40, 40)"))  // 160 − 120, 130 − 90
        #expect(panel(screen).contains(" zPosition order would hit green"))
    }

    // MARK: - 5. A typo on the command line

    @Test func commandTypoSuggestsTheCommandAndChangesNothing() throws {
        let session = try start(["Layouts/z-order.json"])
        defer { session.close() }
        try command(session, "rotat 5")
        let screen = try session.waitFor("unknown command \"rotat\"; did you mean \"rotate\"?")
        #expect(statusLine(screen).contains(":rotat 5 — "))
        #expect(panel(screen).contains("transform (identity)"))
        #expect(!lines(screen)[0].contains("[+]"))
        // Nothing to save, so q quits without a question.
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    // MARK: - 6. Resize

    @Test func tooSmallTerminalSaysSoAndComesBack() throws {
        let session = try start(["Layouts/clock.json"])
        defer { session.close() }
        try session.waitFor("Layers · 4")
        try session.resize(columns: 30, rows: 8)
        let small = try session.waitFor("need 40×12")
        // Centred: rows 3…5 of 8 (8/2 − 1); "terminal too small:" is 19 wide → column 5.
        let rows = lines(small)
        #expect(rows[3] == "     terminal too small:")
        #expect(rows[4] == "          need 40×12")
        #expect(rows[5] == "          have 30×8")
        #expect(!small.contains("Layers"))

        try session.resize(columns: 120, rows: 40)
        // The bottom row is drawn last: wait for it too, not just the panel.
        let back = try session.waitUntil("the full screen again") { $0.contains("Layers · 4") && lastLine($0).contains("? help") }
        #expect(!back.contains("terminal too small"))
        #expect(try field("frame", in: back) == ["x": 20, "y": 20, "w": 200, "h": 200])
        #expect(lines(back).count >= 40 && lastLine(back).contains("? help"))
    }

    // MARK: - 7. Save, reload, live reload, a broken file

    @Test func saveWritesTheFileAndTheFileIsWatched() throws {
        let scene = try temporaryScene(copying: "z-order.json", as: "scene.json")
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        let session = try start(["scene.json"], in: scene.folder)
        defer { session.close() }
        try session.waitFor("green (layer)")
        for x in [121, 122, 123] {
            try press(session, "l", echo: "l → move 1 0")
            try session.waitFor(" position x \(x) y 110")
        }
        #expect(lines(try session.capture())[0].contains("scene.json [+]"))

        try command(session, "w")
        var screen = try session.waitFor(" saved scene.json")
        #expect(!lines(screen)[0].contains("[+]"))
        // The file on disk loads with the new position.
        let read = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            ["eval", "--layout", scene.file.path, "--script", "select green; get position"])
        #expect(read.status == 0)
        #expect(read.output == "{\"point\":[123,110]}\n")

        // Live reload: another program rewrites the file; the panel follows with no key.
        let saved = try String(contentsOf: scene.file, encoding: .utf8)
        #expect(saved.contains("[123, 110]"))
        try saved.replacingOccurrences(of: "[123, 110]", with: "[150, 100]")
            .write(to: scene.file, atomically: false, encoding: .utf8)
        // 120×120 at (150, 100): frame x 90 y 40.
        // Both in one capture: tmux may show a frame's top rows before its status line.
        screen = try session.waitUntil("the rewritten file loaded") {
            $0.contains(" position x 150 y 100") && statusLine($0).contains("loaded scene.json")
        }
        #expect(try field("frame", in: screen) == ["x": 90, "y": 40, "w": 120, "h": 120])
        #expect(panel(screen).contains("green (layer)"))  // the selection is kept

        // A broken rewrite: the error with file:line:column, the last good scene stays.
        try "{\n  \"title\": \"x\",\n  \"layers\": [ {\"name\": \"green\", }\n]}\n"
            .write(to: scene.file, atomically: false, encoding: .utf8)
        // The comma after "green" is on line 3, column 31.
        screen = try session.waitFor("scene.json:3:31: trailing comma")
        #expect(panel(screen).contains("Layers · 2"))
        #expect(try field("position", in: screen) == ["x": 150, "y": 100])
        #expect(lines(screen)[0].contains("zPosition lifts green above red"))

        // Fixing the file loads it again.
        try saved.replacingOccurrences(of: "[123, 110]", with: "[130, 110]")
            .write(to: scene.file, atomically: true, encoding: .utf8)
        // Both in one capture: tmux may show a frame's top rows before its status line, and
        // the error wraps over two rows, so wait for the status that replaces it.
        screen = try session.waitUntil("the fixed file loaded and the error gone") {
            $0.contains(" position x 130 y 110") && statusLine($0).contains("loaded scene.json")
        }
        #expect(!screen.contains("trailing comma"))
    }

    // MARK: - 8. Quitting with unsaved edits

    @Test func quitAsksAboutUnsavedEdits() throws {
        let scene = try temporaryScene(copying: "clock.json", as: "clock.json")  // edits: a copy
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        let session = try start(["clock.json"], in: scene.folder)
        defer { session.close() }
        try press(session, "r", echo: "r → rotate 15")
        try session.waitFor("[+]")
        try press(session, "q", echo: "q → quit")
        var screen = try session.waitFor("Unsaved edits")
        #expect(screen.contains("n  quit without saving"))
        #expect(screen.contains("y  save to clock.json and quit"))

        try session.sendKeys("Escape")
        screen = try session.waitUntil("the question to close") { !$0.contains("Unsaved edits") }
        #expect(statusLine(screen).contains("quit cancelled"))
        #expect(try session.alternateOn())

        try press(session, "q", echo: "q → quit")
        try session.waitFor("Unsaved edits")
        try session.sendKeys("n")
        #expect(try session.waitForExit() == 0)
        #expect(try session.alternateOn() == false)
        // Nothing was written.
        let original = try String(contentsOf: Self.packageRoot.appendingPathComponent("Layouts/clock.json"), encoding: .utf8)
        #expect(try String(contentsOf: scene.file, encoding: .utf8) == original)
    }

    /// Ctrl-C cancels the : line and the quit question (the edits stay); with unsaved edits
    /// it asks; n at the question then exits cleanly.
    @Test(arguments: ["normal", "command line", "question"])
    func ctrlCCancelsPromptsAndExitsCleanlyAfterAsking(place: String) throws {
        let scene = try temporaryScene(copying: "clock.json", as: "clock.json")  // edits: a copy
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        let session = try start(["clock.json"], in: scene.folder)
        defer { session.close() }
        try press(session, "r", echo: "r → rotate 15")
        switch place {
        case "command line":
            try session.sendKeys(":")
            try session.waitUntil("the command line") { lastLine($0) == ":" }
            try session.type("rot")
            // Ctrl-C arrives as SIGINT, ahead of typed bytes the program has not read yet:
            // wait until "rot" is on the line, or the cancel could land before it.
            try session.waitUntil("the typed text") { lastLine($0).hasPrefix(":rot") }
            try session.sendKeys("C-c")
            try session.waitUntil("the : line cancelled") { lastLine($0).hasPrefix("key: C-c → cancel") }
        case "question":
            try press(session, "q", echo: "q → quit")
            try session.waitFor("Unsaved edits")
            try session.sendKeys("C-c")
            try session.waitUntil("the question cancelled") { lastLine($0).hasPrefix("key: C-c → cancel") }
        default:
            break
        }
        try session.sendKeys("C-c")
        try session.waitFor("Unsaved edits")
        try session.sendKeys("n")
        #expect(try session.waitForExit() == 0)
        #expect(try session.alternateOn() == false)
    }

    // MARK: - 9. Signals and crash

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))] as [(Int32, Int32)])
    func terminatingSignalsRestoreTheTerminal(signal: Int32, status: Int32) throws {
        let session = try start(["Layouts/clock.json"])
        defer { session.close() }
        try session.waitFor("Layers · 4")
        #expect(try session.alternateOn())
        #expect(kill(try session.programPID(), signal) == 0)
        #expect(try session.waitForExit() == status)
        #expect(try session.alternateOn() == false)
    }

    @Test func theShellWorksAfterSIGTERM() throws {
        // An interactive shell, as a user has: after the kill, the prompt takes a line
        // and echoes it (the tty is back in cooked mode with echo).
        let session = try TmuxSession(shell: "PS1='$ ' exec sh -i", columns: 120, rows: 40)
        defer { session.close() }
        let pidFile = NSTemporaryDirectory() + "ls-e2e-\(UUID().uuidString.prefix(8)).pid"
        defer { unlink(pidFile) }
        try session.waitUntil("the shell prompt") { lastLine($0) == "$" }  // tmux trims "$ "
        try session.type(
            "cd \(TmuxSession.shellQuoted(Self.packageRoot.path)) && sh -c 'echo $$ > \"$0\"; exec \"$@\"' "
                + "\(TmuxSession.shellQuoted(pidFile)) \(TmuxSession.shellQuoted(try LayerScopeProgram.requiredPath)) Layouts/clock.json\n")
        try session.waitFor("Layers · 4")
        var pid: pid_t?
        try session.waitUntil("the pid file") { _ in
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return pid != nil
        }
        #expect(kill(pid!, SIGTERM) == 0)
        try session.waitUntil("the shell prompt") { !$0.contains("Layers ·") && lastLine($0) == "$" }
        #expect(try session.alternateOn() == false)
        try session.type("echo \"status=$? sum=$((40 + 2))\"\n")
        let screen = try session.waitFor("status=143 sum=42")
        // The typed line was echoed too (echo on), then the answer, then a new prompt.
        #expect(screen.contains("$ echo \"status=$? sum=$((40 + 2))\"\nstatus=143 sum=42\n$"))
    }

    /// The explorer has no crash key and no environment hook to force a Swift trap, so
    /// these send the crash signals from outside: SIGILL (what every Swift trap raises)
    /// with `kill`, and SIGQUIT with Ctrl-\\ as a user would. The same handler restores
    /// the terminal and hands the signal to the runtime's backtracer, and the process
    /// must then end of it — not carry on behind a restored terminal. (The backend
    /// suite tests a real trap with `ncurses-demo`.)
    @Test(arguments: [("kill -ILL", Int32(128 + SIGILL)), ("C-\\", Int32(128 + SIGQUIT))])
    func crashSignalsRestoreTheTerminalAndEndTheProcess(how: String, status: Int32) throws {
        let session = try start(["Layouts/clock.json"])
        defer { session.close() }
        try session.waitFor("Layers · 4")
        if how == "kill -ILL" {
            #expect(kill(try session.programPID(), SIGILL) == 0)
        } else {
            try session.sendKeys(how)
        }
        #expect(try session.waitForExit() == status)
        #expect(try session.alternateOn() == false)
    }

    // MARK: - 10. Copy as code

    @Test func copyAsCodeShowsSwiftForTheSelection() throws {
        let session = try start(["Layouts/clock.json"])
        defer { session.close() }
        try press(session, "Tab", echo: "Tab → select-next")
        try session.waitFor("hourHand (view)")
        try press(session, "e", echo: "e → export swift")
        let screen = try session.waitFor("Swift · y copies (OSC 52")
        // A view: UIView's own names, the anchor through its layer.
        #expect(screen.contains("hourHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)"))
        #expect(screen.contains("hourHand.center = CGPoint(x: 100, y: 100)"))
        #expect(screen.contains("hourHand.bounds = CGRect(x: 0, y: 0, width: 10, height: 60)"))
        #expect(screen.contains("hourHand.transform = CGAffineTransform(rotationAngle: .pi / 2)"))
        // y sends it with OSC 52 through the real ncurses backend and says so.
        try press(session, "y", echo: "y → copy")
        try session.waitFor("to the clipboard (OSC 52)")
        try session.sendKeys("Escape")
        // The status and echo rows are the last drawn: wait for them, not just the overlay.
        let closed = try session.waitUntil("the overlay to close") {
            !$0.contains("Swift · y copies") && lastLine($0).contains("key: Esc → mode normal")
        }
        #expect(!closed.contains("CGPoint("))
        #expect(!statusLine(closed).contains("Esc closes"))
        #expect(lastLine(closed).contains("key: Esc → mode normal"))

        let export = try Subprocess.run(
            try LayerScopeProgram.requiredPath,
            [
                "export", Self.packageRoot.appendingPathComponent("Layouts/clock.json").path,
                "--swift", "--layer", "hourHand"
            ])
        #expect(export.status == 0)
        #expect(export.output.contains("hourHand.layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)\n"))
        #expect(export.output.contains("hourHand.center = CGPoint(x: 100, y: 100)\n"))
    }

    // MARK: - 11. Locale and color

    @Test func cLocaleDrawsOnlyASCII() throws {
        let session = try start(
            ["Layouts/clock.json"], environment: ["LANG": "C", "LC_ALL": "C"],
            firstFrame: "Layers . 4")
        defer { session.close() }
        let screen = try session.capture()
        let wide = screen.unicodeScalars.filter { !$0.isASCII }
        #expect(wide.isEmpty, "non-ASCII on screen: \(String(String.UnicodeScalarView(wide.prefix(20))))")
        #expect(lines(screen)[0].contains("LayerScope . Layouts/clock.json"))
        #expect(try field("frame", in: screen) == ["x": 20, "y": 20, "w": 200, "h": 200])
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func noColorStartsInMonochromeAndQuits() throws {
        let session = try start(["Layouts/clock.json"], environment: ["NO_COLOR": "1"])
        defer { session.close() }
        let screen = try session.waitFor("Layers · 4")
        #expect(screen.contains("⣀"))  // still braille: NO_COLOR is about colors only
        let styled = try session.captureWithStyles()
        #expect(!styled.contains("38;5;") && !styled.contains("48;5;") && !styled.contains("38;2;"))
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.alternateOn() == false)
    }

    // MARK: - Help

    @Test func helpScrollsToTheLastKeys() throws {
        let session = try start(["Layouts/clock.json"])
        defer { session.close() }
        try press(session, "?", echo: "? → help")
        // 40 rows: 36 lines of the box at a time; the notes (5 lines and a blank), the
        // bindings and the command list do not fit.
        var screen = try session.waitFor("Keys, lines 1–36 of")
        #expect(screen.contains("Tab           select the next layer (tree order)"))
        #expect(!screen.contains("C-c           cancel the : line"))
        // Space pages on until the last binding shows; every page is new.
        var seen = screen
        func header(_ screen: String) -> String { lines(screen).first { $0.contains("Keys, lines ") } ?? "" }
        // "Keys, lines 48–83 of 83": the last page. The header is drawn before the rows below it
        // may be, so the last binding is waited for once the last page is announced.
        func isLastPage(_ screen: String) -> Bool {
            let numbers = header(screen).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            return numbers.count >= 3 && numbers[1] == numbers[2]
        }
        for _ in 0..<6 where !isLastPage(screen) {
            let before = header(screen)
            try session.sendKeys("Space")
            _ = try session.waitUntil("the next help page") { header($0) != before && $0.contains("Keys, lines ") }
            // The header may be drawn before the rows below it: read the page once two
            // captures in a row agree.
            screen = try session.waitUntil("the page drawn whole") { $0 == (try? session.capture()) }
            seen += screen
        }
        screen = try session.waitUntil("the last binding") { $0.contains("C-c           cancel the : line") }
        seen += screen
        #expect(isLastPage(screen))
        #expect(seen.contains("c             hit-test cursor mode (arrows move the crosshair)"))
        #expect(seen.contains("e             copy as code: Swift for the selection"))
        // r closes it without rotating.
        try session.sendKeys("r")
        screen = try session.waitUntil("the help to close") { !$0.contains("any other key closes") }
        #expect(!lines(screen)[0].contains("[+]"))
        #expect(try session.alternateOn())
    }

    // MARK: - Step-through demos

    /// `--script-file` runs its commands after loading (here: to step 2 of seed 002); p and n
    /// then walk the steps, the caption and the status line following.
    @Test func scriptFileThenStepKeysWalkTheDemo() throws {
        let scene = try temporaryScene(text: "step 2\nselect frameFirst\n", as: "demo.txt")
        defer { try? FileManager.default.removeItem(at: scene.folder) }
        let session = try start(["Layouts/popup.json", "--script-file", scene.file.path])
        defer { session.close() }
        // After step 2 frameFirst has jumped: frame (190, 190, 100, 100) in the panel.
        var screen = try session.waitFor(" 2/3 · frameFirst: frame (140, 140, 100, 100), then anchorPoint (0, 0)")
        #expect(screen.contains("frameFirst  order zPosition  2/3"))
        #expect(screen.contains("frame    x 190 y 190 w 100 h 100"))
        try press(session, "p", echo: "p → step 1")
        screen = try session.waitFor(" 1/3 · anchorFirst: anchorPoint (0, 0), then frame")
        // Steps are states (issue 32): back at step 1 the view is a fresh `step 1`'s, so the
        // selection is the layer step 1's script selected, anchorFirst, at the frame it set.
        #expect(screen.contains("anchorFirst (view)"))
        #expect(screen.contains("frame    x 140 y 140 w 100 h 100"))
        try press(session, "n", echo: "n → step 2")
        try session.waitFor("frame    x 190 y 190 w 100 h 100")
        #expect(!(try session.capture()).contains("[+]"), "stepping is not an edit")
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    // MARK: - 12. 80×24

    @Test func narrowTerminalCollapsesThePanel() throws {
        let session = try start(["Layouts/clock.json"], columns: 80, rows: 24)
        defer { session.close() }
        let screen = try session.waitFor("? help")
        let rows = lines(screen)
        #expect(!screen.contains("Layers ·"))
        #expect(!screen.contains("│"))  // no panel separator
        #expect(rows[0].contains("LayerScope · Layouts/clock.json"))
        #expect(rows[0].hasSuffix("NORMAL"))
        // Below 96 columns: the compact inspector, then the name and the step progress (clock
        // has 3 steps); the status line is row 24 − 2.
        #expect(rows[22].hasSuffix(" face  0/3"))
        #expect(rows[1..<22].contains { $0.contains("⣀") })  // the canvas
        try session.sendKeys("q")
        #expect(try session.waitForExit() == 0)
    }

    // MARK: - Wide text

    /// Chinese title, names and notes in a real terminal: no row runs past the edge (tmux
    /// would wrap or clip it), the title keeps its mode label at the right, the tree and
    /// help show the names, and a partial redraw after a key leaves no torn characters.
    @Test(arguments: [(80, 24), (120, 40)])
    func wideCharactersKeepEveryRowInsideTheTerminal(columns: Int, rows: Int) throws {
        let scene = """
            { "title": "时钟：指针绕着靠近底部的锚点旋转",
              "notes": "选择时针，按 a 然后移动锚点：指针会跳。",
              "layers": [ { "name": "表盘", "bounds": [0, 0, 200, 200], "position": [110, 110],
                "backgroundColor": "#dddddd",
                "sublayers": [
                  { "name": "时针", "bounds": [0, 0, 8, 60], "position": [100, 100], "anchorPoint": [0.5, 0.9], "backgroundColor": "black" },
                  { "name": "分针", "bounds": [0, 0, 4, 90], "position": [100, 100], "anchorPoint": [0.5, 0.9], "backgroundColor": "navy" } ] } ] }
            """
        let (folder, _) = try temporaryScene(text: scene, as: "时钟.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try start(["时钟.json"], in: folder, environment: ["LANG": "C.UTF-8"], columns: columns, rows: rows)
        defer { session.close() }
        func check(_ screen: String) {
            for (i, row) in lines(screen).enumerated() {
                #expect(row.displayWidth <= columns, "row \(i) is \(row.displayWidth) columns: \(row)")
            }
            #expect(lines(screen)[0].hasSuffix(" NORMAL") || lines(screen)[0].hasSuffix(" TREE"), "title: \(lines(screen)[0])")
        }
        let first = try session.waitFor("时钟：")
        check(first)
        #expect(lines(first)[0].contains("时钟.json"))
        // Select the hour hand by walking the tree (Tab twice: 表盘, then 时针), rotate it.
        try press(session, "Tab", echo: "Tab → select-next")
        let selected = try press(session, "Tab", echo: "Tab → select-next")
        check(selected)
        #expect(statusLine(selected).contains("表盘"))
        let rotated = try press(session, "r", echo: "r → rotate 15")
        check(rotated)
        if columns >= 96 { #expect(rotated.contains("时针") && rotated.contains("分针")) }
        // The help overlay with the notes.
        try session.sendKeys("?")
        let help = try session.waitFor("选择时针")
        check(help)
    }
}

// MARK: - Reading the screen

/// The screen's rows.
private func lines(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// The last non-empty row: the key echo / command line (tmux trims trailing blank rows).
private func lastLine(_ screen: String) -> String {
    lines(screen).last { !$0.isEmpty } ?? ""
}

/// The status line (the row above the key echo).
private func statusLine(_ screen: String) -> String {
    let rows = lines(screen)
    guard let last = rows.lastIndex(where: { !$0.isEmpty }), last > 0 else { return "" }
    return rows[last - 1]
}

/// The side panel's text at 120 columns: the 48 cells right of the separator in
/// column 71, one body row per line. Every glyph drawn is one cell wide.
private func panel(_ screen: String, columns: Int = 120) -> String {
    let first = columns - 48
    return lines(screen).dropFirst().map { row in
        let cells = Array(row)
        return cells.count > first ? String(cells[first...]) : ""
    }.joined(separator: "\n")
}

/// A panel field such as ` frame    x 20 y 20 w 200 h 200` as `["x": 20, …]`.
private func field(_ name: String, in screen: String) throws -> [String: Double] {
    let row = try #require(
        lines(panel(screen)).first { $0.hasPrefix(" \(name) ") },
        "no \"\(name)\" line in the panel:\n\(panel(screen))")
    let words = row.split(separator: " ").dropFirst().map(String.init)
    var out: [String: Double] = [:]
    var i = 0
    while i + 1 < words.count, let value = Double(words[i + 1]) {
        out[words[i]] = value
        i += 2
    }
    return out
}

/// The explorer executable the tests run.
let LayerScopeProgram = BuiltProgram(name: "layerscope")
