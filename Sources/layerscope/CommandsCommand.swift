import ArgumentParser
import CommandLanguage
import Explorer
import ExplorerRuntime
import Foundation
import Engine
import LayoutFiles
import LayoutFileIO

/// `layerscope commands [--markdown | --keys | --fields | --effects | --update-docs]`: the
/// references generated from the declarations — every synopsis (README.md's block), the
/// tables of docs/commands.md (`CommandTable`), README's key table (`Keymap`), the layer
/// field table of docs/layout-format.md (`PropertyDeclaration`), and what each kind of
/// script does with each effect (`ScriptContext`). `--update-docs` rewrites every generated
/// block in place (run it from the package root).
struct Commands: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every command of the language (keys, the : line, scripts, eval).")

    @Flag(help: "Print docs/commands.md's tables in Markdown.")
    var markdown = false

    @Flag(help: "Print README.md's key table, from the keymap.")
    var keys = false

    @Flag(help: "Print docs/layout-format.md's table of a layer's fields, from the property declarations.")
    var fields = false

    @Flag(help: "Print docs/commands.md's table of each effect in each kind of script.")
    var effects = false

    @Flag(help: "Rewrite every generated block of README.md and docs/*.md in place (from the package root).")
    var updateDocs = false

    /// Every generated block: (file, marker name, its text).
    static var blocks: [(file: String, name: String, text: String)] {
        [
            ("README.md", "synopsis", "```\n" + CommandTable.synopsisBlock() + "\n```"),
            ("README.md", "keys", Keymap.markdownTable),
            ("docs/import.md", "tree-keys", Keymap.treeMarkdownTable),
            ("docs/layout-format.md", "layer-fields", LayoutFieldTable.markdown),
            ("docs/commands.md", "script-effects", ScriptContext.markdownTable)
        ]
            + CommandSection.allCases.map { ("docs/commands.md", $0.marker, CommandTable.markdown($0)) }
    }

    func run() throws {
        if updateDocs {
            for (file, blocks) in Dictionary(grouping: Self.blocks, by: \.file).sorted(by: { $0.key < $1.key }) {
                var lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for block in blocks {
                    guard let start = lines.firstIndex(where: { $0.hasPrefix("<!-- commands:\(block.name) ") }),
                        let end = lines.firstIndex(of: "<!-- /commands:\(block.name) -->"), start < end
                    else {
                        throw ValidationError("\(file) has no <!-- commands:\(block.name) … --> block")
                    }
                    lines.replaceSubrange((start + 1)..<end, with: block.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                }
                do { try TextFile.writeAtomically(lines.joined(separator: "\n"), to: file) } catch {
                    throw ValidationError("cannot write \(file): \(error.message)")
                }
                print("updated \(file)")
            }
            return
        }
        if keys { print(Keymap.markdownTable); return }
        if fields { print(LayoutFieldTable.markdown); return }
        if effects { print(ScriptContext.markdownTable); return }
        print(markdown ? CommandTable.markdown : CommandTable.synopsisBlock())
    }
}
