import Geometry
import LayerModel

/// One argument of a command's grammar, as the help shows it and Tab completes it.
public indirect enum CommandArgument: Equatable, Sendable {
    /// The name of an existing layer (completes layer names).
    case layer(String)
    /// A name for a new layer (nothing to complete).
    case newLayer(String)
    /// A layer name or `screen`.
    case space(String)
    /// A property name: settable ones only for `set`.
    case property(settable: Bool)
    /// The value of the property named just before (`VALUE…`): completes by its kind.
    case value
    /// An animatable key path.
    case keyPath
    /// A file path (completes files).
    case file(String)
    /// A number, shown as its placeholder.
    case number(String)
    /// Free text.
    case text(String)
    /// One of these words.
    case choice([String])
    /// This literal word.
    case keyword(String)
    /// The rest of the command, in a sub-grammar documented elsewhere (a value, a transform…).
    case tail(String)
    /// These arguments, or none of them.
    case optional([CommandArgument])

    /// How the argument reads in a synopsis: `NAME`, `[in PARENT]`, `on|off`.
    public var synopsis: String {
        switch self {
        case let .layer(p), let .newLayer(p), let .space(p), let .file(p), let .number(p), let .text(p), let .tail(p): return p
        case .property: return "PROP"
        case .value: return "VALUE…"
        case .keyPath: return "KEYPATH"
        case let .choice(words): return words.joined(separator: "|")
        case let .keyword(k): return k
        case let .optional(args): return "[" + args.map(\.synopsis).joined(separator: " ") + "]"
        }
    }
}

/// One way of writing a verb (`get PROP`, `get presentation PROP`, `get now`), with its help.
public struct CommandForm: Equatable, Sendable {
    public var arguments: [CommandArgument]
    public var help: String
    public init(_ arguments: [CommandArgument], _ help: String) { self.arguments = arguments; self.help = help }
}

/// Where a command belongs in the docs and the help.
public enum CommandSection: String, CaseIterable, Sendable {
    case scene = "Building and editing a scene"
    case query = "Queries"
    case time = "Time"
    case explorer = "The explorer's own commands"
    case depth = "The exploded view"

    /// The heading of the table's second column.
    var meaningHeading: String { self == .query ? "prints" : "meaning" }
    /// The marker name around its generated table in the docs.
    public var marker: String {
        switch self {
        case .scene: return "scene";
        case .query: return "queries";
        case .time: return "time";
        case .explorer: return "explorer";
        case .depth: return "depth"
        }
    }
}

/// A command's one declaration: its verb and aliases, its grammar and help (one form per
/// way of writing it), and how it is read. Parsing dispatches on the verb through this
/// table; completion, the help overlay, `layerscope commands` and the docs' command tables
/// are generated from it.
public struct CommandSpec: Sendable {
    public typealias Parse = @Sendable (inout TokenCursor) throws(CommandError) -> Command
    public var verb: String
    public var aliases: [String]
    public var section: CommandSection
    public var forms: [CommandForm]
    /// Whether the command goes to attendees in a follow feed (docs/follow.md): every command
    /// that changes what the screen shows does; none that touches files or the terminal (save,
    /// load, export, quit), nor the presenter's own overlays and presentation settings (help,
    /// the `:` line, present, show). `Follow.travels` reads it, the presenter and attendees
    /// alike.
    public var travels: Bool
    let parse: Parse

    init(
        _ verb: String, aliases: [String] = [], _ section: CommandSection, _ forms: [CommandForm], travels: Bool = true,
        parse: @escaping Parse
    ) {
        self.verb = verb; self.aliases = aliases; self.section = section; self.forms = forms; self.travels = travels; self.parse = parse
    }

    /// `verb ARGS…` for each form.
    public var synopses: [String] {
        forms.map { ([verb] + $0.arguments.map(\.synopsis)).joined(separator: " ") }
    }

    /// Every form's synopsis on one line, as an error restates how the command is written:
    /// `export swift, or export svg FILE`.
    public var usage: String {
        synopses.count < 2 ? synopses.joined() : synopses.dropLast().joined(separator: ", ") + ", or " + synopses[synopses.count - 1]
    }
}

// Small helpers for the declarations below.
private func engine(_ c: EngineCommand) -> Command { .engine(c) }
private func edit(_ e: LayerEdit) -> Command { .engine(.edit(.layer(e))) }
private func query(_ q: Query) -> Command { .engine(.query(q)) }
private func clock(_ t: TimeCommand) -> Command { .engine(.clock(t)) }
private func explorer(_ c: ExplorerCommand) -> Command { .explorer(c) }
private let onOff: CommandArgument = .choice(Toggle.words)
private func words<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> CommandArgument where E.RawValue == String {
    .choice(E.allCases.map(\.rawValue))
}

