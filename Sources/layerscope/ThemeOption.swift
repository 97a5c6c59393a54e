import ArgumentParser
import NCursesTerminal
import Raster
import LayerModel

/// `--theme`: the terminal's background.
enum ThemeChoice: String, ExpressibleByArgument, CaseIterable {
    case dark, light, auto
}

extension DrawOptions {
    /// The theme to draw with and the terminal's own background colour when known. `auto`
    /// asks the terminal (OSC 11, before ncurses starts) when `askTerminal`, and falls back
    /// to dark when it does not answer.
    func resolvedTheme(askTerminal: Bool) -> (Theme, Color?) {
        switch theme {
        case .dark: return (.dark, nil)
        case .light: return (.light, nil)
        case .auto:
            guard askTerminal, let c = BackgroundQuery.ask() else { return (.dark, nil) }
            let color = Color(red: c.red, green: c.green, blue: c.blue)
            return (Theme.matching(background: color), color)
        }
    }
}
