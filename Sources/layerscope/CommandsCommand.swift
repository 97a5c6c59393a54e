import ArgumentParser
import CommandLanguage

/// `layerscope commands [--markdown]`: the command language's reference, generated from the
/// commands' declarations (`CommandTable`): every synopsis (README.md's block), or the
/// tables of docs/commands.md.
struct Commands: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every command of the language (keys, the : line, scripts, eval).")

    @Flag(help: "Print docs/commands.md's tables in Markdown.")
    var markdown = false

    func run() {
        print(markdown ? CommandTable.markdown : CommandTable.synopsisBlock())
    }
}
