import Foundation
import Testing
import Geometry
import LayerModel
@testable import CommandLanguage
import TestSupport

/// The command table is the one declaration of every command: these tests generate commands
/// from it (not from a hand-kept list) and check that the parser, the printer, the engine
/// split and the docs agree with it.
@Suite("Command table: each command declared once")
struct CommandTableTests {
    /// Every command text the declarations describe (TestSupport's `CommandSamples`).
    static func generated(_ spec: CommandSpec) -> [String] { CommandSamples.generated(spec) }

    @Test func everyDeclaredFormParsesPrintsAndParsesBackToTheSameCommand() throws {
        var checked = 0
        for spec in CommandTable.all {
            let texts = Self.generated(spec)
            #expect(!texts.isEmpty, "\(spec.verb): no sample could be generated from its grammar")
            for text in texts {
                let command: Command
                do { command = try CommandParser.parse(text) } catch {
                    Issue.record("\(spec.verb): the declared grammar's \"\(text)\" does not parse: \(error)")
                    continue
                }
                // Printed with the declared verb, and read back to the same value.
                #expect(command.text.split(separator: " ").first.map(String.init) == spec.verb, "\(text) prints as \(command.text)")
                #expect(try CommandParser.parse(command.text) == command, "\(text) → \(command.text)")
                // The declaration's section says who runs it: the explorer or the engine.
                if case .explorer = command { #expect(spec.section == .explorer, "\(text)") } else { #expect(spec.section != .explorer, "\(text)") }
                checked += 1
            }
        }
        // Each of the 63 verbs has at least one sample; set, get and animate one per property.
        #expect(checked > 150)
    }

    @Test func aliasesParseAsTheirVerb() throws {
        for spec in CommandTable.all {
            for alias in spec.aliases {
                let viaAlias = Self.generated(spec).map { alias + $0.dropFirst(spec.verb.count) }
                for (a, b) in zip(viaAlias, Self.generated(spec)) {
                    #expect(try CommandParser.parse(a) == CommandParser.parse(b), "\(a)")
                }
            }
        }
    }

    @Test func everyVerbAndAliasIsDeclaredOnceAndNothingElseParses() throws {
        let words = CommandTable.all.flatMap { [$0.verb] + $0.aliases }
        #expect(Set(words).count == words.count, "a word declared twice")
        #expect(CommandParser.verbs == CommandTable.all.map(\.verb))
        #expect(throws: CommandError.self) { try CommandParser.parse("frobnicate 1") }
        // The spellings of the contract (commands.md) are all declared.
        for verb in [
            "add", "remove", "select", "set", "rotate", "scale", "move", "anchor", "reset", "undo", "redo", "save", "load",
            "get", "convert", "contains", "hit-test", "matrix"
        ] {
            #expect(CommandTable.spec(for: verb) != nil, "\(verb)")
        }
    }

    @Test func animatedBlocksTakeOnlyEditsAndSelections() throws {
        #expect(throws: CommandError("zoom cannot go inside animated { }", column: 14, suggestion: "only edits (set, move, rotate, scale, anchor…) and select"))
        {
            try CommandParser.parse("animated 1 { zoom 2 }")
        }
        #expect(throws: CommandError.self) { try CommandParser.parse("animated 1 { get now }") }
        #expect(throws: Never.self) { try CommandParser.parse("animated 1 { select a; move 1 0; select-next; add b }") }
    }

    // MARK: Generated docs

    static let package = PackageRoot.url

    /// The text between `<!-- commands:NAME … -->` and `<!-- /commands:NAME -->`.
    static func generatedBlock(_ name: String, in file: String) throws -> String {
        let text = try String(contentsOf: package.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("<!-- commands:\(name) ") }),
            let end = lines.firstIndex(of: "<!-- /commands:\(name) -->")
        else {
            Issue.record("\(file) has no generated \(name) block")
            return ""
        }
        return lines[(start + 1)..<end].joined(separator: "\n")
    }

    @Test(arguments: CommandSection.allCases)
    func docsCommandTablesAreTheGeneratedOnes(section: CommandSection) throws {
        let inDocs = try Self.generatedBlock(section.marker, in: "docs/commands.md")
        #expect(inDocs == CommandTable.markdown(section), "docs/commands.md is stale: run `swift run layerscope commands --update-docs` from the package root")
    }

