import Geometry
import Scenes
import Testing
import LayerModel
import LayoutFiles

@Suite("autoresizingMask and note in layout files")
struct LayoutMaskTests {
    @Test("A mask and a note survive a save and a load (JSON and YAML)")
    func roundTrip() throws {
        var tree = LayerTree()
        var v = Layer(name: "card", kind: .view)
        v.setFrame(Rect(x: 10, y: 20, width: 100, height: 50))
        v.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        v.note = "MyApp.CardView 0x7f00; tag 3"
        try tree.add(v)
        let scene = Scene(tree: tree)
        for format in [LayoutFormat.json, .yaml] {
            let text = LayoutFile.encode(scene, format: format)
            #expect(text.contains("LM+RM+TM+BM"))
            let back = try LayoutFile.parse(text, file: "s", format: format)
            let card = back.tree[try #require(back.tree.id(named: "card"))]
            #expect(card.autoresizingMask == v.autoresizingMask)
            #expect(card.note == v.note)
        }
    }

    @Test("A bad mask names the file, line, column and field, with the flags to use")
    func badMask() {
        let text = """
            {"layers": [
              {"name": "a", "kind": "view", "autoresizingMask": "W+X"}
            ]}
            """
        do {
            _ = try LayoutFile.parse(text, file: "m.json", format: .json)
            Issue.record("expected an error")
        } catch {
            // Line 2: two spaces, {"name": "a", (cols 3-15), space, "kind": "view", (17-31), space,
            // "autoresizingMask" (33-50), ":" 51, space 52: the value "W+X" starts at column 53.
            #expect(error.line == 2 && error.column == 53)
            #expect(error.path == "layers[0].autoresizingMask")
            #expect(error.suggestion?.contains("LM W RM TM H BM") == true)
        }
    }
}
