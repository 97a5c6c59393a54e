import Geometry
import LayerModel

extension DrawingOperation {
    /// The one spelling, read back identically by the drawing parser (files and `draw`).
    public var text: String {
        let n = NumberText.exact
        let q = CommandQuoting.ifNeeded
        func rect(_ r: Rect) -> String { [r.origin.x, r.origin.y, r.size.width, r.size.height].map(n).joined(separator: " ") }
        func width(_ w: Double?) -> String { w.map { " " + n($0) } ?? "" }
        switch self {
        case .save, .restore: return verb
        case let .translate(x, y): return "translate \(n(x)) \(n(y))"
        case let .rotate(a): return "rotate \(a.text)"
        case let .scale(x, y): return "scale \(n(x)) \(n(y))"
        case let .concat(t): return "concat " + t.values.map(n).joined(separator: " ")
        case let .fillRect(r, c), let .fillEllipse(r, c): return "\(verb) \(rect(r)) \(q(c.spelling))"
        case let .strokeRect(r, c, w), let .strokeEllipse(r, c, w): return "\(verb) \(rect(r)) \(q(c.spelling))" + width(w)
        case let .line(a, b, c, w): return "line \(n(a.x)) \(n(a.y)) \(n(b.x)) \(n(b.y)) \(q(c.spelling))" + width(w)
        case let .text(s, p, c):
            // Always quoted: the text is a string, whatever it holds.
            let quoted = CommandQuoting.ifNeeded(s) == s ? "\"\(s)\"" : CommandQuoting.ifNeeded(s)
            return "text \(quoted) \(n(p.x)) \(n(p.y))" + (c.map { " " + q($0.spelling) } ?? "")
        }
    }
}
