import Geometry
import Raster
import LayerModel
import CommandLanguage
import TerminalKit

/// The tree pane for hierarchies of hundreds of views: folding, a filter for hidden and
/// zero-size views, and `/` search by name, class or address (imported views keep their
/// class and address in their note).
///
/// This is the tree's state and pure functions (the rows shown, the walk, the next match,
/// folding, revealing); its keys are bindings in the keymap's tree mode (`Keymap`), and the
/// reducer performs them (TreeReducer.swift), as it does every other key.
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
                layer.isHidden || (layer.sublayers.isEmpty && (layer.bounds.size.width == 0 || layer.bounds.size.height == 0))
            {
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
        var line = TreeOutline.line(
            tree, row.id, depth: row.depth, selected: row.id == state.session.selection,
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

    // MARK: Moves

    /// Where `j`/`k` (↓/↑) go from the selection: the rows as shown, wrapping like
    /// select-next. With nothing folded or filtered that is the plain walk in tree order
    /// (`select-next`, which the key then echoes); nowhere when no row is shown.
    enum Walk: Equatable { case treeOrder, to(LayerID), nowhere }

    static func walk(_ state: ExplorerState, forward: Bool) -> Walk {
        let order = visibleOrder(state)
        if order.count == state.session.tree.count { return .treeOrder }
        guard !order.isEmpty else { return .nowhere }
        let here = state.session.selection.flatMap { order.firstIndex(of: $0) } ?? (forward ? order.count - 1 : 0)
        return .to(order[(here + (forward ? 1 : order.count - 1)) % order.count])
    }

    /// A match of a search, as `n`/`N` and the search land on it.
    struct Match: Equatable { var target: LayerID; var ordinal: Int; var count: Int }

    /// The next (previous) match after `selection` in tree order, wrapping (`includeCurrent`:
    /// the selection itself when it matches); nil when nothing matches.
    static func nextMatch(_ tree: LayerTree, query: String, from selection: LayerID?, forward: Bool, includeCurrent: Bool) -> Match? {
        let all = tree.treeOrder
        let list = matchList(tree, query)
        let found = Set(list)
        guard !found.isEmpty else { return nil }
        let here = selection.flatMap { all.firstIndex(of: $0) } ?? (forward ? all.count - 1 : 0)
        var i = here
        if !includeCurrent || !found.contains(all[here]) || selection == nil {
            repeat {
                i = (i + (forward ? 1 : all.count - 1)) % all.count
            } while !found.contains(all[i])
        }
        let target = all[i]
        return Match(target: target, ordinal: (list.firstIndex(of: target) ?? -1) + 1, count: found.count)
    }

    /// Folds or unfolds `id`'s subtree.
    mutating func setFolded(_ id: LayerID, _ folded: Bool) {
        if folded { collapsed.insert(id) } else { collapsed.remove(id) }
    }

    /// Shows `id`: unfolds its ancestors, and turns the filter off when it would hide it.
    mutating func reveal(_ id: LayerID, in tree: LayerTree) {
        for a in tree.ancestors(of: id) { collapsed.remove(a) }
        if filterHiddenAndEmpty, tree.ancestors(of: id, includingSelf: true).contains(where: { tree[$0].isHidden }) {
            filterHiddenAndEmpty = false
        }
    }

    /// The pan (in cells, never a zoom) that puts the view's centre in the middle of the
    /// canvas; nil when it is already inside the canvas.
    static func panToShow(_ id: LayerID, _ state: ExplorerState) -> (columns: Double, rows: Double)? {
        let tree = state.session.tree
        guard let box = tree.convert(tree[id].bounds, from: id, to: nil) else { return nil }
        let area = state.layout.canvas
        guard area.columns > 0, area.rows > 0 else { return nil }
        let v = state.viewport
        let visible = v.visibleRect(columns: area.columns, rows: area.rows)
        let c = box.center
        guard !visible.contains(c) || box.width > visible.width || box.height > visible.height || !visible.contains(box.origin) else { return nil }
        return ((c.x - visible.midX) / v.pointsPerColumn, (c.y - visible.midY) / v.pointsPerRow)
    }
}