/// Every command of the language, declared once.
public enum CommandTable {
    public static let all: [CommandSpec] = scene + queries + time + explorerCommands + content + depthCommands + learnCommands + measureCommands

    static let scene: [CommandSpec] = [
        CommandSpec(
            "add", .scene,
            [
                CommandForm(
                    [
                        .newLayer("NAME"), .optional([.choice(["layer", "view"])]), .optional([.keyword("in"), .layer("PARENT")]),
                        .optional([.keyword("at"), .number("INDEX")])
                    ],
                    "a new layer with CALayer/UIView defaults (bounds 0,0,0,0; position 0,0; anchor 0.5,0.5), last among its siblings (on top) unless `at`; without `in` it is top level"
                )
            ]
        ) { (r: inout TokenCursor) throws(CommandError) -> Command in
            let name = try r.name("a layer name")
            var kind: LayerKind? = nil
            var parent: String? = nil
            var index: Int? = nil
            while let t = r.peek {
                switch t.text {
                case "layer" where kind == nil && parent == nil && index == nil,
                    "view" where kind == nil && parent == nil && index == nil:
                    r.advance(); kind = LayerKind(rawValue: t.text)
                case "in" where parent == nil && index == nil:
                    r.advance(); parent = try r.name("a parent layer name after \"in\"")
                case "at" where index == nil:
                    r.advance(); index = try r.integer("an index after \"at\"")
                default:
                    throw CommandError(
                        "unexpected \"\(t.text)\"", column: t.column,
                        suggestion: "expected: " + CommandTable.usage(of: "add"))
                }
            }
            return .engine(.edit(.add(name: name, kind: kind, parent: parent, index: index)))
        },
        CommandSpec("remove", .scene, [CommandForm([.layer("NAME")], "remove it and its subtree")]) { (r: inout TokenCursor) throws(CommandError) in
            .engine(.edit(.remove(try r.name("a layer name"))))
        },
        CommandSpec("select", .scene, [CommandForm([.layer("NAME")], "make it the selection")]) { (r: inout TokenCursor) throws(CommandError) in
            engine(.select(try r.name("a layer name")))
        },
        CommandSpec("select-next", .scene, [CommandForm([], "select the next layer in tree order")]) { (_: inout TokenCursor) throws(CommandError) in
            engine(.selectNext)
        },
        CommandSpec("select-previous", .scene, [CommandForm([], "select the previous layer in tree order")]) { (_: inout TokenCursor) throws(CommandError) in
            engine(.selectPrevious)
        },
        CommandSpec("select-parent", .scene, [CommandForm([], "select the superlayer")]) { (_: inout TokenCursor) throws(CommandError) in engine(.selectParent)
        },
        CommandSpec("select-child", .scene, [CommandForm([], "select the first sublayer")]) { (_: inout TokenCursor) throws(CommandError) in
            engine(.selectChild)
        },
        CommandSpec(
            "set", .scene,
            [
                CommandForm(
                    [.property(settable: true), .value],
                    "assign one property of the selection **with setter semantics** ([geometry.md](geometry.md) R3). PROP is any layout field name, plus `bounds.origin`, `bounds.size`, `frame.origin`, `frame.size`, `affineTransform`; a `layer.` prefix means the same"
                ),
                setScreenForm
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            if let t = r.peek, !t.quoted, t.text == "screen" { r.advance(); return try r.screenSize() }
            let property = try r.property(allowReadOnly: false)
            return edit(.set(property, try r.value(for: property)))
        },
        CommandSpec(
            "rotate", .scene,
            [
                CommandForm(
                    [.number("DEG"), .optional([.choice(["x", "y", "z"])])],
                    "rotate the selection about its anchor point (z by default), after its current transform")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            let angle = try r.angle()
            var axis: RotationAxis? = nil
            if let t = r.peek {
                guard let a = RotationAxis(rawValue: t.text) else {
                    throw CommandError("unknown axis \"\(t.text)\"", column: t.column, suggestion: "use x, y or z")
                }
                r.advance(); axis = a
            }
            return edit(.rotate(angle, axis))
        },
        CommandSpec("scale", .scene, [CommandForm([.number("F"), .optional([.number("FY")])], "scale the selection about its anchor point")]) {
            (r: inout TokenCursor) throws(CommandError) in
            let f = try r.number("a scale factor")
            return edit(.scale(f, r.peek == nil ? nil : try r.number("a y scale factor")))
        },
        CommandSpec("move", .scene, [CommandForm([.number("DX"), .number("DY")], "move `position`")]) { (r: inout TokenCursor) throws(CommandError) in
            edit(.move(try r.number("dx"), try r.number("dy")))
        },
        CommandSpec(
            "anchor", .scene,
            [
                CommandForm(
                    [.number("AX"), .number("AY")],
                    "set anchorPoint the Core Animation way: position stays, the frame jumps (the explorer's keep-frame mode, key f, keeps the frame and echoes the keep-frame form)"
                ),
                CommandForm([.number("AX"), .number("AY"), .keyword("keep-frame")], "set anchorPoint and compensate position so the frame stays")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            let x = try r.number("the anchor's x (unit coordinates)"), y = try r.number("the anchor's y (unit coordinates)")
            var keep = false
            if let t = r.peek {
                guard t.text == "keep-frame" else {
                    throw CommandError("unexpected \"\(t.text)\"", column: t.column, suggestion: "did you mean \"keep-frame\"?")
                }
                r.advance(); keep = true
            }
            return edit(.anchor(x, y, keepFrame: keep))
        },
        CommandSpec("reset", .scene, [CommandForm([], "identity transform on the selection")]) { (_: inout TokenCursor) throws(CommandError) in edit(.reset) },
        CommandSpec("toggle", .scene, [CommandForm([words(ToggleProperty.self)], "flip a bool")]) { (r: inout TokenCursor) throws(CommandError) in
            let t = try r.word("hidden, masksToBounds or geometryFlipped")
            guard let p = ToggleProperty.byWord[t.text] else {
                throw CommandError(
                    "cannot toggle \"\(t.text)\"", column: t.column,
                    suggestion: NearMiss.closest(to: t.text, among: ToggleProperty.allCases.map(\.rawValue)).map { "did you mean \"\($0)\"?" }
                        ?? "toggle hidden, masksToBounds or geometryFlipped")
            }
            return edit(.toggle(p))
        },
        CommandSpec("lift", .scene, [CommandForm([.number("DZ")], "change zPosition by DZ")]) { (r: inout TokenCursor) throws(CommandError) in
            edit(.lift(try r.number("a zPosition change")))
        },
        CommandSpec(
            "resize", .scene,
            [
                CommandForm(
                    [.number("W"), .number("H")], "the selection's frame size (origin kept); subviews follow their `autoresizingMask` ([import.md](import.md))")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            let wt = r.peek, w = try r.number("a width")
            guard w >= 0 else { throw CommandError("a width cannot be negative", column: wt?.column) }
            let ht = r.peek, h = try r.number("a height")
            guard h >= 0 else { throw CommandError("a height cannot be negative", column: ht?.column) }
            return .engine(.edit(.resize(w, h)))
        },
        CommandSpec("turn", .scene, [CommandForm([], "swap the width and height of the selection's top-level view (portrait ↔ landscape)")]) {
            (_: inout TokenCursor) throws(CommandError) in
            .engine(.edit(.turn))
        },
        CommandSpec("order", .scene, [CommandForm([words(SiblingOrder.self)], "the sibling order CALayer hit testing uses (measured: zPosition)")]) {
            (r: inout TokenCursor) throws(CommandError) in
            let t = try r.word("zPosition or tree")
            guard let o = SiblingOrder(rawValue: t.text) else {
                throw CommandError("unknown hit-test order \"\(t.text)\"", column: t.column, suggestion: "use zPosition (measured) or tree (Lockwood's book)")
            }
            return engine(.hitTestOrder(o))
        },
        CommandSpec("undo", .scene, [CommandForm([], "undo the last edit (every edit is undoable)")]) { (_: inout TokenCursor) throws(CommandError) in
            engine(.undo)
        },
        CommandSpec("redo", .scene, [CommandForm([], "redo what undo took back")]) { (_: inout TokenCursor) throws(CommandError) in engine(.redo) },
        CommandSpec(
            "save", aliases: ["w"], .scene,
            [
                CommandForm([.optional([.file("FILE")])], "write the scene atomically (temp file + rename); without FILE, to the file it came from"),
                CommandForm([.keyword("--rewrite"), .optional([.file("FILE")])], SaveRewrite.help)
            ], travels: false
        ) { (r: inout TokenCursor) throws(CommandError) in
            let rewrite = r.peek.map { $0.text == "--rewrite" && !$0.quoted } ?? false
            if rewrite { r.advance() }
            return engine(.save(r.peek == nil ? nil : try r.name("a file name"), rewrite: rewrite))
        },
        CommandSpec("load", aliases: ["e"], .scene, [CommandForm([.file("FILE")], "open another layout")], travels: false) {
            (r: inout TokenCursor) throws(CommandError) in
            engine(.load(try r.name("a file name")))
        },
        CommandSpec("reload", .scene, [CommandForm([], "read the scene's file again")], travels: false) { (_: inout TokenCursor) throws(CommandError) in
            engine(.reload)
        },
        CommandSpec(
            "export", .scene,
            [
                CommandForm([.keyword("swift")], "the selection as Swift you can paste"),
                CommandForm(
                    [.keyword("svg"), .file("FILE"), .optional([.keyword("--crop"), .choice(SVGExtent.allCases.map(\.rawValue))])],
                    "the scene as an SVG picture, written atomically to FILE; `--crop content` fits the layers' union (10 units round it), as `render --svg FILE --crop content` does"
                )
            ], travels: false
        ) { (r: inout TokenCursor) throws(CommandError) in
            let t = try r.word("a format (swift or svg)")
            switch t.text {
            case "swift": return engine(.exportSwift)
            case "svg":
                let file = try r.name("an output file (.svg)")
                guard let flag = r.peek, flag.text == "--crop", !flag.quoted else { return engine(.exportSVG(file)) }
                r.advance()
                return engine(.exportSVG(file, crop: try r.choice("crop", SVGExtent.self)))
            default: throw CommandError("unknown export format \"\(t.text)\"", column: t.column, suggestion: "use: " + CommandTable.usage(of: "export"))
            }
        },
        CommandSpec(
            "step", .scene,
            [CommandForm([.number("N")], "the scene exactly as after step N of its step-through demo (0: before any) ([workshops.md](workshops.md))")]
                + stepAuthoringForms
        ) { (r: inout TokenCursor) throws(CommandError) in
            if let authoring = try r.stepAuthoring() { return authoring }
            return engine(.step(try r.integer("a step number")))
        }
    ]

    static let queries: [CommandSpec] = [
        CommandSpec(
            "get", .query,
            [
                CommandForm(
                    [.property(settable: false)],
                    "`{\"rect\":[x,y,w,h]}`, `{\"point\":[x,y]}`, `{\"size\":[w,h]}`, `{\"matrix\":[16]}`, `{\"affine\":[6]}`, `{\"number\":n}` or `{\"bool\":b}`; `get frame` is the derived frame"
                ),
                CommandForm(
                    [.keyword("presentation"), .property(settable: false)], "the presentation value at `now` in `get`'s JSON form ([time.md](time.md))"),
                CommandForm([.keyword("now")], "`{\"number\":seconds}`: the scene clock"),
                CommandForm(
                    [.keyword("ctm"), .optional([.keyword("at"), .number("N")])],
                    "`{\"affine\":[a,b,c,d,tx,ty]}`: `CGContextGetCTM` in the selection's drawing after N operations (all when left out; `at 0`: the base CTM `[s,0,0,-s,-s·ox,s·(h+oy)]`) ([content.md](content.md))"
                ),
                CommandForm(
                    [.keyword("content-transform"), .optional([.keyword("at"), .number("N")])],
                    "`{\"affine\":[6]}`: user space → the selection's bounds space (points) after N operations"),
                CommandForm(
                    [.keyword("quad")],
                    "`{\"quad\":[[x,y],[x,y],[x,y],[x,y]]}`: the selection's bounds corners in the root space as drawn, through perspective ([depth.md](depth.md))"
                ),
                CommandForm([.keyword("plane")], "`{\"plane\":p}` under the current `explode order`, or `{\"plane\":null}` (hidden, zero area)"),
                CommandForm([.keyword("planes")], "`{\"planes\":P}`: how many planes the current order uses"),
                CommandForm([.keyword("exploded-quad")], "the `quad` corners after the exploded view's camera projection")
            ] + getAuthoringForms
        ) { (r: inout TokenCursor) throws(CommandError) in
            if let t = r.peek, !t.quoted, let a = AuthorQuery(rawValue: t.text), r.tokens.count == r.index + 1 { r.advance(); return query(.author(a)) }
            if let t = r.peek, !t.quoted, t.text == "ctm" || t.text == "content-transform" {
                r.advance()
                let at = try r.drawingIndex()
                return query(t.text == "ctm" ? .ctm(at: at) : .contentTransform(at: at))
            }
            if let t = r.peek, !t.quoted, let d = DepthQuery(rawValue: t.text) { r.advance(); return query(.depth(d)) }
            if let t = r.peek, !t.quoted, t.text == "presentation" { r.advance(); return query(.getPresentation(try r.property(allowReadOnly: true))) }
            if let t = r.peek, !t.quoted, t.text == "now" { r.advance(); return query(.getNow) }
            return query(.get(try r.property(allowReadOnly: true)))
        },
        CommandSpec(
            "convert", .query,
            [
                CommandForm(
                    [.keyword("point"), .number("X"), .number("Y"), .keyword("from"), .space("A"), .keyword("to"), .space("B")],
                    "`{\"point\":[x,y]}` or `{\"point\":null}` (singular, behind the eye); A and B are layer names or `screen`"),
                CommandForm(
                    [.keyword("rect"), .number("X"), .number("Y"), .number("W"), .number("H"), .keyword("from"), .space("A"), .keyword("to"), .space("B")],
                    "`{\"rect\":[x,y,w,h]}`: the bounding box (R7)"),
                CommandForm(
                    [
                        .keyword("point"), .number("X"), .number("Y"), .keyword("from"), .keyword("content"), .layer("NAME"),
                        .optional([.keyword("at"), .number("N")]), .keyword("to"), .space("B")
                    ],
                    "`{\"point\":[x,y]}`: a user-space point of NAME's drawing, after N operations, in B's space ([content.md](content.md))")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            let what = try r.word("point or rect")
            switch what.text {
            case "point":
                let p = Point(x: try r.number("x"), y: try r.number("y"))
                try r.keyword("from")
                if let t = r.peek, !t.quoted, t.text == "content", r.tokens.count - r.index >= 4 {  // "from content to B" names a layer called content
                    r.advance()
                    let name = try r.name("a layer name")
                    let at = try r.drawingIndex()
                    try r.keyword("to")
                    return query(.convertContentPoint(p, from: name, at: at, to: try r.space()))
                }
                let a = try r.space()
                try r.keyword("to"); let b = try r.space()
                return query(.convertPoint(p, from: a, to: b))
            case "rect":
                let rect = Rect(x: try r.number("x"), y: try r.number("y"), width: try r.number("width"), height: try r.number("height"))
                try r.keyword("from"); let a = try r.space()
                try r.keyword("to"); let b = try r.space()
                return query(.convertRect(rect, from: a, to: b))
            default:
                throw CommandError(
                    "expected point or rect after convert, found \"\(what.text)\"", column: what.column,
                    suggestion: CommandTable.usage(of: "convert"))
            }
        },
        CommandSpec("contains", .query, [CommandForm([.layer("NAME"), .number("X"), .number("Y")], "`{\"bool\":b}`; the point is in NAME's own space")]) {
            (r: inout TokenCursor) throws(CommandError) in
            query(.contains(try r.name("a layer name"), Point(x: try r.number("x"), y: try r.number("y"))))
        },
        CommandSpec(
            "hit-test", .query,
            [
                CommandForm(
                    [.layer("NAME"), .number("X"), .number("Y")],
                    "`{\"hit\":\"name\"}` or `{\"hit\":null}`: a layer takes the point in its superlayer's space, a view in its own space; `treeOrder`, `zPositionOrder` and `layerRules` keys say what the other sibling order or the other framework's rules would hit when that differs"
                ),
                CommandForm([.number("X"), .number("Y")], "the same from the screen, over the top-level layers"),
                CommandForm(
                    [.keyword("presentation"), .optional([.layer("NAME")]), .number("X"), .number("Y")],
                    "like `hit-test`, over the presentation tree (a quoted `\"presentation\"` is a layer's name)")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            var presentation = false
            if let t = r.peek, !t.quoted, t.text == "presentation" { r.advance(); presentation = true }
            var name: String? = nil
            if let t = r.peek, TokenCursor.number(t.text) == nil { name = try r.name("a layer name") }
            let p = Point(x: try r.number("x"), y: try r.number("y"))
            return query(presentation ? .hitTestPresentation(name, p) : .hitTest(name, p))
        },
        CommandSpec("matrix", .query, [CommandForm([.tail("TRANSFORM")], "`{\"matrix\":[16]}`, row-major m11…m44")]) {
            (r: inout TokenCursor) throws(CommandError) in
            query(.matrix(try r.transform()))
        }
    ]

    static let time: [CommandSpec] = [
        CommandSpec(
            "animate", .time,
            [
                CommandForm(
                    [
                        .keyPath,
                        .tail("[from V] [to V] [by V] [duration S] [delay S] [timing T] [repeat N|forever] [autoreverse] [fill forwards|backwards|both] [keep]")
                    ],
                    "CABasicAnimation / CASpringAnimation on the selection ([time.md](time.md))")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            let path = try r.keyPath()
            return clock(.animate(try r.animationFields(path)))
        },
        CommandSpec(
            "animated", .time,
            [
                CommandForm(
                    [.number("DURATION"), .optional([.keyword("delay"), .number("S")]), .optional([.keyword("timing"), .tail("T")]), .tail("{ COMMANDS }")],
                    "UIView.animate: the edits apply at once and animate from where they showed; one undo step")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            clock(.animated(try r.animatedBlock()))
        },
        CommandSpec("wait", .time, [CommandForm([.number("S")], "`now += S` (S ≥ 0)")]) { (r: inout TokenCursor) throws(CommandError) in
            clock(.wait(try r.number("seconds")))
        },
        CommandSpec("time", .time, [CommandForm([.number("T")], "`now = T` (T ≥ 0; going back is allowed: finished animations replay)")]) {
            (r: inout TokenCursor) throws(CommandError) in
            clock(.time(try r.number("a time in seconds")))
        },
        CommandSpec(
            "speed", .time,
            [CommandForm([.number("F")], "explorer playback rate: 1 real time, 0.5, 0.25, 0.1 slow motion, 0 stopped; `eval` keeps it and ignores it")]
        ) { (r: inout TokenCursor) throws(CommandError) in
            clock(.speed(try r.number("a playback rate (1 = real time)")))
        },
        CommandSpec("play", .time, [CommandForm([], "explorer playback: run the clock")]) { (_: inout TokenCursor) throws(CommandError) in clock(.play) },
        CommandSpec("pause", .time, [CommandForm([], "explorer playback: stop the clock")]) { (_: inout TokenCursor) throws(CommandError) in clock(.pause) },
        CommandSpec(
            "remove-animations", .time, [CommandForm([.optional([.keyPath])], "removes the selection's animations (on that key path only, when given)")]
        ) { (r: inout TokenCursor) throws(CommandError) in
            clock(.removeAnimations(r.peek == nil ? nil : try r.keyPath()))
        }
    ]

    static let explorerCommands: [CommandSpec] = [
        CommandSpec("zoom", .explorer, [CommandForm([.number("F")], "zoom the camera by F")]) { (r: inout TokenCursor) throws(CommandError) in
            explorer(.zoom(try r.positive("a zoom factor")))
        },
        CommandSpec("pan", .explorer, [CommandForm([.number("DX"), .number("DY")], "pan the camera (in cells)")]) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.pan(try r.number("dx (cells)"), try r.number("dy (cells)")))
        },
        CommandSpec(
            "fit", .explorer,
            [
                CommandForm([], "fit every layer (its true quad, past its root's bounds too) and the screen in the canvas"),
                CommandForm([.keyword("selection")], "fit the selection and its sublayers")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            guard r.peek != nil else { return explorer(.fit) }
            try r.keyword("selection")
            return explorer(.fitSelection)
        },
        CommandSpec("cursor", .explorer, [CommandForm([onOff], "the hit-test cursor")]) { (r: inout TokenCursor) throws(CommandError) in
            explorer(.cursor(try r.onOff()))
        },
        CommandSpec("cursor-move", .explorer, [CommandForm([.number("DC"), .number("DR")], "move the hit-test cursor by cells")]) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.cursorMove(try r.integer("columns"), try r.integer("rows")))
        },
        CommandSpec("cursor-at", .explorer, [CommandForm([.number("X"), .number("Y")], "put the hit-test cursor at a screen point")]) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.cursorAt(try r.number("x"), try r.number("y")))
        },
        CommandSpec("panel", .explorer, [CommandForm([words(PanelName.self)], "the side panel's page")]) { (r: inout TokenCursor) throws(CommandError) in
            explorer(.panel(try r.choice("panel", PanelName.self)))
        },
        CommandSpec("mode", .explorer, [CommandForm([words(ModeName.self)], "the key mode")]) { (r: inout TokenCursor) throws(CommandError) in
            explorer(.mode(try r.choice("mode", ModeName.self)))
        },
        CommandSpec("anchor-behaviour", .explorer, [CommandForm([words(AnchorBehaviourName.self)], "what the anchor keys do")]) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.anchorBehaviour(try r.choice("anchor behaviour", AnchorBehaviourName.self)))
        },
        CommandSpec("command-line", .explorer, [CommandForm([], "open the `:` line")], travels: false) { (_: inout TokenCursor) throws(CommandError) in
            explorer(.commandLine)
        },
        CommandSpec("help", .explorer, [CommandForm([], "the help overlay")], travels: false) { (_: inout TokenCursor) throws(CommandError) in explorer(.help)
        },
        CommandSpec("legend", .explorer, [CommandForm([onOff], "the legend of the canvas marks ([picture.md](picture.md))")]) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.legend(try r.onOff()))
        },
        CommandSpec("present", .explorer, [CommandForm([onOff], "the presentation preset: bold marks, big key echo, essential panel")], travels: false) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.present(try r.onOff()))
        },
        CommandSpec("show", .explorer, [CommandForm([words(ShownPart.self)], "what fills a terminal too narrow for both")], travels: false) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.show(try r.choice("part", ShownPart.self)))
        },
        CommandSpec(
            "search", .explorer,
            [
                CommandForm(
                    [.optional([.text("TEXT")])],
                    "the tree browser: open the search line (`/`), or select the first view matching TEXT by name, class or address")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            explorer(.search(r.peek == nil ? nil : try r.name("text to search for")))
        },
        CommandSpec("search-next", .explorer, [CommandForm([], "the next match of the search (`n`)")]) { (_: inout TokenCursor) throws(CommandError) in
            explorer(.searchNext)
        },
        CommandSpec("search-previous", .explorer, [CommandForm([], "the previous match (`N`)")]) { (_: inout TokenCursor) throws(CommandError) in
            explorer(.searchPrevious)
        },
        CommandSpec("fold", .explorer, [CommandForm([.layer("NAME")], "fold a subtree in the tree browser (Enter)")]) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.fold(try r.name("a layer name"), true))
        },
        CommandSpec("unfold", .explorer, [CommandForm([.layer("NAME")], "unfold it")]) { (r: inout TokenCursor) throws(CommandError) in
            explorer(.fold(try r.name("a layer name"), false))
        },
        CommandSpec("reveal", .explorer, [CommandForm([], "unfold the selection's ancestors and scroll to it (`*`)")]) {
            (_: inout TokenCursor) throws(CommandError) in explorer(.reveal)
        },
        CommandSpec("filter", .explorer, [CommandForm([onOff], "hide hidden and zero-size views in the tree browser (`F`)")]) {
            (r: inout TokenCursor) throws(CommandError) in
            explorer(.filter(try r.onOff()))
        },
        CommandSpec("quit", aliases: ["q"], .explorer, [CommandForm([], "quit (asks when there are unsaved edits); ends a script")], travels: false) {
            (_: inout TokenCursor) throws(CommandError) in
            explorer(.quit(force: false))
        },
        CommandSpec("quit!", aliases: ["q!"], .explorer, [CommandForm([], "quit now")], travels: false) { (_: inout TokenCursor) throws(CommandError) in
            explorer(.quit(force: true))
        }
    ]

    // MARK: Content (content.md): what a layer draws.

    static let content: [CommandSpec] = [
        CommandSpec(
            "draw", .scene,
            [
                CommandForm(
                    [.tail("OP…")],
                    "append one drawing operation to the selection's drawing: " + DrawingOperation.synopsisList + " ([content.md](content.md))"),
                CommandForm([.keyword("clear")], "empty the selection's drawing")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            if let t = r.peek, !t.quoted, t.text == "clear", r.tokens.count == r.index + 1 { r.advance(); return edit(.drawClear) }
            return edit(.draw(try r.drawingOperation()))
        },
        CommandSpec(
            "operation", .explorer,
            [
                CommandForm(
                    [.number("N")],
                    "the content page: show the selection's drawing after its first N operations, with the CTM and an axes marker at the user-space origin (keys `{` `}`)"
                )
            ]
        ) { (r: inout TokenCursor) throws(CommandError) in
            let column = r.peek?.column
            let k = try r.integer("an operation count")
            guard k >= 0 else { throw CommandError("an operation count cannot be negative", column: column, suggestion: "operation 0 is the base CTM") }
            return explorer(.operation(k))
        }
    ]

    /// Every verb, in declaration order (completion offers these).
    public static let verbs: [String] = all.map(\.verb)

    /// The declaration a verb or alias names.
    static let byWord: [String: CommandSpec] = {
        var out: [String: CommandSpec] = [:]
        for spec in all { for w in [spec.verb] + spec.aliases { out[w] = spec } }
        return out
    }()

    public static func spec(for word: String) -> CommandSpec? { byWord[word] }

    /// The declaration of `command`: the spec its printed text's verb names (a command prints
    /// as its verb and arguments, and reads back the same: CommandTableTests).
    public static func spec(of command: Command) -> CommandSpec? {
        let text = command.text
        let verb = text.firstIndex(of: " ").map { String(text[..<$0]) } ?? text
        return byWord[verb]
    }

    /// How `verb` is written, from its declared forms (`CommandSpec.usage`): what an error
    /// that restates a command's grammar shows, so it cannot drift from the help.
    public static func usage(of verb: String) -> String { spec(for: verb)?.usage ?? verb }

    // MARK: Generated text

    /// `` `verb ARGS` (`alias`) `` for a docs table cell.
    static func markdownCell(_ spec: CommandSpec, synopsis: String, first: Bool) -> String {
        let code = "`" + synopsis.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") + "`"
        let aliases = first && !spec.aliases.isEmpty ? " (" + spec.aliases.map { "`\($0)`" }.joined(separator: ", ") + ")" : ""
        return code + aliases
    }

    /// One section's command table in Markdown (docs/commands.md), one row per form.
    public static func markdown(_ section: CommandSection) -> String {
        var lines = ["| command | \(section.meaningHeading) |", "| --- | --- |"]
        for spec in all where spec.section == section {
            for (i, (form, synopsis)) in zip(spec.forms, spec.synopses).enumerated() {
                lines.append("| \(markdownCell(spec, synopsis: synopsis, first: i == 0)) | \(form.help) |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Every section's table with its heading (`layerscope commands --markdown`).
    public static var markdown: String {
        CommandSection.allCases.map { "## \($0.rawValue)\n\n" + markdown($0) }.joined(separator: "\n\n")
    }

    /// The synopsis block of README.md: every form of every command, packed into lines of
    /// at most `width` columns, a section per paragraph.
    public static func synopsisBlock(width: Int = 92) -> String {
        CommandSection.allCases.map { section in
            let items = all.filter { $0.section == section }.flatMap(\.synopses)
            return pack(items, width: width, separator: "   ").joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The help overlay's command list: each section's verbs, wrapped to `width`.
    public static func helpLines(width: Int = 76) -> [String] {
        var lines = [": commands (docs/commands.md), Tab completes them and their arguments:"]
        for section in CommandSection.allCases {
            let title = "  " + section.marker + ":"
            let verbs = all.filter { $0.section == section }.map(\.verb)
            // Continuation lines are indented by 4: packed to the width that leaves them.
            let packed = pack([title] + verbs, width: width - 4, separator: " ")
            lines += packed.enumerated().map { $0.offset == 0 ? $0.element : "    " + $0.element }
        }
        return lines
    }

    /// Greedy packing of words into lines.
    static func pack(_ items: [String], width: Int, separator: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            if line.isEmpty { line = item; continue }
            if line.count + separator.count + item.count > width { lines.append(line); line = item } else { line += separator + item }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    // MARK: Completion

    /// What the word at `position` (1: the first argument) may be, given the words before it
    /// (`typed`, the verb excluded): the union over the verb's forms whose fixed words match.
    public static func argumentKinds(verb: String, typed: [String], position: Int) -> [CommandArgument] {
        guard let spec = spec(for: verb) else { return [] }
        var out: [CommandArgument] = []
        for form in spec.forms {
            for sequence in expansions(form.arguments) {
                guard position - 1 < sequence.count else { continue }
                let fits = zip(sequence, typed.prefix(position - 1)).allSatisfy { arg, word in
                    switch arg {
                    case let .keyword(k): return k == word
                    case let .choice(ws): return ws.contains(word)
                    case .tail, .value: return false
                    default: return true
                    }
                }
                if fits, !out.contains(sequence[position - 1]) { out.append(sequence[position - 1]) }
            }
        }
        return out
    }

    /// Every linear reading of a grammar: each optional group present or absent.
    public static func expansions(_ args: [CommandArgument]) -> [[CommandArgument]] {
        var results: [[CommandArgument]] = [[]]
        for arg in args {
            if case let .optional(inner) = arg {
                let innerExpansions = expansions(inner)
                results = results.flatMap { prefix in [prefix] + innerExpansions.map { prefix + $0 } }
            } else {
                results = results.map { $0 + [arg] }
            }
        }
        return results
    }
}

extension CommandTable {
    /// The words a property's value may start with, for completion: the colours by name,
    /// true/false, layer/view, the transform steps; none for numbers and names.
    public static func valueWords(for propertyName: String) -> [String] {
        let name = propertyName.hasPrefix("layer.") ? String(propertyName.dropFirst(6)) : propertyName
        guard let property = Property.named(name) else { return [] }
        switch property.valueKind {
        case .bool: return [Toggle.truth(true), Toggle.truth(false)]
        case .color: return Color.cssNames + ["none"]
        case .kind: return LayerKind.allCases.map(\.rawValue)
        case .transform: return CommandParser.transformWords
        default: return []
        }
    }
}
