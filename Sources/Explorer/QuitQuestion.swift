import CommandLanguage
import Engine

/// The quit question for a scene that cannot be saved in place (issue 32): a dump read from
/// a file or a pipe, the tour — no file of its own. `y` (or `s`) opens the `:` line with
/// `save NAME`, a name made from the scene's title; Enter saves there and quits, Esc stays.
/// A scene with a file of its own is asked as before (`y` saves to it and quits).
extension Reducer {
    /// What the quit question says on the status line.
    static func quitQuestion(_ state: ExplorerState) -> String {
        state.session.filePath == nil
            ? "unsaved edits and no file of its own — s: save as \(suggestedSaveName(state))… and quit · n: quit without saving · Esc: stay"
            : "unsaved edits — save before quitting? y: save and quit · s: save as… · n: quit without saving · Esc: stay"
    }

    /// The quit question's "save as": the `:` line holding `save NAME`, quitting once saved.
    static func saveAsAndQuit(_ state: inout ExplorerState) -> ExplorerEffect {
        let line = EngineCommand.save(state.session.filePath == nil ? suggestedSaveName(state) : nil).text + (state.session.filePath == nil ? "" : " ")
        state.mode = .command(text: line, caret: line.count)
        state.modeBeforeCommandLine = .normal
        state.historyIndex = nil
        state.quitAfterSave = true
        state.setStatus("save as: Enter saves and quits (edit the name first if you like) · Esc stays")
        return .none
    }

    /// The quit question's save (`y`) was refused in place, and `save --rewrite` would write
    /// it (the refusal's `offersRewrite`, checked by the caller; its text says so, as a `:w`
    /// refusal does): the `:` line holds `save --rewrite`, Enter rewrites and quits, the line
    /// can be edited to `save NEW.json`, Esc stays. False when the save was not the quit
    /// question's.
    static func offerRewriteAndQuit(_ state: inout ExplorerState, refusal message: String) -> Bool {
        guard state.mode == .confirmQuit, state.session.filePath != nil else { return false }
        let line = EngineCommand.save(nil, rewrite: true).text
        state.mode = .command(text: line, caret: line.count)
        state.modeBeforeCommandLine = .normal
        state.historyIndex = nil
        state.quitAfterSave = true
        state.setStatus("not saved: \(message) — Enter: save --rewrite and quit (or edit the line: save NEW.json) · Esc: stay", error: true)
        return true
    }

    /// A layout name from an imported dump's title (`Sample.txt (recursiveDescription)` →
    /// `Sample.json`): letters, digits, `-` and `_` kept, at most 40; `imported.json` for a
    /// pipe or a dump with no usable name, `scene.json` for a scene that was not imported.
    static func suggestedSaveName(_ state: ExplorerState) -> String {
        let title = state.session.scene.title ?? ""
        // An import is titled "FILE (form)" (ImportBuilder); anything else is a scene's own title.
        guard title.hasSuffix(")"), let paren = title.range(of: " (", options: .backwards) else { return "scene.json" }
        var base = String(title[..<paren.lowerBound])
        base = String(base.split(separator: "/").last ?? "")
        if let dot = base.lastIndex(of: "."), dot > base.startIndex { base = String(base[..<dot]) }
        var name = ""
        for c in base {
            let kept: Character = c.isLetter || c.isNumber || c == "_" ? c : "-"
            if kept == "-", name.last == "-" { continue }
            name.append(kept)
        }
        name = String(name.trimmingDashes.prefix(40)).trimmingDashes
        return (name.isEmpty || name == "stdin" ? "imported" : name) + ".json"
    }
}

private extension String {
    var trimmingDashes: String {
        var s = Substring(self)
        while s.first == "-" { s.removeFirst() }
        while s.last == "-" { s.removeLast() }
        return String(s)
    }
}
