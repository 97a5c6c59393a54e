@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Foundation
import Testing
import Engine
import SceneFiles

@Suite struct DefaultSceneTests {
    /// The embedded tour is the shipped file. A Swift multi-line string literal has no final
    /// newline, so the file is the literal plus exactly one "\n".
    @Test func embeddedJSONIsLayoutsTourJSON() throws {
        let path = ShippedLayouts.directory + "/" + DefaultScene.fileName
        let file = try #require(FileManager.default.contents(atPath: path))
        #expect(file == Data((DefaultScene.json + "\n").utf8))
    }

    @Test func defaultSceneLoadsLikeTheFile() throws {
        let embedded = try DefaultScene.scene()
        let file = try SceneLoader.load(ShippedLayouts.directory + "/tour.json")
        #expect(embedded == file)
        #expect(embedded.tree.treeOrder.map { embedded.tree[$0].name } == ["face", "hand", "box", "green", "red"])
        #expect(embedded.title == "LayerScope tour: anchor points, frames, z-order and hit testing")
    }
}
