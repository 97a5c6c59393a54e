import Foundation
import Testing

/// Issue 20: after the terminal grew and the explorer quit, canvas rows remained on tmux's
/// main screen above the shell's lines (`less` and `vim` leave none). tmux carries the rows
/// of an alternate screen that grew while open onto the main screen when it is left; the
/// explorer now empties the alternate screen before leaving it.
@Suite("The main screen is left as it was", .serialized,
       .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct MainScreenEndToEndTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// 80 × 24, the explorer opened from a shell, the window grown to 120 × 40, then `q`
    /// (or Ctrl-C, which takes the same way out).
    @Test(arguments: ["q", "C-c"])
    func aTerminalThatGrewShowsOnlyTheShellAfterQuitting(_ quitKey: String) throws {
        let shell = try TmuxSession(shell: "/bin/sh", columns: 80, rows: 24)
        defer { shell.close() }
        try shell.type("cd \(TmuxSession.shellQuoted(Self.packageRoot.path)) && clear && echo before")
        try shell.sendKeys("Enter")
        _ = try shell.waitUntil("the shell's line") { $0.hasPrefix("before\n") }
        try shell.type("\(TmuxSession.shellQuoted(try LayerScopeProgram.requiredPath)) Layouts/clock.json")
        try shell.sendKeys("Enter")
        _ = try shell.waitFor(" LayerScope")
        try shell.resize(columns: 120, rows: 40)
        // Redrawn at the new size: the title bar's mode label ends at column 120.
        _ = try shell.waitUntil("the 120-column frame") { $0.split(separator: "\n").first.map { $0.hasSuffix("NORMAL") && $0.count > 100 } ?? false }
        try shell.sendKeys(quitKey)
        let screen = try shell.waitUntil("the shell again") { s in
            (try? shell.alternateOn()) == false && s.split(separator: "\n").count >= 3
        }
        // What the main screen holds: the first line, the explorer's command, a prompt —
        // no row of the canvas (braille), the panel (│) or the title.
        let lines = screen.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.first == "before", "\(screen)")
        #expect(lines.count == 3, "\(screen)")
        #expect(!screen.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) || $0 == "│" }, "\(screen)")
        #expect(!screen.contains("NORMAL"))
    }
}
