import Foundation
import Testing
import LayerModel
@testable import LayoutFiles

/// Issue 21's import speed: an import note is written once into one string, read back on its
/// bytes, and not read back at all when its parts show it would read back as itself. All
/// three must give exactly what the `String` reading of the last wave gave (kept here as the
/// reference, word for word), for any note: ASCII or not, with separators, brackets, labels
/// and `: ` inside parts, combining marks after a label, CRLF and tabs.
@Suite struct ImportNoteReadingTests {
    /// The reader as it was at 054a4da: pieces and items as `String`s, `hasPrefix` and
    /// `isRemark` on characters, and the parts' text written again to be compared.
    static func reference(_ note: String) -> ImportNote? {
        var n = ImportNote()
        var structured = false
        var seenList = false
        let pieces = ImportNote.split(note, at: ImportNote.partSeparator)
        for (i, piece) in pieces.enumerated() {
            if piece.hasPrefix(ImportNote.printedLabel), n.printed.isEmpty, n.derived.isEmpty, n.assumed.isEmpty, n.remarks.isEmpty {
                n.printed = ImportNote.split(String(piece.dropFirst(ImportNote.printedLabel.count)), at: ImportNote.itemSeparator)
                structured = true; seenList = true
            } else if piece.hasPrefix(ImportNote.derivedLabel), n.derived.isEmpty, n.assumed.isEmpty, n.remarks.isEmpty {
                n.derived = ImportNote.split(String(piece.dropFirst(ImportNote.derivedLabel.count)), at: ImportNote.itemSeparator)
                structured = true; seenList = true
            } else if piece.hasPrefix(ImportNote.assumedLabel), n.assumed.isEmpty, n.remarks.isEmpty {
                n.assumed = ImportNote.split(String(piece.dropFirst(ImportNote.assumedLabel.count)), at: ImportNote.itemSeparator)
                structured = true; seenList = true
            } else if piece.hasPrefix(ImportNote.approximateLabel) {
                n.approximate.append(String(piece.dropFirst(ImportNote.approximateLabel.count)))
                structured = true
            } else if i == pieces.count - 1, piece.hasPrefix(ImportNote.lineLabel), let line = Int(piece.dropFirst(ImportNote.lineLabel.count)) {
                n.line = line
                structured = true
            } else if !n.approximate.isEmpty {
                return nil
            } else if seenList || (i > 0 && ImportNote.isRemark(piece)) {
                n.remarks.append(piece)
                seenList = true
            } else {
                n.identity.append(piece)
            }
        }
        guard structured, referenceText(n) == note else { return nil }
        return n
    }

    /// The text as it was written at 054a4da: the parts joined.
    static func referenceText(_ n: ImportNote) -> String { n.parts.map(\.text).joined(separator: ImportNote.partSeparator) }

    /// A small deterministic generator (the test target has no SeededRandom).
    struct Dice {
        var state: UInt64
        mutating func below(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
    }

    /// Fragments that matter to the reader: separators, brackets, labels, `: `, quoted
    /// prefixes, non-ASCII letters, a combining acute, a zero-width joiner, `°`, CRLF, tabs.
    static let fragments = [
        "UIView", "0x7f9", "frame", "bounds (0 0; 10 10)", "center (5, 5)", "a", "b", " ", "; ", ", ", ";", ",", ":", ": ",
        "(", ")", "[", "]", "printed: ", "derived: ", "assumed: ", "APPROXIMATE: ", "line ", "line 7", "007", "+3", "-2", "12",
        "text '", "name '", "title \"", "'", "é", "名前", "\u{301}", "\u{200D}", "°", "45°", "\r\n", "\r", "\n", "\t", "K", "\u{212A}",
        "\u{37E}", "x: y", "a\u{301}: b"
    ]

    static func item(_ dice: inout Dice) -> String {
        var s = ""
        for _ in 0..<dice.below(4) { s += dice.pick(fragments) }
        return s
    }

    static func note(_ dice: inout Dice) -> ImportNote {
        func items(_ most: Int) -> [String] { (0..<dice.below(most + 1)).map { _ in item(&dice) } }
        // Mostly the shapes importers write (plain items), sometimes anything.
        let plain = ["UILabel 0x3", "text 'Row 5'", "text '名前: 値'", "tag 3", "frame", "alpha", "bounds (0 0; 375 64)", "anchorPoint (0.5, 0.5)"]
        func some(_ most: Int) -> [String] {
            dice.below(3) == 0 ? items(most) : (0..<dice.below(most + 1)).map { _ in dice.pick(plain) }
        }
        return ImportNote(
            identity: some(3), printed: some(3), derived: some(3), assumed: some(2), remarks: some(2), approximate: some(2),
            line: dice.below(3) == 0 ? nil : dice.below(200) - 20)
    }

    /// The text, the reading of any text, and the shortcut, against the reference, on 20 000
    /// random notes and 20 000 random texts. The shortcut must be taken often (it is the
    /// point) and never where the reference would not give the note back.
    @Test func theNewReadingIsTheReferenceReading() {
        var dice = Dice(state: 21)
        var itself = 0, nothing = 0, readBack = 0
        for _ in 0..<20_000 {
            let n = Self.note(&dice)
            let text = n.text
            #expect(text == Self.referenceText(n))
            #expect(text.utf8.elementsEqual(Self.referenceText(n).utf8))
            let expected = Self.reference(text)
            #expect(ImportNote(parsing: text) == expected, "\(text.debugDescription)")
            if expected == n { readBack += 1 }
            switch n.readBack() {
            case .itself:
                itself += 1
                #expect(expected == n, "taken to read back as itself: \(text.debugDescription)")
            case .nothing:
                nothing += 1
                #expect(expected == nil, "taken to read back as nothing: \(text.debugDescription)")
            case .unknown: break
            }
            var random = ""
            for _ in 0..<dice.below(12) { random += dice.pick(Self.fragments) }
            #expect(ImportNote(parsing: random) == Self.reference(random), "\(random.debugDescription)")
        }
        #expect(itself > 4_000)
        #expect(nothing > 100)
        #expect(itself <= readBack)
    }

