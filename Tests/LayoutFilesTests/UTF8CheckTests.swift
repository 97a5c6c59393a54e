import Testing
@testable import LayoutFiles

/// `LayoutFile.checkUTF8` passes an all-ASCII file eight bytes at a time and walks any other
/// file byte by byte: the answers, and an error's line and column, must not depend on which.
@Suite struct UTF8CheckTests {
    func check(_ bytes: [UInt8]) -> LayoutError? {
        do throws(LayoutError) { try LayoutFile.checkUTF8(bytes, file: "t.json"); return nil } catch { return error }
    }

    @Test func asciiIsSeenEightBytesAtATime() {
        // 0x7F is the last ASCII byte; 0x80 in any of the 8 places of a word, or in the tail
        // after the last whole word (17 bytes: two words and one byte), is not ASCII.
        #expect(LayoutFile.isASCII(Array("{\"name\": \"a\"}\n\u{7F}".utf8)))
        #expect(LayoutFile.isASCII([]))
        for place in 0..<17 {
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17)
            bytes[place] = 0x80
            #expect(!LayoutFile.isASCII(bytes), "0x80 at \(place)")
        }
    }

    @Test func validTextPassesEitherWay() {
        #expect(check(Array("{\"name\": \"root\"}\n".utf8)) == nil)
        #expect(check(Array("{\"name\": \"café ✓ 😀\"}\n".utf8)) == nil)
    }

    @Test func aBadBytePastTheFirstWordsIsPlacedExactly() throws {
        // Line 1 is 17 ASCII bytes (two whole words and more), line 2 "  é" then 0xFF:
        // columns count characters, so 0xFF is line 2, column 4 (two spaces, é, then it).
        var bytes = Array("{\"name\": \"root\",\n  é".utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Array("}\n".utf8))
        let error = try #require(check(bytes))
        #expect(error.line == 2)
        #expect(error.column == 4)
        #expect(error.message == "not UTF-8 text: invalid byte 0xFF")
    }
}
