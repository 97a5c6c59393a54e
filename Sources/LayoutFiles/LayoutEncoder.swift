import SafeText
import Scenes
import Geometry
import LayerModel

/// Writes a `Scene` as layout-file text: JSON pretty-printed with 2-space indents, or YAML in
/// block style, keys in a stable order, default values left out, numbers printed compactly
/// (`0` not `-0`, `200` not `200.0`, otherwise the shortest text that reads back exactly).
///
/// Views are written with UIView's spellings (`center`, `alpha`, `clipsToBounds`,
/// `subviews`), layers with CALayer's. Transforms are 6 numbers when affine, else 16 in four
/// rows. Layers are emitted from an explicit work list, so a deep tree costs no call stack.
struct LayoutEncoder {
    let format: LayoutFormat
    /// Write the scene's `steps` (steps authored in the explorer, saved to a new file); off,
    /// the scene is written as it is now, its steps' effects already in its layers.
    var writesSteps = false

    func encode(_ scene: Scene) -> String {
        var scene = scene
        if !writesSteps { scene.steps = [] }
        var out = Output(format: format)
        // A layer with a name, bounds, center and a few fields takes about 120 bytes of JSON:
        // reserve that much up front (an import's notes take it to ~540; the text grows by
        // doubling from there).
        out.text.reserveCapacity(scene.tree.count * 128 + 256)
        var top: [(key: String, value: FieldValue)] = []
        if let title = scene.title { top.append(("title", .string(title))) }
        if let notes = scene.notes { top.append(("notes", .string(notes))) }
        var screenFields: [(String, FieldValue)] = []
        if let screen = scene.screen { screenFields = [("width", .number(screen.width)), ("height", .number(screen.height))] }
        if scene.tree.screenScale != 2 { screenFields.append(("scale", .number(scene.tree.screenScale))) }
        if !screenFields.isEmpty { top.append(("screen", .object(screenFields))) }
        switch format {
        case .json: encodeJSON(scene, top: top, into: &out)
        case .yaml: encodeYAML(scene, top: top, into: &out)
        }
        return out.text
    }

    // MARK: What a layer writes

    /// A field's value, before it is spelled in one format or the other.
    indirect enum FieldValue {
        case string(String)
        case number(Double)
        case bool(Bool)
        case numbers([Double])
        /// 16 numbers, written as four rows.
        case matrix([Double])
        /// A small object of scalars (the screen).
        case object([(String, FieldValue)])
        /// A list of strings, one a line (a layer's drawing).
        case strings([String])
    }

    /// The non-default fields of a layer, in the order they are written (sublayers excluded):
    /// every saved property of `PropertyDeclaration.all`, under the spelling of the layer's kind.
    static func fields(of layer: Layer) -> [(key: String, value: FieldValue)] {
        var fields: [(key: String, value: FieldValue)] = []
        for declaration in PropertyDeclaration.all where declaration.isSaved && !declaration.isDefault(on: layer) {
            guard let value = declaration.value(of: layer) else { continue }
            let key: String = declaration.spelling(for: layer.kind).rawValue
            let field: FieldValue = encoded(value)
            fields.append((key: key, value: field))
        }
        if !layer.drawing.isEmpty { fields.append((key: "drawing", value: .strings(layer.drawing.map(\.text)))) }
        return fields
    }

    /// A property value as a file writes it.
    static func encoded(_ value: PropertyValue) -> FieldValue {
        switch value {
        case let .text(s): return .string(s)
        case let .kind(k): return .string(k.rawValue)
        case let .mask(m): return .string(m.printed)
        case let .rect(r): return .numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case let .point(p): return .numbers([p.x, p.y])
        case let .size(s): return .numbers([s.width, s.height])
        case let .number(x): return .number(x)
        case let .transform(t): return transformValue(t.matrix)
        case let .bool(b): return .bool(b)
        case let .color(c, spelling): return .string(c?.cssSpelling ?? spelling)
        }
    }

    static func transformValue(_ t: Transform3D) -> FieldValue {
        t.isAffine ? .numbers(t.affine.values) : .matrix(t.rowMajor)
    }

    static func childrenKey(of layer: Layer) -> String { layer.kind == .view ? "subviews" : "sublayers" }

    // MARK: JSON

