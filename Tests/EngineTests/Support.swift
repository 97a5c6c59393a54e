import Geometry
@testable import LayerModel
@testable import CommandLanguage
@testable import LayoutFiles
@testable import Engine

/// Builds a layer in one expression.
func makeLayer(_ name: String, kind: LayerKind = .layer, bounds: Rect = .zero, position: Point = .zero,
               anchor: Point = Point(0.5, 0.5), transform: Transform3D = .identity,
               configure: (inout Layer) -> Void = { _ in }) -> Layer {
    var l = Layer(name: name, kind: kind)
    l.bounds = bounds; l.position = position; l.anchorPoint = anchor; l.transform = transform
    configure(&l)
    return l
}

extension Optional where Wrapped == Point {
    func isClose(to p: Point, _ tolerance: Double = 1e-9) -> Bool { self.map { $0.isApproximatelyEqual(to: p, tolerance: tolerance) } ?? false }
}
