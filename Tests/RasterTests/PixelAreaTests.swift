import Cells
import Foundation
import Geometry
import LayerModel
@testable import Raster
import SeededRandom
import Testing

/// The area painter (`PixelDisplayList.fillArea`, docs/picture.md "Pixels: exact area"):
/// convex fills by each pixel's area inside, from its distances to the edges, where the
/// scanline painter sums spans on four scanlines a row. Coverage worked out by hand, against
/// exact area on random quads and thin strips, and against the scanline painter within the
/// project's tolerance.
@Suite struct PixelAreaTests {
    /// `poly` filled with `color` at `alpha` over black in a `width × height` image, by area
    /// (`area`) or by scanlines.
    static func paint(
        _ poly: [PolyVertex], width: Int = 200, height: Int = 160, color: UInt32 = 0xFFFFFF, alpha: Double = 1,
        area: Bool = true, work: inout PixelDisplayList.PaintWork
    ) -> PixelImage {
        var surface = PixelSurface(width: width, height: height)
        surface.fill(poly, color: color, alpha: alpha)
        var image = PixelImage(width: width, height: height)
        surface.list.paint(into: &image, clip: PixelRect(x: 0, y: 0, width: width, height: height), area: area, work: &work)
        return image
    }

    static func vertices(_ points: [(Double, Double)]) -> [PolyVertex] {
        points.map { PolyVertex(x: $0.0, y: $0.1, real: true) }
    }

    /// A strip `width` pixels wide and `length` long about (cx, cy), turned by `angle`.
    static func strip(cx: Double, cy: Double, length: Double, width: Double, angle: Double) -> [PolyVertex] {
        let ux = cos(angle), uy = sin(angle)
        let nx = -uy * width / 2, ny = ux * width / 2, tx = ux * length / 2, ty = uy * length / 2
        return vertices([(cx - tx + nx, cy - ty + ny), (cx + tx + nx, cy + ty + ny), (cx + tx - nx, cy + ty - ny), (cx - tx - nx, cy - ty - ny)])
    }

    @Test func coverageWorkedOutByHand() {
        var work = PixelDisplayList.PaintWork()
        // 1. A strip one pixel wide at 45° whose centre line runs through pixel (50, 50)'s
        //    centre: each side is 0.5 from it, and the square seen along the normal is the
        //    sum of two uniform widths √½, a triangle of half-width h = √½. Each side cuts off
        //    a corner of legs (h − 0.5)·√2 = 0.29289: 0.04289 each, so the pixel keeps
        //    1 − 2 · 0.04289 = 0.91421 → alpha Int(0.91421 · 256 + 0.5) = 234, white over black
        //    (255·234 + 128) >> 8 = 233 = 0xE9.
        let diagonal = Self.strip(cx: 50.5, cy: 50.5, length: 40, width: 1, angle: Double.pi / 4)
        let image = Self.paint(diagonal, work: &work)
        #expect(image[50, 50] == 0xE9E9E9)
        #expect(image[45, 45] == 0xE9E9E9 && image[55, 55] == 0xE9E9E9)
        // Its neighbour across, (51, 50): centre (51.5, 50.5) is √½ = 0.70711 from the line,
        // so the near side is 0.20711 away: a corner of legs (0.70711 − 0.20711)·√2 = 0.70711
        // is in, 0.25 → 64 → (255·64 + 128) >> 8 = 64 = 0x40. The far side misses it.
        #expect(image[51, 50] == 0x404040 && image[50, 51] == 0x404040)
        // 2. The corner of an upright box at a pixel's centre: (10.5, 10.5) … (30, 30): pixel
        //    (10, 10) is a quarter inside (cut by two edges by a corner: measured by clipping)
        //    → 64 → 0x40; (10, 20) half → 128 → (255·128 + 128) >> 8 = 128 = 0x80; (20, 20) whole.
        let box = Self.vertices([(10.5, 10.5), (30, 10.5), (30, 30), (10.5, 30)])
        let boxImage = Self.paint(box, width: 40, height: 40, work: &work)
        #expect(boxImage[10, 10] == 0x404040)
        #expect(boxImage[10, 20] == 0x808080 && boxImage[20, 10] == 0x808080)
        #expect(boxImage[20, 20] == 0xFFFFFF && boxImage[29, 29] == 0xFFFFFF && boxImage[30, 30] == 0)
        // 3. An edge at 45° 0.3 beyond a pixel's centre (the triangle's long side,
        //    x + y = 100 + 0.3·√2; pixel (49, 50)'s centre has x + y = 100): the corner cut off
        //    has legs (√½ − 0.3)·√2 = 0.57574, area 0.16574, so 0.83426 is in →
        //    Int(213.57 + 0.5) = 214 → (255·214 + 128) >> 8 = 213 = 0xD5.
        let offset = 0.3 * 2.0.squareRoot()
        let triangle = Self.vertices([(20, 20), (100 + offset - 20, 20), (20, 100 + offset - 20)])
        let triangleImage = Self.paint(triangle, width: 100, height: 100, work: &work)
        #expect(triangleImage[49, 50] == 0xD5D5D5)
    }

