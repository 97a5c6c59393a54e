import Cells
import SafeText
import Testing

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("时", 2), ("钟", 2), ("한", 2), ("ア", 2), ("ｱ", 1),  // CJK wide; halfwidth katakana narrow
        ("Ａ", 2),  // fullwidth Latin
        ("e\u{301}", 1),  // e + combining acute: one cell
        ("👍", 2), ("❤\u{FE0F}", 2), ("👨\u{200D}👩\u{200D}👧", 2),  // emoji, VS16, ZWJ family
        ("\u{200B}", 0), ("\u{FEFF}", 0), ("\u{1B}", 0),  // zero width, BOM, control
        ("·", 1), ("◉", 1), ("⠿", 1), ("│", 1)  // LayerScope's own glyphs are narrow
    ])
    func characterWidths(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(Character(text)) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func stringWidthIsTheSumOfItsCharacters() {
        // 时针 (2 + 2) + space (1) + "hand" (4) = 9.
        #expect("时针 hand".displayWidth == 9)
        #expect("时针 hand".prefix(columns: 3) == "时")  // 钟 would straddle column 3
        #expect("时针 hand".prefix(columns: 4) == "时针")
        #expect("ab".padded(toColumns: 4) == "ab  ")
        #expect("时".padded(toColumns: 4) == "时  ")
    }

    @Test func writingAWideCharacterFillsItsCellAndATail() {
        var canvas = Canvas(columns: 5, rows: 1)
        let end = canvas.write("时a", column: 1, row: 0)
        #expect(end == 4)
        #expect(canvas[1, 0].glyph == "时")
        #expect(canvas[2, 0].isWideTail)
        #expect(canvas[3, 0].glyph == "a")
        #expect(canvas.text(row: 0) == " 时a ")
        #expect(canvas.text(row: 0).displayWidth == 5)
    }

    @Test func aWideCharacterThatWouldStraddleTheLimitBecomesASpace() {
        var canvas = Canvas(columns: 4, rows: 1, fill: Cell("."))
        canvas.write("ab时", column: 0, row: 0, maxWidth: 3)
        // a, b, then 时 needs columns 2–3 but only column 2 is allowed.
        #expect(canvas.text(row: 0) == "ab .")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(columns: 4, rows: 1)
        canvas.write("时钟", column: 0, row: 0)
        canvas[1, 0] = Cell("x")  // the tail of 时
        #expect(canvas.text(row: 0) == " x钟")
        canvas[2, 0] = Cell("y")  // the head of 钟
        #expect(canvas.text(row: 0) == " xy ")
        #expect(!canvas[3, 0].isWideTail)
    }

    @Test func blittingCutsWideCharactersAtBothEdgesCleanly() {
        var source = Canvas(columns: 4, rows: 1)
        source.write("时钟", column: 0, row: 0)
        // Placed at column -1, the head of 时 falls off the left: its tail is blanked.
        var left = Canvas(columns: 4, rows: 1, fill: Cell("."))
        left.blit(source, column: -1, row: 0)
        #expect(left.text(row: 0) == " 钟.")
        // Placed at column 2 of a 4-wide canvas, 钟 falls off the right: 时 stays whole.
        var right = Canvas(columns: 4, rows: 1, fill: Cell("."))
        right.blit(source, column: 2, row: 0)
        #expect(right.text(row: 0) == "..时")
        // A destination wide character whose tail is covered loses its head too.
        var under = Canvas(columns: 4, rows: 1)
        under.write("时钟", column: 0, row: 0)
        under.blit(Canvas(columns: 1, rows: 1, fill: Cell("z")), column: 1, row: 0)
        #expect(under.text(row: 0) == " z钟")
    }

    @Test func asciiAndAnsiOutputKeepTheRowWidth() {
        var canvas = Canvas(columns: 4, rows: 1)
        canvas.write("时a", column: 0, row: 0)
        #expect(canvas.asciified().text(row: 0) == "? a ")
        #expect(AnsiEncoder.encode(canvas, colors: .none) == "时a ")
        #expect(AnsiEncoder.encode(canvas, colors: .ansi256) == "时a ")
    }
}

/// The shortcuts (narrow ranges answered without Unicode's property tables, text of lone
/// narrow scalars written without grapheme breaking) agree with the full rules.
@Suite struct DisplayWidthShortcutTests {
    static let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E,
        0x2190...0x22FF, 0x2500...0x25FC, 0x2800...0x28FF
    ]

    @Test func theNarrowRangesHaveNoMarksWideOrEmojiScalars() {
        for range in Self.ranges {
            for v in range where v != 0xAD {
                let s = Unicode.Scalar(v)!
                #expect(DisplayWidth.of(s) == 1, "U+\(String(v, radix: 16))")
                #expect(!s.properties.isEmojiPresentation, "U+\(String(v, radix: 16))")
                #expect(
                    ![.nonspacingMark, .enclosingMark, .spacingMark, .format].contains(s.properties.generalCategory),
                    "U+\(String(v, radix: 16))")
                #expect(!SafeText.isUnsafe(s), "U+\(String(v, radix: 16))")
                // Its own grapheme beside itself and beside other lone narrow scalars.
                for other: Unicode.Scalar in ["a", " ", "é", "─", "⣿", "›", "▸", s] {
                    var pair = String.UnicodeScalarView()
                    pair.append(s); pair.append(other)
                    #expect(String(pair).count == 2, "U+\(String(v, radix: 16)) + U+\(String(other.value, radix: 16))")
                }
            }
        }
    }

    @Test(arguments: ["plain", "›▸ café ─⣿", "a\tb\r\n\u{7F}", "e\u{301}x", "时钟 hand", "👍 ok", "\u{AD}x", "\u{85}"])
    func stringWidthShortcutAgreesWithTheSumOverCharacters(_ text: String) {
        #expect(text.displayWidth == text.reduce(0) { $0 + DisplayWidth.of($1) })
    }

    @Test func writingTakesTheShortcutOnlyWhereItGivesTheSameCells() {
        // Lone narrow scalars: one cell each.
        var fast = Canvas(columns: 12, rows: 1)
        #expect(fast.write("›▸ café ─⣿", column: 0, row: 0) == 10)
        #expect(fast.text(row: 0) == "›▸ café ─⣿  ")
        // A combining mark joins the scalar before it: one cell for "e\u{301}".
        var marks = Canvas(columns: 4, rows: 1)
        #expect(marks.write("›e\u{301}x", column: 0, row: 0) == 3)
        #expect(marks[1, 0].glyph == "e\u{301}")
        // A soft hyphen (U+00AD) and a bidi override are made visible by SafeText.
        var unsafe = Canvas(columns: 12, rows: 1)
        unsafe.write("é\u{202E}x", column: 0, row: 0)
        #expect(unsafe.text(row: 0).hasPrefix("é\\u{202e}x"))
    }
}
