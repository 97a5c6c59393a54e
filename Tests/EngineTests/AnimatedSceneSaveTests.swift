import Foundation
import Scenes
import Testing
import CommandLanguage
import Geometry
import LayerModel
@testable import LayoutFiles
@testable import Engine
import SceneFiles

/// Issue 36, "saves refused for no stated reason": on the shipped `time-clock.json`,
/// `time-card-flip.json` and `time-spinner.json` every ordinary edit was refused with "a scene
/// field differs; save under a new name" — the check after patching compared the animations
/// with their line and column, which a patched line above them moves. Now the edit is written
/// in place, the author's text kept, and the file reopens to the same answers.
@Suite("Saving the animated scenes in place")
struct AnimatedSceneSaveTests: SessionScripting {
    static let files = ["time-clock.json", "time-card-flip.json", "time-spinner.json"]
    static let edits = ["rotate 15", "set zPosition 3", "toggle hidden"]

    @Test(arguments: files)
    func everyLayerTakesEveryEditInPlace(file: String) throws {
        let dir = NSTemporaryDirectory() + "ls-animated-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let original = try String(contentsOfFile: SwiftExportTests.layoutsFolder.appendingPathComponent(file).path, encoding: .utf8)
        let animations = try #require(original.range(of: "\"animations\"").map { String(original[$0.lowerBound...]) })
        let shipped = try SceneLoader.load(SwiftExportTests.layoutsFolder.appendingPathComponent(file).path).tree
        let names = shipped.treeOrder.map { shipped[$0].name }
        var saves = 0
        for name in names {
            for edit in Self.edits {
                let path = dir + "/" + file
                try original.write(toFile: path, atomically: true, encoding: .utf8)
                var edited = Session(scene: try SceneLoader.load(path), filePath: path)
                try ScriptRunner.run("select \(name); \(edit); save", name: "<\(file): \(name) \(edit)>", session: &edited, emit: { _ in })
                saves += 1
                let text = try String(contentsOfFile: path, encoding: .utf8)
                // Written in place: the author's title, notes and animations as they were.
                #expect(text.hasSuffix(animations), "\(file): \(name) \(edit) rewrote the animations")
                #expect(text.hasPrefix(String(original.prefix { $0 != "\n" })))
                var reopened = Session(scene: try SceneLoader.load(path), filePath: path)
                // The same answers: every layer's geometry and a 9 × 9 grid of hit tests.
                for id in edited.tree.treeOrder {
                    let a = edited.tree[id], b = reopened.tree[reopened.tree.id(named: a.name)!]
                    #expect(a.zPosition == b.zPosition && a.isHidden == b.isHidden && a.position == b.position && a.bounds == b.bounds)
                    #expect(a.transform.isApproximatelyEqual(to: b.transform, tolerance: 1e-12), "\(file): \(name) \(edit): \(a.name)")
                }
                let screen = edited.scene.screenRect
                for i in 0...8 {
                    for j in 0...8 {
                        let x = screen.minX + screen.width * Double(i) / 8, y = screen.minY + screen.height * Double(j) / 8
                        let q = "hit-test \(x) \(y)"
                        #expect(try ask(&edited, q) == ask(&reopened, q), "\(file): \(name) \(edit): \(q)")
                    }
                }
            }
        }
        #expect(saves == names.count * 3)
    }

    @Test func aDifferenceThatRemainsIsNamed() {
        // What the check says when animations really differ: which one, not "a scene field".
        var a = Scene(), b = Scene()
        a.animations = [AnimationDeclaration(layer: "card", spec: AnimationSpec(keyPath: .opacity), location: nil)]
        b.animations = [AnimationDeclaration(layer: "card", spec: AnimationSpec(keyPath: .opacity), location: SourceLocation(file: "x", line: 9, column: 3))]
        #expect(SceneComparison.difference(a, b) == nil)
        b.animations[0].spec.duration = 2
        #expect(SceneComparison.difference(a, b) == "animations[0] (card opacity) differs")
        b = a
        b.currentStep = 1
        #expect(SceneComparison.difference(a, b) == "the current step differs (0 vs 1)")
    }
}
