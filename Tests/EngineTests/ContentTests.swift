import Foundation
import Scenes
import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Export
@testable import Engine
import SceneFiles

/// Content and its CTM (content.md, issue 25): every number below is worked by hand in the
/// comment beside it.
@Suite("Content: drawing operations and the CTM")
struct ContentTests: SessionScripting {
    func near(_ a: Affine2D, _ b: [Double], _ tolerance: Double = 1e-9) -> Bool {
        zip(a.values, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static let r = 0.5.squareRoot()  // cos 45° = sin 45° = 0.70710678…

    // MARK: The base CTM

    @Test func baseCTMAtThreeScales() throws {
        // [s, 0, 0, −s, −s·ox, s·(h + oy)] for bounds 0 0 414 736:
        // 1×: [1, 0, 0, −1, 0, 736]; 2×: [2, 0, 0, −2, 0, 1472]; 3×: [3, 0, 0, −3, 0, 2208].
        let b = Rect(x: 0, y: 0, width: 414, height: 736)
        #expect(ContentGeometry.baseCTM(bounds: b, scale: 1).values == [1, 0, 0, -1, 0, 736])
        #expect(ContentGeometry.baseCTM(bounds: b, scale: 2).values == [2, 0, 0, -2, 0, 1472])
        #expect(ContentGeometry.baseCTM(bounds: b, scale: 3).values == [3, 0, 0, -3, 0, 2208])
    }

    @Test func baseCTMWithABoundsOrigin() throws {
        // bounds 10 20 100 50 at 2×: tx = −2·10 = −20, ty = 2·(50 + 20) = 140.
        // Check: the bounds' top-left (10, 20) → (2·10 − 20, −2·20 + 140) = (0, 100) = the top
        // row of a 100-pixel-tall backing store (y up).
        let base = ContentGeometry.baseCTM(bounds: Rect(x: 10, y: 20, width: 100, height: 50), scale: 2)
        #expect(base.values == [2, 0, 0, -2, -20, 140])
        #expect(base.apply(to: Point(x: 10, y: 20)) == Point(x: 0, y: 100))
    }

    @Test func aFullScreenViewOnA3xPhonePrintsTheClassicCTM() throws {
        // A view's default contentsScale is the screen's scale; at 3× and 414 × 736: [3,0,0,-3,0,2208].
        var scene = Scene()
        scene.tree.screenScale = 3
        var s = try session(
            """
            add v view
            set bounds 0 0 414 736
            """, scene: scene)
        #expect(try ask(&s, "get ctm") == "{\"affine\":[3,0,0,-3,0,2208]}")
        #expect(try ask(&s, "get contentsScale") == "{\"number\":3}")
        // A plain layer's default is 1, whatever the screen: [1, 0, 0, −1, 0, 736].
        _ = try s.perform(try CommandParser.parseEngine("add l"))
        _ = try s.perform(try CommandParser.parseEngine("set bounds 0 0 414 736"))
        #expect(try ask(&s, "get ctm") == "{\"affine\":[1,0,0,-1,0,736]}")
    }

    // MARK: Each operation

    @Test func eachOperationPreMultiplies() throws {
        // A 100-point-tall layer at 1×: base B = [1, 0, 0, −1, 0, 100].
        var s = try session(
            """
            add l
            set bounds 0 0 200 100
            draw translate 10 20
            draw scale 2 3
            draw rotate 45
            draw concat 1 0 0 1 5 0
            """)
        // translate 10 20: T·B = [1, 0, 0, −1, 10, −20 + 100] = [1, 0, 0, −1, 10, 80].
        #expect(try ask(&s, "get ctm at 1") == "{\"affine\":[1,0,0,-1,10,80]}")
        // scale 2 3 pre-multiplied: [2, 0, 0, −3, 10, 80] (translation untouched).
        #expect(try ask(&s, "get ctm at 2") == "{\"affine\":[2,0,0,-3,10,80]}")
        // rotate 45: R = [r, r, −r, r]; R·M = [r·2, r·(−3), −r·2, r·(−3), 10, 80].
        let m3 = s.scene.tree.ctm(of: s.selection!, after: 3)
        #expect(near(m3, [2 * Self.r, -3 * Self.r, -2 * Self.r, -3 * Self.r, 10, 80]))
        // concat (translate 5 0): tx' = 5·a + 0·c + tx = 5·2r + 10, ty' = 5·b + ty = −15r + 80.
        let m4 = s.scene.tree.ctm(of: s.selection!, after: 4)
        #expect(near(m4, [2 * Self.r, -3 * Self.r, -2 * Self.r, -3 * Self.r, 10 * Self.r + 10, -15 * Self.r + 80]))
        // The user → layer transform after all four is the CTM without the base: U·B = CTM.
        let u = s.scene.tree.contentTransform(of: s.selection!, after: nil)
        #expect(near(u.concatenating(ContentGeometry.baseCTM(bounds: Rect(x: 0, y: 0, width: 200, height: 100), scale: 1)), m4.values))
    }

    @Test func theContractsRotateExample() throws {
        // content.md: rotate 45 on a 100-pt-tall 1× context gives [0.7071, −0.7071, −0.7071, −0.7071, 0, 100].
        var s = try session("add l\nset bounds 0 0 50 100\ndraw rotate 45")
        #expect(try ask(&s, "get ctm") == "{\"affine\":[0.7071067812,-0.7071067812,-0.7071067812,-0.7071067812,0,100]}")
    }

    @Test func compositionOrderMatters() throws {
        // translate 20 20 then scale 2 2: user (0, 0) → layer (20, 20), user (20, 20) → (60, 60).
        // scale 2 2 then translate 20 20: user (0, 0) → (40, 40), user (20, 20) → (80, 80).
        var s = try session(
            """
            add a
            set bounds 0 0 110 110
            draw translate 20 20
            draw scale 2 2
            add b
            set bounds 0 0 110 110
            draw scale 2 2
            draw translate 20 20
            """)
        #expect(try ask(&s, "convert point 0 0 from content a to a") == "{\"point\":[20,20]}")
        #expect(try ask(&s, "convert point 20 20 from content a to a") == "{\"point\":[60,60]}")
        #expect(try ask(&s, "convert point 0 0 from content b to b") == "{\"point\":[40,40]}")
        #expect(try ask(&s, "convert point 20 20 from content b to b") == "{\"point\":[80,80]}")
        #expect(try ask(&s, "get content-transform") == "{\"affine\":[2,0,0,2,40,40]}")
    }

    @Test func nestedSaveAndRestore() throws {
        // translate 10 0 | save | translate 0 5 | save | scale 2 2 | restore | restore
        // U after each: [t10], save, [t10,5], save, [2,0,0,2,10,5], back to [t10,5], back to [t10].
        var s = try session(
            """
            add l
            set bounds 0 0 100 100
            draw translate 10 0
            draw save
            draw translate 0 5
            draw save
            draw scale 2 2
            draw restore
            draw restore
            """)
        #expect(try ask(&s, "get content-transform at 5") == "{\"affine\":[2,0,0,2,10,5]}")
        #expect(try ask(&s, "get content-transform at 6") == "{\"affine\":[1,0,0,1,10,5]}")
        #expect(try ask(&s, "get content-transform at 7") == "{\"affine\":[1,0,0,1,10,0]}")
        #expect(ContentGeometry.depths(s.scene.tree[s.selection!].drawing) == [0, 0, 1, 1, 2, 1, 0])
        // A third restore has no save: refused, nothing changes.
        #expect(throws: CommandError.self) { _ = try s.perform(try CommandParser.parseEngine("draw restore")) }
        #expect(s.scene.tree[s.selection!].drawing.count == 7)
    }

    @Test func aFlipTurnsTheCTMRightWayUp() throws {
        // The usual flip back to y-up user space: translate 0 h, scale 1 −1 on a 100-tall 1× view.
        // translate 0 100: [1, 0, 0, −1, 0, −100 + 100] = [1, 0, 0, −1, 0, 0];
        // scale 1 −1: [1, 0, 0, 1, 0, 0] — the identity: user space is the pixel space (y up).
        var s = try session("add l\nset bounds 0 0 80 100\ndraw translate 0 100\ndraw scale 1 -1")
        #expect(try ask(&s, "get ctm") == "{\"affine\":[1,0,0,1,0,0]}")
        // User (0, 0) is now the bottom-left of the bounds: (0, 100) in bounds space.
        #expect(try ask(&s, "convert point 0 0 from content l to l") == "{\"point\":[0,100]}")
    }

    // MARK: Through the layer chain

    @Test func contentPointsThroughARotatedAndScaledChain() throws {
        // outer: bounds 0 0 200 200 at position (100, 100), rotated 90°.
        // inner: bounds 0 0 100 50, position (100, 100) in outer, scale 2 (about its centre).
        // inner draws translate 10 0: user (0, 0) → inner (10, 0).
        // inner → outer: (10, 0) − anchor (50, 25) = (−40, −25); ×2 = (−80, −50); + (100, 100) = (20, 50).
        // outer → screen: (20, 50) − (100, 100) = (−80, −50); rotate 90° (x, y) → (−y, x) = (50, −80);
        // + (100, 100) = (150, 20).
        var s = try session(
            """
            add outer
            set bounds 0 0 200 200
            set position 100 100
            rotate 90
            add inner in outer
            set bounds 0 0 100 50
            set position 100 100
            scale 2
            draw translate 10 0
            """)
        #expect(try ask(&s, "convert point 0 0 from content inner to outer") == "{\"point\":[20,50]}")
        #expect(try ask(&s, "convert point 0 0 from content inner to screen") == "{\"point\":[150,20]}")
        // at 0 the translate is not done: user (0, 0) = inner (0, 0) → (−50, −25)·2 + (100, 100) = (0, 50) in outer.
        #expect(try ask(&s, "convert point 0 0 from content inner at 0 to outer") == "{\"point\":[0,50]}")
    }

    @Test func fortyFivePlusFortyFiveIsNinetyOnScreen() throws {
        // Seed 004: the view is rotated 45°, its drawing rotates 45° about the view's centre.
        // A user-space unit vector (1, 0) ends up pointing (0, 1) on screen — 90°, clockwise
        // (y down) — while the CTM still holds only the content's 45°.
        var s = Session(scene: try SceneLoader.load(SwiftExportTests.layoutsFolder.appendingPathComponent("content-rotation.json").path))
        _ = try s.perform(try CommandParser.parseEngine("step 2"))
        _ = try s.perform(try CommandParser.parseEngine("select view"))
        let tree = s.scene.tree, id = s.selection!
        let a = tree.convertContentPoint(.zero, of: id, after: 3, to: nil)!
        let b = tree.convertContentPoint(Point(x: 1, y: 0), of: id, after: 3, to: nil)!
        #expect(abs(b.x - a.x) < 1e-9 && abs(b.y - a.y - 1) < 1e-9)
        // The origin after translate 80 80 is the view's centre: (160, 160) on screen.
        #expect(abs(a.x - 160) < 1e-9 && abs(a.y - 160) < 1e-9)
        // CTM after rotate 45 at 2×, h = 160: [2r, −2r, −2r, −2r, 160, 160] — the view's 45° is not in it.
        #expect(near(tree.ctm(of: id, after: 3), [2 * Self.r, -2 * Self.r, -2 * Self.r, -2 * Self.r, 160, 160]))
        let parts = ContentGeometry.parts(of: tree.contentTransform(of: id, after: 3))
        #expect(abs(parts.rotation.degrees - 45) < 1e-9)
    }

    @Test func contentIsNeverHit() throws {
        // A 100 × 100 layer at (50, 50) draws a rect from x = 120 to 160: outside its bounds.
        // The screen point (150, 20) lies on that rect (layer (150, 20) − (0, 0)), yet the hit
        // test answers null: content never takes touches; bounds decide.
        var s = try session(
            """
            add l
            set bounds 0 0 100 100
            set position 50 50
            draw fill-rect 120 10 40 20 red
            """)
        #expect(try ask(&s, "hit-test 150 20") == "{\"hit\":null}")
        let drawn = s.scene.tree.drawnContent(at: Point(x: 150, y: 20))
        #expect(drawn?.operation == 0)
        // Inside the bounds but off the drawing: the layer is hit, by its bounds.
        #expect(try ask(&s, "hit-test 50 80") == "{\"hit\":\"l\"}")
    }

    // MARK: Files

    static let sample = """
        {
          "screen": {"width": 320, "height": 240, "scale": 3},
          "layers": [
            {"name": "v", "kind": "view", "bounds": [0, 0, 100, 100], "center": [60, 60], "contentsScale": 1,
             "drawing": ["save", "rotate 45deg", "fill-rect 0 0 40 20 orange", "restore", "text \\"hi there\\" 5 15 #f80", "stroke-ellipse 1 2 3 4 teal 2"]}
          ]
        }
        """

    @Test func drawingRoundTripsThroughJSONAndYAML() throws {
        let scene = try LayoutFile.parse(Self.sample, file: "a.json", format: .json)
        let id = scene.tree.id(named: "v")!
        #expect(scene.tree[id].drawing.count == 6)
        #expect(scene.tree[id].drawing[1] == .rotate(AngleLiteral(45, .deg)))
        #expect(scene.tree[id].contentsScale == 1)
        #expect(scene.tree.screenScale == 3)
        for format in [LayoutFormat.json, .yaml] {
            let text = LayoutFile.encode(scene, format: format)
            let back = try LayoutFile.parse(text, file: "b", format: format)
            #expect(back.tree == scene.tree, "\(format): \(text)")
            #expect(
                back.tree[id].drawing.map(\.text) == [
                    "save", "rotate 45deg", "fill-rect 0 0 40 20 orange", "restore",
                    "text \"hi there\" 5 15 \"#f80\"", "stroke-ellipse 1 2 3 4 teal 2"
                ])
        }
    }

    @Test func badOperationsAreLocated() throws {
        func error(_ drawing: String) -> LayoutError? {
            let text = "{\"layers\": [{\"name\": \"v\",\n  \"drawing\": [\"save\", \(drawing)]}]}"
            do { _ = try LayoutFile.parse(text, file: "f.json", format: .json); return nil } catch { return error }
        }
        // Line 2; "drawing": [ starts at column 3, the second element at column 23.
        let unknown = try #require(error("\"fil-rect 0 0 1 1 red\""))
        #expect((unknown.line, unknown.column, unknown.path) == (2, 23, "layers[0].drawing[1]"))
        #expect(unknown.message.contains("operation 1") && unknown.suggestion?.contains("fill-rect") == true)
        let count = try #require(error("\"translate 1\""))
        #expect(count.message.contains("missing ty") && count.suggestion == "write translate TX TY")
        let restore = try #require(error("\"restore\", \"restore\""))
        #expect((restore.column, restore.path) == (34, "layers[0].drawing[2]"))
        let infinite = try #require(error("\"rotate 1e999\""))
        #expect(infinite.message.contains("out of range"))
        let extra = try #require(error("\"scale 1 2 3\""))
        #expect(extra.message.contains("unexpected \"3\""))
    }

    @Test func drawEditsUndoAndPreservingSaveKeepsTheText() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("content-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.json").path
        // The author's spelling ("rotate 45deg", "#f80") and layout survive an appended operation.
        try Self.sample.write(toFile: path, atomically: true, encoding: .utf8)
        var s = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run("select v\ndraw line 0 0 10 10 red\nsave", name: "<test>", session: &s, emit: { _ in })
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("\"rotate 45deg\", \"fill-rect 0 0 40 20 orange\""))
        #expect(saved.contains("\"stroke-ellipse 1 2 3 4 teal 2\", \"line 0 0 10 10 red\"]"))
        #expect(try SceneLoader.load(path).tree[s.selection!].drawing.count == 7)
        // draw clear empties it; undo brings all seven back.
        _ = try s.perform(try CommandParser.parseEngine("draw clear"))
        #expect(s.scene.tree[s.selection!].drawing.isEmpty)
        _ = try s.perform(.undo)
        #expect(s.scene.tree[s.selection!].drawing.count == 7)
    }

    @Test func theSwiftExportMakesTheSameCalls() throws {
        // Each operation becomes one Core Graphics call, in order; read back into operations
        // (the calls' arguments), they are the drawing.
        let scene = try LayoutFile.parse(Self.sample, file: "a.json", format: .json)
        let code = try SwiftExport.code(for: scene.tree.id(named: "v")!, in: scene.tree)
        #expect(code.contains("override func draw(_ rect: CGRect) {"))
        let calls = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            $0.hasPrefix("ctx.saveGState") || $0.hasPrefix("ctx.restoreGState") || $0.hasPrefix("ctx.rotate") || $0.hasPrefix("ctx.fill(")
                || $0.hasPrefix("ctx.strokeEllipse") || $0.contains(".draw(at:")
        }
        #expect(
            calls == [
                "ctx.saveGState()",
                "ctx.rotate(by: 0.785398163)  // 45deg",  // 45° = π/4 = 0.785398163…
                "ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 20))",
                "ctx.restoreGState()",
                "(\"hi there\" as NSString).draw(at: CGPoint(x: 5, y: 15), withAttributes: [.foregroundColor: UIColor(red: 1, green: 0.533, blue: 0, alpha: 1)])",
                "ctx.strokeEllipse(in: CGRect(x: 1, y: 2, width: 3, height: 4))"
            ])
        // A plain layer gets draw(in:).
        var tree = LayerTree()
        var l = Layer(name: "plain")
        l.drawing = [.save, .restore]
        let id = try tree.add(l)
        #expect(try SwiftExport.code(for: id, in: tree).contains("override func draw(in ctx: CGContext) {"))
    }

    /// Text drawn from a file is data in the exported Swift too: a right-to-left override
    /// (U+202E) or a zero-width space (U+200B) would make the pasted literal read otherwise
    /// than it runs, so both are written as escapes, beside the newline.
    @Test func drawnTextInTheSwiftExportEscapesBidiAndZeroWidth() throws {
        var tree = LayerTree()
        var l = Layer(name: "v")
        l.drawing = [try DrawingOperation.parse("text \"a\u{202E}b\u{200B}c\" 0 0")]
        let id = try tree.add(l)
        let code = try SwiftExport.code(for: id, in: tree)
        #expect(code.contains("(\"a\\u{202e}b\\u{200b}c\" as NSString).draw(at: CGPoint(x: 0, y: 0)"))
        #expect(!code.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
    }

    @Test func contentsScaleIsAPropertyLikeTheOthers() throws {
        // A view's default is the screen's (2 when the file says nothing); set makes it explicit,
        // the save and the Swift export write it only then; 0 is refused.
        var s = try session("add v view\nset bounds 0 0 10 50")
        #expect(try ask(&s, "get contentsScale") == "{\"number\":2}")
        #expect(!LayoutFile.encode(s.scene, format: .json).contains("contentsScale"))
        _ = try s.perform(try CommandParser.parseEngine("set contentScaleFactor 3"))
        #expect(try ask(&s, "get contentsScale") == "{\"number\":3}")
        // Base CTM at 3×, h 50: [3, 0, 0, −3, 0, 150].
        #expect(try ask(&s, "get ctm") == "{\"affine\":[3,0,0,-3,0,150]}")
        #expect(LayoutFile.encode(s.scene, format: .json).contains("\"contentsScale\": 3"))
        #expect(try SwiftExport.code(for: s.selection!, in: s.scene.tree).contains("v.contentScaleFactor = 3"))
        #expect(throws: CommandError.self) { _ = try CommandParser.parseEngine("set contentsScale 0") }
        // The screen's scale alone: {"screen": {"scale": 3}} reads and writes back.
        let scene = try LayoutFile.parse(#"{"screen": {"scale": 3}, "layers": []}"#, file: "s.json", format: .json)
        #expect(scene.screen == nil && scene.tree.screenScale == 3)
        #expect(LayoutFile.encode(scene, format: .json).contains("\"screen\": { \"scale\": 3 }"))
    }

    @Test func theSVGDrawsTheContentThroughTheLayer() throws {
        // A layer with bounds 0 0 100 100 at (150, 50) (frame origin (100, 0)) draws
        // translate 10 20, fill-rect 0 0 30 40 red: layer 10…40 × 20…60 → screen 110…140 × 20…60.
        var tree = LayerTree()
        var l = Layer(name: "l")
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        l.position = Point(x: 150, y: 50)
        l.masksToBounds = true
        l.drawing = [.translate(10, 20), .fillRect(Rect(x: 0, y: 0, width: 30, height: 40), DrawingColor(Color(css: "red")!))]
        _ = try tree.add(l)
        let svg = SVGExport.svg(Scene(tree: tree))
        #expect(svg.contains("<polygon class=\"content\" points=\"110,20 140,20 140,60 110,60\" fill=\"#ff0000\"/>"))
        // masksToBounds: the content is clipped to the layer's quad 100…200 × 0…100.
        #expect(svg.contains("<clipPath id=\"content0\"><polygon points=\"100,0 200,0 200,100 100,100\"/></clipPath>"))
    }

    @Test func aYAMLDrawingKeepsItsBlockListWhenAnOperationIsAppended() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("content-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.yaml").path
        let text = """
            # the author's comment stays
            layers:
              - name: v
                bounds: [0, 0, 100, 100]
                drawing:
                  - save
                  - rotate 45deg   # degrees, spelled out
                  - restore

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var s = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run("select v\ndraw fill-rect 0 0 10 10 red\nsave", name: "<test>", session: &s, emit: { _ in })
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == text.replacingOccurrences(of: "      - restore\n", with: "      - restore\n      - fill-rect 0 0 10 10 red\n"))
    }

    @Test func aCTMThatOverflowsIsRefused() throws {
        // 1e9 to the 35th is 1e315, past Double's 1.8e308: refused at the 35th scale, nothing changes.
        var s = try session("add l")
        for _ in 0..<34 { _ = try s.perform(try CommandParser.parseEngine("draw scale 1e9 1e9")) }
        #expect(throws: CommandError.self) { _ = try s.perform(try CommandParser.parseEngine("draw scale 1e9 1e9")) }
        #expect(s.scene.tree[s.selection!].drawing.count == 34)
    }

    @Test func drawCommandsPrintBackIdentically() throws {
        for text in [
            "draw save", "draw rotate 0.5rad", "draw concat 1 0 0 -1 0 10", "draw text \"a b\" 1 2",
            "draw stroke-rect 0 0 10 10 \"#ff8000\" 2", "draw clear", "get ctm at 3", "get content-transform",
            "convert point 1 2 from content v at 0 to screen", "operation 2"
        ] {
            #expect(try CommandParser.parse(text).text == text)
        }
        // A layer called content stays a plain space: from content to B.
        #expect(
            try CommandParser.parse("convert point 1 2 from content to screen")
                == .engine(.query(.convertPoint(Point(x: 1, y: 2), from: .layer("content"), to: .screen))))
    }
}
