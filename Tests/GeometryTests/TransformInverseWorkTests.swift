import Testing
@testable import Geometry

/// `Transform3D.inverted()` and `isFinite` read the sixteen fields in place (issue 36: each
/// made arrays — four for an inverse — and an edit and the inspector ask them on every key).
/// The answers are the old code's bit for bit: the reference below is that code, kept here.
@Suite struct TransformInverseWorkTests {
    /// The inverse as it was computed before, over `rowMajor` arrays.
    static func oldInverted(_ t: Transform3D) -> Transform3D? {
        let m = t.rowMajor
        var inv = [Double](repeating: 0, count: 16)
        inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10]
        inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10]
        inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9]
        inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9]
        inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10]
        inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10]
        inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9]
        inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9]
        inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6]
        inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6]
        inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5]
        inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5]
        inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6]
        inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6]
        inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5]
        inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        guard det != 0, det.isFinite, abs(det) > 1e-300 else { return nil }
        let result = inv.map { $0 / det }
        guard result.allSatisfy(\.isFinite) else { return nil }
        return Transform3D(rowMajor: result)
    }

    /// A small fixed generator (SplitMix64), so the cases are the same every run.
    struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A value from a mix of kinds: zero, small integers, fractions, large and tiny magnitudes.
        mutating func value() -> Double {
            let r = next()
            let u = Double(r >> 11) / Double(1 << 53)
            switch r % 8 {
            case 0: return 0
            case 1: return Double(Int(r % 7) - 3)
            case 2: return u * 2 - 1
            case 3: return (u - 0.5) * 1e6
            case 4: return (u - 0.5) * 1e-6
            case 5: return (u - 0.5) * 1e160
            case 6: return -0.0
            default: return (u - 0.5) * 400
            }
        }
    }

    static func same(_ a: Transform3D?, _ b: Transform3D?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return zip(a.rowMajor, b.rowMajor).allSatisfy { $0.bitPattern == $1.bitPattern }
        default: return false
        }
    }

    @Test func theInverseIsTheOldOneBitForBit() {
        var numbers = Numbers(state: 36)
        var invertible = 0, singular = 0
        for i in 0..<20_000 {
            var v = (0..<16).map { _ in numbers.value() }
            // A quarter affine, as most layers are; some rows repeated (singular).
            if i % 4 == 0 { v[2] = 0; v[3] = 0; v[6] = 0; v[7] = 0; v[8] = 0; v[9] = 0; v[10] = 1; v[11] = 0; v[14] = 0; v[15] = 1 }
            if i % 7 == 0 { for c in 0..<4 { v[4 + c] = v[c] } }
            let t = Transform3D(rowMajor: v)!
            let new = t.inverted(), old = Self.oldInverted(t)
            #expect(Self.same(new, old), "case \(i): \(v)")
            if new == nil { singular += 1 } else { invertible += 1 }
        }
        // Both kinds are exercised.
        #expect(invertible > 5_000 && singular > 5_000, "\(invertible) invertible, \(singular) singular")
    }

    @Test func inversesWorkedByHand() throws {
        // scale 2 × 4 then move (10, -6): the inverse moves back (−10, 6), then scales by ½ × ¼.
        let t = Transform3D.scale(2, 4).concatenating(.translation(10, -6))
        let inv = try #require(t.inverted())
        #expect(inv.m11 == 0.5 && inv.m22 == 0.25 && inv.m41 == -5 && inv.m42 == 1.5 && inv.m33 == 1 && inv.m44 == 1)
        // A flattened layer (scale 0 on x) has none.
        #expect(Transform3D.scale(0, 1).inverted() == nil)
        // 1e-200 on the diagonal: the determinant, 1e-400, underflows to 0: no inverse.
        #expect(Transform3D.scale(1e-200, 1e-200).inverted() == nil)
    }

    @Test func finiteIsEveryEntryFinite() {
        #expect(Transform3D.identity.isFinite)
        for i in 0..<16 {
            for bad in [Double.infinity, -.infinity, .nan] {
                var v = Transform3D.identity.rowMajor
                v[i] = bad
                let t = Transform3D(rowMajor: v)!
                #expect(!t.isFinite, "entry \(i) = \(bad)")
                #expect(t.isFinite == t.rowMajor.allSatisfy(\.isFinite))
            }
        }
    }
}
