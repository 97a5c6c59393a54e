import Cells
import LayoutFiles
import Engine

/// What learn mode draws (docs/workshops.md, "Lessons"): the goal band over the top of the
/// canvas (the lesson, its checks, the hints asked for, and after a pass the rule and the
/// solution as commands), and the overlays: the prediction asked before the canvas shows
/// the answer, the lesson list with ✓, the closing screen.
enum LearnView {
    static let bandStyle = CellStyle(foreground: .rgb(235, 240, 255), background: .rgb(28, 44, 84))
    static let bandBold = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(28, 44, 84), bold: true)
    static let hintStyle = CellStyle(foreground: .rgb(255, 225, 140), background: .rgb(28, 44, 84))
    static let passStyle = CellStyle(foreground: .rgb(240, 255, 240), background: .rgb(22, 84, 44))
    static let passBold = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(22, 84, 44), bold: true)
    static let keyStyle = CellStyle(foreground: .rgb(170, 185, 215), background: .rgb(28, 44, 84))
    static let passKeyStyle = CellStyle(foreground: .rgb(190, 230, 200), background: .rgb(22, 84, 44))

    /// The lines of the band, each with its style, for a band `width` columns wide.
    static func bandLines(_ learn: LearnState, width: Int) -> [(String, CellStyle)] {
        let lesson = learn.lesson.lesson
        let passed = learn.isPassed
        let bold = passed ? passBold : bandBold, plain = passed ? passStyle : bandStyle
        var out: [(String, CellStyle)] = []
        func add(_ text: String, _ style: CellStyle, lead: String = "", indent: Int = 0) {
            let lines = ExplorerScreen.wrap(lead + text, width: max(1, width - 2 - indent))
            for (i, line) in lines.enumerated() { out.append(((i == 0 ? "" : String(repeating: " ", count: indent)) + line, style)) }
        }
        let checks = learn.result.map { r in "\(r.checks.filter { $0 }.count)/\(r.checks.count) checks" } ?? ""
        let state = passed ? "✓ passed" : "✗ " + checks
        add("Lesson \(learn.current + 1)/\(learn.lessons.count) · \(learn.lesson.title) · \(state)", bold)
        add(lesson.goal, plain, lead: "Goal: ", indent: 6)
        for i in 0..<learn.hintsShown where i < lesson.hints.count {
            add(lesson.hints[i], passed ? plain : hintStyle, lead: "Hint \(i + 1): ", indent: 8)
        }
        if passed {
            if let why = lesson.why { add(why, plain, lead: "Why: ", indent: 5) }
            add(lesson.solution.map(\.text).joined(separator: "; "), plain, lead: "Solution: ", indent: 10)
            let next = learn.current + 1 < learn.lessons.count ? "N next lesson" : "N finish"
            add("\(next) · M lessons · u undo · q quit", passed ? passKeyStyle : keyStyle)
        } else {
            let left = lesson.hints.count - learn.hintsShown
            let hint = left > 0 ? "G hint (\(left) left)" : "no hints left"
            add("\(hint) · N skip · M lessons · u undo · ? keys", keyStyle)
        }
        return out
    }

    /// The band across the top of the canvas: at most half its rows (the goal line and the
    /// keys stay; hints and the rule are cut first, with an ellipsis).
    static func drawBand(_ canvas: inout Canvas, _ state: ExplorerState, _ area: CellRect) {
        guard let learn = state.learn, !learn.lessons.isEmpty, !area.isEmpty, area.columns > 10 else { return }
        var lines = bandLines(learn, width: area.columns)
        let budget = max(3, area.rows / 2)
        if lines.count > budget {
            let keys = lines.removeLast()
            lines = Array(lines.prefix(budget - 1))
            if let last = lines.last { lines[lines.count - 1] = (last.0 + " …", last.1) }
            lines.append(keys)
        }
        let background = learn.isPassed ? passStyle : bandStyle
        for (i, (text, style)) in lines.enumerated() {
            canvas.clear(row: area.row + i, column: area.column, count: area.columns, style: background)
            canvas.write(" " + text, column: area.column, row: area.row + i, style: style, maxWidth: area.columns)
        }
    }

    /// The prediction box, the lesson list, the closing screen: over everything.
    static func drawOverlays(_ canvas: inout Canvas, _ state: ExplorerState, _ layout: ScreenLayout, unicode: Bool) {
        guard let learn = state.learn, !learn.lessons.isEmpty else { return }
        let width = max(20, min(72, layout.columns - 8))
        if learn.finished {
            let hints = learn.totalHints
            var lines = ["", "  " + (unicode ? "★ " : "* ") + "Every lesson of \(learn.pack) passed: \(learn.passed.count)/\(learn.lessons.count)", ""]
            lines.append("  Hints used: \(hints)" + (hints == 0 ? " — not one. Well done." : "."))
            lines.append("")
            for (i, l) in learn.lessons.enumerated() {
                lines.append("  " + (learn.passed.contains(l.name) ? "✓" : " ") + " \(i + 1). " + l.title)
            }
            lines += ["", "  Progress is saved. q quits · M lessons · any key goes back."]
            ExplorerScreen.drawBox(&canvas, title: "Well done", lines: lines, layout: layout, unicode: unicode)
        } else if let row = learn.listRow {
            var lines: [String] = []
            for (i, l) in learn.lessons.enumerated() {
                let mark = learn.passed.contains(l.name) ? "✓" : " "
                let here = i == row ? (unicode ? "▶" : ">") : " "
                lines.append("\(here) \(mark) \(i + 1). \(l.title)")
            }
            lines += ["", "j/k move · Enter opens · Esc closes"]
            ExplorerScreen.drawBox(&canvas, title: "Lessons · \(learn.passed.count)/\(learn.lessons.count) passed", lines: lines, layout: layout, unicode: unicode)
        } else if let index = learn.predicting {
            let prediction = learn.lesson.lesson.predict[index]
            // The canvas is covered until the prediction is answered: no peeking.
            let area = layout.canvas
            for r in area.row..<(area.row + area.rows) {
                canvas.clear(row: r, column: area.column, count: area.columns, style: CellStyle(background: .rgb(20, 20, 28)))
            }
            var lines = [""] + ExplorerScreen.wrap(prediction.ask, width: width - 6).map { "  " + $0 } + [""]
            lines.append("  > " + learn.typed + (unicode ? "▏" : "_"))
            lines += ["", "  a number, a point (x y) or a name · Enter answers · Esc skips"]
            ExplorerScreen.drawBox(&canvas, title: "Predict first (\(index + 1)/\(learn.lesson.lesson.predict.count))", lines: lines, layout: layout, unicode: unicode)
        }
    }
}
