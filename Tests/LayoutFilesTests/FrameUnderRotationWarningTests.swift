import Geometry
import LayerModel
import LayoutFiles
import Scenes
import Testing

/// Trial finding, part two: a layout giving `frame` with a rotation loaded Apple's distorted
/// bounds and said nothing. It still loads Apple's numbers (geometry R3), and warns where.
@Suite struct FrameUnderRotationWarningTests {
    static let rotated = """
        {"layers": [
          {"name": "card", "frame": [0, 0, 10, 10],
           "transform": [{"rotate": 30}]}
        ]}
        """

    /// The numbers by hand. The frame setter maps the frame's size through the inverse of the
    /// rotation as a vector: with m12 = +sin θ, the inverse sends (w, h) to
    /// (w·cos θ + h·sin θ, −w·sin θ + h·cos θ) = (8.660254 + 5, −5 + 8.660254)
    /// = 13.660254 × 3.660254. Position = the frame's anchor point, (5, 5). The frame read back
    /// is the box of that rotated bounds: width 13.660254·cos30° + 3.660254·sin30° = 13.660254,
    /// height 13.660254·sin30° + 3.660254·cos30° = 10, origin (5 − 6.830127, 5 − 5).
    @Test func aRotatedFrameKeepsApplesBoundsAndWarnsWhere() throws {
        let scene = try LayoutFile.parse(Self.rotated, file: "trial.json", format: .json)
        let card = scene.tree[scene.tree.id(named: "card")!]
        let cos30 = 3.0.squareRoot() / 2, sin30 = 0.5
        #expect(abs(card.bounds.size.width - (10 * cos30 + 10 * sin30)) < 1e-9)
        #expect(abs(card.bounds.size.height - (-10 * sin30 + 10 * cos30)) < 1e-9)
        #expect(abs(card.bounds.size.width - 13.660254) < 1e-6 && abs(card.bounds.size.height - 3.660254) < 1e-6)
        #expect(card.position == Point(5, 5))
        #expect(abs(card.frame.size.height - 10) < 1e-9)
        #expect(abs(card.frame.origin.x - -1.830127) < 1e-6)

        let warnings = scene.loadWarnings.all
        try #require(warnings.count == 1)
        let w = warnings[0]
        #expect((w.file, w.line, w.column, w.path) == ("trial.json", 2, 20, "layers[0].frame"))
        #expect(w.message.contains("makes them 13.66×3.66, not 10×10"), "\(w)")
        #expect(w.message.contains("will not read back as 0,0,10,10 (it is -1.83,0,13.66,10)"), "\(w)")
        #expect(w.suggestion == #"give bounds and position instead: "bounds": [0, 0, 10, 10], "position": [5, 5] (Apple: don't set frame under a rotation)"#)
        #expect(w.description.hasPrefix("trial.json:2:20: warning: layers[0].frame: \"frame\" under a rotation"))
    }

    /// The fix it suggests loads to the 10×10 layer, turned, with no warning.
    @Test func theSuggestedFixLoadsTheIntendedLayerWithoutAWarning() throws {
        let fixed = try LayoutFile.parse(
            #"{"layers": [{"name": "card", "bounds": [0, 0, 10, 10], "position": [5, 5], "transform": [{"rotate": 30}]}]}"#,
            file: "fixed.json", format: .json)
        #expect(fixed.loadWarnings.all.isEmpty)
        #expect(fixed.tree[fixed.tree.id(named: "card")!].bounds.size == Size(width: 10, height: 10))
    }

    /// Where the frame setter round-trips there is nothing to say: no transform, a scale, a
    /// translation, a quarter turn (geometry R3).
    @Test(arguments: ["[]", #"[{"scale": 2}]"#, #"[{"translate": [3, 4]}]"#, #"[{"rotate": 90}]"#, #"[{"rotate": 180}]"#])
    func framesThatReadBackDoNotWarn(_ transform: String) throws {
        let scene = try LayoutFile.parse(
            #"{"layers": [{"name": "card", "frame": [0, 0, 10, 10], "transform": \#(transform)}]}"#, file: "t.json", format: .json)
        #expect(scene.loadWarnings.all.isEmpty, "\(transform)")
    }

    /// A view, in YAML, deep in the tree: its field path, its line, and `center` in the fix.
    @Test func aViewInYAMLIsNamedByItsPathAndTakesCenter() throws {
        let text = """
            layers:
              - name: screen
                kind: view
                bounds: [0, 0, 100, 100]
                subviews:
                  - name: badge
                    kind: view
                    transform: [{rotate: 45}]
                    frame: [10, 20, 40, 20]
            """
        let scene = try LayoutFile.parse(text, file: "t.yaml", format: .yaml)
        let w = try #require(scene.loadWarnings.all.first)
        #expect((w.line, w.column, w.path) == (9, 9, "layers[0].subviews[0].frame"))
        // 45°: (40·c + 20·c, −40·c + 20·c) with c = √2/2 = (42.43, −14.14), sizes kept
        // positive (`Layer.setFrame`); read back, the box of that turned 45° is
        // (42.43 + 14.14)·c = 40 wide and high, about the center (30, 30): (10, 10, 40, 40).
        #expect(w.message.contains("makes them 42.43×14.14, not 40×20"), "\(w)")
        #expect(w.message.contains("(it is 10,10,40,40)"), "\(w)")
        #expect(w.suggestion?.hasPrefix(#"give bounds and center instead: "bounds": [0, 0, 40, 20], "center": [30, 30]"#) == true, "\(w)")
    }

    /// A warning is not an error: the file still round-trips through the encoder, and the
    /// scene compares equal whatever its warnings (they are not its value).
    @Test func warningsAreNotPartOfTheScene() throws {
        let scene = try LayoutFile.parse(Self.rotated, file: "trial.json", format: .json)
        var plain = scene
        plain.loadWarnings = LoadWarnings()
        #expect(plain == scene)
    }
}
