@testable import Explorer
import Foundation
import Testing
import Engine
import LayerModel
import LayoutFiles

/// README's key table, docs/layout-format.md's layer fields and docs/commands.md's script
/// effects are generated from the declarations; these keep the checked-in text equal.
@Suite struct GeneratedDocsTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let regenerate = "regenerate: `swift run layerscope commands --update-docs` from the package root (rewrites every generated block of README.md and docs/*.md)"

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

    @Test func layoutFormatFieldTableIsTheDeclarations() throws {
        #expect(try Self.block("layer-fields", in: "docs/layout-format.md") == LayoutFieldTable.markdown,
                "docs/layout-format.md's field table is stale; \(Self.regenerate)")
        #expect(LayoutFieldTable.undescribed.isEmpty, "say what these fields hold in LayoutFieldTable.words: \(LayoutFieldTable.undescribed)")
    }

    @Test func scriptEffectTableIsTheDeclarations() throws {
        #expect(try Self.block("script-effects", in: "docs/commands.md") == ScriptContext.markdownTable,
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
