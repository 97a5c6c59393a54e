import Cells
import Raster
import TerminalKit
import LayerModel
import CommandLanguage

/// One key binding: its keys (typed `Key`s, spelled by `Key.description` in the help and the
/// echo), what it does, and its help text.
public struct Binding: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// A command of the language: the binding is a shortcut for it, and echoes it.
        case command(Command)
        /// A key whose command depends on the state (a toggle, an arrow, the next step):
        /// it resolves to one command when pressed, and echoes that.
        case ui(ContextualAction)
    }
    public var keys: [Key]
    public var action: Action
    public var help: String
    /// Modes the binding works in (the `mode` command's words are the mode families).
    public var modes: Set<ModeName>
    /// When the binding works besides its modes (nil: always): one key can mean one thing
    /// over the flat canvas and another in the exploded view, each its own binding (and
    /// its own help line).
    public var when: Condition? = nil

    /// What else must hold for a binding to answer (`Keymap.binding(for:in:when:)`).
    public enum Condition: Hashable, Sendable {
        /// The flat canvas (the exploded view off).
        case flat
        /// The exploded view (`d`, `explode on`).
        case exploded
        /// An attendee (`--follow`) who detached with a key of their own.
        case detached
        /// The output overlay is open (the Swift of `e`, a command's text).
        case overlay
        /// `layerscope learn`: a lesson is open (keys no explorer binding uses).
        case learning
    }
}

/// Keys that resolve to a command only when pressed: they have no spelling of their own,
/// only the command they amount to in the current state (`a` → `mode anchor` or
/// `mode normal`), which is what the echo shows.
public enum ContextualAction: Equatable, Sendable {
    case anchorMode, anchorBehaviour, cursorMode, treeMode
    case nextPanel
    case moveUp, moveDown, moveLeft, moveRight
    case moveUpBig, moveDownBig, moveLeftBig, moveRightBig
    case legend, swapPanel, present
    case nextStep, previousStep
    /// The content page: one drawing operation forward / back (content.md).
    case nextOperation, previousOperation
    // Time (TimeView.swift): each performs a command (play, pause, time T), which the echo shows.
    case playPause, stepForward, stepBack, scrubForward, scrubBack
    // The tree browser (TreeBrowser.swift, TreeReducer.swift): j/k walk the rows as shown.
    case treeSearch, searchNext, searchPrevious, fold, reveal, filterTree, treeNext, treePrevious
    /// An attendee who detached follows the presenter again (FollowLoop.swift).
    case followAgain
    /// The output overlay's keys: copy its text (OSC 52), close it.
    case copyOutput, closeOverlay
    // The exploded view (DepthView.swift).
    case depth(DepthKey)
    /// Tab / S-Tab with the crosshair in the exploded view: the next layer under it.
    case nextUnderCursor, previousUnderCursor
    /// `M`: pin the selection as the measurement's A, or unpin (MeasureView.swift).
    case measurePin
}

/// The one keymap. The help overlay is generated from it, and every key's spelling shows
/// in the status line as key echo.
public enum Keymap {
    static let everywhere: Set<ModeName> = [.normal, .anchor, .cursor, .tree]
    static let editing: Set<ModeName> = [.normal, .anchor, .tree]

