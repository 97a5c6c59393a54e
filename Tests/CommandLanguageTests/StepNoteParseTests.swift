import Testing
@testable import CommandLanguage

/// `step add "grow": select badge; set …` — a layout's `"title": commands` form typed on the
/// `:` line — made the note `grow : select badge` and left the commands out of the step (the
/// `;` ended the step add), so the next save refused. A quoted note is now the whole note,
/// and words after it are refused with the way to make the step.
@Suite struct StepNoteParseTests {
    @Test func wordsAfterAQuotedNoteAreRefusedWithTheWayToMakeTheStep() throws {
        let error = try #require(throws: CommandError.self) { try CommandParser.parseLine(#"step add "badge grows": select badge"#) }
        // `step add "badge grows"` is 22 columns; the colon is column 23.
        #expect(error.column == 23)
        #expect(error.message == #"unexpected ":" after the quoted note"#)
        #expect(
            error.suggestion
                == #"a note is all step add takes; the step is the commands since the last step — run them first, then step add "badge grows""#)
        #expect(throws: CommandError.self) { try CommandParser.parseLine(#"step note 1 "grow" larger"#) }
    }

    @Test func aNoteIsStillQuotedOrBareWords() throws {
        #expect(try CommandParser.parseLine(#"step add "badge grows""#) == [.engine(.author(.stepAdd("badge grows")))])
        #expect(try CommandParser.parseLine("step add badge grows") == [.engine(.author(.stepAdd("badge grows")))])
        #expect(try CommandParser.parseLine(#"step add "a: b"; zoom 2"#).first == .engine(.author(.stepAdd("a: b"))))
        #expect(try CommandParser.parseLine("step add") == [.engine(.author(.stepAdd(nil)))])
        #expect(try CommandParser.parseLine(#"step note 2 "said twice""#) == [.engine(.author(.stepNote(2, "said twice")))])
    }
}
