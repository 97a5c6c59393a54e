import Testing
@testable import LayerModel
@testable import CommandLanguage

/// Lists once kept by hand, now derived from the declarations (`Toggle`, `CommandSpec.usage`):
/// each test goes through the derived list, so a new entry in a declaration is covered, and
/// a hand list creeping back would disagree.
@Suite struct DerivedListsTests {
    /// Every command whose grammar takes a toggle, found in the table (not listed here).
    static var toggleVerbs: [String] {
        func takesToggle(_ arguments: [CommandArgument]) -> Bool {
            arguments.contains { argument in
                if case let .choice(words) = argument { return words == Toggle.words }
                if case let .optional(inner) = argument { return takesToggle(inner) }
                return false
            }
        }
        return CommandTable.all.filter { $0.forms.contains { takesToggle($0.arguments) } }.map(\.verb)
    }

    /// The table's toggles are the five known by hand; each reads and prints back both words
    /// and shows `on|off` in its synopsis.
    @Test func everyToggleCommandReadsAndPrintsTheToggleWords() throws {
        #expect(Set(Self.toggleVerbs) == ["cursor", "legend", "present", "filter", "explode"])
        for verb in Self.toggleVerbs {
            for word in Toggle.words {
                #expect(try CommandParser.parse("\(verb) \(word)").text == "\(verb) \(word)")
            }
            #expect(CommandTable.spec(for: verb)!.synopses.contains { $0.contains("on|off") })
        }
        let e = try #require(throws: CommandError.self) { try CommandParser.parse("cursor maybe") }
        #expect(e.message == "expected on or off, found \"maybe\"")
    }

    /// `set hidden WORD` for each true/false word: true yes on → true; false no off → false.
    @Test func aTrueFalsePropertyTakesEveryTruthWord() throws {
        #expect(Toggle.truthWords.count == 6)
        for (word, value) in Toggle.truthWords {
            #expect(try CommandParser.parse("set hidden \(word)") == .engine(.edit(.layer(.set(.hidden, .bool(value))))), "\(word)")
        }
        #expect(PropertyValue.bool(false).text == "false")
        #expect(CommandTable.valueWords(for: "hidden") == ["true", "false"])
    }

    /// An error that restates a command's grammar restates its declared forms: each form's
    /// synopsis is in the suggestion, so changing a declaration changes the error.
    @Test func errorsRestateTheDeclaredSynopsis() throws {
        let cases: [(line: String, verb: String, prefix: String)] = [
            ("add box frob", "add", "expected: "),
            ("export png", "export", "use: "),
            ("explode sideways", "explode", "expected: "),
            ("animate opacity to 1 sideways", "animate", ""),
            ("animated 1 sideways { move 1 0 }", "animated", ""),
            ("camera roll 3", "camera", ""),
            ("convert line 1 2 from a to b", "convert", "")
        ]
        for (line, verb, prefix) in cases {
            let e = try #require(throws: CommandError.self, "\(line)") { try CommandParser.parse(line) }
            let spec = try #require(CommandTable.spec(for: verb))
            #expect(e.suggestion == prefix + spec.usage, "\(line): \(e)")
            for synopsis in spec.synopses { #expect(e.suggestion?.contains(synopsis) == true, "\(line) lacks \(synopsis)") }
        }
        // Worked by hand from export's two forms.
        #expect(CommandTable.usage(of: "export") == "export swift, or export svg FILE [--crop screen|content]")
        #expect(CommandTable.usage(of: "add") == "add NAME [layer|view] [in PARENT] [at INDEX]")
    }

    /// The help overlay's authoring paragraph is the authoring forms of `add`, `set` and `step`
    /// as declared, packed greedily into 72 columns (76 less the 4 of indent), worked by hand:
    /// 45 + 3 + 16 = 64 fits, + 3 + 15 would be 82; the 66-column step add stands alone;
    /// 17 + 3 + 14 + 3 + 13 = 50 fits, + 3 + 28 would be 81.
    @Test func theAuthoringHelpIsTheDeclaredForms() {
        #expect(
            CommandTable.authoringHelpLines(width: 76) == [
                "  authoring a demo (docs/workshops.md):",
                "    :add NAME [layer|view] [in PARENT] [at INDEX] · :set PROP VALUE…",
                "    :set screen W H",
                "    :step add [NOTE] (the commands since the last step become a step)",
                "    :step note N TEXT · :step remove N · u undoes each",
                "    :w writes them into the file"
            ])
    }
}
