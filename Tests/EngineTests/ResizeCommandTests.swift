import Foundation
import Scenes
import Geometry
import Testing
import TestSupport
import LayerModel
import CommandLanguage
import LayoutFiles
import Engine

@Suite("resize and turn commands")
struct ResizeCommandTests {
    @Test("resize W H is an undoable edit that autoresizes the subviews")
    func resizeCommand() throws {
        let (tree, _, child) = try springsScene([.flexibleLeftMargin])
        var session = Session(scene: Scene(tree: tree))
        _ = try session.perform(.select("root"))
        _ = try session.perform(try CommandParser.parseEngine("resize 360 200"))
        #expect(session.scene.tree[child].frame.minX == 80)   // 20 + 60
        _ = try session.perform(.undo)
        #expect(session.scene.tree[child].frame.minX == 20)
        #expect(throws: CommandError.self) { try CommandParser.parse("resize -1 2") }
        #expect(Edit.resize(360, 200).text == "resize 360 200")
    }

    @Test("turn swaps the top-level view's width and height, and back")
    func turn() throws {
        // The landscape dump's root is 480×320 in bounds; turning it makes it 320×480.
        let (tree, root, child) = try springsScene([.flexibleWidth, .flexibleTopMargin])
        var session = Session(scene: Scene(tree: tree))
        _ = try session.perform(.select("child"))
        _ = try session.perform(.edit(.turn))
        // Root 300×200 → 200×300. child W: width 100 + (−100) = 0 (the only flexible part);
        // TM: top 50 + 100 = 150.
        #expect(session.scene.tree[root].bounds.size == Size(width: 200, height: 300))
        #expect(session.scene.tree[child].frame == Rect(x: 20, y: 150, width: 0, height: 50))
        _ = try session.perform(.edit(.turn))
        #expect(session.scene.tree[root].bounds.size == Size(width: 300, height: 200))
    }
}
