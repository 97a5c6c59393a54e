import Geometry
import LayerModel
import Scenes

/// What the SVG's view box shows (`render --svg FILE --crop screen|content`).
public enum SVGCrop: String, CaseIterable, Sendable {
    /// The scene's screen rect (the default; the exploded view: its planes).
    case screen
    /// The union of every drawn layer's true quad, `contentMargin` units round it: a
    /// floating card on a phone's screen without the empty screen, and a turned cover that
    /// sticks out of its root whole.
    case content
}

extension SVGExport {
    /// Units kept round the layers' union under `--crop content`: two name cells, so a name
    /// beside the outermost layer still has room.
    static let contentMargin = 10.0

    /// The view box for `crop`: the screen rect, or the drawn layers' union with the margin
    /// (the screen rect when nothing is drawn).
    static func viewBox(_ scene: Scene, crop: SVGCrop) -> Rect {
        guard crop == .content else { return scene.screenRect }
        var points: [Point] = []
        for case let q? in scene.tree.screenQuads() { points += q.points.filter { $0.x.isFinite && $0.y.isFinite } }
        guard let union = Rect.boundingBox(of: points) else { return scene.screenRect }
        return union.insetBy(dx: -contentMargin, dy: -contentMargin)
    }
}
