import CNCurses
import Raster
import TerminalKit

/// Turns a `CellStyle` into ncurses attributes and a color pair, for one color depth.
///
/// Pairs are allocated lazily with `alloc_pair` (ncurses 6.1+) and cached by
/// (foreground, background). When the table is full, `look(for:)` answers `nil` and the
/// caller resets the table with `resetPairs()` and paints the frame again: letting
/// `alloc_pair` recycle the oldest pair itself would recolor cells ncurses believes are
/// already right on screen.
struct Palette {
    struct Look {
        var attributes: attr_t
        var pair: Int32
    }

    let depth: Capabilities.ColorDepth
    /// `use_default_colors` worked: -1 means the terminal's own foreground/background.
    private var usesDefaultColors = false
    /// How many ANSI colors `.ansi16` may use (8 on 8-color terminals).
    private var ansiCount = 16
    /// Allocatable pairs (pair 0 is fixed to the default colors).
    private var pairLimit = 0
    private var pairs: [PairKey: Int32] = [:]
    private var looks: [CellStyle: Look] = [:]

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Starts ncurses's color support when `depth` has colors. Call once, after newterm.
    init(depth: Capabilities.ColorDepth) {
        var depth = depth
        if depth != .monochrome {
            if start_color() == ERR {
                depth = .monochrome
            } else {
                usesDefaultColors = use_default_colors() == OK
                ansiCount = min(16, Int(cn_colors()))
                pairLimit = Int(cn_color_pairs()) - 1
            }
        }
        self.depth = depth
    }

    /// The attributes and pair for `style`, or `nil` when the pair table is full.
    mutating func look(for style: CellStyle) -> Look? {
        if let look = looks[style] { return look }
        var attributes = cn_attr_normal()
        if style.bold { attributes |= cn_attr_bold() }
        if style.dim { attributes |= cn_attr_dim() }
        if style.reverse { attributes |= cn_attr_reverse() }
        if style.underline { attributes |= cn_attr_underline() }
        guard let pair = pair(foreground: colorIndex(style.foreground, isForeground: true),
                              background: colorIndex(style.background, isForeground: false)) else {
            return nil
        }
        let look = Look(attributes: attributes, pair: pair)
        looks[style] = look
        return look
    }

    /// Forgets every allocated pair (ncurses then repaints what used them).
    mutating func resetPairs() {
        guard depth != .monochrome else { return }
        reset_color_pairs()
        pairs = [:]
        looks = [:]
    }

    private mutating func pair(foreground: Int32, background: Int32) -> Int32? {
        if depth == .monochrome { return 0 }
        if usesDefaultColors && foreground == -1 && background == -1 { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        guard pairs.count < pairLimit else { return nil }
        let pair = alloc_pair(foreground, background)
        guard pair > 0 else { return nil }
        pairs[key] = pair
        return pair
    }

    /// The ncurses color number for `color`: -1 for the default (or white on black
    /// when the terminal has no default colors), else the nearest color of the depth.
    private func colorIndex(_ color: CellColor, isForeground: Bool) -> Int32 {
        switch color {
        case .default:
            if usesDefaultColors { return -1 }
            return isForeground ? Int32(COLOR_WHITE) : Int32(COLOR_BLACK)
        case .rgb(let r, let g, let b):
            switch depth {
            case .monochrome:
                return -1
            case .ansi16:
                // Raster's reduction (shared with `render --color 16`); 8-color terminals
                // take the dark half.
                let index = Int32(Raster.ColorReduction.ansi16(red: r, green: g, blue: b))
                return ansiCount >= 16 ? index : index % 8
            case .ansi256:
                return Int32(Raster.ColorReduction.ansi256(red: r, green: g, blue: b))
            case .trueColor:
                // Direct-color terminfo (xterm-direct): the color number is the RGB value,
                // except that 0…7 still mean the ANSI colors there, so the darkest
                // blues (0, 0, 0…7) become (0, 0, 8), which looks the same.
                return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
            }
        }
    }
}
