@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Foundation
import Testing
import TestSupport
import Engine
import Geometry
import SceneFiles

/// The quit question's save refused in place (a layer placed by its frame whose bounds
/// origin changed): it offers `save --rewrite` as a `:w` refusal does, on the `:` line, and
/// Enter writes it and quits. Real files, every effect carried out by `EffectPerformer`.
@Suite struct QuitRewriteTests {
    static let card = Fixtures.placedCard

    /// The explorer on `card.json` with badge's bounds origin moved (no frame can say it).
    static func edited(_ dir: TempDirectory) throws -> (ExplorerState, String) {
        let path = dir.file("card.json")
        try card.write(toFile: path, atomically: false, encoding: .utf8)
        var state = ExplorerState(session: Session(scene: try SceneLoader.load(path), filePath: path))
        for line in ["select badge", "set bounds 5 5 40 40"] {
            state.press(":")
            state.type(line)
            state.press("Enter")
            #expect(!state.statusIsError, "\(line): \(state.status)")
        }
        return (state, path)
    }

    static func perform(_ effect: ExplorerEffect, _ state: inout ExplorerState) -> ExplorerEffect {
        guard let action = EffectPerformer.perform(effect, scene: state.session.savable, io: .files, copy: { _ in .copied("") }) else { return effect }
        return Reducer.reduce(&state, action)
    }

    @Test func aRefusedSaveAtTheQuitQuestionOffersTheRewriteAndEnterWritesItAndQuits() throws {
        let dir = try TempDirectory()
        var (state, path) = try Self.edited(dir)
        #expect(state.press("q") == .none)
        #expect(state.mode == .confirmQuit)
        let save = state.press("y")
        #expect(save == .save(path: path))
        // Refused in place: the file untouched, and the `:` line holds the rewrite.
        #expect(Self.perform(save, &state) == .none)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.card)
        #expect(state.mode == .command(text: "save --rewrite", caret: 14))
        #expect(state.statusIsError)
        #expect(state.status.hasPrefix("not saved: \(path):6:43: layers[0].subviews[0].frame: cannot save into the file and keep its text"), "\(state.status)")
        #expect(state.status.hasSuffix("— Enter: save --rewrite and quit (or edit the line: save NEW.json) · Esc: stay"), "\(state.status)")
        // Enter: the rewrite, then quit.
        let rewrite = state.press("Enter")
        #expect(rewrite == .rewrite(path: path))
        #expect(Self.perform(rewrite, &state) == .quit)
        let reopened = try SceneLoader.load(path)
        let badge = try #require(reopened.tree.id(named: "badge"))
        #expect(reopened.tree[badge].bounds == Rect(x: 5, y: 5, width: 40, height: 40))
        // Only badge's line was written afresh: label's odd spacing is still there.
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#"{"name": "label",   "kind": "view", "frame": [60, 10, 120, 30]}"#))
    }

    @Test func escOnTheOfferedLineStaysWithTheEditsUnsaved() throws {
        let dir = try TempDirectory()
        var (state, path) = try Self.edited(dir)
        state.press("q")
        #expect(Self.perform(state.press("y"), &state) == .none)
        #expect(state.press("Esc") == .none)
        #expect(state.mode == .normal)
        #expect(state.session.isDirty)
        // The next `:` line is an ordinary one: a save there does not quit.
        state.press(":")
        #expect(!state.quitAfterSave)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.card)
    }

    @Test func aFailureTheRewriteCannotMendIsReportedAsBefore() {
        var state = Fixture.state(filePath: "/tmp/a.json")
        state.press("l")
        state.press("q")
        #expect(state.mode == .confirmQuit)
        #expect(Reducer.reduce(&state, .saveFailed("disk full")) == .none)
        #expect(state.mode == .normal)
        #expect(state.status == "save failed: disk full — nothing was lost")
    }
}
