import Geometry
import LayerModel
import Scenes

/// What a layout file says that loads, but not as its author likely meant (`LayoutWarning`):
/// the scene gets Core Animation's numbers and `check` and the explorer say so.
extension LayoutDecoder {
    /// `frame` under a transform that is not a scale or a multiple of 90° (geometry R3): Apple's
    /// frame setter maps the frame's size through the inverse transform as a vector, so a
    /// 10×10 frame rotated 30° becomes bounds 13.66×3.66 (10·cos30° + 10·sin30°,
    /// −10·sin30° + 10·cos30°), and the frame does not read back. The explorer's `set frame`
    /// warns alike (`Session.set`); the fix is the layer's bounds and position.
    func frameUnderRotation(_ layer: Layer, requested: Rect, member: SourceMember, path: String) -> LayoutWarning {
        func n(_ x: Double) -> String { NumberText.short((x * 100).rounded() / 100) }
        func exact(_ x: Double) -> String { NumberText.short(x) }
        let size = requested.standardized.size
        let bounds = layer.bounds.size
        let f = layer.frame
        let positionKey = layer.kind == .view ? "center" : "position"
        return LayoutWarning(
            file: file, line: member.keyPosition.line, column: member.keyPosition.column, path: path,
            message:
                "\"frame\" under a rotation (a transform that is not a scale or a multiple of 90°) distorts the bounds: Apple's frame setter makes them \(n(bounds.width))×\(n(bounds.height)), not \(n(size.width))×\(n(size.height)), and the frame will not read back as \(exact(requested.origin.x)),\(exact(requested.origin.y)),\(exact(requested.size.width)),\(exact(requested.size.height)) (it is \(n(f.origin.x)),\(n(f.origin.y)),\(n(f.size.width)),\(n(f.size.height)))",
            suggestion:
                "give bounds and \(positionKey) instead: \"bounds\": [0, 0, \(exact(size.width)), \(exact(size.height))], \"\(positionKey)\": [\(exact(layer.position.x)), \(exact(layer.position.y))] (Apple: don't set frame under a rotation)"
        )
    }
}
