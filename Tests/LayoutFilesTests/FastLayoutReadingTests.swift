import Testing
@testable import LayerModel
@testable import LayoutFiles
import Geometry

/// The paths issue 21's speed work added to reading layout files (issue 21, "Speed"): numbers
/// read without strtod, strings taken as their bytes, duplicate keys found by scanning small
/// objects, the writable check done with plain comparisons, field paths spelled out only for
/// a message. Each must give exactly what the slow path gave.
@Suite struct FastLayoutReadingTests {
    func read(_ text: String) throws(LayoutError) -> SourceValue? {
        try JSONReader.parse(Array(text.utf8), file: "t.json")
    }

    func number(_ literal: String) throws -> Double {
        let root = try #require(try read("[\(literal)]"))
        guard case .number(let n, let spelling)? = root.elements?.first?.kind else {
            Issue.record("\(literal) did not read as a number")
            return .nan
        }
        #expect(spelling == literal)
        return n
    }

    func loadError(_ text: String) throws -> LayoutError {
        try #require(throws: LayoutError.self) { try LayoutFile.parse(text, file: "t.json", format: .json) }
    }

    // MARK: Numbers

    @Test func awkwardNumbersReadExactly() throws {
        // Each is the nearest Double to the decimal written (what strtod gives); the shortest
        // text of that Double is the literal again, so a save writes back what was read.
        let cases: [(String, Double)] = [
            ("0.1", 0.1),
            ("1e-10", 1e-10),
            ("6.123233995736766e-17", 6.123233995736766e-17),  // cos(90°) as Double prints it
            ("1e308", 1e308),
            ("123456789012345", 123_456_789_012_345),  // 15 digits: the integer path
            ("999999999999999", 999_999_999_999_999),  // the largest 15-digit integer
            ("-42", -42),
            ("1234567890123456", 1_234_567_890_123_456)  // 16 digits: strtod, still exact (< 2^53)
        ]
        for (literal, expected) in cases {
            let n = try number(literal)
            #expect(n.bitPattern == expected.bitPattern, "\(literal)")
            #expect(NumberText.exact(n) == NumberText.exact(expected))
        }
        // 2^53 + 1 = 9007199254740993 has no Double: the nearest are 2^53 and 2^53 + 2, a tie,
        // broken to the even significand, 2^53 = 9007199254740992.
        #expect(try number("9007199254740993") == 9_007_199_254_740_992)
    }

    @Test func minusZeroKeepsItsSign() throws {
        // -0 is an integer with no digits past 0: the integer path must still give -0.0.
        for literal in ["-0", "-0.0", "-0e5"] {
            let n = try number(literal)
            #expect(n == 0 && n.sign == .minus, "\(literal)")
        }
        let zero = try number("0")
        #expect(zero == 0 && zero.sign == .plus)
    }

