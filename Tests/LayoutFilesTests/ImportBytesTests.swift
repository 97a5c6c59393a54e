import Testing
@testable import LayoutFiles

/// Issue 21's import speed: a frame's numbers and a class's short name are read on the bytes
/// when the text's characters are its bytes, and as characters otherwise. Both must give what
/// the character reading gave (kept here as the reference, word for word).
@Suite struct ImportBytesTests {
    /// `numberTokens` as it was at 054a4da, on characters.
    static func referenceTokens(_ raw: String, open: Character, close: Character) -> [String] {
        var body = Substring(raw)
        if let first = body.first, first.isLetter, let o = body.firstIndex(of: open),
            body[..<o].allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " })
        {
            body = body[o...]
        }
        guard body.first == open, body.last == close else { return [] }
        body = body.dropFirst().dropLast()
        return body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "\n" }).map(String.init)
    }

    static func tokens(_ raw: String, _ open: Character = "(", _ close: Character = ")") -> [String] {
        RecursiveDescriptionParser(s: [], file: "t", lenient: true).numberTokens(raw, open: open, close: close)
    }

    /// Worked by hand.
    @Test func frameNumbersByHand() {
        #expect(Self.tokens("(0 0; 375 64)") == ["0", "0", "375", "64"])
        #expect(Self.tokens("CGRect (0 0; 627 100)") == ["0", "0", "627", "100"])
        #expect(Self.tokens("CGPoint (333.5 70)") == ["333.5", "70"])
        #expect(Self.tokens("[1, 0, -0, 1,\n0, 0]", "[", "]") == ["1", "0", "-0", "1", "0", "0"])
        #expect(Self.tokens("{0, -20}", "{", "}") == ["0", "-20"])
        #expect(Self.tokens("(0 0;\t10 10)") == ["0", "0", "\t10", "10"])  // a tab does not separate
        #expect(Self.tokens("(0 0; 10") == [])  // cut before its `)`
        #expect(Self.tokens("(") == [])
        #expect(Self.tokens("()") == [])
        #expect(Self.tokens("") == [])
        #expect(Self.tokens("Rect: (1 2)") == [])  // `:` is not part of a type name
        // `\r\n` is one character, not a separator, when read as characters; the byte reading
        // leaves such a value (and any non-ASCII one) to the character reading.
        #expect(RecursiveDescriptionParser.asciiNumberTokens("(1\r\n2)", open: "(", close: ")") == nil)
        #expect(Self.tokens("(1\r\n2)") == ["1\r\n2"])
        #expect(Self.tokens("(1\n2)") == ["1", "2"])
        #expect(RecursiveDescriptionParser.asciiNumberTokens("(１ 2)", open: "(", close: ")") == nil)
        #expect(Self.tokens("(１ 2)") == ["１", "2"])
        #expect(Self.tokens("Größe (1 2)") == ["1", "2"])
    }

    /// Against the character reading, on 20 000 random values made of the characters that matter.
    @Test func frameNumbersAsTheCharacterReading() {
        let pieces = ["(", ")", "[", "]", "{", "}", " ", ",", ";", "\n", "\r", "\r\n", "\t", "0", "1.5", "-2", "e", "CGRect", "x", "é", "\u{301}", ":"]
        var state: UInt64 = 7
        func below(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<20_000 {
            var raw = ""
            for _ in 0..<below(10) { raw += pieces[below(pieces.count)] }
            for (open, close) in [("(", ")"), ("[", "]"), ("{", "}")] as [(Character, Character)] {
                #expect(Self.tokens(raw, open, close) == Self.referenceTokens(raw, open: open, close: close), "\(raw.debugDescription)")
            }
        }
    }

    /// Worked by hand: plain decimals are `m / 10^k`; the rest is `Double(token)`'s.
    @Test func printedNumbersByHand() {
        func bits(_ x: Double?) -> UInt64? { x?.bitPattern }
        #expect(PrintedNumber.value("375") == 375)
        #expect(PrintedNumber.value("63.6667") == 636_667.0 / 10_000)
        #expect(PrintedNumber.value("-20") == -20)
        #expect(bits(PrintedNumber.value("-0")) == (-0.0).bitPattern)  // the sign of zero kept, as Double("-0")
        #expect(PrintedNumber.value("0.333333") == 333_333.0 / 1_000_000)
        #expect(PrintedNumber.value("007") == 7)
        // 17 digits: past the fast path, read by Double(token): the same value.
        #expect(PrintedNumber.value("0.70710678118654757") == 0.70710678118654757)
        #expect(PrintedNumber.value("1e3") == 1000)
        #expect(PrintedNumber.value("5.") == 5)
        #expect(PrintedNumber.value(".5") == Double(".5"))
        #expect(PrintedNumber.value("+5") == Double("+5"))
        #expect(PrintedNumber.value("nan")?.isNaN == true)
        #expect(PrintedNumber.value("") == nil)
        #expect(PrintedNumber.value("-") == nil)
        #expect(PrintedNumber.value("1.2.3") == nil)
        #expect(PrintedNumber.value("1 2") == nil)
        #expect(PrintedNumber.value("１") == nil)
    }

    /// Against `Double(token)`, bit for bit, on 50 000 random tokens.
    @Test func printedNumbersAsDouble() {
        let pieces = ["0", "1", "2", "5", "9", "3", "7", ".", "-", "+", "e", "E", "x", " ", "00000", "99999", "123456", "1e22", "inf", "nan", "0x1p3"]
        var state: UInt64 = 3
        func below(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<50_000 {
            var token = ""
            for _ in 0..<(1 + below(8)) { token += pieces[below(pieces.count)] }
            let mine = PrintedNumber.value(token), theirs = Double(token)
            #expect(mine?.bitPattern == theirs?.bitPattern || (mine?.isNaN == true && theirs?.isNaN == true), "\(token)")
        }
    }

    /// Worked by hand: the part after the last `.`, on bytes for ASCII and on characters else.
    @Test func shortClassNamesByHand() {
        #expect(RecursiveDescriptionImporter.shortClassName("MyApp.CardView") == "CardView")
        #expect(RecursiveDescriptionImporter.shortClassName("UIView") == "UIView")
        #expect(RecursiveDescriptionImporter.shortClassName("a.b.c") == "c")
        #expect(RecursiveDescriptionImporter.shortClassName("a.") == "")
        #expect(RecursiveDescriptionImporter.shortClassName(".b") == "b")
        #expect(RecursiveDescriptionImporter.shortClassName("Zellé.名前") == "名前")
        #expect(RecursiveDescriptionImporter.shortClassName("名前.Zelle") == "Zelle")
        // A combining mark after the dot makes one character that is not `.`.
        #expect(RecursiveDescriptionImporter.shortClassName("A.\u{301}B") == "A.\u{301}B")
        #expect(RecursiveDescriptionImporter.shortClassName("A.B\tC") == "B\tC")
    }
}