    private func encodeJSON(_ scene: Scene, top: [(key: String, value: FieldValue)], into out: inout Output) {
        out.line(0, "{")
        for (key, value) in top { out.jsonField(2, key, value, comma: true) }
        let hasSteps = !scene.steps.isEmpty
        let hasScript = !scene.script.isEmpty || hasSteps
        let animations = scene.animations.filter { scene.tree.id(named: $0.layer) != nil }
        if scene.tree.roots.isEmpty {
            out.line(2, "\"layers\": []" + (hasScript || !animations.isEmpty ? "," : ""))
        } else {
            out.line(2, "\"layers\": [")
            enum Step { case layer(LayerID, indent: Int, comma: Bool), line(Int, String) }
            let roots = scene.tree.roots
            var steps: [Step] = [.line(2, "]" + (hasScript || !animations.isEmpty ? "," : ""))]
            for (i, id) in roots.enumerated().reversed() { steps.append(.layer(id, indent: 4, comma: i < roots.count - 1)) }
            while let step = steps.popLast() {
                switch step {
                case .line(let indent, let text):
                    out.line(indent, text)
                case .layer(let id, let indent, let comma):
                    let layer = scene.tree[id]
                    let fields = Self.fields(of: layer)
                    let children = layer.sublayers
                    out.line(indent, "{")
                    for (i, field) in fields.enumerated() {
                        out.jsonField(indent + 2, field.key, field.value, comma: i < fields.count - 1 || !children.isEmpty)
                    }
                    if children.isEmpty {
                        out.line(indent, "}" + (comma ? "," : ""))
                    } else {
                        out.line(indent + 2, layer.kind == .view ? "\"subviews\": [" : "\"sublayers\": [")
                        steps.append(.line(indent, "}" + (comma ? "," : "")))
                        steps.append(.line(indent + 2, "]"))
                        for (i, child) in children.enumerated().reversed() {
                            steps.append(.layer(child, indent: indent + 4, comma: i < children.count - 1))
                        }
                    }
                }
            }
        }
        if !animations.isEmpty {
            out.line(2, "\"animations\": [")
            for (i, a) in animations.enumerated() {
                out.line(4, out.jsonObject(a.layoutFields) + (i < animations.count - 1 ? "," : ""))
            }
            out.line(2, "]" + (hasScript ? "," : ""))
        }
        if !scene.script.isEmpty {
            out.line(2, "\"script\": [")
            for (i, line) in scene.script.enumerated() {
                out.line(4, SafeText.jsonQuoted(line.text) + (i < scene.script.count - 1 ? "," : ""))
            }
            out.line(2, "]" + (hasSteps ? "," : ""))
        }
        if hasSteps {
            // Authored in the explorer (`step add`): one object per step.
            out.line(2, "\"steps\": [")
            for (i, step) in scene.steps.enumerated() {
                out.line(4, "{")
                let fields = Self.fields(of: step)
                for (k, field) in fields.enumerated() { out.jsonField(6, field.key, field.value, comma: k < fields.count - 1) }
                out.line(4, "}" + (i < scene.steps.count - 1 ? "," : ""))
            }
            out.line(2, "]")
        }
        out.line(0, "}")
    }

    // MARK: YAML

    private func encodeYAML(_ scene: Scene, top: [(key: String, value: FieldValue)], into out: inout Output) {
        for (key, value) in top { out.yamlField(0, key, value) }
        if scene.tree.roots.isEmpty {
            out.line(0, "layers: []")
        } else {
            out.line(0, "layers:")
            enum Step { case layer(LayerID, indent: Int), line(Int, String) }
            var steps: [Step] = scene.tree.roots.reversed().map { .layer($0, indent: 2) }
            while let step = steps.popLast() {
                switch step {
                case .line(let indent, let text):
                    out.line(indent, text)
                case .layer(let id, let indent):
                    let layer = scene.tree[id]
                    for (i, field) in Self.fields(of: layer).enumerated() {
                        out.yamlField(indent + 2, field.key, field.value, listItem: i == 0)
                    }
                    if !layer.sublayers.isEmpty {
                        out.line(indent + 2, Self.childrenKey(of: layer) + ":")
                        for child in layer.sublayers.reversed() { steps.append(.layer(child, indent: indent + 4)) }
                    }
                }
            }
        }
        let animations = scene.animations.filter { scene.tree.id(named: $0.layer) != nil }
        if !animations.isEmpty {
            out.line(0, "animations:")
            for a in animations {
                for (i, field) in a.layoutFields.enumerated() { out.yamlField(4, field.key, field.value, listItem: i == 0) }
            }
        }
        if !scene.script.isEmpty {
            out.line(0, "script:")
            for line in scene.script { out.line(2, "- " + yamlQuoted(line.text, blockIndent: nil)) }
        }
        if !scene.steps.isEmpty {
            out.line(0, "steps:")
            for step in scene.steps {
                for (i, field) in Self.fields(of: step).enumerated() { out.yamlField(4, field.key, field.value, listItem: i == 0) }
            }
        }
    }

