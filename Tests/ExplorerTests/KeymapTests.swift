@testable import Explorer
import ExplorerTestSupport
import Cells
import Raster
import Testing
import TerminalKit
import CommandLanguage
import LayerModel
import Engine
import SceneFiles

@Suite struct KeymapTests {
    static let allModes: [ModeName] = [.normal, .anchor, .cursor, .tree]

    /// The conditions a binding is checked under: its own (with the view it needs), or
    /// both views for a binding that works over either.
    static func conditionSets(_ binding: Binding) -> [Set<Binding.Condition>] {
        switch binding.when {
        case nil: return [[.flat], [.exploded]]
        case .flat?: return [[.flat]]
        case .exploded?: return [[.exploded]]
        case .detached?: return [[.flat, .detached], [.exploded, .detached]]
        case .overlay?: return [[.flat, .overlay], [.exploded, .overlay]]
        case .learning?: return [[.flat, .learning], [.exploded, .learning]]
        }
    }

    @Test func everyBindingsKeysResolveToItInEachOfItsModes() {
        for binding in Keymap.bindings {
            for key in binding.keys {
                for mode in binding.modes {
                    // A binding with a condition wins where it holds: a plain binding is checked
                    // where no conditioned one of the same key and mode overrides it.
                    let overridden = Set(Keymap.bindings.filter { $0.keys.contains(key) && $0.modes.contains(mode) }.compactMap(\.when))
                    for conditions in Self.conditionSets(binding) where binding.when != nil || conditions.isDisjoint(with: overridden) {
                        #expect(Keymap.binding(for: key, in: mode, when: conditions) == binding, "\(key) in \(mode) \(conditions)")
                    }
                }
            }
        }
    }

    /// `}` `{`: content operations over the flat canvas, the camera's yaw in the exploded
    /// view — two bindings, two help lines, and the reducer follows the keymap.
    @Test func braceKeysMeanWhatTheKeymapSaysInEachView() throws {
        #expect(Keymap.binding(for: .character("}"), in: .normal, when: [.flat])?.action == .ui(.nextOperation))
        #expect(Keymap.binding(for: .character("}"), in: .normal, when: [.exploded])?.action == .ui(.depth(.yaw(5))))
        #expect(Keymap.binding(for: .character("{"), in: .normal, when: [.exploded])?.action == .ui(.depth(.yaw(-5))))
        #expect(Keymap.helpLines.contains { $0.hasPrefix("}  ") && $0.hasSuffix("exploded view: yaw +5° (front planes go right)") })
        #expect(Keymap.helpLines.contains { $0.hasPrefix("}  ") && $0.contains("content: the selection's drawing one operation further") })
        var state = Fixture.state()
        state.press("d")
        #expect(state.session.depth.exploded)
        // The camera starts at yaw 30 (C resets to it); } turns it 5 more: 35.
        state.press("}")
        #expect(state.session.depth.yaw == 35)
        #expect(state.echo == "} → camera yaw 35")
    }

    /// Tab under the exploded view's crosshair is a binding for cursor mode in the exploded
    /// view; it wins there over plain Tab, which answers everywhere else.
    @Test func tabUnderTheExplodedCrosshairIsABinding() {
        #expect(Keymap.binding(for: .tab, in: .cursor, when: [.exploded])?.action == .ui(.nextUnderCursor))
        #expect(Keymap.binding(for: .backTab, in: .cursor, when: [.exploded])?.action == .ui(.previousUnderCursor))
        #expect(Keymap.binding(for: .tab, in: .cursor, when: [.flat])?.action == .command(.engine(.selectNext)))
        #expect(Keymap.binding(for: .tab, in: .normal, when: [.exploded])?.action == .command(.engine(.selectNext)))
        #expect(Keymap.helpLines.contains { $0.hasPrefix("Tab ") && $0.contains("the next layer under the crosshair") })
    }