    @Test func numbersPastDoubleOrNotNumbersAreRefusedWithTheSameMessages() throws {
        // 1e400 > Double.greatestFiniteMagnitude (≈ 1.8e308): read as infinity, refused by the
        // decoder with its spelling. `{"layers": [{"name": "a", "zPosition": 1e400}]}`: the
        // number starts at column 40 (`{"layers": [{` is 13 characters, `"name": "a", ` 13 more,
        // `"zPosition": ` 13 more).
        let big = try loadError(#"{"layers": [{"name": "a", "zPosition": 1e400}]}"#)
        #expect(big.line == 1 && big.column == 40)
        #expect(big.path == "layers[0].zPosition")
        #expect(big.message == "expected a finite number, found 1e400 (too large to represent)")
        #expect(big.suggestion == "numbers must be finite, between -1e9 and 1e9")
        // NaN never reaches the decoder: the reader refuses the word, at its first letter.
        let nan = try loadError(#"{"layers": [{"name": "a", "zPosition": NaN}]}"#)
        #expect(nan.line == 1 && nan.column == 40)
        #expect(nan.message == "expected a finite number, found NaN")
        #expect(nan.suggestion == "JSON has no NaN or Infinity; numbers must be finite")
    }

    // MARK: Strings and keys

    @Test func aControlCharacterAfterPlainTextIsStillReportedWhereItIs() throws {
        // `["ab<TAB>c"]`: `[` 1, `"` 2, a 3, b 4, the tab 5.
        let e = try #require(throws: LayoutError.self) { try read("[\"ab\tc\"]") }
        #expect(e.line == 1 && e.column == 5)
        #expect(e.message == "control character U+0009 inside a string")
        #expect(e.suggestion == "write a tab as \\t")
    }

    @Test func plainAndEscapedStringsReadTheSame() throws {
        let root = try #require(try read(#"["plain", "with \"quote\"", "é✓", "\u00e9\u2713", ""]"#))
        #expect(root.elements?.map(\.kind) == [.string("plain"), .string("with \"quote\""), .string("é✓"), .string("é✓"), .string("")])
    }

    @Test func duplicateKeysAreFoundInSmallAndLargeObjects() throws {
        // One member a line: key kN on line N + 2, column 1.
        func object(keys: [String]) -> String {
            "{\n" + keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ",\n") + "\n}"
        }
        // Small (looked through): k0…k4, then k3 again on line 7.
        let small = try #require(throws: LayoutError.self) { try read(object(keys: (0..<5).map { "k\($0)" } + ["k3"])) }
        #expect(small.line == 7 && small.column == 1)
        #expect(small.message == "duplicate key \"k3\" (first at line 5, column 1)")
        #expect(small.path == "k3")
        // Large (a dictionary from the 17th key on): k0…k19, then k3 (seen before the
        // dictionary was built) on line 22 and, separately, k18 (seen after) on line 22.
        let early = try #require(throws: LayoutError.self) { try read(object(keys: (0..<20).map { "k\($0)" } + ["k3"])) }
        #expect(early.line == 22 && early.message == "duplicate key \"k3\" (first at line 5, column 1)")
        let late = try #require(throws: LayoutError.self) { try read(object(keys: (0..<20).map { "k\($0)" } + ["k18"])) }
        #expect(late.line == 22 && late.message == "duplicate key \"k18\" (first at line 20, column 1)")
        // 20 distinct keys are fine.
        #expect(try read(object(keys: (0..<20).map { "k\($0)" }))?.members?.count == 20)
    }

    // MARK: Positions and paths deep in a big file

    /// The benchmark's file shape: line 1 opens the root view, line i + 1 holds view vi.
    func bigLayout(count: Int, line special: Int? = nil, _ text: String = "") -> String {
        var out = "{\"title\": \"big\", \"layers\": [{\"name\": \"root\", \"kind\": \"view\", \"frame\": [0, 0, 375, 812], \"subviews\": [\n"
        for i in 1..<count {
            let layer = i == special ? text : "{\"name\": \"v\(i)\", \"kind\": \"view\", \"frame\": [\(i % 375), \(i % 812), 10, 10]}"
            out += "  " + layer + (i == count - 1 ? "" : ",") + "\n"
        }
        return out + "]}]}\n"
    }

    @Test func aBigFileLoadsWithEveryLayer() throws {
        let scene = try LayoutFile.parse(bigLayout(count: 5_000), file: "big.json", format: .json)
        #expect(scene.tree.count == 5_000)
        // v4321: frame [4321 mod 375, 4321 mod 812, 10, 10] = [196, 261, 10, 10]; a view's center
        // is the frame's middle, (201, 266).
        let v = try #require(scene.tree.id(named: "v4321"))
        #expect(scene.tree[v].position == Point(x: 201, y: 266))
        #expect(scene.tree.path(of: v) == "root/v4321")
    }

    @Test func aDecodeErrorDeepInABigFileHasItsLineColumnAndPath() throws {
        // View v4321 is on line 4322; its line reads `  {"name": "v4321", "kind": "view",
        // "frame": [1, 2, "x", 4]}`: 2 spaces, `{` at 3, `"name": "v4321", ` 4…20,
        // `"kind": "view", ` 21…36, `"frame": ` 37…45, `[` 46, `1, ` 47…49, `2, ` 50…52, `"x"` 53.
        let text = bigLayout(count: 5_000, line: 4321, #"{"name": "v4321", "kind": "view", "frame": [1, 2, "x", 4]}"#)
        let e = try loadError(text)
        #expect(e.line == 4322 && e.column == 53)
        // v1 is subviews[0], so v4321 is subviews[4320].
        #expect(e.path == "layers[0].subviews[4320].frame[2]")
        #expect(e.message == "expected a number, found the string \"x\"")
        #expect(e.suggestion == nil)
    }

    @Test func aSyntaxErrorDeepInABigFileHasItsLineColumnAndPath() throws {
        // View v2500 on line 2501 gives "name" twice: the second at column 21 (as "kind" above).
        let text = bigLayout(count: 5_000, line: 2500, #"{"name": "v2500", "name": "w", "frame": [1, 2, 3, 4]}"#)
        let e = try loadError(text)
        #expect(e.line == 2501 && e.column == 21)
        #expect(e.message == "duplicate key \"name\" (first at line 2501, column 4)")
        #expect(e.path == "layers[0].subviews[2499].name")
    }

    @Test func aDuplicateNameDeepInABigFileNamesTheFirstUse() throws {
        // v4000 renamed v17: the first v17 is on line 18, its name's value at column 12.
        let text = bigLayout(count: 5_000, line: 4000, #"{"name": "v17", "frame": [1, 2, 3, 4]}"#)
        let e = try loadError(text)
        #expect(e.line == 4001 && e.column == 12)
        #expect(e.path == "layers[0].subviews[3999].name")
        #expect(e.message == "duplicate layer name \"v17\": already used at line 18, column 12")
    }

    // MARK: The writable check

    @Test func theQuickWritableCheckSeesEverySavedNumber() throws {
        // Every saved declaration holding numbers, set to 2e9 (past the ±1e9 a file holds) on
        // an otherwise default layer: the quick check must send each one to the full check.
        #expect(LayoutDecoder.savedNumbersWithinLimit(Layer(name: "a")))
        var checked: [Property] = []
        for declaration in PropertyDeclaration.all where declaration.isSaved {
            guard let write = declaration.write else { continue }
            let value: PropertyValue
            switch declaration.kind {
            case .number: value = .number(2e9)
            case .point: value = .point(Point(x: 0, y: 2e9))
            case .rect: value = .rect(Rect(x: 0, y: 0, width: 10, height: 2e9))
            case .transform: value = .transform(TransformSpec([.translate(0, 2e9, nil)]))
            default: continue
            }
            var layer = Layer(name: "a")
            try write(&layer, value)
            #expect(!LayoutDecoder.savedNumbersWithinLimit(layer), "\(declaration.property)")
            checked.append(declaration.property)
        }
        #expect(
            checked == [
                .bounds, .anchorPoint, .anchorPointZ, .position, .zPosition, .transform,
                .sublayerTransform, .opacity, .borderWidth, .contentsScale
            ])
    }

    @Test func aDerivedNumberPastTheLimitIsStillReportedWithItsField() throws {
        // A view's frame [999999999, 0, 1000, 10]: each number is within ±1e9, but its center x
        // is 999999999 + 1000 / 2 = 1000000499, which a save could not write back.
        let e = try loadError(#"{"layers": [{"name": "a", "kind": "view", "frame": [999999999, 0, 1000, 10]}]}"#)
        #expect(e.line == 1 && e.column == 13)
        #expect(e.path == "layers[0].center")
        #expect(e.message == "the layer's center works out to 1000000499, past the ±1e9 a layout file can hold, so it could not be saved and read back")
    }

    @Test func theFieldTableFindsEverySpellingAndNothingElse() {
        // The bucketed table answers exactly as the dictionary it is built from.
        for (spelling, slot) in LayoutDecoder.Field.slotBySpelling {
            #expect(LayoutDecoder.Field.slot(spelledAs: spelling) == slot, "\(spelling)")
        }
        for other in ["", "Name", "nam", "names", "frame ", "bounds2", "é", "subview", "drawings"] {
            #expect(LayoutDecoder.Field.slot(spelledAs: other) == nil, "\(other)")
        }
        #expect(LayoutDecoder.Field.slot(spelledAs: "center") == LayoutDecoder.Field.slot(spelledAs: "position"))
    }

    @Test func layersAreCountedBeforeDecodingToSizeTheTree() throws {
        // Two top-level layers; the first has 2 sublayers, one of which has 1 subview: 5 in all.
        let root = try #require(
            try read(
                #"""
                [{"name": "a", "sublayers": [{"name": "b"}, {"name": "c", "subviews": [{"name": "d"}]}]}, {"name": "e"}]
                """#))
        #expect(LayoutDecoder.countLayers(try #require(root.elements)) == 5)
    }
}
