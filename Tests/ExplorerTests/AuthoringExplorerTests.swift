@testable import Explorer
import Scenes
import CommandLanguage
import Engine
import Geometry
import LayoutFiles
import Testing

/// Authoring in the explorer (issue 32): a scene built from nothing grows visibly — after
/// each edit to an empty or fitted scene what is drawn is on the canvas — while a view
/// steered by hand stays where it was put.
@Suite struct AuthoringExplorerTests {
    static func run(_ state: inout ExplorerState, _ line: String) throws {
        for c in try CommandParser.parseLine(line) { _ = Reducer.reduce(&state, .command(c)) }
        #expect(!state.statusIsError, "\(line): \(state.status)")
    }

    /// Whether the screen point lands on a cell of the canvas.
    static func onCanvas(_ p: Point, _ state: ExplorerState) -> Bool {
        let (c, r) = state.viewport.cellCoordinates(of: p)
        return c >= 0 && r >= 0 && c <= Double(state.layout.canvas.columns) && r <= Double(state.layout.canvas.rows)
    }

    @Test func aCardMadeFromNothingIsOnTheCanvasAfterEachEdit() throws {
        var state = ExplorerState(session: Session(scene: Scene(), filePath: "card-demo.json"))
        try Self.run(&state, "add card view; set bounds 0 0 200 120")
        // Centred on (0, 0): x −100…100, y −60…60 — outside the empty scene's 320×240.
        for p in [Point(-100, -60), Point(100, 60)] { #expect(Self.onCanvas(p, state), "\(p)") }
        try Self.run(&state, "set position 195 422")
        for p in [Point(95, 362), Point(295, 482)] { #expect(Self.onCanvas(p, state), "\(p)") }
        // The phone's screen: the view takes it all in.
        try Self.run(&state, "set screen 390 844")
        for p in [Point(0, 0), Point(390, 844), Point(95, 362)] { #expect(Self.onCanvas(p, state), "\(p)") }
        #expect(Framing.isFitted(state.view))
        // A turn inside the screen does not move the camera.
        let fitted = state.viewport
        try Self.run(&state, "rotate 30")
        #expect(state.viewport == fitted)
        // The rendered canvas shows the card's name.
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true))
        #expect(screen.canvas.text.contains("card"))
    }

    @Test func aViewZoomedByHandIsLeftAloneWhileEditing() throws {
        var state = ExplorerState(session: Session(scene: Scene(), filePath: "card-demo.json"))
        try Self.run(&state, "add card view; set bounds 0 0 200 120; set position 195 422")
        try Self.run(&state, "zoom 2")
        let zoomed = state.viewport
        try Self.run(&state, "move 1000 0")
        #expect(state.viewport == zoomed)
        // `0` fits the scene as it is now.
        try Self.run(&state, "fit")
        #expect(Self.onCanvas(Point(1295, 482), state))
    }

    @Test func theStepAddedIsShownAndUndoTakesItBack() throws {
        var state = ExplorerState(session: Session(scene: Scene(), filePath: "card-demo.json"))
        try Self.run(&state, "add card view; set bounds 0 0 200 120; set position 195 422; step add \"The card\"")
        #expect(state.session.currentStep == 1)
        let screen = ExplorerScreen.render(state, options: ScreenOptions(mode: .braille, unicode: true))
        #expect(screen.canvas.text.contains("1/1 · The card"))
        #expect(state.session.isDirty)
        state.press("u")
        #expect(state.session.stepCount == 0)
        #expect(state.session.tree.count == 1)
        // p and n play the steps made here.
        state.press("C-r")
        state.press("p")
        #expect(state.session.currentStep == 0 && state.session.tree.isEmpty)
        state.press("n")
        #expect(state.session.currentStep == 1 && state.session.tree.count == 1)
    }
}
