import Geometry
import Testing
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine

/// A session with one 100 × 100 layer "a" at position (50, 50) (frame 0,0,100,100), then
/// the given commands.
private func session(_ script: String) throws -> Session {
    var s = Session()
    for case let .engine(c) in try CommandParser.parseLine("add a; set bounds 0 0 100 100; set position 50 50") { _ = try s.perform(c) }
    for line in script.split(separator: "\n") {
        for case let .engine(c) in try CommandParser.parseLine(String(line)) { _ = try s.perform(c) }
    }
    return s
}

private func presented(_ s: Session, _ name: String = "a") -> Layer { s.presentationTree()[s.tree.id(named: name)!] }

private func answer(_ s: inout Session, _ text: String) throws -> String {
    guard case let .answer(json) = try s.perform(try CommandParser.parseEngine(text)) else { return "" }
    return json
}

@Suite("Timing functions: cubic béziers solved to 1e-6")
struct TimingFunctionTests {
    @Test func linearIsTheIdentity() {
        #expect(TimingFunction.linear.progress(0.3) == 0.3)
        #expect(TimingFunction.linear.progress(0.75) == 0.75)
    }

    @Test func easeInOutIsHalfwayAtHalfTime() {
        // (0.42, 0, 0.58, 1) is symmetric about (0.5, 0.5): x(½) = ½ at s = ½ and y(½) = ½.
        #expect(abs(TimingFunction.easeInOut.progress(0.5) - 0.5) < 1e-6)
        // An independent bisection (200 halvings) of x(s) = 0.25 gives s = 0.2250652,
        // y(s) = 0.1291619.
        #expect(abs(TimingFunction.easeInOut.progress(0.25) - 0.1291619) < 1e-6)
    }

    @Test func easeInStartsSlow() {
        // Bisection of x(s) = 3(1−s)²s·0.42 + 3(1−s)s² + s³ = 0.5: s = 0.3742534,
        // y(s) = 3(1−s)s² + s³ = 0.3153568. At 0.25: s = 0.1887870, y = 0.0934647.
        #expect(abs(TimingFunction.easeIn.progress(0.5) - 0.3153568) < 1e-6)
        #expect(abs(TimingFunction.easeIn.progress(0.25) - 0.0934647) < 1e-6)
    }

    @Test func easeOutMirrorsEaseIn() {
        // ease-out's control points are ease-in's turned half a turn about (½, ½), so
        // easeOut(x) = 1 − easeIn(1 − x): easeOut(0.5) = 1 − 0.3153568 = 0.6846432.
        #expect(abs(TimingFunction.easeOut.progress(0.5) - 0.6846432) < 1e-6)
        #expect(abs(TimingFunction.easeOut.progress(0.75) - (1 - 0.0934647)) < 1e-6)
    }

    @Test func defaultCurve() {
        // (0.25, 0.1, 0.25, 1): bisection of x(s) = 0.5 gives s = 0.6995724, y = 0.8024034.
        #expect(abs(TimingFunction.default.progress(0.5) - 0.8024034) < 1e-6)
    }

    @Test func cubicBezierWithThirdsHasXEqualToS() {
        // x1 = 1/3, x2 = 2/3 make x(s) = (1−s)²s + 2(1−s)s² + s³ = s, so y(½) with y1 = y2 = 1
        // is 3·¼·½ + 3·½·¼ + ⅛ = 0.875.
        let f = TimingFunction(1.0 / 3, 1, 2.0 / 3, 1)
        #expect(abs(f.progress(0.5) - 0.875) < 1e-6)
        #expect(f.progress(0) == 0 && f.progress(1) == 1)
    }

    @Test func timingIsAppliedToAnAnimation() throws {
        // position.x 0 → 100 over 1 s with ease-in: at 0.5 s, 100 × 0.3153568.
        let s = try session("animate position.x from 0 to 100 duration 1 timing ease-in\nwait 0.5")
        #expect(abs(presented(s).position.x - 31.53568) < 1e-4)
        let t = try session("animate position.x from 0 to 100 duration 1 timing cubic-bezier 0.25 0.1 0.25 1\nwait 0.5")
        #expect(abs(presented(t).position.x - 80.24034) < 1e-4)
    }
}

