import LayerModel
import SafeText

extension Patcher {
    // MARK: Values

    /// Rewrites `member`'s value into `want`, as little as possible.
    mutating func patch(_ member: SourceMember, _ want: WantedValue, flow: Bool) throws(PatchFailure) {
        let value = member.value
        if isBlockCollection(value) && !canPatchInside(value, want) {
            // A block collection becomes a flow one after the key.
            guard let keyStart = source.offset(of: member.keyPosition), let colon = colonAfterKey(from: keyStart) else {
                throw PatchFailure(reason: "cannot find \"\(member.key)\" in the text")
            }
            let end = blockEnd(value)
            try replace((colon + 1)..<end, with: " " + render(want))
            return
        }
        try patch(value, want, flow: flow || format == .json || isFlowCollection(value))
    }

    mutating func patch(_ value: SourceValue, _ want: WantedValue, flow: Bool) throws(PatchFailure) {
        switch (value.kind, want) {
        case (_, .keep):
            return
        case (.number(let old, _), .number(let new)):
            if old == new { return }
        case (.number(let old, _), .transformNumber(let new)):
            if sameStepValue(old, new) { return }
        case (.string(let old), .string(let new)):
            if old == new { return }
        case (.bool(let old), .bool(let new)):
            if old == new { return }
        case (.array(let elements), .array(let wanted)) where elements.count == wanted.count:
            let inner = flow || isFlowCollection(value)
            for (e, w) in zip(elements, wanted) {
                if isBlockCollection(e) && !canPatchInside(e, w) {
                    guard let start = source.offset(of: e.position) else { throw PatchFailure(reason: "a value is out of the text") }
                    try replace(start..<blockEnd(e), with: render(w))
                } else {
                    try patch(e, w, flow: inner)
                }
            }
            return
        case (.object(let members), .object(let wanted))
        where members.count == wanted.count
            && wanted.allSatisfy({ w in members.contains { $0.key == w.0 } }):
            for (key, w) in wanted {
                if let m = members.first(where: { $0.key == key }) { try patch(m, w, flow: flow || isFlowCollection(value)) }
            }
            return
        default:
            break
        }
        guard let start = source.offset(of: value.position) else { throw PatchFailure(reason: "a value is out of the text") }
        if value.contentStart != nil { throw PatchFailure(reason: "a block of text (|) changed") }
        if isBlockCollection(value) { return try replace(start..<blockEnd(value), with: render(want)) }
        var text = render(want)
        // A YAML plain scalar that would now need quotes keeps its kind of spelling otherwise.
        if format == .yaml, case .string(let s) = want, flow { text = jsonQuotedIfNeeded(s, flow: true) }
        try replace(start..<scalarEnd(from: start, flow: flow), with: text)
    }

    /// Whether patching `want` into `value` element by element (or member by member) works.
    func canPatchInside(_ value: SourceValue, _ want: WantedValue) -> Bool {
        switch (value.kind, want) {
        case (_, .keep): return true
        case (.array(let e), .array(let w)): return e.count == w.count && zip(e, w).allSatisfy { canPatchLeaf($0, $1) }
        case (.object(let m), .object(let w)):
            return m.count == w.count && w.allSatisfy { pair in m.first { $0.key == pair.0 }.map { canPatchLeaf($0.value, pair.1) } ?? false }
        default: return false
        }
    }

    private func canPatchLeaf(_ value: SourceValue, _ want: WantedValue) -> Bool {
        switch (value.kind, want) {
        case (_, .keep), (.number, .number), (.string, .string), (.bool, .bool): return true
        case (.array, .array), (.object, .object): return !isBlockCollection(value) || canPatchInside(value, want)
        default: return !isBlockCollection(value)
        }
    }

