import Cells
import Foundation
import Geometry
import Raster
import Testing
import LayerModel

/// A turned filled layer's edge follows its true edge at sub-cell resolution, in braille,
/// sextant and block modes: the samples the canvas lights (read back from the glyphs and
/// their colours) against the samples whose centre is inside the true quad.
@Suite struct FillEdgeTests {
    /// The plate: 120 × 72 points about (80, 80), turned by `degrees`, filled blue with its
    /// automatic outline, on an 80 × 40 canvas at 2 points a column and 4 a row. A braille
    /// sample is 1 × 1 point, a sextant sample 1 × 4/3, a half-block pixel 2 × 2.
    static func render(degrees: Double, mode: RenderMode) throws -> Canvas {
        var tree = LayerTree()
        _ = try tree.add(
            Scenes.layer("plate", Rect(0, 0, 120, 72), at: Point(80, 80)) {
                $0.transform = .rotation(.degrees(degrees))
                $0.backgroundColor = Scenes.blue
            })
        return SceneRasterizer.render(tree, viewport: Scenes.viewport, columns: 80, rows: 40, options: RasterOptions(mode: mode))
    }

    static func grid(_ mode: RenderMode) -> (perColumn: Int, perRow: Int) {
        switch mode {
        case .sextant: return (2, 3)
        case .blocks: return (1, 2)
        case .octant: return (2, 4)
        default: return (2, 4)
        }
    }

