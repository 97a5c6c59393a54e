import Testing
@testable import LayerModel
@testable import LayoutFiles
import Geometry

/// The compact parsed document both readers build (issue 21, "Speed"): one node per value or
/// key, a container's entries as one run of node numbers, text as ranges of the file's bytes
/// (or of `extra` for escapes and YAML). And the decoder's reading of the usual values
/// straight from the nodes, which must give what the general reading gives.
@Suite struct SourceDocumentTests {
    func read(_ text: String) throws -> SourceValue {
        try #require(try JSONReader.parse(Array(text.utf8), file: "t.json"))
    }

    @Test func aDocumentIsOneNodePerValueAndKeyWithTheRootLast() throws {
        // {"a": [1, "x\n"], "b": {"c": true}}: the root, 3 keys, the array and its 2 elements,
        // the inner object and its true = 9 nodes; entries: the root 2 members × 2, the array
        // 2, the inner object 1 member × 2 = 8.
        let root = try read(#"{"a": [1, "x\n"], "b": {"c": true}}"#)
        let document = root.document
        #expect(document.nodes.count == 9)
        #expect(document.children.count == 8)
        // Values are added as they finish, so the container that holds everything comes last.
        #expect(root.index == 8)
        #expect(root.node.kind == .object && root.node.count == 4)
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members.map(\.keyPosition) == [SourcePosition(line: 1, column: 2), SourcePosition(line: 1, column: 19)])
        let array = try #require(members[0].value.elements)
        #expect(array.count == 2)
        // "1" is a range of the file's bytes: 1 byte at offset 7.
        #expect(array[0].node.start == 7 && array[0].node.count == 1 && array[0].node.flags == 0)
        #expect(array[0].kind == .number(1, literal: "1"))
        // "x\n" has an escape: decoded into `extra`, 2 bytes (x and a line feed).
        #expect(array[1].node.flags == SourceDocument.Node.inExtra && array[1].node.count == 2)
        #expect(array[1].kind == .string("x\n"))
        #expect(members[1].value.member("c")?.value.kind == .bool(true))
        #expect(members[1].value.member("d") == nil)
    }

