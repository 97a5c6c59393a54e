import Testing
@testable import Geometry

@Suite("Transform3D: Core Animation's row-vector conventions")
struct Transform3DTests {
    @Test func concatenationAppliesTheFirstMatrixFirst() {
        // Pinned with a non-commuting pair: scale 3 then move 10 sends (1,1) to (13,3);
        // move 10 then scale 3 sends it to (33,3).
        let scale = Transform3D.scale(3, 3), move = Transform3D.translation(10, 0)
        #expect(scale.concatenating(move).apply(to: Point(1, 1)) == Point(13, 3))
        #expect(move.concatenating(scale).apply(to: Point(1, 1)) == Point(33, 3))
    }

    @Test func translationLivesInTheFourthRow() {
        let t = Transform3D.translation(7, -4, 2)
        #expect(t.m41 == 7 && t.m42 == -4 && t.m43 == 2)
        #expect(t.rowMajor == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, -4, 2, 1])
    }

    @Test func positiveZRotationTurnsClockwiseOnAYDownScreen() {
        let r = Transform3D.rotation(.degrees(90))
        #expect(r.m11 == 0 && r.m12 == 1 && r.m21 == -1 && r.m22 == 0)
        // (1,0) — to the right — goes to (0,1) — downwards on screen: clockwise.
        #expect(r.apply(to: Point(1, 0)) == Point(0, 1))
        let r30 = Transform3D.rotation(.degrees(30))
        #expect(abs(r30.m12 - 0.5) < 1e-15)
    }

    @Test func rotatedPutsTheNewStepBeforeTheReceiver() {
        // CATransform3DRotate(T, 90°) = Concat(R, T): rotate first, then translate.
        let t = Transform3D.translation(10, 0).rotated(by: .degrees(90))
        #expect(t.apply(to: Point(1, 0)) == Point(10, 1))
        let s = Transform3D.translation(10, 0).scaled(by: 2, 2)
        #expect(s.apply(to: Point(1, 1)) == Point(12, 2))
        let u = Transform3D.scale(2, 2).translated(by: 5, 0)
        #expect(u.apply(to: Point(0, 0)) == Point(10, 0))
    }

    @Test func rotationAboutXAndYFollowsCoreAnimationsMatrix() {
        // CATransform3DMakeRotation(θ, 0, 1, 0): m11 = cos, m13 = −sin, m31 = sin, m33 = cos.
        let y = Transform3D.rotation(.degrees(90), x: 0, y: 1, z: 0)
        #expect(y.m11 == 0 && y.m13 == -1 && y.m31 == 1 && y.m33 == 0)
        // About x: m22 = cos, m23 = sin, m32 = −sin, m33 = cos.
        let x = Transform3D.rotation(.degrees(90), x: 1, y: 0, z: 0)
        #expect(x.m22 == 0 && x.m23 == 1 && x.m32 == -1 && x.m33 == 0)
        // A zero axis is the identity, as in Core Animation.
        #expect(Transform3D.rotation(.degrees(30), x: 0, y: 0, z: 0) == .identity)
    }

    @Test func inversionOfASingularMatrixIsNil() {
        #expect(Transform3D.scale(0, 1).inverted() == nil)
        #expect(Transform3D.scale(1, 1, 0).inverted() == nil)
        let t = Transform3D.translation(3, 4).concatenating(.rotation(.degrees(30))).concatenating(.scale(2, 5))
        let inv = try! #require(t.inverted())
        #expect(t.concatenating(inv).isApproximatelyEqual(to: .identity, tolerance: 1e-12))
        #expect(Transform3D.translation(3, 4).inverted() == .translation(-3, -4))
    }

    @Test func affineViewOfA3DTransformIsTheIdentity() {
        let t = Transform3D.rotation(.degrees(30), x: 0, y: 1, z: 0)
        #expect(!t.isAffine)
        #expect(t.affine == .identity)
        #expect(Transform3D.perspective(eyeDistance: 500).affine == .identity)
        #expect(Transform3D.translation(0, 0, 1).affine == .identity)
        let a = Transform3D.scale(2, 3).concatenating(.translation(5, 6))
        #expect(a.affine == Affine2D(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 6))
        #expect(Transform3D(a.affine) == a)
    }

    @Test func perspectiveDividesByW() {
        // m34 = −1/500: a point pushed 250 towards the eye (z = +250) has w = 1 − 250/500 = 0.5,
        // so it appears twice as far from the origin.
        let p = Transform3D.translation(0, 0, 250).concatenating(.perspective(eyeDistance: 500))
        #expect(p.m34 == -1.0 / 500)
        #expect(p.apply(to: Point(10, 20)) == Point(20, 40))
    }

    @Test func pointsBehindTheEyeHaveNoImage() {
        // z = 600 > eye distance 500: w = 1 − 600/500 = −0.2.
        let p = Transform3D.translation(0, 0, 600).concatenating(.perspective(eyeDistance: 500))
        #expect(p.apply(to: Point(10, 20)) == nil)
        // Exactly at the eye: w = 0.
        let q = Transform3D.translation(0, 0, 500).concatenating(.perspective(eyeDistance: 500))
        #expect(q.apply(to: Point(1, 1)) == nil)
    }

