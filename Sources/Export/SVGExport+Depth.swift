import Geometry
import Scenes
import LayerModel

extension SVGExport {
    /// The exploded view as SVG (depth.md): every shown plane's quads back to front, through
    /// the camera, each polygon carrying `data-layer` and `data-plane`, filled in its own
    /// colour; the selection outlined in the selection's colour (2 units), not recoloured.
    /// Names are placed by the same label layout as the flat SVG (`names`), each on or beside
    /// its own exploded quad, with `≠` on the pairs drawn in front but searched behind. The
    /// view box is the frame's planes' box (every plane, as the explorer fits it) with the
    /// SVG's margin, `ExplodedFrame.svgMargin`.
    public static func explodedSVG(
        _ scene: Scene, settings: DepthSettings, hitOrder: SiblingOrder,
        selection: LayerID? = nil
    ) -> String {
        let layout = DepthLayout(scene.tree, order: settings.order, hitOrder: hitOrder)
        return explodedSVG(
            scene, frame: ExplodedFrame(layout, settings: settings, screen: scene.screen.map { Rect(origin: .zero, size: $0) }),
            selection: selection)
    }

    /// The exploded SVG of `frame`, the session's one exploded frame of `scene`'s tree.
    public static func explodedSVG(_ scene: Scene, frame: ExplodedFrame, selection: LayerID? = nil) -> String {
        let tree = scene.tree
        let layout = frame.layout
        let n: (Double) -> String = ExportNumber.svg  // finite, 3 decimals
        var badged = Set<LayerID>()
        for pair in layout.disagreements { badged.insert(pair.drawnFront); badged.insert(pair.searchedFirst) }
        var polygons = "", outline = ""
        var shapes: [NameShape] = []
        frame.forEachShown { id, plane, p in
            let layer = tree[id]
            let name = escape(layer.name)
            let points = p.points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            let fill = layer.backgroundColor.map { "fill=\"\($0.hex)\" fill-opacity=\"0.35\"" } ?? "fill=\"none\""
            let stroke = (layer.borderColor ?? layer.backgroundColor).map { "stroke=\"\($0.hex)\"" } ?? "stroke=\"#888888\""
            polygons += "<polygon class=\"plane\" data-layer=\"\(name)\" data-plane=\"\(plane)\" points=\"\(points)\" \(fill) \(stroke) stroke-width=\"1\"/>\n"
            if id == selection {
                outline = "<polygon class=\"selection\" data-layer=\"\(name)\" points=\"\(points)\" fill=\"none\" stroke=\"#d020d0\" stroke-width=\"2\"/>\n"
            }
            if p.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
                shapes.append(NameShape(id: id, name: (badged.contains(id) ? "≠ " : "") + layer.name, quad: p.points, covers: true, position: nil))
            }
        }
        let box = frame.box(margin: ExplodedFrame.svgMargin, else: scene.screenRect.insetBy(dx: -20, dy: -20))
        var names = ""
        for label in SVGExport.names(shapes, tree: tree, screen: box) {
            let layer = escape(shapes[label.shape].name.hasPrefix("≠ ") ? String(shapes[label.shape].name.dropFirst(2)) : shapes[label.shape].name)
            names +=
                "<text class=\"name\" data-layer=\"\(layer)\" x=\"\(n(label.x))\" y=\"\(n(label.y))\" font-family=\"monospace\" font-size=\"\(n(label.fontSize))\" fill=\"#222222\">\(escape(label.text))</text>\n"
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(box.width))" height="\(n(box.height))" \
            viewBox="\(n(box.origin.x)) \(n(box.origin.y)) \(n(box.width)) \(n(box.height))" data-explode-order="\(layout.order.rawValue)">
            <rect x="\(n(box.origin.x))" y="\(n(box.origin.y))" width="\(n(box.width))" height="\(n(box.height))" fill="#ffffff"/>

            """ + polygons + outline + names + "</svg>\n"
    }
}
