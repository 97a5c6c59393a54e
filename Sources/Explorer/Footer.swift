import Cells
import Raster

/// The rows under the canvas: the status line and the key echo. Neither is ever cut: a
/// message wider than the terminal (an error's suggestion, a save failure, the OSC 52 hint)
/// wraps onto rows above the status line, the echo (a long command, the presentation
/// banner) onto rows above the echo row; those rows come off the canvas's foot, and the
/// step caption moves up above them.
struct Footer {
    /// The status line's rows, top to bottom (each starts with the message's leading space).
    var status: [String]
    /// The echo's rows, top to bottom (empty text: one empty row).
    var echo: [String]
    /// The status line's right part (selection path, order, step progress) when the
    /// message leaves room for it, on the status's last row.
    var right: String?
    /// The message's room on that row when the right part is shown.
    var statusRoom: Int?
    /// The terminal row of the status's last row.
    var statusBottomRow: Int

    /// Rows taken from the canvas's foot.
    var extraRows: Int { status.count - 1 + echo.count - 1 }

    // `borrowing`: an initializer takes its arguments owned, which copied the whole state
    // for every frame (issue 36: a key's working set).
    init(_ state: borrowing ExplorerState, layout: ScreenLayout, report: CursorReport?, exploded: DepthFrame? = nil) {
        let columns = layout.columns
        // At most half the canvas goes to wrapped text; a message longer than that is cut
        // only on a terminal too small to show it at all.
        var budget = max(0, layout.canvas.rows / 2)

        // The echo: the presentation banner keeps two columns each side.
        var echo: [String] = [""]
        if case .command = state.mode {
        } else if state.picture.present {
            if !state.echo.isEmpty { echo = Footer.wrap(state.echo, width: columns - 4, budget: budget + 1) }
        } else if state.treeBrowser.typing == nil, !state.echo.isEmpty {
            echo = Footer.wrap("key: " + state.echo, width: columns, budget: budget + 1)
        }
        budget -= echo.count - 1
        self.echo = echo
        statusBottomRow = layout.statusRow - (echo.count - 1)

        let tree = state.session.tree
        var right = ""
        if let sel = state.session.selection, tree.contains(sel) { right += tree.path(of: sel) }
        if let report {
            right += "  cursor (\(NumberFormat.format(report.point.x)), \(NumberFormat.format(report.point.y)))"
        }
        // A small terminal's status line carries the compact inspector: the order waits in the panel.
        right += layout.panelHidden ? " " : "  order " + state.session.hitTestOrder.rawValue + " "
        // The exploded view: its order and camera come first (DepthView).
        if let exploded { right = "  " + DepthView.statusText(state, exploded, compact: layout.panelHidden) + " " + right }
        if state.session.stepCount > 0 { right += " \(state.session.currentStep)/\(state.session.stepCount) " }
        var message = state.status
        let rightWidth = right.displayWidth
        let room = max(0, columns - rightWidth - 1)
        // A small terminal hides the panel: the idle status line is the compact inspector.
        let idle = message.isEmpty || message.hasPrefix("press ? for the keys")
        if layout.panelHidden, idle, !state.statusIsError { message = Picture.compactInspector(state, width: room - 1) }
        // A message longer than its room takes whole rows, wrapped: the selection and the
        // order are in the panel too, the message is said once.
        if (" " + message).displayWidth > room {
            status = Footer.wrap(message, width: columns - 1, budget: budget + 1).map { " " + $0 }
            self.right = nil
            statusRoom = nil
        } else {
            status = [" " + message]
            self.right = right
            statusRoom = room
        }
    }

    /// Non-empty, no control character, no space first, last or twice in a row: what
    /// `ExplorerScreen.wrap` (which splits at spaces and joins with one) returns unchanged
    /// when it fits.
    static func isOneSpacedLine(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        var empty = true
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
            empty = false
        }
        return !empty && previous != 0x20
    }

    /// `text` wrapped to `width` columns in at most `budget` rows; only when even that is too
    /// few does the last row end in "…".
    static func wrap(_ text: String, width: Int, budget: Int) -> [String] {
        let width = max(1, width)
        // One line, words one space apart, that fits (the key echo, most messages): the wrap
        // would give it back whole; every frame skips replacing, splitting and joining.
        if text.utf8.count <= 4 * width, isOneSpacedLine(text), text.displayWidth <= width { return [text] }
        var lines = ExplorerScreen.wrap(text.replacing("\n", with: " "), width: width)
        if lines.isEmpty { lines = [""] }
        let budget = max(1, budget)
        if lines.count > budget {
            lines.removeSubrange(budget...)
            var last = lines[budget - 1]
            while last.displayWidth > width - 1, !last.isEmpty { last.removeLast() }
            lines[budget - 1] = last + "…"
        }
        return lines
    }
}