    @Test func unprojectIntersectsTheLayersPlane() throws {
        // A layer turned 60° about y, seen with perspective 500. The point x = 100 on the
        // layer: rotated to (50, 0, −86.6), w = 1 + 86.6/500 = 1.1732, so it shows at x = 42.62.
        let m = Transform3D.rotation(.degrees(60), x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 500))
        let shown = try #require(m.apply(to: Point(100, 0)))
        #expect(abs(shown.x - 50 / (1 + 100 * 0.8660254037844386 / 500)) < 1e-9)
        let back = try #require(m.unproject(shown))
        #expect(back.isApproximatelyEqual(to: Point(100, 0), tolerance: 1e-9))
        // The wrong way — the 4×4 inverse applied to (x, y, 0, 1) — lands elsewhere.
        let inv = try #require(m.inverted())
        let wrong = try #require(inv.apply(to: shown))
        #expect(!wrong.isApproximatelyEqual(to: Point(100, 0), tolerance: 1))
    }

    @Test func unprojectThroughASingularMatrixIsNil() {
        #expect(Transform3D.scale(0, 0).unproject(Point(1, 1)) == nil)
        // Edge-on: rotated 90° about y, the layer is a line; no point maps back.
        #expect(Transform3D.rotation(.degrees(90), x: 0, y: 1, z: 0).unproject(Point(3, 3)) == nil)
    }

    @Test func nonFiniteResultsAreNeverReturned() {
        let huge = Transform3D.scale(1e308, 1e308)
        #expect(huge.apply(to: Point(1e308, 1)) == nil)
    }
}

@Suite("Affine2D: CGAffineTransform")
struct Affine2DTests {
    @Test func appliesAsRowVectors() {
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty
        let t = Affine2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(t.apply(to: Point(1, 1)) == Point(9, 12))
        #expect(t.apply(to: Size(1, 0)) == Size(1, 2))
    }

    @Test func invertAndConcat() throws {
        let t = Affine2D(a: 2, b: 0, c: 0, d: 4, tx: 10, ty: 20)
        let inv = try #require(t.inverted())
        #expect(inv.apply(to: Point(12, 24)) == Point(1, 1))
        #expect(Affine2D(a: 0, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
        let scaleThenMove = Affine2D(a: 3, b: 0, c: 0, d: 3, tx: 0, ty: 0).concatenating(Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 0))
        #expect(scaleThenMove.apply(to: Point(1, 1)) == Point(13, 3))
    }
}

@Suite("Rect: half-open containment")
struct RectTests {
    @Test func containmentIsHalfOpen() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.contains(Point(10, 20)))  // at minX, minY
        #expect(r.contains(Point(39.999, 59.999)))  // just inside maxX, maxY
        #expect(!r.contains(Point(40, 30)))  // at maxX
        #expect(!r.contains(Point(20, 60)))  // at maxY
        #expect(!r.contains(Point(9.999, 30)))
    }

    @Test func anEmptyRectContainsNothing() {
        #expect(!Rect(x: 0, y: 0, width: 0, height: 10).contains(Point(0, 0)))
        #expect(!Rect.zero.contains(.zero))
    }

    @Test func standardizeFlipsNegativeSizes() {
        #expect(Rect(x: 10, y: 10, width: -4, height: -6).standardized == Rect(x: 6, y: 4, width: 4, height: 6))
    }

    @Test func boundingBox() {
        #expect(Rect.boundingBox(of: [Point(3, 1), Point(-1, 5), Point(2, 2)]) == Rect(x: -1, y: 1, width: 4, height: 4))
        #expect(Rect.boundingBox(of: [Point]()) == nil)
    }

    @Test func pointMinusPointIsAVector() {
        #expect(Point(5, 7) - Point(2, 3) == Vector(3, 4))
        #expect(Point(2, 3) + Vector(3, 4) == Point(5, 7))
        #expect(Vector(3, 4).length == 5)
    }
}

@Suite("Homography")
struct HomographyTests {
    @Test func inverseKeepsPointsInFrontOfTheEye() throws {
        let m = Transform3D.rotation(.degrees(45), x: 1, y: 0, z: 0).concatenating(.perspective(eyeDistance: 300))
        let h = m.planeHomography
        let inv = try #require(h.inverted())
        for p in [Point(0, 0), Point(50, -80), Point(-120, 60)] {
            let q = try #require(h.apply(to: p))
            #expect(try #require(inv.apply(to: q)).isApproximatelyEqual(to: p, tolerance: 1e-9))
        }
    }

    @Test func anglesAreExactAtQuarterTurns() {
        #expect(Angle.degrees(180).sinCos == (0, -1))
        #expect(Angle.degrees(-90).sinCos == (-1, 0))
        #expect(Angle.degrees(450).sinCos == (1, 0))
        #expect(abs(Angle.radians(Double.pi / 2).degrees - 90) < 1e-12)
    }
}
