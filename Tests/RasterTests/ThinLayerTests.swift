import Cells
import Foundation
import Geometry
import Raster
import TestSupport
import Testing
import LayerModel

/// Reads a rendered canvas back as braille-grid samples (2 × 4 per cell): a braille glyph's
/// dots and a block glyph's quadrants take the cell's foreground, the rest its background;
/// a blank cell has no colour. This is what a reader sees, so the rules below are about
/// the picture, not about the rasterizer's buffers.
struct SampleImage {
    let width: Int
    let height: Int
    var colors: [(UInt8, UInt8, UInt8)?]

    init(_ canvas: Canvas) {
        width = canvas.columns * 2
        height = canvas.rows * 4
        colors = Array(repeating: nil, count: width * height)
        // Quadrant glyphs → braille masks (upper-left 0x03, upper-right 0x18, lower-left 0x44, lower-right 0xA0).
        let quadrants: [Character: UInt8] = [
            "▘": 0x03, "▝": 0x18, "▀": 0x1B, "▖": 0x44, "▌": 0x47, "▞": 0x5C, "▛": 0x5F, "▗": 0xA0,
            "▚": 0xA3, "▐": 0xB8, "▜": 0xBB, "▄": 0xE4, "▙": 0xE7, "▟": 0xFC, "█": 0xFF
        ]
        let bit: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]  // (dy · 2 + dx)
        let rgb = SampleImage.rgb
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns {
                let cell = canvas[column, row]
                let scalar = cell.glyph.unicodeScalars.first!.value
                let mask: UInt8
                if (0x2800...0x28FF).contains(scalar) { mask = UInt8(scalar - 0x2800) } else if let q = quadrants[cell.glyph] { mask = q } else { mask = 0 }
                for k in 0..<8 {
                    let on = mask & bit[k] != 0
                    let color = on ? rgb(cell.style.foreground) : rgb(cell.style.background)
                    colors[(row * 4 + k / 2) * width + column * 2 + k % 2] = color
                }
            }
        }
    }

    /// A cell colour's channels, nil for the terminal's own.
    static func rgb(_ c: CellColor) -> (UInt8, UInt8, UInt8)? {
        if case let .rgb(r, g, b) = c { return (r, g, b) }
        return nil
    }

    /// Hue in degrees (HSV), nil for greys (saturation below 0.2).
    static func hue(_ c: (UInt8, UInt8, UInt8)) -> Double? {
        let r = Double(c.0) / 255, g = Double(c.1) / 255, b = Double(c.2) / 255
        let mx = max(r, g, b), mn = min(r, g, b), d = mx - mn
        guard mx > 0, d / mx >= 0.2 else { return nil }
        var h: Double
        if mx == r { h = (g - b) / d } else if mx == g { h = (b - r) / d + 2 } else { h = (r - g) / d + 4 }
        h *= 60
        return h < 0 ? h + 360 : h
    }

    /// The samples whose colour has `hue` (± 8°): the layer's fill and its tints and shades.
    func samples(ofHue hue: Double) -> [(x: Int, y: Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<height {
            for x in 0..<width {
                guard let c = colors[y * width + x], let h = SampleImage.hue(c) else { continue }
                let d = abs(h - hue)
                if min(d, 360 - d) <= 8 { out.append((x, y)) }
            }
        }
        return out
    }
}

/// 8-connected components of a set of samples.
func componentCount(_ points: [(x: Int, y: Int)]) -> Int {
    var set = Set(points.map { $0.x * 100_000 + $0.y })
    var count = 0
    while let start = set.first {
        count += 1
        var stack = [start]
        set.remove(start)
        while let p = stack.popLast() {
            let x = p / 100_000, y = p % 100_000
            for dx in -1...1 {
                for dy in -1...1 {
                    let q = (x + dx) * 100_000 + (y + dy)
                    if set.remove(q) != nil { stack.append(q) }
                }
            }
        }
    }
    return count
}

/// A clock hand on a 320 × 240-point screen fitted into the canvas: a `width` × 90-point
/// red layer hanging from the centre (160, 120), anchored at its bottom middle, turned
/// `angle` degrees, over a whitesmoke face (a grey, so it has no hue of its own).
enum ThinScene {
    static let red = Color(red: 220, green: 40, blue: 40)
    static let screen = Rect(0, 0, 320, 240)
    static let length = 90.0

