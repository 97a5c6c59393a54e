import Geometry
import Scenes
import Testing
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine

@Suite("Layout files declare animations")
struct LayoutAnimationTests {
    static let json = """
        {
          "layers": [ { "name": "hand", "bounds": [0, 0, 10, 100], "position": [100, 100], "anchorPoint": [0.5, 0.9] } ],
          "animations": [
            { "layer": "hand", "keyPath": "transform.rotation.z", "by": 360, "duration": 60, "repeat": "forever" },
            { "layer": "hand", "keyPath": "position", "from": [0, 0], "to": [100, 50], "timing": "cubic-bezier 0.25 0.1 0.25 1", "fill": "both", "keep": true, "autoreverse": true },
            { "layer": "hand", "keyPath": "transform", "from": "scale 0.5", "to": "identity", "delay": 0.5 }
          ]
        }
        """

    @Test func aSceneOpensMoving() throws {
        let scene = try LayoutFile.parse(Self.json, file: "clock.json", format: .json)
        #expect(scene.animations.count == 3)
        #expect(scene.animations[0].spec == AnimationSpec(keyPath: .rotationZ, by: .number(360), duration: 60, repeatCount: .forever))
        #expect(scene.animations[0].location == SourceLocation(file: "clock.json", line: 4, column: 5))
        var session = Session(scene: scene)
        // 15 s into 60 s: a quarter of 360°.
        _ = try session.perform(.clock(.time(15)))
        let hand = session.presentationTree()[session.tree.id(named: "hand")!]
        #expect(hand.transform == .rotation(.degrees(90)))
        // The model is untouched.
        #expect(session.tree[session.tree.id(named: "hand")!].transform == .identity)
    }

    @Test(arguments: [LayoutFormat.json, .yaml])
    func savingKeepsThem(_ format: LayoutFormat) throws {
        let scene = try LayoutFile.parse(Self.json, file: "clock.json", format: .json)
        let text = LayoutFile.encode(scene, format: format)
        let back = try LayoutFile.parse(text, file: "again", format: format)
        #expect(back.animations.map(\.spec) == scene.animations.map(\.spec))
        #expect(back.animations.map(\.layer) == ["hand", "hand", "hand"])
        #expect(text.contains("transform.rotation.z"))
    }

    @Test(arguments: [
        (#"{ "layer": "hand", "keyPath": "opacity", "too": 1 }"#, "2:44", #"animations[0].too: unknown field "too" in an animation; did you mean "to"?"#),
        (#"{ "layer": "hnd", "keyPath": "opacity", "to": 1 }"#, "2:14", #"animations[0].layer: no layer named "hnd"; did you mean "hand"?"#),
        (#"{ "layer": "hand", "keyPath": "opacty", "to": 1 }"#, "2:33", #"did you mean "opacity"?"#),
        (#"{ "layer": "hand", "keyPath": "opacity", "duration": 1 }"#, "2:3", "needs from, to or by"),
        (#"{ "layer": "hand", "keyPath": "position", "to": 5 }"#, "2:51", "expected [x, y], found the number 5"),
        (#"{ "layer": "hand", "keyPath": "transform", "to": "rotat 90" }"#, "2:52", #"did you mean "rotate"?"#),
        (#"{ "layer": "hand", "keyPath": "opacity", "to": 1, "timing": "springy" }"#, "2:63", "unknown timing"),
        (#"{ "layer": "hand", "keyPath": "opacity", "to": 1, "repeat": -2 }"#, "2:63", "must be positive")
    ])
    func badAnimationsNameFileLineColumnAndField(_ entry: String, _ at: String, _ message: String) throws {
        // Line 2 is the entry, indented by two spaces: columns count from there.
        let text = "{ \"layers\": [ { \"name\": \"hand\" } ], \"animations\": [\n  \(entry)\n] }"
        do {
            _ = try LayoutFile.parse(text, file: "bad.json", format: .json)
            Issue.record("\(entry) was accepted")
        } catch {
            #expect(error.description.hasPrefix("bad.json:\(at): "), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }
}

@Suite("Layout scripts and time")
struct LayoutScriptTimeTests {
    @Test func aLayoutScriptCannotAnimateItSaysWhereAnimationsGo() throws {
        let text = #"{ "layers": [ { "name": "a" } ], "script": ["select a", "animate opacity to 0"] }"#
        let scene = try LayoutFile.parse(text, file: "s.json", format: .json)
        do {
            _ = try SceneLoader.applyingScript(scene)
            Issue.record("the script's animate was accepted")
        } catch {
            #expect(error.description.contains("animate is not allowed in a layout's script"))
            #expect(error.description.contains("\"animations\" field"))
        }
    }
}
