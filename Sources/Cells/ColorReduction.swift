/// Reducing sRGB colours to terminal palettes (shared with the ncurses backend).
public enum ColorReduction {
    /// xterm's 6×6×6 cube levels (indices 16…231).
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The 16 ANSI colours as xterm draws them by default, index 0…15
    /// (black, red, green, yellow, blue, magenta, cyan, white, then the bright ones).
    public static let ansi16Palette: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)
    ]

    /// The nearest xterm-256 index (16…255: the cube or the 24-step grey ramp; the first 16
    /// are left out because terminals redefine them).
    public static func ansi256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        func nearestLevel(_ v: UInt8) -> Int {
            var best = 0
            for (i, l) in cubeLevels.enumerated() where abs(Int(l) - Int(v)) < abs(Int(cubeLevels[best]) - Int(v)) { best = i }
            return best
        }
        let ri = nearestLevel(red), gi = nearestLevel(green), bi = nearestLevel(blue)
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        // Grey ramp: 232 + i is 8 + 10·i.
        let mean = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = min(23, max(0, (mean - 8 + 5) / 10))
        let grey = UInt8(8 + 10 * greyStep)
        let dCube = distance((red, green, blue), cube)
        let dGrey = distance((red, green, blue), (grey, grey, grey))
        return UInt8(dGrey < dCube ? 232 + greyStep : cubeIndex)
    }

    /// The sRGB colour of an xterm-256 index.
    public static func rgb(ansi256 index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let i = Int(index)
        if i < 16 { return ansi16Palette[i] }
        if i >= 232 { let g = UInt8(8 + 10 * (i - 232)); return (g, g, g) }
        let c = i - 16
        return (cubeLevels[c / 36], cubeLevels[(c / 6) % 6], cubeLevels[c % 6])
    }

    /// The nearest of the 16 ANSI colours, index 0…15.
    public static func ansi16(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (i, p) in ansi16Palette.enumerated() {
            let d = distance((red, green, blue), (p.red, p.green, p.blue))
            if d < bestDistance { bestDistance = d; best = i }
        }
        return UInt8(best)
    }

    /// Squared distance weighted for the eye (red 2, green 4, blue 3).
    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}

/// Canvas → text with ANSI SGR escapes, for the headless `render` command.
public enum AnsiEncoder {
    /// Rows joined by newlines (no trailing newline). `.none` is the canvas's plain text.
    /// Otherwise each row starts plain, switches style only where it changes, and ends with
    /// a reset, so rows can be printed or cut independently.
    public static func encode(_ canvas: Canvas, colors: ColorDepth) -> String {
        guard colors != .none else { return canvas.text }
        var out = ""
        out.reserveCapacity(canvas.columns * canvas.rows * 4)
        for r in 0..<canvas.rows {
            if r > 0 { out += "\n" }
            var current = CellStyle.plain
            for c in 0..<canvas.columns {
                let cell = canvas[c, r]
                if cell.isWideTail { continue }  // drawn by the wide glyph before it
                if cell.style != current {
                    out += sgr(cell.style, colors: colors)
                    current = cell.style
                }
                out.append(cell.glyph)
            }
            if current != .plain { out += "\u{1B}[0m" }
        }
        return out
    }

    /// The escape that sets `style` from scratch (it starts with a reset): `ESC[0;…m`.
    public static func sgr(_ style: CellStyle, colors: ColorDepth) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let fg = colorCode(style.foreground, colors: colors, background: false) { codes.append(fg) }
        if let bg = colorCode(style.background, colors: colors, background: true) { codes.append(bg) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    static func colorCode(_ color: CellColor, colors: ColorDepth, background: Bool) -> String? {
        guard case let .rgb(r, g, b) = color else { return nil }
        switch colors {
        case .none:
            return nil
        case .truecolor:
            return "\(background ? 48 : 38);2;\(r);\(g);\(b)"
        case .ansi256:
            return "\(background ? 48 : 38);5;\(ColorReduction.ansi256(red: r, green: g, blue: b))"
        case .ansi16:
            let i = Int(ColorReduction.ansi16(red: r, green: g, blue: b))
            let base = i < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return String(base + i % 8)
        }
    }
}