    mutating func insert(_ key: String, _ want: WantedValue, into object: SourceValue) throws(PatchFailure) {
        guard let members = object.members, let start = source.offset(of: object.position) else {
            throw PatchFailure(reason: "cannot add \"\(key)\": not an object")
        }
        let keyText = format == .json ? SafeText.jsonQuoted(key) : yamlKey(key)
        let entry = keyText + ": " + render(want)
        if isFlowCollection(object) {
            guard !members.isEmpty else {
                let close = flowEnd(from: start) - 1
                return try replace(close..<close, with: (spacedBraces ? " " : "") + entry + (spacedBraces ? " " : ""))
            }
            // Beside its siblings: after the last member that is not one of the big lists
            // (`layers`, `subviews`, `steps`…), else before the first member (issue 32).
            guard let last = members.last(where: { !Patcher.trailingKeys.contains($0.key) }) else {
                let first = members[members.startIndex]
                guard let at = source.offset(of: first.keyPosition) else { throw PatchFailure(reason: "cannot add \"\(key)\": the object is out of the text") }
                let separator = first.keyPosition.line != object.position.line ? "," + lineBreak + indentation(ofLine: first.keyPosition.line) : ", "
                return try replace(at..<at, with: entry + separator)
            }
            let end = valueEnd(last.value, flow: true)
            if last.keyPosition.line != object.position.line {
                try replace(end..<end, with: ",\n" + indentation(ofLine: last.keyPosition.line) + entry)
            } else {
                try replace(end..<end, with: ", " + entry)
            }
            return
        }
        // A block mapping: a new line after the last member, at the members' indentation.
        // After the last member written on one line, so a new property lands before the
        // sublayers block rather than after it.
        guard let first = members.first else {
            throw PatchFailure(reason: "cannot add \"\(key)\" to an empty block")
        }
        let indent = String(repeating: " ", count: first.keyPosition.column - 1)
        guard
            let last = members.last(where: { !Patcher.trailingKeys.contains($0.key) && !isBlockCollection($0.value) && $0.value.contentStart == nil })
                ?? members.last(where: { !isBlockCollection($0.value) && $0.value.contentStart == nil })
        else {
            // Only big blocks: the new line goes above the first of them.
            guard source.lineStarts.indices.contains(first.keyPosition.line - 1) else {
                throw PatchFailure(reason: "cannot add \"\(key)\": the object is out of the text")
            }
            let line = source.lineStarts[first.keyPosition.line - 1]
            return try replace(line..<line, with: indent + entry + lineBreak)
        }
        try insertLine(indent + entry, after: valueEnd(last.value, flow: false))
    }

    mutating func insertElement(_ want: WantedValue, in array: SourceValue, after previous: SourceValue?, before next: SourceValue?, isEmpty: Bool)
        throws(PatchFailure)
    {
        try insertElement(text: render(want), in: array, after: previous, before: next, isEmpty: isEmpty)
    }

    /// `insertElement` with the element's text already spelled (a step in the file's style).
    mutating func insertElement(text: String, in array: SourceValue, after previous: SourceValue?, before next: SourceValue?, isEmpty: Bool)
        throws(PatchFailure)
    {
        guard let start = source.offset(of: array.position) else { throw PatchFailure(reason: "an array is out of the text") }
        if isFlowCollection(array) || format == .json {
            if isEmpty {
                let close = flowEnd(from: start) - 1
                // Insertions at one offset come out in the order made: the second and later
                // follow the first after a comma.
                let first = filledEmptyArrays.insert(start).inserted
                return try replace(close..<close, with: first ? text : ", " + text)
            }
            if let previous {
                let end = valueEnd(previous, flow: true)
                let separator = previous.position.line != array.position.line ? ",\n" + indentation(ofLine: previous.position.line) : ", "
                return try replace(end..<end, with: separator + text)
            }
            guard let next, let nextStart = source.offset(of: next.position) else { throw PatchFailure(reason: "nowhere to add the layer") }
            let separator = next.position.line != array.position.line ? ",\n" + indentation(ofLine: next.position.line) : ", "
            return try replace(nextStart..<nextStart, with: text + separator)
        }
        // A block sequence: `- {…}` on its own line.
        if let previous {
            return try insertLine(dashIndentation(of: previous) + "- " + text, after: valueEnd(previous, flow: false))
        }
        guard let next, source.lineStarts.indices.contains(next.position.line - 1) else { throw PatchFailure(reason: "nowhere to add the layer") }
        let nextLine = source.lineStarts[next.position.line - 1]
        try replace(nextLine..<nextLine, with: dashIndentation(of: next) + "- " + text + lineBreak)
    }

