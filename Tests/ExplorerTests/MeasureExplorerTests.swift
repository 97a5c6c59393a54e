@testable import Explorer
import ExplorerTestSupport
import Foundation
import Testing
import TerminalKit
import LayerModel
import CommandLanguage
import Engine

/// The measurement in the explorer (docs/measure.md): the key, the canvas's figures beside
/// the names, the follow feed.
@Suite struct MeasureExplorerTests {
    static func rows(_ state: ExplorerState) -> [String] {
        let canvas = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille)).canvas
        return (0..<canvas.rows).map { canvas.text(row: $0) }
    }

    @Test func mPinsTheSelectionAndTheCanvasShowsTheGapsBesideTheNames() throws {
        // Fixture: back x 35…85, y 35…85; card x 150…250, y 120…180 (screen points):
        // a 65-point x gap and a 35-point y gap.
        var state = Fixture.state()
        _ = Reducer.perform(&state, .select("back"), echo: nil)
        let before = Self.rows(state)
        state.press("M")
        #expect(state.echo == "M → measure-pin back")
        #expect(state.session.measurePin == MeasurePin(layer: "back"))
        _ = Reducer.perform(&state, .select("card"), echo: nil)
        let rows = Self.rows(state)
        // Against the same screen with card selected and nothing pinned: one more 65, one more 35.
        var plain = Fixture.state()
        _ = Reducer.perform(&plain, .select("card"), echo: nil)
        let reference = Self.rows(plain)
        func count(_ rows: [String], _ text: String) -> Int { rows.map { $0.components(separatedBy: text).count - 1 }.reduce(0, +) }
        #expect(!before.contains { $0.contains("65") })
        #expect(count(rows, "65") == count(reference, "65") + 1, "\(rows.joined(separator: "\n"))")
        #expect(count(rows, "35") == count(reference, "35") + 1, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains(" 65 ") }, "\(rows.joined(separator: "\n"))")
        // The names are whole: the figures went around them.
        #expect(rows.contains { $0.contains("back") } && rows.contains { $0.contains("card") })
        #expect(CanvasMarkCheck.legendHasMeasurement(state))
        state.press("M")
        #expect(state.echo == "M → measure-pin off")
        #expect(state.session.measurePin == nil)
        #expect(!Self.rows(state).contains { $0.contains(" 65 ") })
    }

    @Test func theColonLinePinsASelectsBAndAnswers() throws {
        var state = Fixture.state()
        state.press(":")
        state.type("measure back card quad")
        state.press("Enter")
        #expect(state.session.measurePin == MeasurePin(layer: "back", mode: .quad))
        #expect(state.selectedName == "card")
        #expect(state.status.contains("\"mode\":\"quad\",\"horizontal\":65,\"vertical\":35"))
    }
}

enum CanvasMarkCheck {
    static func legendHasMeasurement(_ state: ExplorerState) -> Bool {
        var s = state
        s.picture.legend = true
        return MeasureExplorerTests.rows(s).contains { $0.contains("measurement (M)") }
    }
}
