@testable import Explorer
import Scenes
import CommandLanguage
import Engine
import Foundation
import Geometry
import Cells
import LayerModel
import LayoutFiles
import Raster
import Testing

/// Nothing is cut silently (issue 32): at 96, 120 and 200 columns every number the panel
/// shows is whole (a line too wide wraps), and a tree row too wide shortens its name with `…`.
@Suite struct NothingCutTests {
    static func panelText(_ state: ExplorerState) -> String {
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true)).canvas
        let panel = state.layout.panel
        return (panel.row..<(panel.row + panel.rows)).map { row in
            String(canvas.text(row: row).dropFirst(panel.column).prefix(panel.columns))
        }.joined(separator: "\n")
    }

    /// Every number in `text`, as written (`-15.328`, `130.656`; not an address's digits).
    static func numbers(_ text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: "(?<![0-9A-Za-z.])-?[0-9]+(\\.[0-9]+)?(?![0-9A-Za-z])") else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    @Test(arguments: [96, 120, 200])
    func everyPanelNumberOfTheRotatedCoverIsWhole(_ columns: Int) throws {
        var state = try ZoomFitTests.coverDump(columns: columns, rows: 50)
        for c in try CommandParser.parseLine("select UIView#2") { _ = Reducer.reduce(&state, .command(c)) }
        let panel = Self.panelText(state)
        // The frame line is 50 columns; the panel 48: it wraps after `w 130.656`.
        #expect(panel.contains(" frame    x -15.328 y -15.328 w 130.656"))
        #expect(panel.contains("h 130.656"))
        #expect(!panel.contains("h 130.65\n") && !panel.hasSuffix("h 130.65"))
        // Every number the inspector writes is on the panel whole, as a word of its own.
        let words = Set(
            panel.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" || $0 == "(" || $0 == ")" || $0 == "," || $0 == ";" }).map(
                String.init))
        let tree = state.session.tree
        let written = Inspector.lines(tree, layer: tree.id(named: "UIView#2")).map(\.text).joined(separator: " ")
        #expect(Self.numbers(written).count > 20)
        for number in Self.numbers(written) {
            #expect(
                words.contains(number) || words.contains { $0.hasSuffix(number) && !$0.dropLast(number.count).last!.isNumber },
                "\(number) at \(columns) columns")
        }
    }

    @Test(arguments: [96, 120, 200])
    func aDeepLongNameShortensWithAnEllipsisAndKeepsItsNumber(_ columns: Int) throws {
        // Twelve nested views, the deepest named UIViewControllerWrapperView#2: its row is
        // 1 + 2·12 + 2 + 2 + 29 = 58 columns, wider than the 48-column panel.
        var tree = LayerTree()
        var parent: LayerID? = nil
        for i in 0..<12 {
            var layer = Layer(name: "v\(i)", kind: .view)
            layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            parent = try tree.add(layer, in: parent)
        }
        var deep = Layer(name: "UIViewControllerWrapperView#2", kind: .view)
        deep.bounds = Rect(x: 0, y: 0, width: 130.656, height: 130.656)
        _ = try tree.add(deep, in: parent)
        var state = ExplorerState(session: Session(scene: Scene(screen: Size(width: 320, height: 480), tree: tree)))
        state.columns = columns; state.rows = 50
        for c in try CommandParser.parseLine("select UIViewControllerWrapperView#2") { _ = Reducer.reduce(&state, .command(c)) }
        let panel = Self.panelText(state)
        let row = try #require(panel.split(separator: "\n").first { $0.hasPrefix("›") })
        #expect(row.contains("…"), "\(row)")
        #expect(row.hasSuffix("View#2"), "the number that tells it from its namesake stays: \(row)")
        #expect(row.displayWidth <= 48)
        // The heading names it whole (wrapped if need be), and its size is whole.
        #expect(panel.contains("UIViewControllerWrapperView#2 (view)"))
        #expect(panel.contains("w 130.656 h 130.656"))
    }

    @Test func wrappingKeepsALabelWithItsNumber() {
        #expect(
            Panel.wrapKeepingNumbers(" frame    x -15.328 y -15.328 w 130.656 h 130.656", width: 48)
                == [" frame    x -15.328 y -15.328 w 130.656", "          h 130.656"])
        #expect(Panel.middleEllipsis("›   V UIViewControllerWrapperView#2", width: 20) == "›   V UIVi…perView#2")
    }
}
