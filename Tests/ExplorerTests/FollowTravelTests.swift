import CommandLanguage
@testable import Explorer
import ExplorerTestSupport
import TerminalKit
import TestSupport
import Testing

/// Which commands travel to attendees is declared on each command (`CommandSpec.travels`,
/// issue 31), and `Follow.travels` reads the command's own declaration: checked over every
/// command the table declares (generated from its forms, as CommandTableTests generates them)
/// and every command a key runs.
@Suite struct FollowTravelTests {
    /// Every generated command finds its own declaration and travels as it says; one that asks
    /// the world for something when performed (a file, the clipboard, quitting) never travels.
    @Test func everyCommandTravelsAsItsDeclarationSays() throws {
        var commands = 0, askingTheWorld = 0
        var stayHome: Set<String> = []
        for spec in CommandTable.all {
            if !spec.travels { stayHome.insert(spec.verb) }
            for text in CommandSamples.generated(spec) {
                for command in try CommandParser.parseLine(text) {
                    commands += 1
                    #expect(CommandTable.spec(of: command)?.verb == spec.verb, "\(text)")
                    #expect(Follow.travels(command) == spec.travels, "\(text)")
                    var state = Fixture.state()
                    let effect = Reducer.perform(&state, command, echo: nil)
                    if effect != .none {
                        askingTheWorld += 1
                        #expect(!Follow.travels(command), "\(text) asks for \(effect) and would travel")
                    }
                }
            }
        }
        #expect(stayHome == ["save", "load", "reload", "export", "command-line", "help", "present", "show", "quit", "quit!"])
        #expect(commands > 400)  // 441 when this was written
        #expect(askingTheWorld > 0)
    }

    /// Every command a key runs, in every mode, has a declaration (so it travels or not as
    /// declared, never by default).
    @Test func everyKeysCommandHasItsDeclaration() throws {
        var seen = 0
        for mode in ModeName.allCases {
            var start = Fixture.state()
            _ = Reducer.perform(&start, .explorer(.mode(mode)), echo: nil)
            start.journal = []
            for binding in Keymap.bindings {
                for key in binding.keys {
                    var state = start
                    _ = Reducer.reduce(&state, .key(key))
                    for command in state.journal ?? [] {
                        seen += 1
                        #expect(CommandTable.spec(of: command) != nil, "\(key) in \(mode) runs \(command.text)")
                    }
                }
            }
        }
        #expect(seen > 100)
    }
}
