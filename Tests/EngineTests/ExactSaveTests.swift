import Foundation
import Testing
import CommandLanguage
import Geometry
import LayerModel
@testable import LayoutFiles
@testable import Engine
import SceneFiles

/// Issue 36, "written, but not what was meant": the preserving save wrote transform steps to
/// 1e-9, so `scale 1.0000000001` reopened as `scale 1` (it was not even seen as a change), and
/// a point on the scaled edge changed hands. A step's value is now written short only when the
/// difference is the rounding noise of recomputing it (1e-12), exactly otherwise.
@Suite("A saved file reopens to the same answers")
struct ExactSaveTests: SessionScripting {
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "ls-exact-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test(arguments: ["json", "yaml"])
    func aScaleJustOverOneIsSavedAndTheEdgeStillHits(format: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a." + format
        // a is 100 × 100 about its centre (50, 50): scaled by 1 + 1e-10 its right edge is at
        // 50 + 50 × 1.0000000001 = 100.000000005, so x = 100.000000003 is inside it; unscaled
        // (the edge at 100) it is outside and the hit is nothing.
        let text0 =
            format == "json"
            ? "{ \"layers\": [ { \"name\": \"a\", \"bounds\": [0, 0, 100, 100], \"position\": [50, 50] } ] }\n"
            : "layers:\n  - name: a\n    bounds: [0, 0, 100, 100]\n    position: [50, 50]\n"
        try text0.write(toFile: path, atomically: true, encoding: .utf8)
        var edited = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run("select a; scale 1.0000000001; save", name: "<script>", session: &edited, emit: { _ in })
        #expect(try ask(&edited, "hit-test 100.000000003 50") == "{\"hit\":\"a\"}")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("1.0000000001"), "\(text)")
        var reopened = Session(scene: try SceneLoader.load(path), filePath: path)
        #expect(try ask(&reopened, "hit-test 100.000000003 50") == "{\"hit\":\"a\"}")
        #expect(reopened.tree[reopened.tree.id(named: "a")!].transform == edited.tree[edited.tree.id(named: "a")!].transform)
    }

    @Test func aStepThatCannotTakeASmallChangeIsNotKeptByIt() throws {
        // [{rotate: 90}] then `scale 1.0000000001`: the rotation alone is within 1e-9 of the new
        // matrix, and was written back unchanged, dropping the scale.
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/r.json"
        try "{ \"layers\": [ { \"name\": \"r\", \"bounds\": [0, 0, 100, 100], \"position\": [50, 50], \"transform\": [{ \"rotate\": 90 }] } ] }\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        var edited = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run("select r; scale 1.0000000001; save", name: "<script>", session: &edited, emit: { _ in })
        let reopened = try SceneLoader.load(path).tree
        let m = reopened[reopened.id(named: "r")!].transform, want = edited.tree[edited.tree.id(named: "r")!].transform
        #expect(m.isApproximatelyEqual(to: want, tolerance: 1e-14))
        #expect(!m.isApproximatelyEqual(to: .rotation(.degrees(90)), tolerance: 1e-14))
        // Rounding noise is still dropped: rotate 30 then rotate 15 is written as 45.
        try "{ \"layers\": [ { \"name\": \"r\", \"bounds\": [0, 0, 100, 100], \"position\": [50, 50], \"transform\": [{ \"rotate\": 30 }] } ] }\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        var turned = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run("select r; rotate 15; save", name: "<script>", session: &turned, emit: { _ in })
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("{ \"rotate\": 45 }"))
    }

    @Test func stepValuesAreShortOnlyWithinTheirNoise() {
        #expect(stepNumberText(45.00000000000001) == "45")
        #expect(stepNumberText(1.0000000001) == "1.0000000001")
        #expect(stepNumberText(0.30000000000000004) == "0.3")
        #expect(stepNumberText(100.0000001) == "100.0000001")
    }
}
