import Testing
import TestSupport
import Geometry

@Suite("R1–R4: frame, anchorPoint, frame setter, UIView veneer")
struct LayerGeometryTests {
    @Test func frameIsPositionMinusAnchorTimesSize() {
        // bounds 100×50, anchor (0.5, 0.5), position (100, 100): frame origin (50, 75).
        let l = makeLayer("a", bounds: Rect(0, 0, 100, 50), position: Point(100, 100))
        #expect(l.frame == Rect(50, 75, 100, 50))
    }

    @Test func boundsOriginZPositionAndAnchorPointZDoNotMoveTheFrame() {
        let l = makeLayer("a", bounds: Rect(20, 30, 100, 50), position: Point(100, 100)) {
            $0.zPosition = 40; $0.anchorPointZ = 7
        }
        #expect(l.frame == Rect(50, 75, 100, 50))
    }

    @Test func aTranslationInTransformMovesTheFrameButNotPosition() {
        let l = makeLayer("a", bounds: Rect(0, 0, 100, 50), position: Point(100, 100), transform: .translation(10, 5))
        #expect(l.frame == Rect(60, 80, 100, 50))
        #expect(l.position == Point(100, 100))
    }

    @Test func frameUnderRotationIsTheBoundingBox() {
        // 100×50 turned 90° about its centre (100,100): 50 wide, 100 tall.
        let l = makeLayer("a", bounds: Rect(0, 0, 100, 50), position: Point(100, 100), transform: .rotation(.degrees(90)))
        #expect(l.frame.isApproximatelyEqual(to: Rect(75, 50, 50, 100)))
        // 45°: a 100×100 square's box is 141.42 wide, centred on position.
        let s = makeLayer("s", bounds: Rect(0, 0, 100, 100), position: Point(0, 0), transform: .rotation(.degrees(45)))
        let d = 100 * 2.0.squareRoot()
        #expect(s.frame.isApproximatelyEqual(to: Rect(-d / 2, -d / 2, d, d), tolerance: 1e-9))
    }

    @Test func toSuperlayerIsTheHiddenPrefixTransformSuffix() {
        // T(−(bounds.origin + anchor⊙size), −anchorPointZ) · transform · T(position, zPosition)
        let l = makeLayer(
            "a", bounds: Rect(10, 20, 100, 50), position: Point(7, 9), anchor: Point(0.2, 0.4),
            transform: .rotation(.degrees(30)).concatenating(.scale(2, 3))
        ) {
            $0.anchorPointZ = 4; $0.zPosition = 6
        }
        let expected = Transform3D.translation(-(10 + 20), -(20 + 20), -4)
            .concatenating(l.transform)
            .concatenating(.translation(7, 9, 6))
        #expect(l.toSuperlayer.isApproximatelyEqual(to: expected, tolerance: 1e-12))
    }

    @Test func seed002AnchorChangeMovesTheFrameNotPosition() {
        // frame (140,140,100,100) with anchor (0.5,0.5) → anchor (0,0): origin (190,190).
        var v = makeLayer("viewA", kind: .view)
        v.setFrame(Rect(140, 140, 100, 100))
        #expect(v.position == Point(190, 190))
        v.setAnchorPoint(Point(0, 0), keepFrame: false)
        #expect(v.frame == Rect(190, 190, 100, 100))
        #expect(v.position == Point(190, 190))
    }

    @Test func seed002AnchorBeforeFrameKeepsTheRequestedFrame() {
        // The seed's working order: anchorPoint first, then frame.
        var v = makeLayer("viewA", kind: .view)
        v.setAnchorPoint(Point(0, 0), keepFrame: false)
        v.setFrame(Rect(140, 140, 100, 100))
        #expect(v.frame == Rect(140, 140, 100, 100))
        #expect(v.position == Point(140, 140))
    }

