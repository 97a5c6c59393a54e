@testable import Explorer
import ExplorerTestSupport
import LayoutFiles
import Testing
import Scenes

/// The question before saving over a changed or read-only file (issue 20): each answer's
/// effect, from the reducer (the tmux test TwoWritersEndToEndTests drives the real thing).
@Suite struct SaveQuestionTests {
    static func asked(_ conflict: SaveConflict, quitting: Bool = false) -> ExplorerState {
        var state = Fixture.state()
        state.mode = .confirmOverwrite(path: "/tmp/scene.json", conflict: conflict, quitting: quitting)
        return state
    }

    @Test func oOverwritesWithoutAskingAgain() {
        var state = Self.asked(.changedOnDisk)
        #expect(state.press("o") == .overwrite(path: "/tmp/scene.json"))
    }

    @Test func rReloadsAChangedFileOnly() {
        var changed = Self.asked(.changedOnDisk)
        #expect(changed.press("r") == .load(path: "/tmp/scene.json"))
        #expect(changed.mode == .normal)
        // A read-only file has nothing new to reload: r cancels like any other key.
        var readOnly = Self.asked(.readOnly)
        #expect(readOnly.press("r") == ExplorerEffect.none)
        #expect(readOnly.mode == .normal)
        #expect(readOnly.status == "not saved — /tmp/scene.json is as it was; your edits are still unsaved")
    }

    @Test func sOpensTheCommandLineWithSave() {
        var state = Self.asked(.readOnly)
        #expect(state.press("s") == ExplorerEffect.none)
        #expect(state.mode == .command(text: "save ", caret: 5))
    }

    @Test func ctrlCAndEscCancel() {
        for key in ["C-c", "Esc"] {
            var state = Self.asked(.changedOnDisk)
            #expect(state.press(key) == ExplorerEffect.none)
            #expect(state.mode == .normal)
        }
    }

    @Test func aSaveAnsweredFromTheQuitQuestionQuits() {
        var state = Self.asked(.changedOnDisk, quitting: true)
        #expect(Reducer.reduce(&state, .saved(path: "/tmp/scene.json")) == .quit)
        var staying = Self.asked(.changedOnDisk, quitting: false)
        #expect(Reducer.reduce(&staying, .saved(path: "/tmp/scene.json")) == ExplorerEffect.none)
        #expect(staying.mode == .normal)
    }
}
