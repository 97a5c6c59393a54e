import CNCurses
import Cells
import TerminalKit

/// How many colours the screen gets, and why: terminfo's colour count, raised by
/// `COLORTERM`, lowered by `NO_COLOR` and `TERM=dumb`, overridden by `--color`.
///
/// ncurses draws no colours itself any more (frames are written by `ScreenUpdate`,
/// which sends SGR codes directly), so no colour pairs are allocated: truecolor works
/// on any terminfo entry, the way other full-screen programs do it.
enum ColorSupport {
    struct Colors: Equatable {
        var depth: ColorDepth
        /// The 16-colour palette has its bright half (terminfo `colors` ≥ 16, or more
        /// than 16 colours in use).
        var brightColors: Bool
        /// Why the screen is monochrome, when nobody asked for it.
        var monochromeReason: String?
    }

    /// The colours for `term`, from terminfo (call after newterm) and the environment.
    static func detect(
        requested: ColorDepth?, term: String,
        environment: (String) -> String?
    ) -> Colors {
        let count = has_colors() ? Int(tigetnum("colors")) : 0
        return decide(
            requested: requested, term: term, terminfoColors: count,
            colorTerm: environment("COLORTERM"), noColor: environment("NO_COLOR"))
    }

    /// The ladder, without ncurses (tested directly):
    /// 1. terminfo offers monochrome (< 8 colours), 16 (8 or 16), 256, or truecolor (2²⁴);
    /// 2. `COLORTERM=truecolor` or `24bit` raises that to truecolor with any `TERM`
    ///    (terminfo entries rarely say direct colour; the terminal does);
    /// 3. `--color` wins over the rest but is clamped to what 1–2 offer;
    /// 4. otherwise a non-empty `NO_COLOR` (no-color.org: an empty one does not count)
    ///    or `TERM=dumb` turn colours off.
    static func decide(
        requested: ColorDepth?, term: String, terminfoColors: Int,
        colorTerm: String?, noColor: String?
    ) -> Colors {
        var offered: ColorDepth
        if terminfoColors >= 0x100_0000 {
            offered = .truecolor
        } else if terminfoColors >= 256 {
            offered = .ansi256
        } else if terminfoColors >= 8 {
            offered = .ansi16
        } else {
            offered = .none
        }
        let colorTermSaysTrueColor = ["truecolor", "24bit"].contains(colorTerm?.lowercased() ?? "")
        if colorTermSaysTrueColor && term != "dumb" { offered = .truecolor }
        let bright = terminfoColors >= 16 || offered > .ansi16
        if let requested {
            let depth = min(requested, offered)
            let reason =
                depth == .none && requested != .none
                ? "monochrome: TERM=\(term) has no colours in terminfo (try TERM=xterm-256color)" : nil
            return Colors(depth: depth, brightColors: bright, monochromeReason: reason)
        }
        if let noColor, !noColor.isEmpty {
            return Colors(
                depth: .none, brightColors: bright,
                monochromeReason: "monochrome: NO_COLOR is set (--color 256 overrides it)")
        }
        if term == "dumb" {
            return Colors(depth: .none, brightColors: bright, monochromeReason: "monochrome: TERM=dumb")
        }
        let reason =
            offered == .none
            ? "monochrome: TERM=\(term) has no colours in terminfo (try TERM=xterm-256color)" : nil
        return Colors(depth: offered, brightColors: bright, monochromeReason: reason)
    }

    /// The one-line explanation for the status line when the screen is ASCII or
    /// monochrome, or nil when it is neither (or the user asked for it).
    static func notes(colors: Colors, codeset: String, unicode: Bool) -> String? {
        var parts: [String] = []
        if !unicode {
            parts.append("ASCII only: the locale's encoding is \(codeset), not UTF-8 (set LANG=C.UTF-8)")
        }
        if let reason = colors.monochromeReason { parts.append(reason) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
