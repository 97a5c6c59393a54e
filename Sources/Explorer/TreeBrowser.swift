import Geometry
import Raster
import LayerModel
import CommandLanguage
import TerminalKit

/// The tree pane for hierarchies of hundreds of views: folding, a filter for hidden and
/// zero-size views, and `/` search by name, class or address (imported views keep their
/// class and address in their note).
///
/// Keys (tree mode only): `/` search (type, Enter keeps the match, Esc cancels), `n`/`N` next
/// and previous match, `Enter` fold/unfold the selection, `*` reveal the selection (unfold
/// its ancestors, turn the filter off if it hides it, scroll the canvas to it), `F` filter.
/// j/k and the arrows walk the rows as shown (folded and filtered rows are skipped), and
/// every selection made here scrolls the canvas to the view.
public struct TreeBrowser: Equatable, Sendable {
    public var collapsed: Set<LayerID> = []
    /// Leave out hidden subtrees and zero-size leaf views.
    public var filterHiddenAndEmpty = false
    /// The last search, for n / N.
    public var query: String? = nil
    /// The search being typed after `/`; nil when not typing.
    public var typing: String? = nil
    /// Where the selection was when `/` was pressed (Esc goes back to it).
    public var selectionBeforeSearch: LayerID? = nil
    public init() {}

    /// Trees at least this big get the legibility treatment on the canvas.
    public static let bigTree = 40

    // MARK: What is shown

    /// One row of the tree pane, before it is turned into text.
    struct Row { var id: LayerID; var depth: Int; var dim: Bool }

    /// The rows as shown, top to bottom: folded subtrees and (with the filter) hidden
    /// subtrees and zero-size leaves left out. No text is built: this runs every frame on
    /// trees of thousands of views.
    static func rows(_ state: ExplorerState) -> [Row] {
        let tree = state.session.tree
        let b = state.treeBrowser
        var out: [Row] = []
        out.reserveCapacity(tree.count)
        var stack: [Row] = tree.roots.reversed().map { Row(id: $0, depth: 0, dim: false) }
        while let row = stack.popLast() {
            let layer = tree[row.id]
            if b.filterHiddenAndEmpty, row.id != state.session.selection,
               layer.isHidden || (layer.sublayers.isEmpty && (layer.bounds.size.width == 0 || layer.bounds.size.height == 0)) {
                continue
            }
            let dim = row.dim || layer.isHidden
            out.append(Row(id: row.id, depth: row.depth, dim: dim))
            guard !b.collapsed.contains(row.id) else { continue }
            for child in layer.sublayers.reversed() { stack.append(Row(id: child, depth: row.depth + 1, dim: dim)) }
        }
        return out
    }

    /// A row's text and style, as `TreeOutline` draws it (selection mark, indentation, fold
    /// glyph, V/L, name, "(hidden)", "+N" when folded), matches of the search underlined.
    static func line(_ row: Row, _ state: ExplorerState, unicode: Bool, query: String?) -> PanelLine {
        let tree = state.session.tree
        var line = TreeOutline.line(tree, row.id, depth: row.depth, selected: row.id == state.session.selection,
                                    folded: state.treeBrowser.collapsed.contains(row.id), dim: row.dim, unicode: unicode)
        if let query, !query.isEmpty, matches(tree[row.id], query) { line.style.underline = true }
        return line
    }

    /// Every row of the tree pane as text (tests; the screen uses `window`).
    public static func lines(_ state: ExplorerState, unicode: Bool) -> [PanelLine] {
        let q = state.treeBrowser.typing ?? state.treeBrowser.query
        return rows(state).map { line($0, state, unicode: unicode, query: q) }
    }

    /// The `count` rows the pane shows, scrolled to keep the selection in sight: text is
    /// built for those rows only.
    public static func window(_ state: ExplorerState, unicode: Bool, count: Int) -> [PanelLine] {
        let all = rows(state)
        let shown = min(all.count, count)
        let selIndex = state.session.selection.flatMap { s in all.firstIndex { $0.id == s } } ?? 0
        let first = Panel.scrollOffset(keeping: selIndex, visibleIn: shown, current: 0, lineCount: all.count)
        let q = state.treeBrowser.typing ?? state.treeBrowser.query
        return all[first..<min(all.count, first + shown)].map { line($0, state, unicode: unicode, query: q) }
    }

