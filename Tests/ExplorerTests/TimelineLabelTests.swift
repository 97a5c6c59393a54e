@testable import Explorer
import Engine
import SceneFiles
import Testing

/// The timeline's labels: a `layer.keyPath` wider than its 22 columns keeps its end around a
/// `…` (it was cut to `good.transform.rotati`, and the spinner's two rows read the same up
/// to the axis that tells them apart).
@Suite struct TimelineLabelTests {
    @Test func aLongKeyPathKeepsItsAxis() throws {
        let scene = try SceneLoader.load(LayoutGoldenTests.layoutsDirectory + "/time-spinner.json")
        var state = ExplorerState(session: Session(scene: scene))
        state.columns = 120; state.rows = 40
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        let rows = (0..<canvas.rows).map { canvas.text(row: $0) }
        // 71 canvas columns: labels of min(22, 71 / 3) = 22 columns, a space and 21 of text —
        // 10 of the head, "…", the last 10 ("rotation.z").
        #expect(rows.contains { $0.hasPrefix(" good.trans…rotation.z ") }, "\(rows.suffix(6).joined(separator: "\n"))")
        #expect(rows.contains { $0.hasPrefix(" wobbly.tra…rotation.z ") })
        #expect(!rows.contains { $0.contains("rotati ") })
    }
}
