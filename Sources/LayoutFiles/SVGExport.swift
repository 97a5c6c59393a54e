import Geometry
import LayerModel
import SafeText

/// The scene as an SVG picture for slides and bug reports: each visible layer's true quad
/// (through every transform, perspective included) filled and stroked in its colours, its
/// frame as a dashed box, its position (where the anchor sits) as a dot, and its name.
/// One SVG unit is one point; the view box is the scene's screen rect.
public enum SVGExport {
    public static func svg(_ scene: Scene) -> String {
        let box = scene.screenRect
        let n: (Double) -> String = { NumberText.short(($0 * 1000).rounded() / 1000) }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(box.width))" height="\(n(box.height))" \
            viewBox="\(n(box.origin.x)) \(n(box.origin.y)) \(n(box.width)) \(n(box.height))">
            <rect x="\(n(box.origin.x))" y="\(n(box.origin.y))" width="\(n(box.width))" height="\(n(box.height))" fill="#ffffff"/>

            """
        let tree = scene.tree
        var marks = ""
        // Tree order, each layer's map to the screen built from its parent's.
        var stack: [(LayerID, Homography)] = tree.roots.reversed().map { ($0, .identity) }
        while let (id, parentToScreen) = stack.popLast() {
            let layer = tree[id]
            if layer.isHidden { continue }
            let h = tree.hopToSuperlayer(id).concatenating(parentToScreen)
            func points(_ corners: [Point], _ map: Homography) -> String? {
                let mapped = corners.compactMap { map.apply(to: $0) }
                guard mapped.count == corners.count else { return nil }
                return mapped.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            }
            let name = escape(layer.name)
            if let quad = points(layer.bounds.corners, h) {
                let fill = layer.backgroundColor.map { "fill=\"\($0.hex)\" fill-opacity=\"\(n(layer.opacity))\"" } ?? "fill=\"none\""
                let stroke = layer.borderColor.map { "stroke=\"\($0.hex)\" stroke-width=\"\(n(max(layer.borderWidth, 0.5)))\"" }
                    ?? "stroke=\"#888888\" stroke-width=\"0.5\""
                out += "<polygon class=\"layer\" data-name=\"\(name)\" points=\"\(quad)\" \(fill) \(stroke)/>\n"
            }
            out += content(of: layer, id: id.raw, toScreen: h)   // content.md: SVGExport+Content.swift
            if let frame = points(layer.frame.corners, parentToScreen) {
                marks += "<polygon class=\"frame\" data-name=\"\(name)\" points=\"\(frame)\" fill=\"none\" stroke=\"#3a7bd5\" stroke-width=\"0.5\" stroke-dasharray=\"3 2\"/>\n"
            }
            if let p = parentToScreen.apply(to: layer.position) {
                marks += "<circle class=\"position\" data-name=\"\(name)\" cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"2\" fill=\"#e0245e\"/>\n"
                marks += "<text class=\"name\" x=\"\(n(p.x + 3))\" y=\"\(n(p.y - 3))\" font-family=\"sans-serif\" font-size=\"8\" fill=\"#222222\">\(name)</text>\n"
            }
            for child in layer.sublayers.reversed() { stack.append((child, h)) }
        }
        return out + marks + "</svg>\n"
    }

    /// Every text written into the SVG (names, and any label drawn later) passes here: the
    /// one XML gate, `SafeText.xmlEscaped` (entities; controls shown as `^[`, never raw).
    static func escape(_ s: String) -> String { SafeText.xmlEscaped(s) }
}