    /// The layers in the rows shown, top to bottom.
    static func visibleOrder(_ state: ExplorerState) -> [LayerID] {
        rows(state).map(\.id)
    }

    static func matches(_ layer: Layer, _ query: String) -> Bool {
        let q = query.lowercased()
        return layer.name.lowercased().contains(q) || (layer.note?.lowercased().contains(q) ?? false)
    }

    /// Every match in tree order (folded and filtered layers included: a match is revealed).
    static func matchList(_ tree: LayerTree, _ query: String) -> [LayerID] {
        tree.treeOrder.filter { matches(tree[$0], query) }
    }

    // MARK: Keys

    /// Handles a key in tree mode (or while typing a search); nil when the key is not ours.
    static func handleKey(_ state: inout ExplorerState, _ key: Key) -> ExplorerEffect? {
        if let typed = state.treeBrowser.typing { return searchKey(&state, key, typed) }
        guard state.mode == .tree else { return nil }
        let echo = key.description
        // Each key is the command it stands for, so its echo replays.
        switch key {
        case .character("/"): return Reducer.perform(&state, .search(nil), echo: echo)
        case .character("n"): return Reducer.perform(&state, .searchNext, echo: echo)
        case .character("N"): return Reducer.perform(&state, .searchPrevious, echo: echo)
        case .enter:
            guard let id = state.session.selection, state.session.tree.contains(id) else {
                Reducer.setStatus(&state, "nothing to fold: nothing is selected")
                return ExplorerEffect.none
            }
            return Reducer.perform(&state, .fold(state.session.tree[id].name, !state.treeBrowser.collapsed.contains(id)), echo: echo)
        case .character("*"): return Reducer.perform(&state, .reveal, echo: echo)
        case .character("F"): return Reducer.perform(&state, .filter(!state.treeBrowser.filterHiddenAndEmpty), echo: echo)
        case .character("j"), .down, .character("k"), .up:
            let forward = key == .character("j") || key == .down
            let order = visibleOrder(state)
            let effect: ExplorerEffect
            if order.count == state.session.tree.count {
                // Nothing folded or filtered: the plain walk in tree order (select-next wraps).
                effect = Reducer.perform(&state, forward ? EngineCommand.selectNext : .selectPrevious, echo: echo)
            } else {
                guard !order.isEmpty else { return ExplorerEffect.none }
                // The rows as shown, wrapping like select-next.
                let here = state.session.selection.flatMap { order.firstIndex(of: $0) } ?? (forward ? order.count - 1 : 0)
                let next = order[(here + (forward ? 1 : order.count - 1)) % order.count]
                effect = Reducer.perform(&state, EngineCommand.select(state.session.tree[next].name), echo: echo)
            }
            if let id = state.session.selection { scrollCanvas(to: id, &state) }
            return effect
        default:
            return nil
        }
    }

    /// Keys while the search is typed: incremental (each key selects the first match from
    /// where the search began).
    static func searchKey(_ state: inout ExplorerState, _ key: Key, _ typed: String) -> ExplorerEffect {
        var text = typed
        switch key {
        case .escape, .control("g"):
            state.treeBrowser.typing = nil
            if let back = state.treeBrowser.selectionBeforeSearch, state.session.tree.contains(back) {
                state.session.selection = back
            }
            Reducer.setStatus(&state, "search cancelled")
            return .none
        case .enter:
            state.treeBrowser.typing = nil
            guard !text.isEmpty else { return .none }
            // The search as one command (`search TEXT`): from where it began, as typed.
            if let back = state.treeBrowser.selectionBeforeSearch, state.session.tree.contains(back) { state.session.selection = back }
            return Reducer.perform(&state, .search(text), echo: "/" + text + " Enter")
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
            _ = jump(&state, query: text, forward: true, includeCurrent: true, key: nil)
        }
        state.echo = "/" + text
        return .none
    }

