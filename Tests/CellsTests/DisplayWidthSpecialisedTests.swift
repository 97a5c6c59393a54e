import Testing
@testable import Cells

/// `String` and `Substring` measure with their own `displayWidth` (issue 36: from another
/// module the `StringProtocol` member ran unspecialised, each scalar through a witness table).
/// Same answers as the general rule, `DisplayWidth.columns(of:)`, which the protocol member
/// still runs.
@Suite struct DisplayWidthSpecialisedTests {
    static let texts: [String] = [
        "", "a", "frame    x 20 y 30 w 140 h 140", "tab\there", "bell\u{7}", "del\u{7F}x", "\u{1B}[2J",
        "Layers · 5", "›▾ L face", "r → rotate 15", "— note", "x…y", "⠿⠿", "│ box │",
        "时针 hand", "한국어", "ｱｲｳ", "Ａ", "e\u{301}", "👍 ok", "❤\u{FE0F}", "👨\u{200D}👩\u{200D}👧", "a\u{200B}b",
        "\u{FEFF}bom", "soft\u{AD}hyphen", "\u{202E}rtl", "naïve café", String(repeating: "x", count: 300),
        String(repeating: "时", count: 40) + "tail", "mixed 时 and · and \u{1}"
    ]

    @Test func stringsAndSubstringsMeasureAsTheGeneralRule() {
        for text in Self.texts {
            #expect(text.displayWidth == DisplayWidth.columns(of: text), "\(text.debugDescription)")
            // Every substring that starts and ends on a character boundary.
            let indices = Array(text.indices) + [text.endIndex]
            for (i, a) in indices.enumerated() where i % 3 == 0 {
                for b in indices[i...] {
                    let piece = text[a..<b]
                    #expect(piece.displayWidth == DisplayWidth.columns(of: piece), "\(String(piece).debugDescription)")
                }
            }
        }
    }

    @Test func widthsWorkedByHand() {
        // ASCII: one column a printable byte, none a control (tab 0x09, bell 0x07, DEL 0x7F).
        #expect("tab\there".displayWidth == 7)
        #expect("bell\u{7}".displayWidth == 4)
        #expect("del\u{7F}x".displayWidth == 4)
        // `·` (U+00B7) and `→` (U+2192) are lone narrow scalars: "r → rotate 15" is 13 columns.
        #expect("r → rotate 15".displayWidth == 13)
        // 时 and 针 two each, the space and "hand" one each: 9.
        #expect("时针 hand".displayWidth == 9)
        // e + combining acute is one character of one column; ZWSP none.
        #expect("e\u{301}".displayWidth == 1)
        #expect("a\u{200B}b".displayWidth == 2)
        // A substring: "针 ha" of "时针 hand" is 2 + 1 + 2 = 5.
        let s = "时针 hand"
        #expect(s[s.index(after: s.startIndex)..<s.index(s.startIndex, offsetBy: 5)].displayWidth == 5)
        // A bridged-free small string and a large one take the same path.
        #expect(String(repeating: "x", count: 300).displayWidth == 300)
    }
}
