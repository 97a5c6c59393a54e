import Geometry
import LayerModel

/// A named space for `convert`: a layer, or the screen (the space of top-level layers).
public enum SpaceName: Equatable, Sendable {
    case screen
    case layer(String)
    public var text: String {
        switch self {
        case .screen: return "screen"
        case let .layer(n): return n == "screen" ? "\"screen\"" : CommandQuoting.ifNeeded(n)
        }
    }
}

/// Toggles for boolean properties, bound to keys.
public enum ToggleProperty: String, Equatable, Sendable, CaseIterable {
    case hidden, masksToBounds, geometryFlipped
}

/// The explorer's key modes, for `mode` (keys `a`, `c`, `t`, Esc echo these).
public enum ModeName: String, Equatable, Sendable, CaseIterable {
    case normal, anchor, cursor, tree
}

/// How anchorPoint edits behave in the explorer (geometry.md R2): the explorer's setting and
/// the `anchor-behaviour` command's word (key `f` echoes it), one type.
public enum AnchorBehaviourName: String, Equatable, Sendable, CaseIterable {
    /// Core Animation's: position stays, the frame jumps.
    case coreAnimation = "core-animation"
    /// position compensates so the frame stays put (seed 002's fix).
    case keepFrame = "keep-frame"
}

/// What fills a small terminal, for `show` (key `w` echoes it).
public enum ShownPart: String, Equatable, Sendable, CaseIterable {
    case canvas, panel
}

/// The side panel's pages, below the layer tree: the explorer's page and the `panel`
/// command's word (key `i` echoes it), one type.
public enum PanelName: String, Equatable, Sendable, CaseIterable {
    /// frame, bounds, position, anchorPoint, matrices.
    case inspector
    /// The frame derived step by step, the effective matrix's three parts, naive vs real.
    case formula
    /// The cursor's hit test: every layer visited and why it was skipped.
    case hitTest = "hit-test"
    /// The selection's drawing: its operations, the CTM, user space → layer (content.md).
    case content
}

/// Every user action, with exactly one text spelling (`text`), which `CommandParser` reads
/// back. The engine (`Session.perform`) takes only `EngineCommand`s; the explorer's own
/// commands never reach it, so it never has to say "this one is not for me". Each verb is
/// declared once in `CommandTable`.
public enum Command: Equatable, Sendable {
    /// Scene edits, queries, time, steps, selection, history and file effects.
    case engine(EngineCommand)
    /// The explorer's view of the scene: camera, cursor, modes, panels, the tree browser,
    /// help, the `:` line, quitting. Headless runs accept and ignore them.
    case explorer(ExplorerCommand)

    /// The one text spelling; `CommandParser.parse(command.text) == command`.
    public var text: String {
        switch self {
        case let .engine(c): return c.text
        case let .explorer(c): return c.text
        }
    }
}

/// What `Session.perform` understands.
public enum EngineCommand: Equatable, Sendable {
    /// An undoable change to the scene.
    case edit(Edit)
    /// A question answered with one JSON object.
    case query(Query)
    /// The clock and animations (`animate`, `animated`, `wait`, `time`, `speed`, `play`, `pause`, `remove-animations`).
    case clock(TimeCommand)
    case select(String)
    case selectNext, selectPrevious, selectParent, selectChild
    case undo, redo
    /// `save [FILE]`; `save --rewrite [FILE]` writes afresh what the file cannot keep its text
    /// for (issue 36) instead of refusing.
    case save(String?, rewrite: Bool = false)
    case load(String)
    case reload
    /// `order zPosition|tree`: the sibling order CALayer hit testing uses (R9).
    case hitTestOrder(SiblingOrder)
    /// `step N`: the scene as it is after step N of its step-through demo (0: before any).
    case step(Int)
    /// `export swift`: the selection as Swift code.
    case exportSwift
    /// `export svg FILE [--crop screen|content]`: the scene as vector geometry, written
    /// atomically to FILE.
    case exportSVG(String, crop: SVGExtent = .screen)
    /// `explode …`, `camera …`: the exploded view (depth.md; CommandTable+Depth.swift).
    case depth(DepthCommand)
    /// `measure-pin …`: the layer the canvas measures the selection against; nil unpins
    /// (CommandTable+Measure.swift).
    case measurePin(MeasurePin?)
    /// `set screen W H`, `step add|note|remove …`: authoring the scene's screen and steps
    /// (CommandTable+Authoring.swift).
    case author(AuthorCommand)

    public var text: String {
        let q = CommandQuoting.ifNeeded
        switch self {
        case let .author(a): return a.text
        case let .edit(e): return e.text
        case let .query(x): return x.text
        case let .clock(t): return t.text
        case let .select(name): return "select \(q(name))"
        case .selectNext: return "select-next"
        case .selectPrevious: return "select-previous"
        case .selectParent: return "select-parent"
        case .selectChild: return "select-child"
        case .undo: return "undo"
        case .redo: return "redo"
        case let .save(path, rewrite): return "save" + (rewrite ? " --rewrite" : "") + (path.map { " \(q($0))" } ?? "")
        case let .load(path): return "load \(q(path))"
        case .reload: return "reload"
        case let .hitTestOrder(o): return "order \(o.rawValue)"
        case let .step(n): return "step \(n)"
        case .exportSwift: return "export swift"
        case let .exportSVG(path, crop): return "export svg \(q(path))" + (crop == .screen ? "" : " --crop \(crop.rawValue)")
        case let .depth(d): return d.text
        case let .measurePin(pin): return pin?.text ?? "measure-pin off"
        }
    }
}

