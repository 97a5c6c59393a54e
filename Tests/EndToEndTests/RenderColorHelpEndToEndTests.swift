import Foundation
import Testing

/// `render --help` said `--color`'s default was "what the terminal has", the explorer's;
/// render asks no terminal and prints plain text unless told (as `--theme` says "render:
/// dark"). The help now says so, and it is what render does.
@Suite("render's colour default", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct RenderColorHelpEndToEndTests {
    @Test func renderHelpSaysItsColourDefaultIsNone() throws {
        let help = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", "--help"], timeout: .seconds(20))
        let flat = help.output.split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ")
        #expect(flat.contains("NO_COLOR and TERM=dumb mean none; render: none)"), "\(help.output)")
        // And it is so: no escape in a plain render, even with a colour terminal named.
        let plain = try Subprocess.run(
            try LayerScopeProgram.requiredPath, ["render", "--size", "60x12"], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"],
            timeout: .seconds(20))
        #expect(plain.status == 0)
        #expect(!plain.output.contains("\u{1B}"))
        let coloured = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", "--size", "60x12", "--color", "256"], timeout: .seconds(20))
        #expect(coloured.output.contains("\u{1B}["))
    }
}
