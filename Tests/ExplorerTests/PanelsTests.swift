import Cells
import Geometry
import Explorer
import TestSupport
import Testing
import LayerModel

@Suite struct PanelsTests {
    static func tree() throws -> (LayerTree, [String: LayerID]) {
        var tree = LayerTree()
        var ids: [String: LayerID] = [:]
        ids["window"] = try tree.add(Layer(name: "window", kind: .view))
        ids["card"] = try tree.add(Layer(name: "card", kind: .view), in: ids["window"])
        ids["shadow"] = try tree.add(Layer(name: "shadow"), in: ids["card"])
        var hidden = Layer(name: "badge")
        hidden.isHidden = true
        ids["badge"] = try tree.add(hidden, in: ids["card"])
        ids["label"] = try tree.add(Layer(name: "label", kind: .view), in: ids["badge"])
        ids["overlay"] = try tree.add(Layer(name: "overlay"))
        return (tree, ids)
    }

    @Test func treeOutlineIndentsMarksKindsAndHiddenLayers() throws {
        let (tree, ids) = try Self.tree()
        let lines = TreeOutline.lines(tree, selection: ids["shadow"])
        #expect(
            lines.map(\.text) == [
                " ▾ V window",
                "   ▾ V card",
                "›      L shadow",
                "     ▾ L badge (hidden)",
                "         V label",
                "   L overlay"
            ])
        #expect(lines.map(\.layer) == ["window", "card", "shadow", "badge", "label", "overlay"].map { ids[$0] })
        #expect(lines[2].style.reverse && lines[2].style.bold)
        #expect(lines[3].style.dim && lines[4].style.dim)
        #expect(!lines[1].style.dim && !lines[5].style.dim)
    }

    @Test func collapsedLayersHideTheirSubtreeAndCountIt() throws {
        let (tree, ids) = try Self.tree()
        let lines = TreeOutline.lines(tree, selection: nil, collapsed: [ids["card"]!], unicode: false)
        #expect(
            lines.map(\.text) == [
                " - V window",
                "   + V card +3",
                "   L overlay"
            ])
    }

    @Test func asciiOutlineUsesASCIIOnly() throws {
        let (tree, ids) = try Self.tree()
        let lines = TreeOutline.lines(tree, selection: ids["label"], unicode: false)
        #expect(lines.allSatisfy { $0.text.allSatisfy(\.isASCII) })
        #expect(lines[4].text == ">        V label")
    }

    @Test func inspectorShowsEveryNumberWithItsSpace() throws {
        // A 100 × 50 layer at position (60, 45), turned 45°: its frame is the bounding box
        // of the turned corners, 100·cos 45° + 50·sin 45° = 106.066 on a side, centred on
        // the position.
        var tree = LayerTree()
        var l = Layer(name: "card")
        l.bounds = Rect(0, 0, 100, 50)
        l.position = Point(60, 45)
        l.transform = .rotation(.degrees(45))
        let id = try tree.add(l)
        let text = Inspector.lines(tree, layer: id).map(\.text)
        #expect(
            text == [
                "card (layer)",
                "in superlayer space",
                " frame    x 6.967 y -8.033 w 106.066 h 106.066",
                " position x 60 y 45",
                "in own space",
                " bounds   x 0 y 0 w 100 h 50",
                " anchor   x 0.5 y 0.5 (unit)",
                " z        zPosition 0 · anchorPointZ 0",
                " opacity 1 · hidden no · masks no · flipped no",
                "transform (affine)",
                " [  0.707  0.707  0  0 ]",
                " [ -0.707  0.707  0  0 ]",
                " [      0      0  1  0 ]",
                " [      0      0  0  1 ]",
                " affine [0.707 0.707 -0.707 0.707 0 0]",
                // T(−anchor) · transform · T(position): (−50, −25) turned is (−17.678, −53.033),
                // plus (60, 45).
                "effective → superlayer",
                " [  0.707   0.707  0  0 ]",
                " [ -0.707   0.707  0  0 ]",
                " [      0       0  1  0 ]",
                " [ 42.322  -8.033  0  1 ]"
            ])
    }

    @Test func inspectorUsesViewNamesAndMarksSingularAnd3D() throws {
        var tree = LayerTree()
        var v = Layer(name: "squashed", kind: .view)
        v.bounds = Rect(0, 0, 10, 10)
        v.transform = Transform3D.scale(0, 1).rotated(by: .degrees(30), x: 0, y: 1, z: 0)
        let id = try tree.add(v)
        let text = Inspector.lines(tree, layer: id).map(\.text)
        #expect(text.contains(" center   x 0 y 0"))
        #expect(text.contains(" alpha 1 · isHidden no · clips no · flipped no"))
        #expect(text.contains("transform (3D, singular)"))
        #expect(text.contains(" affineTransform reports identity (not affine)"))
        #expect(text.contains("effective → superlayer, singular"))
        #expect(text.last == " no inverse: converting into this layer has no answer")
    }

    /// The inspector's property names come from the declarations, spelled for the kind: a
    /// view's `center` and `alpha`, a layer's `position` and `opacity`, and the rest alike.
    @Test func inspectorNamesItsPropertiesAsTheDeclarationsSpellThem() throws {
        for kind in [LayerKind.layer, .view] {
            var tree = LayerTree()
            var l = Layer(name: "x", kind: kind)
            l.sublayerTransform = .perspective(eyeDistance: 500)  // shown only when not identity
            let id = try tree.add(l)
            let text = Inspector.lines(tree, layer: id).map(\.text).joined(separator: "\n")
            for property in Inspector.namedProperties {
                let name = property.declaration.spelling(for: kind).rawValue
                #expect(text.contains(" \(name) ") || text.contains("\n\(name)"), "\(kind): \(name)")
            }
        }
        #expect(Inspector.namedProperties.map { $0.declaration.spelling(for: .view).rawValue }.contains("center"))
        #expect(Inspector.namedProperties.map { $0.declaration.spelling(for: .view).rawValue }.contains("alpha"))
    }

    /// An imported view's note wraps at 44 display columns, before a parenthesised group rather
    /// than inside it, and counts a CJK character as two columns.
    @Test func notesWrapBeforeAGroupAndByDisplayWidth() throws {
        var tree = LayerTree()
        var label = Layer(name: "label", kind: .view)
        // The importers' own spelling of a rect, "(x y; w h)", inside a part (issue 31: the
        // inspector lays out an import's parts; it no longer splits the note's text).
        label.importNote = ImportNote(
            derived: ["bounds (0 0; 288 43.5)", "center (160, 21.75)"],
            remarks: ["text 一二三四五六七八九十一二三四五六七八九十 end"])
        label.note = label.importNote?.text  // as an importer sets them (Layer.setImportNote)
        #expect(label.note == "derived: bounds (0 0; 288 43.5), center (160, 21.75); text 一二三四五六七八九十一二三四五六七八九十 end")
        let id = try tree.add(label)
        let notes = Inspector.lines(tree, layer: id).map(\.text).filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        // "derived: bounds (0 0; 288 43.5), center" is 39 columns; " (160, 21.75)" would make
        // 52 > 44, and the group is not split: it starts the next line.
        #expect(notes.prefix(2) == ["  derived: bounds (0 0; 288 43.5), center", "  (160, 21.75)"])
        // "text" (4) and the 20 CJK characters (40 columns): 4 + 1 + 40 = 45 > 44, so the CJK run
        // starts its own line, and "end" joins it: 40 + 1 + 3 = 44 ≤ 44. (Counting characters,
        // 4 + 1 + 20 would have put them on one 45-column line, cut at the panel's edge.)
        #expect(notes.dropFirst(2) == ["  text", "  一二三四五六七八九十一二三四五六七八九十 end"])
    }

    @Test func inspectorWithoutSelection() {
        #expect(Inspector.lines(LayerTree(), layer: nil).map(\.text) == ["no selection"])
        #expect(Inspector.lines(LayerTree(), layer: LayerID(raw: 7)).map(\.text) == ["no selection"])
    }

    /// The inspector lays out an import's parts as the importer made them, one part a line,
    /// whatever a part holds (a printed text with "; " stays one part, "APPROXIMATE" inside a
    /// text is not bold); only an approximate part is bold. A note of the author's own (no
    /// parts) is shown as written, not split at ";".
    @Test func anImportsNoteIsLaidOutFromItsPartsAndAnAuthorsAsWritten() throws {
        var tree = LayerTree()
        var label = Layer(name: "label", kind: .view)
        label.importNote = ImportNote(
            identity: ["UILabel 0x7f9", "text 'a; APPROXIMATE b'"], printed: ["frame"],
            approximate: ["the transform was not printed"], line: 12)
        label.note = label.importNote?.text
        var card = Layer(name: "card", kind: .view)
        card.note = "the card; it turns"
        let l = try tree.add(label), c = try tree.add(card)
        func notes(_ id: LayerID) -> [PanelLine] {
            Inspector.lines(tree, layer: id).filter { $0.text.hasPrefix("  ") && !$0.text.hasPrefix("   ") }
        }
        #expect(
            notes(l).map(\.text) == [
                "  UILabel 0x7f9", "  text 'a; APPROXIMATE b'", "  printed: frame",
                "  APPROXIMATE: the transform was not printed", "  line 12"
            ])
        #expect(notes(l).map(\.style.bold) == [false, false, false, true, false])
        #expect(notes(c).map(\.text) == ["  the card; it turns"])
        // The note changed by hand: its parts are no longer what it says, so it is shown as written.
        tree[l].note = "mine now; not parts"
        #expect(notes(l).map(\.text) == ["  mine now; not parts"])
    }

    @Test func matrixColumnsAlignOnTheRight() {
        let rows = Inspector.matrixRows(Transform3D.translation(-1234.5, 2, 0).concatenating(.perspective(eyeDistance: 500)))
        #expect(
            rows == [
                " [       1  0  0       0 ]",
                " [       0  1  0       0 ]",
                " [       0  0  1  -0.002 ]",
                " [ -1234.5  2  0       1 ]"
            ])
    }

    @Test func panelDrawWrapsToItsRegionAndPadsHighlightedRows() {
        // Issue 32: a line wider than the region wraps (it was cut to "first "), its
        // continuation indented; rows past the region are left off.
        var wrapped = Canvas(columns: 12, rows: 3, fill: Cell("."))
        Panel.draw([PanelLine("first line is long"), PanelLine("x")], into: &wrapped, region: CellRect(column: 2, row: 1, columns: 6, rows: 2))
        expectCanvas(
            wrapped,
            matches: """
                |............|
                |..first.....|
                |..  line....|
                """)
        var canvas = Canvas(columns: 12, rows: 3, fill: Cell("."))
        let lines = [PanelLine("first"), PanelLine("sel", style: CellStyle(reverse: true)), PanelLine("x")]
        Panel.draw(lines, into: &canvas, region: CellRect(column: 2, row: 1, columns: 6, rows: 2))
        expectCanvas(
            canvas,
            matches: """
                |............|
                |..first.....|
                |..sel   ....|
                """)
        #expect(canvas[7, 2].style.reverse)
        #expect(!canvas[8, 2].style.reverse)
    }

    @Test func scrollOffsetMovesAsLittleAsPossible() {
        #expect(Panel.scrollOffset(keeping: 3, visibleIn: 5, current: 0, lineCount: 20) == 0)
        #expect(Panel.scrollOffset(keeping: 7, visibleIn: 5, current: 0, lineCount: 20) == 3)
        #expect(Panel.scrollOffset(keeping: 2, visibleIn: 5, current: 6, lineCount: 20) == 2)
        #expect(Panel.scrollOffset(keeping: 19, visibleIn: 5, current: 0, lineCount: 20) == 15)
        #expect(Panel.scrollOffset(keeping: 0, visibleIn: 0, current: 4, lineCount: 20) == 0)
    }
}
