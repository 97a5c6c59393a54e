import Foundation
import Testing
import TestSupport

/// A script's warnings through the real binary (docs/commands.md, "Headless entry points"):
/// a command that runs but warns — `turn` on the tour's box, which its transform rotates 15° —
/// prints `line N: FILE:N:C: warning: …` on stderr and the script goes on (exit 0, the screen
/// or the answers printed); `--fail-on-warning` stops at it with exit 1 and says how to go on.
@Suite("Script warnings end to end", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct ScriptWarningsEndToEndTests {
    static let warning =
        "line 2: <script>:2:1: warning: box is turned by its transform, so its bounds swapped about its anchorPoint (100×60 → 60×100, position kept), not its frame"
    static let stop = "; --fail-on-warning stops at the first warning; without it the warning is printed and the script goes on"

    @Test func renderPrintsTheWarningAndGoesOn() throws {
        let script = "select box\nturn\nadd later"
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", "--size", "100x30", "--script", script])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == Self.warning + "\n")
        // Line 3 ran after the warning: the screen's status line is its summary.
        #expect(result.output.contains("later"), "\(result.output)")
        let strict = try Subprocess.run(try LayerScopeProgram.requiredPath, ["render", "--size", "100x30", "--fail-on-warning", "--script", script])
        #expect(strict.status == 1)
        #expect(strict.errors == Self.warning + Self.stop + "\n")
        #expect(strict.output.isEmpty)
    }

    @Test func evalPrintsTheWarningWithItsPlaceAndGoesOn() throws {
        let tour = PackageRoot.url("Layouts/tour.json").path
        let script = "select box\nturn\nget bounds"
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, ["eval", "--layout", tour, "--script", script])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == Self.warning + "\n")
        #expect(result.output == #"{"rect":[0,0,60,100]}"# + "\n")
        let strict = try Subprocess.run(try LayerScopeProgram.requiredPath, ["eval", "--layout", tour, "--fail-on-warning", "--script", script])
        #expect(strict.status == 1)
        #expect(strict.errors == Self.warning + Self.stop + "\n")
        #expect(strict.output.isEmpty)
        // eval's help says so.
        let help = try Subprocess.run(try LayerScopeProgram.requiredPath, ["eval", "--help"])
        let flat = help.output.split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ")
        #expect(flat.contains(#"A warning prints "line N: …: warning: …" on stderr and the script goes on (with --fail-on-warning it stops there, exit 1)."#))
    }
}
