import Cells
import Geometry
import Raster
import LayerModel

/// The hit-test explanation for the crosshair: the model's report (`LayerTree.hitTestReport`)
/// and the point in each space from the screen down to the hit layer; rendered into the panel.
public struct CursorReport: Equatable, Sendable {
    /// Who was hit, what the other order and CALayer rules would hit.
    public var hitTest: HitTestReport
    /// The point in each space from the screen down to the hit layer.
    public var chain: [(name: String, point: Point?)]

    /// The crosshair, in screen points.
    public var point: Point { hitTest.point }
    public var hit: LayerID? { hitTest.hit }

    public static func == (a: CursorReport, b: CursorReport) -> Bool {
        a.hitTest == b.hitTest
            && a.chain.map(\.name) == b.chain.map(\.name) && a.chain.map(\.point) == b.chain.map(\.point)
    }

    public init(state: ExplorerState, point p: Point) {
        let tree = state.session.tree
        hitTest = tree.hitTestReport(at: p, order: state.session.hitTestOrder)
        var chain: [(String, Point?)] = [("screen", p)]
        if let hit = hitTest.hit {
            for id in tree.ancestors(of: hit, includingSelf: true).reversed() {
                chain.append((tree[id].name, tree.convert(p, from: nil, to: id)))
            }
        }
        self.chain = chain
    }
}

extension ExplorerScreen {
    /// The inspector page's hit-test lines for the crosshair.
    static func cursorLines(_ r: CursorReport, tree: LayerTree, order: SiblingOrder) -> [PanelLine] {
        func name(_ id: LayerID?) -> String { id.map { tree[$0].name } ?? "nothing" }
        func pt(_ p: Point?) -> String { p.map { "(\(NumberFormat.format($0.x)), \(NumberFormat.format($0.y)))" } ?? "no point (singular)" }
        var out = [PanelLine("Hit test (\(order == .zPosition ? "zPosition order" : "tree order"))", style: headingStyle)]
        out.append(PanelLine(" hit  " + name(r.hit), style: CellStyle(bold: true)))
        for (n, p) in r.chain { out.append(PanelLine("  in \(n): \(pt(p))")) }
        if let alt = r.hitTest.otherOrderDiffers {
            out.append(PanelLine(" \(order.other == .tree ? "tree order" : "zPosition order") would hit \(name(alt.hit))", style: errorStyle))
        }
        if let alt = r.hitTest.layerRulesDiffer {
            out.append(PanelLine(" CALayer rules would hit \(name(alt.hit))", style: errorStyle))
        }
        return out
    }
}