    /// Over the output overlay y copies and Esc / q close it: bindings with the overlay's
    /// condition, listed in the help, winning over y (rotate about y) and q (quit).
    @Test func theOverlaysKeysAreBindings() throws {
        #expect(Keymap.binding(for: .character("y"), in: .normal, when: [.flat, .overlay])?.action == .ui(.copyOutput))
        #expect(Keymap.binding(for: .character("q"), in: .tree, when: [.flat, .overlay])?.action == .ui(.closeOverlay))
        #expect(Keymap.binding(for: .character("y"), in: .normal)?.action == .command(.engine(.edit(.layer(.rotate(AngleLiteral(15), .y))))))
        #expect(Keymap.helpLines.contains { $0.hasPrefix("y ") && $0.hasSuffix("copy it to the clipboard (OSC 52)") })
        var state = Fixture.state()
        state.press("e")
        let output = try #require(state.output)
        #expect(state.press("y") == .copy(output))
        #expect(state.echo == "y → copy")
    }

    /// F (follow again) is in the keymap, so the help lists it, and the attendee's title and
    /// status name the key the keymap binds.
    @Test func followAgainIsABindingTheHelpLists() {
        #expect(Keymap.keyNames(for: .followAgain) == "F")
        #expect(Keymap.helpLines.contains { $0.hasPrefix("F ") && $0.contains("follow the presenter again") })
        #expect(Keymap.binding(for: .character("F"), in: .normal) == nil, "not following: F does nothing outside the tree")
        var state = Fixture.state()
        _ = Reducer.reduce(&state, .following(attached: false, presenterLeft: false))
        #expect(state.following == "detached — F follows again")
        #expect(Reducer.reduce(&state, .key(.character("F"))) == .followPresenter)
    }

    @Test func aBindingDoesNotAnswerOutsideItsModes() throws {
        // `P` (select the superlayer) is bound for editing modes, not the hit-test cursor.
        #expect(Keymap.binding(for: .character("P"), in: .cursor) == nil)
        #expect(Keymap.binding(for: .character("P"), in: .normal)?.action == .command(.engine(.selectParent)))
        // h/l move things in normal, anchor and cursor modes; the tree has no left/right.
        #expect(Keymap.binding(for: .character("h"), in: .tree) == nil)
        #expect(Keymap.binding(for: .right, in: .tree) == nil)
    }

    @Test func noKeyIsBoundTwiceInTheSameMode() {
        var seen: [String: String] = [:]
        for binding in Keymap.bindings {
            for key in binding.keys {
                for mode in binding.modes {
                    let slot = "\(key) in \(mode) when \(binding.when.map { "\($0)" } ?? "always")"
                    #expect(seen[slot] == nil, "\(slot): \(seen[slot] ?? "") and \(binding.help)")
                    seen[slot] = binding.help
                }
            }
        }
        #expect(!seen.isEmpty)
    }

    /// Keys are typed values; their names (help, echo, `Key(name:)`) read back to the same key.
    @Test func everyBoundKeysNameReadsBackToTheKey() {
        for binding in Keymap.bindings {
            for key in binding.keys {
                #expect(Key(name: key.description) == key, "\(key)")
            }
        }
        #expect(Key(name: "Space") == .character(" ") && Key(name: "S-Tab") == .backTab && Key(name: "M-r") == .alt("r"))
        #expect(Key(name: "C-c") == .control("c") && Key(name: "F1") == .function(1) && Key(name: "PageUp") == .pageUp)
        #expect(Key(name: "") == nil && Key(name: " ") == nil && Key(name: "Nope") == nil && Key(name: "F0") == nil)
    }

    @Test func everyCommandBindingsSpellingParsesBackToItsCommand() throws {
        for binding in Keymap.bindings {
            guard case let .command(command) = binding.action else { continue }
            #expect(try CommandParser.parse(command.text) == command, "\(binding.keys)")
        }
    }

