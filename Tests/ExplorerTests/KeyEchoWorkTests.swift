import CommandLanguage
import ExplorerTestSupport
import Geometry
import LayerModel
import Raster
import TerminalKit
import Testing
@testable import Explorer

/// A key's own work besides the picture, counted (issue 36, runtime part): the echo kept for
/// a key pressed again, the keymap's lookup by slot and mode bits.
@Suite struct KeyEchoWorkTests {
    @Test func anEchoIsMadeOnceForAKeyPressedAgain() {
        var memo = EchoMemo()
        let r = EngineCommand.edit(.layer(.rotate(AngleLiteral(15), nil)))
        for _ in 0..<10 { #expect(memo.echo(key: "r", command: r) == "r → rotate 15") }
        #expect(memo.made == 1)
        // Another key for the same command, another command, then back: three more.
        #expect(memo.echo(key: "S-Tab", command: r) == "S-Tab → rotate 15")
        let move = EngineCommand.edit(.layer(.move(-1, 0)))
        #expect(memo.echo(key: "Left", command: move) == "Left → move -1 0")
        #expect(memo.echo(key: "r", command: r) == "r → rotate 15")
        #expect(memo.made == 4)
        // A command that differs only in a number is made again.
        #expect(memo.echo(key: "r", command: .edit(.layer(.rotate(AngleLiteral(15.5), nil)))) == "r → rotate 15.5")
        #expect(memo.made == 5)
    }

    @Test func theEchoIsTheCommandsTextForEveryBoundCommand() {
        var memo = EchoMemo()
        var compared = 0
        for binding in Keymap.bindings {
            guard case let .command(.engine(c)) = binding.action else { continue }
            for key in binding.keys {
                // Twice each: made, then kept; the same text both times.
                #expect(memo.echo(key: key.description, command: c) == "\(key.description) → \(c.text)")
                #expect(memo.echo(key: key.description, command: c) == "\(key.description) → \(c.text)")
                compared += 1
            }
        }
        #expect(compared > 20 && memo.made == compared)
    }

    @Test func rotateKeysEchoAndSummariseAsBefore() throws {
        var state = Fixture.state()
        state.columns = 200; state.rows = 60
        let id = try #require(state.session.tree.id(named: "card"))
        state.session.selection = id
        for i in 1...3 {
            _ = Reducer.reduce(&state, .key(.character("r")))
            #expect(state.echo == "r → rotate 15")
            let f = state.session.tree[id].frame
            let n: (Double) -> String = { NumberFormat.format($0) }
            #expect(state.status == "frame (\(n(f.origin.x)), \(n(f.origin.y)), \(n(f.size.width)), \(n(f.size.height)))", "press \(i)")
        }
    }

    @Test func characterKeysThatShareAnASCIIValueAreNotConfused() {
        // "\r\n" is one Character whose asciiValue is 10, as "\n"'s is: neither takes a slot.
        #expect(KeyIndex.asciiSlot(.character("\r\n")) == nil)
        #expect(KeyIndex.asciiSlot(.character("\n")) == nil)
        #expect(KeyIndex.asciiSlot(.character("r")) == 114)
        #expect(KeyIndex.asciiSlot(.character("é")) == nil)
        #expect(KeyIndex.asciiSlot(.control("c")) == nil)
        for key: Key in [.character("\r\n"), .character("\n"), .character("\r"), .character("é"), .character(" ")] {
            for mode in ModeName.allCases {
                #expect(Keymap.binding(for: key, in: mode, when: [.flat]) == KeyWorkTests.referenceBinding(for: key, in: mode, when: [.flat]))
            }
        }
    }
}