@Suite("Springs: CASpringAnimation's damped oscillator")
struct SpringTests {
    @Test func underdampedMatchesTheClosedForm() {
        // m = 1, k = 100, c = 10: ω0 = 10, ζ = 10 / (2·√100) = 0.5, ωd = 10·√0.75 = 8.660254.
        // x(t) = 1 − e^(−5t)(cos ωd t + (5/ωd) sin ωd t):
        // t = 0.1: 1 − 0.6065307 × (0.6479 + 0.57735 × 0.7617) = 0.3402998.
        // t = 0.3: overshoots, 1.1243548.
        let s = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(s.progress(at: 0.1) - 0.3402998) < 1e-6)
        #expect(abs(s.progress(at: 0.3) - 1.1243548) < 1e-6)
    }

    @Test func criticallyDampedMatchesTheClosedForm() {
        // c = 20 = 2√(km): x(t) = 1 − e^(−10t)(1 + 10t); x(0.1) = 1 − 2/e = 0.2642411.
        #expect(abs(Spring(mass: 1, stiffness: 100, damping: 20).progress(at: 0.1) - 0.2642411) < 1e-6)
    }

    @Test func agreesWithAnIndependentIntegration() {
        // RK4 on m·x'' = −k(x − 1) − c·x' with 1e-4 s steps, for three regimes and a kick.
        for spring in [
            Spring(mass: 1, stiffness: 100, damping: 10), Spring(mass: 2, stiffness: 50, damping: 20),
            Spring(mass: 1, stiffness: 40, damping: 30, initialVelocity: 3)
        ] {
            var x = 0.0, v = spring.initialVelocity
            let h = 1e-4
            func a(_ x: Double, _ v: Double) -> Double { (-spring.stiffness * (x - 1) - spring.damping * v) / spring.mass }
            for step in 1...8000 {
                let k1x = v, k1v = a(x, v)
                let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                if step % 1000 == 0 {
                    #expect(abs(spring.progress(at: Double(step) * h) - x) < 1e-6, "\(spring) at \(Double(step) * h)")
                }
            }
        }
    }

    @Test func withoutADurationTheAnimationLastsTheSettlingDuration() throws {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        let settle = spring.settlingDuration
        // Envelope e^(−5t)/√0.75 < 0.001 needs t > ln(1154.7)/5 = 1.41 s; the last crossing
        // of the 0.001 band is a little before that.
        #expect(settle > 1.2 && settle < 1.45)
        #expect(abs(spring.progress(at: settle) - 1) <= 0.001)
        var s = try session("animate position.x from 0 to 100 spring 1 100 10")
        #expect(s.animations.first?.duration == settle)
        _ = try s.perform(.clock(.wait(0.3)))
        #expect(abs(presented(s).position.x - 112.43548) < 1e-4)  // 100 × 1.1243548: overshoot
        _ = try s.perform(.clock(.wait(settle)))
        #expect(presented(s).position.x == 50)  // over and removed: the model again
    }
}

@Suite("animate: from/to/by, fill, repeat, autoreverse, removal")
struct AnimateTests {
    // Model position.x = 50 in every case; linear, 1 s, halfway at 0.5 s.
    @Test(arguments: [
        ("from 20 to 40", 30.0),  // 20 + 20·½
        ("from 20 by 10", 25.0),  // to = 30
        ("by 10 to 40", 35.0),  // from = 30
        ("from 20", 35.0),  // to = model 50
        ("to 40", 45.0),  // from = model 50
        ("by 10", 55.0)  // 50 → 60
    ])
    func fromToByForms(_ fields: String, _ expected: Double) throws {
        let s = try session("animate position.x \(fields) duration 1\nwait 0.5")
        #expect(abs(presented(s).position.x - expected) < 1e-9)
        #expect(s.tree[s.tree.id(named: "a")!].position.x == 50)  // the model never moves
    }

    @Test func pointsAndRectsInterpolateComponentWise() throws {
        // position (50,50) → (150, 250): halfway (100, 150); bounds 0 0 100 100 → 10 20 300 50.
        let s = try session("animate position to 150 250 duration 1\nanimate bounds to 10 20 300 50 duration 1\nwait 0.5")
        #expect(presented(s).position == Point(100, 150))
        #expect(presented(s).bounds == Rect(5, 10, 200, 75))
    }

    @Test func colorsInterpolatePerChannel() throws {
        // red (255,0,0) → blue (0,0,255) at ½: (127.5 → 128, 0, 127.5 → 128).
        let s = try session("set backgroundColor red\nanimate backgroundColor from red to blue duration 1\nwait 0.5")
        #expect(presented(s).backgroundColor == Color(red: 128, green: 0, blue: 128))
    }

