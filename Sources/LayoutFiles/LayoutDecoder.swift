import Geometry
import Scenes
import LayerModel
import CommandLanguage

/// Turns a parsed layout document (`SourceValue`, from either reader) into a `Scene`,
/// enforcing layout-format.md: known fields only, right types and arities, finite numbers
/// within ±1e9, unique names, and the fixed order of geometry writes.
///
/// The first problem found is thrown with the file, line, column and field path of the value
/// at fault; nothing half-built escapes. Layers are decoded with an explicit work list, so
/// layer depth costs no call stack.
struct LayoutDecoder {
    let file: String

    /// The largest magnitude a number may have.
    static let numberLimit = 1e9

    func decode(_ root: SourceValue?) throws(LayoutError) -> Scene {
        guard let root else {
            throw LayoutError(
                file: file, line: 1, column: 1, message: "empty file: expected an object with \"layers\"",
                suggestion: "start from {\"layers\": [{\"name\": \"box\", \"bounds\": [0, 0, 100, 100], \"position\": [60, 60]}]}")
        }
        guard let members = root.members else {
            var suggestion: String? = nil
            if root.elements != nil { suggestion = "put the layers in an object: {\"layers\": [ … ]}" }
            throw error(
                at: root.position, "", "expected an object with \"layers\" at the top level, found \(describe(root))",
                suggestion: suggestion)
        }
        var scene = Scene()
        var layersValue: SourceValue?
        var animationsValue: SourceValue?
        var screenScale: Double?
        for member in members {
            switch member.key {
            case "title": scene.title = try string(member.value, path: "title")
            case "notes": scene.notes = try string(member.value, path: "notes")
            case "screen": (scene.screen, screenScale) = try screen(member.value)
            case "layers": layersValue = member.value
            case "script": scene.script = try script(member.value)
            case "animations": animationsValue = member.value
            case "steps": scene.steps = try steps(member.value)
            case "lesson": scene.lesson = try lesson(member.value, at: member.keyPosition)
            default:
                throw unknownField(
                    member, path: "", valid: Self.topLevelFields, synonyms: Self.topLevelSynonyms,
                    context: "at the top level")
            }
        }
        guard let layersValue else {
            throw error(
                at: root.position, "", "missing \"layers\": a layout needs a \"layers\" array (it may be empty)",
                suggestion: "add \"layers\": [ … ]")
        }
        var warnings: [LayoutWarning] = []
        scene.tree = try tree(layersValue, warnings: &warnings)
        scene.loadWarnings = LoadWarnings(warnings)
        if let screenScale { scene.tree.screenScale = screenScale }
        if let animationsValue { scene.animations = try AnimationsDecoder(file: file).decode(animationsValue, tree: scene.tree) }
        return scene
    }

    // MARK: Top level

    static let topLevelFields = ["title", "notes", "screen", "layers", "script", "animations", "steps", "lesson"]
    static let topLevelSynonyms = [
        "sublayers": "layers", "subviews": "layers", "views": "layers", "children": "layers",
        "commands": "script", "description": "notes", "instructions": "notes", "name": "title", "size": "screen"
    ]

    /// `{"width", "height", "scale"}`: the size (both or neither) and the scale (content.md;
    /// default 2, a view's default contentsScale).
    func screen(_ value: SourceValue) throws(LayoutError) -> (Size?, Double?) {
        guard let members = value.members else {
            throw error(at: value.position, "screen", "expected {\"width\": W, \"height\": H}, found \(describe(value))")
        }
        var width: Double?, height: Double?, scale: Double?
        for member in members {
            let path = "screen." + member.key
            guard ["width", "height", "scale"].contains(member.key) else {
                throw unknownField(
                    member, path: "screen", valid: ["width", "height", "scale"],
                    synonyms: ["w": "width", "h": "height", "contentsScale": "scale", "scaleFactor": "scale"],
                    context: "in \"screen\"")
            }
            let n = try number(member.value, path: path)
            guard n > 0 else {
                throw error(
                    at: member.value.position, path, "the screen \(member.key) must be positive, found \(literal(member.value))",
                    suggestion: member.key == "scale" ? "1, 2 or 3, as UIScreen.main.scale" : nil)
            }
            switch member.key {
            case "width": width = n
            case "height": height = n
            default: scale = n
            }
        }
        if width == nil && height == nil && scale != nil { return (nil, scale) }
        guard let width, let height else {
            throw error(
                at: value.position, "screen", "missing \"\(width == nil ? "width" : "height")\" in \"screen\"",
                suggestion: "write {\"width\": 320, \"height\": 240}")
        }
        return (Size(width: width, height: height), scale)
    }

    /// An array of commands, one `ScriptLine` each; or one string holding commands on
    /// separate lines (a YAML `|` block), one `ScriptLine` per non-blank line. `;` inside a line
    /// is left to the command language.
    /// `steps`: a list of `{title, notes?, script}`, played one at a time after the script.
    func steps(_ value: SourceValue) throws(LayoutError) -> [SceneStep] {
        guard let elements = value.elements else {
            throw error(
                at: value.position, "steps", "expected a list of steps, found \(describe(value))",
                suggestion: "write \"steps\": [{\"title\": \"…\", \"script\": [\"select box\", \"rotate 30\"]}]")
        }
        var result: [SceneStep] = []
        for (index, element) in elements.enumerated() {
            let path = "steps[\(index)]"
            guard let members = element.members else {
                throw error(at: element.position, path, "expected a step {\"title\", \"notes\", \"script\"}, found \(describe(element))")
            }
            var step = SceneStep(title: "")
            var hasTitle = false
            for member in members {
                switch member.key {
                case "title": step.title = try string(member.value, path: path + ".title"); hasTitle = true
                case "notes": step.notes = try string(member.value, path: path + ".notes")
                case "script": step.script = try script(member.value, path: path + ".script")
                case "view": step.view = try stepSubject(member.value, path: path + ".view")
                default:
                    throw unknownField(
                        member, path: path, valid: ["title", "notes", "script", "view"],
                        synonyms: ["name": "title", "description": "notes", "commands": "script"], context: "in a step")
                }
            }
            guard hasTitle else {
                throw error(at: element.position, path, "a step needs a \"title\"", suggestion: "add \"title\": \"what this step shows\"")
            }
            result.append(step)
        }
        return result
    }

