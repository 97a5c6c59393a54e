/// A plane-to-plane projective map in row-vector form: `[x y 1] · H`, then divide by w.
/// Each layer hop (local plane → superlayer plane) is one of these, because Core Animation
/// flattens sublayers into their parent's plane.
public struct Homography: Equatable, Sendable {
    public var h11, h12, h13, h21, h22, h23, h31, h32, h33: Double

    public init(
        _ h11: Double, _ h12: Double, _ h13: Double,
        _ h21: Double, _ h22: Double, _ h23: Double,
        _ h31: Double, _ h32: Double, _ h33: Double
    ) {
        self.h11 = h11; self.h12 = h12; self.h13 = h13
        self.h21 = h21; self.h22 = h22; self.h23 = h23
        self.h31 = h31; self.h32 = h32; self.h33 = h33
    }

    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// True when the map is affine (no perspective row): w is always 1.
    public var isAffine: Bool { h13 == 0 && h23 == 0 && h33 == 1 }

    /// The mapped point; nil when w <= 0 (behind the eye) or the result is not finite.
    @inline(__always)
    public func apply(to p: Point) -> Point? {
        let w = p.x * h13 + p.y * h23 + h33
        guard w > 0 else { return nil }
        let x = (p.x * h11 + p.y * h21 + h31) / w
        let y = (p.x * h12 + p.y * h22 + h32) / w
        guard x.isFinite, y.isFinite else { return nil }
        return Point(x: x, y: y)
    }

    /// `self · other`: self first.
    public func concatenating(_ b: Homography) -> Homography {
        let a = self
        return Homography(
            a.h11 * b.h11 + a.h12 * b.h21 + a.h13 * b.h31,
            a.h11 * b.h12 + a.h12 * b.h22 + a.h13 * b.h32,
            a.h11 * b.h13 + a.h12 * b.h23 + a.h13 * b.h33,
            a.h21 * b.h11 + a.h22 * b.h21 + a.h23 * b.h31,
            a.h21 * b.h12 + a.h22 * b.h22 + a.h23 * b.h32,
            a.h21 * b.h13 + a.h22 * b.h23 + a.h23 * b.h33,
            a.h31 * b.h11 + a.h32 * b.h21 + a.h33 * b.h31,
            a.h31 * b.h12 + a.h32 * b.h22 + a.h33 * b.h32,
            a.h31 * b.h13 + a.h32 * b.h23 + a.h33 * b.h33)
    }

    public var determinant: Double {
        h11 * (h22 * h33 - h23 * h32) - h12 * (h21 * h33 - h23 * h31) + h13 * (h21 * h32 - h22 * h31)
    }

    /// The exact inverse (not rescaled: for a point that came from one in front of the eye,
    /// `[p 1] · H⁻¹ = (1/w)·[q 1]` keeps w > 0, so a negative w on the way back means the
    /// point has no preimage in front of the eye); nil when singular.
    public func inverted() -> Homography? {
        let det = determinant
        guard det != 0, det.isFinite, abs(det) > 1e-300 else { return nil }
        let r = Homography(
            (h22 * h33 - h23 * h32) / det, (h13 * h32 - h12 * h33) / det, (h12 * h23 - h13 * h22) / det,
            (h23 * h31 - h21 * h33) / det, (h11 * h33 - h13 * h31) / det, (h13 * h21 - h11 * h23) / det,
            (h21 * h32 - h22 * h31) / det, (h12 * h31 - h11 * h32) / det, (h11 * h22 - h12 * h21) / det)
        // Summing is a cheap finiteness check (NaN or ±inf anywhere makes the sum non-finite,
        // barring overflow of finite values, which is rejected too) with no allocation.
        guard (r.h11 + r.h12 + r.h13 + r.h21 + r.h22 + r.h23 + r.h31 + r.h32 + r.h33).isFinite,
            r.h11.isFinite, r.h22.isFinite, r.h33.isFinite
        else { return nil }
        return r
    }
}