    /// opacity: model 0.5, from 0 to 1, delay 1, duration 1. At 0.5 s it has not begun; at
    /// 2.5 s it has ended.
    @Test(arguments: [
        ("", 0.5, 0.5),
        ("fill backwards", 0.0, 0.5),
        ("fill forwards", 0.5, 0.5),  // forwards without keep: removed, so nothing to fill
        ("fill forwards keep", 0.5, 1.0),
        ("fill both keep", 0.0, 1.0),
        ("fill backwards keep", 0.0, 0.5)  // keep without forwards: nothing after the end
    ])
    func fillModes(_ fields: String, _ before: Double, _ after: Double) throws {
        var s = try session("set opacity 0.5\nanimate opacity from 0 to 1 duration 1 delay 1 \(fields)")
        _ = try s.perform(.clock(.wait(0.5)))
        #expect(presented(s).opacity == before)
        _ = try s.perform(.clock(.wait(1)))  // 1.5 s: halfway through
        #expect(presented(s).opacity == 0.5)
        _ = try s.perform(.clock(.wait(1)))  // 2.5 s
        #expect(presented(s).opacity == after)
        #expect(s.tree[s.tree.id(named: "a")!].opacity == 0.5)
    }

    @Test func theJumpBackGotcha() throws {
        // No model change: after the animation the layer snaps back to the model.
        var s = try session("animate position.x to 250 duration 1")
        _ = try s.perform(.clock(.wait(0.99)))
        #expect(abs(presented(s).position.x - 248) < 1e-9)  // 50 + 200 × 0.99
        _ = try s.perform(.clock(.wait(0.02)))
        #expect(presented(s).position.x == 50)
        #expect(!s.hasRunningAnimations)
    }

    @Test(arguments: [
        // (fields, time, expected x) for 0 → 100 over 1 s, linear.
        ("repeat 2.5", 2.25, 25.0),  // third pass, a quarter in
        ("repeat 2.5", 3.0, 500.0),  // ended: the model's 500
        ("repeat 2.5 fill forwards keep", 3.0, 50.0),  // stops halfway through the third pass: 50
        ("repeat 2.5 fill forwards keep", 9.0, 50.0),
        ("repeat 0.3 fill forwards keep", 5.0, 30.0),
        ("autoreverse", 0.25, 25.0),
        ("autoreverse", 1.5, 50.0),  // on the way back
        ("autoreverse", 1.75, 25.0),
        ("autoreverse repeat 2", 3.5, 50.0),  // second cycle, on the way back
        ("autoreverse fill forwards keep", 2.5, 0.0),  // a full cycle ends at from
        ("repeat forever", 1000.25, 25.0),
        ("repeat 2", 1.0, 0.0)  // the second pass starts at from
    ])
    func repeatAndAutoreverse(_ fields: String, _ time: Double, _ expected: Double) throws {
        var s = try session("set position 500 50\nanimate position.x from 0 to 100 duration 1 \(fields)")
        _ = try s.perform(.clock(.time(time)))
        #expect(abs(presented(s).position.x - expected) < 1e-9, "\(fields) at \(time)")
    }

    @Test func aNewAnimationOnTheKeyPathReplacesTheRunningOne() throws {
        let s = try session(
            "animate position.x from 0 to 100 duration 1\nanimate center.x from 0 to 100 duration 1\nwait 0.5\nanimate position.x from 200 to 300 duration 1\nwait 0.5"
        )
        #expect(s.animations.count == 1)
        #expect(presented(s).position.x == 250)
    }

    @Test func removeAnimationsOnTheSelection() throws {
        var s = try session("animate position.x by 100 duration 1\nanimate opacity to 0 duration 1\nwait 0.5")
        _ = try s.perform(try CommandParser.parseEngine("remove-animations opacity"))
        #expect(s.animations.map(\.spec.keyPath) == [.positionX])
        _ = try s.perform(.clock(.removeAnimations(nil)))
        #expect(s.animations.isEmpty)
    }

