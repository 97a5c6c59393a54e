import Cells

/// What a terminal can show and report, as the backend decided at start-up.
public struct Capabilities: Hashable, Sendable {
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
