import Raster

/// What a terminal can show and report, as the backend decided at start-up.
public struct Capabilities: Hashable, Sendable {
    /// How many colors a terminal shows, from none to 24-bit.
    ///
    /// The raw values are the spellings of a `--color` option: `none`, `16`, `256`, `truecolor`.
    public enum ColorDepth: String, CaseIterable, Comparable, Sendable {
        /// Monochrome: attributes (bold, dim, reverse, underline) only.
        case monochrome = "none"
        /// The 16 ANSI colors (8 on terminals that have only those).
        case ansi16 = "16"
        /// The xterm 256-color palette: 16 ANSI, a 6×6×6 cube, 24 grays.
        case ansi256 = "256"
        /// 24-bit RGB.
        case trueColor = "truecolor"

        private var rank: Int {
            switch self {
            case .monochrome: 0
            case .ansi16: 1
            case .ansi256: 2
            case .trueColor: 3
            }
        }
        public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rank < b.rank }
    }

    /// True when the terminal's locale is UTF-8, so braille, block and box-drawing glyphs
    /// show. When false, draw ASCII only (the ncurses backend replaces other glyphs with
    /// ASCII stand-ins rather than let them vanish).
    public var unicode: Bool
    public var colorDepth: ColorDepth
    /// True when mouse events are being reported.
    public var mouse: Bool
    /// True when the terminal's font has braille patterns (U+2800…): not the Linux
    /// console (`TERM=linux`), whose fonts hold 256 or 512 glyphs, block elements but
    /// no braille.
    public var braille: Bool
    /// Why the screen is ASCII or monochrome when nobody asked for it (the locale, the
    /// terminal type, `NO_COLOR`), for the status line; nil when it is neither.
    public var notes: String?

    public init(unicode: Bool, colorDepth: ColorDepth, mouse: Bool, braille: Bool = true, notes: String? = nil) {
        self.unicode = unicode; self.colorDepth = colorDepth; self.mouse = mouse
        self.braille = braille; self.notes = notes
    }
}

extension Capabilities.ColorDepth {
    /// The same depth as the rasterizer's `ColorDepth` (the ANSI encoder's spelling).
    public var rasterDepth: Raster.ColorDepth {
        switch self {
        case .monochrome: .none
        case .ansi16: .ansi16
        case .ansi256: .ansi256
        case .trueColor: .truecolor
        }
    }
}
