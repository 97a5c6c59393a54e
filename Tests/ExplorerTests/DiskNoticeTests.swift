@testable import Explorer
import ExplorerTestSupport
import Raster
import Testing

/// "Changed on disk" stays in the title until a save or a load resolves it.
@Suite struct DiskNoticeTests {
    static func title(_ state: ExplorerState) -> String {
        ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas.text(row: 0)
    }

    @Test func changedOnDiskWithEditsStaysInTheTitleUntilSaved() {
        var state = Fixture.state(filePath: "scene.json")
        state.columns = 120
        state.press("l")  // an unsaved edit: the change on disk is not loaded over it
        #expect(Reducer.reduce(&state, .fileChanged) == .none)
        #expect(Self.title(state).contains("scene.json [+] [changed on disk]"))
        // The next keys erase the status line's message, not the title's notice.
        state.press("r", "Tab")
        #expect(!state.status.contains("changed on disk"))
        #expect(Self.title(state).contains("[changed on disk]"))
        _ = Reducer.reduce(&state, .saved(path: "scene.json"))
        #expect(!Self.title(state).contains("changed on disk"))
    }

    @Test func aReloadThatFailsSaysFileErrorInTheTitle() {
        var state = Fixture.state(filePath: "scene.json")
        state.columns = 120
        _ = Reducer.reduce(&state, .loadFailed("scene.json:1:1: cannot open the file: no such file"))
        #expect(Self.title(state).contains("scene.json [file error]"))
    }
}
