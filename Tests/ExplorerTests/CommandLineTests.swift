@testable import Explorer
import ExplorerTestSupport
import Scenes
import Geometry
import Raster
import TestSupport
import Testing
import LayerModel
import CommandLanguage
import LayoutFiles
import Engine

@Suite struct CommandLineTests {
    @Test func colonOpensAnEmptyLine() {
        var state = Fixture.state()
        state.press(":")
        #expect(state.mode == .command(text: "", caret: 0))
        #expect(state.echo == ": → command-line")
    }

    @Test func typingInsertsAtTheCaretAndSpaceTypesASpace() {
        var state = Fixture.state()
        state.press(":", "m", "o", "v", "e", "Space", "1")
        #expect(state.mode == .command(text: "move 1", caret: 6))
        // Keys that are bindings elsewhere are just text here.
        #expect(state.session.scene == Fixture.scene())
    }

    @Test func enterRunsTheLine() {
        var state = Fixture.state()
        state.press(":")
        state.type("move 5 -2")
        #expect(state.press("Enter") == .none)
        #expect(state.mode == .normal)
        #expect(state.layer("card").position == Point(205, 148))
        #expect(state.echo == "move 5 -2")
        #expect(state.status == "frame (155, 118, 100, 60)")
        #expect(state.history == ["move 5 -2"])
    }

    @Test func enterRunsEveryCommandOfALine() {
        var state = Fixture.state()
        state.press(":")
        state.type("select back; move 1 1; lift 3")
        state.press("Enter")
        var back = Fixture.state().layer("back")
        back.position = Point(61, 61)
        back.zPosition = 3
        #expect(state.layer("back") == back)
        #expect(state.layer("card") == Fixture.state().layer("card"))
    }

    @Test func aTypoIsAClearErrorAndChangesNothing() {
        var state = Fixture.state()
        let before = state.session
        state.press(":")
        state.type("rotat 5")
        #expect(state.press("Enter") == .none)
        #expect(state.session == before)
        #expect(state.mode == .normal)
        #expect(state.statusIsError)
        #expect(state.status == ":rotat 5 — column 1: unknown command \"rotat\"; did you mean \"rotate\"?")
    }

