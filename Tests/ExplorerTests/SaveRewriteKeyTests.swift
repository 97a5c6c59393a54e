@testable import Explorer
import ExplorerTestSupport
import Testing
import CommandLanguage

/// `:save --rewrite` in the explorer (issue 36): the run loop is asked for a rewriting save of
/// the session's file (or the one named), its report is said in the status line, and it never
/// travels to attendees.
@Suite struct SaveRewriteKeyTests {
    @Test func colonSaveRewriteAsksForARewriteAndTheStatusSaysWhatWasWrittenAfresh() {
        var state = Fixture.state(filePath: "/tmp/a.json")
        state.press("l")
        #expect(state.session.isDirty)
        state.press(":")
        state.type("save --rewrite")
        #expect(state.press("Enter") == .rewrite(path: "/tmp/a.json"))
        state.press(":")
        state.type("w --rewrite /tmp/b.yaml")
        #expect(state.press("Enter") == .rewrite(path: "/tmp/b.yaml"))
        #expect(Reducer.reduce(&state, .rewrote(path: "/tmp/a.json", summary: "kept the file's text except: layer \"badge\" written afresh")) == .none)
        #expect(!state.statusIsError)
        #expect(state.status == "saved /tmp/a.json: kept the file's text except: layer \"badge\" written afresh")
        #expect(!state.session.isDirty)
    }

    @Test func withNoFileItSaysSo() {
        var state = Fixture.state()
        state.press(":")
        state.type("save --rewrite")
        #expect(state.press("Enter") == .none)
        #expect(state.statusIsError)
        #expect(state.status == "no file name: use :save --rewrite FILE")
    }

    @Test func aRewriteNeverTravels() {
        #expect(!Follow.travels(.engine(.save(nil, rewrite: true))))
        #expect(!Follow.travels(.engine(.save("x.json", rewrite: true))))
    }
}
