import Geometry
import LayerModel

/// A layer's drawing in the SVG (content.md): each shape through the user → bounds
/// transform and the layer's map to the screen (perspective included, as polygons), after the
/// layer's own fill and before its sublayers, clipped to its quad under masksToBounds.
extension SVGExport {
    static func content(of layer: Layer, id: Int, toScreen h: Homography) -> String {
        guard !layer.drawing.isEmpty else { return "" }
        let n: (Double) -> String = ExportNumber.svg  // finite, 3 decimals
        var user = Affine2D.identity
        var stack: [Affine2D] = []
        var out = ""
        func points(_ ps: [Point]) -> String? {
            let mapped = ps.compactMap { h.apply(to: user.apply(to: $0)) }
            guard mapped.count == ps.count else { return nil }
            return mapped.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        }
        func ellipse(_ r: Rect) -> [Point] {
            (0..<48).map { i in
                let (s, c) = Angle.radians(2 * Double.pi * Double(i) / 48).sinCos
                return Point(x: r.midX + r.size.width / 2 * c, y: r.midY + r.size.height / 2 * s)
            }
        }
        for op in layer.drawing {
            switch op {
            case .save: stack.append(user)
            case .restore: if let saved = stack.popLast() { user = saved }
            case .translate, .rotate, .scale, .concat: if let t = op.matrix { user = t.concatenating(user) }
            case let .fillRect(r, c):
                if let p = points(r.corners) { out += "<polygon class=\"content\" points=\"\(p)\" fill=\"\(c.color.hex)\"/>\n" }
            case let .strokeRect(r, c, w):
                if let p = points(r.corners) {
                    out += "<polygon class=\"content\" points=\"\(p)\" fill=\"none\" stroke=\"\(c.color.hex)\" stroke-width=\"\(n(w ?? 1))\"/>\n"
                }
            case let .fillEllipse(r, c):
                if let p = points(ellipse(r)) { out += "<polygon class=\"content\" points=\"\(p)\" fill=\"\(c.color.hex)\"/>\n" }
            case let .strokeEllipse(r, c, w):
                if let p = points(ellipse(r)) {
                    out += "<polygon class=\"content\" points=\"\(p)\" fill=\"none\" stroke=\"\(c.color.hex)\" stroke-width=\"\(n(w ?? 1))\"/>\n"
                }
            case let .line(a, b, c, w):
                if let p = points([a, b]) {
                    out += "<polyline class=\"content\" points=\"\(p)\" fill=\"none\" stroke=\"\(c.color.hex)\" stroke-width=\"\(n(w ?? 1))\"/>\n"
                }
            case let .text(s, p, c):
                if let q = h.apply(to: user.apply(to: p)) {
                    out +=
                        "<text class=\"content\" x=\"\(n(q.x))\" y=\"\(n(q.y))\" font-family=\"sans-serif\" font-size=\"12\" dominant-baseline=\"hanging\" fill=\"\(c?.color.hex ?? "#000000")\">\(escape(s))</text>\n"
                }
            }
        }
        let corners = layer.bounds.corners.compactMap { h.apply(to: $0) }
        guard layer.masksToBounds, corners.count == 4 else { return out }
        let quad = corners.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        return "<clipPath id=\"content\(id)\"><polygon points=\"\(quad)\"/></clipPath>\n<g clip-path=\"url(#content\(id))\">\n" + out + "</g>\n"
    }
}
