import Foundation
import Scenes
import Geometry
import Testing
import TestSupport
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles

/// Loading, encoding and saving layout files (layout-format.md).
@Suite struct LayoutFileTests {
    func json(_ text: String) throws(LayoutError) -> Scene {
        try LayoutFile.parse(text, file: "t.json", format: .json)
    }

    func yaml(_ text: String) throws(LayoutError) -> Scene {
        try LayoutFile.parse(text, file: "t.yaml", format: .yaml)
    }

    /// The only layer of a one-layer JSON file, given the layer's fields.
    func layer(_ fields: String) throws -> Layer {
        let scene = try json("{\"layers\": [{\"name\": \"a\", \(fields)}]}")
        return scene.tree[try #require(scene.tree.id(named: "a"))]
    }

    func layerError(_ fields: String) throws -> LayoutError {
        try #require(throws: LayoutError.self) { try json("{\"layers\": [{\"name\": \"a\", \(fields)}]}") }
    }

    // MARK: Geometry, worked by hand

    @Test func frameIsAppliedAfterAnchorPointWhateverTheKeyOrder() throws {
        // frame (140,140,100,100) with anchor (0,0): position = origin + 0⊙size = (140,140).
        for fields in [
            #""anchorPoint": [0, 0], "frame": [140, 140, 100, 100]"#,
            #""frame": [140, 140, 100, 100], "anchorPoint": [0, 0]"#
        ] {
            let l = try layer(fields)
            #expect(l.position == Point(x: 140, y: 140))
            #expect(l.bounds == Rect(x: 0, y: 0, width: 100, height: 100))
            #expect(l.frame == Rect(x: 140, y: 140, width: 100, height: 100))
        }
        // With the default anchor (0.5, 0.5): position = (140,140) + (50,50).
        #expect(try layer(#""frame": [140, 140, 100, 100]"#).position == Point(x: 190, y: 190))
    }

    @Test func frameWithNegativeSizeIsStandardised() throws {
        // [100, 100, -50, -20] is the rect (50, 80, 50, 20); centre (75, 90).
        let l = try layer(#""frame": [100, 100, -50, -20]"#)
        #expect(l.bounds == Rect(x: 0, y: 0, width: 50, height: 20))
        #expect(l.position == Point(x: 75, y: 90))
    }

    @Test func frameUnderAScaleGivesBoundsInTheLayersOwnUnits() throws {
        // Scale 2: bounds = frame size / 2 = 50×50; position = the frame's centre (50, 50).
        let l = try layer(#""transform": [{"scale": 2}], "frame": [0, 0, 100, 100]"#)
        #expect(l.bounds == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(l.position == Point(x: 50, y: 50))
        #expect(l.frame == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func frameUnderASingularTransformIsAnError() throws {
        let e = try layerError(#""transform": [{"scale": 0}], "frame": [0, 0, 100, 100]"#)
        #expect(e.path == "layers[0].frame")
        #expect(e.message.contains("scale 0"))
    }

    @Test func boundsOriginIsKeptAndPositionIsVerbatim() throws {
        let l = try layer(#""bounds": {"x": 10, "y": 20, "width": 30, "height": 40}, "position": {"x": 5, "y": 6}"#)
        #expect(l.bounds == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(l.position == Point(x: 5, y: 6))
    }

    @Test func aLayerWithOnlyANameHasCoreAnimationDefaults() throws {
        #expect(try layer(#""kind": "layer""#) == Layer(name: "a"))
    }

    @Test func everyPlainFieldLands() throws {
        let l = try layer(
            """
            "kind": "view", "anchorPointZ": 3, "zPosition": -2, "hidden": true, "masksToBounds": true,
            "geometryFlipped": true, "opacity": 0.25, "userInteractionEnabled": false,
            "backgroundColor": "SteelBlue", "borderColor": "#f80", "borderWidth": 1.5
            """)
        var expected = Layer(name: "a", kind: .view)
        expected.anchorPointZ = 3
        expected.zPosition = -2
        expected.isHidden = true
        expected.masksToBounds = true
        expected.isGeometryFlipped = true
        expected.opacity = 0.25
        expected.isUserInteractionEnabled = false
        expected.backgroundColor = Color(red: 70, green: 130, blue: 180)
        expected.borderColor = Color(red: 255, green: 136, blue: 0)
        expected.borderWidth = 1.5
        #expect(l == expected)
    }

    // MARK: Transforms

    @Test func rotate90StepIsAnExactQuarterTurn() throws {
        // MakeRotation(90°) about z: m12 = sin = 1, m21 = −sin = −1, cosines 0.
        let t = try layer(#""transform": [{"rotate": 90}]"#).transform
        #expect(
            t
                == Transform3D(
                    m11: 0, m12: 1, m13: 0, m14: 0,
                    m21: -1, m22: 0, m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: 1, m34: 0,
                    m41: 0, m42: 0, m43: 0, m44: 1))
    }

    @Test func stepsApplyFirstToLast() throws {
        // Scale 3 then move 10: (1,1) → (3,3) → (13,3). Move then scale: (11,1) → (33,3).
        let scaleThenMove = try layer(#""transform": [{"scale": 3}, {"translate": [10, 0]}]"#).transform
        let moveThenScale = try layer(#""transform": [{"translate": [10, 0]}, {"scale": 3}]"#).transform
        #expect(scaleThenMove.apply(to: Point(x: 1, y: 1)) == Point(x: 13, y: 3))
        #expect(moveThenScale.apply(to: Point(x: 1, y: 1)) == Point(x: 33, y: 3))
    }

    @Test func everyStepSpellingMakesItsMatrix() throws {
        func t(_ steps: String) throws -> Transform3D { try layer("\"transform\": \(steps)").transform }
        #expect(try t(#"[{"rotate": 30, "axis": [0, 1, 0]}]"#) == .rotation(.degrees(30), x: 0, y: 1, z: 0))
        #expect(try t(#"[{"rotateY": 30}]"#) == .rotation(.degrees(30), x: 0, y: 1, z: 0))
        #expect(try t(#"[{"rotateX": 90}]"#) == .rotation(.degrees(90), x: 1, y: 0, z: 0))
        #expect(try t(#"[{"scale": 2}]"#) == .scale(2, 2, 1))
        #expect(try t(#"[{"scale": [2, 1]}]"#) == .scale(2, 1, 1))
        #expect(try t(#"[{"scale": [2, 1, 3]}]"#) == .scale(2, 1, 3))
        #expect(try t(#"[{"translate": [0, 0, 50]}]"#) == .translation(0, 0, 50))
        #expect(try t(#"[{"perspective": 500}]"#).m34 == -0.002)
        #expect(try t("[]") == .identity)
    }

    @Test func sixNumbersAreACGAffineTransform() throws {
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty with [1, 0.5, 0, 1, 3, 4]: (2, 2) → (5, 7).
        let t = try layer(#""transform": [1, 0.5, 0, 1, 3, 4]"#).transform
        #expect(t.isAffine)
        #expect(t.apply(to: Point(x: 2, y: 2)) == Point(x: 5, y: 7))
    }

    @Test func sixteenNumbersAreRowMajor() throws {
        let values = (1...16).map(Double.init)
        let t = try layer("\"sublayerTransform\": [\(values.map(NumberText.exact).joined(separator: ", "))]").sublayerTransform
        #expect(t.rowMajor == values)
    }

    @Test func transformMistakesSayWhatToWrite() throws {
        #expect(try layerError(#""transform": {"rotate": 30}"#).suggestion == "wrap the step in a list: [ { … } ]")
        #expect(try layerError(#""transform": [{"rotateZ": 30}]"#).suggestion == "did you mean \"rotate\"? (it turns about z)")
        #expect(try layerError(#""transform": [{"rotaet": 30}]"#).suggestion == "did you mean \"rotate\"?")
        #expect(try layerError(#""transform": [{"scale": 2, "axis": [0, 0, 1]}]"#).message == "\"axis\" goes with \"rotate\", not \"scale\"")
        #expect(try layerError(#""transform": [{}]"#).message == "empty transform step")
        let mixed = try layerError(#""transform": [{"scale": 2}, 3]"#)
        #expect(mixed.path == "layers[0].transform[1]")
        #expect(
            try layerError(#""transform": [{"scale": [2]}]"#).message
                == "expected a scale: a number, [sx, sy] or [sx, sy, sz], found an array of 1 number")
        #expect(try layerError(#""rotation": 30"#).suggestion == "transforms are lists of steps: \"transform\": [{\"rotate\": …}]")
    }

    // MARK: Aliases

    @Test func viewSpellingsAreAliasesOfLayerSpellings() throws {
        let asView = try json(
            """
            {"layers": [{"name": "a", "center": [1, 2], "clipsToBounds": true, "alpha": 0.5,
                         "subviews": [{"name": "b"}]}]}
            """)
        let asLayer = try json(
            """
            {"layers": [{"name": "a", "position": [1, 2], "masksToBounds": true, "opacity": 0.5,
                         "sublayers": [{"name": "b"}]}]}
            """)
        #expect(asView.tree == asLayer.tree)
    }

    @Test(arguments: [("position", "center"), ("masksToBounds", "clipsToBounds"), ("opacity", "alpha"), ("sublayers", "subviews")])
    func bothNamesOfAnAliasPairIsAnErrorNamingBoth(_ first: String, _ second: String) throws {
        let value = ["position": "[1, 2]", "masksToBounds": "true", "opacity": "1", "sublayers": "[]"][first]!
        let e = try layerError("\"\(first)\": \(value), \"\(second)\": \(value)")
        #expect(e.message.hasPrefix("\"\(first)\" and \"\(second)\" are the same field"))
        #expect(e.path == "layers[0].\(second)")
    }

    @Test func frameWithCenterNamesBothFields() throws {
        let e = try layerError(#""kind": "view", "center": [1, 2], "frame": [0, 0, 10, 10]"#)
        #expect(e.message.hasPrefix("\"frame\" and \"center\" both place the layer"))
        #expect(e.suggestion == "give \"frame\" alone, or \"bounds\" and \"center\"")
    }

    // MARK: The scene

    @Test func sceneFieldsLand() throws {
        let scene = try json(
            """
            {"title": "T", "notes": "N", "screen": {"width": 320, "height": 240}, "layers": []}
            """)
        #expect(scene == Scene(title: "T", notes: "N", screen: Size(width: 320, height: 240)))
    }

    @Test func scriptEntriesKeepTheirLocations() throws {
        let scene = try json("{\"layers\": [],\n \"script\": [\"select a\",\n   \"rotate 30; move 1 0\"]}")
        #expect(
            scene.script == [
                ScriptLine("select a", location: SourceLocation(file: "t.json", line: 2, column: 13)),
                ScriptLine("rotate 30; move 1 0", location: SourceLocation(file: "t.json", line: 3, column: 4))
            ])
    }

    @Test func aYAMLBlockScriptIsOneLinePerCommandAtItsSourceLine() throws {
        let scene = try yaml(
            """
            layers: []
            script: |
              select a

                rotate 30
              move 1 0
            """)
        #expect(
            scene.script == [
                ScriptLine("select a", location: SourceLocation(file: "t.yaml", line: 3, column: 3)),
                ScriptLine("  rotate 30", location: SourceLocation(file: "t.yaml", line: 5, column: 5)),
                ScriptLine("move 1 0", location: SourceLocation(file: "t.yaml", line: 6, column: 3))
            ])
    }

    @Test func anEmptyLayersArrayIsAnEmptyScene() throws {
        #expect(try json(#"{"layers": []}"#) == Scene())
    }

    @Test func nothingHalfLoaded() throws {
        // The first layer is fine; the error in the second throws the whole scene away.
        let e = try #require(throws: LayoutError.self) {
            try json(#"{"title": "x", "layers": [{"name": "ok"}, {"name": "bad", "opacity": 7}]}"#)
        }
        #expect(e.path == "layers[1].opacity")
    }

    @Test func layersKeepFileOrderAndNesting() throws {
        let scene = try json(#"{"layers": [{"name": "a", "sublayers": [{"name": "b"}, {"name": "c"}]}, {"name": "d"}]}"#)
        let tree = scene.tree
        #expect(tree.treeOrder.map { tree[$0].name } == ["a", "b", "c", "d"])
        #expect(tree.roots.map { tree[$0].name } == ["a", "d"])
        #expect(tree.path(of: try #require(tree.id(named: "c"))) == "a/c")
    }

    // MARK: Errors

    @Test func errorDescriptionLeavesOutEmptyParts() {
        let full = LayoutError(
            file: "a.json", line: 3, column: 7, path: "layers[0].anchorpoint",
            message: "unknown field \"anchorpoint\"", suggestion: "did you mean \"anchorPoint\"?")
        #expect(full.description == "a.json:3:7: layers[0].anchorpoint: unknown field \"anchorpoint\"; did you mean \"anchorPoint\"?")
        let bare = LayoutError(file: "a.json", line: 1, column: 2, message: "trailing comma")
        #expect(bare.description == "a.json:1:2: trailing comma")
    }

    @Test(arguments: [
        ("anchorpoint", "anchorPoint"), ("bakgroundColor", "backgroundColor"), ("backgroundColour", "backgroundColor"),
        ("postion", "position"), ("opactiy", "opacity"), ("children", "sublayers"), ("zposition", "zPosition"),
        ("isHidden", "hidden"), ("isUserInteractionEnabled", "userInteractionEnabled")
    ])
    func unknownFieldsSuggestTheFieldMeant(_ typo: String, _ meant: String) throws {
        let e = try layerError("\"\(typo)\": 1")
        #expect(e.message == "unknown field \"\(typo)\" in a layer")
        #expect(e.suggestion == "did you mean \"\(meant)\"?")
        #expect(e.path == "layers[0].\(typo)")
    }

    @Test func anUnknownFieldWithNoNearMissListsTheValidOnes() throws {
        let e = try layerError(#""cornerRadius": 4"#)
        // Listed in the order the property declarations give (the order a save writes them).
        #expect(
            e.suggestion
                == "valid fields in a layer: name, kind, bounds, anchorPoint, anchorPointZ, position, center, frame, zPosition, transform, sublayerTransform, hidden, masksToBounds, clipsToBounds, geometryFlipped, opacity, alpha, userInteractionEnabled, backgroundColor, borderColor, borderWidth, autoresizingMask, autoresize, note, contentsScale, contentScaleFactor, drawing, sublayers, subviews"
        )
    }

    @Test func aLayerFieldAtTheTopLevelSaysWhereItGoes() throws {
        let e = try #require(throws: LayoutError.self) { try json(#"{"layers": [], "bounds": [0, 0, 1, 1]}"#) }
        #expect(e.suggestion == "layer fields go inside an entry of \"layers\"")
    }

    @Test func unknownColorsSuggestTheNearestCSSName() throws {
        #expect(try layerError(#""backgroundColor": "purpel""#).suggestion == "did you mean \"purple\"?")
        #expect(try layerError(#""backgroundColor": "Light Grey""#).suggestion == "did you mean \"lightgrey\"?")
        #expect(try layerError(#""backgroundColor": "transparent""#).suggestion == "leave the field out for no color")
    }

    @Test func numbersOutOfRangeSaySo() throws {
        #expect(try layerError(#""zPosition": 1e10"#).message == "1e10 is too large: numbers must be between -1e9 and 1e9")
        #expect(try layerError(#""zPosition": -1000000001"#).message.hasSuffix("is too large: numbers must be between -1e9 and 1e9"))
    }

    @Test func aBillionIsStillAllowed() throws {
        #expect(try layer(#""zPosition": -1e9"#).zPosition == -1e9)
        #expect(try layer(#""zPosition": 1000000000"#).zPosition == 1e9)
    }

    @Test func quotedNumbersAndBooleansGetFixes() throws {
        #expect(try layerError(#""position": "10, 20""#).suggestion == "write [10, 20] without quotes")
        #expect(try layerError(#""zPosition": "3""#).suggestion == "write 3 without quotes")
        #expect(try layerError(#""hidden": 1"#).suggestion == "write true")
    }

    @Test func aThreeNumberAnchorPointPointsAtAnchorPointZ() throws {
        let e = try layerError(#""anchorPoint": [0.5, 0.5, 0]"#)
        #expect(e.message == "expected a point [x, y], found an array of 3 numbers")
        #expect(e.suggestion == "z is a separate field: \"anchorPointZ\"")
    }

    @Test func aMissingRectKeyIsNamed() throws {
        let e = try layerError(#""bounds": {"x": 0, "y": 0, "width": 10}"#)
        #expect(e.message == "a rect needs \"x\", \"y\", \"width\", \"height\"; missing \"height\"")
    }

    // MARK: YAML

    @Test func jsonAndYAMLOfTheSameSceneGiveEqualScenes() throws {
        let a = try LayoutFile.parse(Fixtures.richJSON, file: "rich.json", format: .json)
        let b = try LayoutFile.parse(Fixtures.richYAML, file: "rich.yaml", format: .yaml)
        #expect(a.tree == b.tree)
        #expect(a.title == b.title && a.notes == b.notes && a.screen == b.screen)
        #expect(a.script.map(\.text) == b.script.map(\.text))
        #expect(a.tree.count == 6)
    }

    @Test func yamlUsesTheCoreSchemaSoNoIsAName() throws {
        let scene = try yaml("layers:\n  - name: no\n  - name: 'yes'\n    hidden: true\n")
        #expect(scene.tree.id(named: "no") != nil)
        #expect(scene.tree[try #require(scene.tree.id(named: "yes"))].isHidden)
    }

    @Test func yamlQuotedNumbersAreStrings() throws {
        let e = try #require(throws: LayoutError.self) { try yaml("layers:\n  - name: a\n    zPosition: \"3\"\n") }
        #expect(e.message == "expected a number, found the string \"3\"")
        #expect(e.line == 3 && e.column == 16)
    }

    @Test func yamlHexAndOctalNumbersRead() throws {
        let scene = try yaml("layers:\n  - name: a\n    position: [0x10, 0o10]\n")
        #expect(scene.tree[try #require(scene.tree.id(named: "a"))].position == Point(x: 16, y: 8))
    }

    @Test func yamlDuplicateKeysAreReportedAtTheSecond() throws {
        let e = try #require(throws: LayoutError.self) {
            try yaml("layers:\n  - name: a\n    opacity: 1\n    name: b\n    opacity: 0.5\n")
        }
        // Two duplicated keys: "name" sorts first; its second use is on line 4.
        #expect(e.line == 4 && e.column == 5)
        #expect(e.path == "layers[0].name")
        #expect(e.message == "duplicate key \"name\" (first at line 2, column 5)")
    }

    @Test func yamlDuplicateKeysInAFlowMappingAreFound() throws {
        let e = try #require(throws: LayoutError.self) { try yaml("layers: [{name: a, name: a, name: a}]\n") }
        #expect(e.line == 1 && e.column == 20)
    }

    // MARK: Encoding

    @Test func encodingIsCompactAndStableJSON() throws {
        #expect(LayoutFile.encode(try Fixtures.smallScene(), format: .json) == Fixtures.smallJSON)
    }

    @Test func encodingIsCompactAndStableYAML() throws {
        #expect(LayoutFile.encode(try Fixtures.smallScene(), format: .yaml) == Fixtures.smallYAML)
    }

    @Test(arguments: [LayoutFormat.json, .yaml])
    func aRichSceneRoundTrips(_ format: LayoutFormat) throws {
        let scene = try LayoutFile.parse(Fixtures.richJSON, file: "rich.json", format: .json)
        let text = LayoutFile.encode(scene, format: format)
        let again = try LayoutFile.parse(text, file: "again", format: format)
        #expect(again.tree == scene.tree)
        #expect(again.title == scene.title && again.notes == scene.notes && again.screen == scene.screen)
        #expect(again.script.map(\.text) == scene.script.map(\.text))
        #expect(LayoutFile.encode(again, format: format) == text)
    }

    @Test(arguments: [LayoutFormat.json, .yaml])
    func awkwardStringsRoundTrip(_ format: LayoutFormat) throws {
        var scene = Scene(title: "yes", notes: "line one\n  indented: # not a comment\n\"quoted\"\ttab\u{2028}")
        try scene.tree.add(Layer(name: "no"))
        try scene.tree.add(Layer(name: "12"))
        try scene.tree.add(Layer(name: "- dash"))
        try scene.tree.add(Layer(name: "é 🙂"))
        scene.script = [ScriptLine("rotate 30 # tilt"), ScriptLine("set name: x"), ScriptLine("")]
        let again = try LayoutFile.parse(LayoutFile.encode(scene, format: format), file: "s", format: format)
        #expect(again.tree == scene.tree)
        #expect(again.title == scene.title && again.notes == scene.notes)
        #expect(again.script.map(\.text) == scene.script.map(\.text))
    }

    @Test func multiLineNotesBecomeAYAMLLiteralBlock() throws {
        let scene = Scene(notes: "Press a.\n\nThen move it.")
        #expect(LayoutFile.encode(scene, format: .yaml) == "notes: |-\n  Press a.\n\n  Then move it.\nlayers: []\n")
    }

    @Test func numbersPrintCompactly() {
        #expect(NumberText.exact(-0.0) == "0")
        #expect(NumberText.exact(200) == "200")
        #expect(NumberText.exact(-3) == "-3")
        #expect(NumberText.exact(0.1) == "0.1")
        #expect(NumberText.exact(0.1 + 0.2) == "0.30000000000000004")
        #expect(NumberText.exact(1e-5) == "1e-05")
        #expect(Double(NumberText.exact(1e-5)) == 1e-5)
    }

    @Test func threeDTransformsAreWrittenAsSixteenNumbers() throws {
        var scene = Scene()
        var l = Layer(name: "a")
        l.transform = .translation(0, 0, 50)
        try scene.tree.add(l)
        let text = LayoutFile.encode(scene, format: .json)
        #expect(text.contains("\"transform\": [\n        1, 0, 0, 0,\n        0, 1, 0, 0,\n        0, 0, 1, 0,\n        0, 0, 50, 1\n      ]"))
    }

    // MARK: Files

    @Test func formatComesFromTheExtension() {
        #expect(LayoutFormat(pathExtension: "json") == .json)
        #expect(LayoutFormat(pathExtension: "YAML") == .yaml)
        #expect(LayoutFormat(pathExtension: "yml") == .yaml)
        #expect(LayoutFormat(pathExtension: "txt") == nil)
        #expect(LayoutFormat(path: "a/b.c/clock.yml") == .yaml)
        #expect(LayoutFormat(path: "a/b.json/clock") == nil)
        #expect(LayoutFormat(path: ".json") == nil)
    }
}

// MARK: Colors

@Suite struct CSSColorTests {
    @Test func everyNameParsesAndNamesBackToTheSameColor() throws {
        #expect(Color.cssNames.count == 148)
        for name in Color.cssNames {
            let color = try #require(Color(css: name))
            let canonical = try #require(color.cssName)
            #expect(Color(css: canonical) == color)
        }
    }

    @Test func hexForms() {
        #expect(Color(css: "#f80") == Color(red: 255, green: 136, blue: 0))
        #expect(Color(css: "#FF8800") == Color(red: 255, green: 136, blue: 0))
        #expect(Color(css: " steelblue ") == Color(red: 70, green: 130, blue: 180))
        #expect(Color(css: "RebeccaPurple") == Color(red: 0x66, green: 0x33, blue: 0x99))
        for bad in ["#12", "#1234", "#ggg", "rgb(1,2,3)", "", "#", "transparent", "#ff880000"] {
            #expect(Color(css: bad) == nil, "\(bad)")
        }
    }

    @Test func twoNamesForOneColorGiveTheFirstAlphabetically() {
        #expect(Color(css: "cyan")?.cssName == "aqua")
        #expect(Color(css: "magenta")?.cssName == "fuchsia")
        #expect(Color(css: "grey")?.cssName == "gray")
        #expect(Color(red: 1, green: 2, blue: 3).cssName == nil)
    }
}

// MARK: Helpers

/// The scene `Fixtures.smallJSON` and `smallYAML` describe (the texts are TestSupport's).
extension Fixtures {
    static func smallScene() throws -> Scene {
        var scene = Scene(title: "Demo")
        var box = Layer(name: "box")
        box.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        box.anchorPoint = .zero
        box.position = Point(x: 60, y: 40.5)
        box.transform = .rotation(.degrees(90))
        box.backgroundColor = Color(css: "red")
        try scene.tree.add(box)
        var tap = Layer(name: "tap", kind: .view)
        tap.position = Point(x: 10, y: 10)
        tap.sublayerTransform = .perspective(eyeDistance: 500)
        tap.opacity = 0.5
        let tapID = try scene.tree.add(tap)
        try scene.tree.add(Layer(name: "inner"), in: tapID)
        scene.script = [ScriptLine("select box")]
        return scene
    }
}
