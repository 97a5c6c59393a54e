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
            // Steps within ±1e9 can still multiply past Double (40 × scale 1e9): an error, not
            // a list with null in it.
            let m = t.matrix
            guard m.isFinite else {
                throw CommandError("the product of these steps is not finite (it overflows)", suggestion: "use fewer or smaller steps")
            }
            return "{\"matrix\":\(JSON.numbers(m.rowMajor))}"
        case let .getPresentation(property):
            return Session.value(of: property, of: try selected(), in: presentationTree())
        case .getNow:
            return "{\"number\":\(JSON.number(now))}"
        case let .hitTestPresentation(name, p):
            return try hitTestAnswer(name, p, in: presentationTree())
        case let .ctm(at):
            let id = try selected()
            try checkDrawingIndex(at, of: id)
            return "{\"affine\":\(JSON.numbers(tree.ctm(of: id, after: at).values))}"
        case let .contentTransform(at):
            let id = try selected()
            try checkDrawingIndex(at, of: id)
            return "{\"affine\":\(JSON.numbers(tree.contentTransform(of: id, after: at).values))}"
        case let .convertContentPoint(p, name, at, b):
            let id = try layer(named: name)
            try checkDrawingIndex(at, of: id)
            return JSON.point(tree.convertContentPoint(p, of: id, after: at, to: try space(b)))
        case let .depth(d):
            return try depthAnswer(d)
        case let .measure(m):
            return try measureAnswer(m)
        case let .author(a):
            return authorAnswer(a)
        }
    }

    /// `at N` past the end of the drawing is refused (content.md: after the first N operations).
    private func checkDrawingIndex(_ n: Int?, of id: LayerID) throws(CommandError) {
        let count = scene.tree[id].drawing.count
        if let n, n > count {
            throw CommandError(
                "at \(n) is past the end: \(scene.tree[id].name)'s drawing has \(count) operation\(count == 1 ? "" : "s")",
                suggestion: "use at 0…\(count)")
        }
    }

    func space(_ s: SpaceName) throws(CommandError) -> LayerID? {
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