    /// Which of a cell's samples (index row · perColumn + column) the glyph lights.
    static func litSamples(_ cell: Cell, _ mode: RenderMode) -> [Bool] {
        let (pc, pr) = grid(mode)
        let fgLit = cell.style.foreground != .default, bgLit = cell.style.background != .default
        var fgMask = [Bool](repeating: false, count: pc * pr)
        let code = cell.code
        func set(_ col: Int, _ row: Int) { fgMask[row * pc + col] = true }
        switch mode {
        case .braille:
            // Quadrant and half blocks: each quadrant is a column of two dots.
            let quadrants: [UInt32: Int] = [
                0x2598: 1, 0x259D: 2, 0x2580: 3, 0x2596: 4, 0x258C: 5, 0x259E: 6, 0x259B: 7,
                0x2597: 8, 0x259A: 9, 0x2590: 10, 0x259C: 11, 0x2584: 12, 0x2599: 13, 0x259F: 14, 0x2588: 15
            ]
            if (0x2800...0x28FF).contains(code) {
                let dots = code - 0x2800
                let place: [(Int, Int)] = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]
                for (bit, p) in place.enumerated() where dots & (1 << bit) != 0 { set(p.0, p.1) }
            } else if let q = quadrants[code] {
                if q & 1 != 0 { set(0, 0); set(0, 1) }
                if q & 2 != 0 { set(1, 0); set(1, 1) }
                if q & 4 != 0 { set(0, 2); set(0, 3) }
                if q & 8 != 0 { set(1, 2); set(1, 3) }
            }
        case .octant:
            // Octant n (1 2 / 3 4 / 5 6 / 7 8) is bit n − 1; U+1CD00… in mask order, skipping
            // the 26 masks with older characters.
            let existing: [Int: UInt32] = [
                0: 0x20, 1: 0x1CEA8, 2: 0x1CEAB, 3: 0x1FB82, 5: 0x2598, 10: 0x259D, 15: 0x2580,
                20: 0x1FBE6, 40: 0x1FBE7, 63: 0x1FB85, 64: 0x1CEA3, 80: 0x2596, 85: 0x258C,
                90: 0x259E, 95: 0x259B, 128: 0x1CEA0, 160: 0x2597, 165: 0x259A, 170: 0x2590,
                175: 0x259C, 192: 0x2582, 240: 0x2584, 245: 0x2599, 250: 0x259F, 252: 0x2586, 255: 0x2588
            ]
            var next: UInt32 = 0x1CD00, mask = -1
            for m in 0..<256 {
                let scalar: UInt32
                if let e = existing[m] { scalar = e } else { scalar = next; next += 1 }
                if scalar == code { mask = m; break }
            }
            for k in 0..<8 where mask >= 0 && mask & (1 << k) != 0 { set(k & 1, k >> 1) }
        case .sextant:
            var mask: UInt32 = 0
            if (0x1FB00...0x1FB3B).contains(code) {
                var n = code - 0x1FB00 + 1
                if n >= 21 { n += 1 }
                if n >= 42 { n += 1 }
                mask = n
            } else if code == 0x258C {
                mask = 21
            } else if code == 0x2590 {
                mask = 42
            } else if code == 0x2588 {
                mask = 63
            }
            for k in 0..<6 where mask & (1 << k) != 0 { set(k & 1, k >> 1) }
        default:
            if code == 0x2580 { set(0, 0) } else if code == 0x2584 { set(0, 1) } else if code == 0x2588 { set(0, 0); set(0, 1) }
        }
        return fgMask.map { $0 ? fgLit : bgLit }
    }

    struct Comparison { var lit = 0, truth = 0, both = 0, worstOutside = 0.0 }

    static func compare(degrees: Double, mode: RenderMode) throws -> Comparison {
        let canvas = try render(degrees: degrees, mode: mode)
        let (pc, pr) = grid(mode)
        let sw = 2 / Double(pc), sh = 4 / Double(pr)  // a sample in points
        let t = -degrees * .pi / 180, c = cos(t), s = sin(t)
        var out = Comparison()
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns {
                let lit = litSamples(canvas[column, row], mode)
                for j in 0..<pr {
                    for i in 0..<pc {
                        // The sample's centre in points, turned back into the plate's frame.
                        let x = (Double(column * pc + i) + 0.5) * sw - 80, y = (Double(row * pr + j) + 0.5) * sh - 80
                        let lx = x * c - y * s, ly = x * s + y * c
                        let inside = abs(lx) < 60 && abs(ly) < 36
                        let on = lit[j * pc + i]
                        if inside { out.truth += 1 }
                        if on { out.lit += 1 }
                        if inside && on { out.both += 1 }
                        if on && !inside {
                            // How far outside, in samples (the larger side of a sample).
                            let dx = max(0, abs(lx) - 60), dy = max(0, abs(ly) - 36)
                            out.worstOutside = max(out.worstOutside, (dx * dx + dy * dy).squareRoot() / max(sw, sh))
                        }
                    }
                }
            }
        }
        return out
    }

    /// Upright, by hand: x 20…140 and y 44…116 points. A braille sample (1 point) is inside
    /// when its centre i + 0.5 is: i = 20…139 (120) by j = 44…115 (72) = 8 640 samples, all
    /// lit, none else. Turned 90° the plate is 72 × 120: the same count.
    @Test func uprightIsExact() throws {
        for degrees in [0.0, 90] {
            for mode in [RenderMode.braille, .octant] {
                let r = try Self.compare(degrees: degrees, mode: mode)
                #expect(r.truth == 8640 && r.lit == 8640 && r.both == 8640, "\(mode) \(degrees)°: \(r)")
            }
        }
    }

    /// 36 angles × 4 modes: lit and true samples agree on at least 95% of the true area
    /// (|lit ∩ true| − |lit \ true| ≥ 0.95 |true|: a missing sample and an extra one both
    /// count against), and no lit sample is more than one sample outside the edge.
    @Test(arguments: [RenderMode.braille, .sextant, .blocks, .octant])
    func turnedFillsFollowTheirEdge(mode: RenderMode) throws {
        var worst = 1.0
        for k in 0..<36 {
            let degrees = Double(k) * 10
            let r = try Self.compare(degrees: degrees, mode: mode)
            let agreement = Double(r.both - (r.lit - r.both)) / Double(r.truth)
            worst = min(worst, agreement)
            #expect(agreement >= 0.95, "\(mode) \(degrees)°: \(r)")
            #expect(r.worstOutside <= 1.0 + 1e-9, "\(mode) \(degrees)°: a lit sample \(r.worstOutside) samples outside")
        }
        print("fill edges \(mode): worst area agreement \(worst)")
    }
}