    /// Worked by hand: what each note reads back as, and whether the shortcut may be taken.
    @Test func handWorkedNotes() throws {
        // A quoted text holding `: ` and non-ASCII characters stays one identity part (a
        // quoted text is never a remark), and the shortcut sees it.
        let quoted = ImportNote(identity: ["UILabel 0x3", "text '名前: 値'"], printed: ["frame"], line: 3)
        #expect(quoted.text == "UILabel 0x3; text '名前: 値'; printed: frame; line 3")
        #expect(quoted.readBack() == .itself)
        #expect(ImportNote(parsing: quoted.text) == quoted)

        // `45°` after the label: the approximate part reads back whole (its first byte, `t`,
        // is ASCII, so the label ends at a character boundary).
        let degrees = ImportNote(identity: ["UIView 0x9"], printed: ["frame", "transform"], approximate: ["transform at 45°: a square is assumed"], line: 9)
        #expect(degrees.readBack() == .itself)
        #expect(ImportNote(parsing: degrees.text)?.approximate == ["transform at 45°: a square is assumed"])
        // As the importer writes it, with a `; ` inside: the reader cuts there, and the piece
        // after the approximate one ("a square is assumed") is no part: the note is kept as text.
        let cut = ImportNote(
            identity: ["UIView 0x9"], printed: ["frame", "transform"],
            approximate: ["transform at 45°: only width + height is known from the frame; a square is assumed"], line: 9)
        #expect(cut.readBack() == .nothing)
        #expect(ImportNote(parsing: cut.text) == nil)
        #expect(Self.reference(cut.text) == nil)
        // A piece after it that starts with a label: not told this way.
        #expect(ImportNote(approximate: ["a; line 3"]).readBack() == .unknown)
        #expect(ImportNote(parsing: ImportNote(approximate: ["a; line 3"]).text) == ImportNote(approximate: ["a"], line: 3))

        // A combining acute right after `APPROXIMATE: ` joins the label's space into one
        // character: in characters the piece does not start with the label, so it is an
        // identity part, and with nothing structured the note is not an import's.
        let joined = "APPROXIMATE: \u{301}x"
        #expect(ImportNote(parsing: joined) == nil)
        #expect(ImportNote(approximate: ["\u{301}x"]).readBack() == .unknown)
        // …and with a `; ` inside it too: still not told. The piece is no approximate part
        // but an identity part, and so is the piece after it: the text reads back, as other parts.
        #expect(ImportNote(approximate: ["\u{301}x; y"], line: 2).readBack() == .unknown)
        #expect(ImportNote(parsing: ImportNote(approximate: ["\u{301}x; y"], line: 2).text) == ImportNote(identity: ["APPROXIMATE: \u{301}x", "y"], line: 2))
        #expect(ImportNote(parsing: "APPROXIMATE: x\u{301}")?.approximate == ["x\u{301}"])

        // A remark before any list is a remark only after the first part, and only with `: `.
        let remark = try #require(ImportNote(parsing: "UIView; frame kept: yes; line 4"))
        #expect(remark.identity == ["UIView"])
        #expect(remark.remarks == ["frame kept: yes"])
        #expect(remark.line == 4)
        #expect(ImportNote(identity: ["UIView"], remarks: ["frame kept: yes"], line: 4).readBack() == .itself)
        // Without `: ` it would read as an identity part: not the note it was written from.
        #expect(ImportNote(identity: ["UIView"], remarks: ["frame kept"], line: 4).readBack() == .unknown)
        #expect(ImportNote(parsing: "UIView; frame kept; line 4")?.identity == ["UIView", "frame kept"])

        // A `; ` inside brackets stays in its part; an unclosed bracket swallows the next cut.
        let bracket = try #require(ImportNote(parsing: "UIView; derived: bounds (0 0; 10 10), center (5, 5); line 2"))
        #expect(bracket.derived == ["bounds (0 0; 10 10)", "center (5, 5)"])
        let unclosed = ImportNote(identity: ["text 'a ( b'"], printed: ["frame"], line: 1)
        #expect(unclosed.text == "text 'a ( b'; printed: frame; line 1")
        #expect(unclosed.readBack() == .unknown)
        #expect(ImportNote(parsing: unclosed.text) == nil)  // one piece, an identity part: nothing structured

        // CRLF and a tab inside a part are bytes like any other; a truncated list keeps its
        // last item as cut.
        let crlf = try #require(ImportNote(parsing: "UIView\r\n0x1; printed: frame,\tbou"))
        #expect(crlf.identity == ["UIView\r\n0x1"])
        #expect(crlf.printed == ["frame,\tbou"])
        let truncated = try #require(ImportNote(parsing: "UIView 0x1; printed: frame, bou"))
        #expect(truncated.printed == ["frame", "bou"])
        #expect(ImportNote(identity: ["UIView\r\n0x1"], printed: ["frame", "bou"]).readBack() == .itself)

        // `line 007` reads as line 7, but 7's text is `line 7`: not what was written.
        #expect(ImportNote(parsing: "UIView; printed: frame; line 007") == nil)
        #expect(ImportNote(parsing: "UIView; printed: frame; line -3")?.line == -3)

        // A part that starts with a label's bytes: the shortcut does not guess.
        #expect(ImportNote(identity: ["UILabel", "line 5"], printed: ["frame"]).readBack() == .unknown)
    }
}
