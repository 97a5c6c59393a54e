import Cells
import Scenes
import Engine

/// What learn mode draws (docs/workshops.md, "Lessons"): the goal band over the top of the
/// canvas (the lesson, its checks, the hints asked for, and after a pass the rule and the
/// solution as commands), and the overlays: the prediction asked before the canvas shows
/// the answer, the lesson list with ✓, the closing screen.
enum LearnView {
    // Colours of the 256-colour cube (0, 95, 135, 175, 215, 255), so the band stays blue and
    // a pass green when the terminal has 256 colours (a nearer grey would win otherwise).
    static let bandStyle = CellStyle(foreground: Chrome.barText, background: Chrome.lessonBand)
    static let bandBold = CellStyle(foreground: Chrome.barText, background: Chrome.lessonBand, bold: true)
    static let hintStyle = CellStyle(foreground: Chrome.lessonHint, background: Chrome.lessonBand)
    static let passStyle = CellStyle(foreground: Chrome.barText, background: Chrome.passBand)
    static let passBold = CellStyle(foreground: Chrome.barText, background: Chrome.passBand, bold: true)
    static let keyStyle = CellStyle(foreground: Chrome.lessonKey, background: Chrome.lessonBand)
    static let passKeyStyle = CellStyle(foreground: Chrome.passKey, background: Chrome.passBand)

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
            let oneLine = "Solution: " + lesson.solution.map(\.text).joined(separator: "; ")
            if oneLine.count <= width - 2 || lesson.solution.count < 2 {
                add(lesson.solution.map(\.text).joined(separator: "; "), plain, lead: "Solution: ", indent: oneLine.count <= width - 2 ? 0 : 10)
            } else {
                for (i, command) in lesson.solution.enumerated() {
                    add(command.text, plain, lead: i == 0 ? "Solution: " : String(repeating: " ", count: 10), indent: 12)
                }
            }
            let next = learn.current + 1 < learn.lessons.count ? "N next lesson" : "N finish"
            add("\(next) · E lessons · u undo · q quit", passed ? passKeyStyle : keyStyle)
        } else {
            let left = lesson.hints.count - learn.hintsShown
            let hint = left > 0 ? "G hint (\(left) left)" : "no hints left"
            add("\(hint) · N skip · E lessons · u undo · ? keys", keyStyle)
        }
        return out
    }

    /// The band's lines for a canvas `columns` wide and `rows` tall: at most half the rows
    /// (the heading and the keys stay; what does not fit ends in an ellipsis).
    static func budgetedLines(_ learn: LearnState, columns: Int, rows: Int) -> [(String, CellStyle)] {
        guard !learn.lessons.isEmpty, columns > 10, rows > 6 else { return [] }
        var lines = bandLines(learn, width: columns)
        let budget = max(3, rows / 2)
        if lines.count > budget {
            let keys = lines.removeLast()
            lines = Array(lines.prefix(budget - 1))
            if let last = lines.last { lines[lines.count - 1] = (last.0 + " …", last.1) }
            lines.append(keys)
        }
        return lines
    }

    /// Learn mode's layout: the band takes the top rows of the canvas area, so the scene is
    /// fitted (and clicked, and hit-tested) below it, never hidden under it.
    static func makeRoom(_ layout: inout ScreenLayout, _ learn: LearnState) {
        let n = budgetedLines(learn, columns: layout.canvas.columns, rows: layout.canvas.rows).count
        guard n > 0 else { return }
        layout.canvas.row += n
        layout.canvas.rows -= n
    }

    /// The band, in the rows `makeRoom` took above the canvas.
    static func drawBand(_ canvas: inout Canvas, _ state: ExplorerState, _ layout: ScreenLayout) {
        guard let learn = state.learn else { return }
        let plain = ScreenLayout(columns: layout.columns, rows: layout.rows, picture: state.picture)
        let lines = budgetedLines(learn, columns: plain.canvas.columns, rows: plain.canvas.rows)
        let background = learn.isPassed ? passStyle : bandStyle
        for (i, (text, style)) in lines.enumerated() {
            canvas.clear(row: plain.canvas.row + i, column: plain.canvas.column, count: plain.canvas.columns, style: background)
            canvas.write(" " + text, column: plain.canvas.column, row: plain.canvas.row + i, style: style, maxWidth: plain.canvas.columns)
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
            lines += ["", "  Progress is saved. q quits · E lessons · any key goes back."]
            ExplorerScreen.drawBox(&canvas, title: "Well done", lines: lines, layout: layout, unicode: unicode)
        } else if let row = learn.listRow {
            var lines: [String] = []
            for (i, l) in learn.lessons.enumerated() {
                let mark = learn.passed.contains(l.name) ? "✓" : " "
                let here = i == row ? (unicode ? "▶" : ">") : " "
                lines.append("\(here) \(mark) \(i + 1). \(l.title)")
            }
            lines += ["", "j/k move · Enter opens · Esc closes"]
            ExplorerScreen.drawBox(
                &canvas, title: "Lessons · \(learn.passed.count)/\(learn.lessons.count) passed", lines: lines, layout: layout, unicode: unicode)
        } else if let index = learn.predicting {
            let prediction = learn.lesson.lesson.predict[index]
            // The canvas is covered until the prediction is answered: no peeking.
            let area = layout.canvas
            for r in area.row..<(area.row + area.rows) {
                canvas.clear(row: r, column: area.column, count: area.columns, style: CellStyle(background: Chrome.lessonShade))
            }
            var lines = [""] + ExplorerScreen.wrap(prediction.ask, width: width - 6).map { "  " + $0 } + [""]
            lines.append("  > " + learn.typed + (unicode ? "▏" : "_"))
            lines += ["", "  a number, a point (x y) or a name · Enter answers · Esc skips"]
            ExplorerScreen.drawBox(
                &canvas, title: "Predict first (\(index + 1)/\(learn.lesson.lesson.predict.count))", lines: lines, layout: layout, unicode: unicode)
        }
    }
}
