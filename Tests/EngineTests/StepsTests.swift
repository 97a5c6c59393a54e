import Foundation
import Testing
import TestSupport
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine
import SceneFiles

/// Step-through demos: `step N` leaves the scene exactly as after step N.
@Suite struct StepsTests {
    static func popup() throws -> Session {
        let path = SwiftExportTests.layoutsFolder.appendingPathComponent("popup.json").path
        return Session(scene: try SceneLoader.load(path), filePath: path)
    }

    static func frame(_ s: Session, _ name: String) throws -> Rect {
        s.tree[try #require(s.tree.id(named: name))].frame
    }

    @Test func theSeedStartsBeforeTheGotchaAndEachStepPlaysItsScript() throws {
        var s = try Self.popup()
        #expect(s.stepCount == 3 && s.currentStep == 0)
        // Before any step both red views are empty rects at (0, 0): nothing has jumped yet.
        #expect(try Self.frame(s, "frameFirst") == Rect(0, 0, 0, 0))
        _ = try s.perform(.step(1))
        // anchorPoint (0, 0) first, then frame (140, 140, 100, 100): position = origin + 0·size.
        #expect(try Self.frame(s, "anchorFirst") == Rect(140, 140, 100, 100))
        _ = try s.perform(.step(2))
        // frame first (anchor 0.5: position = 140 + 50 = 190), then anchor (0, 0): position
        // stays 190, so the origin becomes 190 − 0·100 = 190 — the jump.
        #expect(try Self.frame(s, "frameFirst") == Rect(190, 190, 100, 100))
        _ = try s.perform(.step(3))
        // scale 0.5 about the anchor at (140, 140): size 50, origin stays (140, 140).
        #expect(try Self.frame(s, "anchorFirst").isApproximatelyEqual(to: Rect(140, 140, 50, 50), tolerance: 1e-9))
        #expect(s.currentStep == 3)
    }

    @Test func goingBackRestoresTheExactTreeOfThatStep() throws {
        var s = try Self.popup()
        let before = s.tree
        _ = try s.perform(.step(1))
        let afterOne = s.tree
        _ = try s.perform(.step(3))
        #expect(s.tree != afterOne)
        _ = try s.perform(.step(1))
        #expect(s.tree == afterOne)
        _ = try s.perform(.step(0))
        #expect(s.tree == before)
        // Forward again from 0 replays the same scripts: the same tree, exactly.
        _ = try s.perform(.step(1))
        #expect(s.tree == afterOne)
        #expect(!s.isDirty, "stepping is not an edit")
    }

    @Test func aStepOutOfRangeOrOnAPlainSceneIsAnErrorThatChangesNothing() throws {
        var s = try Self.popup()
        _ = try s.perform(.step(2))
        let tree = s.tree
        let e = try #require(throws: CommandError.self) { _ = try s.perform(.step(4)) }
        #expect(e.message.contains("steps 0…3"))
        #expect(s.tree == tree && s.currentStep == 2)
        var plain = Session()
        #expect(throws: CommandError.self) { _ = try plain.perform(.step(1)) }
    }

    @Test func stepParsesAndPrintsBack() throws {
        #expect(try CommandParser.parse("step 3") == .engine(.step(3)))
        #expect(EngineCommand.step(3).text == "step 3")
    }

    @Test func aBrokenStepIsALoadErrorWithItsLine() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/bad.yaml"
        try """
        layers:
          - { name: box, bounds: [0, 0, 10, 10] }
        steps:
          - title: one
            script:
              - "select nobody"

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let e = try #require(throws: SceneLoadError.self) { try SceneLoader.load(path) }
        // The command is on line 6, column 9 (after `      - `).
        #expect(e.description.hasPrefix("\(path):6:9: step 1 \"one\": select nobody"))
    }

    @Test func aBrokenStepNamesTheLineThatFailedNotItsFirst() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/bad.yaml"
        try """
        layers:
          - { name: box, bounds: [0, 0, 10, 10] }
        steps:
          - title: one
            script:
              - "select box"
              - "export svg out.svg"

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let e = try #require(throws: SceneLoadError.self) { try SceneLoader.load(path) }
        // The second line fails: line 7, column 9 (after `      - `); a step writes no files.
        #expect(e.description.hasPrefix("\(path):7:9: step 1 \"one\": export svg out.svg: export is not allowed in a step's script"), "\(e)")
    }

    @Test func savingMidDemoKeepsTheStepsAndChangesOnlyTheEditedValue() throws {
        let dir = try TemporaryDirectory()
        let path = try PreservingSaveTests.copyOfShipped("popup.json", into: dir)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        var s = Session(scene: try SceneLoader.load(path), filePath: path)
        // At step 2 the button (no step touches it) turns blue; the file's start state gets
        // that value, the steps stay, and the file still loads to step 0.
        try ScriptRunner.run("step 2\nselect button; set backgroundColor blue\nsave", name: "<test>", session: &s, emit: { _ in })
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(PreservingSaveTests.changedParts(original, saved) == ("green", "blue"))
        let reloaded = try SceneLoader.load(path)
        #expect(reloaded.steps.map(\.title) == s.scene.steps.map(\.title))
        #expect(reloaded.currentStep == 0)
    }
}
