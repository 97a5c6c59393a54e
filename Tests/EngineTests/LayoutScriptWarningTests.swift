import Engine
import LayoutFiles
import Scenes
import Testing

/// A layout's `script` whose command warns (`set frame` under a rotation, `Session.set`)
/// keeps the warning with the file's own (`Scene.loadWarnings`), at the script line: `check`,
/// `eval --layout`, the explorer and learn say it like a `frame` field's.
@Suite struct LayoutScriptWarningTests {
    static let layout = """
        {"layers": [
          {"name": "card", "bounds": [0, 0, 20, 20], "position": [40, 40],
           "transform": [{"rotate": 30}]},
          {"name": "flat", "bounds": [0, 0, 20, 20]}
        ],
         "script": ["select flat", "set frame 0 0 30 30",
                    "select card", "set frame 0 0 20 20"]}
        """

    /// 20×20 turned 30°, set to frame 0 0 20 20: the frame setter maps the size through the
    /// inverse rotation, (20·cos30° + 20·sin30°, −20·sin30° + 20·cos30°) = (17.32 + 10,
    /// −10 + 17.32) = 27.32 × 7.32. `flat` has no transform: its frame reads back, no warning.
    @Test func aScriptCommandThatWarnsIsALoadWarningAtItsLine() throws {
        let parsed = try LayoutFile.parse(Self.layout, file: "trial.json", format: .json)
        #expect(parsed.loadWarnings.all.isEmpty)
        let scene = try SceneLoader.applyingScript(parsed)
        let warnings = scene.loadWarnings.all
        try #require(warnings.count == 1, "\(warnings)")
        let w = warnings[0]
        // The fourth script line: line 7, its string's quote at column 28 (12 spaces, "select card", ", ").
        #expect((w.file, w.line, w.column, w.path) == ("trial.json", 7, 28, "script \"set frame 0 0 20 20\""))
        #expect(w.message.contains("bounds went from 20×20 to 27.3205080757×7.3205080757"), "\(w)")
        #expect(w.description.hasPrefix("trial.json:7:28: warning: script \"set frame 0 0 20 20\": frame set under a transform"), "\(w)")
        // The edit is Apple's, kept: the warning says what the scene is.
        let card = scene.tree[scene.tree.id(named: "card")!]
        #expect(abs(card.bounds.size.width - 27.3205080757) < 1e-9 && abs(card.bounds.size.height - 7.3205080757) < 1e-9)
    }

    /// The file's own warnings come first, then the script's, in the order they ran.
    @Test func theFilesWarningsComeFirst() throws {
        let text = Self.layout.replacingOccurrences(of: #""bounds": [0, 0, 20, 20], "position": [40, 40]"#, with: #""frame": [30, 30, 20, 20]"#)
        let scene = try SceneLoader.applyingScript(try LayoutFile.parse(text, file: "trial.json", format: .json))
        #expect(scene.loadWarnings.all.map(\.path) == ["layers[0].frame", "script \"set frame 0 0 20 20\""])
    }
}
