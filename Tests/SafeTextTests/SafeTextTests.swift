import SafeText
import Testing

@Suite("SafeText makes hostile characters visible")
struct SafeTextTests {
    @Test func c0ControlsUseCaretNotationAndDELIsCaretQuestionMark() {
        // ESC is 0x1B → "^" + (0x1B + 0x40 = 0x5B "["); BEL 0x07 → "^G"; NUL → "^@"; DEL → "^?".
        #expect(SafeText.visible("\u{1B}]0;pwned\u{07}") == "^[]0;pwned^G")
        #expect(SafeText.visible("\u{0}a\u{7F}") == "^@a^?")
        #expect(SafeText.visible("a\nb\tc") == "a^Jb^Ic")
        #expect(SafeText.visible("a\nb\tc\r", multiline: true) == "a\nb\tc^M")
    }

    @Test func c1BidiAndZeroWidthCharactersShowTheirCodePoint() {
        #expect(SafeText.visible("\u{9B}31m") == "\\u{9b}31m")
        #expect(SafeText.visible("abc\u{202E}fdp.exe") == "abc\\u{202e}fdp.exe")
        let hidden: [Unicode.Scalar] = [
            "\u{61C}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}",
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2060}",
            "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{FEFF}", "\u{80}", "\u{85}", "\u{9F}"
        ]
        for s in hidden {
            #expect(SafeText.visible(String(s)) == "\\u{" + String(s.value, radix: 16) + "}")
        }
    }

    @Test func ordinaryTextPassesUnchanged() {
        // Neighbours of the ranges stay: U+A0 (no-break space), U+2030 (‰), U+2065, U+206A, CJK, emoji.
        for text in ["card", "ä€\u{A0}‰\u{2065}\u{206A}", "漢字", "🃏", "\u{2027}\u{202F}"] {
            #expect(SafeText.visible(text) == text)
        }
    }

    /// One JSON quoting for eval's answers, layout files and asciicast recordings: quotes,
    /// backslashes and every unsafe character as escapes, so the JSON decodes back to the
    /// same text and never carries an ESC raw.
    @Test func jsonQuotingEscapesWhatTheGateKeepsOffTerminals() {
        #expect(SafeText.jsonQuoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(SafeText.jsonQuoted("\u{1B}[0m\n") == #""\u001b[0m\n""#)
        #expect(SafeText.jsonQuoted("\u{9B}\u{202E}\u{FFFF}") == #""\u009b\u202e\uffff""#)
        #expect(SafeText.jsonQuoted("时钟 ⣿") == "\"时钟 ⣿\"")
    }
}
