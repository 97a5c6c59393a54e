import Foundation
import Testing
import TestSupport
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import LayoutFileIO
@testable import Engine
import SceneFiles

/// Saving keeps the author's file: only the changed values change, in place.
@Suite struct PreservingSaveTests {
    /// Copies a shipped layout into a fresh directory; returns its path there.
    static func copyOfShipped(_ name: String, into dir: TemporaryDirectory) throws -> String {
        let path = dir.path + "/" + name
        try FileManager.default.copyItem(atPath: SwiftExportTests.layoutsFolder.appendingPathComponent(name).path, toPath: path)
        return path
    }

    /// Loads `path` as the explorer does (script applied), runs `commands`, then `save`.
    static func edit(_ path: String, _ commands: String) throws {
        var session = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run(commands + "\nsave", name: "<test>", session: &session, emit: { _ in })
    }

    /// The part of `a` and of `b` between their longest common prefix and suffix.
    static func changedParts(_ a: String, _ b: String) -> (old: String, new: String) {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        var p = 0
        while p < x.count, p < y.count, x[p] == y[p] { p += 1 }
        var s = 0
        while s < x.count - p, s < y.count - p, x[x.count - 1 - s] == y[y.count - 1 - s] { s += 1 }
        // Widen to whole number tokens, so 120 → 128 reads as that, not 0 → 8.
        func inNumber(_ c: Unicode.Scalar) -> Bool { "0123456789.-e".unicodeScalars.contains(c) }
        while p > 0, inNumber(x[p - 1]) { p -= 1 }
        while s > 0, inNumber(x[x.count - s]) { s -= 1 }
        func text(_ v: ArraySlice<Unicode.Scalar>) -> String { var u = String.UnicodeScalarView(); u.append(contentsOf: v); return String(u) }
        return (text(x[p..<(x.count - s)]), text(y[p..<(y.count - s)]))
    }

    @Test(
        "every shipped layout: widening the first sized layer by 8 changes exactly that number in the file",
        arguments: try SwiftExportTests.layoutFiles())
    func everyShippedLayoutChangesOnlyTheEditedNumber(_ name: String) throws {
        let dir = try TemporaryDirectory()
        let path = try Self.copyOfShipped(name, into: dir)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let loaded = try SceneLoader.load(path)
        // The first layer, in tree order, that the file sizes with `bounds` or `frame`.
        let root = try #require(try LayoutFile.parseSource(original, path: path))
        let objects = SourceLayers(root: root).objects
        let target = try #require(
            loaded.tree.treeOrder.first { id in
                let o = objects[loaded.tree[id].name]
                return o?.member("bounds")?.value.elements?.count == 4 || o?.member("frame")?.value.elements?.count == 4
            }, "\(name) sizes no layer with bounds or frame")
        let layer = loaded.tree[target]
        let usesFrame = objects[layer.name]?.member("bounds") == nil
        let field = usesFrame ? "frame" : "bounds"
        let literal = try #require(objects[layer.name]?.member(field)?.value.elements?[2])
        guard case .number(let width, let spelling) = literal.kind else { Issue.record("width is not a number"); return }
        // The width the file wrote, plus 8: the only token that may change.
        let r = usesFrame ? layer.frame : layer.bounds
        #expect(abs(r.size.width - width) < 1e-9, "the file's width is the loaded width")
        let rect = "\(r.origin.x) \(r.origin.y) \(width + 8) \(r.size.height)"
        try Self.edit(path, "select \"\(layer.name)\"; set \(field) \(rect)")

