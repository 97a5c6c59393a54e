import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import Engine

/// `measure` as a query: the one JSON object of docs/measure.md, worked by hand.
@Suite("measure query")
struct MeasureQueryTests: SessionScripting {
    // a: frame (10,20,100,50); b: frame (130,20,80,50); both in root; card holds badge.
    let script = """
        add root; select root; set bounds 0 0 400 300; set position 200 150
        add a in root; select a; set bounds 0 0 100 50; set position 60 45
        add b in root; select b; set bounds 0 0 80 50; set position 170 45
        add card; select card; set bounds 0 0 200 100; set position 100 250
        add badge in card; select badge; set bounds 0 0 40 20; set position 30 20
        """

    @Test func siblingsAnswerTheIssuesShape() throws {
        var s = try session(script)
        // x 10…110 and 130…210: 20 apart; y both 20…70: overlap 50; centres (60,45), (170,45).
        #expect(
            try ask(&s, "measure a b")
                == #"{"measure":{"space":"root","mode":"box","horizontal":20,"vertical":-50,"distance":20,"centers":110,"contains":null,"insets":null}}"#)
        #expect(
            try ask(&s, "measure a b in screen quad")
                == #"{"measure":{"space":"screen","mode":"quad","horizontal":20,"vertical":-50,"distance":20,"centers":110,"contains":null,"insets":null}}"#)
    }

    @Test func aChildInsideItsParentAnswersInsets() throws {
        var s = try session(script)
        #expect(
            try ask(&s, "measure card badge")
                == #"{"measure":{"space":"card","mode":"box","horizontal":-40,"vertical":-20,"distance":0,"centers":76.1577310586,"contains":"A","insets":[10,10,150,70]}}"#
        )
        #expect(try ask(&s, "measure badge card quad").contains(#""contains":"B","insets":null"#))
    }

    @Test func badNamesAndWordsAreClearErrors() throws {
        var s = try session(script)
        #expect(throws: CommandError.self) { try ask(&s, "measure a nope") }
        #expect(throws: CommandError.self) { try CommandParser.parse("measure a b in") }
        #expect(throws: CommandError.self) { try CommandParser.parse("measure a b box quad") }
        // The spellings read back.
        for text in [
            "measure a b", "measure presentation a b in screen quad", "measure a b in card", "measure-pin", "measure-pin a in screen quad", "measure-pin off"
        ] {
            #expect(try CommandParser.parse(text).text == text)
        }
    }

    @Test func thePinMeasuresTheSelectionAndReachesTheSVG() throws {
        var s = try session(script + "\nselect a; measure-pin; select b")
        #expect(s.measurePin == MeasurePin(layer: "a"))
        guard case let .success(m)? = s.pinnedMeasurement(in: s.tree) else { Issue.record("no measurement"); return }
        #expect(m.horizontal == 20)
        let svg = s.svgText()
        #expect(svg.contains(##"<line class="measure" data-kind="horizontal" x1="110" y1="45" x2="130" y2="45" stroke="#ff3b30""##))
        #expect(svg.contains(##"fill="#ff3b30">20</text>"##))
        _ = try s.perform(.measurePin(nil))
        #expect(!s.svgText().contains("class=\"measure\""))
    }
}
