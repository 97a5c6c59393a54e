@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Foundation
import Testing
import TestSupport
import Engine
import SceneFiles

/// Whether the quit question offers `save --rewrite` is a flag the refusal carries
/// (`LayoutError.offersRewrite` → `SceneLoadError` → `.saveFailed`), never a phrase found in
/// its text. Real files for the refusals; the reducer for the decision.
@Suite struct QuitRewriteFlagTests {
    /// The explorer on `card.json` with badge's bounds origin moved (no frame can say it).
    static func edited(_ dir: TempDirectory, _ text: String = Fixtures.placedCard, _ lines: [String] = ["select badge", "set bounds 5 5 40 40"])
        throws -> (ExplorerState, String)
    {
        let path = dir.file("card.json")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        var state = ExplorerState(session: Session(scene: try SceneLoader.load(path), filePath: path))
        for line in lines {
            state.press(":")
            state.type(line)
            state.press("Enter")
            #expect(!state.statusIsError, "\(line): \(state.status)")
        }
        return (state, path)
    }

    @Test func aRefusalTheRewriteWouldWriteCarriesTheFlagToTheExplorer() throws {
        let dir = try TempDirectory()
        let (state, path) = try Self.edited(dir)
        let saved = state.session.savable
        let error = try #require(throws: SceneLoadError.self) { try SceneLoader.save(saved, to: path) }
        #expect(error.offersRewrite)
        let action = try #require(EffectPerformer.perform(.save(path: path), scene: saved, io: .files, copy: { _ in .copied("") }))
        guard case let .saveFailed(message, offersRewrite) = action else {
            Issue.record("expected saveFailed, got \(action)")
            return
        }
        #expect(offersRewrite)
        #expect(message == error.description)
    }

    @Test func aRefusalThatWouldLoseTheStepsDoesNotOfferIt() throws {
        let dir = try TempDirectory()
        let text = """
            {
              "title": "s",
              "layers": [{"name": "a", "bounds": [0, 0, 10, 10]}],
              "steps": [{"title": "fade", "script": ["select a; set opacity 0.5"]}]
            }

            """
        // At step 1 the step sets opacity 0.5 whenever it is played: 0.8 cannot be kept, and
        // written afresh the file would lose its steps.
        let (state, path) = try Self.edited(dir, text, ["step 1", "select a", "set opacity 0.8"])
        let error = try #require(throws: SceneLoadError.self) { try SceneLoader.save(state.session.savable, to: path) }
        #expect(error.description.contains("so save --rewrite does not either"), "\(error.description)")
        #expect(!error.offersRewrite)
    }

    @Test func theFlagNotTheTextDecides() {
        // The refusal's own words with no flag: reported as a failure, no rewrite offered.
        let words = "card.json:6:43: cannot save into the file and keep its text: x; save --rewrite writes the whole file afresh"
        var state = Fixture.state(filePath: "/tmp/a.json")
        state.press("l")
        state.press("q")
        #expect(state.mode == .confirmQuit)
        #expect(Reducer.reduce(&state, .saveFailed(words)) == .none)
        #expect(state.mode == .normal)
        #expect(!state.quitAfterSave)
        #expect(state.status == "save failed: \(words) — nothing was lost")
        // The flag with words that never name the rewrite: offered.
        state.press("q")
        #expect(state.mode == .confirmQuit)
        #expect(Reducer.reduce(&state, .saveFailed("refused", offersRewrite: true)) == .none)
        #expect(state.mode == .command(text: "save --rewrite", caret: 14))
        #expect(state.quitAfterSave)
        #expect(state.status == "not saved: refused — Enter: save --rewrite and quit (or edit the line: save NEW.json) · Esc: stay")
    }

    @Test func outsideTheQuitQuestionTheFlagChangesNothing() {
        var state = Fixture.state(filePath: "/tmp/a.json")
        #expect(Reducer.reduce(&state, .saveFailed("refused", offersRewrite: true)) == .none)
        #expect(state.mode == .normal)
        #expect(state.status == "save failed: refused — nothing was lost")
    }
}
