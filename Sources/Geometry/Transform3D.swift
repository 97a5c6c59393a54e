/// Core Animation's 4×4 matrix (CATransform3D), stated once:
///
/// - **Row vectors**: a point is transformed as `[x y z 1] · M`. Fields are `m11 … m44`
///   row by row; translation is `m41 m42 m43`; perspective is `m34 = −1/eyeDistance`.
/// - `a.concatenating(b)` is `a · b`: it applies **a first, then b** (CATransform3DConcat).
/// - `rotated(by:)`, `scaled(by:)`, `translated(by:)` put the new step **before** the
///   receiver, like CATransform3DRotate/Scale/Translate: `step.concatenating(self)`.
/// - `rotation(.degrees(θ))` about z has `m12 = +sin θ`: a positive angle turns content
///   clockwise on a y-down screen.
public struct Transform3D: Equatable, Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// From 16 numbers, row by row (m11 … m44); nil unless exactly 16.
    public init?(rowMajor values: [Double]) {
        guard values.count == 16 else { return nil }
        let v = values
        self.init(
            m11: v[0], m12: v[1], m13: v[2], m14: v[3],
            m21: v[4], m22: v[5], m23: v[6], m24: v[7],
            m31: v[8], m32: v[9], m33: v[10], m34: v[11],
            m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// The 16 fields row by row, m11 … m44.
    public var rowMajor: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    public var isIdentity: Bool { self == .identity }

    // MARK: Makers (CATransform3DMake…)

    /// CATransform3DMakeTranslation.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = identity; t.m41 = tx; t.m42 = ty; t.m43 = tz; return t
    }

    public static func translation(_ v: Vector) -> Transform3D { translation(v.dx, v.dy) }

    /// CATransform3DMakeScale.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = identity; t.m11 = sx; t.m22 = sy; t.m33 = sz; return t
    }

    /// CATransform3DMakeRotation(angle, x, y, z): about the axis (x, y, z), which need not
    /// be unit length; a zero axis gives the identity (as Core Animation does).
    public static func rotation(_ angle: Angle, x: Double = 0, y: Double = 0, z: Double = 1) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let (s, c) = angle.sinCos
        let t = 1 - c
        // Core Animation's matrix is the transpose of the column-vector Rodrigues matrix.
        return Transform3D(
            m11: t * x * x + c, m12: t * x * y + z * s, m13: t * x * z - y * s, m14: 0,
            m21: t * x * y - z * s, m22: t * y * y + c, m23: t * y * z + x * s, m24: 0,
            m31: t * x * z + y * s, m32: t * y * z - x * s, m33: t * z * z + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// Perspective with the eye at `eyeDistance` points: `m34 = −1/eyeDistance`.
    public static func perspective(eyeDistance: Double) -> Transform3D {
        var t = identity; t.m34 = -1 / eyeDistance; return t
    }

    // MARK: Composition

    /// `self · other`: applies self first, then other (CATransform3DConcat(self, other)).
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// CATransform3DRotate(self, …): the rotation is applied **before** self.
    public func rotated(by angle: Angle, x: Double = 0, y: Double = 0, z: Double = 1) -> Transform3D {
        Transform3D.rotation(angle, x: x, y: y, z: z).concatenating(self)
    }
    /// CATransform3DScale(self, …): the scale is applied **before** self.
    public func scaled(by sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }
    /// CATransform3DTranslate(self, …): the translation is applied **before** self.
    public func translated(by tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }

    // MARK: Inversion

    /// The inverse, or nil when the matrix is singular (never NaN, never self).
    public func inverted() -> Transform3D? {
        // The same products in the same order as over `rowMajor`, in locals: no arrays (an
        // edit and the inspector invert matrices on every key; issue 36).
        let a0 = m11, a1 = m12, a2 = m13, a3 = m14, a4 = m21, a5 = m22, a6 = m23, a7 = m24
        let a8 = m31, a9 = m32, a10 = m33, a11 = m34, a12 = m41, a13 = m42, a14 = m43, a15 = m44
        let i0 = a5 * a10 * a15 - a5 * a11 * a14 - a9 * a6 * a15 + a9 * a7 * a14 + a13 * a6 * a11 - a13 * a7 * a10
        let i4 = -a4 * a10 * a15 + a4 * a11 * a14 + a8 * a6 * a15 - a8 * a7 * a14 - a12 * a6 * a11 + a12 * a7 * a10
        let i8 = a4 * a9 * a15 - a4 * a11 * a13 - a8 * a5 * a15 + a8 * a7 * a13 + a12 * a5 * a11 - a12 * a7 * a9
        let i12 = -a4 * a9 * a14 + a4 * a10 * a13 + a8 * a5 * a14 - a8 * a6 * a13 - a12 * a5 * a10 + a12 * a6 * a9
        let i1 = -a1 * a10 * a15 + a1 * a11 * a14 + a9 * a2 * a15 - a9 * a3 * a14 - a13 * a2 * a11 + a13 * a3 * a10
        let i5 = a0 * a10 * a15 - a0 * a11 * a14 - a8 * a2 * a15 + a8 * a3 * a14 + a12 * a2 * a11 - a12 * a3 * a10
        let i9 = -a0 * a9 * a15 + a0 * a11 * a13 + a8 * a1 * a15 - a8 * a3 * a13 - a12 * a1 * a11 + a12 * a3 * a9
        let i13 = a0 * a9 * a14 - a0 * a10 * a13 - a8 * a1 * a14 + a8 * a2 * a13 + a12 * a1 * a10 - a12 * a2 * a9
        let i2 = a1 * a6 * a15 - a1 * a7 * a14 - a5 * a2 * a15 + a5 * a3 * a14 + a13 * a2 * a7 - a13 * a3 * a6
        let i6 = -a0 * a6 * a15 + a0 * a7 * a14 + a4 * a2 * a15 - a4 * a3 * a14 - a12 * a2 * a7 + a12 * a3 * a6
        let i10 = a0 * a5 * a15 - a0 * a7 * a13 - a4 * a1 * a15 + a4 * a3 * a13 + a12 * a1 * a7 - a12 * a3 * a5
        let i14 = -a0 * a5 * a14 + a0 * a6 * a13 + a4 * a1 * a14 - a4 * a2 * a13 - a12 * a1 * a6 + a12 * a2 * a5
        let i3 = -a1 * a6 * a11 + a1 * a7 * a10 + a5 * a2 * a11 - a5 * a3 * a10 - a9 * a2 * a7 + a9 * a3 * a6
        let i7 = a0 * a6 * a11 - a0 * a7 * a10 - a4 * a2 * a11 + a4 * a3 * a10 + a8 * a2 * a7 - a8 * a3 * a6
        let i11 = -a0 * a5 * a11 + a0 * a7 * a9 + a4 * a1 * a11 - a4 * a3 * a9 - a8 * a1 * a7 + a8 * a3 * a5
        let i15 = a0 * a5 * a10 - a0 * a6 * a9 - a4 * a1 * a10 + a4 * a2 * a9 + a8 * a1 * a6 - a8 * a2 * a5
        let det = a0 * i0 + a1 * i4 + a2 * i8 + a3 * i12
        guard det != 0, det.isFinite, abs(det) > 1e-300 else { return nil }
        let r = Transform3D(
            m11: i0 / det, m12: i1 / det, m13: i2 / det, m14: i3 / det,
            m21: i4 / det, m22: i5 / det, m23: i6 / det, m24: i7 / det,
            m31: i8 / det, m32: i9 / det, m33: i10 / det, m34: i11 / det,
            m41: i12 / det, m42: i13 / det, m43: i14 / det, m44: i15 / det)
        return r.isFinite ? r : nil
    }

    // MARK: Affine view

    /// True when the matrix is a CGAffineTransform in disguise: no z scale or translation,
    /// no rotation about x or y, no perspective.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// CATransform3DGetAffineTransform as CALayer.affineTransform reports it: the 6 numbers
    /// when affine, the **identity** otherwise (the affine view hides 3D).
    public var affine: Affine2D {
        isAffine ? Affine2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) : .identity
    }

    /// CATransform3DMakeAffineTransform.
    public init(_ t: Affine2D) {
        self = .identity
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m41 = t.tx; m42 = t.ty
    }

    // MARK: Points

    /// `[x y z 1] · M` with the homogeneous divide; nil when w <= 0 (behind the eye) or not finite.
    public func project(_ x: Double, _ y: Double, _ z: Double = 0) -> (x: Double, y: Double, z: Double)? {
        let w = x * m14 + y * m24 + z * m34 + m44
        guard w > 0, w.isFinite else { return nil }
        let px = (x * m11 + y * m21 + z * m31 + m41) / w
        let py = (x * m12 + y * m22 + z * m32 + m42) / w
        let pz = (x * m13 + y * m23 + z * m33 + m43) / w
        guard px.isFinite, py.isFinite, pz.isFinite else { return nil }
        return (px, py, pz)
    }

    /// A point on the z = 0 plane mapped through the matrix and flattened (z dropped),
    /// as Core Animation flattens a sublayer into its parent's plane; nil behind the eye.
    public func apply(to p: Point) -> Point? {
        guard let r = project(p.x, p.y, 0) else { return nil }
        return Point(x: r.x, y: r.y)
    }

    /// The plane-to-plane map this matrix induces on z = 0 points: rows and columns 1, 2, 4.
    public var planeHomography: Homography {
        Homography(m11, m12, m14, m21, m22, m24, m41, m42, m44)
    }

    /// The point on the z = 0 plane that projects to `p`: intersects that plane by inverting
    /// the 3×3 homography (never the 4×4 inverse applied to (x, y, 0, 1)); nil when singular
    /// or behind the eye.
    public func unproject(_ p: Point) -> Point? {
        planeHomography.inverted()?.apply(to: p)
    }

    public func isApproximatelyEqual(to other: Transform3D, tolerance: Double = 1e-9) -> Bool {
        zip(rowMajor, other.rowMajor).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// Every entry finite. Read field by field: `rowMajor` allocates an array, and an edit
    /// asks this of every layer it touches (issue 36).
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
            && m42.isFinite && m43.isFinite && m44.isFinite
    }
}

/// CGAffineTransform's six numbers: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct Affine2D: Equatable, Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// CGPointApplyAffineTransform.
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }
    /// CGSizeApplyAffineTransform: the linear part applied to the size as a vector.
    public func apply(to s: Size) -> Size {
        Size(width: a * s.width + c * s.height, height: b * s.width + d * s.height)
    }
    /// CGAffineTransformInvert, nil when singular.
    public func inverted() -> Affine2D? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let r = Affine2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return (r.a.isFinite && r.b.isFinite && r.c.isFinite && r.d.isFinite && r.tx.isFinite && r.ty.isFinite) ? r : nil
    }
    /// CGAffineTransformConcat(self, other): self first.
    public func concatenating(_ o: Affine2D) -> Affine2D {
        Affine2D(
            a: a * o.a + b * o.c, b: a * o.b + b * o.d,
            c: c * o.a + d * o.c, d: c * o.b + d * o.d,
            tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }
    public var values: [Double] { [a, b, c, d, tx, ty] }
}