    public static let bindings: [Binding] = [
        Binding(keys: [.tab], action: .command(.engine(.selectNext)), help: "select the next layer (tree order)", modes: everywhere),
        Binding(keys: [.backTab], action: .command(.engine(.selectPrevious)), help: "select the previous layer", modes: everywhere),
        Binding(
            keys: [.tab], action: .ui(.nextUnderCursor),
            help: "exploded view, cursor mode: the next layer under the crosshair, front → back (Tab as above when one or none is there)", modes: [.cursor],
            when: .exploded),
        Binding(
            keys: [.backTab], action: .ui(.previousUnderCursor), help: "exploded view, cursor mode: the previous layer under the crosshair", modes: [.cursor],
            when: .exploded),
        Binding(keys: [.character("P")], action: .command(.engine(.selectParent)), help: "select the superlayer", modes: editing),
        Binding(keys: [.character("n")], action: .ui(.nextStep), help: "step-through demo: play the next step", modes: [.normal, .anchor, .cursor]),
        Binding(keys: [.character("p")], action: .ui(.previousStep), help: "step-through demo: back one step", modes: [.normal, .anchor, .cursor]),
        Binding(
            keys: [.character("}")], action: .ui(.nextOperation), help: "content: the selection's drawing one operation further (CTM, axes marker)",
            modes: [.normal, .anchor, .cursor], when: .flat),
        Binding(
            keys: [.character("{")], action: .ui(.previousOperation), help: "content: one operation back (0: the base CTM)", modes: [.normal, .anchor, .cursor],
            when: .flat),
        // The exploded view has no content stepping: there the same pair turns the camera.
        Binding(
            keys: [.character("}")], action: .ui(.depth(.yaw(5))), help: "exploded view: yaw +5° (front planes go right)", modes: [.normal, .anchor, .cursor],
            when: .exploded),
        Binding(keys: [.character("{")], action: .ui(.depth(.yaw(-5))), help: "exploded view: yaw −5°", modes: [.normal, .anchor, .cursor], when: .exploded),
        Binding(keys: [.character("t")], action: .ui(.treeMode), help: "walk the tree with j/k/arrows (t or Esc leaves)", modes: everywhere),
        Binding(
            keys: [.character("h"), .left], action: .ui(.moveLeft), help: "move left 1 (anchor mode: anchor −0.05; cursor: one cell)",
            modes: [.normal, .anchor, .cursor]),
        Binding(keys: [.character("l"), .right], action: .ui(.moveRight), help: "move right 1", modes: [.normal, .anchor, .cursor]),
        Binding(keys: [.character("k"), .up], action: .ui(.moveUp), help: "move up 1", modes: [.normal, .anchor, .cursor]),
        Binding(keys: [.character("j"), .down], action: .ui(.moveDown), help: "move down 1", modes: [.normal, .anchor, .cursor]),
        Binding(
            keys: [.character("H"), .shiftLeft], action: .ui(.moveLeftBig), help: "move left 10 (anchor: −0.5; cursor: 10 cells)",
            modes: [.normal, .anchor, .cursor]),
        Binding(keys: [.character("L"), .shiftRight], action: .ui(.moveRightBig), help: "move right 10", modes: [.normal, .anchor, .cursor]),
        Binding(keys: [.character("K"), .shiftUp], action: .ui(.moveUpBig), help: "move up 10", modes: [.normal, .anchor, .cursor]),
        Binding(keys: [.character("J"), .shiftDown], action: .ui(.moveDownBig), help: "move down 10", modes: [.normal, .anchor, .cursor]),
        Binding(
            keys: [.character("r")], action: .command(.engine(.edit(.layer(.rotate(AngleLiteral(15), nil))))),
            help: "rotate +15 degrees about z, about the anchor", modes: editing),
        Binding(
            keys: [.character("R")], action: .command(.engine(.edit(.layer(.rotate(AngleLiteral(-15), nil))))), help: "rotate −15 degrees about z",
            modes: editing),
        Binding(keys: [.alt("r")], action: .command(.engine(.edit(.layer(.rotate(AngleLiteral(1), nil))))), help: "rotate +1 degree (fine)", modes: editing),
        Binding(keys: [.alt("R")], action: .command(.engine(.edit(.layer(.rotate(AngleLiteral(-1), nil))))), help: "rotate −1 degree (fine)", modes: editing),
        Binding(
            keys: [.character("x")], action: .command(.engine(.edit(.layer(.rotate(AngleLiteral(15), .x))))), help: "rotate +15 degrees about x", modes: editing
        ),
        Binding(
            keys: [.character("X")], action: .command(.engine(.edit(.layer(.rotate(AngleLiteral(-15), .x))))), help: "rotate −15 degrees about x",
            modes: editing),
        Binding(
            keys: [.character("y")], action: .command(.engine(.edit(.layer(.rotate(AngleLiteral(15), .y))))), help: "rotate +15 degrees about y", modes: editing
        ),
        Binding(
            keys: [.character("Y")], action: .command(.engine(.edit(.layer(.rotate(AngleLiteral(-15), .y))))), help: "rotate −15 degrees about y",
            modes: editing),
        Binding(keys: [.character("s")], action: .command(.engine(.edit(.layer(.scale(1.25, nil))))), help: "scale ×1.25 about the anchor", modes: editing),
        Binding(keys: [.character("S")], action: .command(.engine(.edit(.layer(.scale(0.8, nil))))), help: "scale ×0.8", modes: editing),
        Binding(
            keys: [.character("k"), .up], action: .ui(.treePrevious),
            help: "tree mode: the previous layer as the tree shows it (folded and filtered rows skipped)", modes: [.tree]),
        Binding(
            keys: [.character("j"), .down], action: .ui(.treeNext), help: "tree mode: the next layer as shown (every selection here scrolls the canvas to it)",
            modes: [.tree]),
        Binding(
            keys: [.character("/")], action: .ui(.treeSearch),
            help: "tree mode: search by name, class or address as you type (Enter keeps the match, Esc goes back)", modes: [.tree]),
        Binding(keys: [.character("n")], action: .ui(.searchNext), help: "tree mode: next match of the search (wrapping)", modes: [.tree]),
        Binding(keys: [.character("N")], action: .ui(.searchPrevious), help: "tree mode: previous match", modes: [.tree]),
        Binding(keys: [.enter], action: .ui(.fold), help: "tree mode: fold / unfold the selection's subviews (+8: how many are folded away)", modes: [.tree]),
        Binding(
            keys: [.character("*")], action: .ui(.reveal),
            help: "tree mode: reveal the selection (unfold its ancestors, show it if the filter hid it, scroll to it)", modes: [.tree]),
        Binding(
            keys: [.character("F")], action: .ui(.followAgain), help: "attendee (--follow), detached by a key of yours: follow the presenter again",
            modes: everywhere, when: .detached),
        Binding(
            keys: [.character("F")], action: .ui(.filterTree), help: "tree mode: leave out hidden views and zero-size leaves (again: show them)", modes: [.tree]
        ),
        Binding(keys: [.character("a")], action: .ui(.anchorMode), help: "anchor mode: arrows move the anchorPoint", modes: [.normal, .anchor, .cursor, .tree]),
        Binding(keys: [.character("f")], action: .ui(.anchorBehaviour), help: "anchor behaviour: Core Animation (frame jumps) ↔ keep-frame", modes: everywhere),
        Binding(keys: [.character("]")], action: .command(.engine(.edit(.layer(.lift(1))))), help: "zPosition +1", modes: editing),
        Binding(keys: [.character("[")], action: .command(.engine(.edit(.layer(.lift(-1))))), help: "zPosition −1", modes: editing),
        Binding(keys: [.character("v")], action: .command(.engine(.edit(.layer(.toggle(.hidden))))), help: "toggle hidden", modes: editing),
        Binding(keys: [.character("m")], action: .command(.engine(.edit(.layer(.toggle(.masksToBounds))))), help: "toggle masksToBounds", modes: editing),
        Binding(keys: [.character("g")], action: .command(.engine(.edit(.layer(.toggle(.geometryFlipped))))), help: "toggle geometryFlipped", modes: editing),
        Binding(keys: [.character("=")], action: .command(.engine(.edit(.layer(.reset)))), help: "reset: identity transform", modes: editing),
        Binding(
            keys: [.character("T")], action: .command(.engine(.edit(.turn))), help: "turn the top-level view: swap width and height (subviews autoresize)",
            modes: editing),
        Binding(
            keys: [.character("c")], action: .ui(.cursorMode), help: "hit-test cursor mode (arrows move the crosshair)",
            modes: [.normal, .anchor, .cursor, .tree]),
        Binding(
            keys: [.character("o")], action: .command(.engine(.hitTestOrder(.tree))), help: "hit-test siblings in tree order (Lockwood's book)",
            modes: everywhere),
        Binding(
            keys: [.character("O")], action: .command(.engine(.hitTestOrder(.zPosition))), help: "hit-test siblings by zPosition (measured)", modes: everywhere),
        Binding(
            keys: [.character("+")], action: .command(.explorer(.zoom(1.25))), help: "zoom in (about the crosshair in cursor mode, else the selection)",
            modes: everywhere),
        Binding(keys: [.character("-")], action: .command(.explorer(.zoom(0.8))), help: "zoom out", modes: everywhere),
        Binding(keys: [.character("0")], action: .command(.explorer(.fit)), help: "fit every layer and the screen", modes: everywhere),
        Binding(keys: [.character("9")], action: .command(.explorer(.fitSelection)), help: "fit the selection and its sublayers", modes: everywhere),
        Binding(keys: [.character("u")], action: .command(.engine(.undo)), help: "undo", modes: everywhere),
        Binding(keys: [.control("r")], action: .command(.engine(.redo)), help: "redo", modes: everywhere),
        Binding(keys: [.control("s")], action: .command(.engine(.save(nil))), help: "save (atomic)", modes: everywhere),
        Binding(keys: [.character("e")], action: .command(.engine(.exportSwift)), help: "copy as code: Swift for the selection", modes: everywhere),
        Binding(
            keys: [.character("y")], action: .ui(.copyOutput), help: "over the Swift (or a command's text): copy it to the clipboard (OSC 52)",
            modes: everywhere, when: .overlay),
        Binding(
            keys: [.escape, .character("q")], action: .ui(.closeOverlay), help: "over the Swift (or a command's text): close it", modes: everywhere,
            when: .overlay),
        Binding(
            keys: [.character("i")], action: .ui(.nextPanel),
            help:
                "panel: i the frame formula, i twice the hit-test explanation, from any page (on the formula page i goes on to hit-test); again in a row → content (a layer that draws) → inspector",
            modes: everywhere),
        Binding(
            keys: [.character("M")], action: .ui(.measurePin),
            help: "measure: pin the selection as A; then select B for red lines with the gaps (or insets) in points; M again unpins", modes: everywhere),
        Binding(keys: [.character("b")], action: .ui(.legend), help: "legend: what the marks on the canvas mean (on/off)", modes: everywhere),
        Binding(keys: [.character("w")], action: .ui(.swapPanel), help: "small terminals: full-width canvas ↔ full-width panel", modes: everywhere),
        Binding(keys: [.character("W")], action: .ui(.present), help: "presentation: bold marks, big key echo, essential panel", modes: everywhere),
        Binding(keys: [.character(":")], action: .command(.explorer(.commandLine)), help: "command line (Tab completes, Up/Down history)", modes: everywhere),
        Binding(keys: [.character(" ")], action: .ui(.playPause), help: "animations: play / pause", modes: everywhere),
        Binding(keys: [.character(".")], action: .ui(.stepForward), help: "one frame (1/30 s) forward: time now+1/30", modes: everywhere),
        Binding(keys: [.character(",")], action: .ui(.stepBack), help: "one frame back", modes: everywhere),
        Binding(keys: [.character(">")], action: .ui(.scrubForward), help: "scrub +0.25 s", modes: everywhere),
        Binding(keys: [.character("<")], action: .ui(.scrubBack), help: "scrub −0.25 s", modes: everywhere),
        Binding(keys: [.character("1")], action: .command(.engine(.clock(.speed(1)))), help: "speed 1× (real time)", modes: everywhere),
        Binding(keys: [.character("2")], action: .command(.engine(.clock(.speed(0.5)))), help: "speed 0.5×", modes: everywhere),
        Binding(keys: [.character("3")], action: .command(.engine(.clock(.speed(0.25)))), help: "speed 0.25×", modes: everywhere),
        Binding(keys: [.character("4")], action: .command(.engine(.clock(.speed(0.1)))), help: "speed 0.1× (slow motion for an audience)", modes: everywhere),
        // The exploded view (docs/depth.md): each key echoes its explode/camera command.
        Binding(keys: [.character("d")], action: .ui(.depth(.toggle)), help: "exploded view on / off: every layer on its plane", modes: everywhere),
        Binding(
            keys: [.character("D")], action: .ui(.depth(.nextOrder)), help: "exploded view: planes by tree packing → render order → hit order",
            modes: everywhere),
        Binding(keys: [.character(")")], action: .ui(.depth(.pitch(5))), help: "exploded view: pitch +5° (front planes go up)", modes: everywhere),
        Binding(keys: [.character("(")], action: .ui(.depth(.pitch(-5))), help: "exploded view: pitch −5°", modes: everywhere),
        Binding(keys: [.character("Z")], action: .ui(.depth(.spacing(5))), help: "exploded view: planes 5 points further apart", modes: everywhere),
        Binding(keys: [.character("z")], action: .ui(.depth(.spacing(-5))), help: "exploded view: planes 5 points closer", modes: everywhere),
        Binding(
            keys: [.character("6")], action: .ui(.depth(.back(1))), help: "exploded view: hide one more back plane (raise the range's back end)",
            modes: everywhere),
        Binding(keys: [.character("5")], action: .ui(.depth(.back(-1))), help: "exploded view: show one more back plane", modes: everywhere),
        Binding(
            keys: [.character("7")], action: .ui(.depth(.front(-1))), help: "exploded view: hide one more front plane (lower the range's front end)",
            modes: everywhere),
        Binding(keys: [.character("8")], action: .ui(.depth(.front(1))), help: "exploded view: show one more front plane", modes: everywhere),
        Binding(
            keys: [.character("C")], action: .command(.engine(.depth(.reset))), help: "exploded view: camera reset (yaw 30, the opening pitch)",
            modes: everywhere),
        // Learn mode (LearnState.swift): capitals no other binding of these modes uses.
        Binding(
            keys: [.character("G")], action: .command(.explorer(.learn(.hint))), help: "learn: get the next hint", modes: [.normal, .anchor, .cursor],
            when: .learning),
        Binding(
            keys: [.character("N")], action: .command(.explorer(.learn(.next))), help: "learn: the next lesson", modes: [.normal, .anchor, .cursor],
            when: .learning),
        Binding(
            keys: [.character("E")], action: .command(.explorer(.learn(.lessons))), help: "learn: the lessons, ✓ for each passed",
            modes: [.normal, .anchor, .cursor], when: .learning),
        Binding(keys: [.character("?"), .function(1)], action: .command(.explorer(.help)), help: "this help", modes: everywhere),
        Binding(keys: [.escape], action: .command(.explorer(.mode(.normal))), help: "leave a mode or overlay", modes: everywhere),
        Binding(keys: [.character("q")], action: .command(.explorer(.quit(force: false))), help: "quit (asks when there are unsaved edits)", modes: everywhere),
        Binding(
            keys: [.control("c")], action: .command(.explorer(.quit(force: false))), help: "cancel the : line, help or a question; else quit (asks)",
            modes: everywhere)
    ]

