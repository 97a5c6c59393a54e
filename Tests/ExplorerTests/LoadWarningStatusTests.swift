import CommandLanguage
import Engine
import Explorer
import LayoutFiles
import Scenes
import Testing

/// A layout's load warnings (a `frame` under a rotation) on the explorer's status line: once
/// as the file opens and again as it reloads, replaced by the next status.
@Suite struct LoadWarningStatusTests {
    static func scene(frames: Int) throws -> Scene {
        let layers = (0..<frames).map { #"{"name": "l\#($0)", "frame": [0, 0, 10, 10], "transform": [{"rotate": 30}]}"# }
        return try LayoutFile.parse(#"{"layers": [\#(layers.joined(separator: ",\n"))]}"#, file: "trial.json", format: .json)
    }

    @Test func openingSaysTheFirstWarningAndHowManyMore() throws {
        let one = ExplorerState(session: Session(scene: try Self.scene(frames: 1), filePath: "trial.json"))
        #expect(one.statusIsError)
        #expect(one.status.hasPrefix("trial.json:1:28: warning: layers[0].frame: "), "\(one.status)")
        #expect(one.status.contains("13.66×3.66"))
        let three = ExplorerState(session: Session(scene: try Self.scene(frames: 3), filePath: "trial.json"))
        #expect(three.status.hasSuffix("(and 2 more: layerscope check trial.json)"), "\(three.status)")
    }

    @Test func aReloadSaysItAgainAndTheNextCommandReplacesIt() throws {
        var state = ExplorerState(session: Session(scene: try Self.scene(frames: 1), filePath: "trial.json"))
        _ = Reducer.reduce(&state, .command(try CommandParser.parse("select l0")))
        #expect(!state.status.contains("warning"))
        _ = Reducer.reduce(&state, .loaded(try Self.scene(frames: 1), path: "trial.json"))
        #expect(state.status.hasPrefix("trial.json:1:28: warning: layers[0].frame: "), "\(state.status)")
        // A file without warnings says it loaded, as before.
        _ = Reducer.reduce(&state, .loaded(try LayoutFile.parse(#"{"layers": []}"#, file: "plain.json", format: .json), path: "plain.json"))
        #expect(state.status == "loaded plain.json")
    }
}
