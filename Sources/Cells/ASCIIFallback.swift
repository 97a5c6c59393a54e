/// ASCII stand-ins for every non-ASCII glyph LayerScope draws or writes (rasterizer glyphs,
/// panel and title punctuation), for ASCII mode and non-UTF-8 locales, where a terminal
/// would drop them or print "?". One table for the screen and the ncurses backend.
public enum ASCIIFallback {
    public static func glyph(for character: Character) -> Unicode.Scalar {
        guard let scalar = character.unicodeScalars.first else { return " " }
        return glyph(for: scalar)
    }

    /// The stand-in for a glyph whose first scalar is `scalar`.
    public static func glyph(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F ? "?" : scalar }
        switch scalar.value {
        case 0x2800: return " "  // blank braille
        case 0x2801...0x28FF: return "."  // braille dots
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550: return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551: return "|"
        case 0x250C...0x254B, 0x2552...0x256C: return "+"  // corners, tees, crosses
        case 0x256D...0x2570: return "+"  // rounded corners
        case 0x2571: return "/"
        case 0x2572: return "\\"
        case 0x2573: return "X"
        case 0x2580...0x259F: return "#"  // blocks and half blocks
        case 0x25CF, 0x2022, 0x25C9, 0x25CB: return "o"  // dots and circles
        case 0x00D7, 0x2715, 0x2716: return "x"
        case 0x2190: return "<"
        case 0x2192: return ">"
        case 0x2191: return "^"
        case 0x2193: return "v"
        case 0x2026, 0x00B7: return "."  // … ·
        case 0x2212, 0x2013, 0x2014: return "-"  // − – —
        case 0x00B0: return "o"  // °
        case 0x203A, 0x25B8, 0x25B6: return ">"  // › ▸ ▶
        case 0x2039: return "<"
        case 0x25BE, 0x25BC: return "v"  // ▾ ▼
        case 0x2299, 0x2217: return "*"  // ⊙ ∗
        case 0x2717, 0x2718: return "x"  // ✗ ✘
        case 0x271B, 0x271A, 0x2795: return "+"  // ✛
        case 0x26A0: return "!"  // ⚠
        case 0x2260: return "#"  // ≠
        case 0x2248: return "~"  // ≈
        case 0x00B2: return "2"
        default: return "?"
        }
    }
}

extension Canvas {
    /// The same canvas with every non-ASCII glyph replaced by its ASCII stand-in.
    public func asciified() -> Canvas {
        var out = self
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = self[column, row]
                if cell.isWideTail {
                    // The wide glyph became one ASCII stand-in: its right half is a space.
                    out.setCellUnchecked(column: column, row: row, Cell(scalar: " ", style: cell.style))
                } else if !cell.scalar.isASCII {
                    out[column, row] = Cell(scalar: ASCIIFallback.glyph(for: cell.scalar), style: cell.style)
                }
            }
        }
        return out
    }
}
