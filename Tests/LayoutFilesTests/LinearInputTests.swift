import Foundation
import Testing
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles

/// Issue 15, findings 4 and 7: duplicate keys are found without one parse per duplicate, and
/// positions in files with Unicode line separators match what an editor shows.
@Suite("Duplicate keys and line separators")
struct LinearInputTests {
    @Test func aFileFullOfDuplicateKeysIsReportedOnceAtTheFirstSecondOccurrence() throws {
        // 20 000 layers, each naming itself twice: line 1 "layers:", then per layer
        // "  - name: lN" and "    name: lN". The first duplicate is on line 3, at column 5.
        // Before, each duplicate cost a full re-parse (up to 64): 124 s for the reported file.
        var text = "layers:\n"
        for i in 0..<20_000 { text += "  - name: l\(i)\n    name: l\(i)\n" }
        let e = try #require(throws: LayoutError.self) { try LayoutFile.parse(text, file: "dup.yaml", format: .yaml) }
        #expect(e.line == 3 && e.column == 5)
        #expect(e.message == "duplicate key \"name\" (first at line 2, column 5)")
    }

    @Test func blockDuplicateStopsWhereTheMappingEnds() {
        // "a" at 2:3 belongs to the first item; the second item's "a" (4:5) is another mapping.
        let source = SourceText("x:\n  a: 1\n- b: 2\n    a: 3\n")
        #expect(source.blockDuplicate(of: "a", firstAt: SourcePosition(line: 2, column: 3)) == nil)
        let same = SourceText("m:\n  a: 1\n  b:\n    a: 9\n  \"a\": 2\n")
        // Line 4's "a" is nested deeper (column 5); line 5's quoted "a" is the duplicate.
        #expect(same.blockDuplicate(of: "a", firstAt: SourcePosition(line: 2, column: 3)) == SourcePosition(line: 5, column: 3))
    }

    @Test(arguments: [("\u{2028}", "U+2028 (line separator)"), ("\u{2029}", "U+2029 (paragraph separator)"), ("\u{85}", "U+0085 (next line)")])
    func aRawUnicodeLineBreakInYAMLIsRefusedWhereAnEditorShowsIt(_ character: String, _ name: String) throws {
        // Line 1 "layers: []" ends in \r\n (one break), line 2 is `title: "x` + the character:
        // t1 i2 t3 l4 e5 :6 space7 "8 x9, so the character is at 2:10.
        let text = "layers: []\r\ntitle: \"x\(character)\"\n"
        let e = try #require(throws: LayoutError.self) { try LayoutFile.parse(text, file: "sep.yaml", format: .yaml) }
        #expect(e.line == 2 && e.column == 10)
        #expect(e.message.hasPrefix(name + " in a YAML file"))
    }

    @Test func theEscapedFormIsAccepted() throws {
        let scene = try LayoutFile.parse("title: \"x\\u2028y\"\nlayers: []\n", file: "ok.yaml", format: .yaml)
        #expect(scene.title == "x\u{2028}y")
    }

    @Test func jsonCountsLinesAtNewlinesOnly() throws {
        // U+2028 inside a string is legal JSON and does not start a line: the bad "layers"
        // value is on line 2 at column 12 (space1 "2 l3 a4 y5 e6 r7 s8 "9 :10 space11 5→12).
        let text = "{\"title\": \"a\u{2028}b\",\n \"layers\": 5}"
        let e = try #require(throws: LayoutError.self) { try LayoutFile.parse(text, file: "sep.json", format: .json) }
        #expect(e.line == 2 && e.column == 12)
    }
}
