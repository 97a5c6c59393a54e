import Engine
import Foundation
import LayoutFiles
import SceneFiles
import Scenes
import Testing
import TestSupport

/// A step's command that warns (`set frame` under a rotation) is a load warning like a
/// layout script's (`LayoutScriptWarningTests`): the file's steps are played at load, and the
/// warning keeps the step's script line, named as a step's error names the command.
@Suite struct StepScriptWarningTests {
    static let layout = Fixtures.stepWarnings

    static func load(_ text: String = layout) throws -> Scene {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ls-step-warn-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try text.write(toFile: dir + "/trial.json", atomically: true, encoding: .utf8)
        return try SceneLoader.load(dir + "/trial.json")
    }

    /// Step 2 turns 20×20 at 30° into frame 0 0 20 20: the setter maps the size through the
    /// inverse rotation, (20·cos30° + 20·sin30°, −20·sin30° + 20·cos30°) = (17.32 + 10,
    /// −10 + 17.32) = 27.32 × 7.32. Step 3 sets frame 0 0 10 10 on it: half that, 13.66 ×
    /// 3.66 (from 27.32 × 7.32). Step 1's `flat` has no transform: no warning.
    @Test func eachStepCommandThatWarnsIsALoadWarningAtItsLine() throws {
        let warnings = try Self.load().loadWarnings.all
        try #require(warnings.count == 2, "\(warnings)")
        // Line 8: `  {"title": "turned", "script": ["select card", ` is 48 characters; the quote at 49.
        #expect(warnings[0].file.hasSuffix("/trial.json"))
        #expect((warnings[0].line, warnings[0].column, warnings[0].path) == (8, 49, "step 2 \"turned\": set frame 0 0 20 20"))
        #expect(warnings[0].message.contains("bounds went from 20×20 to 27.3205080757×7.3205080757"), "\(warnings[0])")
        // Line 9: `  {"title": "small", "script": ["select card", ` is 47 characters; the quote at 48.
        #expect((warnings[1].line, warnings[1].column, warnings[1].path) == (9, 48, "step 3 \"small\": set frame 0 0 10 10"))
        #expect(warnings[1].message.contains("bounds went from 27.3205080757×7.3205080757 to 13.6602540378×3.6602540378"), "\(warnings[1])")
        #expect(warnings[0].description.contains("/trial.json:8:49: warning: step 2 \"turned\": set frame 0 0 20 20: frame set under a transform"))
    }

    /// The file opens before the first step: the scene is as written (the warnings are the
    /// steps', found by playing them on a copy).
    @Test func theSceneStillOpensAtStepZero() throws {
        let scene = try Self.load()
        #expect(scene.currentStep == 0)
        let card = scene.tree[scene.tree.id(named: "card")!]
        #expect(card.bounds.size.width == 20 && card.bounds.size.height == 20)
    }

    /// Playing the steps says the step's first warning, with the step and command, even when
    /// a later command of the step (`select flat`) ran without one; going on over several
    /// steps says the first of them.
    @Test func playingAStepSaysItsFirstWarning() throws {
        var session = Session(scene: try Self.load())
        _ = try session.perform(.step(1))
        #expect(session.warning == nil)
        _ = try session.perform(.step(2))
        let said = try #require(session.warning)
        #expect(said.hasPrefix("step 2 \"turned\": set frame 0 0 20 20: frame set under a transform"), "\(said)")
        _ = try session.perform(.step(0))
        _ = try session.perform(.step(3))
        #expect(session.warning == said, "0 → 3 plays steps 1, 2 and 3: step 2's is the first")
    }

    /// A file whose steps do not warn has none.
    @Test func quietStepsAddNothing() throws {
        let quiet = Self.layout.replacingOccurrences(of: "\"set frame 0 0 20 20\"", with: "\"set position 0 0\"")
            .replacingOccurrences(of: "\"set frame 0 0 10 10\"", with: "\"set position 5 5\"")
        #expect(try Self.load(quiet).loadWarnings.all.isEmpty)
    }
}
