import Foundation
import Testing

/// A refused option names the command it belongs to: `render --size 5` said
/// `Usage: layerscope <subcommand>` (ArgumentParser gives the root's usage to an error thrown
/// from `run()`); checked in `validate()` it gives `layerscope render`'s, as `--graphics auto`
/// always did.
@Suite("Refusals show their command's usage", .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct UsageOnRefusalEndToEndTests {
    @Test(arguments: [
        (["render", "--size", "5"], "Error: --size 5: expected COLSxROWS with each 1…1000, e.g. --size 100x30", "render"),
        (["render", "--crop", "content"], "Error: --crop content: only with --svg FILE, e.g. --svg card.svg --crop content", "render"),
        (["render", "--time=-1"], "Error: --time -1.0: expected seconds ≥ 0, e.g. --time 0.125", "render"),
        (["eval", "--script", "get name", "--script-file", "x"], "Error: give --script or --script-file, not both", "eval"),
        (["render", "--script", "zoom 2", "--script-file", "x"], "Error: give --script or --script-file, not both", "render")
    ])
    func theUsageIsTheCommands(_ arguments: [String], _ error: String, _ command: String) throws {
        let result = try Subprocess.run(try LayerScopeProgram.requiredPath, arguments, timeout: .seconds(20))
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.first == error, "\(result.errors)")
        #expect(lines.contains { $0.hasPrefix("Usage: layerscope \(command) ") }, "\(result.errors)")
        #expect(!result.errors.contains("<subcommand>"), "\(result.errors)")
    }
}