    @Test func badAnimationsAreRefusedWithAReason() throws {
        var s = try session("")
        for (text, message) in [
            ("animate position.x duration 1", "needs from, to or by"),
            ("animate position.x from 1 to 2 by 3", "at most two"),
            ("animate positon.x to 1", "did you mean \"position.x\""),
            ("animate opacity to 1 timing ease-inn", "did you mean \"ease-in\""),
            ("animate opacity to 1 fill sideways", "forwards, backwards or both"),
            ("animated 1 { move 1 1", "missing }"),
            ("animate opacity to 1 duration 0", "positive")
        ] {
            #expect(throws: CommandError.self) { try s.perform(try CommandParser.parseEngine(text)) }
            do { _ = try s.perform(try CommandParser.parseEngine(text)) } catch {
                #expect(error.description.contains(message), "\(text): \(error)")
            }
        }
        #expect(throws: CommandError.self) { try s.perform(try CommandParser.parseEngine("animate backgroundColor by red")) }
        #expect(throws: CommandError.self) { try s.perform(try CommandParser.parseEngine("wait -1")) }
        #expect(throws: CommandError.self) { try s.perform(try CommandParser.parseEngine("animated 1 { get frame }")) }
        #expect(s.animations.isEmpty)
    }
}

@Suite("transform: interpolated by decomposition")
struct TransformDecompositionTests {
    @Test func identityToRotate360DoesNotMove() throws {
        // rotate 360 is the identity matrix (up to rounding): the same quaternion up to sign.
        for p in [0.25, 0.5, 0.75] {
            let m = TransformParts.interpolate(.identity, .rotation(.degrees(360)), p)
            #expect(m.isApproximatelyEqual(to: .identity, tolerance: 1e-9), "at \(p)")
        }
    }

    @Test func identityToRotate90PassesRotate45() throws {
        let m = TransformParts.interpolate(.identity, .rotation(.degrees(90)), 0.5)
        #expect(m.isApproximatelyEqual(to: .rotation(.degrees(45)), tolerance: 1e-12))
        let s = try session("animate transform to rotate 90 duration 1\nwait 0.5")
        #expect(presented(s).transform.isApproximatelyEqual(to: .rotation(.degrees(45)), tolerance: 1e-12))
    }

    @Test func scalesAndTranslationsInterpolateLinearly() {
        // scale 0.5 → 1 at ½: 0.75; translate (0,0) → (100, 40) at ¼: (25, 10).
        #expect(TransformParts.interpolate(.scale(0.5, 0.5), .identity, 0.5).isApproximatelyEqual(to: .scale(0.75, 0.75)))
        #expect(TransformParts.interpolate(.identity, .translation(100, 40), 0.25).isApproximatelyEqual(to: .translation(25, 10)))
        // Scale 0 cannot be decomposed: element-wise, still exact for pure scales.
        #expect(TransformParts.interpolate(.scale(0, 0), .identity, 0.5) == .scale(0.5, 0.5, 1))
    }

    @Test func takingApartAndPuttingBackGivesTheMatrix() throws {
        // scale · skew · rotate about (1, 2, 3) · translate, all at once: the parts come back.
        var skew = Transform3D.identity
        skew.m21 = 0.3
        let m = Transform3D.scale(2, 0.5, 1.5).concatenating(skew).concatenating(.rotation(.degrees(40), x: 1, y: 2, z: 3))
            .concatenating(.translation(10, -20, 5))
        let parts = try #require(TransformParts(m))
        #expect(parts.matrix().isApproximatelyEqual(to: m, tolerance: 1e-9))
        #expect(parts.scale.map { ($0 * 1e9).rounded() / 1e9 } == [2, 0.5, 1.5])
        #expect(parts.translation.map { ($0 * 1e9).rounded() / 1e9 } == [10, -20, 5])
        // M = S · K · R: row 1 of M is 0.5 · (r1 + 0.3 · r0), so skew xy comes back as 0.3.
        #expect(abs(parts.skew[0] - 0.3) < 1e-9)
        // With perspective after the translation, m44 = 1 + 5 · (−1/500) = 0.99: the parts
        // rebuild the matrix divided by m44 (the same projective map).
        let p = m.concatenating(.perspective(eyeDistance: 500))
        #expect(p.m44 == 0.99)
        let normalized = Transform3D(rowMajor: p.rowMajor.map { $0 / 0.99 })!
        #expect(try #require(TransformParts(p)).matrix().isApproximatelyEqual(to: normalized, tolerance: 1e-9))
        // A mirror comes out as a negative scale and a proper rotation.
        let mirror = Transform3D.scale(-1, 1).concatenating(.rotation(.degrees(30)))
        #expect(try #require(TransformParts(mirror)).matrix().isApproximatelyEqual(to: mirror, tolerance: 1e-12))
    }

