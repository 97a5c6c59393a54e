#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Cells
import Explorer
import Graphics

// kitty's Unicode placeholders inside tmux (docs/picture.md, "Inside tmux"): the frames for
// them need the colour depth the frames are written in (it decides which id the outer
// terminal reads from the cells' colour), which only the terminal knows.
extension RunLoop {
    /// The frames for `graphics` at `cell` pixels a cell; nil when they cannot be drawn
    /// here, with the reason: placeholders need at least 256 colours (their colour is the
    /// image's id).
    public func pixelFrames(_ graphics: GraphicsProtocol, cell: (width: Int, height: Int), tmux: TmuxAnswers?)
        -> (frames: PixelFrames?, refusal: String?)
    {
        guard graphics == .kittyPlaceholders else {
            return (PixelFrames(graphics: graphics, cellWidth: cell.width, cellHeight: cell.height), nil)
        }
        let depth = terminal.capabilities.colorDepth
        guard depth >= .ansi256 else {
            return (
                nil,
                "cells (kitty's Unicode placeholders name their image by colour, and this pane is written in \(depth == .none ? "no colours" : "16 colours"))"
            )
        }
        let ink = KittyPlaceholder.Ink.forProcess(
            seed: Int(getpid()), truecolorReachesTerminal: depth == .truecolor && (tmux?.passesTruecolor ?? false))
        return (PixelFrames(graphics: graphics, cellWidth: cell.width, cellHeight: cell.height, ink: ink), nil)
    }
}

extension RunLoop {
    /// Puts `status` on the status line (before the first frame: what `--graphics` chose).
    public func say(_ status: String) { state.status = status }
}