    /// A step's fields as written: title, notes, view, script.
    static func fields(of step: SceneStep) -> [(key: String, value: FieldValue)] {
        var fields: [(key: String, value: FieldValue)] = [("title", .string(step.title))]
        if let notes = step.notes { fields.append(("notes", .string(notes))) }
        switch step.view {
        case let .layer(name)?: fields.append(("view", .string(name)))
        case let .rect(r)?: fields.append(("view", .numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])))
        case nil: break
        }
        fields.append(("script", .strings(step.script.map(\.text))))
        return fields
    }

    /// Accumulates lines.
    private struct Output {
        let format: LayoutFormat
        var text = ""

        mutating func line(_ indent: Int, _ s: String) {
            pad(indent)
            text += s
            text += "\n"
        }

        /// `n` spaces appended in place (a 20 000-view import spent 12% of its time making
        /// a new indentation string per line; appending a slice of a string of blanks still
        /// cost 10% of a 10 000-view import, so whole strings of each width are kept).
        mutating func pad(_ n: Int) {
            var left = n
            while left > 0 {
                let k = min(left, Self.blanks.count - 1)
                text += Self.blanks[k]
                left -= k
            }
        }

        /// `blanks[k]` is `k` spaces.
        private static let blanks = (0..<128).map { String(repeating: " ", count: $0) }

        /// `"key": value` at `indent`, appended in place: keys and strings are quoted and
        /// numbers spelled straight into `text`, with no string per field or per number
        /// (a 10 000-view import spent more instructions building those than importing).
        mutating func jsonField(_ indent: Int, _ key: String, _ value: FieldValue, comma: Bool) {
            pad(indent)
            SafeText.appendJSONQuoted(key, to: &text)
            switch value {
            case .matrix(let m):
                text += ": [\n"
                for row in 0..<4 {
                    pad(indent + 2)
                    appendNumbers(m[row * 4..<row * 4 + 4])
                    text += row < 3 ? ",\n" : "\n"
                }
                pad(indent)
                text += "]"
            case .strings(let items) where !items.isEmpty:
                text += ": [\n"
                for (i, item) in items.enumerated() {
                    pad(indent + 2)
                    SafeText.appendJSONQuoted(item, to: &text)
                    text += i < items.count - 1 ? ",\n" : "\n"
                }
                pad(indent)
                text += "]"
            default:
                text += ": "
                appendInline(value)
            }
            text += comma ? ",\n" : "\n"
        }

        /// Numbers separated by `, ` (no brackets).
        private mutating func appendNumbers<C: Collection<Double>>(_ values: C) {
            var first = true
            for x in values {
                if !first { text += ", " }
                first = false
                NumberText.appendExact(x, to: &text)
            }
        }

        /// `jsonInline(value)` appended in place.
        private mutating func appendInline(_ value: FieldValue) {
            switch value {
            case .string(let s): SafeText.appendJSONQuoted(s, to: &text)
            case .number(let n): NumberText.appendExact(n, to: &text)
            case .bool(let b): text += b ? "true" : "false"
            case .numbers(let v), .matrix(let v):
                text += "["
                appendNumbers(v)
                text += "]"
            case .strings, .object: text += jsonInline(value)
            }
        }

        /// One object on one line (an animation).
        func jsonObject(_ members: [(key: String, value: FieldValue)]) -> String {
            "{ " + members.map { SafeText.jsonQuoted($0.key) + ": " + jsonInline($0.value) }.joined(separator: ", ") + " }"
        }

        private func jsonInline(_ value: FieldValue) -> String {
            switch value {
            case .string(let s): return SafeText.jsonQuoted(s)
            case .number(let n): return NumberText.exact(n)
            case .bool(let b): return b ? "true" : "false"
            case .numbers(let v), .matrix(let v): return "[" + v.map(NumberText.exact).joined(separator: ", ") + "]"
            case .strings(let v): return "[" + v.map(SafeText.jsonQuoted).joined(separator: ", ") + "]"
            case .object(let members):
                return "{ " + members.map { SafeText.jsonQuoted($0.0) + ": " + jsonInline($0.1) }.joined(separator: ", ") + " }"
            }
        }

        /// `key: value` at `indent`; as the first line of a list item, `- key: value` with the
        /// dash two columns to the left.
        mutating func yamlField(_ indent: Int, _ key: String, _ value: FieldValue, listItem: Bool = false) {
            let prefix = listItem ? String(repeating: " ", count: indent - 2) + "- " : String(repeating: " ", count: indent)
            let head = prefix + yamlQuoted(key, blockIndent: nil) + ":"
            switch value {
            case .string(let s):
                text += head + " " + yamlQuoted(s, blockIndent: indent + 2) + "\n"
            case .number(let n):
                text += head + " " + NumberText.exact(n) + "\n"
            case .bool(let b):
                text += head + " " + (b ? "true" : "false") + "\n"
            case .numbers(let v):
                text += head + " [" + v.map(NumberText.exact).joined(separator: ", ") + "]\n"
            case .matrix(let m):
                // A flow sequence may continue on lines indented deeper than its key.
                text += head + " ["
                for row in 0..<4 {
                    if row > 0 { pad(indent + 2) }
                    text += m[row * 4..<row * 4 + 4].map(NumberText.exact).joined(separator: ", ") + (row < 3 ? ",\n" : "]\n")
                }
            case .object(let members):
                text += head + "\n"
                for (k, v) in members { yamlField(indent + 2, k, v) }
            case .strings(let items):
                text += head + (items.isEmpty ? " []" : "") + "\n"
                for item in items {
                    pad(indent + 2)
                    text += "- " + yamlQuoted(item, blockIndent: nil) + "\n"
                }
            }
        }
    }
}

