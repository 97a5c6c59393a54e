import Scenes
import SafeText

/// The steps authored in the explorer (`step add`, `step note`, `step remove`; issue 32),
/// written into the file's `steps` in its own style: a new step goes after the step before
/// it, spelled like its neighbours (a YAML block mapping, a JSON object over several lines,
/// or one flow line), a removed step loses its text, a changed note is rewritten in place.
extension Patcher {
    /// Keys holding a scene's or a layer's big lists: a new field is written before them,
    /// beside its siblings, not after the sublayers (Patcher+SourceEdits.swift `insert`).
    static let trailingKeys: Set<String> = ["layers", "sublayers", "subviews", "steps", "script", "animations", "lesson", "drawing"]

    mutating func patchSteps(from old: [SceneStep], to new: [SceneStep], root: SourceValue) throws(PatchFailure) {
        guard let member = root.member("steps") else {
            guard !new.isEmpty else { return }
            return try appendSteps(new, to: root)
        }
        let array = member.value
        let elements = array.elementList
        guard elements.count == old.count else { throw PatchFailure(reason: "the file's steps are not a list of steps") }
        // Which steps stayed: the longest common run of scripts, in order.
        let a = old.map { $0.script.map(\.text) }, b = new.map { $0.script.map(\.text) }
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var i = 0, j = 0
        var previous: SourceValue? = nil
        var kept: [Int] = []
        var inserts: [(after: SourceValue?, step: SceneStep)] = []
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j], common[i][j] == common[i + 1][j + 1] + 1 {
                try patchStep(elements[i], from: old[i], to: new[j])
                previous = elements[i]; kept.append(i)
                i += 1; j += 1
            } else if i < a.count, j >= b.count || common[i + 1][j] >= common[i][j + 1] {
                try removeElement(elements[i], from: array)
                i += 1
            } else {
                inserts.append((previous, new[j]))
                j += 1
            }
        }
        let style = elements.first.map { stepStyle(like: $0) } ?? .flow
        // YAML that quotes its steps' titles gets quoted strings too.
        let quoted = format == .yaml && elements.first?.member("title").map { source.character(at: $0.value.position) == "\"" } == true
        for (after, step) in inserts {
            // After the step before it, else before the first step the file keeps.
            let next = after == nil ? kept.first.map { elements[$0] } : nil
            try insertElement(
                text: stepText(step, style: style, quoted: quoted), in: array, after: after, before: next,
                isEmpty: kept.isEmpty && after == nil && next == nil)
        }
    }

    /// A step kept: its title and notes as the scene has them.
    private mutating func patchStep(_ element: SourceValue, from a: SceneStep, to b: SceneStep) throws(PatchFailure) {
        let flow = isFlowCollection(element)
        if a.title != b.title {
            guard let m = element.member("title") else { throw PatchFailure(reason: "a step has no title in the file") }
            try patch(m, .string(b.title), flow: flow)
        }
        if a.notes != b.notes {
            guard let notes = b.notes else { throw PatchFailure(reason: "step \"\(b.title)\" lost its notes") }
            if let m = element.member("notes") { try patch(m, .string(notes), flow: flow) } else { try insert("notes", .string(notes), into: element) }
        }
    }

    /// How the file spells a step: a block mapping (its members' column), an object over
    /// several lines (its members' indentation), or one flow line.
    enum StepStyle {
        case block(indent: Int, scriptBlock: Bool)
        case lines(brace: String, members: String, scriptLines: Bool)
        case flow
    }

    func stepStyle(like element: SourceValue) -> StepStyle {
        let first = element.members?.first
        if isBlockCollection(element), let first {
            return .block(indent: first.keyPosition.column - 1, scriptBlock: element.member("script").map { isBlockCollection($0.value) } ?? true)
        }
        if let first, first.keyPosition.line != element.position.line {
            let script = element.member("script").map { m in m.value.elementList.first.map { $0.position.line != m.keyPosition.line } ?? false } ?? false
            return .lines(
                brace: indentation(ofLine: element.position.line), members: String(repeating: " ", count: first.keyPosition.column - 1), scriptLines: script)
        }
        return .flow
    }

    /// A step's text in `style` (the first line's indentation is the caller's).
    func stepText(_ step: SceneStep, style: StepStyle, quoted: Bool = false) -> String {
        var members: [(String, WantedValue)] = [("title", .string(step.title))]
        if let notes = step.notes { members.append(("notes", .string(notes))) }
        let script = step.script.map(\.text)
        func render(_ want: WantedValue) -> String {
            if quoted, case let .string(s) = want { return SafeText.jsonQuoted(s) }
            return self.render(want)
        }
        switch style {
        case .flow:
            members.append(("script", .array(script.map { .string($0) })))
            return render(.object(members))
        case let .block(indent, scriptBlock):
            let pad = String(repeating: " ", count: indent)
            var lines = members.map { yamlKey($0.0) + ": " + render($0.1) }
            if scriptBlock {
                lines.append("script:")
                lines += script.map { "  - " + render(.string($0)) }
            } else {
                lines.append("script: " + render(.array(script.map { .string($0) })))
            }
            return lines.enumerated().map { $0.offset == 0 ? $0.element : pad + $0.element }.joined(separator: lineBreak)
        case let .lines(brace, pad, scriptLines):
            var lines = members.map { pad + key($0.0) + ": " + render($0.1) + "," }
            if scriptLines {
                lines.append(pad + key("script") + ": [")
                lines += script.enumerated().map { pad + "  " + render(.string($0.element)) + ($0.offset < script.count - 1 ? "," : "") }
                lines.append(pad + "]")
            } else {
                lines.append(pad + key("script") + ": " + render(.array(script.map { .string($0) })))
            }
            return (["{"] + lines + [brace + "}"]).joined(separator: lineBreak)
        }
    }

    private func key(_ k: String) -> String { format == .json ? SafeText.jsonQuoted(k) : yamlKey(k) }

    /// A file with no `steps` yet: the list after its last field, one step an element.
    private mutating func appendSteps(_ steps: [SceneStep], to root: SourceValue) throws(PatchFailure) {
        guard let members = root.members, let last = members.last else { throw PatchFailure(reason: "the file is not an object of fields") }
        let memberIndent = last.keyPosition.column - 1
        let pad = String(repeating: " ", count: memberIndent)
        let end = valueEnd(last.value, flow: !isBlockCollection(root))
        if isBlockCollection(root) {
            // YAML block style: `steps:` then each step a block mapping under `- `.
            let style = StepStyle.block(indent: memberIndent + 4, scriptBlock: true)
            let body = steps.map { pad + "  - " + stepText($0, style: style) }.joined(separator: lineBreak)
            return try insertLine(pad + "steps:" + lineBreak + body, after: end)
        }
        if last.keyPosition.line != root.position.line {
            let style = StepStyle.lines(brace: pad + "  ", members: pad + "    ", scriptLines: false)
            let body = steps.map { pad + "  " + stepText($0, style: style) }.joined(separator: "," + lineBreak)
            return try replace(end..<end, with: "," + lineBreak + pad + key("steps") + ": [" + lineBreak + body + lineBreak + pad + "]")
        }
        let body = steps.map { stepText($0, style: .flow) }.joined(separator: ", ")
        try replace(end..<end, with: ", " + key("steps") + ": [" + body + "]")
    }
}
