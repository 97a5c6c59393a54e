import Testing
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles

@Suite struct JSONReaderTests {
    func read(_ text: String) throws(LayoutError) -> SourceValue? {
        try JSONReader.parse(Array(text.utf8), file: "t.json")
    }

    func failure(_ text: String) throws -> LayoutError {
        try #require(throws: LayoutError.self) { try read(text) }
    }

    func at(_ line: Int, _ column: Int) -> SourcePosition { SourcePosition(line: line, column: column) }

    @Test func everyValueAndKeyKnowsItsLineAndColumn() throws {
        let text = """
            {
              "a": [1, true],
              "b": {"c": null}
            }
            """
        let root = try #require(try read(text))
        #expect(root.position == at(1, 1))
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyPosition == at(2, 3))
        #expect(members[0].value.position == at(2, 8))
        let a = try #require(members[0].value.elements)
        #expect(a[0] == SourceValue(.number(1, literal: "1"), at: at(2, 9)))
        #expect(a[1] == SourceValue(.bool(true), at: at(2, 12)))
        let c = try #require(members[1].value.members?.first)
        #expect(c.keyPosition == at(3, 9))
        #expect(c.value == SourceValue(.null, at: at(3, 14)))
    }

    @Test func objectsKeepTheirKeysInFileOrder() throws {
        let root = try #require(try read(#"{"z": 1, "a": 2, "m": 3}"#))
        #expect(root.members?.map(\.key) == ["z", "a", "m"])
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        // "é" is two bytes, "🙂" four; each is one column.
        let root = try #require(try read(#"{"é🙂": "x", "k": 1}"#))
        #expect(root.members?[1].keyPosition == at(1, 13))
    }

    @Test func crlfAndLoneCRBothEndALine() throws {
        let root = try #require(try read("{\r\n\"a\": 1,\r\"b\": 2}"))
        #expect(root.members?[0].keyPosition == at(2, 1))
        #expect(root.members?[1].keyPosition == at(3, 1))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let root = try #require(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8), file: "t.json"))
        // The mark is invisible in editors, so it takes no column.
        #expect(root.members?.isEmpty == true)
        #expect(root.position == at(1, 1))
    }

    @Test func whitespaceOnlyIsNoDocument() throws {
        #expect(try read(" \n\t ") == nil)
        #expect(try read("") == nil)
    }

    @Test func stringEscapesDecode() throws {
        let root = try #require(try read(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude42"]"#))
        #expect(root.elements?.map(\.kind) == [.string("a\"b\\c/d\n\t"), .string("é🙂")])
    }

    @Test func numbersKeepTheirSpelling() throws {
        let root = try #require(try read("[-0.5, 1e3, 0, 1E-2, 1e999]"))
        let kinds = try #require(root.elements?.map(\.kind))
        #expect(kinds[0] == .number(-0.5, literal: "-0.5"))
        #expect(kinds[1] == .number(1000, literal: "1e3"))
        #expect(kinds[3] == .number(0.01, literal: "1E-2"))
        // Out of range reads as infinity; the decoder refuses it and quotes the spelling.
        #expect(kinds[4] == .number(.infinity, literal: "1e999"))
    }

    @Test func aDuplicateKeyIsReportedAtTheSecondWithThePathAndTheFirst() throws {
        let e = try failure("{\"layers\": [{\"name\": \"a\",\n  \"name\": \"b\"}]}")
        #expect(e.line == 2 && e.column == 3)
        #expect(e.path == "layers[0].name")
        #expect(e.message == "duplicate key \"name\" (first at line 1, column 14)")
    }

    @Test func theSameKeyInDifferentObjectsIsFine() throws {
        #expect(try read(#"[{"a": 1}, {"a": 2}]"#) != nil)
    }

    @Test func trailingCommaIsReportedAtTheComma() throws {
        let e = try failure("[1, 2,\n]")
        #expect(e.line == 1 && e.column == 6)
        #expect(e.message == "trailing comma before \"]\"")
        #expect(e.path == "")
    }

    @Test func missingCommaIsReportedAtTheNextValueWithAFix() throws {
        let e = try failure("[1\n 2]")
        #expect(e.line == 2 && e.column == 2)
        #expect(e.message == "expected \",\" or \"]\" after an array element, found a number")
        #expect(e.suggestion == "add a \",\" before it")
    }

    @Test func anUnclosedContainerIsReportedAtTheEndNamingTheOpener() throws {
        let e = try failure("{\"a\": [1, 2")
        #expect(e.line == 1 && e.column == 12)
        #expect(e.message.contains("the \"[\" at line 1, column 7 is never closed"))
    }

    @Test(arguments: ["NaN", "Infinity", "-Infinity"])
    func nonFiniteWordsAreRefused(_ word: String) throws {
        let e = try failure("[1, \(word)]")
        #expect(e.line == 1 && e.column == 5)
        #expect(e.message == "expected a finite number, found \(word)")
    }

    @Test func misspelledLiteralsGetASuggestion() throws {
        let e = try failure("[tru]")
        #expect(e.message == "unexpected word tru")
        #expect(e.suggestion == "did you mean true?")
        let bare = try failure("[hello]")
        #expect(bare.suggestion == "write \"hello\"")
    }

    @Test func invalidEscapeIsReportedAtTheBackslash() throws {
        let e = try failure(#"["a\qb"]"#)
        #expect(e.line == 1 && e.column == 4)
        #expect(e.message == "invalid escape \"\\q\" in a string")
    }

    @Test func unpairedSurrogateIsAnErrorNotACrash() throws {
        let e = try failure(#"["\ud800x"]"#)
        #expect(e.column == 3)
        #expect(e.message.contains("unpaired surrogate"))
        #expect(try failure(#"["\udc00"]"#).message.contains("unpaired surrogate"))
    }

    @Test func controlCharactersInStringsAreRefused() throws {
        let e = try failure("[\"a\tb\"]")
        #expect(e.column == 4)
        #expect(e.suggestion == "write a tab as \\t")
    }

    @Test(arguments: [
        ("[01]", "invalid number 01"), ("[1.]", "invalid number 1."), ("[1e]", "invalid number 1e"),
        ("[0x1F]", "invalid number 0x1F"), ("[12px]", "invalid number 12px"), ("[-]", "expected a digit after \"-\"")
    ])
    func malformedNumbersAreRefused(_ text: String, _ message: String) throws {
        let e = try failure(text)
        #expect(e.message.hasPrefix(message), "\(e)")
        #expect(e.column == 2)
    }

    @Test func leadingDotAndPlusGetFixes() throws {
        #expect(try failure("[.5]").suggestion == "write a leading zero, like 0.5")
        #expect(try failure("[+1]").suggestion == "JSON numbers have no plus sign; remove it")
    }

    @Test func contentAfterTheTopLevelValueIsRefused() throws {
        let e = try failure("{}\n{}")
        #expect(e.line == 2 && e.column == 1)
        #expect(e.message == "unexpected \"{\" after the end of the top-level value")
    }

    @Test func controlBytesOutsideStringsAreNamed() throws {
        let e = try failure("{\u{0}}")
        #expect(e.column == 2)
        #expect(e.message == "expected a key in double quotes, found the control character U+0000")
    }

    @Test func aLongMinifiedLineReportsExactColumns() throws {
        // 20 000 members on one line: the column cache must keep positions exact (and fast).
        let members = (0..<20_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let root = try #require(try read("{" + members + "}"))
        let last = try #require(root.members?.last)
        let prefix = "{" + (0..<19_999).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + ","
        #expect(last.keyPosition == at(1, prefix.count + 1))
    }

    @Test func twoHundredLevelsAreFineAndTwoHundredAndOneAreNot() throws {
        let ok = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try read(ok) != nil)
        let e = try failure(String(repeating: "[", count: 201) + String(repeating: "]", count: 201))
        #expect(e.line == 1 && e.column == 201)
    }
}
