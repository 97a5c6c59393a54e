import Geometry

/// A 4×4 transform taken apart as in CSS Transforms Level 2 ("unmatrix"), in Core
/// Animation's row-vector convention:
///
///     M = S · K · R · T · P
///
/// (applied left to right): scale S, skew K (lower-triangular, factors xy, xz, yz), rotation
/// R (a unit quaternion), translation T, and the perspective column P (m14 m24 m34 m44).
/// Interpolating the parts — quaternions by slerp, the rest linearly — is how `transform`
/// animates, so identity → rotate 360 does not move and 0 → 90 passes 45.
public struct TransformParts: Equatable, Sendable {
    public var translation: [Double] = [0, 0, 0]
    public var scale: [Double] = [1, 1, 1]
    /// xy, xz, yz (CSS order).
    public var skew: [Double] = [0, 0, 0]
    public var perspective: [Double] = [0, 0, 0, 1]
    /// x, y, z, w. CA's `rotate θ` about z is (0, 0, sin θ/2, cos θ/2).
    public var quaternion: [Double] = [0, 0, 0, 1]

    public init() {}

    public static let identity = TransformParts()

    /// nil when the matrix cannot be taken apart (m44 = 0, or a singular upper 3×3:
    /// e.g. scale 0).
    public init?(_ matrix: Transform3D) {
        guard matrix.m44 != 0, matrix.isFinite else { return nil }
        var m = matrix.rowMajor.map { $0 / matrix.m44 }
        func at(_ r: Int, _ c: Int) -> Double { m[r * 4 + c] }
        // The perspective part: M = P0 · Q with P0 the matrix without its last column.
        var p0 = m
        p0[3] = 0; p0[7] = 0; p0[11] = 0; p0[15] = 1
        guard let p0m = Transform3D(rowMajor: p0), let inv = p0m.inverted() else { return nil }
        if at(0, 3) != 0 || at(1, 3) != 0 || at(2, 3) != 0 {
            // q = P0⁻¹ · rhs (column), rhs = the last column.
            let rhs = [at(0, 3), at(1, 3), at(2, 3), at(3, 3)]
            let iv = inv.rowMajor
            perspective = (0..<4).map { i in (0..<4).reduce(0) { $0 + iv[i * 4 + $1] * rhs[$1] } }
            m[3] = 0; m[7] = 0; m[11] = 0; m[15] = 1
        }
        translation = [at(3, 0), at(3, 1), at(3, 2)]
        var row = (0..<3).map { r in [at(r, 0), at(r, 1), at(r, 2)] }
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ ka: Double, _ kb: Double) -> [Double] {
            [ka * a[0] + kb * b[0], ka * a[1] + kb * b[1], ka * a[2] + kb * b[2]]
        }
        scale[0] = length(row[0])
        guard scale[0] > 1e-12 else { return nil }
        row[0] = row[0].map { $0 / scale[0] }
        skew[0] = dot(row[0], row[1])
        row[1] = combine(row[1], row[0], 1, -skew[0])
        scale[1] = length(row[1])
        guard scale[1] > 1e-12 else { return nil }
        row[1] = row[1].map { $0 / scale[1] }
        skew[0] /= scale[1]
        skew[1] = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], 1, -skew[1])
        skew[2] = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], 1, -skew[2])
        scale[2] = length(row[2])
        guard scale[2] > 1e-12 else { return nil }
        row[2] = row[2].map { $0 / scale[2] }
        skew[1] /= scale[2]
        skew[2] /= scale[2]
        // A mirror: flip everything so R is a proper rotation.
        let cross = [
            row[1][1] * row[2][2] - row[1][2] * row[2][1],
            row[1][2] * row[2][0] - row[1][0] * row[2][2],
            row[1][0] * row[2][1] - row[1][1] * row[2][0]
        ]
        if dot(row[0], cross) < 0 {
            for i in 0..<3 { scale[i] = -scale[i]; row[i] = row[i].map { -$0 } }
        }
        quaternion = TransformParts.quaternion(rows: row)
    }

    /// The unit quaternion of a rotation whose rows (row-vector convention) are given
    /// (Shepperd's method: divide by the largest of w, x, y, z).
    static func quaternion(rows r: [[Double]]) -> [Double] {
        // Column-vector matrix C = Rᵀ: C[i][j] = r[j][i].
        func c(_ i: Int, _ j: Int) -> Double { r[j][i] }
        let trace = c(0, 0) + c(1, 1) + c(2, 2)
        var q: [Double]
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = [(c(2, 1) - c(1, 2)) / s, (c(0, 2) - c(2, 0)) / s, (c(1, 0) - c(0, 1)) / s, s / 4]
        } else if c(0, 0) > c(1, 1) && c(0, 0) > c(2, 2) {
            let s = (1 + c(0, 0) - c(1, 1) - c(2, 2)).squareRoot() * 2
            q = [s / 4, (c(0, 1) + c(1, 0)) / s, (c(0, 2) + c(2, 0)) / s, (c(2, 1) - c(1, 2)) / s]
        } else if c(1, 1) > c(2, 2) {
            let s = (1 + c(1, 1) - c(0, 0) - c(2, 2)).squareRoot() * 2
            q = [(c(0, 1) + c(1, 0)) / s, s / 4, (c(1, 2) + c(2, 1)) / s, (c(0, 2) - c(2, 0)) / s]
        } else {
            let s = (1 + c(2, 2) - c(0, 0) - c(1, 1)).squareRoot() * 2
            q = [(c(0, 2) + c(2, 0)) / s, (c(1, 2) + c(2, 1)) / s, s / 4, (c(1, 0) - c(0, 1)) / s]
        }
        if q[3] < 0 { q = q.map { -$0 } }
        return q
    }

    /// The rotation matrix of a unit quaternion, row-vector convention.
    static func rotationMatrix(_ q: [Double]) -> Transform3D {
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        // Column-vector C, then transposed into CA's rows.
        let c00 = 1 - 2 * (y * y + z * z), c01 = 2 * (x * y - z * w), c02 = 2 * (x * z + y * w)
        let c10 = 2 * (x * y + z * w), c11 = 1 - 2 * (x * x + z * z), c12 = 2 * (y * z - x * w)
        let c20 = 2 * (x * z - y * w), c21 = 2 * (y * z + x * w), c22 = 1 - 2 * (x * x + y * y)
        return Transform3D(
            m11: c00, m12: c10, m13: c20, m14: 0,
            m21: c01, m22: c11, m23: c21, m24: 0,
            m31: c02, m32: c12, m33: c22, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The parts put back together; `rotation` replaces the quaternion's matrix when given.
    public func matrix(rotation: Transform3D? = nil) -> Transform3D {
        let s = Transform3D.scale(scale[0], scale[1], scale[2])
        var k = Transform3D.identity
        k.m21 = skew[0]; k.m31 = skew[1]; k.m32 = skew[2]
        let r = rotation ?? TransformParts.rotationMatrix(quaternion)
        let t = Transform3D.translation(translation[0], translation[1], translation[2])
        var m = s.concatenating(k).concatenating(r).concatenating(t)
        if perspective != [0, 0, 0, 1] {
            var p = Transform3D.identity
            p.m14 = perspective[0]; p.m24 = perspective[1]; p.m34 = perspective[2]; p.m44 = perspective[3]
            m = m.concatenating(p)
        }
        return m
    }

    /// Euler angles in degrees (x, y, z) with R = Rx · Ry · Rz (applied x first).
    public var eulerDegrees: (x: Double, y: Double, z: Double) {
        let r = TransformParts.rotationMatrix(quaternion)
        let toDeg = 180 / Double.pi
        let sb = min(1, max(-1, -r.m13))
        let b = asin(sb)
        if abs(sb) < 1 - 1e-12 {
            return (atan2(r.m23, r.m33) * toDeg, b * toDeg, atan2(r.m12, r.m11) * toDeg)
        }
        return (atan2(-r.m32, r.m22) * toDeg, b * toDeg, 0)
    }

    /// The rotation for Euler angles in degrees: Rx · Ry · Rz.
    public static func rotation(eulerDegrees e: (x: Double, y: Double, z: Double)) -> Transform3D {
        var m = Transform3D.identity
        if e.x != 0 { m = m.concatenating(.rotation(.degrees(e.x), x: 1, y: 0, z: 0)) }
        if e.y != 0 { m = m.concatenating(.rotation(.degrees(e.y), x: 0, y: 1, z: 0)) }
        if e.z != 0 { m = m.concatenating(.rotation(.degrees(e.z))) }
        return m
    }

    /// CSS slerp: no shortest-path flip, so a quaternion and its negation (the same
    /// matrix, e.g. identity and rotate 360) do not move at all.
    static func slerp(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        var product = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
        product = min(max(product, -1), 1)
        if abs(product) >= 1 - 1e-15 { return a }
        let theta = acos(product)
        let w = sin(t * theta) / (1 - product * product).squareRoot()
        let ka = cos(t * theta) - product * w
        return (0..<4).map { ka * a[$0] + w * b[$0] }
    }

    /// The parts at progress p between a and b.
    public static func interpolate(_ a: TransformParts, _ b: TransformParts, _ p: Double) -> TransformParts {
        func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * p } }
        var out = TransformParts()
        out.translation = lerp(a.translation, b.translation)
        out.scale = lerp(a.scale, b.scale)
        out.skew = lerp(a.skew, b.skew)
        out.perspective = lerp(a.perspective, b.perspective)
        out.quaternion = slerp(a.quaternion, b.quaternion, p)
        return out
    }

    /// `transform` at progress p: by decomposition, or element by element when either end
    /// cannot be decomposed (scale 0: then the matrices interpolate linearly, which is
    /// exact for pure scales and translations).
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ p: Double) -> Transform3D {
        if a == b { return a }
        if let pa = TransformParts(a), let pb = TransformParts(b) {
            return interpolate(pa, pb, p).matrix()
        }
        let x = a.rowMajor, y = b.rowMajor
        return Transform3D(rowMajor: zip(x, y).map { $0 + ($1 - $0) * p })!
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: Affine parts (the Swift export's chains, the transform step reader's fit)

/// A 2D transform as the parts `S·R·T` (scale, then rotate, then translate).
public struct AffineParts: Equatable, Sendable {
    public var sx: Double, sy: Double, radians: Double, tx: Double, ty: Double
}

extension Transform3D {
    /// Splits an affine transform into scale, rotation and translation when it is one
    /// (no shear); nil otherwise.
    public var affineParts: AffineParts? {
        let t = self
        guard t.isAffine else { return nil }
        let a = t.affine
        let sx = (a.a * a.a + a.b * a.b).squareRoot()
        guard sx > 1e-12 else { return nil }
        var theta = atan2(a.b, a.a)
        // sy from (c, d) = sy · (−sin θ, cos θ).
        var sy = -a.c * sin(theta) + a.d * cos(theta)
        var sxSigned = sx
        // A negative x scale reads better as a flip of y with a half turn removed.
        if sy < 0, abs(theta) > .pi / 2 { theta -= theta > 0 ? .pi : -.pi; sxSigned = -sx; sy = -sy }
        let rebuilt = Transform3D.scale(sxSigned, sy).concatenating(.rotation(.radians(theta))).concatenating(.translation(a.tx, a.ty))
        guard rebuilt.isApproximatelyEqual(to: t, tolerance: 1e-9) else { return nil }
        return AffineParts(sx: sxSigned, sy: sy, radians: theta, tx: a.tx, ty: a.ty)
    }
}
