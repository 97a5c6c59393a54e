import Cells
import TerminalKit

extension NCursesTerminal: GraphicsTerminal {
    public func writeImage(_ bytes: [UInt8], repaint: CellRect?, clear: CellRect?) throws {
        var out = bytes
        if let clear {
            // Every cell of the region written again: the image under it is painted over.
            screenUpdate.forget(clear) { _ in true }
        }
        if let repaint {
            // Names, marks and the step caption over a sixel image: written again on it.
            screenUpdate.forget(repaint) { $0 != .blank }
        }
        if clear != nil || repaint != nil, let lastCanvas {
            screenUpdate.update(to: lastCanvas, appendingTo: &out)
            // The text cursor (a command line) back where the frame put it.
            if let cursor = lastCursor { placeCursor(cursor, into: &out) }
        }
        try writeBetweenFrames(out)
    }
}
