import Testing
import Geometry
@testable import LayerModel
@testable import CommandLanguage

@Suite("Command language: one spelling per command")
struct CommandParserTests {
    /// Every command case, in its canonical spelling.
    static let canonical: [String] = [
        "add clock", "add hand view", "add hand layer in face", "add hand in face at 0", "add \"minute hand\" view in face at 2",
        "remove hand", "select face",
        "set bounds 0 0 100 50", "set bounds.origin 0 50", "set bounds.size 10 20", "set position 160 120", "set center 1 2",
        "set frame 140 140 100 100", "set frame.origin 1 2", "set frame.size 3 4", "set anchorPoint 0.5 0.9",
        "set anchorPointZ -3", "set zPosition 1", "set transform rotate 45 then translate 10 0",
        "set sublayerTransform perspective 500", "set affineTransform affine 1 0 0 1 5 6",
        "set transform matrix 1 0 0 0 0 1 0 0 0 0 1 -0.002 0 0 0 1", "set transform identity",
        "set transform rotate 30 0 1 0", "set transform scale 2", "set transform scale 2 1", "set transform scale 2 1 3",
        "set transform translate 0 0 50", "set transform rotate 0.1rad", "set transform rotate 90deg",
        "set hidden true", "set masksToBounds false", "set clipsToBounds true", "set geometryFlipped true",
        "set opacity 0.5", "set alpha 1", "set userInteractionEnabled false", "set backgroundColor red",
        "set borderColor none", "set borderWidth 2", "set name face2", "set kind view",
        "rotate 15", "rotate -30 x", "rotate 0.5rad y", "rotate 10 z", "scale 0.5", "scale 2 1", "move -20 20",
        "anchor 0 0", "anchor 0.5 0.9 keep-frame", "reset", "toggle hidden", "toggle masksToBounds", "toggle geometryFlipped",
        "lift 1", "lift -0.5", "undo", "redo", "save", "save out.json", "save \"my scene.yaml\"", "load Layouts/clock.json", "reload",
        "get frame", "get center", "get effectiveTransform", "get affineTransform",
        "convert point 10 20 from hand to screen", "convert rect 0 0 100 100 from screen to face",
        "contains face 10 10", "hit-test face 150 150", "hit-test 150 150", "matrix rotate 90 then scale 2",
        "order tree", "order zPosition", "select-next", "select-previous", "select-parent", "select-child",
        "zoom 1.25", "pan -4 2", "fit", "cursor on", "cursor off", "cursor-move 1 -1", "cursor-at 10.5 20",
        "help", "quit", "quit!", "export swift", "panel formula", "panel hit-test", "panel inspector",
        "mode normal", "mode anchor", "mode cursor", "mode tree", "anchor-behaviour core-animation",
        "anchor-behaviour keep-frame", "command-line", "legend on", "legend off", "present on", "present off",
        "show canvas", "show panel", "search", "search Checkout", "search \"my view\"", "search-next",
        "search-previous", "fold card", "unfold \"my view\"", "reveal", "filter on", "filter off", "export svg out.svg", "export svg \"my scene.svg\""
    ]

    @Test(arguments: canonical)
    func everyCommandPrintsBackIdentically(_ text: String) throws {
        let command = try CommandParser.parse(text)
        #expect(command.text == text)
        #expect(try CommandParser.parse(command.text) == command)
    }

    @Test func aliasesParseToTheirCanonicalSpelling() throws {
        #expect(try CommandParser.parse("w").text == "save")
        #expect(try CommandParser.parse("q").text == "quit")
        #expect(try CommandParser.parse("set layer.anchorPoint 0 0").text == "set anchorPoint 0 0")
        #expect(try CommandParser.parse("toggle clipsToBounds").text == "toggle masksToBounds")
        #expect(try CommandParser.parse("rotate 45°") == .engine(.edit(.layer(.rotate(AngleLiteral(45, .deg), nil)))))
    }

