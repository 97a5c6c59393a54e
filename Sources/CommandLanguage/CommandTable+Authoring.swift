import LayerModel

/// Authoring a demo in the explorer (issue 32): the scene's screen and its steps, each an
/// undoable command that the preserving save writes beside the author's text.
public enum AuthorCommand: Equatable, Sendable {
    /// `set screen W H`: the scene's `screen` (points; W, H > 0).
    case setScreen(Double, Double)
    /// `step add [NOTE]`: the commands since the last step (or since load or save) become a
    /// new step after the current one, titled NOTE.
    case stepAdd(String?)
    /// `step note N TEXT`: step N's notes (the caption's text after its title).
    case stepNote(Int, String)
    /// `step remove N`: step N goes (the scene at or past it goes back to step N−1).
    case stepRemove(Int)

    public var text: String {
        let n = NumberText.exact
        let q = CommandQuoting.ifNeeded
        switch self {
        case let .setScreen(w, h): return "set screen \(n(w)) \(n(h))"
        case let .stepAdd(note): return "step add" + (note.map { " " + Self.quotedNote($0, q) } ?? "")
        case let .stepNote(i, text): return "step note \(i) \(Self.quotedNote(text, q))"
        case let .stepRemove(i): return "step remove \(i)"
        }
    }

    /// A note that reads back as itself: quoted when it needs it, and always when it is a
    /// number (`step add 2` would read the same; quoting keeps it text).
    static func quotedNote(_ s: String, _ q: (String) -> String) -> String {
        TokenCursor.number(s) != nil || s.isEmpty ? "\"\(s)\"" : q(s)
    }
}

/// `get screen` (`{"size":[w,h]}`, or `{"size":null}` for a scene that fits its content) and
/// `get steps` (`{"steps":[{"title","notes","script"}…],"current":N}`).
public enum AuthorQuery: String, Equatable, Sendable, CaseIterable {
    case screen, steps
}

extension TokenCursor {
    /// The rest of the line as one note: a quoted string, or the words left joined by spaces.
    /// A quoted note is the whole note: words after it are refused — `step add "grow": set …`,
    /// the file's `"title": commands` form, made the note `grow : set …` and left the edit out.
    mutating func note(_ expected: String) throws(CommandError) -> String {
        var words: [String] = []
        if let first = peek, first.quoted {
            advance()
            if let extra = peek {
                throw CommandError(
                    "unexpected \"\(extra.text)\" after the quoted note", column: extra.column,
                    suggestion:
                        "a note is all step add takes; the step is the commands since the last step — run them first, then step add \"\(first.text)\"")
            }
            return first.text
        }
        while let t = peek { advance(); words.append(t.text) }
        guard !words.isEmpty else { throw CommandError("expected \(expected)", column: endColumn) }
        return words.joined(separator: " ")
    }

    /// `set screen W H`, after `screen`: positive numbers within the numeric policy.
    mutating func screenSize() throws(CommandError) -> Command {
        let w = try positive("the screen's width (points)")
        let h = try positive("the screen's height (points)")
        if let t = peek {
            throw CommandError("unexpected \"\(t.text)\"", column: t.column, suggestion: "expected: set screen W H")
        }
        return .engine(.author(.setScreen(w, h)))
    }

    /// `step add|note|remove …`, after the word; nil when the word is not one of them.
    mutating func stepAuthoring() throws(CommandError) -> Command? {
        guard let t = peek, !t.quoted, ["add", "note", "remove"].contains(t.text) else { return nil }
        advance()
        switch t.text {
        case "add":
            return .engine(.author(.stepAdd(peek == nil ? nil : try note("a note"))))
        case "note":
            let i = try integer("a step number")
            return .engine(.author(.stepNote(i, try note("the step's note (text)"))))
        default:
            let i = try integer("a step number")
            if let extra = peek { throw CommandError("unexpected \"\(extra.text)\"", column: extra.column, suggestion: "expected: step remove N") }
            return .engine(.author(.stepRemove(i)))
        }
    }
}

extension CommandTable {
    /// The forms `set`, `step` and `get` gain for authoring (their help and completion).
    static let setScreenForm = CommandForm(
        [.keyword("screen"), .number("W"), .number("H")],
        "the scene's screen size in points (W, H > 0): the window top-level layers live in ([layout-format.md](layout-format.md)); undoable, saved beside the file's other top-level fields"
    )
    static let stepAuthoringForms: [CommandForm] = [
        CommandForm(
            [.keyword("add"), .optional([.text("NOTE")])],
            "the commands since the last step (or since load or save) become a new step after the current one, titled NOTE; the scene is then at it ([workshops.md](workshops.md#authoring-a-demo))"
        ),
        CommandForm([.keyword("note"), .number("N"), .text("TEXT")], "step N's notes: the caption's text after its title"),
        CommandForm([.keyword("remove"), .number("N")], "remove step N (at or past it, the scene goes back to step N−1); the later steps must still play")
    ]
    static let getAuthoringForms: [CommandForm] = [
        CommandForm([.keyword("screen")], "`{\"size\":[w,h]}`: the scene's `screen`, or `{\"size\":null}` when it fits its content"),
        CommandForm(
            [.keyword("steps")], "`{\"steps\":[{\"title\":T,\"notes\":N,\"script\":[…]}…],\"current\":C}`: the demo's steps and the one the scene is at")
    ]

    /// The help overlay's paragraph on authoring a demo (after the command lists): the
    /// authoring forms of `add`, `set` and `step` as their declarations write them, so a
    /// changed form changes the help.
    public static func authoringHelpLines(width: Int = 76) -> [String] {
        let verbs: [(verb: String, forms: [CommandForm])] = [
            ("add", spec(for: "add")?.forms ?? []), ("set", spec(for: "set")?.forms ?? []), ("step", stepAuthoringForms)
        ]
        var words: [String] = []
        for (verb, forms) in verbs {
            for form in forms {
                var word = ":" + ([verb] + form.arguments.map(\.synopsis)).joined(separator: " ")
                if verb == "step", form.arguments.first == .keyword("add") { word += " (the commands since the last step become a step)" }
                words.append(word)
            }
        }
        words += ["u undoes each", ":w writes them into the file"]
        return ["  authoring a demo (docs/workshops.md):"] + pack(words, width: width - 4, separator: " · ").map { "    " + $0 }
    }
}
