// RGB → palette index reduction for the ncurses backend.
//
// A private copy: Raster is getting public rgb → 256/16 helpers for its ANSI encoder;
// once they land, this file should go and the backend call those (same palettes:
// xterm's defaults).

/// Reduces 24-bit colors to the index of the nearest color a terminal can show.
enum ColorReduction {
    /// xterm's default 16 ANSI colors, in index order.
    static let ansi16: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six channel levels of the xterm 6×6×6 color cube (indices 16…231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The index (0…`count − 1`) of the nearest of the first `count` ANSI colors
    /// (`count` is 16, or 8 on terminals that have only those).
    static func nearestANSI(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int = 16) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, color) in ansi16.prefix(count).enumerated() {
            let distance = distanceSquared((r, g, b), color)
            if distance < bestDistance { best = index; bestDistance = distance }
        }
        return best
    }

    /// The index (16…255) of the nearest color of the xterm 256-color palette's cube or
    /// gray ramp. The first 16 are skipped: terminals redefine them freely.
    static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let cr = nearestCubeLevel(Int(r)), cg = nearestCubeLevel(Int(g)), cb = nearestCubeLevel(Int(b))
        let cube = (UInt8(cubeLevels[cr]), UInt8(cubeLevels[cg]), UInt8(cubeLevels[cb]))
        let cubeIndex = 16 + 36 * cr + 6 * cg + cb
        // Gray ramp 232…255: levels 8, 18, …, 238.
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grayStep = min(23, max(0, (average - 8 + 5) / 10))
        let grayLevel = UInt8(8 + 10 * grayStep)
        let grayIndex = 232 + grayStep
        let cubeDistance = distanceSquared((r, g, b), cube)
        let grayDistance = distanceSquared((r, g, b), (grayLevel, grayLevel, grayLevel))
        return grayDistance < cubeDistance ? grayIndex : cubeIndex
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        // Midpoints between the levels 0, 95, 135, 175, 215, 255.
        switch value {
        case ..<48: 0
        case ..<115: 1
        case ..<155: 2
        case ..<195: 3
        case ..<235: 4
        default: 5
        }
    }

    private static func distanceSquared(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return dr * dr + dg * dg + db * db
    }
}