/// The number as layout files print it: no `-0`, integers without `.0`, otherwise the shortest
/// decimal that reads back as the same Double.

/// A YAML scalar for `s`: plain when that cannot be misread (letters, digits, spaces and
/// `_ . - / +`, starting with a letter or `_`, not a word YAML 1.1 or 1.2 reads as a bool or
/// null); a `|` literal block for multi-line text when `blockIndent` is given and the text
/// allows; else double-quoted with JSON escapes.
func yamlQuoted(_ s: String, blockIndent: Int?) -> String {
    let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
    let plainOK = s.unicodeScalars.allSatisfy { c in
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || " _.-/+".unicodeScalars.contains(c)
    }
    if let first = s.unicodeScalars.first, (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") || first == "_",
        plainOK, s.last != " ", !reserved.contains(s.lowercased())
    {
        return s
    }
    if let indent = blockIndent, let block = yamlLiteralBlock(s, indent: indent) { return block }
    return SafeText.jsonQuoted(s)
}

/// `|-`, `|` or `|+`-free literal block for text of several lines, or nil when the text needs
/// quoting to read back exactly (leading spaces, control characters, trailing blank lines).
private func yamlLiteralBlock(_ s: String, indent: Int) -> String? {
    guard s.contains("\n") else { return nil }
    var body = Substring(s)
    var chomp = "|-"
    if body.hasSuffix("\n") { body = body.dropLast(); chomp = "|" }
    guard !body.hasSuffix("\n"), !body.isEmpty else { return nil }
    let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines {
        if line.first == " " || line.first == "\t" { return nil }
        if line.last == " " || line.last == "\t" { return nil }
        for c in line.unicodeScalars where SafeText.isUnsafe(c) || c.value >= 0xFFFE && c.value <= 0xFFFF {
            return nil
        }
    }
    guard let firstLine = lines.first, !firstLine.isEmpty else { return nil }
    let pad = String(repeating: " ", count: indent)
    return chomp + "\n" + lines.map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
}

/// An animation's layout fields (LayoutAnimations.swift reads them back).
extension AnimationDeclaration {
    var layoutFields: [(key: String, value: LayoutEncoder.FieldValue)] {
        func value(_ v: PropertyValue) -> LayoutEncoder.FieldValue {
            switch v {
            case let .number(x): return .number(x)
            case let .point(p): return .numbers([p.x, p.y])
            case let .size(s): return .numbers([s.width, s.height])
            case let .rect(r): return .numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
            case let .transform(t): return .string(t.text)
            case let .color(_, spelling): return .string(spelling)
            default: return .string(v.text)
            }
        }
        var fields: [(key: String, value: LayoutEncoder.FieldValue)] = [("layer", .string(layer)), ("keyPath", .string(spec.keyPath.rawValue))]
        if let v = spec.from { fields.append(("from", value(v))) }
        if let v = spec.to { fields.append(("to", value(v))) }
        if let v = spec.by { fields.append(("by", value(v))) }
        if let d = spec.duration { fields.append(("duration", .number(d))) }
        if let d = spec.delay { fields.append(("delay", .number(d))) }
        if let t = spec.timing { fields.append(("timing", .string(t.text))) }
        switch spec.repeatCount {
        case let .count(n)?: fields.append(("repeat", .number(n)))
        case .forever?: fields.append(("repeat", .string("forever")))
        case nil: break
        }
        if spec.autoreverses { fields.append(("autoreverse", .bool(true))) }
        if let f = spec.fill { fields.append(("fill", .string(f.rawValue))) }
        if spec.keep { fields.append(("keep", .bool(true))) }
        return fields
    }
}
