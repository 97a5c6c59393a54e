import Foundation
import Testing
import LayerModel
import Scenes
@testable import LayoutFiles

/// Notes in parts (issue 31): every importer writes an `ImportNote`, its text is the layer's
/// `note`, and the format reader reads that text back into the same parts, so the inspector
/// lays out parts and never parses.
@Suite struct ImportNoteTests {
    /// A po line's note as RecursiveDescriptionImport writes it, by hand: the rect's `;` is
    /// inside parentheses, so it stays in its part.
    @Test func aWrittenNoteReadsBackIntoItsParts() throws {
        let text =
            "UILabel 0x7f9; tag 3; printed: frame, anchorPoint; derived: bounds.size from frame, "
            + "position from frame and anchorPoint; assumed: transform identity; frame as written (0 0; 288 43.5): reproduced; "
            + "APPROXIMATE: the transform was not printed; line 12"
        let note = try #require(ImportNote(parsing: text))
        #expect(note.identity == ["UILabel 0x7f9", "tag 3"])
        #expect(note.printed == ["frame", "anchorPoint"])
        #expect(note.derived == ["bounds.size from frame", "position from frame and anchorPoint"])
        #expect(note.assumed == ["transform identity"])
        #expect(note.remarks == ["frame as written (0 0; 288 43.5): reproduced"])
        #expect(note.approximate == ["the transform was not printed"])
        #expect(note.line == 12)
        #expect(note.text == text)
        #expect(note.parts.map(\.kind) == [.identity, .identity, .printed, .derived, .assumed, .remark, .approximate, .line])
    }

    /// An author's own note is not an import's: it has none of the parts, or not in the
    /// order an importer writes them.
    @Test func partsSplitOutsideBracketsAndBetweenCharacters() {
        // Cuts only at a separator outside () and []; multi-byte text around and inside stays
        // whole (the split walks UTF-8 bytes; every bracket and separator is ASCII).
        #expect(ImportNote.split("text 'é; ü'; frame (1; 2) [a; b]; 🙂", at: "; ") == ["text 'é", "ü'", "frame (1; 2) [a; b]", "🙂"])
        #expect(ImportNote.split("a, b (c, d), 日本", at: ", ") == ["a", "b (c, d)", "日本"])
        #expect(ImportNote.split("x)) ; y; ", at: "; ") == ["x)) ", "y", ""])
        #expect(ImportNote.split("", at: "; ") == [""])
    }

    @Test func anAuthorsNoteIsNotParsedIntoParts() {
        #expect(ImportNote(parsing: "the card; it turns about its centre") == nil)
        #expect(ImportNote(parsing: "APPROXIMATE: x; a remark after it") == nil)
        #expect(ImportNote(parsing: "line 4; UIView") == nil)
    }

    /// An importer's note sets the text and the parts together; the `note` property's writer
    /// (`set note`, a layout's `note`) drops the parts.
    @Test func theNoteAndItsPartsStayOne() throws {
        var layer = Layer(name: "v", kind: .view)
        layer.setImportNote(ImportNote(identity: ["UIView"], printed: ["frame"], line: 3))
        #expect(layer.note == "UIView; printed: frame; line 3")
        #expect(layer.importNote?.printed == ["frame"])
        let write = try #require(Property.note.declaration.write)
        try write(&layer, .text("mine now"))
        #expect(layer.importNote == nil)
        #expect(layer.note == "mine now")
    }

    /// Every layer of every dump of the corpus, through the registry as `layerscope FILE`
    /// opens it: its note is its parts' text, reads back into the same parts, and survives a
    /// save and a reopen; the layers with approximate parts are exactly those the import
    /// reports as approximate.
    @Test(arguments: try DumpEntry.all().filter { $0.layers != nil })
    func everyImportedNoteIsInPartsAndSurvivesASave(_ entry: DumpEntry) throws {
        let imported = try ImportForms.importText(try dumpText(entry.file), file: entry.file, lenient: true)
        let tree = imported.scene.tree
        var withParts = 0
        var approximate: Set<String> = []
        for id in tree.treeOrder {
            let layer = tree[id]
            guard let parts = layer.importNote else {
                #expect(layer.note == nil || ImportNote(parsing: layer.note!) == nil, "\(entry.file) \(layer.name)")
                continue
            }
            withParts += 1
            #expect(layer.note == parts.text)
            #expect(ImportNote(parsing: parts.text) == parts, "\(entry.file) \(layer.name): \(parts.text)")
            if !parts.approximate.isEmpty { approximate.insert(layer.name) }
        }
        #expect(withParts > 0, "\(entry.file): no layer has a note in parts")
        #expect(approximate == Set(imported.approximate.map(\.name)), "\(entry.file)")
        let reopened = try LayoutFile.parse(LayoutFile.encode(imported.scene, format: .json), file: "saved.json", format: .json)
        for id in tree.treeOrder {
            let name = tree[id].name
            let again = try #require(reopened.tree.id(named: name))
            #expect(reopened.tree[again].importNote == tree[id].importNote, "\(entry.file) \(name)")
        }
    }
}
