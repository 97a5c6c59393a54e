import Geometry
import Scenes
import LayerModel
import CommandLanguage

/// The `animations` field of a layout: a list of objects with the `animate` command's
/// fields, so a scene opens already moving.
///
///     "animations": [
///       { "layer": "hand", "keyPath": "transform.rotation.z", "by": 360, "duration": 60, "repeat": "forever" },
///       { "layer": "popup", "keyPath": "transform", "from": "scale 0.5", "to": "identity", "duration": 0.25 }
///     ]
///
/// Values: numbers as numbers; points and sizes as [x, y]; rects as [x, y, w, h];
/// transforms and timings as their command spelling (strings); colours as CSS strings;
/// `repeat` a number or "forever"; `autoreverse` and `keep` booleans; `fill` a string.
struct AnimationsDecoder {
    let file: String

    static let fields = ["layer", "keyPath", "from", "to", "by", "duration", "delay", "timing", "repeat", "autoreverse", "fill", "keep"]
    static let synonyms = [
        "keypath": "keyPath", "key": "keyPath", "property": "keyPath", "name": "layer", "view": "layer",
        "repeatCount": "repeat", "autoreverses": "autoreverse", "fillMode": "fill", "beginTime": "delay",
        "timingFunction": "timing", "removedOnCompletion": "keep", "fromValue": "from", "toValue": "to", "byValue": "by"
    ]

    private func error(_ position: SourcePosition, _ path: String, _ message: String, suggestion: String? = nil) -> LayoutError {
        LayoutError(file: file, line: position.line, column: position.column, path: path, message: message, suggestion: suggestion)
    }

    func decode(_ value: SourceValue, tree: LayerTree) throws(LayoutError) -> [AnimationDeclaration] {
        guard let elements = value.elements else {
            throw error(
                value.position, "animations", "expected a list of animations, found \(describe(value))",
                suggestion: "write \"animations\": [{\"layer\": \"box\", \"keyPath\": \"opacity\", \"from\": 0, \"to\": 1}]")
        }
        var out: [AnimationDeclaration] = []
        for (index, element) in elements.enumerated() {
            out.append(try declaration(element, path: "animations[\(index)]", tree: tree))
        }
        return out
    }

    private func declaration(_ value: SourceValue, path: String, tree: LayerTree) throws(LayoutError) -> AnimationDeclaration {
        guard let members = value.members else {
            throw error(value.position, path, "expected an animation (an object with \"layer\" and \"keyPath\"), found \(describe(value))")
        }
        var given: [String: SourceMember] = [:]
        for m in members {
            guard Self.fields.contains(m.key) else {
                let near = Self.synonyms[m.key] ?? NearMiss.closest(to: m.key, among: Self.fields)
                throw error(
                    m.keyPosition, path + "." + m.key, "unknown field \"\(m.key.abbreviated)\" in an animation",
                    suggestion: near.map { "did you mean \"\($0)\"?" } ?? "valid fields: " + Self.fields.joined(separator: ", "))
            }
            given[m.key] = m
        }
        guard let layerMember = given["layer"] else {
            throw error(value.position, path, "an animation needs \"layer\" (the layer's name)")
        }
        guard case let .string(layerName) = layerMember.value.kind else {
            throw error(layerMember.value.position, path + ".layer", "expected a layer name (a string), found \(describe(layerMember.value))")
        }
        guard let id = tree.id(named: layerName) else {
            throw error(
                layerMember.value.position, path + ".layer", "no layer named \"\(layerName.abbreviated)\"",
                suggestion: NearMiss.closest(to: layerName, among: Array(tree.names)).map { "did you mean \"\($0)\"?" } ?? "name a layer from \"layers\"")
        }
        guard let keyMember = given["keyPath"] else {
            throw error(value.position, path, "an animation needs \"keyPath\" (position, opacity, transform, transform.rotation.z…)")
        }
        guard case let .string(keyText) = keyMember.value.kind else {
            throw error(keyMember.value.position, path + ".keyPath", "expected a key path (a string), found \(describe(keyMember.value))")
        }
        let keyPath: AnimationKeyPath = try fragment(keyText, keyMember.value, path + ".keyPath") { r throws(CommandError) in try r.keyPath() }
        var spec = AnimationSpec(keyPath: keyPath)
        for name in ["from", "to", "by"] {
            guard let m = given[name] else { continue }
            let v = try animationValue(m.value, path + "." + name, keyPath)
            switch name {
            case "from": spec.from = v
            case "to": spec.to = v
            default: spec.by = v
            }
        }
        if let m = given["duration"] {
            let d = try number(m.value, path + ".duration")
            guard d > 0 else { throw error(m.value.position, path + ".duration", "the duration must be positive, found \(NumberText.exact(d))") }
            spec.duration = d
        }
        if let m = given["delay"] {
            let d = try number(m.value, path + ".delay")
            guard d >= 0 else { throw error(m.value.position, path + ".delay", "the delay cannot be negative") }
            spec.delay = d
        }
        if let m = given["timing"] {
            guard case let .string(t) = m.value.kind else {
                throw error(
                    m.value.position, path + ".timing",
                    "expected a timing (a string such as \"ease-in-out\" or \"spring 1 100 10\"), found \(describe(m.value))")
            }
            spec.timing = try fragment(t, m.value, path + ".timing") { r throws(CommandError) in try r.timing() }
        }
        if let m = given["repeat"] {
            if case .string("forever") = m.value.kind {
                spec.repeatCount = .forever
            } else {
                let n = try number(m.value, path + ".repeat")
                guard n > 0 else { throw error(m.value.position, path + ".repeat", "the repeat count must be positive", suggestion: "or \"forever\"") }
                spec.repeatCount = .count(n)
            }
        }
        if let m = given["autoreverse"] { spec.autoreverses = try bool(m.value, path + ".autoreverse") }
        if let m = given["keep"] { spec.keep = try bool(m.value, path + ".keep") }
        if let m = given["fill"] {
            guard case let .string(f) = m.value.kind, let mode = FillMode(rawValue: f) else {
                throw error(m.value.position, path + ".fill", "expected \"forwards\", \"backwards\" or \"both\", found \(describe(m.value))")
            }
            spec.fill = mode == .none ? nil : mode
        }
        do { try spec.validate(model: tree[id]) } catch {
            throw self.error(value.position, path, error.message, suggestion: error.suggestion)
        }
        return AnimationDeclaration(
            layer: layerName, spec: spec,
            location: SourceLocation(file: file, line: value.position.line, column: value.position.column))
    }

