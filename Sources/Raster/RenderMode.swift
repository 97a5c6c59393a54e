/// The C library's `wcwidth` (wchar.h; not exported by the Glibc module).
@_silgen_name("wcwidth") private func libcWcwidth(_ c: Int32) -> Int32

/// How the rasterizer turns geometry into glyphs.
///
/// - `braille`: fills in half-block pixels (`▀▄█`, 1 × 2 per cell, fg/bg colours); outlines,
///   frame boxes, ghosts and crosshairs in braille dots (U+2800 block, 2 × 4 per cell).
/// - `blocks`: everything in half-block pixels, for fonts without braille; outlines are
///   coloured pixels, markers are glyphs (`◉`, `✛` with `╌`/`╎` arms).
/// - `sextant`: fills and lines on a 2 × 3 grid of solid sub-cells (U+1FB00 "block
///   sextants", Unicode 13): edges are true to a sixth of a cell with no dot texture, for
///   terminals and fonts that have them (kitty, WezTerm, foot, Ghostty, Windows Terminal
///   and VTE draw them themselves). Never chosen by `auto`: nothing tells a program the font.
/// - `octant`: fills and lines on the braille grid, 2 × 4 sub-cells, drawn as solid *block
///   octants* (U+1CD00…U+1CDE5, Unicode 16, with the Block Elements and Legacy Computing
///   characters Unicode uses for the other 26 masks): braille's resolution without the dot
///   texture. Opt-in like sextant (kitty, WezTerm, foot and Ghostty draw them themselves).
/// - `ascii`: whole cells and ASCII only: fills `.`, outlines `-|/\` with `+` corners,
///   markers `*` and `+`.
/// - `auto`: braille on a UTF-8 target, ascii otherwise.
public enum RenderMode: String, Equatable, Hashable, Sendable, CaseIterable {
    case braille
    case blocks
    case sextant
    case octant
    case ascii
    case auto

    /// The concrete mode for a target: `auto` becomes braille when `unicode`, and any
    /// non-ASCII mode becomes `ascii` when the target cannot show UTF-8 (ncurses silently
    /// drops braille and block glyphs in a non-UTF-8 locale).
    public func resolved(unicode: Bool) -> RenderMode {
        guard unicode else { return .ascii }
        return self == .auto ? .braille : self
    }

    /// True for the modes that only emit ASCII.
    public var isASCII: Bool { self == .ascii }

    /// Whether the C library gives Unicode 16's block octants a width of one column
    /// (`wcwidth(U+1CD00) == 1`, under the current locale). ncurses places text by that
    /// width: where the library predates Unicode 16 it says -1, ncurses misplaces every cell
    /// after an octant, and the explorer must draw braille instead (`render` prints text
    /// and is not affected).
    public static var octantsHaveWidth: Bool { libcWcwidth(0x1CD00) == 1 }
}
