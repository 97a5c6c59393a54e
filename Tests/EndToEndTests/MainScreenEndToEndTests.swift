import Foundation
import Testing
import TestSupport

/// Issue 20: after the terminal grew and the explorer quit, canvas rows remained on tmux's
/// main screen above the shell's lines (`less` and `vim` leave none). tmux carries the rows
/// of an alternate screen that grew while open onto the main screen when it is left; the
/// explorer now empties the alternate screen before leaving it.
@Suite(
    "The main screen is left as it was", .serialized,
    .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct MainScreenEndToEndTests {
    static let packageRoot = PackageRoot.url

    /// 80 × 24, the explorer opened from a shell, the window grown to 120 × 40, then `q`
    /// (or Ctrl-C, which takes the same way out).
    ///
    /// What is checked is what the explorer writes (tmux's pipe-pane copy of its output):
    /// the screen is emptied after the last frame and before the alternate screen is left,
    /// with nothing drawn in between. The main screen itself is not compared: under load
    /// tmux 3.3a sometimes shows the alternate screen's old rows on the main screen even
    /// when the log shows exactly these bytes (seen in 2 of 12 runs, 2026-11-25), so a screen
    /// comparison failed for tmux's race, not for the explorer.
    @Test(arguments: ["q", "C-c"])
    func aTerminalThatGrewIsEmptiedBeforeTheExplorerLeavesIt(_ quitKey: String) throws {
        let shell = try TmuxSession(shell: "/bin/sh", columns: 80, rows: 24)
        defer { shell.close() }
        try shell.type("cd \(TmuxSession.shellQuoted(Self.packageRoot.path)) && clear && echo before")
        try shell.sendKeys("Enter")
        _ = try shell.waitUntil("the shell's line") { $0.hasPrefix("before\n") }
        let output = try shell.recordOutputBytes()
        try shell.type("\(TmuxSession.shellQuoted(try LayerScopeProgram.requiredPath)) Layouts/clock.json")
        try shell.sendKeys("Enter")
        _ = try shell.waitFor(" LayerScope")
        try shell.resize(columns: 120, rows: 40)
        // Redrawn at the new size: the title bar's mode label ends at column 120.
        _ = try shell.waitUntil("the 120-column frame") { $0.split(separator: "\n").first.map { $0.hasSuffix("NORMAL") && $0.count > 100 } ?? false }
        try shell.sendKeys(quitKey)
        let leave = Array("\u{1B}[?1049l".utf8)  // tmux-256color's rmcup
        _ = try shell.waitUntil("the explorer's rmcup") { _ in output().firstRange(of: leave) != nil }
        let bytes = output()
        let end = try #require(bytes.ranges(of: leave).last).lowerBound
        // tmux-256color's clear is ESC [ H ESC [ J; the last one before leaving.
        let clear = Array("\u{1B}[H\u{1B}[J".utf8)
        let cleared = try #require(bytes[..<end].ranges(of: clear).last, "no clear before leaving")
        // Between the clear and rmcup: only control sequences (mouse off, cursor shown, the
        // cursor moved to the last row), no character drawn.
        let between = Self.withoutControlSequences(Array(bytes[cleared.upperBound..<end]))
        #expect(between.count == 0, "drawn after the clear: \(String(decoding: between.prefix(120), as: UTF8.self))")
        // The frames before it were drawn at 120 columns (the canvas really grew).
        #expect(String(decoding: bytes[..<cleared.lowerBound], as: UTF8.self).contains("NORMAL"))
    }

    /// The bytes left after removing CSI sequences (ESC [ … final), two-byte escapes
    /// (ESC =, ESC >) and carriage returns.
    static func withoutControlSequences(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count {
                if bytes[i + 1] == UInt8(ascii: "[") {
                    var j = i + 2
                    while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                    i = j + 1
                } else {
                    i += 2
                }
                continue
            }
            if bytes[i] != 0x0D { out.append(bytes[i]) }
            i += 1
        }
        return out
    }
}
