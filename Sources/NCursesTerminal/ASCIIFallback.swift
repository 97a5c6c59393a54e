/// ASCII stand-ins for the glyphs the rasterizer draws, for non-UTF-8 locales, where
/// ncurses would silently drop them. The app should draw ASCII itself there
/// (`Capabilities.unicode` is false); this keeps a stray glyph visible.
enum ASCIIFallback {
    static func glyph(for character: Character) -> Unicode.Scalar {
        guard let scalar = character.unicodeScalars.first else { return " " }
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F ? "?" : scalar }
        switch scalar.value {
        case 0x2800: return " "                      // blank braille
        case 0x2801...0x28FF: return "."             // braille dots
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550: return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551: return "|"
        case 0x250C...0x254B, 0x2552...0x256C: return "+"   // corners, tees, crosses
        case 0x256D...0x2570: return "+"             // rounded corners
        case 0x2571: return "/"
        case 0x2572: return "\\"
        case 0x2573: return "X"
        case 0x2580...0x259F: return "#"             // blocks and half blocks
        case 0x25CF, 0x2022, 0x25C9, 0x25CB: return "o"   // dots and circles
        case 0x00D7, 0x2715, 0x2716: return "x"
        case 0x2190: return "<"
        case 0x2192: return ">"
        case 0x2191: return "^"
        case 0x2193: return "v"
        case 0x2026: return "."
        default: return "?"
        }
    }
}
