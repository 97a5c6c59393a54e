import Cells
import Foundation
@testable import Raster
import SeededRandom
import Testing

/// `PixelSurface.fill(a, b, c, d, …)` records a quad without building an array for it
/// (outline strips, borders, strokes, squares: most of a frame's fills). It must record
/// exactly what `fill([a, b, c, d], …)` records — the same vertices, bounds, colour,
/// opacity and hash — and skip exactly what that skips.
@Suite struct PixelQuadFillTests {
    /// Both lists' fills, field by field.
    static func expectSame(_ a: PixelDisplayList, _ b: PixelDisplayList) {
        #expect(a.count == b.count)
        #expect(a.xs == b.xs)
        #expect(a.ys == b.ys)
        for k in 0..<min(a.count, b.count) {
            let p = a.ops[k], q = b.ops[k]
            #expect(p.start == q.start && p.count == q.count && p.color == q.color && p.alpha == q.alpha)
            #expect(p.bounds == q.bounds && p.hash == q.hash)
            #expect(a.same(k, as: k, in: b))
        }
    }

    @Test func aQuadIsRecordedAsItsArrayWouldBe() {
        // By hand: the quad (2.5, 3.25) (7, 3.25) (7, 9.75) (2.5, 9.75) on a 10 × 8 image
        // touches columns 2 ..< 7 and rows 3 ..< 8 (the image's last row is 7): bounds
        // (2, 3, 5 × 5); its colour loses the top byte; an opacity over 1 is recorded as 1.
        let v = [(2.5, 3.25), (7.0, 3.25), (7.0, 9.75), (2.5, 9.75)].map { PolyVertex(x: $0.0, y: $0.1, real: true) }
        var quad = PixelSurface(width: 10, height: 8), array = PixelSurface(width: 10, height: 8)
        quad.fill(v[0], v[1], v[2], v[3], color: 0xAB12_3456, alpha: 1.5)
        array.fill(v, color: 0xAB12_3456, alpha: 1.5)
        #expect(quad.list.count == 1)
        #expect(quad.list.ops[0].bounds == PixelRect(x: 2, y: 3, width: 5, height: 5))
        #expect(quad.list.ops[0].color == 0x12_3456 && quad.list.ops[0].alpha == 1)
        #expect(quad.list.xs == [2.5, 7, 7, 2.5] && quad.list.ys == [3.25, 3.25, 9.75, 9.75])
        Self.expectSame(quad.list, array.list)
    }

    @Test func whatTheArrayFillSkipsTheQuadFillSkips() {
        // Off the image on each side, touching it only at its edge, a non-finite vertex in
        // each place, no opacity, and an empty image: nothing recorded by either.
        let inf = Double.infinity
        let cases: [[(Double, Double)]] = [
            [(-5, 1), (0, 1), (0, 4), (-5, 4)], [(10, 1), (14, 1), (14, 4), (10, 4)],
            [(1, -6), (4, -6), (4, 0), (1, 0)], [(1, 8), (4, 8), (4, 12), (1, 12)],
            [(inf, 1), (4, 1), (4, 4), (1, 4)], [(1, 1), (4, .nan), (4, 4), (1, 4)],
            [(1, 1), (4, 1), (-inf, 4), (1, 4)], [(1, 1), (4, 1), (4, 4), (1, inf)]
        ]
        for c in cases {
            let v = c.map { PolyVertex(x: $0.0, y: $0.1, real: true) }
            var quad = PixelSurface(width: 10, height: 8)
            quad.fill(v[0], v[1], v[2], v[3], color: 0xFF_0000, alpha: 1)
            #expect(quad.list.count == 0)
        }
        let v = [(1.0, 1.0), (4.0, 1.0), (4.0, 4.0), (1.0, 4.0)].map { PolyVertex(x: $0.0, y: $0.1, real: true) }
        var clear = PixelSurface(width: 10, height: 8), empty = PixelSurface(width: 0, height: 8)
        clear.fill(v[0], v[1], v[2], v[3], color: 0xFF_0000, alpha: 0)
        empty.fill(v[0], v[1], v[2], v[3], color: 0xFF_0000, alpha: 1)
        #expect(clear.list.count == 0 && empty.list.count == 0)
    }

    @Test func randomQuadsMatchTheirArrays() {
        // 2 000 random quads, many partly or wholly off a 64 × 48 image, some degenerate.
        var rng = SplitMix64(seed: 0x0035_0009)
        var quad = PixelSurface(width: 64, height: 48), array = PixelSurface(width: 64, height: 48)
        for _ in 0..<2000 {
            let v = (0..<4).map { _ in PolyVertex(x: -20 + 104 * rng.unit(), y: -20 + 88 * rng.unit(), real: true) }
            let color = UInt32(truncatingIfNeeded: rng.next())
            let alpha = rng.unit() < 0.1 ? 0 : rng.unit() * 1.2
            quad.fill(v[0], v[1], v[2], v[3], color: color, alpha: alpha)
            array.fill(v, color: color, alpha: alpha)
        }
        #expect(quad.list.count > 1000)
        Self.expectSame(quad.list, array.list)
    }
}
