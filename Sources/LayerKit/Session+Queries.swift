import Geometry
import SafeText
import LayerModel
import CommandLanguage

/// JSON fragments for query answers (commands.md).
enum JSON {
    static func number(_ x: Double) -> String { NumberText.query(x) }
    static func numbers(_ xs: [Double]) -> String { "[" + xs.map(number).joined(separator: ",") + "]" }
    /// A JSON string literal (the layout encoder's quoting).
    static func string(_ s: String) -> String { SafeText.jsonQuoted(s) }
    static func rect(_ r: Rect) -> String { "{\"rect\":\(numbers([r.origin.x, r.origin.y, r.size.width, r.size.height]))}" }
    static func point(_ p: Point?) -> String { p.map { "{\"point\":\(numbers([$0.x, $0.y]))}" } ?? "{\"point\":null}" }
}

extension Session {
    /// The JSON answer to a query command.
    public func answer(_ command: Command) throws(CommandError) -> String {
        let tree = scene.tree
        switch command {
        case let .get(property):
            let id = try selected()
            return Session.value(of: property, of: id, in: tree)
        case let .convertPoint(p, a, b):
            return JSON.point(tree.convert(p, from: try space(a), to: try space(b)))
        case let .convertRect(r, a, b):
            guard let out = tree.convert(r, from: try space(a), to: try space(b)) else { return "{\"rect\":null}" }
            return JSON.rect(out)
        case let .contains(name, p):
            return "{\"bool\":\(tree[try layer(named: name)].contains(p))}"
        case let .hitTest(name, p):
            return try hitTestAnswer(name, p)
        case let .matrix(t):
            return "{\"matrix\":\(JSON.numbers(t.matrix.rowMajor))}"
        default:
            preconditionFailure("Session.answer: \(command.text) is not a query")
        }
    }

    private func space(_ s: SpaceName) throws(CommandError) -> LayerID? {
        switch s {
        case .screen: return nil
        case let .layer(name): return try layer(named: name)
        }
    }

    /// `{"hit":"name"}` under the rules of the receiver's kind (`LayerTree.hitTestReport`);
    /// extra keys say what the other sibling order (`treeOrder` / `zPositionOrder`) or
    /// CALayer rules where views take part (`layerRules`) would have hit, when that differs.
    func hitTestAnswer(_ name: String?, _ p: Point, in tree: LayerTree? = nil) throws(CommandError) -> String {
        let tree = tree ?? scene.tree
        let receiver = try name.map { n throws(CommandError) in try layer(named: n) }
        let report = tree.hitTestReport(at: p, receiver: receiver, order: hitTestOrder)
        func label(_ id: LayerID?) -> String { id.map { JSON.string(tree[$0].name) } ?? "null" }
        var parts = ["\"hit\":\(label(report.hit))"]
        if let alt = report.otherOrderDiffers {
            parts.append("\"\(report.order.other == .tree ? "treeOrder" : "zPositionOrder")\":\(label(alt.hit))")
        }
        if let alt = report.layerRulesDiffer { parts.append("\"layerRules\":\(label(alt.hit))") }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// A property's value as a query answer.
    public static func value(of property: Property, of id: LayerID, in tree: LayerTree) -> String {
        let layer = tree[id]
        switch property.canonical {
        case .name: return "{\"string\":\(JSON.string(layer.name))}"
        case .kind: return "{\"string\":\"\(layer.kind.rawValue)\"}"
        case .bounds: return JSON.rect(layer.bounds)
        case .boundsOrigin: return JSON.point(layer.bounds.origin)
        case .boundsSize: return "{\"size\":\(JSON.numbers([layer.bounds.size.width, layer.bounds.size.height]))}"
        case .position: return JSON.point(layer.position)
        case .frame: return JSON.rect(layer.frame)
        case .frameOrigin: return JSON.point(layer.frame.origin)
        case .frameSize: return "{\"size\":\(JSON.numbers([layer.frame.size.width, layer.frame.size.height]))}"
        case .anchorPoint: return JSON.point(layer.anchorPoint)
        case .anchorPointZ: return "{\"number\":\(JSON.number(layer.anchorPointZ))}"
        case .zPosition: return "{\"number\":\(JSON.number(layer.zPosition))}"
        case .transform: return "{\"matrix\":\(JSON.numbers(layer.transform.rowMajor))}"
        case .sublayerTransform: return "{\"matrix\":\(JSON.numbers(layer.sublayerTransform.rowMajor))}"
        case .affineTransform: return "{\"affine\":\(JSON.numbers(layer.transform.affine.values))}"
        case .effectiveTransform: return "{\"matrix\":\(JSON.numbers(tree.matrixToSuperlayer(id).rowMajor))}"
        case .hidden: return "{\"bool\":\(layer.isHidden)}"
        case .masksToBounds: return "{\"bool\":\(layer.masksToBounds)}"
        case .geometryFlipped: return "{\"bool\":\(layer.isGeometryFlipped)}"
        case .userInteractionEnabled: return "{\"bool\":\(layer.isUserInteractionEnabled)}"
        case .opacity: return "{\"number\":\(JSON.number(layer.opacity))}"
        case .borderWidth: return "{\"number\":\(JSON.number(layer.borderWidth))}"
        case .backgroundColor: return "{\"color\":\(layer.backgroundColor.map { JSON.string($0.hex) } ?? "null")}"
        case .borderColor: return "{\"color\":\(layer.borderColor.map { JSON.string($0.hex) } ?? "null")}"
        case .center, .clipsToBounds, .alpha: preconditionFailure("canonical() never returns an alias")
        }
    }
}
