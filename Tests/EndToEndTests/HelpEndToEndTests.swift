import Foundation
import Testing

/// Issue 20: `layerscope --help` hid the file argument and every explorer option (the
/// explorer is the default command, and ArgumentParser's root help lists only subcommands).
@Suite("layerscope --help shows the explorer",
       .enabled(if: LayerScopeProgram.path != nil, "needs the layerscope executable (swift build)"))
struct HelpEndToEndTests {
    /// Every `--option` the explorer takes, read from its own help (`explore --help`), so
    /// an option added later is checked too.
    static func explorerOptions() throws -> [String] {
        let r = try Subprocess.run(try LayerScopeProgram.requiredPath, ["explore", "--help"], timeout: .seconds(20))
        let usage = try #require(r.output.split(separator: "\n").first { $0.hasPrefix("USAGE:") })
        let options = usage.split(separator: " ").compactMap { word -> String? in
            let w = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            return w.hasPrefix("--") ? w : nil
        }
        return options
    }

    @Test(arguments: ["--help", "-h", "help"])
    func theRootHelpShowsTheExplorersUsageFileAndOptions(_ flag: String) throws {
        let r = try Subprocess.run(try LayerScopeProgram.requiredPath, [flag], timeout: .seconds(20))
        #expect(r.status == 0)
        let help = r.output
        #expect(help.contains("USAGE: layerscope [<file>] [--lenient] [--mode <mode>]"))
        #expect(help.contains("       layerscope <subcommand> …"))
        #expect(help.contains("ARGUMENTS:\n  <file>                  A layout file (.json, .yaml; a missing one opens an\n                          empty scene that :w creates)"))
        let options = try Self.explorerOptions()
        #expect(options.count >= 10)   // lenient, mode, color, cell-aspect, theme, present, no-mouse, script, script-file, record, …
        for option in options {
            #expect(help.contains("\n  \(option)"), "the root help does not describe \(option)")
        }
        // The subcommands are still listed, after the options.
        let subcommands = try #require(help.range(of: "SUBCOMMANDS:"))
        let record = try #require(help.range(of: "\n  --record"))
        #expect(record.lowerBound < subcommands.lowerBound)
        for name in ["explore (default)", "eval", "check", "render", "export", "import", "commands"] {
            #expect(help[subcommands.upperBound...].contains("\n  \(name)"))
        }
        #expect(help.hasSuffix("for detailed help.\n"))
    }
}