    /// The binding for a key in a mode, if any, where the conditions `when` hold: a binding
    /// whose condition holds wins over the plain binding of the same key and mode.
    public static func binding(for key: Key, in mode: ModeName, when conditions: Set<Binding.Condition> = [.flat]) -> Binding? {
        // By slot and mode bits (KeyIndex.swift; issue 36: a `Character` hashed as a string and
        // the mode hashed into each binding's set, every key).
        keyIndex.binding(for: key, in: mode, when: conditions).map { bindings[$0] }
    }

    static let keyIndex = KeyIndex(bindings)

    /// The keys bound to `action`, as the help spells them (`F`; `k Up`), for messages that
    /// name a key: they say what the keymap says.
    public static func keyNames(for action: ContextualAction) -> String {
        bindings.filter { $0.action == .ui(action) }.flatMap(\.keys).map(\.description).joined(separator: " ")
    }

    /// The conditions that hold in `state` (`Binding.when`).
    static func conditions(_ state: ExplorerState) -> Set<Binding.Condition> {
        // The usual case answers a set made once (issue 36: a new set every key).
        if !state.followDetached, state.output == nil, !state.isLearning {
            return state.session.depth.exploded ? KeyConditions.exploded : KeyConditions.flat
        }
        var out: Set<Binding.Condition> = [state.session.depth.exploded ? .exploded : .flat]
        if state.followDetached { out.insert(.detached) }
        if state.output != nil { out.insert(.overlay) }
        if state.isLearning { out.insert(.learning) }
        return out
    }