    /// Every key echoes a command (`a → mode anchor`) that `eval` accepts, and typing that
    /// command on the `:` line leaves the explorer exactly where the key did (status and
    /// echo aside) — so a demo can be replayed from its echoes.
    @Test func everyKeysEchoIsACommandThatReplaysToTheSameState() throws {
        let modeCommand: [ModeName: String] = [.normal: "mode normal", .anchor: "mode anchor", .cursor: "mode cursor", .tree: "mode tree"]
        var checked = 0
        // F follows the presenter again only for an attendee: the run loop's (FollowTests);
        // the output overlay's y and Esc/q copy and close it, which no command does.
        for binding in Keymap.bindings where binding.when != .detached && binding.when != .overlay && binding.when != .learning {  // learn keys: LearnTests
            for key in binding.keys where key != .character("q") && key != .control("c") && key != .control("s") {
                for mode in binding.modes {
                    var byKey = Fixture.state()
                    if binding.when == .exploded { byKey.press(":"); byKey.type("explode on"); byKey.press("Enter") }
                    byKey.press(":"); byKey.type(modeCommand[mode]!); byKey.press("Enter")
                    try #require(Reducer.modeKind(byKey.mode) == mode)
                    var byEcho = byKey
                    byKey.press(key)
                    let parts = byKey.echo.components(separatedBy: " → ")
                    try #require(parts.count == 2 && parts[0] == key.description, "\(key) in \(mode) echoes \"\(byKey.echo)\"")
                    let spelling = parts[1]
                    // It parses, and eval runs it from the same scene — or refuses it exactly
                    // when the key was refused too (`u` with nothing to undo, `n` in a scene
                    // without steps).
                    #expect(throws: Never.self, "\(key) in \(mode): \"\(spelling)\" does not parse") { _ = try CommandParser.parse(spelling) }
                    var session = Fixture.state().session
                    // eval ignores the explorer's own commands (view, modes, the tree browser).
                    let explorerOnly: Bool
                    if case .explorer = try CommandParser.parse(spelling) { explorerOnly = true } else { explorerOnly = false }
                    if byKey.statusIsError && !explorerOnly {
                        #expect(throws: ScriptFailure.self, "\(key) in \(mode): \"\(spelling)\" refused by the key (\(byKey.status)) but not by eval") {
                            try ScriptRunner.run(spelling, name: "echo", session: &session, emit: { _ in })
                        }
                    } else {
                        #expect(throws: Never.self, "\(key) in \(mode): eval rejects \"\(spelling)\"") {
                            try ScriptRunner.run(spelling, name: "echo", session: &session, emit: { _ in })
                        }
                    }
                    // The : line replays it to the same state.
                    _ = Reducer.perform(&byEcho, try CommandParser.parse(spelling), echo: nil)
                    #expect(byEcho.session.scene == byKey.session.scene, "\(key) in \(mode): \(spelling)")
                    #expect(byEcho.mode == byKey.mode, "\(key) in \(mode): \(spelling)")
                    #expect(byEcho.anchorBehaviour == byKey.anchorBehaviour, "\(key) in \(mode): \(spelling)")
                    #expect(
                        byEcho.panelPage == byKey.panelPage && byEcho.view == byKey.view && byEcho.cursor == byKey.cursor && byEcho.picture == byKey.picture
                            && byEcho.treeBrowser == byKey.treeBrowser,
                        "\(key) in \(mode): \(spelling)")
                    checked += 1
                }
            }
        }
        // 44 bindings, most in several modes: the loop must really have run.
        #expect(checked > 100)
    }

    @Test func modeKeysEchoTheModeTheyEnterOrLeave() {
        var state = Fixture.state()
        state.press("a")
        #expect(state.echo == "a → mode anchor" && state.mode == .anchor)
        state.press("a")
        #expect(state.echo == "a → mode normal" && state.mode == .normal)
        state.press("f")
        #expect(state.echo == "f → anchor-behaviour keep-frame" && state.anchorBehaviour == .keepFrame)
        state.press("t")
        #expect(state.echo == "t → mode tree")
        state.press("Esc")
        #expect(state.echo == "Esc → mode normal" && state.mode == .normal)
        state.press(":")
        #expect(state.echo == ": → command-line")
    }

    @Test func helpLinesListEveryBindingWithItsKeysAndHelp() {
        let lines = Keymap.helpLines
        #expect(lines.count == Keymap.bindings.count)
        for (line, binding) in zip(lines, Keymap.bindings) {
            #expect(line.hasPrefix(binding.keys.map(\.description).joined(separator: " ") + " "), "\(line)")
            #expect(line.hasSuffix(binding.help), "\(line)")
        }
        // Keys pad to 14 columns so the help texts line up.
        #expect(lines.first == "Tab           select the next layer (tree order)")
    }

    @Test func helpOverlayShowsEveryBindingOnALargeTerminal() {
        var state = Fixture.state()
        state.columns = 200; state.rows = 140  // tall enough for every binding (the exploded view added 13; conditioned bindings 9)
        state.press("?")
        #expect(state.mode == .help)
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
        let text = (0..<canvas.rows).map { canvas.text(row: $0) }.joined(separator: "\n")
        #expect(text.contains("Keys (any key closes)"))
        for line in ExplorerScreen.helpLines(state) where !line.isEmpty {
            #expect(text.contains(line), "help overlay misses: \(line)")
        }
    }

    /// At 80 columns the box is 78 wide with 74 columns for text: every help line (the
    /// scene's notes wrapped, the keys, the commands packed) fits whole, none is cut.
    @Test func everyHelpLineFitsTheBoxAt80Columns() {
        var scene = Fixture.scene()
        scene.notes = String(repeating: "anchorPoint moves the frame, not the position; ", count: 6)
        var state = ExplorerState(session: Session(scene: scene, filePath: nil))
        state.columns = 80; state.rows = 24
        let lines = ExplorerScreen.helpLines(state)
        for line in lines { #expect(line.displayWidth <= 74, "too wide: \(line)") }
        // The notes are all there, wrapped.
        #expect(lines.prefix(5).joined(separator: " ").contains("anchorPoint moves the frame, not the position; anchorPoint"))
        // Every key's line is there whole: its wrapped parts, joined, are the line.
        var joined: [String] = []
        for line in lines {
            if line.hasPrefix(String(repeating: " ", count: 14)), let last = joined.popLast() {
                joined.append(last + " " + line.dropFirst(14))
            } else {
                joined.append(line)
            }
        }
        for line in Keymap.helpLines { #expect(joined.contains(line), "missing or cut: \(line)") }
    }

    /// Taller than the terminal, the help scrolls: every binding can be read.
    @Test(arguments: [(120, 40), (80, 24), (40, 12)])
    func helpOverlayScrollsToEveryBindingOnASmallTerminal(columns: Int, rows: Int) {
        var state = Fixture.state()
        state.columns = columns; state.rows = rows
        state.press("?")
        var seen = ""
        for _ in 0..<300 {
            let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
            seen += (0..<canvas.rows).map { canvas.text(row: $0) }.joined(separator: "\n")
            state.press("j")
            #expect(state.mode == .help, "j scrolls, it does not close")
        }
        // The title says how to scroll and close at every width (HelpTitleTests).
        #expect(seen.contains(columns >= 80 ? "j/k Space scroll, any other key closes" : "· j/k · other keys close"))
        for line in ExplorerScreen.helpLines(state) where !line.isEmpty {
            // The box may cut a long line at the right on a narrow terminal.
            #expect(seen.contains(String(line.prefix(columns - 8))), "help overlay never shows: \(line)")
        }
        state.press("r")
        #expect(state.mode == .normal)
        #expect(state.helpScroll == 0)
        #expect(state.session.scene == Fixture.scene())  // r closed the help, it did not rotate
    }
}
