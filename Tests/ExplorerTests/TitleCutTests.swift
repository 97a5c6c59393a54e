@testable import Explorer
import ExplorerTestSupport
import Scenes
import Engine
import Testing

/// The title bar: a title wider than its room ends in `…` (it was cut mid-word with nothing
/// to say so: "…(anchorPoint 0.5, 0.9  NORMAL" read as the whole title).
@Suite struct TitleCutTests {
    static func titleRow(_ title: String, columns: Int) -> String {
        var scene = Scene()
        scene.title = title
        var state = ExplorerState(session: Session(scene: scene, filePath: "Layouts/clock.json"))
        state.columns = columns; state.rows = 24
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        return canvas.text(row: state.layout.titleRow)
    }

    @Test func aLongTitleEndsInAnEllipsisBeforeTheMode() {
        let title = "Clock: hands pivot near their base (anchorPoint 0.5, 0.9)"
        // " LayerScope · Layouts/clock.json · " is 35 columns, the title 57: 92 in all. At 80
        // columns " NORMAL " takes 8 and one is left blank: 71 for the title bar's text, the
        // last of them the "…": 35 columns of the title ("Clock: … their base ") are kept.
        let row = Self.titleRow(title, columns: 80)
        #expect(row == " LayerScope · Layouts/clock.json · Clock: hands pivot near their base …  NORMAL ", "\(row)")
        // Wide enough, it is whole.
        let wide = Self.titleRow(title, columns: 120)
        #expect(wide.contains(title + " "))
        #expect(!wide.contains("…"))
    }
}