    /// A new line after the line holding `offset`: at the start of the next line, so it
    /// stays clear of a removal that ends there.
    mutating func insertLine(_ line: String, after offset: Int) throws(PatchFailure) {
        let end = lineEnd(containing: offset)
        if end < source.scalars.count {
            let next = end + breakLength(at: end)
            try replace(next..<next, with: line + lineBreak)
        } else {
            try replace(end..<end, with: lineBreak + line)
        }
    }

    /// `key:` followed by a block sequence whose every element is removed becomes `key: []`.
    mutating func emptyBlockArray(_ array: SourceValue, parentName: String?, root: SourceValue, map: SourceLayers) throws(PatchFailure) {
        let owner = parentName.flatMap { map.objects[$0] } ?? root
        guard let member = owner.members?.first(where: { $0.value.position == array.position }) else {
            throw PatchFailure(reason: "cannot find the layers to remove")
        }
        guard let keyStart = source.offset(of: member.keyPosition), let colon = colonAfterKey(from: keyStart) else {
            throw PatchFailure(reason: "cannot find \"\(member.key)\" in the text")
        }
        try replace((colon + 1)..<blockEnd(array), with: " []")
    }

    mutating func removeElement(_ object: SourceValue, parentName: String?, map: SourceLayers) throws(PatchFailure) {
        guard let array = map.childArray(of: parentName) else { throw PatchFailure(reason: "cannot find a removed layer in the file") }
        try removeElement(object, from: array)
    }

    /// Takes `object`'s text (and its separator) out of `array`.
    mutating func removeElement(_ object: SourceValue, from array: SourceValue) throws(PatchFailure) {
        guard let elements = array.elements,
            let index = elements.firstIndex(where: { $0.position == object.position }),
            let start = source.offset(of: object.position)
        else {
            throw PatchFailure(reason: "cannot find a removed layer in the file")
        }
        if isFlowCollection(array) || format == .json {
            let end = valueEnd(object, flow: true)
            if index > 0 {
                try replace(valueEnd(elements[index - 1], flow: true)..<end, with: "")
            } else if index + 1 < elements.count, let nextStart = source.offset(of: elements[index + 1].position) {
                try replace(start..<nextStart, with: "")
            } else {
                try replace(start..<end, with: "")
            }
            return
        }
        // Block sequence: drop the element's whole lines.
        let firstLine = source.lineStarts[object.position.line - 1]
        let end = lineEnd(containing: valueEnd(object, flow: false))
        let next = end < source.scalars.count ? end + breakLength(at: end) : end
        try replace(firstLine..<next, with: "")
    }
}

extension Patcher {
    /// Takes `member` (key, value and separator) out of `object` (`save --rewrite`: removed
    /// notes or screen, a script folded into the layers). A block mapping loses the member's
    /// whole lines; comments on lines of their own above it stay.
    mutating func removeMember(_ member: SourceMember, of object: SourceValue) throws(PatchFailure) {
        guard let members = object.members,
            let index = members.firstIndex(where: { $0.keyPosition == member.keyPosition }),
            let keyStart = source.offset(of: member.keyPosition)
        else {
            throw PatchFailure(reason: "cannot find \"\(member.key)\" in the text", field: member.key)
        }
        if isFlowCollection(object) || format == .json {
            let end = valueEnd(member.value, flow: true)
            if index > 0 {
                try replace(valueEnd(members[index - 1].value, flow: true)..<end, with: "")
            } else if index + 1 < members.count, let next = source.offset(of: members[index + 1].keyPosition) {
                try replace(keyStart..<next, with: "")
            } else {
                try replace(keyStart..<end, with: "")
            }
            return
        }
        let firstLine = source.lineStarts[member.keyPosition.line - 1]
        let end = lineEnd(containing: valueEnd(member.value, flow: false))
        let next = end < source.scalars.count ? end + breakLength(at: end) : end
        try replace(firstLine..<next, with: "")
    }
}