    @Test func randomQuadsAreWithinAHundredthOfTheirArea() {
        // PixelToleranceTests' 300 random quads (turned rectangles, some under a pixel or two
        // across, and four-cornered shapes): every pixel's blue against its exact area. The
        // area painter is exact but for two edges that are not neighbours cutting one pixel
        // (then their parts are added) and rounding to 1/256 and to the blue's 220 steps:
        // measured 0.0042 at worst (the scanline painter: 0.25).
        var rng = SplitMix64(seed: 35)
        var worst = 0.0
        for _ in 0..<300 {
            let poly = PixelToleranceTests.quad(&rng)
            var work = PixelDisplayList.PaintWork()
            let image = Self.paint(poly, color: 0x0000DC, work: &work)
            let q = PixelToleranceTests.clockwise(poly)
            let xs = q.map(\.0), ys = q.map(\.1)
            for j in max(0, Int(ys.min()!) - 2)...min(159, Int(ys.max()!) + 2) {
                for i in max(0, Int(xs.min()!) - 2)...min(199, Int(xs.max()!) + 2) {
                    let truth = PixelRasterTests.trueCoverage(i, j, q)
                    worst = max(worst, abs(Double(image.rgb(x: i, y: j).b) / 220 - truth))
                }
            }
        }
        #expect(worst <= 0.01, "worst pixel off by \(worst)")
    }

    @Test func thinStripsMatchTheScanlinePainterWithinTheTolerance() {
        // 400 strips 0.5 … 2.5 pixels wide and 2 … 120 long at any angle (outlines, borders,
        // strokes: most of a frame's rows), and 100 trapezoids one or two pixels deep (a
        // border's side under a turn): each painted by area and by scanlines, and both held to
        // the exact area — the area painter within 0.01, the scanline painter within its 0.27
        // (`PixelToleranceTests`); so the two differ by at most 0.28 on any pixel.
        var rng = SplitMix64(seed: 0x5791_0035)
        var worstArea = 0.0, worstScan = 0.0, worstApart = 0.0, pixels = 0
        for k in 0..<500 {
            let poly: [PolyVertex]
            let cx = 60 + 80 * rng.unit(), cy = 50 + 60 * rng.unit()
            if k < 400 {
                poly = Self.strip(
                    cx: cx, cy: cy, length: 2 + 118 * rng.unit(), width: 0.5 + 2 * rng.unit(), angle: 2 * Double.pi * rng.unit())
            } else {
                let t = 2 * Double.pi * rng.unit(), deep = 1 + rng.unit(), long = 20 + 60 * rng.unit()
                let ux = cos(t), uy = sin(t), nx = -uy, ny = ux
                let inset = deep * (0.2 + 0.8 * rng.unit())
                poly = Self.vertices([
                    (cx - ux * long / 2, cy - uy * long / 2), (cx + ux * long / 2, cy + uy * long / 2),
                    (cx + ux * (long / 2 - inset) + nx * deep, cy + uy * (long / 2 - inset) + ny * deep),
                    (cx - ux * (long / 2 - inset) + nx * deep, cy - uy * (long / 2 - inset) + ny * deep)
                ])
            }
            var work = PixelDisplayList.PaintWork()
            let byArea = Self.paint(poly, color: 0x0000DC, work: &work)
            let byScan = Self.paint(poly, color: 0x0000DC, area: false, work: &work)
            let q = PixelToleranceTests.clockwise(poly)
            let xs = q.map(\.0), ys = q.map(\.1)
            for j in max(0, Int(ys.min()!) - 2)...min(159, Int(ys.max()!) + 2) {
                for i in max(0, Int(xs.min()!) - 2)...min(199, Int(xs.max()!) + 2) {
                    let truth = PixelRasterTests.trueCoverage(i, j, q)
                    let a = Double(byArea.rgb(x: i, y: j).b) / 220, s = Double(byScan.rgb(x: i, y: j).b) / 220
                    worstArea = max(worstArea, abs(a - truth)); worstScan = max(worstScan, abs(s - truth))
                    worstApart = max(worstApart, abs(a - s))
                    pixels += 1
                }
            }
        }
        #expect(pixels > 100_000)
        #expect(worstArea <= 0.01, "area painter off by \(worstArea)")
        #expect(worstScan <= 0.27, "scanline painter off by \(worstScan)")
        #expect(worstApart <= 0.28, "the two apart by \(worstApart)")
    }

