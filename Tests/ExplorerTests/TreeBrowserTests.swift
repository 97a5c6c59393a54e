import Explorer
import ExplorerTestSupport
import Geometry
import Raster
import Testing
import CommandLanguage
import LayoutFiles
import Engine

/// The tree pane on an imported hierarchy of 300 views (the synthetic dump: a window, a
/// view, a table view scrolled by 120, then cards of 9 views; card 30 holds the one
/// `MyApp.CheckoutButton`).
@Suite("Tree pane for big hierarchies: search, fold, reveal, filter")
struct TreeBrowserTests {
    static func state() throws -> ExplorerState {
        let scene = try RecursiveDescriptionImporter.importDump(RecursiveDescriptionSample.synthetic(views: 300), file: "big.txt").scene
        var state = ExplorerState(session: Session(scene: scene))
        state.columns = 120
        state.rows = 40
        _ = try state.session.perform(.select("UIWindow"))
        return state
    }

    func rows(_ state: ExplorerState) -> [String] {
        TreeBrowser.lines(state, unicode: false).map(\.text)
    }

    @Test("/ finds a view by class as you type; Enter keeps it and n/N walk the matches")
    func search() throws {
        var state = try Self.state()
        state.press("t", "/")
        state.type("Checkout")
        #expect(state.selectedName == "CheckoutButton")
        state.press("Enter")
        #expect(state.treeBrowser.typing == nil)
        #expect(state.status == "1 match for \"Checkout\" — n next, N previous")
        // By address: card 0's label is the 6th view generated (window, view, table, cell,
        // content view, label), at 0x7f9c4a000000 + 6 × 0x1f0 = 0x7f9c4a000ba0.
        state.press("/")
        state.type("7f9c4a000ba0")
        state.press("Enter")
        #expect(state.selectedName == "UILabel#1")
        // "Buy" labels: UIButtonLabel#1… one per card (33 cards): n goes to the next one.
        state.press("/")
        state.type("UIButtonLabel")
        state.press("Enter")
        #expect(state.selectedName == "UIButtonLabel#1")
        state.press("n")
        #expect(state.selectedName == "UIButtonLabel#2")
        state.press("N", "N")
        // Wraps backwards past the first match to the last of the 33.
        #expect(state.selectedName == "UIButtonLabel#33")
        #expect(state.status.contains("match 33 of 33"))
    }

    @Test("Esc while typing goes back to where the search began")
    func cancel() throws {
        var state = try Self.state()
        state.press("t", "/")
        state.type("Checkout")
        state.press("Esc")
        #expect(state.selectedName == "UIWindow")
        #expect(state.mode == .tree)
    }

    @Test("Enter folds the selection's subviews and unfolds them; j skips folded rows")
    func fold() throws {
        var state = try Self.state()
        _ = try state.session.perform(.select("UITableViewCell#1"))
        state.press("t")
        #expect(rows(state).count == 300)
        state.press("Enter")
        // The cell's 8 descendants are gone; its row says how many it hides.
        #expect(rows(state).count == 292)
        #expect(rows(state).contains { $0.hasSuffix("UITableViewCell#1 +8") })
        state.press("j")
        #expect(state.selectedName == "UITableViewCell#2")
        state.press("k", "Enter")
        #expect(rows(state).count == 300)
    }

    @Test("* unfolds the ancestors of a view found inside a folded subtree")
    func reveal() throws {
        var state = try Self.state()
        _ = try state.session.perform(.select("UITableView"))
        state.press("t", "Enter")
        #expect(rows(state).count == 3)  // window, view, table (folded)
        state.press("/")
        state.type("Checkout")
        state.press("Enter")
        // The search revealed it: the table is unfolded again.
        #expect(rows(state).count == 300)
        state.treeBrowser.collapsed.insert(try #require(state.session.tree.id(named: "UITableView")))
        state.press("*")
        #expect(state.treeBrowser.collapsed.isEmpty)
    }

    @Test("F leaves out hidden views and zero-size leaves (one of each kind per card)")
    func filter() throws {
        var state = try Self.state()
        state.press("t", "F")
        // Each of the 33 cards has a hidden 0×0 view: 300 − 33 = 267 rows.
        #expect(rows(state).count == 267)
        #expect(!rows(state).contains { $0.contains("(hidden)") })
        state.press("F")
        #expect(rows(state).count == 300)
    }

    @Test("Selecting far down the list scrolls the canvas so the view is in sight")
    func scrollsCanvas() throws {
        var state = try Self.state()
        state.view.zoom = 8  // close up on the top of the screen: card 30 is far below
        let id = try #require(state.session.tree.id(named: "CheckoutButton"))
        let box = try #require(state.session.tree.convert(state.session.tree[id].bounds, from: id, to: nil))
        let area = state.layout.canvas
        #expect(!state.viewport.visibleRect(columns: area.columns, rows: area.rows).contains(box.center))
        state.press("t", "/")
        state.type("Checkout")
        state.press("Enter")
        #expect(state.viewport.visibleRect(columns: area.columns, rows: area.rows).contains(box.center))
    }

    @Test("A click on the tree pane selects the row shown there, scrolled or folded")
    func clickScrolledPane() throws {
        var state = try Self.state()
        state.press("t", "/")
        state.type("Checkout")
        state.press("Enter")
        let layout = state.layout
        let shown = TreeBrowser.window(state, unicode: false, count: max(3, layout.panel.rows / 3))
        // Scrolled down to card 30: the first row shown is far from the top of the tree.
        let top = try #require(shown.first?.layer)
        #expect(state.session.tree[top].name != "UIWindow")
        _ = Reducer.reduce(&state, .click(column: layout.panel.column + 2, row: layout.panel.row + 1))
        #expect(state.session.selection == top)
    }

    /// The keys are commands: what `/…Enter`, n, Enter, * and F did by key, the same
    /// commands typed on the `:` line (or in a script) do from the same start.
    @Test("Search, fold, reveal and filter are commands that replay the keys")
    func commandsReplayTheKeys() throws {
        var byKeys = try Self.state()
        byKeys.press("t", "/")
        byKeys.type("Checkout")
        byKeys.press("Enter")
        #expect(byKeys.echo == "/Checkout Enter → search Checkout")
        byKeys.press("Enter")  // fold CheckoutButton? it has subviews: the button's label
        let foldEcho = byKeys.echo
        byKeys.press("F")
        #expect(byKeys.echo == "F → filter on")
        var byCommands = try Self.state()
        for line in ["search Checkout", foldEcho.components(separatedBy: " → ")[1], "filter on"] {
            _ = Reducer.reduce(&byCommands, .command(try CommandParser.parse(line)))
        }
        #expect(byCommands.selectedName == "CheckoutButton")
        #expect(byCommands.treeBrowser.query == byKeys.treeBrowser.query)
        #expect(byCommands.treeBrowser.collapsed == byKeys.treeBrowser.collapsed)
        #expect(byCommands.treeBrowser.filterHiddenAndEmpty)
        #expect(byCommands.mode == .tree)
    }
}