    @Test func cardFlipAboutYPassesEdgeOnHalfway() {
        // rotate 0 → 180 about y: halfway the quaternion is 90° about y, m11 = cos 90° = 0.
        let half = TransformParts.interpolate(.identity, .rotation(.degrees(180), x: 0, y: 1, z: 0), 0.5)
        #expect(half.isApproximatelyEqual(to: .rotation(.degrees(90), x: 0, y: 1, z: 0), tolerance: 1e-12))
    }

    @Test func rotationZAnimatesTheNumber() throws {
        // by 360 over 60 s: a quarter turn at 15 s, then 3/4 at 45 s; the whole turn is
        // visible, not collapsed to "no motion" as a transform animation would be.
        var s = try session("animate transform.rotation.z by 360 duration 60 repeat forever")
        _ = try s.perform(.clock(.time(15)))
        #expect(presented(s).transform == .rotation(.degrees(90)))
        _ = try s.perform(.clock(.time(45)))
        #expect(presented(s).transform == .rotation(.degrees(270)))
        _ = try s.perform(.clock(.time(75)))
        #expect(presented(s).transform == .rotation(.degrees(90)))
    }

    @Test func componentPathsReplaceOnePartOfTheModel() throws {
        // Model: rotate 30 then translate 10 0. transform.scale to 2 keeps both: the
        // presentation at the end of a kept animation is scale 2 · rotate 30 · translate.
        let s = try session("set transform rotate 30 then translate 10 0\nanimate transform.scale to 2 duration 1 fill forwards keep\nwait 2")
        let expected = Transform3D.scale(2, 2).concatenating(.rotation(.degrees(30))).concatenating(.translation(10, 0))
        #expect(presented(s).transform.isApproximatelyEqual(to: expected, tolerance: 1e-12))
        // The model value of transform.rotation.z is 30.
        #expect(
            AnimationKeyPath.rotationZ.value(of: s.tree[s.tree.id(named: "a")!]).map { if case let .number(x) = $0 { abs(x - 30) < 1e-9 } else { false } }
                == true)
    }
}

@Suite("Model and presentation")
struct PresentationQueryTests {
    @Test func hitTestingUsesTheModelPresentationHitTestTheMovingLayer() throws {
        // a covers 0…100; kept at x + 200 (200…300) by a forwards-filled animation.
        var s = try session("animate position.x to 250 duration 1 fill forwards keep\nwait 2")
        #expect(try answer(&s, "hit-test 250 50") == #"{"hit":null}"#)
        #expect(try answer(&s, "hit-test presentation 250 50") == #"{"hit":"a"}"#)
        #expect(try answer(&s, "hit-test 50 50") == #"{"hit":"a"}"#)
        #expect(try answer(&s, "hit-test presentation 50 50") == #"{"hit":null}"#)
        #expect(try answer(&s, "get presentation frame") == #"{"rect":[200,0,100,100]}"#)
        #expect(try answer(&s, "get frame") == #"{"rect":[0,0,100,100]}"#)
        #expect(try answer(&s, "get now") == #"{"number":2}"#)
    }

    @Test func animatedChangesTheModelAtOnceAndAnimatesThePresentation() throws {
        // ease-in-out by default: halfway in time is halfway in space (symmetric curve).
        var s = try session("animated 1 { move 100 0; set opacity 0.2 }")
        #expect(try answer(&s, "get position") == #"{"point":[150,50]}"#)
        #expect(try answer(&s, "get presentation position") == #"{"point":[50,50]}"#)
        _ = try s.perform(.clock(.wait(0.5)))
        #expect(try answer(&s, "get presentation position") == #"{"point":[100,50]}"#)
        #expect(abs(presented(s).opacity - 0.6) < 1e-9)  // 1 → 0.2, halfway 0.6
        #expect(Set(s.animations.map(\.spec.keyPath)) == [.position, .opacity])
        #expect(s.animations.allSatisfy { $0.spec.timing == Timing.named("ease-in-out") })
    }

    @Test func anAnimatedBlockStartsFromWhereThePresentationIs() throws {
        // A first block moves 50 → 150; halfway (presentation 100) a second block moves the
        // model to 250: its animation starts at 100, not at the model's 150.
        var s = try session("animated 1 { move 100 0 }\nwait 0.5\nanimated 1 { move 100 0 }")
        #expect(presented(s).position.x == 100)
        _ = try s.perform(.clock(.wait(0.5)))
        #expect(abs(presented(s).position.x - 175) < 1e-9)  // 100 + 150 × ½
    }