/// An undoable change to the scene's tree.
public enum Edit: Equatable, Sendable {
    case add(name: String, kind: LayerKind?, parent: String?, index: Int?)
    case remove(String)
    /// `resize W H`: the selection's frame size (origin kept); subviews follow their autoresizingMask.
    case resize(Double, Double)
    /// `turn`: swap the selection's top-level view's width and height (portrait ↔ landscape).
    case turn
    /// A change to the selected layer alone.
    case layer(LayerEdit)

    public var text: String {
        let n = NumberText.exact
        let q = CommandQuoting.ifNeeded
        switch self {
        case let .add(name, kind, parent, index):
            var s = "add \(q(name))"
            if let kind { s += " \(kind.rawValue)" }
            if let parent { s += " in \(q(parent))" }
            if let index { s += " at \(index)" }
            return s
        case let .remove(name): return "remove \(q(name))"
        case let .resize(w, h): return "resize \(n(w)) \(n(h))"
        case .turn: return "turn"
        case let .layer(e): return e.text
        }
    }
}

/// A change to the selected layer's properties, with setter semantics.
public enum LayerEdit: Equatable, Sendable {
    case set(Property, PropertyValue)
    case rotate(AngleLiteral, RotationAxis?)
    case scale(Double, Double?)
    case move(Double, Double)
    case anchor(Double, Double, keepFrame: Bool)
    case reset
    case toggle(ToggleProperty)
    /// Changes zPosition by a delta (keys `[` and `]`).
    case lift(Double)
    /// `draw OP…`: appends one operation to the selection's drawing (content.md).
    case draw(DrawingOperation)
    /// `draw clear`: empties the selection's drawing.
    case drawClear

    public var text: String {
        let n = NumberText.exact
        switch self {
        case let .set(p, v): return "set \(p.rawValue) \(v.text)"
        case let .rotate(a, axis): return "rotate \(a.text)" + (axis.map { " \($0.rawValue)" } ?? "")
        case let .scale(f, fy): return "scale \(n(f))" + (fy.map { " \(n($0))" } ?? "")
        case let .move(dx, dy): return "move \(n(dx)) \(n(dy))"
        case let .anchor(x, y, keep): return "anchor \(n(x)) \(n(y))" + (keep ? " keep-frame" : "")
        case .reset: return "reset"
        case let .toggle(p): return "toggle \(p.rawValue)"
        case let .lift(dz): return "lift \(n(dz))"
        case let .draw(op): return "draw " + op.text
        case .drawClear: return "draw clear"
        }
    }
}

/// A question about the scene; the answer is one JSON object.
public enum Query: Equatable, Sendable {
    case get(Property)
    case getPresentation(Property)
    case getNow
    case convertPoint(Point, from: SpaceName, to: SpaceName)
    case convertRect(Rect, from: SpaceName, to: SpaceName)
    case contains(String, Point)
    case hitTest(String?, Point)
    case hitTestPresentation(String?, Point)
    case matrix(TransformSpec)
    /// `get ctm [at N]`: CGContextGetCTM of the selection's drawing after N operations (content.md).
    case ctm(at: Int?)
    /// `get content-transform [at N]`: user space → the selection's bounds space.
    case contentTransform(at: Int?)
    /// `convert point X Y from content NAME [at N] to B`.
    case convertContentPoint(Point, from: String, at: Int?, to: SpaceName)
    /// `get quad|plane|planes|exploded-quad` (depth.md, "Queries").
    case depth(DepthQuery)
    /// `measure [presentation] A B [in SPACE] [box|quad]` (CommandTable+Measure.swift).
    case measure(MeasureQuery)
    /// `get screen`, `get steps` (CommandTable+Authoring.swift).
    case author(AuthorQuery)

    public var text: String {
        let n = NumberText.exact
        let q = CommandQuoting.ifNeeded
        switch self {
        case let .author(a): return "get \(a.rawValue)"
        case let .get(p): return "get \(p.rawValue)"
        case let .getPresentation(p): return "get presentation \(p.rawValue)"
        case .getNow: return "get now"
        case let .convertPoint(p, a, b): return "convert point \(n(p.x)) \(n(p.y)) from \(a.text) to \(b.text)"
        case let .convertRect(r, a, b):
            return "convert rect \(n(r.origin.x)) \(n(r.origin.y)) \(n(r.size.width)) \(n(r.size.height)) from \(a.text) to \(b.text)"
        case let .contains(name, p): return "contains \(q(name)) \(n(p.x)) \(n(p.y))"
        case let .hitTest(name, p):
            // A layer called presentation is quoted: unquoted, the word means the presentation tree.
            return "hit-test " + (name.map { ($0 == "presentation" ? "\"presentation\"" : q($0)) + " " } ?? "") + "\(n(p.x)) \(n(p.y))"
        case let .hitTestPresentation(name, p): return "hit-test presentation " + (name.map { "\(q($0)) " } ?? "") + "\(n(p.x)) \(n(p.y))"
        case let .matrix(t): return "matrix \(t.text)"
        case let .ctm(at): return "get ctm" + (at.map { " at \($0)" } ?? "")
        case let .contentTransform(at): return "get content-transform" + (at.map { " at \($0)" } ?? "")
        case let .convertContentPoint(p, name, at, b):
            return "convert point \(n(p.x)) \(n(p.y)) from content \(q(name))" + (at.map { " at \($0)" } ?? "") + " to \(b.text)"
        case let .depth(d): return "get \(d.rawValue)"
        case let .measure(m): return m.text
        }
    }
}

