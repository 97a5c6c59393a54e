import Geometry
import LayerModel
import CommandLanguage
import TerminalKit

/// The tree browser's keys and commands, reduced like every other: its keys are bindings in
/// the keymap's tree mode (`Keymap`), each performed as the command it stands for (so its
/// echo replays); `TreeBrowser` is the state and the pure functions they use.
extension Reducer {
    /// A tree-mode binding (`/` `n` `N` `Enter` `*` `F` `j` `k` ↓ ↑) as its command.
    static func treeKey(_ state: inout ExplorerState, _ action: ContextualAction, key: String) -> ExplorerEffect {
        switch action {
        case .treeSearch: return perform(&state, .search(nil), echo: key)
        case .searchNext: return perform(&state, .searchNext, echo: key)
        case .searchPrevious: return perform(&state, .searchPrevious, echo: key)
        case .fold:
            guard let id = state.session.selection, state.session.tree.contains(id) else {
                state.setStatus("nothing to fold: nothing is selected")
                return .none
            }
            return perform(&state, .fold(state.session.tree[id].name, !state.treeBrowser.collapsed.contains(id)), echo: key)
        case .reveal: return perform(&state, .reveal, echo: key)
        case .filterTree: return perform(&state, .filter(!state.treeBrowser.filterHiddenAndEmpty), echo: key)
        case .treeNext, .treePrevious:
            let forward = action == .treeNext
            let effect: ExplorerEffect
            switch TreeBrowser.walk(state, forward: forward) {
            case .treeOrder: effect = perform(&state, forward ? EngineCommand.selectNext : .selectPrevious, echo: key)
            case let .to(id): effect = perform(&state, EngineCommand.select(state.session.tree[id].name), echo: key)
            case .nowhere: return .none
            }
            if let id = state.session.selection { scrollCanvas(to: id, &state) }
            return effect
        default:
            return .none
        }
    }

    /// Keys while the search after `/` is typed (a line of text, like the `:` line, not key
    /// bindings): incremental — each key selects the first match from where the search began.
    static func searchKey(_ state: inout ExplorerState, _ key: Key, _ typed: String) -> ExplorerEffect {
        var text = typed
        switch key {
        case .escape, .control("g"):
            state.treeBrowser.typing = nil
            if let back = state.treeBrowser.selectionBeforeSearch, state.session.tree.contains(back) {
                state.session.selection = back
            }
            state.setStatus("search cancelled")
            return .none
        case .enter:
            state.treeBrowser.typing = nil
            guard !text.isEmpty else { return .none }
            // The search as one command (`search TEXT`): from where it began, as typed.
            if let back = state.treeBrowser.selectionBeforeSearch, state.session.tree.contains(back) { state.session.selection = back }
            return perform(&state, .search(text), echo: "/" + text + " Enter")
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case let .character(c):
            text.append(c)
        default:
            return .none
        }
        state.treeBrowser.typing = text
        if !text.isEmpty {
            if let back = state.treeBrowser.selectionBeforeSearch, state.session.tree.contains(back) { state.session.selection = back }
            _ = jumpToMatch(&state, query: text, forward: true, includeCurrent: true)
        }
        state.echo = "/" + text
        return .none
    }

    /// The tree browser's commands (`search`, `search-next`, `fold`, `reveal`, `filter`…).
    static func treeCommand(_ state: inout ExplorerState, _ command: ExplorerCommand) -> ExplorerEffect {
        switch command {
        case .search(nil):
            state.mode = .tree
            state.treeBrowser.typing = ""
            state.treeBrowser.selectionBeforeSearch = state.session.selection
            state.setStatus("search by name, class or address: type, Enter keeps the match, Esc cancels")
        case let .search(text?):
            state.mode = .tree
            state.treeBrowser.query = text
            let count = TreeBrowser.matchList(state.session.tree, text).count
            guard count > 0 else {
                state.setStatus("no view matches \"\(text)\"", error: true)
                return .none
            }
            let echo = state.echo
            _ = jumpToMatch(&state, query: text, forward: true, includeCurrent: true)
            state.echo = echo
            state.setStatus("\(count) match\(count == 1 ? "" : "es") for \"\(text)\" — n next, N previous")
        case .searchNext, .searchPrevious:
            guard let q = state.treeBrowser.query, !q.isEmpty else {
                state.setStatus("no search yet: press / to search", error: true)
                return .none
            }
            let echo = state.echo
            let effect = jumpToMatch(&state, query: q, forward: command == .searchNext, includeCurrent: false)
            state.echo = echo
            return effect
        case let .fold(name, folded):
            guard let id = state.session.tree.id(named: name) else {
                state.setStatus("no layer named \"\(name)\"", error: true)
                return .none
            }
            guard !state.session.tree[id].sublayers.isEmpty else {
                state.setStatus("nothing to fold: \(name) has no subviews")
                return .none
            }
            state.treeBrowser.setFolded(id, folded)
            state.setStatus("\(folded ? "folded" : "unfolded") \(name)")
        case .reveal:
            revealSelection(&state)
        case let .filter(on):
            state.treeBrowser.filterHiddenAndEmpty = on
            state.setStatus(on ? "showing neither hidden nor zero-size views (F shows them again)" : "showing every view")
        default:
            break
        }
        return .none
    }

    /// Selects the next (previous) match after the selection, wrapping; unfolds its ancestors
    /// and scrolls the canvas to it.
    static func jumpToMatch(_ state: inout ExplorerState, query: String, forward: Bool, includeCurrent: Bool) -> ExplorerEffect {
        let tree = state.session.tree
        guard let match = TreeBrowser.nextMatch(tree, query: query, from: state.session.selection, forward: forward, includeCurrent: includeCurrent) else {
            state.setStatus("no view matches \"\(query)\"", error: true)
            return .none
        }
        let effect = perform(&state, EngineCommand.select(tree[match.target].name), echo: nil)
        revealSelection(&state)
        state.setStatus("\(tree[match.target].name): match \(match.ordinal) of \(match.count) for \"\(query)\"")
        return effect
    }

    /// Unfolds the selection's ancestors, shows it if the filter hid it, scrolls the canvas to it.
    static func revealSelection(_ state: inout ExplorerState) {
        guard let id = state.session.selection, state.session.tree.contains(id) else { return }
        state.treeBrowser.reveal(id, in: state.session.tree)
        scrollCanvas(to: id, &state)
    }

    /// Pans so the view is in sight (`TreeBrowser.panToShow`).
    static func scrollCanvas(to id: LayerID, _ state: inout ExplorerState) {
        guard let pan = TreeBrowser.panToShow(id, state) else { return }
        state.view.panColumns += pan.columns
        state.view.panRows += pan.rows
    }
}
