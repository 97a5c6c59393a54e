@testable import Explorer
import ExplorerTestSupport
import CommandLanguage
import Engine
import Testing

/// Modes are kept (issue 32): the `:` line returns to the mode it was opened in; `c` after
/// a step that turned the crosshair on turns it off and says so; `i` twice is the hit-test
/// page from any page.
@Suite struct ModesKeptTests {
    @Test func aColonCommandInCursorModeStaysInCursorMode() throws {
        var state = try LayoutGoldenTests.state("depth.json")
        state.press("c")
        #expect(state.mode == .cursor)
        let crosshair = state.cursor
        state.press(":")
        state.type("select viewRed")
        state.press("Enter")
        #expect(state.mode == .cursor)
        #expect(state.cursor == crosshair)
        #expect(state.selectedName == "viewRed")
        // Esc on the line goes back to cursor mode too; a command that changes the mode wins.
        state.press(":")
        state.press("Esc")
        #expect(state.mode == .cursor)
        state.press(":")
        state.type("mode anchor")
        state.press("Enter")
        #expect(state.mode == .anchor)
        // From normal mode the line returns to normal.
        state.press("Esc")
        state.press(":")
        state.type("select viewGreen")
        state.press("Enter")
        #expect(state.mode == .normal)
    }

    @Test func cAfterAStepThatTurnedTheCursorOnTurnsItOffAndSaysSo() throws {
        var state = try LayoutGoldenTests.state("depth.json")
        for _ in 0..<4 { state.press("n") }
        #expect(state.session.currentStep == 4)
        #expect(state.mode == .cursor)
        state.press("c")
        #expect(state.mode == .normal)
        #expect(state.echo == "c → mode normal")
        #expect(state.status == "crosshair off — c turns it on again")
    }

    @Test(arguments: PanelName.allCases)
    func iTwiceIsTheHitTestPageFromAnyPage(_ start: PanelName) throws {
        var state = try LayoutGoldenTests.state("depth.json", columns: 120, rows: 40)
        for c in try CommandParser.parseLine("panel \(start.rawValue)") { _ = Reducer.reduce(&state, .command(c)) }
        state.press("i")
        if start == .formula {
            // On the formula page `i` goes on to hit-test (it used to count from the
            // inspector and land on the formula page again: a key that did nothing).
            #expect(state.panelPage == .hitTest)
            #expect(state.echo == "i → panel hit-test")
            state.press("i")
            #expect(state.panelPage == .inspector)
            return
        }
        #expect(state.panelPage == .formula)
        state.press("i")
        #expect(state.panelPage == .hitTest)
        #expect(state.echo == "i → panel hit-test")
        // In a row, i keeps turning: back to the inspector (depth.json's layers draw nothing).
        state.press("i")
        #expect(state.panelPage == .inspector)
    }

    /// `i` never leaves the page as it was: from every page, each press changes it.
    @Test(arguments: PanelName.allCases)
    func iAlwaysTurnsThePage(_ start: PanelName) throws {
        var state = try LayoutGoldenTests.state("content-rotation.json", columns: 120, rows: 40)
        state.press("Tab")
        for c in try CommandParser.parseLine("panel \(start.rawValue)") { _ = Reducer.reduce(&state, .command(c)) }
        var seen = [state.panelPage]
        for _ in 0..<4 {
            let before = state.panelPage
            state.press("i")
            #expect(state.panelPage != before, "i on \(before.rawValue) (from \(start.rawValue)) did nothing")
            seen.append(state.panelPage)
        }
        #expect(seen.prefix(3).contains(.hitTest), "\(seen)")
    }
}