    @Test func aPartOfTheImageIsPaintedAsTheWholeOfIt() {
        // Random convex polygons and strips over each other, translucent or not: painting
        // 37 × 23 rectangles one after another (a clip that cuts runs and rows anywhere) gives
        // the whole painting's pixels, and rows run whole across where only level edges cut.
        var rng = SplitMix64(seed: 0xA4EA_0035)
        var surface = PixelSurface(width: 200, height: 160)
        for k in 0..<300 {
            let color = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
            let alpha = rng.unit() < 0.5 ? 1 : 0.2 + 0.7 * rng.unit()
            if k % 3 == 0 {
                surface.fill(
                    Self.strip(
                        cx: 200 * rng.unit(), cy: 160 * rng.unit(), length: 5 + 100 * rng.unit(), width: 0.5 + 2 * rng.unit(),
                        angle: rng.unit() < 0.3 ? 0 : 2 * Double.pi * rng.unit()),
                    color: color, alpha: alpha)
            } else {
                surface.fill(PixelToleranceTests.quad(&rng), color: color, alpha: alpha)
            }
        }
        let whole = PixelRect(x: 0, y: 0, width: 200, height: 160)
        var all = PixelImage(width: 200, height: 160, fill: 0x102030)
        surface.list.paint(into: &all, clip: whole)
        var parts = PixelImage(width: 200, height: 160, fill: 0x102030)
        for y in stride(from: 0, to: 160, by: 23) {
            for x in stride(from: 0, to: 200, by: 37) {
                surface.list.paint(into: &parts, clip: PixelRect(x: x, y: y, width: 37, height: 23), parallel: false)
            }
        }
        #expect(parts == all)
        #expect(all != PixelImage(width: 200, height: 160, fill: 0x102030))
        // An upright box on fractional rows: its top and bottom rows are runs too.
        var work = PixelDisplayList.PaintWork()
        _ = Self.paint(Self.vertices([(10.5, 10.25), (30.5, 10.25), (30.5, 20.75), (10.5, 20.75)]), width: 40, height: 30, work: &work)
        #expect(work == PixelDisplayList.PaintWork(edgePixels: 22, runPixels: 209))
    }

    @Test func aRunBlendedFourAtATimeIsBlendedOneByOne() {
        // `blendRun` (vector lanes, four pixels at a time, the rest alone) against
        // `PackedColor.blend` pixel by pixel: random rows, colours, opacities and lengths.
        var rng = SplitMix64(seed: 0xB1E4_0035)
        for _ in 0..<500 {
            let length = 1 + Int(rng.next() % 40), start = Int(rng.next() % 5)
            var lanes = (0..<(length + 10)).map { _ in UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF }
            var alone = lanes
            let color = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF, a = 1 + Int(rng.next() % 255)
            let premultiplied = PackedColor.premultiply(color, alpha256: a)
            lanes.withUnsafeMutableBufferPointer {
                PixelDisplayList.blendRun($0.baseAddress!, from: start, to: start + length - 1, premultiplied: premultiplied, alpha256: a)
            }
            for x in start..<(start + length) { alone[x] = PackedColor.blend(color, over: alone[x], alpha256: a) & PackedColor.rgbMask }
            #expect(lanes == alone)
        }
    }
}