    /// Help overlay lines, generated from the bindings.
    public static var helpLines: [String] { helpLines(bindings) }

    static func helpLines(_ bindings: [Binding]) -> [String] {
        bindings.map { b in
            let keys = b.keys.map(\.description).joined(separator: " ")
            // 14 columns, at least one space after the keys (display width: Cells).
            return keys.padded(toColumns: 13) + " " + b.help
        }
    }
}

extension Key {
    /// The key `Key.description` names (`r`, `Space`, `S-Tab`, `C-c`, `M-r`, `F1`, `PageUp`…),
    /// for scripts of keys and tests; nil for a name no key has.
    public init?(name: String) {
        let named: [String: Key] = [
            "Space": .character(" "), "Up": .up, "Down": .down, "Left": .left, "Right": .right,
            "S-Up": .shiftUp, "S-Down": .shiftDown, "S-Left": .shiftLeft, "S-Right": .shiftRight,
            "Tab": .tab, "S-Tab": .backTab, "Enter": .enter, "Esc": .escape, "Backspace": .backspace,
            "Delete": .delete, "Insert": .insert, "Home": .home, "End": .end, "PageUp": .pageUp, "PageDown": .pageDown
        ]
        if let key = named[name] { self = key; return }
        let chars = Array(name)
        if chars.count == 1, chars[0] != " " { self = .character(chars[0]); return }
        if chars.count == 3, chars[1] == "-", chars[0] == "C" { self = .control(chars[2]); return }
        if chars.count == 3, chars[1] == "-", chars[0] == "M" { self = .alt(chars[2]); return }
        if chars.count > 1, chars[0] == "F", let n = Int(String(chars.dropFirst())), n > 0 { self = .function(n); return }
        return nil
    }
}
