import Geometry
import LayerModel

/// Reads drawing operations (content.md): one operation from a `draw` command's words, or
/// from one string of a layout file's `drawing` list. Every refusal names the column and the
/// operation's form.
extension TokenCursor {
    /// One operation; the words after it are the caller's business (`draw` refuses extras).
    public mutating func drawingOperation() throws(CommandError) -> DrawingOperation {
        let verbToken = try word("a drawing operation (\(DrawingOperation.verbs.joined(separator: ", ")))")
        let verb = verbToken.text
        guard let form = DrawingOperation.synopses[verb] else {
            let near = NearMiss.closest(to: verb, among: DrawingOperation.verbs + ["fill", "stroke", "ellipse", "rect", "rotation", "concatenate"])
            let aliases = [
                "fill": "fill-rect", "stroke": "stroke-rect", "ellipse": "fill-ellipse", "rect": "fill-rect",
                "rotation": "rotate", "concatenate": "concat", "saveGState": "save", "restoreGState": "restore",
                "fillRect": "fill-rect", "strokeRect": "stroke-rect", "fillEllipse": "fill-ellipse", "strokeEllipse": "stroke-ellipse"
            ]
            let guess = aliases[verb] ?? near.map { aliases[$0] ?? $0 }
            throw CommandError(
                "unknown drawing operation \"\(verb)\"", column: verbToken.column,
                suggestion: guess.map { "did you mean \"\($0)\" (\(DrawingOperation.synopses[$0] ?? $0))?" }
                    ?? "use one of \(DrawingOperation.verbs.joined(separator: ", "))")
        }
        func num(_ what: String) throws(CommandError) -> Double {
            guard peek != nil else { throw CommandError("missing \(what): \(verb) takes \(form)", column: endColumn, suggestion: "write \(form)") }
            do { return try number(what) } catch {
                var e = error
                e.suggestion = e.suggestion ?? "write \(form)"
                throw e
            }
        }
        func color() throws(CommandError) -> DrawingColor {
            guard let t = peek else {
                throw CommandError(
                    "missing a color: \(verb) takes \(form)", column: endColumn,
                    suggestion: "add a CSS color name like orange; quote a hex color: \"#ff8000\"")
            }
            advance()
            guard let c = Color(css: t.text) else {
                if TokenCursor.number(t.text) != nil {
                    throw CommandError("expected a color, found the number \(t.text): \(verb) takes \(form)", column: t.column, suggestion: "write \(form)")
                }
                throw CommandError(
                    "unknown color \"\(t.text)\"", column: t.column,
                    suggestion: NearMiss.closest(to: t.text, among: Color.cssNames).map { "did you mean \"\($0)\"?" } ?? "use a CSS color name, #rgb or #rrggbb"
                )
            }
            return DrawingColor(c, spelling: t.text)
        }
        func width() throws(CommandError) -> Double? {
            guard peek != nil else { return nil }
            let column = peek?.column
            let w = try num("a line width")
            guard w >= 0 else { throw CommandError("a line width cannot be negative", column: column, suggestion: "write \(form)") }
            return w
        }
        func rect() throws(CommandError) -> Rect {
            Rect(x: try num("x"), y: try num("y"), width: try num("a width"), height: try num("a height"))
        }
        let op: DrawingOperation
        switch verb {
        case "save": op = .save
        case "restore": op = .restore
        case "translate": op = .translate(try num("tx"), try num("ty"))
        case "rotate":
            guard peek != nil else {
                throw CommandError("missing an angle: rotate takes \(form)", column: endColumn, suggestion: "write rotate 45 (degrees, or 0.5rad)")
            }
            op = .rotate(try angle())
        case "scale": op = .scale(try num("sx"), try num("sy"))
        case "concat":
            op = .concat(Affine2D(a: try num("a"), b: try num("b"), c: try num("c"), d: try num("d"), tx: try num("tx"), ty: try num("ty")))
        case "fill-rect": op = .fillRect(try rect(), try color())
        case "stroke-rect": op = .strokeRect(try rect(), try color(), width: try width())
        case "fill-ellipse": op = .fillEllipse(try rect(), try color())
        case "stroke-ellipse": op = .strokeEllipse(try rect(), try color(), width: try width())
        case "line":
            let a = Point(x: try num("x1"), y: try num("y1")), b = Point(x: try num("x2"), y: try num("y2"))
            op = .line(a, b, try color(), width: try width())
        default:  // "text"
            guard let t = peek else { throw CommandError("missing the text: text takes \(form)", column: endColumn, suggestion: "write \(form)") }
            advance()
            let p = Point(x: try num("x"), y: try num("y"))
            op = .text(t.text, p, peek == nil ? nil : try color())
        }
        if let extra = peek {
            throw CommandError("unexpected \"\(extra.text)\" after \(verb): it takes \(form)", column: extra.column, suggestion: "write \(form)")
        }
        return op
    }
}

extension TokenCursor {
    /// `[at N]` after a content query: nil when absent.
    mutating func drawingIndex() throws(CommandError) -> Int? {
        guard let t = peek, !t.quoted, t.text == "at" else { return nil }
        advance()
        let column = peek?.column ?? endColumn
        let n = try integer("an operation count after \"at\"")
        guard n >= 0 else { throw CommandError("an operation count cannot be negative", column: column, suggestion: "at 0 is the base CTM") }
        return n
    }
}

extension DrawingOperation {
    /// One operation from its text (a layout file's `drawing` element). Unlike a command
    /// line, `#` starts no comment here, so `"fill-rect 0 0 10 10 #ff8000"` reads.
    public static func parse(_ text: String) throws(CommandError) -> DrawingOperation {
        var tokens: [CommandToken] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            if chars[i].isWhitespace { i += 1; continue }
            let start = i
            var word = ""
            if chars[i] == "\"" {
                i += 1
                var closed = false
                while i < chars.count {
                    if chars[i] == "\\", i + 1 < chars.count { word.append(chars[i + 1]); i += 2; continue }
                    if chars[i] == "\"" { closed = true; i += 1; break }
                    word.append(chars[i]); i += 1
                }
                guard closed else { throw CommandError("unterminated quoted text", column: start + 1, suggestion: "close it with \"") }
                tokens.append(CommandToken(text: word, column: start + 1, quoted: true))
                continue
            }
            while i < chars.count, !chars[i].isWhitespace { word.append(chars[i]); i += 1 }
            tokens.append(CommandToken(text: word, column: start + 1, quoted: false))
        }
        var r = TokenCursor(tokens: tokens, endColumn: chars.count + 1)
        return try r.drawingOperation()
    }
}
