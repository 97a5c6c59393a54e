import Geometry
import LayerModel
import SafeText

/// The drawing as Swift (content.md): `override func draw(_ rect: CGRect)` for a view,
/// `override func draw(in ctx: CGContext)` for a layer, one Core Graphics call per
/// operation, in order, so the code's CTM is the scene's.
extension SwiftExport {
    public static func drawingCode(for layer: Layer) -> [String] {
        guard !layer.drawing.isEmpty else { return [] }
        let n = ExportNumber.swift
        let view = layer.kind == .view
        var lines = ["", view ? "// In a UIView subclass:" : "// In a CALayer subclass (setNeedsDisplay() to draw):"]
        if view {
            lines.append("override func draw(_ rect: CGRect) {")
            lines.append("    guard let ctx = UIGraphicsGetCurrentContext() else { return }")
        } else {
            lines.append("override func draw(in ctx: CGContext) {")
            lines.append("    UIGraphicsPushContext(ctx); defer { UIGraphicsPopContext() }")
        }
        func rect(_ r: Rect) -> String { "CGRect(x: \(n(r.origin.x)), y: \(n(r.origin.y)), width: \(n(r.size.width)), height: \(n(r.size.height)))" }
        func color(_ c: DrawingColor) -> String { expression(.color(c.color, spelling: c.spelling), color: .cgColor) }
        for op in layer.drawing {
            var call: [String]
            switch op {
            case .save: call = ["ctx.saveGState()"]
            case .restore: call = ["ctx.restoreGState()"]
            case let .translate(x, y): call = ["ctx.translateBy(x: \(n(x)), y: \(n(y)))"]
            case let .rotate(a): call = ["ctx.rotate(by: \(n(a.angle.radians)))  // \(a.text)"]
            case let .scale(x, y): call = ["ctx.scaleBy(x: \(n(x)), y: \(n(y)))"]
            case let .concat(t):
                call = ["ctx.concatenate(CGAffineTransform(a: \(n(t.a)), b: \(n(t.b)), c: \(n(t.c)), d: \(n(t.d)), tx: \(n(t.tx)), ty: \(n(t.ty))))"]
            case let .fillRect(r, c): call = ["ctx.setFillColor(\(color(c)))", "ctx.fill(\(rect(r)))"]
            case let .strokeRect(r, c, w):
                call = ["ctx.setStrokeColor(\(color(c)))", "ctx.setLineWidth(\(n(w ?? 1)))", "ctx.stroke(\(rect(r)))"]
            case let .fillEllipse(r, c): call = ["ctx.setFillColor(\(color(c)))", "ctx.fillEllipse(in: \(rect(r)))"]
            case let .strokeEllipse(r, c, w):
                call = ["ctx.setStrokeColor(\(color(c)))", "ctx.setLineWidth(\(n(w ?? 1)))", "ctx.strokeEllipse(in: \(rect(r)))"]
            case let .line(a, b, c, w):
                call = [
                    "ctx.setStrokeColor(\(color(c)))", "ctx.setLineWidth(\(n(w ?? 1)))",
                    "ctx.strokeLineSegments(between: [CGPoint(x: \(n(a.x)), y: \(n(a.y))), CGPoint(x: \(n(b.x)), y: \(n(b.y)))])"
                ]
            case let .text(s, p, c):
                let attributes = c.map { "[.foregroundColor: \(expression(.color($0.color, spelling: $0.spelling), color: .uiColor))]" } ?? "[:]"
                call = ["(\(swiftString(s)) as NSString).draw(at: CGPoint(x: \(n(p.x)), y: \(n(p.y))), withAttributes: \(attributes))"]
            }
            lines += call.map { "    " + $0 }
        }
        lines.append("}")
        return lines
    }

    /// A Swift string literal: quotes, backslashes and every `SafeText.isUnsafe` scalar escaped.
    static func swiftString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                // SafeText's one test: controls, line separators, bidi and zero-width
                // characters are escaped, so pasted code shows what it says.
                if SafeText.isUnsafe(u) {
                    out += "\\u{\(String(u.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