    @Test func keepFrameCompensatesPosition() {
        var v = makeLayer("viewA", bounds: Rect(0, 0, 100, 100), position: Point(190, 190))
        v.setAnchorPoint(Point(0, 0), keepFrame: true)
        #expect(v.frame == Rect(140, 140, 100, 100))
        #expect(v.position == Point(140, 140))
        // Both axes use their own anchor component (the seed's correctPosition used x for y).
        var w = makeLayer("w", bounds: Rect(0, 0, 100, 40), position: Point(50, 20))
        w.setAnchorPoint(Point(1, 0), keepFrame: true)
        #expect(w.position == Point(100, 0))
        #expect(w.frame == Rect(0, 0, 100, 40))
    }

    @Test func keepFrameUnderRotationKeepsEveryCorner() {
        var l = makeLayer("a", bounds: Rect(0, 0, 80, 40), position: Point(100, 100), transform: .rotation(.degrees(30)))
        let before = l.transformedCorners
        l.setAnchorPoint(Point(0.1, 0.9), keepFrame: true)
        for (a, b) in zip(before, l.transformedCorners) { #expect(b.isClose(to: a!, 1e-9)) }
    }

    @Test func changingBoundsSizeKeepsPositionSoTheLayerGrowsAboutItsAnchor() {
        var l = makeLayer("a", bounds: Rect(0, 0, 100, 100), position: Point(190, 190))
        l.bounds.size = Size(200, 200)
        #expect(l.frame == Rect(90, 90, 200, 200))
    }

    @Test func frameSetterWithIdentityStandardisesAndKeepsBoundsOrigin() {
        var l = makeLayer("a", bounds: Rect(5, 6, 1, 1), anchor: Point(0.25, 1))
        l.setFrame(Rect(100, 100, -40, -20))  // standardises to (60, 80, 40, 20)
        #expect(l.bounds == Rect(5, 6, 40, 20))
        #expect(l.position == Point(70, 100))  // 60 + 0.25·40, 80 + 1·20
        #expect(l.anchorPoint == Point(0.25, 1))
    }

    @Test func frameSetterUnderScaleAndTranslationRoundTrips() {
        var l = makeLayer("a", transform: .scale(2, 4).concatenating(.translation(10, 0)))
        l.setFrame(Rect(0, 0, 200, 100))
        #expect(l.bounds.size == Size(100, 25))
        #expect(l.position == Point(90, 50))  // frame's anchor (100, 50) minus the translation (10, 0)
        #expect(l.frame.isApproximatelyEqual(to: Rect(0, 0, 200, 100)))
        #expect(!l.frameSetterIsLossy)
    }

    @Test func frameSetterUnderAQuarterTurnRoundTrips() {
        var l = makeLayer("a", transform: .rotation(.degrees(90)))
        l.setFrame(Rect(0, 0, 200, 100))
        #expect(l.bounds.size == Size(100, 200))
        #expect(l.frame.isApproximatelyEqual(to: Rect(0, 0, 200, 100)))
    }

    @Test func frameSetterUnderFortyFiveDegreesDistortsBounds() {
        // size as a vector through the inverse rotation: (100, 0) → (70.71, −70.71) → |·|.
        var l = makeLayer("a", transform: .rotation(.degrees(45)))
        #expect(l.frameSetterIsLossy)
        l.setFrame(Rect(0, 0, 100, 0))
        let h = 100 / 2.0.squareRoot()
        #expect(abs(l.bounds.size.width - h) < 1e-9 && abs(l.bounds.size.height - h) < 1e-9)
        #expect(!l.frame.isApproximatelyEqual(to: Rect(0, 0, 100, 0), tolerance: 1))
    }

    @Test func viewCenterIsNotTheFrameMidpointWhenTheAnchorMoves() {
        let v = makeLayer("v", kind: .view, bounds: Rect(0, 0, 100, 100), position: Point(50, 50), anchor: Point(0, 0))
        #expect(v.frame.center == Point(100, 100))
        #expect(v.position == Point(50, 50))
    }

    @Test func containsTakesAPointInTheLayersOwnSpaceIncludingBoundsOrigin() {
        // R8: bounds, not frame. bounds (50, 50, 10, 10): (50,50) in, (60,55) out.
        let l = makeLayer("a", bounds: Rect(50, 50, 10, 10), position: Point(1000, 1000))
        #expect(l.contains(Point(50, 50)))
        #expect(l.contains(Point(59.5, 59.5)))
        #expect(!l.contains(Point(60, 55)))
        #expect(!l.contains(Point(0, 0)))  // frame-relative (0,0) is not inside
        #expect(!l.contains(Point(1000, 1000)))  // nor is a superlayer point
    }

    @Test func seed000EffectiveTransformMatchesToSuperlayer() {
        // MakeEffectiveTransform(v) = T(−b.origin − b.size/2) · v.transform · T(center).
        let cases: [(Rect, Point, Affine2D)] = [
            (Rect(10, -20, 80, 30), Point(33, 44), Affine2D(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 5, ty: -7)),
            (Rect(-5, 7, 13, 200), Point(-100, 3), Affine2D(a: 2, b: 0, c: 0.5, d: 1, tx: 0, ty: 9)),
            (Rect(0, 0, 1, 1), Point(0, 0), Affine2D(a: -1, b: 0, c: 0, d: 3, tx: 1, ty: 1))
        ]
        for (b, center, t) in cases {
            let v = makeLayer("v", kind: .view, bounds: b, position: center, transform: Transform3D(t))
            let t0 = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: -b.origin.x - b.size.width / 2, ty: -b.origin.y - b.size.height / 2)
            let t1 = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: center.x, ty: center.y)
            let effective = t0.concatenating(t.concatenating(t1))
            #expect(v.toSuperlayer.isApproximatelyEqual(to: Transform3D(effective), tolerance: 1e-12))
        }
    }

    @Test func seed000AssignableTransformRoundTrips() {
        // MakeAssignableTransform(E, v) = T(b.origin + size/2) · E · T(−center); assigning it
        // to v.transform makes v's effective transform exactly E.
        let b = Rect(10, 20, 60, 40), center = Point(150, 90)
        let wanted = Affine2D(a: 0, b: 1, c: -1, d: 0, tx: 12, ty: 34)
        let t0 = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: b.origin.x + b.size.width / 2, ty: b.origin.y + b.size.height / 2)
        let t1 = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: -center.x, ty: -center.y)
        let assignable = t0.concatenating(wanted.concatenating(t1))
        let v = makeLayer("v", kind: .view, bounds: b, position: center, transform: Transform3D(assignable))
        #expect(v.toSuperlayer.isApproximatelyEqual(to: Transform3D(wanted), tolerance: 1e-12))
    }

    @Test func seed003ClockHandRotatesAboutItsBase() {
        // Hand 8×60, anchor (0.5, 0.9) at the face's centre (100,100): the pivot is 54 points
        // down the hand. Rotated 90° the tip (4, 0) points to 3 o'clock: (100 + 54, 100).
        let hand = makeLayer(
            "hour", bounds: Rect(0, 0, 8, 60), position: Point(100, 100), anchor: Point(0.5, 0.9),
            transform: .rotation(.degrees(90)))
        #expect(hand.toSuperlayer.apply(to: Point(4, 54)).isClose(to: Point(100, 100)))
        #expect(hand.toSuperlayer.apply(to: Point(4, 0)).isClose(to: Point(154, 100)))
        // Unrotated, the hand spans y 46…106: most of it above the pivot.
        let upright = makeLayer("hour", bounds: Rect(0, 0, 8, 60), position: Point(100, 100), anchor: Point(0.5, 0.9))
        #expect(upright.frame == Rect(96, 46, 8, 60))
    }
}
