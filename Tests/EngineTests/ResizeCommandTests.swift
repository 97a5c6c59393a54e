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
        #expect(session.scene.tree[child].frame.minX == 80)  // 20 + 60
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

    @Test("turn on a view its transform rotates swaps its bounds about the anchor, and says so")
    func turnUnderARotation() throws {
        // The tour's box: bounds 100×60, anchorPoint (0, 0) at (230, 80), rotated 15°. Through
        // the frame setter its bounds became 83.837×81.063, neither size nor swap.
        var tree = LayerTree()
        let id = try tree.add(Self.tourBox(kind: .layer))
        var session = Session(scene: Scene(tree: tree))
        _ = try session.perform(.select("box"))
        _ = try session.perform(.edit(.turn))
        #expect(session.scene.tree[id].bounds.size == Size(width: 60, height: 100))
        #expect(session.scene.tree[id].position == Point(230, 80))
        #expect(
            session.warning == "box is turned by its transform, so its bounds swapped about its anchorPoint (100×60 → 60×100, position kept), not its frame")
        _ = try session.perform(.edit(.turn))
        #expect(session.scene.tree[id].bounds.size == Size(width: 100, height: 60))
        _ = try session.perform(.undo)
        #expect(session.scene.tree[id].bounds.size == Size(width: 60, height: 100))
    }

    @Test("resize under a rotation goes through the frame setter, as UIKit does, and says the frame won't read back")
    func resizeUnderARotationWarns() throws {
        var tree = LayerTree()
        let id = try tree.add(Self.tourBox(kind: .view))
        var flatView = Layer(name: "flat", kind: .view)
        flatView.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        let flat = try tree.add(flatView)
        var session = Session(scene: Scene(tree: tree))
        _ = try session.perform(.select("box"))
        _ = try session.perform(.edit(.resize(120, 80)))
        // The frame setter (R3) turns the size back by −15°: 120·cos 15° + 80·sin 15° =
        // 115.9111 + 20.7055 = 136.6166 wide, −120·sin 15° + 80·cos 15° = −31.0583 + 77.2741 =
        // 46.2158 high, not 120×80.
        let bounds = session.scene.tree[id].bounds.size
        #expect(abs(bounds.width - 136.6166227629) < 1e-9 && abs(bounds.height - 46.2157806908) < 1e-9)
        #expect(
            session.warning
                == "resize under a transform that is not a scale or a multiple of 90°: bounds went from 100×60 to 136.6166227629×46.2157806908 and the frame will not read back as 120×80 (Apple: don't set frame under a rotation)"
        )
        // Unrotated, the same resize is exact and says nothing.
        _ = try session.perform(.select("flat"))
        _ = try session.perform(.edit(.resize(120, 80)))
        #expect(session.scene.tree[flat].bounds.size == Size(width: 120, height: 80))
        #expect(session.warning == nil)
    }

    /// The tour's box: bounds 100×60, anchorPoint (0, 0) at (230, 80), rotated 15°.
    static func tourBox(kind: LayerKind) -> Layer {
        var box = Layer(name: "box", kind: kind)
        box.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        box.anchorPoint = Point(0, 0)
        box.position = Point(230, 80)
        box.transform = .rotation(.degrees(15))
        return box
    }
}
