import Geometry
import LayerModel

/// Sentry's `view-hierarchy.json` attachment (getsentry/rfcs 0033): `{"rendering_system":
/// "UIKIT", "windows": [{"type", "identifier", "x", "y", "width", "height", "alpha",
/// "visible", "children": […]}]}`. `x y width height` are the view's frame relative to its
/// parent (UIKit's `frame`), so each node becomes a view with that frame. Recognised by
/// content: a JSON object with `rendering_system` and `windows`.
public enum SentryViewHierarchy {
    public static func looksLike(_ text: String) -> Bool {
        let head = text.prefix(4_000)
        return head.first(where: { !$0.isWhitespace }) == "{" && head.contains("\"rendering_system\"") && text.contains("\"windows\"")
    }

    public static func importText(_ text: String, file: String, lenient: Bool) throws(LayoutError) -> ImportedDump {
        guard let root = try JSONReader.parse(Array(text.utf8), file: file, nesting: .jsonDump) else {
            throw LayoutError(file: file, line: 1, column: 1, message: "empty file: expected a Sentry view-hierarchy.json object")
        }
        guard let windows = root.member("windows")?.value.elements else {
            throw LayoutError(
                file: file, line: root.position.line, column: root.position.column, path: "windows",
                message: "expected \"windows\": [ … ] (Sentry's view-hierarchy.json)")
        }
        // The types first, so repeated ones are numbered #1, #2… in tree order.
        var types: [String] = []
        var scan: [SourceValue] = Array(windows)
        while let node = scan.popLast() {
            if case .string(let type)? = node.member("type")?.value.kind { types.append(type) }
            scan.append(contentsOf: node.member("children")?.value.elementList ?? [])
        }
        var builder = ImportBuilder(file: file, lenient: lenient, classNames: types)
        // Pre-order with a work list (deep trees cost no stack); the builder hangs what nests
        // deeper than a layout file holds at its last level, and lists it.
        var work: [(SourceValue, LayerID?, String)] = windows.enumerated().reversed().map { ($0.element, nil, "windows[\($0.offset)]") }
        while let (node, parent, path) = work.popLast() {
            func number(_ key: String, _ fallback: Double) -> Double? {
                guard let member = node.member(key) else { return fallback }
                if case .number(let n, _) = member.value.kind, n.isFinite, abs(n) <= RecursiveDescriptionParser.numberLimit { return n }
                return nil
            }
            let type: String = {
                if case .string(let t)? = node.member("type")?.value.kind { return t }; return "view"
            }()
            guard let x = number("x", 0), let y = number("y", 0), let w = number("width", 0), let h = number("height", 0),
                let alpha = number("alpha", 1)
            else {
                try builder.problem(
                    LayoutError(
                        file: file, line: node.position.line, column: node.position.column, path: path,
                        message: "\(type): x, y, width, height and alpha must be numbers within ±1e9",
                        suggestion: "without --strict the node and its children are skipped"))
                continue
            }
            let name = builder.name(forClass: type, fallback: "view")
            var layer = Layer(name: name, kind: .view)
            layer.bounds = Rect(x: 0, y: 0, width: abs(w), height: abs(h))
            layer.position = Point(x: x + w / 2, y: y + h / 2)
            layer.opacity = min(max(alpha, 0), 1)
            if case .bool(let visible)? = node.member("visible")?.value.kind { layer.isHidden = !visible }
            var identity = [type]
            if case .string(let id)? = node.member("identifier")?.value.kind { identity.append("identifier \(id)") }
            layer.setImportNote(
                ImportNote(
                    identity: identity,
                    printed: ["x", "y", "width", "height (frame in the parent)", "alpha", "visible"],
                    assumed: ["anchorPoint (0.5, 0.5)", "no transform"], line: node.position.line))
            if let bad = builder.unwritable(layer) {
                try builder.problem(
                    LayoutError(
                        file: file, line: node.position.line, column: node.position.column, path: path,
                        message: "\(type): its \(bad)"))
                continue
            }
            let id = try builder.add(layer, under: parent, line: node.position.line, column: node.position.column, path: path, countsInExtent: false)
            if parent == nil { builder.include(Rect(origin: .zero, size: Size(width: max(0, x + w), height: max(0, y + h)))) }
            let children = node.member("children")?.value.elementList ?? []
            for (i, child) in children.enumerated().reversed() { work.append((child, id, "\(path).children[\(i)]")) }
        }
        let count = builder.tree.count
        let notes = "Imported from \(file): \(count) view\(count == 1 ? "" : "s") from Sentry's view-hierarchy.json."
        return try builder.finish(form: "view-hierarchy.json", notes: notes, empty: "no views in this view-hierarchy.json")
    }
}