    private func number(_ value: SourceValue, _ path: String) throws(LayoutError) -> Double {
        guard case let .number(x, _) = value.kind else { throw error(value.position, path, "expected a number, found \(describe(value))") }
        guard x.isFinite, abs(x) <= LayoutDecoder.numberLimit else {
            throw error(value.position, path, "the number is out of range (at most 1e9 in magnitude)", suggestion: "write a number from -1e9 to 1e9")
        }
        return x
    }

    private func bool(_ value: SourceValue, _ path: String) throws(LayoutError) -> Bool {
        guard case let .bool(b) = value.kind else { throw error(value.position, path, "expected true or false, found \(describe(value))") }
        return b
    }

    private func animationValue(_ value: SourceValue, _ path: String, _ keyPath: AnimationKeyPath) throws(LayoutError) -> PropertyValue {
        switch (keyPath.valueKind, value.kind) {
        case (.number, _): return .number(try number(value, path))
        case (.point, .array(let xs)) where xs.count == 2:
            return .point(Point(x: try number(xs[0], path + "[0]"), y: try number(xs[1], path + "[1]")))
        case (.size, .array(let xs)) where xs.count == 2:
            return .size(Size(width: try number(xs[0], path + "[0]"), height: try number(xs[1], path + "[1]")))
        case (.rect, .array(let xs)) where xs.count == 4:
            var v: [Double] = []
            for (i, x) in xs.enumerated() { v.append(try number(x, path + "[\(i)]")) }
            return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case (.transform, .string), (.transform, .array):
            // The one transform grammar, as a layer's transform field reads it.
            return .transform(try LayoutDecoder(file: file).transform(value, path: path))
        case (.color, .string(let text)):
            guard let c = Color(css: text) else {
                throw error(
                    value.position, path, "unknown color \"\(text.abbreviated)\"",
                    suggestion: NearMiss.closest(to: text, among: Color.cssNames).map { "did you mean \"\($0)\"?" } ?? "use a CSS color name or #rrggbb")
            }
            return .color(c, spelling: text)
        case (.point, _): throw error(value.position, path, "expected [x, y], found \(describe(value))")
        case (.size, _): throw error(value.position, path, "expected [width, height], found \(describe(value))")
        case (.rect, _): throw error(value.position, path, "expected [x, y, width, height], found \(describe(value))")
        case (.transform, _):
            throw error(
                value.position, path,
                "expected a transform: a string (\"scale 0.5\", \"rotate 90 then translate 10 0\") or a list of steps ([{\"scale\": 0.5}]), found \(describe(value))"
            )
        case (.color, _): throw error(value.position, path, "expected a colour name (a string), found \(describe(value))")
        }
    }

    /// Reads `text` with the command language's reader; its errors point at the field.
    private func fragment<T>(
        _ text: String, _ value: SourceValue, _ path: String,
        _ body: (inout TokenCursor) throws(CommandError) -> T
    ) throws(LayoutError) -> T {
        do throws(CommandError) {
            return try CommandParser.fragment(text, body)
        } catch {
            throw self.error(value.position, path, "\"\(text.abbreviated)\": " + error.message, suggestion: error.suggestion)
        }
    }
}
