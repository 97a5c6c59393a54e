import Cells
import Raster
import LayerModel
import CommandLanguage

/// One key binding: the key's name (see `KeyName`), what it does, and its help text.
public struct Binding: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// A command of the language: the binding is a shortcut for its spelling.
        case command(Command)
        /// An explorer-only action (modes, overlays) — still with a text spelling for the echo.
        case ui(UIAction)
    }
    public var keys: [String]
    public var action: Action
    public var help: String
    /// Modes the binding works in.
    public var modes: Set<ModeKind>

    public var spelling: String {
        switch action { case let .command(c): return c.text; case let .ui(u): return u.rawValue }
    }
}

/// Mode families for bindings.
public enum ModeKind: Hashable, Sendable { case normal, anchor, cursor, tree }

/// Explorer-only actions.
public enum UIAction: String, Equatable, Sendable {
    case commandLine = "command-line"
    case anchorMode = "anchor-mode"
    case anchorBehaviour = "anchor-behaviour"
    case cursorMode = "cursor-mode"
    case treeMode = "tree-mode"
    case leaveMode = "leave-mode"
    case help = "help"
    case nextPanel = "next-panel"
    case moveUp = "move-up", moveDown = "move-down", moveLeft = "move-left", moveRight = "move-right"
    case legend = "legend", swapPanel = "swap-panel", present = "present"
    case nextStep = "step-next", previousStep = "step-previous"
    case moveUpBig = "move-up-10", moveDownBig = "move-down-10", moveLeftBig = "move-left-10", moveRightBig = "move-right-10"
    // Time (TimeView.swift): each performs a command (play, pause, time T), which the echo shows.
    case playPause = "play-pause", stepForward = "step-forward", stepBack = "step-back"
    case scrubForward = "scrub-forward", scrubBack = "scrub-back"
    case treeSearch = "tree-search", searchNext = "search-next", searchPrevious = "search-previous"
    case fold, reveal, filterTree = "filter-tree"
}

/// The one keymap. The help overlay is generated from it, and every key's spelling shows
/// in the status line as key echo.
public enum Keymap {
    static let everywhere: Set<ModeKind> = [.normal, .anchor, .cursor, .tree]
    static let editing: Set<ModeKind> = [.normal, .anchor, .tree]

