@testable import Explorer
import ExplorerTestSupport
import Scenes
import Cells
import Geometry
import Raster
import Testing
import LayerModel
import LayoutFiles
import Engine

/// People name layers in their own language (two of the seed articles are Chinese): CJK
/// titles, names and notes take two columns a character, and every line of the screen must
/// still be exactly the terminal's width, with right-aligned parts at the right edge.
@Suite struct WideTextTests {
    /// A clock with Chinese names: 表盘 (face) holding 时针 (hour hand) and 分针 (minute hand).
    static func state(columns: Int, rows: Int) throws -> ExplorerState {
        var tree = LayerTree()
        var face = Layer(name: "表盘")
        face.bounds = Rect(0, 0, 200, 200); face.position = Point(110, 110)
        var hour = Layer(name: "时针")
        hour.bounds = Rect(0, 0, 8, 60); hour.position = Point(100, 100); hour.anchorPoint = Point(0.5, 0.9)
        var minute = Layer(name: "分针")
        minute.bounds = Rect(0, 0, 4, 90); minute.position = Point(100, 100); minute.anchorPoint = Point(0.5, 0.9)
        let f = try tree.add(face)
        _ = try tree.add(hour, in: f)
        _ = try tree.add(minute, in: f)
        let scene = Scene(
            title: "时钟：指针绕着靠近底部的锚点旋转", notes: "选择时针，按 a 然后移动锚点：指针会跳。" + String(repeating: "锚点", count: 30),
            screen: Size(width: 220, height: 220), tree: tree)
        var state = ExplorerState(session: Session(scene: scene, filePath: "Layouts/时钟.json"))
        state.columns = columns; state.rows = rows
        _ = Reducer.perform(&state, .select("时针"), echo: nil)
        return state
    }

    static func rows(_ state: ExplorerState) -> [String] {
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
        return (0..<canvas.rows).map { canvas.text(row: $0) }
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func everyRowIsExactlyTheTerminalsWidth(columns: Int, rows: Int) throws {
        var state = try Self.state(columns: columns, rows: rows)
        _ = Reducer.perform(&state, .edit(.layer(.rotate(AngleLiteral(15), nil))), echo: "r")  // a status message and an echo
        var screens = [Self.rows(state)]
        state.press("?")  // help with the notes
        screens.append(Self.rows(state))
        for screen in screens {
            for (i, row) in screen.enumerated() {
                #expect(row.displayWidth == columns, "row \(i) is \(row.displayWidth) columns: \(row)")
            }
        }
        let main = screens[0]
        // The title keeps the mode label at the right edge, the status line the sibling order.
        #expect(main[0].hasPrefix(" LayerScope · Layouts/时钟.json [+]"))
        #expect(main[0].hasSuffix(" NORMAL "))
        // The status line ends with the sibling order beside the panel; below 96 columns the
        // compact inspector takes its place and the order waits in the panel.
        #expect(main[state.layout.statusRow].hasSuffix(columns >= 96 ? "order zPosition " : "表盘/时针 "))
        #expect(main[state.layout.statusRow].contains("表盘"))  // the selection path
        // The help overlay shows the Chinese notes inside its box.
        #expect(screens[1].contains { $0.contains("选择时针，按 a 然后移动锚点") })
        if columns >= 96 {
            // The tree pane shows the names, indented under 表盘.
            #expect(main.contains { $0.contains("L 时针") })
            #expect(main.contains { $0.contains("L 分针") })
        }
    }
}
