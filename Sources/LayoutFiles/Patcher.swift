import LayerModel

/// Why a patch could not be made: in words, and (when known) the layer and the field it is
/// about and where that is in the file, for the message (issue 36: "which field is not said").
struct PatchFailure: Error {
    var reason: String
    /// The layer the failure is about (by name), when it is about one.
    var layer: String? = nil
    /// The field of that layer (its key in the file, or the property's name).
    var field: String? = nil
}

/// Collects replacements in a layout file's text (scalar offsets) and applies them at once.
struct Patcher {
    let source: SourceText
    let format: LayoutFormat
    /// The file writes `{ a: 1 }` rather than `{a: 1}`.
    let spacedBraces: Bool
    private(set) var edits: [(range: Range<Int>, text: String)] = []
    /// Empty flow arrays (`[]`, by offset) that already received a new element: the next one
    /// goes after it with a comma (a scene begun from `{"layers": []}` gets two `add`s).
    var filledEmptyArrays: Set<Int> = []

    /// The rewriting save (`save --rewrite`): layers written afresh whole in place of their
    /// text, and whether a moved layer, removed notes or screen may be rewritten instead of
    /// refusing (issue 36). Empty and false for the ordinary preserving save.
    var fresh: Set<String> = []
    var rewriting = false
    /// What was written afresh, in words, for the save's report (`layer "badge"`, `notes`).
    var rewritten: [String] = []

    /// The file starts with a byte order mark: both readers give positions without it (it
    /// takes no column), so it is set aside while patching and put back in front.
    let byteOrderMark: Bool

    init(text: String, format: LayoutFormat) {
        let (unmarked, hadMark) = SourceText.withoutByteOrderMark(text)
        byteOrderMark = hadMark
        source = SourceText(unmarked)
        self.format = format
        spacedBraces = text.contains("{ ")
    }

    func result() -> String {
        var scalars = source.scalars
        // Back to front; at one offset a removal goes before an insertion there, so the
        // inserted text survives.
        // Insertions at one offset come out in the order they were made.
        let ordered = edits.enumerated().sorted { x, y in
            let a = x.element.range, b = y.element.range
            if a.lowerBound != b.lowerBound { return a.lowerBound > b.lowerBound }
            if a.isEmpty != b.isEmpty { return !a.isEmpty }
            return x.offset > y.offset
        }.map(\.element)
        for edit in ordered {
            scalars.replaceSubrange(edit.range, with: edit.text.unicodeScalars)
        }
        var s = String.UnicodeScalarView()
        if byteOrderMark { s.append("\u{FEFF}") }
        s.append(contentsOf: scalars)
        return String(s)
    }

    mutating func replace(_ range: Range<Int>, with text: String) throws(PatchFailure) {
        for e in edits
        where e.range.overlaps(range)
            || (e.range.isEmpty && range.dropFirst().contains(e.range.lowerBound))
            || (range.isEmpty && e.range.dropFirst().contains(range.lowerBound))
        {
            throw PatchFailure(reason: "two changes fall in the same place")
        }
        edits.append((range, text))
    }
}