    @Test func semicolonsSeparateAndHashStartsAComment() throws {
        let cs = try CommandParser.parseLine("select a; rotate 15 ;move 1 2 # then nothing")
        #expect(cs == [.engine(.select("a")), .engine(.edit(.layer(.rotate(AngleLiteral(15), nil)))), .engine(.edit(.layer(.move(1, 2))))])
        #expect(try CommandParser.parseLine("   # only a comment").isEmpty)
        #expect(try CommandParser.parseLine("").isEmpty)
        #expect(try CommandParser.parseLine("select \"a;b\"") == [.engine(.select("a;b"))])
    }

    @Test func transformsChainFirstToLast() throws {
        // rotate 90 then translate 10 0 = Concat(R, T): (1,0) → (0,1) → (10,1).
        guard case let .engine(.query(.matrix(spec))) = try CommandParser.parse("matrix rotate 90 then translate 10 0") else {
            Issue.record("not a matrix"); return
        }
        #expect(spec.matrix.apply(to: Point(1, 0)) == Point(10, 1))
        guard case let .engine(.query(.matrix(other))) = try CommandParser.parse("matrix translate 10 0 then rotate 90") else { return }
        #expect(other.matrix.apply(to: Point(1, 0)) == Point(0, 11))
        guard case let .engine(.query(.matrix(p))) = try CommandParser.parse("matrix perspective 500") else { return }
        #expect(p.matrix.m34 == -0.002)
    }

    @Test(
        arguments: [
            ("rotat 15", 1, "unknown command \"rotat\"", "did you mean \"rotate\"?"),
            ("set anchorpoint 0 0", 5, "unknown property \"anchorpoint\"", "did you mean \"anchorPoint\"?"),
            ("set bounds 0 0 -5 10", 16, "bounds size cannot be negative", nil),
            ("set opacity 2", 13, "between 0 and 1", nil),
            ("move 1", 7, "missing dy", nil),
            ("move 1 x", 8, "expected a number (dy), found \"x\"", nil),
            ("move nan 1", 6, "expected a number", nil),
            ("move 1e999 1", 6, "out of range", nil),
            ("rotate 10 w", 11, "unknown axis \"w\"", "use x, y or z"),
            ("anchor 0 0 keepframe", 12, "unexpected \"keepframe\"", "did you mean \"keep-frame\"?"),
            ("select \"open", 8, "unterminated quoted name", nil),
            ("reset now", 7, "unexpected \"now\" after reset", nil),
            ("set transform rotat 5", 15, "unknown transform \"rotat\"", "did you mean \"rotate\"?"),
            ("set transform perspective 0", 27, "perspective distance cannot be 0", nil),
            ("set backgroundColor redd", 21, "unknown color \"redd\"", "did you mean \"red\"?"),
            ("get effectiveTransformm", 5, "unknown property", nil),
            ("set effectiveTransform identity", 5, "read-only", nil),
            ("convert line 1 2 from a to b", 9, "expected point or rect", nil),
            ("convert point 1 2 to b", 19, "expected \"from\", found \"to\"", nil),
            ("add", 4, "missing a layer name", nil),
            ("add a in", 9, "missing a parent layer name", nil),
            ("add a at x", 10, "expected a whole number", nil),
            ("zoom -2", 6, "expected a positive number", nil),
            ("export png", 8, "unknown export format \"png\"", "use: export swift, or export svg FILE [--crop screen|content]"),
            ("export svg", 11, "missing an output file (.svg)", nil),
            ("mode anchr", 6, "unknown mode \"anchr\"", "did you mean \"anchor\"?"),
            ("mode", 5, "missing a mode (normal, anchor, cursor or tree)", nil),
            ("anchor-behaviour x", 18, "unknown anchor behaviour \"x\"", "use core-animation or keep-frame"),
            ("order random", 7, "unknown hit-test order", nil),
            ("export kotlin", 8, "unknown export format", nil)
        ] as [(String, Int, String, String?)])
    func badCommandsSayWhereAndWhat(_ text: String, _ column: Int, _ message: String, _ suggestion: String?) {
        #expect {
            _ = try CommandParser.parse(text)
        } throws: { error in
            guard let e = error as? CommandError else { return false }
            return e.column == column && e.message.contains(message) && (suggestion == nil || e.suggestion == suggestion)
        }
    }
}