    static func tree(width: Double, angle: Double) throws -> LayerTree {
        var tree = LayerTree()
        var face = Layer(name: "face")
        face.bounds = Rect(0, 0, 220, 220)
        face.position = Point(160, 120)
        face.backgroundColor = Color(red: 245, green: 245, blue: 245)
        _ = try tree.add(face)
        var hand = Layer(name: "hand")
        hand.bounds = Rect(0, 0, width, length)
        hand.anchorPoint = Point(0.5, 1)
        hand.position = Point(160, 120)
        hand.transform = .rotation(.degrees(angle))
        hand.backgroundColor = red
        _ = try tree.add(hand)
        return tree
    }

    /// The hand's centre line on screen, from the pivot to the tip: the tip is `length`
    /// points from (160, 120) along the direction the hand's "up" (0, −1) turns to, which
    /// for a clockwise-on-screen rotation θ is (sin θ, −cos θ).
    static func axis(angle: Double) -> (Point, Point) {
        let t = angle * .pi / 180
        return (Point(160, 120), Point(160 + length * sin(t), 120 - length * cos(t)))
    }
}

@Suite struct ThinLayerTests {
    static let sizes: [(Int, Int)] = [(80, 24), (120, 40), (200, 60)]
    static let widths: [Double] = [1, 2, 3, 4, 6, 8]
    static let angles: [Double] = [0, 7, 15, 30, 45, 60, 75, 90, 110, 135, 165, 200, 250, 300, 333]

    /// Renders the hand and measures it in samples. A braille sample is square at cell
    /// aspect 2: `pointsPerColumn / 2` points wide, `pointsPerColumn · 2 / 4` tall.
    struct Measured {
        var samples: [(x: Int, y: Int)]
        var pivot: (Double, Double)  // sample coordinates
        var tip: (Double, Double)
        var widthInSamples: Double
    }

    static func measure(width: Double, angle: Double, columns: Int, rows: Int) throws -> Measured {
        let tree = try ThinScene.tree(width: width, angle: angle)
        let viewport = Viewport.fitting(ThinScene.screen, columns: columns, rows: rows)
        let canvas = SceneRasterizer.render(
            tree, viewport: viewport, columns: columns, rows: rows,
            options: RasterOptions(mode: .braille))
        let image = SampleImage(canvas)
        let samplePoints = viewport.pointsPerColumn / 2
        func toSamples(_ p: Point) -> (Double, Double) {
            let (c, r) = viewport.cellCoordinates(of: p)
            return (c * 2, r * 4)
        }
        let (a, b) = ThinScene.axis(angle: angle)
        return Measured(
            samples: image.samples(ofHue: SampleImage.hue((220, 40, 40))!),
            pivot: toSamples(a), tip: toSamples(b), widthInSamples: width / samplePoints)
    }

    @Test(arguments: sizes)
    func aThinRotatedLayerIsOneConnectedStrokeOfItsHue(size: (Int, Int)) throws {
        for width in Self.widths {
            for angle in Self.angles {
                let m = try Self.measure(width: width, angle: angle, columns: size.0, rows: size.1)
                let label = "\(width) pt at \(angle)° on \(size.0)×\(size.1)"
                #expect(!m.samples.isEmpty, "\(label): nothing of the hand's hue")
                #expect(componentCount(m.samples) == 1, "\(label): \(componentCount(m.samples)) pieces")
            }
        }
    }

    /// Length and position: every red sample lies within half the hand's width plus one
    /// sample of the true centre line, and the red samples reach from the pivot to the tip
    /// (each end within 1.5 samples: half a sample pulled in, plus rounding to a sample).
    @Test(arguments: sizes)
    func aThinRotatedLayerLiesOnItsTruePositionAndIsAsLongAsItIs(size: (Int, Int)) throws {
        for width in Self.widths {
            for angle in Self.angles {
                let m = try Self.measure(width: width, angle: angle, columns: size.0, rows: size.1)
                let label = "\(width) pt at \(angle)° on \(size.0)×\(size.1)"
                let (px, py) = m.pivot, (tx, ty) = m.tip
                let lx = tx - px, ly = ty - py
                let length = (lx * lx + ly * ly).squareRoot()
                let ux = lx / length, uy = ly / length
                var along: [Double] = []
                var worstAcross = 0.0
                for s in m.samples {
                    let cx = Double(s.x) + 0.5 - px, cy = Double(s.y) + 0.5 - py
                    along.append(cx * ux + cy * uy)
                    worstAcross = max(worstAcross, abs(-cx * uy + cy * ux))
                }
                #expect(worstAcross <= m.widthInSamples / 2 + 1, "\(label): a sample \(worstAcross) samples off the line")
                let first = along.min() ?? .infinity, last = along.max() ?? -.infinity
                #expect(abs(first) <= 1.5, "\(label): starts \(first) samples from the pivot")
                #expect(abs(last - length) <= 1.5, "\(label): ends \(last) of \(length) samples")
            }
        }
    }

