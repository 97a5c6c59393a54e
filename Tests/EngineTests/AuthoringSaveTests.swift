import Foundation
import Scenes
import Testing
import TestSupport
import Geometry
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine
import SceneFiles

/// A demo authored with `:` commands is saved faithfully (issue 32): a new file keeps its
/// steps, and an existing file gets its new fields beside their siblings and its new steps
/// after the last step, in its own style — compared as exact text.
@Suite struct AuthoringSaveTests {
    /// Runs `commands` (one a line) on `session` as a script would, `save` included.
    static func run(_ commands: String, on session: inout Session) throws {
        try ScriptRunner.run(commands, name: "<test>", session: &session, emit: { _ in })
    }

    static let authored = """
        add card view
        set bounds 0 0 200 120
        set position 195 422
        set backgroundColor orange
        set screen 390 844
        step add "The card"
        rotate 30
        step add turned
        step note 2 "thirty degrees"
        save
        """

    @Test(arguments: ["card-demo.json", "card-demo.yaml"])
    func aSceneAuthoredOnlyWithCommandsReopensWithItsStepsAndPlaysThem(_ name: String) throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/" + name
        var session = Session(scene: Scene(), filePath: path)  // `layerscope card-demo.json`, a new file
        try Self.run(Self.authored, on: &session)
        #expect(!session.isDirty)
        let reopened = try SceneLoader.load(path)
        #expect(reopened.screen == Size(width: 390, height: 844))
        #expect(reopened.steps.map(\.title) == ["The card", "turned"])
        #expect(reopened.steps.map(\.notes) == [nil, "thirty degrees"])
        var played = Session(scene: reopened, filePath: path)
        #expect(played.tree.isEmpty)
        _ = try played.perform(.step(1))
        _ = try played.perform(.select("card"))
        #expect(try played.answer(.get(.frame)) == "{\"rect\":[95,362,200,120]}")
        _ = try played.perform(.step(2))
        #expect(try played.answer(.get(.frame)) == "{\"rect\":[78.3974596216,320.0384757729,233.2050807569,203.9230484541]}")
        // `p` from 2 is step 1 again.
        _ = try played.perform(.step(1))
        #expect(try played.answer(.get(.frame)) == "{\"rect\":[95,362,200,120]}")
    }

    @Test func aBaseSavedFirstKeepsItsLayersAndTheStepsComeAfter() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/card.json"
        var session = Session(scene: Scene(), filePath: path)
        try Self.run("add card view\nset bounds 0 0 200 120\nset position 195 422\nset screen 390 844\nsave\nrotate 30\nstep add turned\nsave", on: &session)
        let reopened = try SceneLoader.load(path)
        // The card is in the layers (step 0 shows it); step 1 only turns it.
        #expect(reopened.tree.id(named: "card") != nil)
        #expect(reopened.steps.map { $0.script.map(\.text) } == [["select card", "rotate 30"]])
    }

    static let json = """
        {
          "title": "Card",
          "layers": [
            { "name": "card", "kind": "view", "bounds": [0, 0, 200, 120], "center": [195, 422],
              "subviews": [
                { "name": "label", "bounds": [0, 0, 80, 20], "position": [100, 60] }
              ] }
          ],
          "steps": [
            {
              "title": "turn",
              "script": ["select card", "rotate 15"]
            }
          ]
        }

        """

    static let yaml = """
        title: Card
        layers:
          - name: card
            kind: view
            bounds: [0, 0, 200, 120]
            center: [195, 422]
            subviews:
              - {name: label, bounds: [0, 0, 80, 20], position: [100, 60]}
        steps:
          - title: turn
            script:
              - select card
              - rotate 15

        """

    static let edits = """
        set screen 390 844
        select card
        set backgroundColor orange
        step 1
        select label
        rotate 10
        step add "label too"
        save
        """

    @Test func jsonNewFieldsLandBesideTheirSiblingsAndTheNewStepAfterTheLast() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/card.json"
        try Self.json.write(toFile: path, atomically: true, encoding: .utf8)
        var session = Session(scene: try SceneLoader.load(path), filePath: path)
        try Self.run(Self.edits, on: &session)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                {
                  "title": "Card",
                  "screen": { "width": 390, "height": 844 },
                  "layers": [
                    { "name": "card", "kind": "view", "bounds": [0, 0, 200, 120], "center": [195, 422], "backgroundColor": "orange",
                      "subviews": [
                        { "name": "label", "bounds": [0, 0, 80, 20], "position": [100, 60] }
                      ] }
                  ],
                  "steps": [
                    {
                      "title": "turn",
                      "script": ["select card", "rotate 15"]
                    },
                    {
                      "title": "label too",
                      "script": ["select label", "rotate 10"]
                    }
                  ]
                }

                """)
        let reopened = try SceneLoader.load(path)
        #expect(reopened.steps.map(\.title) == ["turn", "label too"])
    }

    @Test func yamlNewFieldsLandBesideTheirSiblingsAndTheNewStepAfterTheLast() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/card.yaml"
        try Self.yaml.write(toFile: path, atomically: true, encoding: .utf8)
        var session = Session(scene: try SceneLoader.load(path), filePath: path)
        try Self.run(Self.edits, on: &session)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                title: Card
                screen: {width: 390, height: 844}
                layers:
                  - name: card
                    kind: view
                    bounds: [0, 0, 200, 120]
                    center: [195, 422]
                    backgroundColor: orange
                    subviews:
                      - {name: label, bounds: [0, 0, 80, 20], position: [100, 60]}
                steps:
                  - title: turn
                    script:
                      - select card
                      - rotate 15
                  - title: label too
                    script:
                      - select label
                      - rotate 10

                """)
    }

    @Test func aNoteAndARemovedStepAreWrittenInPlace() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/card.yaml"
        try Self.yaml.write(toFile: path, atomically: true, encoding: .utf8)
        var session = Session(scene: try SceneLoader.load(path), filePath: path)
        try Self.run("step 1\nselect label\nrotate 10\nstep add \"label too\"\nstep note 1 \"the card first\"\nstep remove 2\nsave", on: &session)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                title: Card
                layers:
                  - name: card
                    kind: view
                    bounds: [0, 0, 200, 120]
                    center: [195, 422]
                    subviews:
                      - {name: label, bounds: [0, 0, 80, 20], position: [100, 60]}
                steps:
                  - title: turn
                    notes: the card first
                    script:
                      - select card
                      - rotate 15

                """)
    }

    @Test func aFileWithoutStepsGetsTheListAfterItsLastField() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/plain.json"
        try "{\n  \"layers\": [\n    { \"name\": \"card\", \"bounds\": [0, 0, 100, 50], \"position\": [50, 25] }\n  ]\n}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        var session = Session(scene: try SceneLoader.load(path), filePath: path)
        try Self.run("select card\nmove 10 0\nstep add moved\nsave", on: &session)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                {
                  "layers": [
                    { "name": "card", "bounds": [0, 0, 100, 50], "position": [50, 25] }
                  ],
                  "steps": [
                    {
                      "title": "moved",
                      "script": ["select card", "move 10 0"]
                    }
                  ]
                }

                """)
    }

    @Test func yamlThatQuotesItsStepsGetsAQuotedStep() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/demo.yaml"
        try
            "layers:\n  - {name: card, bounds: [0, 0, 100, 50], position: [100, 100]}\nsteps:\n  - title: \"first\"\n    script:\n      - \"select card; move 10 0\"\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        var session = Session(scene: try SceneLoader.load(path), filePath: path)
        try Self.run("step 1\nrotate 45\nstep add \"spin it\"\nsave", on: &session)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                layers:
                  - {name: card, bounds: [0, 0, 100, 50], position: [100, 100]}
                steps:
                  - title: "first"
                    script:
                      - "select card; move 10 0"
                  - title: "spin it"
                    script:
                      - "select card"
                      - "rotate 45"

                """)
    }
}