    /// At 100 columns (panel shown) the selection path and "order zPosition" take the right
    /// of the status row, leaving 76 columns; an error longer than that takes the whole row
    /// instead, wrapping onto the row above rather than being cut (issue 23; the selection
    /// and order are in the panel too).
    @Test func aLongErrorTakesTheWholeStatusRow() {
        var state = Fixture.state()
        state.columns = 100
        state.rows = 30
        let name = "aLayerNameLongerThanTheRoomLeftOnTheStatusRow"
        state.press(":")
        state.type("select " + name)
        state.press("Enter")
        #expect(state.statusIsError)
        #expect(state.status.hasPrefix("select \(name): no layer named"))
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true))
        let row = screen.canvas.text(row: state.layout.statusRow)
        let above = screen.canvas.text(row: state.layout.statusRow - 1)
        // 99 columns a row after the leading space: the status, ~150 columns, takes two.
        #expect(above.hasPrefix(" select \(name): no layer named"))
        #expect((above + " " + row).split(separator: " ").joined(separator: " ") == state.status.split(separator: " ").joined(separator: " "))
        #expect(!row.contains("order zPosition"))
    }

    @Test func aCommandThatDoesNotApplyIsAnErrorAndChangesNothing() {
        var state = Fixture.state()
        let before = state.session
        state.press(":")
        state.type("select bakc")
        state.press("Enter")
        #expect(state.session == before)
        #expect(state.statusIsError)
        #expect(state.status == "select bakc: no layer named \"bakc\"; did you mean \"back\"?")
    }

    @Test func anErrorStopsTheRestOfTheLine() {
        var state = Fixture.state()
        state.press(":")
        state.type("move 1 0; select nope; move 1 0")
        state.press("Enter")
        #expect(state.layer("card").position == Point(201, 150))
        #expect(state.statusIsError)
    }

    @Test func aQueryShowsItsAnswerInTheStatusLine() {
        var state = Fixture.state()
        state.press(":")
        state.type("get frame")
        state.press("Enter")
        #expect(state.status == "get frame = {\"rect\":[150,120,100,60]}")
        #expect(!state.statusIsError)
    }

    @Test func backspaceDeletesBeforeTheCaretAndLeavesAnEmptyLine() {
        var state = Fixture.state()
        state.press(":")
        state.type("movex")
        state.press("Backspace")
        #expect(state.mode == .command(text: "move", caret: 4))
        state.press("Backspace", "Backspace", "Backspace", "Backspace")
        #expect(state.mode == .command(text: "", caret: 0))
        state.press("Backspace")
        #expect(state.mode == .normal)
        #expect(state.history.isEmpty)
    }

    @Test func caretKeysMoveWithinTheLine() {
        var state = Fixture.state()
        state.press(":")
        state.type("otate 5")
        state.press("Home")
        #expect(state.mode == .command(text: "otate 5", caret: 0))
        state.press("r")
        #expect(state.mode == .command(text: "rotate 5", caret: 1))
        state.press("End")
        #expect(state.mode == .command(text: "rotate 5", caret: 8))
        state.press("Left", "Left")
        #expect(state.mode == .command(text: "rotate 5", caret: 6))  // between "e" and " "
        state.press("Right", "Backspace")
        #expect(state.mode == .command(text: "rotate5", caret: 6))
        state.press("Space", "Right", "Right")
        #expect(state.mode == .command(text: "rotate 5", caret: 8))  // Right stops at the end
        state.press("Home", "Left")
        #expect(state.mode == .command(text: "rotate 5", caret: 0))  // Left stops at 0
        state.press("Delete")
        #expect(state.mode == .command(text: "otate 5", caret: 0))
        state.press("C-e", "C-a")
        #expect(state.mode == .command(text: "otate 5", caret: 0))
        state.press("r", "Enter")
        expectMatrix(
            state.layer("card").transform,
            linear(0.9961946980917455, 0.08715574274765817, 0, -0.08715574274765817, 0.9961946980917455, 0, 0, 0, 1))
    }

    @Test func escClosesTheLineWithoutRunningIt() {
        var state = Fixture.state()
        state.press(":")
        state.type("move 1 1")
        state.press("Esc")
        #expect(state.mode == .normal)
        #expect(state.session.scene == Fixture.scene())
        #expect(state.history.isEmpty)
    }

    @Test func upAndDownWalkTheHistory() {
        var state = Fixture.state()
        for line in ["move 1 0", "move 0 1", "move 0 1"] {
            state.press(":"); state.type(line); state.press("Enter")
        }
        // A repeat of the last line is not stored twice.
        #expect(state.history == ["move 1 0", "move 0 1"])
        state.press(":", "Up")
        #expect(state.mode == .command(text: "move 0 1", caret: 8))
        state.press("Up")
        #expect(state.mode == .command(text: "move 1 0", caret: 8))
        state.press("Up")
        #expect(state.mode == .command(text: "move 1 0", caret: 8))  // stays at the oldest
        state.press("Down")
        #expect(state.mode == .command(text: "move 0 1", caret: 8))
        state.press("Down")
        #expect(state.mode == .command(text: "", caret: 0))  // past the newest: empty
        state.press("Up", "Up", "Enter")
        #expect(state.layer("card").position == Point(202, 152))  // 201,152 + move 1 0
    }

    @Test func upWithNoHistoryDoesNothing() {
        var state = Fixture.state()
        state.press(":", "a", "Up")
        #expect(state.mode == .command(text: "a", caret: 1))
    }

    @Test func tabCompletesAUniqueVerbWithASpace() {
        var state = Fixture.state()
        state.press(":", "r", "o", "Tab")
        #expect(state.mode == .command(text: "rotate ", caret: 7))
    }

    @Test func tabCompletesTheCommonPrefixAndListsTheCandidates() {
        var state = Fixture.state()
        state.press(":", "s", "e", "l", "Tab")
        #expect(state.mode == .command(text: "select", caret: 6))
        #expect(state.status == "select  select-child  select-next  select-parent  select-previous")
        state.press("-", "n", "Tab")
        #expect(state.mode == .command(text: "select-next ", caret: 12))
    }

    @Test(arguments: [
        ("set po", "set position "),
        ("set anch", "set anchorPoint"),  // anchorPoint, anchorPointZ
        ("get eff", "get effectiveTransform "),
        ("set eff", "set eff"),  // read-only: not offered after set
        ("toggle ma", "toggle masksToBounds "),
        ("select ba", "select ba"),  // back, badge
        ("select bac", "select back "),
        ("convert point 1 2 from ca", "convert point 1 2 from card "),
        ("convert point 1 2 from card to scr", "convert point 1 2 from card to screen "),
        ("zzz", "zzz")
    ])
    func tabCompletesPropertiesAndLayerNames(typed: String, completed: String) {
        var state = Fixture.state()
        state.press(":")
        state.type(typed)
        state.press("Tab")
        #expect(state.mode == .command(text: completed, caret: completed.count))
    }

    @Test func tabKeepsTheTextAfterTheCaret() {
        var state = Fixture.state()
        state.press(":")
        state.type("sel card")
        for _ in 0..<5 { state.press("Left") }
        state.press("Tab")
        #expect(state.mode == .command(text: "select card", caret: 6))
    }

    @Test func completionListsNamesForAmbiguousLayers() {
        let result = Completion.complete("select ba", session: Fixture.state().session)
        #expect(result == Completion.Result(completion: "select ba", candidates: ["back", "badge"]))
    }

    /// Layers "minute hand", "minute marks" and "hour hand", as in a clock someone named
    /// in plain words.
    static func spacedNames() throws -> Session {
        var tree = LayerTree()
        for name in ["minute hand", "minute marks", "hour hand"] { _ = try tree.add(Layer(name: name)) }
        return Session(scene: Scene(title: "clock", screen: Size(width: 100, height: 100), tree: tree))
    }

    @Test func completingANameWithASpaceQuotesItSoTheLineParses() throws {
        let session = try Self.spacedNames()
        // Unique: the whole name, quoted, then a space.
        let hour = Completion.complete("select ho", session: session)
        #expect(hour.completion == "select \"hour hand\" ")
        #expect(try CommandParser.parse(#require(hour.completion)) == .engine(.select("hour hand")))
        // Ambiguous past the space: the quote stays open on the common prefix…
        let minute = Completion.complete("select min", session: session)
        #expect(minute == Completion.Result(completion: "select \"minute ", candidates: ["minute hand", "minute marks"]))
        // …and typing on inside the quote completes the rest and closes it.
        let hand = Completion.complete("select \"minute h", session: session)
        #expect(hand.completion == "select \"minute hand\" ")
        #expect(try CommandParser.parse(#require(hand.completion)) == .engine(.select("minute hand")))
        // A plain name is not quoted.
        let plain = Completion.complete("select ba", session: Fixture.state().session)
        #expect(plain.completion == "select ba")
        #expect(Completion.complete("select bac", session: Fixture.state().session).completion == "select back ")
    }

    @Test func completionOffersModesAndPanels() {
        let session = Fixture.state().session
        #expect(Completion.complete("mode an", session: session).completion == "mode anchor ")
        #expect(Completion.complete("panel f", session: session).completion == "panel formula ")
        #expect(Completion.complete("anchor-behaviour k", session: session).completion == "anchor-behaviour keep-frame ")
    }

    /// The verbs Tab offers are exactly the declared ones, and each argument completes by the
    /// kind its declaration gives it.
    @Test func completionOffersExactlyTheDeclaredVerbsAndArgumentKinds() {
        let session = Fixture.state().session
        #expect(Completion.complete("", session: session).candidates == CommandTable.verbs.sorted())
        for verb in CommandTable.verbs {
            #expect(Completion.complete(verb, session: session).candidates.contains(verb), "\(verb)")
        }
        #expect(Completion.complete("export ", session: session).candidates == ["svg", "swift"])
        #expect(Completion.complete("toggle m", session: session).completion == "toggle masksToBounds ")
        #expect(Completion.complete("order t", session: session).completion == "order tree ")
        #expect(Completion.complete("show p", session: session).completion == "show panel ")
        #expect(Completion.complete("legend o", session: session).candidates == ["off", "on"])
        // Numbers have nothing to complete; `add NAME` is a new name.
        #expect(Completion.complete("move ", session: session).candidates.isEmpty)
        #expect(Completion.complete("add ba", session: session).candidates.isEmpty)
        // After `add x in`, a parent: a layer name; after `convert … from`, a layer or screen.
        #expect(Completion.complete("add x in bac", session: session).completion == "add x in back ")
        #expect(Completion.complete("convert point 1 2 from scr", session: session).completion == "convert point 1 2 from screen ")
        // A value completes by its property's kind.
        #expect(Completion.complete("set hidden t", session: session).completion == "set hidden true ")
        #expect(Completion.complete("set kind ", session: session).candidates == ["layer", "view"])
        #expect(Completion.complete("set layer.backgroundColor rebeccap", session: session).completion == "set layer.backgroundColor rebeccapurple ")
        #expect(Completion.complete("set transform tr", session: session).completion == "set transform translate ")
        #expect(Completion.complete("set position ", session: session).candidates.isEmpty)
    }

    @Test func fileArgumentsCompleteFromTheDirectory() {
        let session = Fixture.state().session
        let listing: (String) -> [String] = { dir in
            switch dir {
            case "": return ["clock.json", "clocks/", "notes.txt"]
            case "clocks/": return ["big clock.json"]
            default: return []
            }
        }
        #expect(Completion.complete("load clo", session: session, files: listing).candidates == ["clock.json", "clocks/"])
        #expect(Completion.complete("w no", session: session, files: listing).completion == "w notes.txt ")
        // A directory keeps going; a name with a space is quoted.
        #expect(Completion.complete("load clocks", session: session, files: listing).completion == "load clocks/")
        #expect(Completion.complete("load clocks/b", session: session, files: listing).completion == "load \"clocks/big clock.json\" ")
        #expect(Completion.complete("export svg clock.", session: session, files: listing).completion == "export svg clock.json ")
    }

    /// The core reads no file system (issue 31): Tab on a file argument asks the runtime for
    /// the listing, and the listing, reduced, completes the line as it stands.
    @Test func tabOnAFileAsksForTheListingAndItsAnswerCompletes() {
        var state = Fixture.state()
        state.press(":")
        state.type("load clocks/b")
        #expect(state.press("Tab") == .listDirectory("clocks/"))
        #expect(state.mode == .command(text: "load clocks/b", caret: 13))
        _ = Reducer.reduce(&state, .directoryListed("clocks/", entries: ["big clock.json", "aside.json"]))
        #expect(state.mode == .command(text: "load \"clocks/big clock.json\" ", caret: 29))
        // A listing of another directory (the line moved on) completes nothing.
        _ = Reducer.reduce(&state, .directoryListed("elsewhere/", entries: ["big clock.json"]))
        #expect(state.mode == .command(text: "load \"clocks/big clock.json\" ", caret: 29))
        // A command word needs no listing: Tab completes at once.
        var other = Fixture.state()
        other.press(":")
        other.type("sel")
        #expect(other.press("Tab") == .none)
        #expect(other.mode == .command(text: "select", caret: 6))  // select, selected: their common prefix
    }

    /// The explorer's own commands never reach the engine, but they are the last command:
    /// the previous edit's warning goes, as it did when they passed through it.
    @Test func anExplorerCommandClearsTheLastEditsWarning() throws {
        var state = Fixture.state()
        for text in ["rotate 30", "set frame 0 0 10 10"] { _ = Reducer.perform(&state, try CommandParser.parse(text), echo: nil) }
        #expect(state.session.warning != nil)
        _ = Reducer.perform(&state, try CommandParser.parse("zoom 2"), echo: nil)
        #expect(state.session.warning == nil)
        #expect(!state.statusIsError)
    }

    @Test func colonWSavesToTheSessionsFileOrSaysThereIsNone() {
        var state = Fixture.state()
        state.press(":", "w")
        #expect(state.press("Enter") == .none)
        #expect(state.statusIsError)
        #expect(state.status == "no file name: use :save FILE")
        var named = Fixture.state(filePath: "/tmp/a.json")
        named.press(":", "w")
        #expect(named.press("Enter") == .save(path: "/tmp/a.json"))
        named.press(":")
        named.type("w /tmp/b.yaml")
        #expect(named.press("Enter") == .save(path: "/tmp/b.yaml"))
    }
}
