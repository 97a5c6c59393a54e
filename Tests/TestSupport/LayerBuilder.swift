import Geometry
import LayerModel

/// Builds a layer in one expression.
public func makeLayer(
    _ name: String, kind: LayerKind = .layer, bounds: Rect = .zero, position: Point = .zero,
    anchor: Point = Point(0.5, 0.5), transform: Transform3D = .identity,
    configure: (inout Layer) -> Void = { _ in }
) -> Layer {
    var l = Layer(name: name, kind: kind)
    l.bounds = bounds; l.position = position; l.anchorPoint = anchor; l.transform = transform
    configure(&l)
    return l
}

extension Optional where Wrapped == Point {
    public func isClose(to p: Point, _ tolerance: Double = 1e-9) -> Bool { self.map { $0.isApproximatelyEqual(to: p, tolerance: tolerance) } ?? false }
}

/// A 300×200 superview with one child at (20, 50; 100×50): left margin 20, right margin
/// 300 − 120 = 180; top margin 50, bottom margin 200 − 100 = 100.
public func springsScene(_ mask: AutoresizingMask) throws -> (LayerTree, LayerID, LayerID) {
    var tree = LayerTree()
    var root = Layer(name: "root", kind: .view)
    root.setFrame(Rect(x: 0, y: 0, width: 300, height: 200))
    let r = try tree.add(root)
    var child = Layer(name: "child", kind: .view)
    child.setFrame(Rect(x: 20, y: 50, width: 100, height: 50))
    child.autoresizingMask = mask
    let c = try tree.add(child, in: r)
    return (tree, r, c)
}