    public static let bindings: [Binding] = [
        Binding(keys: ["Tab"], action: .command(.selectNext), help: "select the next layer (tree order)", modes: everywhere),
        Binding(keys: ["S-Tab"], action: .command(.selectPrevious), help: "select the previous layer", modes: everywhere),
        Binding(keys: ["P"], action: .command(.selectParent), help: "select the superlayer", modes: editing),
        Binding(keys: ["n"], action: .ui(.nextStep), help: "step-through demo: play the next step", modes: [.normal, .anchor, .cursor]),
        Binding(keys: ["p"], action: .ui(.previousStep), help: "step-through demo: back one step", modes: [.normal, .anchor, .cursor]),
        Binding(keys: ["t"], action: .ui(.treeMode), help: "walk the tree with j/k/arrows (t or Esc leaves)", modes: everywhere),
        Binding(keys: ["h", "Left"], action: .ui(.moveLeft), help: "move left 1 (anchor mode: anchor −0.05; cursor: one cell)", modes: [.normal, .anchor, .cursor]),
        Binding(keys: ["l", "Right"], action: .ui(.moveRight), help: "move right 1", modes: [.normal, .anchor, .cursor]),
        Binding(keys: ["k", "Up"], action: .ui(.moveUp), help: "move up 1 (tree mode: previous layer)", modes: everywhere),
        Binding(keys: ["j", "Down"], action: .ui(.moveDown), help: "move down 1 (tree mode: next layer)", modes: everywhere),
        Binding(keys: ["H", "S-Left"], action: .ui(.moveLeftBig), help: "move left 10 (anchor: −0.5; cursor: 10 cells)", modes: [.normal, .anchor, .cursor]),
        Binding(keys: ["L", "S-Right"], action: .ui(.moveRightBig), help: "move right 10", modes: [.normal, .anchor, .cursor]),
        Binding(keys: ["K", "S-Up"], action: .ui(.moveUpBig), help: "move up 10", modes: [.normal, .anchor, .cursor]),
        Binding(keys: ["J", "S-Down"], action: .ui(.moveDownBig), help: "move down 10", modes: [.normal, .anchor, .cursor]),
        Binding(keys: ["r"], action: .command(.rotate(AngleLiteral(15), nil)), help: "rotate +15 degrees about z, about the anchor", modes: editing),
        Binding(keys: ["R"], action: .command(.rotate(AngleLiteral(-15), nil)), help: "rotate −15 degrees about z", modes: editing),
        Binding(keys: ["M-r"], action: .command(.rotate(AngleLiteral(1), nil)), help: "rotate +1 degree (fine)", modes: editing),
        Binding(keys: ["M-R"], action: .command(.rotate(AngleLiteral(-1), nil)), help: "rotate −1 degree (fine)", modes: editing),
        Binding(keys: ["x"], action: .command(.rotate(AngleLiteral(15), .x)), help: "rotate +15 degrees about x", modes: editing),
        Binding(keys: ["X"], action: .command(.rotate(AngleLiteral(-15), .x)), help: "rotate −15 degrees about x", modes: editing),
        Binding(keys: ["y"], action: .command(.rotate(AngleLiteral(15), .y)), help: "rotate +15 degrees about y", modes: editing),
        Binding(keys: ["Y"], action: .command(.rotate(AngleLiteral(-15), .y)), help: "rotate −15 degrees about y", modes: editing),
        Binding(keys: ["s"], action: .command(.scale(1.25, nil)), help: "scale ×1.25 about the anchor", modes: editing),
        Binding(keys: ["S"], action: .command(.scale(0.8, nil)), help: "scale ×0.8", modes: editing),
        Binding(keys: ["/"], action: .ui(.treeSearch), help: "tree mode: search by name, class or address (Enter keeps, Esc cancels)", modes: [.tree]),
        Binding(keys: ["n"], action: .ui(.searchNext), help: "tree mode: next match of the search", modes: [.tree]),
        Binding(keys: ["N"], action: .ui(.searchPrevious), help: "tree mode: previous match", modes: [.tree]),
        Binding(keys: ["Enter"], action: .ui(.fold), help: "tree mode: fold / unfold the selection's subviews", modes: [.tree]),
        Binding(keys: ["*"], action: .ui(.reveal), help: "tree mode: reveal the selection (unfold, unfilter, scroll to it)", modes: [.tree]),
        Binding(keys: ["F"], action: .ui(.filterTree), help: "tree mode: hide / show hidden and zero-size views", modes: [.tree]),
        Binding(keys: ["a"], action: .ui(.anchorMode), help: "anchor mode: arrows move the anchorPoint", modes: [.normal, .anchor, .cursor, .tree]),
        Binding(keys: ["f"], action: .ui(.anchorBehaviour), help: "anchor behaviour: Core Animation (frame jumps) ↔ keep-frame", modes: everywhere),
        Binding(keys: ["]"], action: .command(.lift(1)), help: "zPosition +1", modes: editing),
        Binding(keys: ["["], action: .command(.lift(-1)), help: "zPosition −1", modes: editing),
        Binding(keys: ["v"], action: .command(.toggle(.hidden)), help: "toggle hidden", modes: editing),
        Binding(keys: ["m"], action: .command(.toggle(.masksToBounds)), help: "toggle masksToBounds", modes: editing),
        Binding(keys: ["g"], action: .command(.toggle(.geometryFlipped)), help: "toggle geometryFlipped", modes: editing),
        Binding(keys: ["="], action: .command(.reset), help: "reset: identity transform", modes: editing),
        Binding(keys: ["T"], action: .command(.turn), help: "turn the top-level view: swap width and height (subviews autoresize)", modes: editing),
        Binding(keys: ["c"], action: .ui(.cursorMode), help: "hit-test cursor mode (arrows move the crosshair)", modes: [.normal, .anchor, .cursor, .tree]),
        Binding(keys: ["o"], action: .command(.hitTestOrder(.tree)), help: "hit-test siblings in tree order (Lockwood's book)", modes: everywhere),
        Binding(keys: ["O"], action: .command(.hitTestOrder(.zPosition)), help: "hit-test siblings by zPosition (measured)", modes: everywhere),
        Binding(keys: ["+"], action: .command(.zoom(1.25)), help: "zoom in", modes: everywhere),
        Binding(keys: ["-"], action: .command(.zoom(0.8)), help: "zoom out", modes: everywhere),
        Binding(keys: ["0"], action: .command(.fit), help: "fit the scene", modes: everywhere),
        Binding(keys: ["u"], action: .command(.undo), help: "undo", modes: everywhere),
        Binding(keys: ["C-r"], action: .command(.redo), help: "redo", modes: everywhere),
        Binding(keys: ["C-s"], action: .command(.save(nil)), help: "save (atomic)", modes: everywhere),
        Binding(keys: ["e"], action: .command(.export("swift")), help: "copy as code: Swift for the selection", modes: everywhere),
        Binding(keys: ["i"], action: .ui(.nextPanel), help: "panel: inspector → frame formula → hit-test explanation", modes: everywhere),
        Binding(keys: ["b"], action: .ui(.legend), help: "legend: what the marks on the canvas mean (on/off)", modes: everywhere),
        Binding(keys: ["w"], action: .ui(.swapPanel), help: "small terminals: full-width canvas ↔ full-width panel", modes: everywhere),
        Binding(keys: ["W"], action: .ui(.present), help: "presentation: bold marks, big key echo, essential panel", modes: everywhere),
        Binding(keys: [":"], action: .ui(.commandLine), help: "command line (Tab completes, Up/Down history)", modes: everywhere),
        Binding(keys: ["Space"], action: .ui(.playPause), help: "animations: play / pause", modes: everywhere),
        Binding(keys: ["."], action: .ui(.stepForward), help: "one frame (1/30 s) forward: time now+1/30", modes: everywhere),
        Binding(keys: [","], action: .ui(.stepBack), help: "one frame back", modes: everywhere),
        Binding(keys: [">"], action: .ui(.scrubForward), help: "scrub +0.25 s", modes: everywhere),
        Binding(keys: ["<"], action: .ui(.scrubBack), help: "scrub −0.25 s", modes: everywhere),
        Binding(keys: ["1"], action: .command(.speed(1)), help: "speed 1× (real time)", modes: everywhere),
        Binding(keys: ["2"], action: .command(.speed(0.5)), help: "speed 0.5×", modes: everywhere),
        Binding(keys: ["3"], action: .command(.speed(0.25)), help: "speed 0.25×", modes: everywhere),
        Binding(keys: ["4"], action: .command(.speed(0.1)), help: "speed 0.1× (slow motion for an audience)", modes: everywhere),
        Binding(keys: ["?", "F1"], action: .ui(.help), help: "this help", modes: everywhere),
        Binding(keys: ["Esc"], action: .ui(.leaveMode), help: "leave a mode or overlay", modes: everywhere),
        Binding(keys: ["q"], action: .command(.quit(force: false)), help: "quit (asks when there are unsaved edits)", modes: everywhere),
        Binding(keys: ["C-c"], action: .command(.quit(force: false)), help: "cancel the : line, help or a question; else quit (asks)", modes: everywhere),
    ]

    static let index: [String: [Binding]] = {
        var out: [String: [Binding]] = [:]
        for b in bindings { for k in b.keys { out[k, default: []].append(b) } }
        return out
    }()

    /// The binding for a key in a mode, if any.
    public static func binding(for key: String, in mode: ModeKind) -> Binding? {
        index[key]?.first { $0.modes.contains(mode) }
    }

    /// Help overlay lines, generated from the bindings.
    public static var helpLines: [String] {
        bindings.map { b in
            let keys = b.keys.joined(separator: " ")
            return keys.padding(to: 14) + b.help
        }
    }
}

extension String {
    /// Padded to `width` columns (display width), with at least one space after.
    func padding(to width: Int) -> String {
        let w = displayWidth
        return w >= width ? self + " " : self + String(repeating: " ", count: width - w)
    }
}
