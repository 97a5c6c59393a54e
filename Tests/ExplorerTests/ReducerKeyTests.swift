@testable import Explorer
import ExplorerTestSupport
import Scenes
import Cells
import Geometry
import Raster
import TestSupport
import Testing
import LayerModel
import LayoutFiles
import Engine

/// sin 15°, cos 15° (bc: s(pi/12), c(pi/12)).
let sin15 = 0.25881904510252074
let cos15 = 0.9659258262890683

/// A matrix with only the given upper-left 3 × 3 entries changed from the identity.
func linear(
    _ m11: Double, _ m12: Double, _ m13: Double,
    _ m21: Double, _ m22: Double, _ m23: Double,
    _ m31: Double, _ m32: Double, _ m33: Double
) -> Transform3D {
    Transform3D(
        m11: m11, m12: m12, m13: m13, m14: 0,
        m21: m21, m22: m22, m23: m23, m24: 0,
        m31: m31, m32: m32, m33: m33, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

func expectMatrix(_ actual: Transform3D, _ expected: Transform3D, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(actual.isApproximatelyEqual(to: expected, tolerance: 1e-12), "\(actual) is not \(expected)", sourceLocation: sourceLocation)
}

@Suite struct ReducerMoveKeyTests {
    /// The card sits at (200, 150); one step is 1 point, a capital or Shift+arrow is 10.
    @Test(arguments: [
        ("l", Point(201, 150), "move 1 0"), ("Right", Point(201, 150), "move 1 0"),
        ("h", Point(199, 150), "move -1 0"), ("Left", Point(199, 150), "move -1 0"),
        ("k", Point(200, 149), "move 0 -1"), ("Up", Point(200, 149), "move 0 -1"),
        ("j", Point(200, 151), "move 0 1"), ("Down", Point(200, 151), "move 0 1"),
        ("L", Point(210, 150), "move 10 0"), ("S-Right", Point(210, 150), "move 10 0"),
        ("H", Point(190, 150), "move -10 0"), ("S-Left", Point(190, 150), "move -10 0"),
        ("K", Point(200, 140), "move 0 -10"), ("S-Up", Point(200, 140), "move 0 -10"),
        ("J", Point(200, 160), "move 0 10"), ("S-Down", Point(200, 160), "move 0 10")
    ])
    func movingKeysMovePositionAndEchoTheCommand(key: String, position: Point, spelling: String) {
        var state = Fixture.state()
        var expected = state.layer("card")
        expected.position = position
        #expect(state.press(key) == .none)
        #expect(state.layer("card") == expected)
        #expect(state.echo == "\(key) → \(spelling)")
        // The frame moves with position: (150, 120) + the step.
        let f = expected.frame
        #expect(f == Rect(position.x - 50, position.y - 30, 100, 60))
        #expect(state.status == "frame (\(Int(f.origin.x)), \(Int(f.origin.y)), 100, 60)")
        #expect(!state.statusIsError)
        #expect(state.session.isDirty)
    }
}

@Suite struct ReducerTransformKeyTests {
    @Test func rRotates15DegreesClockwiseAboutTheAnchor() {
        var state = Fixture.state()
        state.press("r")
        let card = state.layer("card")
        // CATransform3DMakeRotation(15°, 0, 0, 1): m12 = +sin 15°.
        expectMatrix(card.transform, linear(cos15, sin15, 0, -sin15, cos15, 0, 0, 0, 1))
        #expect(card.position == Point(200, 150))
        // The frame is the box around the turned 100 × 60 rect, centred on the anchor:
        // w = 100 cos15 + 60 sin15 = 112.122, h = 100 sin15 + 60 cos15 = 83.837.
        expectApproximatelyEqual(card.frame, Rect(143.93913733247098, 108.08127295620191, 112.12172533505807, 83.83745408759617))
        #expect(state.echo == "r → rotate 15")
        #expect(state.status == "frame (143.939, 108.081, 112.122, 83.837)")
    }

    @Test(arguments: [
        ("R", "rotate -15", linear(cos15, -sin15, 0, sin15, cos15, 0, 0, 0, 1)),
        ("M-r", "rotate 1", linear(0.9998476951563913, 0.01745240643728351, 0, -0.01745240643728351, 0.9998476951563913, 0, 0, 0, 1)),
        ("M-R", "rotate -1", linear(0.9998476951563913, -0.01745240643728351, 0, 0.01745240643728351, 0.9998476951563913, 0, 0, 0, 1)),
        // About x: y' = y cos + … and z picks up y sin (m23 = +sin).
        ("x", "rotate 15 x", linear(1, 0, 0, 0, cos15, sin15, 0, -sin15, cos15)),
        ("X", "rotate -15 x", linear(1, 0, 0, 0, cos15, -sin15, 0, sin15, cos15)),
        // About y: m13 = −sin, m31 = +sin.
        ("y", "rotate 15 y", linear(cos15, 0, -sin15, 0, 1, 0, sin15, 0, cos15)),
        ("Y", "rotate -15 y", linear(cos15, 0, sin15, 0, 1, 0, -sin15, 0, cos15)),
        ("s", "scale 1.25", linear(1.25, 0, 0, 0, 1.25, 0, 0, 0, 1)),
        ("S", "scale 0.8", linear(0.8, 0, 0, 0, 0.8, 0, 0, 0, 1))
    ])
    func transformKeysConcatenateTheirStep(key: String, spelling: String, matrix: Transform3D) {
        var state = Fixture.state()
        state.press(key)
        expectMatrix(state.layer("card").transform, matrix)
        #expect(state.layer("card").position == Point(200, 150))
        #expect(state.echo == "\(key) → \(spelling)")
    }

    @Test func scaleKeysGrowAndShrinkTheFrameAboutTheAnchor() {
        var state = Fixture.state()
        state.press("s")
        // 125 × 75 about (200, 150).
        #expect(state.layer("card").frame == Rect(137.5, 112.5, 125, 75))
        #expect(state.status == "frame (137.5, 112.5, 125, 75)")
        var shrunk = Fixture.state()
        shrunk.press("S")
        // 80 × 48 about (200, 150).
        expectApproximatelyEqual(shrunk.layer("card").frame, Rect(160, 126, 80, 48))
    }

    @Test func rotationsAboutXAndYForeshortenTheFrame() {
        var state = Fixture.state()
        state.press("x")
        // Height 60 cos15 = 57.956 about y = 150; no perspective, so the width stays.
        expectApproximatelyEqual(state.layer("card").frame, Rect(150, 121.02222521132795, 100, 57.9555495773441))
        var turned = Fixture.state()
        turned.press("y")
        expectApproximatelyEqual(turned.layer("card").frame, Rect(151.7037086855466, 120, 96.59258262890683, 60))
    }

    @Test func rotationsComposeInTheOrderPressed() {
        // s then r: scale first, then rotate (Concat(S, R)); both about the anchor.
        var state = Fixture.state()
        state.press("s", "r")
        expectMatrix(state.layer("card").transform, linear(1.25 * cos15, 1.25 * sin15, 0, -1.25 * sin15, 1.25 * cos15, 0, 0, 0, 1))
        // Six presses of r make 90°: m11 ≈ 0, m12 ≈ 1.
        var quarter = Fixture.state()
        for _ in 0..<6 { quarter.press("r") }
        expectMatrix(quarter.layer("card").transform, linear(0, 1, 0, -1, 0, 0, 0, 0, 1))
    }

    @Test func equalsResetsTheTransformOnly() throws {
        var state = Fixture.state()
        state.press("r", "s", "l")
        state.press("=")
        var expected = Fixture.state().layer("card")
        expected.position = Point(201, 150)
        #expect(state.layer("card") == expected)
        #expect(state.echo == "= → reset")
        #expect(state.status == "frame (151, 120, 100, 60)")
    }

    @Test func bracketsLiftAndLowerZPositionWithoutMovingTheFrame() {
        var state = Fixture.state()
        state.press("]", "]")
        #expect(state.layer("card").zPosition == 2)
        #expect(state.echo == "] → lift 1")
        state.press("[", "[", "[")
        #expect(state.layer("card").zPosition == -1)
        #expect(state.echo == "[ → lift -1")
        #expect(state.layer("card").frame == Rect(150, 120, 100, 60))
    }

    @Test(arguments: [
        ("v", "toggle hidden"), ("m", "toggle masksToBounds"), ("g", "toggle geometryFlipped")
    ])
    func toggleKeysFlipTheirPropertyAndBack(key: String, spelling: String) {
        func set(_ layer: inout Layer, _ on: Bool) {
            switch key {
            case "v": layer.isHidden = on
            case "m": layer.masksToBounds = on
            default: layer.isGeometryFlipped = on
            }
        }
        var state = Fixture.state()
        var expected = state.layer("card")
        set(&expected, true)
        state.press(key)
        #expect(state.layer("card") == expected)
        #expect(state.echo == "\(key) → \(spelling)")
        state.press(key)
        set(&expected, false)
        #expect(state.layer("card") == expected)
    }

    @Test func editKeysWithNothingSelectedSayWhyAndChangeNothing() {
        var state = Fixture.state()
        state.session.selection = nil
        let before = state.session
        state.press("r")
        #expect(state.session == before)
        #expect(state.statusIsError)
        #expect(state.status == "rotate 15: nothing is selected; select a layer first: select NAME")
    }
}

@Suite struct ReducerUndoTests {
    /// Every editing key is undone by `u` and redone by `C-r`, whole scene compared.
    @Test(arguments: [
        "r", "R", "M-r", "M-R", "x", "X", "y", "Y", "s", "S",
        "l", "h", "j", "k", "L", "H", "J", "K", "Left", "Right", "Up", "Down",
        "S-Left", "S-Right", "S-Up", "S-Down", "]", "[", "v", "m", "g", "="
    ])
    func uUndoesAndCtrlRRedoesEachEditKey(key: String) {
        var state = Fixture.state()
        state.press("r")  // so that `=` has something to reset
        let before = state.session.scene
        state.press(key)
        let after = state.session.scene
        #expect(after != before, "\(key) changed nothing")
        state.press("u")
        #expect(state.session.scene == before)
        #expect(state.echo == "u → undo")
        #expect(!state.statusIsError)
        state.press("C-r")
        #expect(state.session.scene == after)
        #expect(state.echo == "C-r → redo")
    }

    @Test func anchorEditsUndoInAnchorMode() {
        var state = Fixture.state()
        let before = state.session.scene
        state.press("a", "Right", "Right")
        #expect(state.layer("card").anchorPoint == Point(0.6, 0.5))
        state.press("u")
        #expect(state.layer("card").anchorPoint == Point(0.55, 0.5))
        state.press("u")
        #expect(state.session.scene == before)
        #expect(state.mode == .anchor)
        state.press("C-r", "C-r")
        #expect(state.layer("card").anchorPoint == Point(0.6, 0.5))
    }

    @Test func undoWithNothingToUndoIsAnErrorThatChangesNothing() {
        var state = Fixture.state()
        let before = state.session
        state.press("u")
        #expect(state.session == before)
        #expect(state.statusIsError)
        #expect(state.status == "undo: nothing to undo")
        state.press("C-r")
        #expect(state.status == "redo: nothing to redo")
    }

    @Test func undoRestoresTheSelectionOfTheEdit() {
        var state = Fixture.state()
        state.press("l", "Tab", "Tab")  // moved card, now on back
        #expect(state.selectedName == "back")
        state.press("u")
        #expect(state.selectedName == "card")
        #expect(state.layer("card").position == Point(200, 150))
    }

    @Test func aNewEditClearsRedo() {
        var state = Fixture.state()
        state.press("l", "u", "k", "C-r")
        #expect(state.layer("card").position == Point(200, 149))
        #expect(state.status == "redo: nothing to redo")
    }
}

@Suite struct ReducerAnchorTests {
    @Test func aEntersAnchorModeAndSaysHow() {
        var state = Fixture.state()
        state.press("a")
        #expect(state.mode == .anchor)
        #expect(state.echo == "a → mode anchor")
        #expect(state.status == "anchor mode (core-animation): arrows move the anchorPoint, f switches behaviour, Esc leaves")
        state.press("a")
        #expect(state.mode == .normal)
        state.press("a", "Esc")
        #expect(state.mode == .normal)
        #expect(state.status == "")
    }

    /// anchorPoint x 0.5 → 0.55 the Core Animation way: position (200, 150) stays, so the
    /// frame's origin x = 200 − 0.55 · 100 = 145 (it jumps −5).
    @Test func rightInAnchorModeMovesTheAnchorAndTheFrameJumps() {
        var state = Fixture.state()
        state.press("a", "Right")
        var expected = Fixture.state().layer("card")
        expected.anchorPoint = Point(0.55, 0.5)
        #expect(state.layer("card") == expected)
        #expect(state.layer("card").frame == Rect(145, 120, 100, 60))
        #expect(state.echo == "Right → anchor 0.55 0.5")
        #expect(state.status == "anchor → (0.55, 0.5): frame moved by (-5, 0), position by (0, 0)")
    }

    @Test(arguments: [
        // key, anchorPoint, frame origin (position stays at (200, 150))
        ("l", Point(0.55, 0.5), Point(145, 120)),
        ("h", Point(0.45, 0.5), Point(155, 120)),
        ("Left", Point(0.45, 0.5), Point(155, 120)),
        ("k", Point(0.5, 0.45), Point(150, 123)),
        ("Up", Point(0.5, 0.45), Point(150, 123)),
        ("j", Point(0.5, 0.55), Point(150, 117)),
        ("Down", Point(0.5, 0.55), Point(150, 117)),
        ("L", Point(1, 0.5), Point(100, 120)),
        ("S-Right", Point(1, 0.5), Point(100, 120)),
        ("H", Point(0, 0.5), Point(200, 120)),
        ("K", Point(0.5, 0), Point(150, 150)),
        ("J", Point(0.5, 1), Point(150, 90))
    ])
    func anchorArrowsStepByAFiftiethOrAHalf(key: String, anchor: Point, frameOrigin: Point) {
        var state = Fixture.state()
        state.press("a", key)
        let card = state.layer("card")
        #expect(card.anchorPoint == anchor)
        #expect(card.position == Point(200, 150))
        expectApproximatelyEqual(card.frame, Rect(origin: frameOrigin, size: Size(100, 60)))
    }

    @Test func repeatedAnchorStepsLandOnRoundNumbers() {
        var state = Fixture.state()
        state.press("a", "l", "l", "l")
        // 0.5 + 3 · 0.05 in floating point is 0.6500000000000001; the key snaps to 0.65.
        #expect(state.layer("card").anchorPoint == Point(0.65, 0.5))
        #expect(state.echo == "l → anchor 0.65 0.5")
        state.press("H", "H")
        #expect(state.layer("card").anchorPoint == Point(-0.35, 0.5))  // not clamped (R2)
    }

    @Test func fTogglesKeepFrameAndAnchorArrowsThenKeepTheFrame() {
        var state = Fixture.state()
        state.press("f")
        #expect(state.anchorBehaviour == .keepFrame)
        #expect(state.status == "anchor behaviour: keep-frame — position compensates, the frame stays")
        #expect(state.echo == "f → anchor-behaviour keep-frame")
        state.press("a", "Right")
        var expected = Fixture.state().layer("card")
        expected.anchorPoint = Point(0.55, 0.5)
        expected.position = Point(205, 150)
        #expect(state.layer("card") == expected)
        #expect(state.layer("card").frame == Rect(150, 120, 100, 60))
        #expect(state.echo == "Right → anchor 0.55 0.5 keep-frame")
        #expect(state.status == "anchor → (0.55, 0.5): frame moved by (0, 0), position by (5, 0)")
        // f works inside anchor mode too, and switches back.
        state.press("f", "Right")
        #expect(state.anchorBehaviour == .coreAnimation)
        #expect(state.layer("card").position == Point(205, 150))
        #expect(state.layer("card").frame == Rect(145, 120, 100, 60))
    }

    /// Under a 90° rotation the bounds' x axis points down the screen: moving the anchor
    /// +0.05 · 100 = 5 points along bounds x moves position (0, +5) with keep-frame.
    /// The turned 100 × 60 card's frame is (170, 100, 60, 100) before and after.
    @Test func keepFrameUnderRotationCompensatesAlongTheTurnedAxis() {
        var state = Fixture.state()
        _ = Reducer.reduce(&state, .command(.engine(.edit(.layer(.rotate(AngleLiteral(90), nil))))))
        expectApproximatelyEqual(state.layer("card").frame, Rect(170, 100, 60, 100))
        state.press("f", "a", "Right")
        expectApproximatelyEqual(state.layer("card").position, Point(200, 155))
        expectApproximatelyEqual(state.layer("card").frame, Rect(170, 100, 60, 100))
        // The Core Animation way instead: the frame moves up 5.
        var jump = Fixture.state()
        _ = Reducer.reduce(&jump, .command(.engine(.edit(.layer(.rotate(AngleLiteral(90), nil))))))
        jump.press("a", "Right")
        #expect(jump.layer("card").position == Point(200, 150))
        expectApproximatelyEqual(jump.layer("card").frame, Rect(170, 95, 60, 100))
    }

    @Test func anchorArrowWithNothingSelectedIsAnError() {
        var state = Fixture.state()
        state.session.selection = nil
        let before = state.session
        state.press("a", "Right")
        #expect(state.session == before)
        #expect(state.statusIsError)
    }
}

@Suite struct ReducerViewKeyTests {
    @Test func oAndOSwitchTheHitTestOrder() {
        var state = Fixture.state()
        #expect(state.session.hitTestOrder == .zPosition)
        state.press("o")
        #expect(state.session.hitTestOrder == .tree)
        #expect(state.echo == "o → order tree")
        state.press("O")
        #expect(state.session.hitTestOrder == .zPosition)
        #expect(state.echo == "O → order zPosition")
        #expect(!state.session.isDirty)
    }

    /// Fitted: 5 points per column, 10 per row, origin (0, 0): the selected card's centre
    /// (200, 150) is at cell (40, 15). Zoom keeps the selection where it is (issue 32: it
    /// zoomed about the canvas's centre, and a selection away from it left the canvas).
    @Test func plusMinusAndZeroZoomAboutTheSelectionAndFit() {
        var state = Fixture.state()
        #expect(state.viewport.pointsPerColumn == 5)
        #expect(state.viewport.origin == Point(0, 0))
        #expect(state.selectedName == "card")
        state.press("+")
        #expect(state.view.zoom == 1.25)
        #expect(state.viewport.pointsPerColumn == 4)
        #expect(state.viewport.cellCoordinates(of: Point(200, 150)) == (column: 40, row: 15))
        #expect(state.echo == "+ → zoom 1.25")
        state.press("+")
        #expect(state.view.zoom == 1.5625)
        #expect(state.viewport.pointsPerColumn == 3.2)
        state.press("0")
        // Zoom and pan reset; the camera is fitted to the scene's screen (400 × 210).
        #expect(state.view.zoom == 1 && state.view.panColumns == 0 && state.view.panRows == 0)
        #expect(state.view.fitted == Rect(0, 0, 400, 210))
        #expect(state.echo == "0 → fit")
        state.press("-")
        #expect(state.view.zoom == 0.8)
        #expect(state.viewport.pointsPerColumn == 6.25)
        #expect(state.echo == "- → zoom 0.8")
        #expect(!state.session.isDirty)
    }

    @Test func zoomStopsAt4096TimesAndAOneSixtyFourth() {
        var state = Fixture.state()
        for _ in 0..<60 { state.press("+") }
        #expect(state.view.zoom == 4096)
        for _ in 0..<120 { state.press("-") }
        #expect(state.view.zoom == 1.0 / 64)
    }

    @Test func tabAndShiftTabWalkTheTreeOrderAndWrap() {
        var state = Fixture.state()
        #expect(state.selectedName == "card")
        state.press("Tab")
        #expect(state.selectedName == "badge")
        #expect(state.echo == "Tab → select-next")
        state.press("Tab")
        #expect(state.selectedName == "back")
        state.press("Tab")
        #expect(state.selectedName == "card")
        state.press("S-Tab")
        #expect(state.selectedName == "back")
        #expect(state.echo == "S-Tab → select-previous")
        #expect(!state.session.isDirty)
    }

    @Test func shiftPSelectsTheSuperlayerAndStaysOnATopLevelLayer() {
        var state = Fixture.state()
        state.press("Tab", "P")
        #expect(state.selectedName == "card")
        #expect(state.echo == "P → select-parent")
        state.press("P")
        #expect(state.selectedName == "card")
    }

    @Test func treeModeWalksWithJKAndArrows() {
        var state = Fixture.state()
        state.press("t")
        #expect(state.mode == .tree)
        #expect(state.echo == "t → mode tree")
        state.press("j")
        #expect(state.selectedName == "badge")
        #expect(state.echo == "j → select-next")
        state.press("j")
        #expect(state.selectedName == "back")
        state.press("k")
        #expect(state.selectedName == "badge")
        #expect(state.echo == "k → select-previous")
        state.press("Down", "Down")
        #expect(state.selectedName == "card")
        state.press("Up")
        #expect(state.selectedName == "back")
        // Nothing moved: j/k walk the tree here instead of moving position.
        #expect(state.session.scene == Fixture.scene())
        // Editing keys still work in tree mode.
        state.press("r")
        expectMatrix(state.layer("back").transform, linear(cos15, sin15, 0, -sin15, cos15, 0, 0, 0, 1))
        state.press("Esc")
        #expect(state.mode == .normal)
    }

    @Test func tLeavesTreeModeAsAAndCLeaveTheirs() {
        var state = Fixture.state()
        state.press("t", "t")
        #expect(state.mode == .normal)
        #expect(!state.statusIsError)
    }
}

@Suite struct ReducerCursorTests {
    /// `c` puts the crosshair at the centre of the visible screen, (200, 105): column
    /// 200 / 5 = 40, row 105 / 10 = 10.5, so cell (40, 10).
    @Test func cEntersCursorModeAtTheCentre() {
        var state = Fixture.state()
        state.press("c")
        #expect(state.mode == .cursor)
        #expect(state.cursor == Point(200, 105))
        #expect(state.echo == "c → mode cursor")
        #expect(state.status == "cursor: arrows move the crosshair, Enter selects the hit layer, Esc leaves")
        #expect(state.viewport.cell(containing: Point(200, 105)) == CellPosition(column: 40, row: 10))
    }

    /// Arrows move one cell (5 × 10 points) and land on cell centres: cell (41, 10)'s
    /// centre is (41.5 · 5, 10.5 · 10) = (207.5, 105).
    @Test(arguments: [
        ("l", Point(207.5, 105), CellPosition(column: 41, row: 10)),
        ("Right", Point(207.5, 105), CellPosition(column: 41, row: 10)),
        ("h", Point(197.5, 105), CellPosition(column: 39, row: 10)),
        ("Left", Point(197.5, 105), CellPosition(column: 39, row: 10)),
        ("j", Point(202.5, 115), CellPosition(column: 40, row: 11)),
        ("Down", Point(202.5, 115), CellPosition(column: 40, row: 11)),
        ("k", Point(202.5, 95), CellPosition(column: 40, row: 9)),
        ("Up", Point(202.5, 95), CellPosition(column: 40, row: 9)),
        ("L", Point(252.5, 105), CellPosition(column: 50, row: 10)),
        ("S-Right", Point(252.5, 105), CellPosition(column: 50, row: 10)),
        ("H", Point(152.5, 105), CellPosition(column: 30, row: 10)),
        ("J", Point(202.5, 205), CellPosition(column: 40, row: 20)),
        ("K", Point(202.5, 5), CellPosition(column: 40, row: 0))
    ])
    func cursorArrowsMoveTheCrosshairByCells(key: String, point: Point, cell: CellPosition) {
        var state = Fixture.state()
        state.press("c", key)
        #expect(state.cursor == point)
        #expect(state.viewport.cell(containing: point) == cell)
        // The scene is untouched.
        #expect(state.session.scene == Fixture.scene())
        #expect(state.echo.hasPrefix("\(key) → cursor-move "))
    }

    @Test func cursorOverTheCardHitsIt() throws {
        var state = Fixture.state()
        state.press("c", "j", "j")
        // (202.5, 125) is inside card's frame (150…250, 120…180), outside badge's.
        #expect(state.cursor == Point(202.5, 125))
        let report = CursorReport(state: state, point: try #require(state.cursor))
        #expect(report.hit == state.session.tree.id(named: "card"))
        #expect(report.chain.map(\.name) == ["screen", "card"])
        expectApproximatelyEqual(report.chain[1].point, Point(52.5, 5))
    }

    @Test func cAgainOrEscLeavesCursorModeAndKeepsTheCrosshair() {
        var state = Fixture.state()
        state.press("c", "l", "c")
        #expect(state.mode == .normal)
        #expect(state.cursor == Point(207.5, 105))
        state.press("c")
        #expect(state.cursor == Point(207.5, 105))
        state.press("Esc")
        #expect(state.mode == .normal)
    }
}

@Suite struct ReducerQuitTests {
    @Test func qQuitsAtOnceWithoutEdits() {
        var state = Fixture.state()
        #expect(state.press("q") == .quit)
    }

    @Test func qWithEditsAsksAndYSavesToTheFile() {
        var state = Fixture.state(filePath: "/tmp/scene.json")
        state.press("l")
        #expect(state.press("q") == .none)
        #expect(state.mode == .confirmQuit)
        #expect(state.statusIsError)
        #expect(state.status == "unsaved edits — save before quitting? y: save and quit · s: save as… · n: quit without saving · Esc: stay")
        #expect(state.press("y") == .save(path: "/tmp/scene.json"))
        // The run loop reports the save; then the app quits.
        #expect(Reducer.reduce(&state, .saved(path: "/tmp/scene.json")) == .quit)
        #expect(!state.session.isDirty)
    }

    @Test func yWithNoFileToSaveToOffersSaveAsAndQuitsOnceSaved() {
        // Issue 32: a scene with no file of its own (a dump, a pipe) is offered "save as".
        var state = Fixture.state()
        state.press("l", "q")
        // The fixture was not imported: a plain name.
        #expect(state.status.contains("s: save as scene.json… and quit"))
        #expect(state.press("y") == .none)
        #expect(state.mode == .command(text: "save scene.json", caret: 15))
        #expect(state.session.isDirty)
        // Enter asks the run loop to save there; once saved, the explorer quits.
        #expect(state.press("Enter") == .save(path: "scene.json"))
        #expect(Reducer.reduce(&state, .saved(path: "scene.json")) == .quit)
    }

    @Test func theSuggestedNameIsTheDumpsFileName() {
        var state = Fixture.state()
        state.session = Session(scene: Scene(title: "Sample dump.txt (recursiveDescription)"))
        #expect(Reducer.suggestedSaveName(state) == "Sample-dump.json")
        state.session = Session(scene: Scene(title: "<stdin> (po)"))
        #expect(Reducer.suggestedSaveName(state) == "imported.json")
        state.session = Session(scene: Scene(title: "LayerScope tour: anchor points, frames"))
        #expect(Reducer.suggestedSaveName(state) == "scene.json")
        state.session = Session(scene: Scene())
        #expect(Reducer.suggestedSaveName(state) == "scene.json")
    }

    @Test func saveAsFromTheQuitQuestionThenEscStaysAndALaterSaveDoesNotQuit() {
        var state = Fixture.state()
        state.press("l", "q", "s")
        #expect(state.quitAfterSave)
        state.press("Esc")
        state.press("l")
        #expect(!state.quitAfterSave)
        state.press(":")
        state.type("save other.json")
        #expect(state.press("Enter") == .save(path: "other.json"))
        #expect(Reducer.reduce(&state, .saved(path: "other.json")) == .none)
    }

    @Test func nQuitsWithoutSaving() {
        var state = Fixture.state(filePath: "/tmp/scene.json")
        state.press("l", "q")
        #expect(state.press("n") == .quit)
    }

    @Test func escStaysWithTheEditsIntact() {
        var state = Fixture.state()
        state.press("l", "q")
        let before = state.session
        #expect(state.press("Esc") == .none)
        #expect(state.mode == .normal)
        #expect(state.session == before)
        #expect(state.status == "quit cancelled")
    }

    @Test func aFailedSaveWhileQuittingStays() {
        var state = Fixture.state(filePath: "/tmp/scene.json")
        state.press("l", "q", "y")
        #expect(Reducer.reduce(&state, .saveFailed("disk full")) == .none)
        #expect(state.mode == .normal)
        #expect(state.session.isDirty)
        #expect(state.statusIsError)
        #expect(state.status == "save failed: disk full — nothing was lost")
    }

    /// Ctrl-C with no edits quits from every mode that is not a prompt.
    @Test(arguments: [[String](), ["a"], ["c"], ["t"]])
    func ctrlCQuitsWithoutEdits(setup: [String]) {
        var state = Fixture.state()
        for k in setup { state.press(k) }
        #expect(state.press("C-c") == .quit, "after \(setup)")
    }

    /// On the : line, in help and at the quit question, Ctrl-C cancels: nothing quits, the
    /// typed command is not run, and the edits are still there, unsaved.
    @Test(arguments: [[":"], [":", "m", "o"], ["?"], ["q"]])
    func ctrlCCancelsPromptsAndNeverLosesEdits(setup: [String]) {
        var state = Fixture.state()
        state.press("l")
        for k in setup { state.press(k) }
        #expect(state.press("C-c") == .none, "after \(setup)")
        #expect(state.mode == .normal)
        #expect(state.echo == "C-c → cancel")
        #expect(state.session.isDirty)
    }

    @Test func ctrlCWithUnsavedEditsAsksFirst() {
        var state = Fixture.state()
        state.press("l")
        #expect(state.press("C-c") == .none)
        #expect(state.mode == .confirmQuit)
        #expect(state.press("n") == .quit)
    }

    @Test func ctrlCClosesTheSwiftOutputFirst() {
        var state = Fixture.state()
        state.press("e")
        #expect(state.output != nil)
        #expect(state.press("C-c") == .none)
        #expect(state.output == nil)
        #expect(state.press("C-c") == .quit)
    }
}

@Suite struct ReducerOtherKeyTests {
    @Test(arguments: ["Q", "F5", "PageUp", "C-x", "Insert"])
    func anUnknownKeyChangesNothingAndSaysSo(key: String) {
        var state = Fixture.state()
        let before = state.session
        #expect(state.press(key) == .none)
        #expect(state.session == before)
        #expect(state.mode == .normal)
        #expect(state.statusIsError)
        #expect(state.status == "\(key) does nothing here — press ? for help")
        #expect(state.echo == key)
    }

    @Test func aKeyOutsideItsModesSaysSo() {
        var state = Fixture.state()
        state.press("t")
        let before = state.session
        state.press("h")
        #expect(state.session == before)
        #expect(state.mode == .tree)
        #expect(state.status == "h does nothing here — press ? for help")
    }

    /// Esc then x typed quickly arrives as Alt+x (`M-x`); when that is not a binding of its
    /// own, it must act as Esc followed by x.
    @Test func unboundAltKeyActsAsEscThenTheKey() {
        var state = Fixture.state()
        state.press("a", "M-l")
        // Esc left anchor mode, then l moved position (not the anchor).
        #expect(state.mode == .normal)
        #expect(state.layer("card").position == Point(201, 150))
        #expect(state.layer("card").anchorPoint == Point(0.5, 0.5))
        #expect(state.echo == "l → move 1 0")
    }

    @Test func boundAltKeyKeepsItsOwnMeaning() {
        var state = Fixture.state()
        state.press("M-r")
        expectMatrix(
            state.layer("card").transform,
            linear(0.9998476951563913, 0.01745240643728351, 0, -0.01745240643728351, 0.9998476951563913, 0, 0, 0, 1))
    }

    @Test func altKeyOnTheCommandLineClosesItThenActs() {
        var state = Fixture.state()
        state.press(":")
        state.type("mov")
        state.press("M-l")
        #expect(state.mode == .normal)
        #expect(state.layer("card").position == Point(201, 150))
        #expect(state.history.isEmpty)
    }

    @Test func altKeyInHelpClosesItThenActs() {
        var state = Fixture.state()
        state.press("?", "M-l")
        #expect(state.mode == .normal)
        #expect(state.layer("card").position == Point(201, 150))
    }

    @Test func anyKeyClosesHelpWithoutActing() {
        var state = Fixture.state()
        state.press("?")
        #expect(state.mode == .help)
        #expect(state.echo == "? → help")
        state.press("r")
        #expect(state.mode == .normal)
        #expect(state.session.scene == Fixture.scene())
        state.press("F1")
        #expect(state.mode == .help)
    }

    @Test func eShowsSwiftForTheSelectionAndEscOrQCloseIt() throws {
        var state = Fixture.state()
        state.press("e")
        let output = try #require(state.output)
        #expect(output.contains("card"))
        #expect(state.status == "export swift: Esc closes")
        state.press("Esc")
        #expect(state.output == nil)
        #expect(state.status == "")  // "Esc closes" went with the overlay
        #expect(state.echo == "Esc → mode normal")
        state.press("e", "q")
        #expect(state.output == nil)
        #expect(state.status == "")
        #expect(state.mode == .normal)  // q closed the overlay, it did not quit
    }
}
