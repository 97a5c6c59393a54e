import Foundation
import Testing
import TestSupport
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine
import SceneFiles

/// Issue 36, "saves that say why": when the preserving save truly cannot write an edit into
/// the author's file, it says where (file, line, column, field path) and what `save --rewrite`
/// would write afresh; `save --rewrite` then writes only that, keeping the rest of the text.
/// Real files in a fresh directory; the expected texts are written out by hand.
@Suite struct RewriteSaveTests {
    /// Runs `commands` on the scene loaded from `path` (script applied), as `eval` does;
    /// returns what `warn` said (the rewrite's report).
    @discardableResult
    static func run(_ path: String, _ commands: String) throws -> [String] {
        var session = Session(scene: try SceneLoader.load(path), filePath: path)
        var warnings: [String] = []
        try ScriptRunner.run(commands, name: "<test>", session: &session, emit: { _ in }, warn: { warnings.append($0) })
        return warnings
    }

    static let card = Fixtures.placedCard

    @Test func aLayerPlacedByItsFrameNamesTheFieldAndTheRewriteKeepsEveryOtherLine() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/card.json"
        try Self.card.write(toFile: path, atomically: false, encoding: .utf8)
        // badge is placed by its frame: a frame cannot say a bounds origin of (5, 5).
        let failure = try #require(throws: ScriptFailure.self) { try Self.run(path, "select badge; set bounds 5 5 40 40; save") }
        // Line 6, column 43 is `"frame"` of badge, the first of card's subviews.
        #expect(
            failure.message.contains(
                "card.json:6:43: layers[0].subviews[0].frame: cannot save into the file and keep its text: layer \"badge\" is placed by its frame and its bounds origin changed"
            ),
            "\(failure.message)")
        #expect(failure.message.contains("save --rewrite keeps the file's text except: layer \"badge\" written afresh"), "\(failure.message)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.card, "a refused save leaves the file byte for byte")

        let inodeBefore = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
        let report = try Self.run(path, "select badge; set bounds 5 5 40 40; save --rewrite")
        #expect(report == ["line 1: save --rewrite: \(path): kept the file's text except: layer \"badge\" written afresh"])
        // Only badge's line changed: the spacing of label's line and the rest as written.
        // The centre is the old frame's: (10 + 40/2, 10 + 40/2).
        let expected = Self.card.replacingOccurrences(
            of: ##"{"name": "badge", "kind": "view", "frame": [10, 10, 40, 40], "backgroundColor": "#ff0000"}"##,
            with: #"{"name": "badge", "kind": "view", "bounds": [5, 5, 40, 40], "center": [30, 30], "backgroundColor": "red"}"#)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
        // Written by temp file and rename: a new inode, and nothing else left in the folder.
        let inodeAfter = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
        #expect(inodeAfter != inodeBefore)
        #expect(try dir.contents() == ["card.json"])
        // It reopens to the scene: badge's bounds and its frame (unchanged) answer as edited.
        let reopened = try SceneLoader.load(path)
        let badge = reopened.tree[try #require(reopened.tree.id(named: "badge"))]
        #expect(badge.bounds == Rect(5, 5, 40, 40))
        #expect(badge.frame == Rect(10, 10, 40, 40))
        // And an ordinary save after it writes in place again (nothing left to rewrite).
        try Self.run(path, "select label; set opacity 0.5; save")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""frame": [60, 10, 120, 30], "alpha": 0.5}"#))
    }

    static let deck = """
        # A deck of two cards (the author's comment)
        title: deck
        layers:
          - name: card
            kind: view
            frame: [20, 20, 200, 120]   # the first card
            subviews:
              - name: badge
                kind: view
                frame: [10, 10, 40, 40]
          # the second card, below
          - name: other
            kind: view
            frame: [20, 160, 200, 120]

        """

    @Test func yamlAMovedLayerIsTakenOutAndWrittenUnderItsNewParentCommentsKept() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/deck.yaml"
        try Self.deck.write(toFile: path, atomically: false, encoding: .utf8)
        // `remove` and `add … in` under the same name: badge moved from card to other.
        let commands = "remove badge; add badge view in other; select badge; set bounds 0 0 30 30"
        let failure = try #require(throws: ScriptFailure.self) { try Self.run(path, commands + "; save") }
        // Line 8, column 9: badge's object (`name:` after the dash).
        #expect(
            failure.message.contains(
                "deck.yaml:8:9: layers[0].subviews[0]: cannot save into the file and keep its text: layer \"badge\" moved to another superlayer"),
            "\(failure.message)")
        #expect(
            failure.message.contains("save --rewrite keeps the file's text except: layer \"badge\" moved under \"other\" and written afresh"),
            "\(failure.message)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.deck)

        try Self.run(path, commands + "; save --rewrite")
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                # A deck of two cards (the author's comment)
                title: deck
                layers:
                  - name: card
                    kind: view
                    frame: [20, 20, 200, 120]   # the first card
                    subviews: []
                  # the second card, below
                  - name: other
                    kind: view
                    frame: [20, 160, 200, 120]
                    subviews: [{name: badge, kind: view, bounds: [0, 0, 30, 30]}]

                """)
        let reopened = try SceneLoader.load(path)
        let badge = try #require(reopened.tree.id(named: "badge"))
        #expect(reopened.tree[try #require(reopened.tree[badge].superlayer)].name == "other")
        #expect(reopened.tree[badge].bounds == Rect(0, 0, 30, 30))
    }

    @Test func yamlALayerMovedOutOfARemovedParentGoesWithItsNewParentOnly() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/deck.yaml"
        try Self.deck.write(toFile: path, atomically: false, encoding: .utf8)
        // badge moves to other, then card (its old parent) goes: card's lines take badge's old
        // text with them, and badge is written once, under other.
        try Self.run(path, "remove badge; add badge view in other; remove card; save --rewrite")
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                # A deck of two cards (the author's comment)
                title: deck
                layers:
                  # the second card, below
                  - name: other
                    kind: view
                    frame: [20, 160, 200, 120]
                    subviews: [{name: badge, kind: view}]

                """)
        let reopened = try SceneLoader.load(path)
        #expect(reopened.tree.treeOrder.map { reopened.tree[$0].name } == ["other", "badge"])
    }

    static let scripted = """
        # opacity comes from the script
        title: deck
        layers:
          - name: card   # the card
            kind: view
            frame: [20, 20, 200, 120]
        script:
          - select card; set opacity 0.5

        """

    @Test func yamlAnEditTheScriptWouldUndoFoldsTheScriptIntoTheLayers() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/scripted.yaml"
        try Self.scripted.write(toFile: path, atomically: false, encoding: .utf8)
        let failure = try #require(throws: ScriptFailure.self) { try Self.run(path, "select card; set opacity 0.8; save") }
        // Line 4, column 5: card's object; the file has no opacity of its own to point at.
        #expect(
            failure.message.contains(
                "scripted.yaml:4:5: layers[0].opacity: cannot save into the file and keep its text: layer \"card\": opacity (the file's script sets it again when the file loads)"
            ), "\(failure.message)")
        #expect(failure.message.contains("save --rewrite keeps the file's text except: the script folded into the layers"), "\(failure.message)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.scripted)

        try Self.run(path, "select card; set opacity 0.8; save --rewrite")
        // The script's effect and the edit are one value (a view's `alpha`); its lines go.
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                # opacity comes from the script
                title: deck
                layers:
                  - name: card   # the card
                    kind: view
                    frame: [20, 20, 200, 120]
                    alpha: 0.8

                """)
        var reopened = Session(scene: try SceneLoader.load(path), filePath: path)
        try ScriptRunner.run("select card; get opacity", name: "<test>", session: &reopened, emit: { #expect($0 == #"{"number":0.8}"#) })
    }

    @Test func anEditAStepUndoesIsRefusedByTheRewriteTooRatherThanLoseTheSteps() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/steps.json"
        let text = """
            {
              "title": "s",
              "layers": [{"name": "a", "bounds": [0, 0, 10, 10]}],
              "steps": [{"title": "fade", "script": ["select a; set opacity 0.5"]}]
            }

            """
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        // At step 1 the step sets opacity 0.5 whenever it is played: 0.8 cannot be kept.
        let plain = try #require(throws: ScriptFailure.self) { try Self.run(path, "step 1; select a; set opacity 0.8; save") }
        #expect(plain.message.contains("layer \"a\": opacity (a step up to step 1 sets it again when played)"), "\(plain.message)")
        #expect(plain.message.contains("go back to step 0"), "\(plain.message)")
        let rewrite = try #require(throws: ScriptFailure.self) { try Self.run(path, "step 1; select a; set opacity 0.8; save --rewrite") }
        #expect(rewrite.message.contains("written afresh, the file would lose its steps, so save --rewrite does not either"), "\(rewrite.message)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func jsonRemovedNotesLoseTheirFieldOnly() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/notes.json"
        let text = """
            {
              "title": "t",
              "notes": "to be removed",
              "layers": [{"name": "a", "bounds": [0, 0, 10, 10]}]
            }

            """
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        // The notes are removed by loading the file, clearing them and saving: the session's
        // scene is edited directly (there is no command that removes notes).
        var scene = try SceneLoader.load(path)
        scene.notes = nil
        #expect(throws: SceneLoadError.self) { try SceneLoader.save(scene, to: path) }
        let report = try SceneLoader.rewrite(scene, to: path)
        #expect(report.rewritten == ["the notes removed"])
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == """
                {
                  "title": "t",
                  "layers": [{"name": "a", "bounds": [0, 0, 10, 10]}]
                }

                """)
    }

    @Test func saveRewriteParsesAndPrintsBackAndAQuotedWordIsAFileName() throws {
        #expect(try CommandParser.parseEngine("save --rewrite") == .save(nil, rewrite: true))
        #expect(try CommandParser.parseEngine("w --rewrite out.yaml") == .save("out.yaml", rewrite: true))
        #expect(try CommandParser.parseEngine("save \"--rewrite\"") == .save("--rewrite", rewrite: false))
        #expect(EngineCommand.save(nil, rewrite: true).text == "save --rewrite")
        #expect(EngineCommand.save("a.json").text == "save a.json")
    }
}