    /// The tree browser's commands (`search`, `search-next`, `fold`, `reveal`, `filter`…).
    static func perform(_ state: inout ExplorerState, _ command: ExplorerCommand) -> ExplorerEffect {
        switch command {
        case .search(nil):
            state.mode = .tree
            state.treeBrowser.typing = ""
            state.treeBrowser.selectionBeforeSearch = state.session.selection
            Reducer.setStatus(&state, "search by name, class or address: type, Enter keeps the match, Esc cancels")
        case let .search(text?):
            state.mode = .tree
            state.treeBrowser.query = text
            let count = matchList(state.session.tree, text).count
            guard count > 0 else {
                Reducer.setStatus(&state, "no view matches \"\(text)\"", error: true)
                return .none
            }
            let echo = state.echo
            _ = jump(&state, query: text, forward: true, includeCurrent: true, key: nil)
            state.echo = echo
            Reducer.setStatus(&state, "\(count) match\(count == 1 ? "" : "es") for \"\(text)\" — n next, N previous")
        case .searchNext, .searchPrevious:
            guard let q = state.treeBrowser.query, !q.isEmpty else {
                Reducer.setStatus(&state, "no search yet: press / to search", error: true)
                return .none
            }
            let echo = state.echo
            let effect = jump(&state, query: q, forward: command == .searchNext, includeCurrent: false, key: nil)
            state.echo = echo
            return effect
        case let .fold(name, folded):
            guard let id = state.session.tree.id(named: name) else {
                Reducer.setStatus(&state, "no layer named \"\(name)\"", error: true)
                return .none
            }
            guard !state.session.tree[id].sublayers.isEmpty else {
                Reducer.setStatus(&state, "nothing to fold: \(name) has no subviews")
                return .none
            }
            if folded { state.treeBrowser.collapsed.insert(id) } else { state.treeBrowser.collapsed.remove(id) }
            Reducer.setStatus(&state, "\(folded ? "folded" : "unfolded") \(name)")
        case .reveal:
            reveal(&state)
        case let .filter(on):
            state.treeBrowser.filterHiddenAndEmpty = on
            Reducer.setStatus(&state, on ? "showing neither hidden nor zero-size views (F shows them again)" : "showing every view")
        default:
            break
        }
        return .none
    }

    /// Selects the next (previous) match after the selection, wrapping; unfolds its ancestors
    /// and scrolls the canvas to it.
    static func jump(_ state: inout ExplorerState, query: String, forward: Bool, includeCurrent: Bool, key: String?) -> ExplorerEffect {
        let tree = state.session.tree
        let all = tree.treeOrder
        let found = Set(matchList(tree, query))
        guard !found.isEmpty else {
            Reducer.setStatus(&state, "no view matches \"\(query)\"", error: true)
            return .none
        }
        let here = state.session.selection.flatMap { all.firstIndex(of: $0) } ?? (forward ? all.count - 1 : 0)
        var i = here
        if !includeCurrent || !found.contains(all[here]) || state.session.selection == nil {
            repeat {
                i = (i + (forward ? 1 : all.count - 1)) % all.count
            } while !found.contains(all[i])
        }
        let target = all[i]
        let ordinal = matchList(tree, query).firstIndex(of: target).map { $0 + 1 } ?? 0
        let effect = Reducer.perform(&state, EngineCommand.select(tree[target].name), echo: key)
        reveal(&state)
        Reducer.setStatus(&state, "\(tree[target].name): match \(ordinal) of \(found.count) for \"\(query)\"")
        return effect
    }

    /// Unfolds the selection's ancestors, shows it if the filter hid it, scrolls the canvas to it.
    static func reveal(_ state: inout ExplorerState) {
        guard let id = state.session.selection, state.session.tree.contains(id) else { return }
        for a in state.session.tree.ancestors(of: id) { state.treeBrowser.collapsed.remove(a) }
        if state.treeBrowser.filterHiddenAndEmpty,
           state.session.tree.ancestors(of: id, includingSelf: true).contains(where: { state.session.tree[$0].isHidden }) {
            state.treeBrowser.filterHiddenAndEmpty = false
        }
        scrollCanvas(to: id, &state)
    }

    /// Pans (never zooms) so the view's centre on screen is in the middle of the canvas, when it
    /// is not already inside the canvas.
    static func scrollCanvas(to id: LayerID, _ state: inout ExplorerState) {
        let tree = state.session.tree
        guard let box = tree.convert(tree[id].bounds, from: id, to: nil) else { return }
        let area = state.layout.canvas
        guard area.columns > 0, area.rows > 0 else { return }
        let v = state.viewport
        let visible = v.visibleRect(columns: area.columns, rows: area.rows)
        let c = box.center
        guard !visible.contains(c) || box.width > visible.width || box.height > visible.height || !visible.contains(box.origin) else { return }
        state.view.panColumns += (c.x - visible.midX) / v.pointsPerColumn
        state.view.panRows += (c.y - visible.midY) / v.pointsPerRow
    }
}
