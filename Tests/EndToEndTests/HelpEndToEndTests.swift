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
        // The OPTIONS section: one "  --name" at the start of each option's first line (the
        // USAGE line abbreviates to [<options>] once there are many).
        let text = r.output
        guard let start = text.range(of: "OPTIONS:\n") else { return [] }
        let options = text[start.upperBound...].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            return String(line.dropFirst(2).split(separator: " ").first ?? "")
        }.filter { $0 != "--help" && $0 != "--version" }
        return options
    }

    @Test(arguments: ["--help", "-h", "help"])
    func theRootHelpShowsTheExplorersUsageFileAndOptions(_ flag: String) throws {
        let r = try Subprocess.run(try LayerScopeProgram.requiredPath, [flag], timeout: .seconds(20))
        #expect(r.status == 0)
        let help = r.output
        #expect(help.contains("USAGE: layerscope [<options>] [<file>]"))
        #expect(help.contains("       layerscope <subcommand> …"))
        #expect(help.contains("ARGUMENTS:\n  <file>                  A layout file (.json, .yaml; a missing one opens an\n                          empty scene that :w creates)"))
        let options = try Self.explorerOptions()
        #expect(options.count >= 10)   // strict, mode, color, cell-aspect, theme, present, no-mouse, script, script-file, record, …
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