        let saved = try String(contentsOfFile: path, encoding: .utf8)
        let change = Self.changedParts(original, saved)
        #expect(change.old == spelling, "\(name): only the width literal changed (was \(spelling))")
        #expect(change.new == NumberText.short(width + 8))
        // And the saved file loads (script and all) to the edited scene: width + 8.
        let reloaded = try SceneLoader.load(path)
        let id = try #require(reloaded.tree.id(named: layer.name))
        let newRect = usesFrame ? reloaded.tree[id].frame : reloaded.tree[id].bounds
        #expect(abs(newRect.size.width - (width + 8)) < 1e-9)
        #expect(reloaded.script.map(\.text) == loaded.script.map(\.text))
    }

    @Test("YAML comments, the folded notes and the steps survive a save; a rotation step stays a step")
    func yamlCommentsScriptAndStepsSurvive() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.copyOfShipped("anchor-jump.yaml", into: dir)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        // jumping is written `transform: [{ rotate: 20 }]`; rotating it by 10 more gives a
        // pure 30° rotation, which the one step can hold: `rotate: 30`, not six numbers.
        try Self.edit(path, "select jumping; rotate 10")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        let change = Self.changedParts(original, saved)
        #expect(change.old == "20" && change.new == "30", "only the angle 20 → 30 changed")
        #expect(saved.hasPrefix("# The anchor jump, side by side"))
        #expect(saved.contains("notes: >-\n  Both cards start identical"))
        #expect(
            saved.hasSuffix(
                """
                steps:
                  - title: "jumping: anchorPoint (0, 0), Core Animation's way"
                    notes: position stays (100, 100), so the frame jumps up and left
                    script:
                      - "select jumping; anchor 0 0"
                  - title: "staying: anchorPoint (0, 0) with keep-frame"
                    notes: position moves to the new anchor, the frame stays put
                    script:
                      - "select staying; anchor 0 0 keep-frame"

                """))
    }

    @Test(
        "a file that starts with a byte order mark keeps it, and the change lands on the right column of line 1",
        arguments: [
            ("one.json", "{\"layers\": [{\"name\": \"a\", \"bounds\": [0, 0, 100, 50], \"position\": [60, 40]}]}\n"),
            ("one.yaml", "layers: [{name: a, bounds: [0, 0, 100, 50], position: [60, 40]}]\n")
        ])
    func byteOrderMarkKept(name: String, body: String) throws {
        // Both readers give positions as an editor shows them (the mark takes no column); the
        // patch is made in the file's own text, mark and all.
        let dir = try TemporaryDirectory()
        let path = dir.path + "/" + name
        try Data(("\u{FEFF}" + body).utf8).write(to: URL(fileURLWithPath: path))
        try Self.edit(path, "select a; set bounds 0 0 120 50")
        // Read as bytes: Foundation's String(contentsOfFile:) would drop the mark itself.
        let saved = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(saved == "\u{FEFF}" + body.replacingOccurrences(of: "100, 50", with: "120, 50"))
    }

    @Test("a trailing comment on a changed line stays, and a new property joins a block mapping at its indentation")
    func trailingCommentsAndInsertedFields() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/card.yaml"
        let original = """
            # a card
            layers:
              - name: card   # the only one
                bounds: [0, 0, 100, 50]   # wide
                position: [60, 40]
                sublayers:
                  - { name: dot, bounds: [0, 0, 4, 4] }

            """
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        try Self.edit(path, "select card; set bounds 0 0 120 50; set opacity 0.30000000000000004")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        // 100 → 120 in place; opacity 0.30000000000000004 is written as it is (issue 20: a
        // save round-trips every number exactly; 0.3 would read back one bit lower), on a new
        // line after position (the last one-line member), before the sublayers block.
        #expect(
            saved == """
                # a card
                layers:
                  - name: card   # the only one
                    bounds: [0, 0, 120, 50]   # wide
                    position: [60, 40]
                    opacity: 0.30000000000000004
                    sublayers:
                      - { name: dot, bounds: [0, 0, 4, 4] }

                """)
    }

    @Test("added layers go beside their siblings in the file's style; removed layers lose their lines")
    func addedAndRemovedLayers() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.copyOfShipped("flipped.yaml", into: dir)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try Self.edit(path, "add kid in childA; remove childB; add top")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        var expected = original.replacingOccurrences(
            of: """
                          - { name: arrowA, bounds: [0, 0, 10, 10], position: [30, 5], backgroundColor: gold }

                """,
            with: """
                          - { name: arrowA, bounds: [0, 0, 10, 10], position: [30, 5], backgroundColor: gold }
                          - { name: kid }

                """)
        expected = expected.replacingOccurrences(
            of: """
                      - name: childB
                        bounds: [0, 0, 60, 30]
                        position: [60, 30]
                        backgroundColor: slateblue
                        sublayers:
                          - { name: arrowB, bounds: [0, 0, 10, 10], position: [30, 5], backgroundColor: gold }

                """, with: "")
        // childB was flipped's only sublayer: its key keeps the empty list.
        expected = expected.replacingOccurrences(
            of: "    geometryFlipped: true\n    backgroundColor: lavender\n    borderColor: slateblue\n    borderWidth: 1\n    sublayers:\n",
            with: "    geometryFlipped: true\n    backgroundColor: lavender\n    borderColor: slateblue\n    borderWidth: 1\n    sublayers: []\n")
        expected += "  - { name: top }\n"
        #expect(saved == expected)
        let reloaded = try SceneLoader.load(path)
        #expect(reloaded.tree.id(named: "childB") == nil && reloaded.tree.id(named: "arrowB") == nil)
        #expect(reloaded.tree.children(of: reloaded.tree.id(named: "childA")).map { reloaded.tree[$0].name } == ["arrowA", "kid"])
        #expect(reloaded.tree.roots.map { reloaded.tree[$0].name } == ["normal", "flipped", "top"])
    }

    @Test("a scale-then-rotate written as block steps takes two changes at once and keeps its comment")
    func twoStepsRefitTogether() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/steps.yaml"
        let original = """
            layers:
              - name: a
                bounds: [0, 0, 10, 10]
                transform:
                  - scale: 2     # twice
                  - rotate: 30

            """
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        // S(2)·R(30), then rotate 15 and scale 1.5 (each applied after): a uniform scale
        // commutes with a rotation, so the result is S(3)·R(45) — no one step can absorb
        // both changes, both steps together can.
        try Self.edit(path, "select a; rotate 15; scale 1.5")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == original.replacingOccurrences(of: "scale: 2 ", with: "scale: 3 ").replacingOccurrences(of: "rotate: 30", with: "rotate: 45"))
    }

    @Test("a scene built from nothing is written in the canonical form")
    func newSceneIsCanonical() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/new.json"
        var session = Session()
        try ScriptRunner.run("add box\nselect box\nset bounds 0 0 10 20\nsave \(path)", name: "<test>", session: &session, emit: { _ in })
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == LayoutFile.encode(session.scene, format: .json))
    }

    @Test("an edit the file's script would overwrite is refused, names the field, save --rewrite and save-as, and leaves the file byte for byte")
    func unfaithfulSaveIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/popup.json"
        try """
        {
          "layers": [{ "name": "anchorFirst", "kind": "view" }],
          "script": ["select anchorFirst; set anchorPoint 0 0; set frame 140 140 100 100"]
        }

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // The script sets anchorFirst's frame after load, so a position written into the
        // layer would be overwritten on the next load: no faithful patch exists.
        let failure = try #require(throws: ScriptFailure.self) { try Self.edit(path, "select anchorFirst; set position 10 10") }
        #expect(failure.message.contains("cannot save into the file and keep its text"))
        // Where (anchorFirst's object, line 2 column 14: it writes no position of its own) and
        // both ways out (issue 36).
        #expect(failure.message.contains("popup.json:2:14: layers[0].position: "), "\(failure.message)")
        #expect(failure.message.contains("save --rewrite keeps the file's text except: the script folded into the layers"))
        #expect(failure.message.contains("save NEW.json writes a new file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        // Saving under a new name writes the whole scene canonically, the script applied.
        var session = Session(scene: try SceneLoader.load(path), filePath: path)
        let other = dir.path + "/copy.json"
        try ScriptRunner.run("select anchorFirst; set position 10 10\nsave \(other)", name: "<test>", session: &session, emit: { _ in })
        let copy = try LayoutFile.load(contentsOf: other)
        #expect(copy.script.isEmpty)
        #expect(copy.tree[try #require(copy.tree.id(named: "anchorFirst"))].position == Point(10, 10))
    }

    @Test(
        "numbers are the shortest decimal within 1e-9",
        arguments: [
            (0.49999999999999994, "0.5"), (190.00000000000003, "190"), (-0.0, "0"), (1.0 / 3.0, "0.333333333"),
            (0.1 + 0.2, "0.3"), (-12.25, "-12.25"), (1e-10, "0")
        ])
    func shortNumbers(_ x: Double, _ text: String) {
        #expect(NumberText.short(x) == text)
        #expect(abs(Double(text)! - x) <= 1e-9)
    }
}

extension LayoutFile {
    /// The position-annotated tree of layout text (tests).
    static func parseSource(_ text: String, path: String) throws -> SourceValue? {
        LayoutFormat(path: path) == .json ? try JSONReader.parse(Array(text.utf8), file: path) : try YAMLReader.parse(text, file: path)
    }
}
