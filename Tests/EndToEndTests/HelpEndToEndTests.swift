import Foundation
import Testing

/// Issue 20: `layerscope --help` hid the file argument and every explorer option (the
/// explorer is the default command, and ArgumentParser's root help lists only subcommands).
@Suite(
    "layerscope --help shows the explorer",
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
        #expect(
            help.contains(
                "ARGUMENTS:\n  <file>                  A layout file (.json, .yaml; a missing one opens an\n                          empty scene that :w creates)"
            ))
        let options = try Self.explorerOptions()
        #expect(options.count >= 10)  // strict, mode, color, cell-aspect, theme, present, no-mouse, script, script-file, record, …
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

    /// `learn --help`'s usage was `layerscope learn <subcommand>` alone (ArgumentParser's for a
    /// command with subcommands), as if plain `learn` did nothing: it shows the lessons' own
    /// usage first, and where every option is.
    @Test func learnHelpShowsThatPlainLearnOpensTheLessons() throws {
        let r = try Subprocess.run(try LayerScopeProgram.requiredPath, ["learn", "--help"], timeout: .seconds(20))
        #expect(r.status == 0)
        #expect(
            r.output.contains(
                "USAGE: layerscope learn [<pack>] [--room <DIR> --name <NAME>] [--restart] [--mode …] [--theme …] [--present]\n       layerscope learn <subcommand>\n"
            ), "\(r.output)")
        #expect(
            r.output.split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ").contains(
                "Every option of the lessons: layerscope learn run --help."))
        // The options it names are learn run's.
        let run = try Subprocess.run(try LayerScopeProgram.requiredPath, ["learn", "run", "--help"], timeout: .seconds(20))
        for option in ["--room <DIR>", "--name <NAME>", "--restart", "--mode <mode>", "--theme <theme>", "--present"] {
            #expect(run.output.contains("\n  \(option)"), "learn run has no \(option)")
        }
    }

    /// `learn --help` names the keys the keymap binds (it said "M the list"; M is measure, E
    /// the lessons): checked against README's key table, which a test keeps equal to the keymap.
    @Test func learnHelpNamesTheKeysTheKeymapBinds() throws {
        let readme = try String(contentsOf: CommandLineEndToEndTests.package.appendingPathComponent("README.md"), encoding: .utf8)
        func key(_ does: String) throws -> String {
            let row = try #require(readme.split(separator: "\n").first { $0.hasSuffix("| \(does) |") }, "README has no key row \(does)")
            return String(row.split(separator: "`")[1])
        }
        let (hint, next, list) = (try key("learn: get the next hint"), try key("learn: the next lesson"), try key("learn: the lessons, ✓ for each passed"))
        #expect([hint, next, list] == ["G", "N", "E"])
        let r = try Subprocess.run(try LayerScopeProgram.requiredPath, ["learn", "--help"], timeout: .seconds(20))
        #expect(r.status == 0)
        let help = r.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("\(hint) the next hint, \(next) the next lesson, \(list) the list (also :hint, :next, :lessons, :lesson N)"), "\(help)")
    }
}