    @Test func readmeSynopsisIsTheGeneratedOne() throws {
        let inReadme = try Self.generatedBlock("synopsis", in: "README.md")
        #expect(
            inReadme == "```\n" + CommandTable.synopsisBlock() + "\n```",
            "README.md is stale: run `swift run layerscope commands --update-docs` from the package root")
    }

    @Test func markdownEscapesBarsAndNamesAliases() {
        let table = CommandTable.markdown(.explorer)
        #expect(table.contains("| `mode normal\\|anchor\\|cursor\\|tree` | the key mode |"))
        #expect(table.contains("| `quit` (`q`) |"))
        #expect(
            CommandTable.markdown.hasPrefix(
                "## Building and editing a scene\n\n| command | meaning |\n| --- | --- |\n| `add NAME [layer\\|view] [in PARENT] [at INDEX]` |"))
    }

    // MARK: Completion kinds

    @Test func argumentKindsFollowTheTypedWords() {
        // add NAME [layer|view] [in PARENT] [at INDEX]: after "in" comes a parent layer.
        #expect(CommandTable.argumentKinds(verb: "add", typed: ["x", "in"], position: 3) == [.layer("PARENT")])
        #expect(Set(CommandTable.argumentKinds(verb: "add", typed: ["x"], position: 2).map(\.synopsis)) == ["layer|view", "in", "at"])
        // get PROP | get presentation PROP | get now | get ctm [at N] | get content-transform [at N]
        // | get quad|plane|planes|exploded-quad (content.md, depth.md) | get screen|steps (authoring).
        #expect(
            CommandTable.argumentKinds(verb: "get", typed: [], position: 1) == [
                .property(settable: false), .keyword("presentation"), .keyword("now"),
                .keyword("ctm"), .keyword("content-transform"),
                .keyword("quad"), .keyword("plane"), .keyword("planes"), .keyword("exploded-quad"),
                .keyword("screen"), .keyword("steps")
            ])
        // step N | step add [NOTE] | step note N TEXT | step remove N.
        #expect(CommandTable.argumentKinds(verb: "step", typed: [], position: 1) == [.number("N"), .keyword("add"), .keyword("note"), .keyword("remove")])
        // set PROP VALUE… | set screen W H.
        #expect(CommandTable.argumentKinds(verb: "set", typed: ["screen"], position: 2).contains(.number("W")))
        #expect(CommandTable.argumentKinds(verb: "get", typed: ["ctm"], position: 2) == [.keyword("at")])
        #expect(CommandTable.argumentKinds(verb: "get", typed: ["presentation"], position: 2) == [.property(settable: false)])
        #expect(CommandTable.argumentKinds(verb: "get", typed: ["now"], position: 2) == [])
        // convert point X Y from A to B: A and B are spaces; or from content NAME (content.md).
        #expect(CommandTable.argumentKinds(verb: "convert", typed: ["point", "1", "2", "from"], position: 5) == [.space("A"), .keyword("content")])
        // After "from content": a layer called content may be A (then "to"), or the content form's NAME.
        #expect(CommandTable.argumentKinds(verb: "convert", typed: ["point", "1", "2", "from", "content"], position: 6) == [.keyword("to"), .layer("NAME")])
        // save [FILE] | save --rewrite [FILE] (issue 36): Tab offers both, then the file.
        #expect(CommandTable.argumentKinds(verb: "w", typed: [], position: 1) == [.file("FILE"), .keyword("--rewrite")])
        #expect(CommandTable.argumentKinds(verb: "w", typed: ["--rewrite"], position: 2) == [.file("FILE")])
        // export svg FILE [--crop screen|content].
        #expect(CommandTable.argumentKinds(verb: "export", typed: ["svg", "a.svg"], position: 3) == [.keyword("--crop")])
        #expect(CommandTable.argumentKinds(verb: "export", typed: ["svg", "a.svg", "--crop"], position: 4) == [.choice(["screen", "content"])])
        #expect(CommandTable.argumentKinds(verb: "nope", typed: [], position: 1) == [])
    }
}
