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
    public func answer(_ command: Query) throws(CommandError) -> String {
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
        case let .getPresentation(property):
            return Session.value(of: property, of: try selected(), in: presentationTree())
        case .getNow:
            return "{\"number\":\(JSON.number(now))}"
        case let .hitTestPresentation(name, p):
            return try hitTestAnswer(name, p, in: presentationTree())
        }
    }

    private func space(_ s: SpaceName) throws(CommandError) -> LayerID? {
        switch s {
        case .screen: return nil
        case let .layer(name): return try layer(named: name)
        }
    }

    /// `{"hit":"name"}` under the rules of the receiver's kind; extra keys say what the
    /// other sibling order (`treeOrder` / `zPositionOrder`) or the other framework's rules
    /// (`layerRules` for views, `viewRules` for screen hits through views) would have hit,
    /// when that differs.
    func hitTestAnswer(_ name: String?, _ p: Point, in tree: LayerTree? = nil) throws(CommandError) -> String {
        let tree = tree ?? scene.tree
        let other: SiblingOrder = hitTestOrder == .zPosition ? .tree : .zPosition
        let otherKey = other == .tree ? "treeOrder" : "zPositionOrder"
        func label(_ id: LayerID?) -> String { id.map { JSON.string(tree[$0].name) } ?? "null" }
        var parts: [String] = []
        if let name {
            let id = try layer(named: name)
            if tree[id].kind == .view {
                let hit = tree.hitTest(id, p, rules: .view)
                parts.append("\"hit\":\(label(hit))")
                // What CALayer.hitTest on the view's layer would answer for the same touch
                // (its point is in the superlayer's space).
                if let pSuper = tree.convert(p, from: id, to: tree[id].superlayer) {
                    let asLayer = tree.hitTest(id, pSuper, rules: .layer(hitTestOrder))
                    if asLayer != hit { parts.append("\"layerRules\":\(label(asLayer))") }
                }
            } else {
                let hit = tree.hitTest(id, p, rules: .layer(hitTestOrder))
                parts.append("\"hit\":\(label(hit))")
                let alt = tree.hitTest(id, p, rules: .layer(other))
                if alt != hit { parts.append("\"\(otherKey)\":\(label(alt))") }
            }
        } else {
            let hit = tree.hitTestScreen(p, order: hitTestOrder)
            parts.append("\"hit\":\(label(hit))")
            let alt = tree.hitTestScreen(p, order: other)
            if alt != hit { parts.append("\"\(otherKey)\":\(label(alt))") }
            if tree.roots.contains(where: { tree[$0].kind == .view }) {
                let asLayers = tree.hitTestScreenAsLayers(p, order: hitTestOrder)
                if asLayers != hit { parts.append("\"layerRules\":\(label(asLayers))") }
            }
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// A property's value as a query answer: `{KEY: value}`, the key declared with the
    /// property (`rect`, `point`, `matrix`, `affine`…), an alias answering as its property.
    public static func value(of property: Property, of id: LayerID, in tree: LayerTree) -> String {
        let declaration = property.declaration
        return "{\"\(declaration.answerKey)\":\(answer(declaration.value(of: id, in: tree)))}"
    }

    /// The JSON of a value, after its answer key.
    static func answer(_ value: PropertyValue) -> String {
        switch value {
        case let .text(s): return JSON.string(s)
        case let .kind(k): return JSON.string(k.rawValue)
        case let .mask(m): return JSON.string(m.printed)
        case let .rect(r): return JSON.numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case let .point(p): return JSON.numbers([p.x, p.y])
        case let .size(s): return JSON.numbers([s.width, s.height])
        case let .number(x): return JSON.number(x)
        case let .transform(t):
            if t.steps.count == 1, case let .affine(a) = t.steps[0] { return JSON.numbers(a.values) }
            return JSON.numbers(t.matrix.rowMajor)
        case let .bool(b): return "\(b)"
        case let .color(c, _): return c.map { JSON.string($0.hex) } ?? "null"
        }
    }
}
