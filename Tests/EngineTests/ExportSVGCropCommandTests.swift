import Foundation
import Testing
import TestSupport
@testable import CommandLanguage
@testable import Engine
import SceneFiles

/// `export svg FILE --crop content` (the `:` command) crops as `render --svg F --crop content`
/// does (issue 32's leftover): a 200 × 120 card centred at (195, 422) on a 390 × 844 screen
/// has the frame (95, 362, 200, 120); with 10 units round it the picture is 85 352 220 140.
@Suite struct ExportSVGCropCommandTests {
    static let card = "set screen 390 844; add card view; select card; set bounds 0 0 200 120; set position 195 422; set backgroundColor red"

    @Test func cropContentIsTheCardWithTenUnitsRoundItAndTheDefaultIsTheScreen() throws {
        let dir = try TemporaryDirectory()
        var session = Session()
        try ScriptRunner.run(
            "\(Self.card)\nexport svg \(dir.path)/c.svg --crop content\nexport svg \(dir.path)/s.svg\nexport svg \(dir.path)/t.svg --crop screen",
            name: "<test>", session: &session, emit: { _ in })
        let cropped = try String(contentsOfFile: dir.path + "/c.svg", encoding: .utf8)
        #expect(cropped.contains("viewBox=\"85 352 220 140\""))
        #expect(cropped == session.svgText(crop: .content), "the same picture render --crop content writes")
        #expect(try String(contentsOfFile: dir.path + "/s.svg", encoding: .utf8).contains("viewBox=\"0 0 390 844\""))
        #expect(try String(contentsOfFile: dir.path + "/t.svg", encoding: .utf8) == String(contentsOfFile: dir.path + "/s.svg", encoding: .utf8))
    }

    @Test func theOptionParsesPrintsBackAndAWrongWordNamesTheChoices() throws {
        #expect(try CommandParser.parseEngine("export svg a.svg --crop content") == .exportSVG("a.svg", crop: .content))
        #expect(try CommandParser.parseEngine("export svg a.svg") == .exportSVG("a.svg", crop: .screen))
        #expect(EngineCommand.exportSVG("a.svg", crop: .content).text == "export svg a.svg --crop content")
        #expect(EngineCommand.exportSVG("a.svg").text == "export svg a.svg")
        let error = try #require(throws: CommandError.self) { try CommandParser.parseEngine("export svg a.svg --crop edges") }
        #expect(error.message == "unknown crop \"edges\"")
        #expect(error.suggestion == "use screen or content")
    }
}