    /// Even weight: cut the hand across its length one sample step at a time (columns for
    /// a mostly-horizontal hand, rows for a mostly-vertical one); away from the two ends no
    /// cut is empty, and for a stroke (thinner than `thinThreshold`, braille dots, one per
    /// step) the thickest cut is at most one sample thicker than the thinnest; a wider hand
    /// is a fill sampled at sample centres, whose cut of length L covers ⌊L⌋ or ⌈L⌉
    /// samples: at most one apart too.
    @Test(arguments: sizes)
    func aThinRotatedLayerHasEvenWeightAlongItsLength(size: (Int, Int)) throws {
        for width in Self.widths {
            for angle in Self.angles {
                let m = try Self.measure(width: width, angle: angle, columns: size.0, rows: size.1)
                let label = "\(width) pt at \(angle)° on \(size.0)×\(size.1)"
                let horizontal = abs(m.tip.0 - m.pivot.0) >= abs(m.tip.1 - m.pivot.1)
                var counts: [Int: Int] = [:]
                for s in m.samples { counts[horizontal ? s.x : s.y, default: 0] += 1 }
                let keys = counts.keys.sorted()
                // Leave out the cuts through the short ends: as many steps as the hand is
                // wide along the cut direction, plus one.
                let endSteps = Int(m.widthInSamples.rounded(.up)) + 1
                guard keys.count > 2 * endSteps + 2 else { continue }
                let inner = keys[endSteps..<(keys.count - endSteps)]
                let lo = keys[endSteps], hi = keys[keys.count - endSteps - 1]
                #expect(inner.count == hi - lo + 1, "\(label): a gap along the hand")
                let weights = inner.map { counts[$0]! }
                #expect(weights.max()! - weights.min()! <= 1, "\(label): weights \(weights)")
            }
        }
    }

    /// Fills and outline of a rotated rect agree within one sub-cell: drawn once filled
    /// (no outline) and once outlined (no fill), every outline sample lies within one
    /// sample (8-neighbourhood) of the fill's edge samples, and every fill edge sample
    /// within one of an outline sample.
    @Test(arguments: [0.0, 10, 30, 45, 72, 90, 123])
    func fillAndOutlineOfARotatedRectAgreeWithinOneSample(angle: Double) throws {
        var tree = LayerTree()
        var box = Layer(name: "box")
        box.bounds = Rect(0, 0, 120, 70)
        box.position = Point(160, 120)
        box.transform = .rotation(.degrees(angle))
        box.backgroundColor = ThinScene.red
        box.borderColor = Color(red: 220, green: 40, blue: 40)
        box.borderWidth = 1
        _ = try tree.add(box)
        let viewport = Viewport.fitting(ThinScene.screen, columns: 120, rows: 40)
        func draw(fills: Bool, outlines: Bool) -> Set<Int> {
            let canvas = SceneRasterizer.render(
                tree, viewport: viewport, columns: 120, rows: 40,
                options: RasterOptions(mode: .braille, showFills: fills, showOutlines: outlines))
            return Set(SampleImage(canvas).samples(ofHue: 0).map { $0.x * 10_000 + $0.y })
        }
        let fill = draw(fills: true, outlines: false)
        let outline = draw(fills: false, outlines: true)
        #expect(fill.count > 1000)  // 120 × 70 pt at 3 pt per column: 80 × 46.7 samples
        // The fill's edge: its samples with a 4-neighbour outside it.
        let edge = fill.filter { p in
            [p - 10_000, p + 10_000, p - 1, p + 1].contains { !fill.contains($0) }
        }
        func near(_ p: Int, _ set: Set<Int>) -> Bool {
            for dx in -1...1 { for dy in -1...1 where set.contains(p + dx * 10_000 + dy) { return true } }
            return false
        }
        let strayOutline = outline.filter { !near($0, edge) }
        let bareEdge = edge.filter { !near($0, outline) }
        #expect(strayOutline.isEmpty, "\(angle)°: \(strayOutline.count) outline samples away from the fill's edge")
        #expect(bareEdge.isEmpty, "\(angle)°: \(bareEdge.count) fill edge samples away from the outline")
    }
}