    @Test func undoRevertsAnAnimatedBlockAsOneStep() throws {
        var s = try session("animated 1 { move 100 0; rotate 90; set opacity 0.5 }")
        #expect(s.undoStack.count == 4)  // add, set bounds, set position, then the block as one step
        _ = try s.perform(.clock(.wait(0.25)))
        _ = try s.perform(.undo)
        let a = s.tree[s.tree.id(named: "a")!]
        #expect(a.position == Point(50, 50) && a.transform == .identity && a.opacity == 1)
        #expect(s.animations.isEmpty)
        #expect(presented(s) == a)
        _ = try s.perform(.redo)
        #expect(s.tree[s.tree.id(named: "a")!].position == Point(150, 50))
        #expect(s.animations.count == 3)
    }

    @Test func aFailingCommandInsideABlockChangesNothing() throws {
        var s = try session("")
        let before = s
        #expect(throws: CommandError.self) { try s.perform(try CommandParser.parseEngine("animated 1 { move 10 0; select nobody }")) }
        #expect(s == before)
    }
}

@Suite("Time commands: one spelling each")
struct TimeCommandSpellingTests {
    static let canonical: [String] = [
        "animate position from 0 0 to 10 20", "animate position.x by 100", "animate center.y to 3",
        "animate bounds from 0 0 10 10 to 0 0 20 20 duration 2", "animate bounds.size by 10 10", "animate bounds.origin to 0 50",
        "animate anchorPoint to 0 0", "animate opacity from 0 to 1 duration 0.25 delay 1 timing ease-in-out",
        "animate alpha to 0 fill both keep", "animate zPosition by 5 repeat 2.5 autoreverse", "animate backgroundColor from red to lime",
        "animate transform from scale 0.5 to identity duration 0.25", "animate transform to rotate 90 then translate 10 0 timing default",
        "animate sublayerTransform to perspective 500", "animate transform.rotation.z by 360 duration 60 repeat forever",
        "animate transform.rotation to 45", "animate transform.rotation.x to 180", "animate transform.rotation.y from 0 to 180 timing linear",
        "animate transform.scale from 0.5 to 1 timing cubic-bezier 0.25 0.1 0.25 1", "animate transform.scale.x to 2 fill forwards",
        "animate transform.scale.y to 2 fill backwards", "animate transform.translation.x by 10 timing ease-in",
        "animate transform.translation.y by 10 timing ease-out", "animate position.x to 10 timing spring 1 100 10",
        "animate position.x to 10 duration 2 timing spring 1 100 10 5",
        "animated 0.25 { set transform identity; set opacity 1 }", "animated 1 delay 0.5 timing linear { move 10 0 }",
        "animated 0.3 { select \"my view\"; rotate 90 }",
        "wait 0.5", "time 2", "speed 0.1", "play", "pause", "remove-animations", "remove-animations transform",
        "get presentation frame", "get presentation transform", "get now",
        "hit-test presentation 10 20", "hit-test presentation face 1 2", "hit-test presentation presentation 1 2", "hit-test \"presentation\" 1 2"
    ]

    @Test(arguments: canonical)
    func everyTimeCommandPrintsBackIdentically(_ text: String) throws {
        let command = try CommandParser.parse(text)
        #expect(command.text == text)
        #expect(try CommandParser.parse(command.text) == command)
    }

    @Test func aliasesAndShortForms() throws {
        #expect(try CommandParser.parse("animate opacity to 1 spring 1 100 10").text == "animate opacity to 1 timing spring 1 100 10")
        #expect(try CommandParser.parse("animated 1 {move 1 0;rotate 5}").text == "animated 1 { move 1 0; rotate 5 }")
        // A quoted "presentation" is a layer's name, as a quoted "screen" is for convert.
        #expect(try CommandParser.parse("hit-test \"presentation\" 1 2") == .engine(.query(.hitTest("presentation", Point(1, 2)))))
        // Names with braces are quoted so they read back.
        #expect(EngineCommand.select("a{b}").text == "select \"a{b}\"")
        #expect(try CommandParser.parse(EngineCommand.select("a{b}").text) == .engine(.select("a{b}")))
        // ; inside the braces belongs to the block; after it, to the line.
        let line = try CommandParser.parseLine("animated 1 { move 1 0; move 2 0 }; wait 1")
        #expect(line.count == 2)
        #expect(line.last == .engine(.clock(.wait(1))))
    }
}