    @Test func emptyContainersAndScalarsStandAlone() throws {
        let root = try read(#"{"o": {}, "a": [], "n": null, "f": false}"#)
        let members = try #require(root.members)
        #expect(members[0].value.members?.isEmpty == true && members[0].value.elements == nil)
        #expect(members[1].value.elements?.isEmpty == true && members[1].value.members == nil)
        #expect(members[2].value.kind == .null)
        #expect(members[3].value.kind == .bool(false))
        // Values compare by kind, spelling and position, not by which document holds them.
        #expect(members[2].value == SourceValue(.null, at: SourcePosition(line: 1, column: 25)))
        #expect(members[2].value != SourceValue(.null, at: SourcePosition(line: 1, column: 26)))
    }

    @Test func yamlNumbersKeepTheirValueAndSpelling() throws {
        // YAML spells numbers JSON cannot (0x1F = 31, 0o17 = 15): the value is stored beside
        // the spelling rather than read back from it.
        let root = try #require(try YAMLReader.parse("a: 0x1F\nb: 0o17\nc: -2.5\nd: 7\n", file: "t.yaml"))
        let values = try #require(root.members).map(\.value.kind)
        #expect(values == [.number(31, literal: "0x1F"), .number(15, literal: "0o17"), .number(-2.5, literal: "-2.5"), .number(7, literal: "7")])
    }

    @Test func aYAMLBlockScalarKeepsWhereItsTextStarts() throws {
        let root = try #require(try YAMLReader.parse("title: t\nnotes: |\n  one\n  two\n", file: "t.yaml"))
        let notes = try #require(root.member("notes")?.value)
        #expect(notes.kind == .string("one\ntwo\n"))
        #expect(notes.contentStart == SourcePosition(line: 3, column: 3))
        #expect(root.member("title")?.value.contentStart == nil)
    }

    @Test func aYAMLFileMayStartWithAByteOrderMarkWhichTakesNoColumn() throws {
        // As in JSON: some editors write one. It used to make libyaml read the first line as a
        // scalar ("unexpected text after the end of the document" at 2:1).
        let scene = try LayoutFile.parse("\u{FEFF}title: x\nlayers:\n  - name: a\n", file: "t.yaml", format: .yaml)
        #expect(scene.title == "x" && scene.tree.count == 1)
        // `titel` is at line 1, column 1 as an editor shows it.
        let e = try #require(throws: LayoutError.self) { try LayoutFile.parse("\u{FEFF}titel: x\nlayers: []\n", file: "t.yaml", format: .yaml) }
        #expect(e.line == 1 && e.column == 1)
        // A mark that is part of a value (escaped, after the first) is kept, though Yams drops it.
        let root = try #require(try YAMLReader.parse("\u{FEFF}a: \"\\ufeffb\"\n", file: "t.yaml"))
        #expect(root.member("a")?.value.kind == .string("\u{FEFF}b"))
    }

    @Test func aKeyIsComparedByItsBytes() throws {
        // Keys with escapes live in `extra`; "\u0061" is "a" and must match the lookup of "a".
        let root = try read(#"{"\u0061": 1, "é": 2}"#)
        #expect(root.member("a")?.value.numberValue == 1)
        #expect(root.member("é")?.value.numberValue == 2)
        #expect(root.member("e") == nil)
    }

    // MARK: The decoder's plain reading

    /// `plainFieldValue` for `value` written as the field of `slot`, and `fieldValue`'s answer
    /// (nil when it throws).
    func bothReadings(_ value: String, slot: Int) throws -> (plain: PropertyValue?, general: PropertyValue?) {
        let root = try read("{\"k\": \(value)}")
        let member = try #require(root.members?.first)
        let plain = LayoutDecoder.plainFieldValue(root.document, member.valueIndex, slot: slot)
        let general = try? LayoutDecoder(file: "t.json").fieldValue(member, slot: slot, path: "k")
        return (plain, general)
    }

    @Test func thePlainReadingAgreesWithTheGeneralOneForEveryField() throws {
        let values = [
            "\"abc\"", "\"\"", "[1, 2]", "[1, 2, 3]", "[1, 2, 3, 4]", "[0, 0, -1, 5]", "[1e10, 0, 1, 1]", "0.5", "-1", "0", "2",
            "1e9", "1e10", "-1e9", "true", "false", "null", "{\"x\": 1, \"y\": 2}", "[true, 1]", "\"#ff0000\""
        ]
        var plainReads = 0
        for (slot, declaration) in LayoutDecoder.Field.decodeDeclarations.enumerated() {
            for value in values {
                let (plain, general) = try bothReadings(value, slot: slot)
                // Whatever the plain reading answers, the general one answers the same; where it
                // declines, the general one decides (the value, or the error and its message).
                if let plain {
                    #expect(plain == general, "\(declaration.property) = \(value)")
                    plainReads += 1
                }
            }
        }
        // And it does answer for the usual values (else it would be a path never taken).
        #expect(plainReads > 20)
    }

    @Test func thePlainReadingTakesTheUsualValuesAndDeclinesTheRest() throws {
        let frame = LayoutDecoder.Field.frameSlot, bounds = LayoutDecoder.Field.boundsSlot
        let opacity = LayoutDecoder.Field.property(.opacity).slot
        let hidden = LayoutDecoder.Field.property(.hidden).slot
        #expect(try bothReadings("[1, 2, 3, 4]", slot: frame).plain == .rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        // A negative width is fine in a frame, and refused in bounds (the general reading words it).
        #expect(try bothReadings("[0, 0, -1, 5]", slot: frame).plain == .rect(Rect(x: 0, y: 0, width: -1, height: 5)))
        #expect(try bothReadings("[0, 0, -1, 5]", slot: bounds).plain == nil)
        #expect(try bothReadings("[1e10, 0, 1, 1]", slot: frame).plain == nil)
        #expect(try bothReadings("{\"x\": 1, \"y\": 2, \"width\": 3, \"height\": 4}", slot: frame).plain == nil)
        #expect(try bothReadings("0.25", slot: opacity).plain == .number(0.25))
        #expect(try bothReadings("1.5", slot: opacity).plain == nil)
        #expect(try bothReadings("true", slot: hidden).plain == .bool(true))
        #expect(try bothReadings("\"yes\"", slot: hidden).plain == nil)
    }

    @Test func aLayersKindIsReadFromItsBytes() throws {
        let root = try read(#"["view", "layer", "View", 1]"#)
        let elements = try #require(root.elements)
        #expect(elements.map { LayoutDecoder.plainKind(root.document, $0.index) } == [.view, .layer, nil, nil])
    }
}
