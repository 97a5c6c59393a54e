import Engine
@testable import Explorer
import LayoutFiles
import Scenes
import Testing

/// The load-warning status's "(and N more: …)" names a command that prints them all and that
/// can run: `layerscope check FILE` for a file on disk (quoted when the shell would split
/// it), `layerscope learn check` for an embedded lesson (there is no file `check` could
/// open), and for a scene from no file (the embedded tour) saving it first.
@Suite struct LoadWarningHintTests {
    /// Two layers with `frame` under a 30° rotation: two warnings, at 2:18 and 3:18 (17
    /// characters, `  - {name: card, `, before each `frame`).
    static func lesson(_ file: String) throws -> LoadedLesson {
        let yaml = """
            layers:
              - {name: card, frame: [0, 0, 10, 10], transform: [{rotate: 30}]}
              - {name: tile, frame: [0, 0, 10, 10], transform: [{rotate: 30}]}
            lesson:
              goal: "Move card"
              check: [{query: "select card; get position", equals: {point: [0, 0]}}]
              solution: ["select card", "set position 0 0"]
            """
        return try LessonLoader.parse(yaml, file: file, format: .yaml)
    }

    @Test func anEmbeddedLessonNamesLearnCheck() throws {
        let state = ExplorerState(learning: LearnState(pack: "basics", lessons: [try Self.lesson("(embedded) 01-rotated.yaml")]))
        #expect(state.status.hasPrefix("(embedded) 01-rotated.yaml:2:18: warning: layers[0].frame: "), "\(state.status)")
        #expect(state.status.hasSuffix(" (and 1 more: layerscope learn check)"), "\(state.status)")
        #expect(!state.status.contains("layerscope check"))
    }

    @Test func aLessonOnDiskNamesCheckWithItsFileQuotedWhenItMustBe() throws {
        let plain = ExplorerState(learning: LearnState(pack: "p", lessons: [try Self.lesson("pack/01-rotated.yaml")]))
        #expect(plain.status.hasSuffix(" (and 1 more: layerscope check pack/01-rotated.yaml)"), "\(plain.status)")
        let spaced = ExplorerState(learning: LearnState(pack: "p", lessons: [try Self.lesson("my pack/it's.yaml")]))
        #expect(spaced.status.hasSuffix(#" (and 1 more: layerscope check 'my pack/it'\''s.yaml')"#), "\(spaced.status)")
    }

    @Test func theExplorerNamesCheckForAFileAndSavingForNone() throws {
        let scene = try Self.lesson("trial.yaml").scene
        let onDisk = ExplorerState(session: Session(scene: scene, filePath: "trial.yaml"))
        #expect(onDisk.status.hasSuffix(" (and 1 more: layerscope check trial.yaml)"), "\(onDisk.status)")
        // The embedded tour has no file path: the warnings name "(embedded) …", which check cannot open.
        let embedded = ExplorerState(session: Session(scene: try Self.lesson("(embedded) tour.yaml").scene))
        #expect(embedded.status.hasSuffix(" (and 1 more: :save FILE, then layerscope check FILE)"), "\(embedded.status)")
    }

    @Test func shellWords() {
        #expect(LoadWarningStatus.shellWord("Layouts/a-b_c.1.json") == "Layouts/a-b_c.1.json")
        #expect(LoadWarningStatus.shellWord("a b") == "'a b'")
        #expect(LoadWarningStatus.shellWord("$HOME;x") == "'$HOME;x'")
        #expect(LoadWarningStatus.shellWord("é.json") == "'é.json'")
    }
}
