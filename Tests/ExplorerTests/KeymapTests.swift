@testable import Explorer
import LayerKit
import Raster
import Testing

@Suite struct KeymapTests {
    static let allModes: [ModeKind] = [.normal, .anchor, .cursor, .tree]

    @Test func everyBindingsKeysResolveToItInEachOfItsModes() {
        for binding in Keymap.bindings {
            for key in binding.keys {
                for mode in binding.modes {
                    #expect(Keymap.binding(for: key, in: mode) == binding, "\(key) in \(mode)")
                }
            }
        }
    }

    @Test func aBindingDoesNotAnswerOutsideItsModes() throws {
        // `P` (select the superlayer) is bound for editing modes, not the hit-test cursor.
        #expect(Keymap.binding(for: "P", in: .cursor) == nil)
        #expect(Keymap.binding(for: "P", in: .normal)?.action == .command(.selectParent))
        // h/l move things in normal, anchor and cursor modes; the tree has no left/right.
        #expect(Keymap.binding(for: "h", in: .tree) == nil)
        #expect(Keymap.binding(for: "Right", in: .tree) == nil)
    }

    @Test func noKeyIsBoundTwiceInTheSameMode() {
        var seen: [String: String] = [:]
        for binding in Keymap.bindings {
            for key in binding.keys {
                for mode in binding.modes {
                    let slot = "\(key) in \(mode)"
                    #expect(seen[slot] == nil, "\(slot): \(seen[slot] ?? "") and \(binding.spelling)")
                    seen[slot] = binding.spelling
                }
            }
        }
        #expect(!seen.isEmpty)
    }

    /// Every key name is one the terminal layer can produce (`Key.description`), or the
    /// binding could never fire.
    @Test func everyBoundKeyIsASpellingTheTerminalProduces() {
        let named: Set<String> = ["Space", "Up", "Down", "Left", "Right", "S-Up", "S-Down", "S-Left", "S-Right",
                                  "Tab", "S-Tab", "Enter", "Esc", "Backspace", "Delete", "Insert", "Home", "End",
                                  "PageUp", "PageDown"]
        for binding in Keymap.bindings {
            for key in binding.keys {
                let ok = named.contains(key)
                    || (key.count == 1 && key != " ")
                    || ((key.hasPrefix("C-") || key.hasPrefix("M-")) && key.count == 3)
                    || (key.hasPrefix("F") && Int(key.dropFirst()) != nil)
                #expect(ok, "\(key) is not a key name the terminal sends")
            }
        }
    }

    @Test func everyCommandBindingsSpellingParsesBackToItsCommand() throws {
        for binding in Keymap.bindings {
            guard case let .command(command) = binding.action else { continue }
            #expect(try CommandParser.parse(binding.spelling) == command, "\(binding.keys)")
        }
    }

    @Test func helpLinesListEveryBindingWithItsKeysAndHelp() {
        let lines = Keymap.helpLines
        #expect(lines.count == Keymap.bindings.count)
        for (line, binding) in zip(lines, Keymap.bindings) {
            #expect(line.hasPrefix(binding.keys.joined(separator: " ") + " "), "\(line)")
            #expect(line.hasSuffix(binding.help), "\(line)")
        }
        // Keys pad to 14 columns so the help texts line up.
        #expect(lines.first == "Tab           select the next layer (tree order)")
    }

    @Test func helpOverlayShowsEveryBindingOnALargeTerminal() {
        var state = Fixture.state()
        state.columns = 200; state.rows = 80
        state.press("?")
        #expect(state.mode == .help)
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
        let text = (0..<canvas.rows).map { canvas.text(row: $0) }.joined(separator: "\n")
        #expect(text.contains("Keys (any key closes)"))
        for line in Keymap.helpLines {
            #expect(text.contains(line), "help overlay misses: \(line)")
        }
    }

    /// Taller than the terminal, the help scrolls: every binding can be read.
    @Test(arguments: [(120, 40), (80, 24), (40, 12)])
    func helpOverlayScrollsToEveryBindingOnASmallTerminal(columns: Int, rows: Int) {
        var state = Fixture.state()
        state.columns = columns; state.rows = rows
        state.press("?")
        var seen = ""
        for _ in 0..<100 {
            let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
            seen += (0..<canvas.rows).map { canvas.text(row: $0) }.joined(separator: "\n")
            state.press("j")
            #expect(state.mode == .help, "j scrolls, it does not close")
        }
        #expect(seen.contains(columns >= 80 ? "j/k Space scroll, any other key closes" : "Keys 1–8 of"))
        for line in Keymap.helpLines {
            // The box may cut a long line at the right on a narrow terminal.
            #expect(seen.contains(String(line.prefix(columns - 8))), "help overlay never shows: \(line)")
        }
        state.press("r")
        #expect(state.mode == .normal)
        #expect(state.helpScroll == 0)
        #expect(state.session.scene == Fixture.scene())   // r closed the help, it did not rotate
    }
}