/// The clock and animations (Animation.swift, Presentation.swift).
public enum TimeCommand: Equatable, Sendable {
    case animate(AnimationSpec)
    case animated(AnimatedBlock)
    case wait(Double)
    case time(Double)
    /// Explorer playback rate (eval keeps it but has no playback).
    case speed(Double)
    case play, pause
    case removeAnimations(AnimationKeyPath?)

    public var text: String {
        let n = NumberText.exact
        switch self {
        case let .animate(spec): return spec.text
        case let .animated(block): return block.text
        case let .wait(s): return "wait \(n(s))"
        case let .time(t): return "time \(n(t))"
        case let .speed(f): return "speed \(n(f))"
        case .play: return "play"
        case .pause: return "pause"
        case let .removeAnimations(path): return "remove-animations" + (path.map { " \($0.rawValue)" } ?? "")
        }
    }
}

/// The explorer's own commands: they change the view, not the scene.
public enum ExplorerCommand: Equatable, Sendable {
    case zoom(Double)
    case pan(Double, Double)
    case fit
    /// `fit selection`: the selection and its sublayers fill the canvas (key `9`).
    case fitSelection
    case cursor(Bool)
    case cursorMove(Int, Int)
    case cursorAt(Double, Double)
    /// `panel inspector|formula|hit-test`: which explanation the side panel shows.
    case panel(PanelName)
    /// `mode normal|anchor|cursor|tree`: the explorer's key mode.
    case mode(ModeName)
    /// `anchor-behaviour core-animation|keep-frame`: what the anchor keys do.
    case anchorBehaviour(AnchorBehaviourName)
    /// `command-line`: opens the `:` line (key `:`).
    case commandLine
    case help
    /// `legend on|off`: the one-line legend of marks (key `b`).
    case legend(Bool)
    /// `present on|off`: the presentation preset (key `W`, `--present`).
    case present(Bool)
    /// `show canvas|panel`: what fills a terminal too narrow for both (key `w`).
    case show(ShownPart)
    // The tree browser (tree mode): `search` opens the search line (key `/`), `search TEXT`
    // selects the first match by name, class or address; `search-next`/`-previous` (n, N);
    // `fold NAME`/`unfold NAME` (Enter); `reveal` (*); `filter on|off` (F).
    case search(String?)
    case searchNext, searchPrevious
    case fold(String, Bool)
    case reveal
    case filter(Bool)
    case quit(force: Bool)
    /// `operation N`: the content page steps the selection's drawing to its first N
    /// operations (keys `{` and `}`; content.md).
    case operation(Int)
    /// `hint`, `next`, `lessons`, `lesson N`: the learner's commands (CommandTable+Learn.swift).
    case learn(LearnCommand)

    public var text: String {
        let n = NumberText.exact
        let q = CommandQuoting.ifNeeded
        let onOff = Toggle.word
        switch self {
        case let .zoom(f): return "zoom \(n(f))"
        case let .pan(dx, dy): return "pan \(n(dx)) \(n(dy))"
        case .fit: return "fit"
        case .fitSelection: return "fit selection"
        case let .cursor(on): return "cursor \(onOff(on))"
        case let .cursorMove(dc, dr): return "cursor-move \(dc) \(dr)"
        case let .cursorAt(x, y): return "cursor-at \(n(x)) \(n(y))"
        case let .panel(page): return "panel \(page.rawValue)"
        case let .mode(m): return "mode \(m.rawValue)"
        case let .anchorBehaviour(b): return "anchor-behaviour \(b.rawValue)"
        case .commandLine: return "command-line"
        case .help: return "help"
        case let .legend(on): return "legend \(onOff(on))"
        case let .present(on): return "present \(onOff(on))"
        case let .show(part): return "show \(part.rawValue)"
        case let .search(text): return "search" + (text.map { " " + q($0) } ?? "")
        case .searchNext: return "search-next"
        case .searchPrevious: return "search-previous"
        case let .fold(name, folded): return (folded ? "fold " : "unfold ") + q(name)
        case .reveal: return "reveal"
        case let .filter(on): return "filter \(onOff(on))"
        case let .quit(force): return force ? "quit!" : "quit"
        case let .operation(k): return "operation \(k)"
        case let .learn(c): return c.text
        }
    }
}
