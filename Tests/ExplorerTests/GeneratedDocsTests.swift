@testable import Explorer
import Foundation
import Testing
import Engine
import LayerModel
import LayoutFiles
import TestSupport

/// README's key table, docs/layout-format.md's layer fields and docs/commands.md's script
/// effects are generated from the declarations; these keep the checked-in text equal.
@Suite struct GeneratedDocsTests {
    static let package = PackageRoot.url
    static let regenerate =
        "regenerate: `swift run layerscope commands --update-docs` from the package root (rewrites every generated block of README.md and docs/*.md)"

    /// The text between `<!-- commands:NAME … -->` and `<!-- /commands:NAME -->`.
    static func block(_ name: String, in file: String) throws -> String {
        let text = try String(contentsOf: package.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(where: { $0.hasPrefix("<!-- commands:\(name) ") }), "\(file) has no generated \(name) block")
        let end = try #require(lines.firstIndex(of: "<!-- /commands:\(name) -->"), "\(file) has no end of its \(name) block")
        return lines[(start + 1)..<end].joined(separator: "\n")
    }

    @Test func readmeKeyTableIsTheKeymaps() throws {
        #expect(try Self.block("keys", in: "README.md") == Keymap.markdownTable, "README.md's key table is stale; \(Self.regenerate)")
    }

    /// docs/import.md's tree keys are the keymap's tree-mode bindings: `*` (reveal) and `F`
    /// (the filter) are rows, with their help less the "tree mode: " the section says.
    @Test func importDocsTreeKeyTableIsTheKeymaps() throws {
        #expect(try Self.block("tree-keys", in: "docs/import.md") == Keymap.treeMarkdownTable, "docs/import.md's tree key table is stale; \(Self.regenerate)")
        let treeBindings = Keymap.bindings.filter { $0.modes == [.tree] }
        #expect(Keymap.treeMarkdownTable.split(separator: "\n").count == treeBindings.count + 2)
        #expect(Keymap.treeMarkdownTable.contains("| `*` | reveal the selection (unfold its ancestors, show it if the filter hid it, scroll to it) |"))
        #expect(Keymap.treeMarkdownTable.contains("| `F` | leave out hidden views and zero-size leaves (again: show them) |"))
        #expect(!Keymap.treeMarkdownTable.contains("tree mode:"))
    }

    /// Rebinding a tree key in the table is all it takes for the help and the docs to say
    /// so: `*` (reveal) moved to `R` in tree mode shows as `R` in both, and `*` is gone.
    @Test func aRebindingShowsInTheHelpAndTheTable() throws {
        var rebound = Keymap.bindings
        let i = try #require(rebound.firstIndex { $0.action == .ui(.reveal) })
        rebound[i].keys = [.character("R")]
        let help = Keymap.helpLines(rebound)
        #expect(help.contains { $0.hasPrefix("R ") && $0.contains("tree mode: reveal the selection") })
        #expect(!help.contains { $0.hasPrefix("* ") })
        let table = Keymap.markdownTable(rebound.filter { $0.modes == [.tree] }, dropping: "tree mode: ")
        #expect(table.contains("| `R` | reveal the selection"))
        #expect(!table.contains("| `*` |"))
    }

    @Test func layoutFormatFieldTableIsTheDeclarations() throws {
        #expect(
            try Self.block("layer-fields", in: "docs/layout-format.md") == LayoutFieldTable.markdown,
            "docs/layout-format.md's field table is stale; \(Self.regenerate)")
        #expect(LayoutFieldTable.undescribed.isEmpty, "say what these fields hold in LayoutFieldTable.words: \(LayoutFieldTable.undescribed)")
    }

    @Test func scriptEffectTableIsTheDeclarations() throws {
        #expect(
            try Self.block("script-effects", in: "docs/commands.md") == ScriptContext.markdownTable,
            "docs/commands.md's script-effects table is stale; \(Self.regenerate)")
    }

    /// The tables say what the declarations say, row by row (worked out from the code).
    @Test func rowsFollowTheDeclarations() {
        // One row per binding plus the header and rule: `r` is its own row.
        #expect(Keymap.markdownTable.split(separator: "\n").count == Keymap.bindings.count + 2)
        #expect(Keymap.markdownTable.contains("| `r` | rotate +15 degrees about z, about the anchor |"))
        // opacity: alias alpha, constraint 0…1, default 1, animatable.
        #expect(LayoutFieldTable.markdown.contains("| `opacity` (`alpha`) | number, 0…1 | `1` | yes |"))
        // save: performed by eval, render and explore; refused by both layout scripts.
        #expect(ScriptContext.markdownTable.contains("| `save` | performed | performed | performed | refused | refused |"))
    }
}