    /// A step's `view`: a layer's name, or `[x, y, width, height]` in screen points.
    func stepSubject(_ value: SourceValue, path: String) throws(LayoutError) -> StepSubject {
        if case .string(let name) = value.kind, !name.isEmpty { return .layer(name) }
        if let elements = value.elements, elements.count == 4 {
            var numbers: [Double] = []
            for element in elements {
                guard case .number(let n, _) = element.kind, n.isFinite else { break }
                numbers.append(n)
            }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
                return .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
        }
        throw error(
            at: value.position, path, "expected a layer's name or a rect [x, y, width, height] (width and height above 0), found \(describe(value))",
            suggestion: "write \"view\": \"card\" or \"view\": [0, 0, 390, 300]")
    }

    func script(_ value: SourceValue, path: String = "script") throws(LayoutError) -> [ScriptLine] {
        if case .string(let text) = value.kind {
            var lines: [ScriptLine] = []
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var command = String(line)
                if command.hasSuffix("\r") { command.removeLast() }
                guard !command.trimmingSpaces.isEmpty else { continue }
                let where_: SourcePosition
                if let start = value.contentStart {
                    let indent = command.prefix { $0 == " " }.count
                    where_ = SourcePosition(line: start.line + index, column: start.column + indent)
                } else {
                    where_ = value.position
                }
                lines.append(ScriptLine(command, location: SourceLocation(file: file, line: where_.line, column: where_.column)))
            }
            return lines
        }
        guard let elements = value.elements else {
            throw error(
                at: value.position, path, "expected a list of commands, found \(describe(value))",
                suggestion: "write \"script\": [\"select box\", \"rotate 30\"]")
        }
        var lines: [ScriptLine] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let command) = element.kind else {
                throw error(
                    at: element.position, path + "[\(index)]", "expected a command (a string), found \(describe(element))",
                    suggestion: "put the command in quotes")
            }
            lines.append(ScriptLine(command, location: SourceLocation(file: file, line: element.position.line, column: element.position.column)))
        }
        return lines
    }

    // MARK: Messages

    func error(at position: SourcePosition, _ path: String, _ message: String, suggestion: String? = nil) -> LayoutError {
        LayoutError(file: file, line: position.line, column: position.column, path: path, message: message, suggestion: suggestion)
    }

    func unknownField(
        _ member: SourceMember, path: String, valid: [String], synonyms: [String: String],
        context: String
    ) -> LayoutError {
        let fieldPath = path.isEmpty ? member.key : path + "." + member.key
        var suggestion: String?
        if let near = synonyms[member.key] ?? NearMiss.closest(to: member.key, among: valid) {
            suggestion = "did you mean \"\(near)\"?"
        } else if member.key == "<<" {
            suggestion = "YAML merge keys are not supported; write the fields out"
        } else if context == "at the top level", Field.bySpelling[member.key] != nil {
            suggestion = "layer fields go inside an entry of \"layers\""
        } else {
            suggestion = "valid fields \(context): \(valid.joined(separator: ", "))"
        }
        return error(at: member.keyPosition, fieldPath, "unknown field \"\(member.key.abbreviated)\" \(context)", suggestion: suggestion)
    }

    /// Where the `index`-th number of an array (or the `key` of an object) is, for messages.
    func componentValue(_ value: SourceValue, index: Int, key: String) -> (position: SourcePosition, path: (String) -> String) {
        if let elements = value.elements, index < elements.count {
            return (elements[index].position, { "\($0)[\(index)]" })
        }
        if let member = value.member(key) { return (member.value.position, { "\($0).\(key)" }) }
        return (value.position, { $0 })
    }

    func literal(_ value: SourceValue) -> String {
        if case .number(_, let literal) = value.kind { return literal }
        return describe(value)
    }
}

/// What a value is, for "found …" in messages: `an array of 3 numbers`, `the string "abc"`.
func describe(_ value: SourceValue) -> String {
    switch value.kind {
    case .object(let members): return members.isEmpty ? "an empty object" : "an object"
    case .array(let elements):
        if elements.isEmpty { return "an empty array" }
        let allNumbers = elements.allSatisfy { $0.kind.isNumber }
        let noun = allNumbers ? (elements.count == 1 ? "number" : "numbers") : (elements.count == 1 ? "value" : "values")
        return "an array of \(elements.count) \(noun)"
    case .string(let s):
        let shown = s.count > 40 ? String(s.prefix(40)) + "…" : s
        return "the string \"\(shown)\""
    case .number(_, let literal): return "the number \(literal)"
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    }
}

extension SourceValue.Kind {
    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}

extension SourcePosition {
    func isAfter(_ other: SourcePosition) -> Bool { (line, column) > (other.line, other.column) }
}

extension String {
    /// At most 60 characters, for quoting user text in a message.
    var abbreviated: String { count > 60 ? String(prefix(60)) + "…" : self }

    /// Without spaces (`"steel blue"` → `"steelblue"`), for color suggestions.
    var replacingSpaces: String { String(filter { $0 != " " }) }
}
