@testable import Explorer
import ExplorerTestSupport
@testable import ExplorerRuntime
import Foundation
import Geometry
import TerminalKit
import Testing
import LayerModel
import LayoutFiles
import Engine

/// The tree mode's keys are the keymap's: nothing answers a key in tree mode but a
/// binding, and the help lists each.
@Suite struct TreeKeymapTests {
    /// Every key a terminal can send that is worth trying: printable ASCII, the named keys,
    /// function keys and control letters (Alt+x is Esc then x, checked elsewhere).
    static var candidateKeys: [Key] {
        var keys: [Key] = (0x20...0x7E).map { .character(Character(UnicodeScalar($0)!)) }
        keys += [
            .up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .tab, .backTab,
            .enter, .escape, .backspace, .delete, .insert, .home, .end, .pageUp, .pageDown
        ]
        keys += (1...12).map { .function($0) }
        keys += "abdefghijklmnopqrstuvwxyz".map { .control($0) }  // C-c quits: its own tests
        return keys
    }

    /// The 300-view hierarchy in tree mode, with a search, one folded subtree and the filter on:
    /// every tree key has something to act on.
    static func treeState() throws -> ExplorerState {
        var state = try TreeBrowserTests.state()
        state.press("t", "/")
        state.type("UIButtonLabel")
        state.press("Enter")
        state.treeBrowser.collapsed.insert(try #require(state.session.tree.id(named: "UITableViewCell#3")))
        state.treeBrowser.filterHiddenAndEmpty = true
        #expect(state.mode == .tree)
        return state
    }

    /// A key with no binding in tree mode changes nothing (it only says it does nothing):
    /// no second dispatcher answers tree keys before the keymap.
    @Test func aKeyWithNoTreeBindingDoesNothingInTreeMode() throws {
        let start = try Self.treeState()
        var unbound = 0
        for key in Self.candidateKeys where Keymap.binding(for: key, in: .tree) == nil {
            var state = start
            let effect = state.press(key)
            #expect(effect == .none, "\(key)")
            #expect(state.status == "\(key) does nothing here — press ? for help", "\(key)")
            state.echo = start.echo; state.status = start.status; state.statusIsError = start.statusIsError
            #expect(state == start, "\(key) changed the state in tree mode with no binding")
            unbound += 1
        }
        // h, l, H, J, K, L, the digits 9, x … are unbound in tree mode: the loop really ran.
        #expect(unbound > 40)
    }

    /// Every key the tree answers is a tree-mode binding whose action is the tree's, and
    /// pressing it does what the binding says (its echo names the key and a command).
    @Test func everyTreeBindingIsPerformedFromTheKeymap() throws {
        let treeActions: Set<String> = ["treeSearch", "searchNext", "searchPrevious", "fold", "reveal", "filterTree", "treeNext", "treePrevious"]
        var seen: Set<String> = []
        for binding in Keymap.bindings where binding.modes == [.tree] {
            guard case let .ui(action) = binding.action else { continue }
            seen.insert("\(action)")
            for key in binding.keys {
                var state = try Self.treeState()
                state.press(key)
                #expect(state.echo.hasPrefix("\(key) → "), "\(key): \(state.echo)")
            }
        }
        #expect(seen == treeActions)
    }

    /// j walks the rows as shown: with UITableViewCell#3 folded (its content view, 9 views,
    /// hidden), j from the cell goes to the next cell, not into it; in normal mode j moves
    /// the layer down 1 point instead. Both are keymap bindings, each with its help line.
    @Test func jWalksTheRowsAsShownInTreeModeAndMovesElsewhere() throws {
        var state = try TreeBrowserTests.state()
        _ = try state.session.perform(.select("UITableViewCell#3"))
        state.press("t", "Enter")
        #expect(state.treeBrowser.collapsed.contains(try #require(state.session.tree.id(named: "UITableViewCell#3"))))
        state.press("j")
        #expect(state.selectedName == "UITableViewCell#4")
        #expect(state.echo == "j → select \"UITableViewCell#4\"")  // a name with # is quoted
        #expect(Keymap.binding(for: .character("j"), in: .tree)?.action == .ui(.treeNext))
        #expect(Keymap.binding(for: .character("j"), in: .normal)?.action == .ui(.moveDown))
        let help = ExplorerScreen.helpLines(state)
        #expect(help.contains { $0.hasPrefix("j Down ") && $0.contains("tree mode: the next layer as shown") })
        #expect(help.contains { $0.hasPrefix("j Down ") && $0.hasSuffix("move down 1") })
        #expect(Keymap.helpLines.contains { $0.hasPrefix("F ") && $0.hasSuffix("tree mode: leave out hidden views and zero-size leaves (again: show them)") })
    }
}

/// Nothing changes the explorer's state outside `reduce`: what the run loop learns (a file
/// back after deletion, the follow feed, F) comes in as actions.
@Suite struct RunLoopActionTests {
    /// A file deleted, then written again: `.fileChanged` clears "file deleted" itself (the
    /// run loop used to clear it before dispatching).
    @Test func aFileBackClearsTheDeletedNoticeInTheReducer() {
        var state = Fixture.state(filePath: "/tmp/nowhere/card.json")
        _ = Reducer.reduce(&state, .fileDeleted)
        #expect(state.diskNotice == "file deleted — :w writes it again")
        let effect = Reducer.reduce(&state, .fileChanged)
        #expect(state.diskNotice == nil)
        #expect(effect == .load(path: "/tmp/nowhere/card.json"))
    }

    /// The attendee's note, status and echo are set by actions.
    @Test func followNotesAreActions() {
        var state = Fixture.state()
        _ = Reducer.reduce(&state, .following(attached: true, presenterLeft: false))
        #expect(state.following == "following" && !state.followDetached)
        _ = Reducer.reduce(&state, .following(attached: false, presenterLeft: false))
        #expect(state.following == "detached — F follows again" && state.followDetached)
        _ = Reducer.reduce(&state, .following(attached: true, presenterLeft: true))
        #expect(state.following == "following · the presenter left")
        #expect(state.status == "the presenter left — this is their last state (q quits)")
        _ = Reducer.reduce(&state, .said(echo: "x → rotate 15 x", status: "s", error: true))
        #expect(state.echo == "x → rotate 15 x" && state.status == "s" && state.statusIsError)
        state.journal = [.engine(.selectNext)]
        _ = Reducer.reduce(&state, .journalSent)
        #expect(state.journal == [])
    }
}
