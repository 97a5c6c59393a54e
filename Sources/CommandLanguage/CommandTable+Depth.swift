import LayerModel

/// `explode …` and `camera …` (depth.md, "Commands"): the exploded view's settings. They
/// are engine commands, so `eval` applies them and `get exploded-quad` sees them.
public enum DepthCommand: Equatable, Sendable {
    /// `explode`, `explode on`, `explode off` (nil: toggle).
    case explode(Bool?)
    case order(PlaneOrder)
    case spacing(Double)
    /// `explode range LO HI`; nil: `explode range all`.
    case range(ClosedRange<Int>?)
    case yaw(Double)
    case pitch(Double)
    case reset

    public var text: String {
        let n = NumberText.exact
        switch self {
        case let .explode(on): return "explode" + (on.map { $0 ? " on" : " off" } ?? "")
        case let .order(o): return "explode order \(o.rawValue)"
        case let .spacing(s): return "explode spacing \(n(s))"
        case let .range(r): return "explode range " + (r.map { "\($0.lowerBound) \($0.upperBound)" } ?? "all")
        case let .yaw(d): return "camera yaw \(n(d))"
        case let .pitch(d): return "camera pitch \(n(d))"
        case .reset: return "camera reset"
        }
    }
}

/// The depth queries, spelled `get WORD`.
public enum DepthQuery: String, Equatable, Sendable, CaseIterable {
    case quad, plane, planes
    case explodedQuad = "exploded-quad"
}

extension CommandTable {
    /// The exploded view's commands, declared once (one block: other helpers add theirs elsewhere).
    static let depthCommands: [CommandSpec] = [
        CommandSpec(
            "explode", .depth,
            [
                CommandForm(
                    [.optional([.choice(Toggle.words)])],
                    "enter or leave the exploded view: every layer on its plane, pulled apart in depth ([depth.md](depth.md)); no argument toggles"),
                CommandForm(
                    [.keyword("order"), .choice(PlaneOrder.allCases.map(\.rawValue))],
                    "how planes are assigned: `tree` packs overlapping layers upward, `render` is Core Animation's drawing order, `hit` is hit testing's search order"
                ),
                CommandForm([.keyword("spacing"), .number("S")], "points between adjacent planes (S ≥ 0)"),
                CommandForm(
                    [.keyword("range"), .number("LO"), .number("HI")],
                    "show planes LO…HI only (Xcode's handedness: raising LO hides back planes, lowering HI hides front planes)"),
                CommandForm([.keyword("range"), .keyword("all")], "show every plane")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) -> Command in
            guard let t = r.peek else { return .engine(.depth(.explode(nil))) }
            if Toggle.parse(t.text) != nil { return .engine(.depth(.explode(try r.onOff()))) }
            switch t.text {
            case "order":
                r.advance()
                return .engine(.depth(.order(try r.choice("plane order", PlaneOrder.self))))
            case "spacing":
                r.advance()
                let column = r.peek?.column
                let s = try r.number("the spacing in points")
                guard s >= 0 else { throw CommandError("the spacing cannot be negative", column: column, suggestion: "explode spacing 20") }
                return .engine(.depth(.spacing(s)))
            case "range":
                r.advance()
                if let a = r.peek, a.text == "all" { r.advance(); return .engine(.depth(.range(nil))) }
                let loColumn = r.peek?.column
                let lo = try r.integer("the back plane LO")
                let hi = try r.integer("the front plane HI")
                guard lo >= 0, lo <= hi else {
                    throw CommandError("expected 0 ≤ LO ≤ HI, found \(lo) \(hi)", column: loColumn, suggestion: "explode range 0 3, or explode range all")
                }
                return .engine(.depth(.range(lo...hi)))
            default:
                throw CommandError(
                    "unexpected \"\(t.text)\"", column: t.column,
                    suggestion: "expected: " + CommandTable.usage(of: "explode"))
            }
        },
        CommandSpec(
            "camera", .depth,
            [
                CommandForm(
                    [.keyword("yaw"), .number("D")], "the exploded view's turn about the vertical axis, in degrees (−90…90; positive shifts front planes right)"
                ),
                CommandForm([.keyword("pitch"), .number("D")], "its tilt, in degrees (−90…90; positive shifts front planes up)"),
                CommandForm([.keyword("reset")], "the opening camera: yaw 30 and the pitch chosen from the scene's size ([depth.md](depth.md))")
            ]
        ) { (r: inout TokenCursor) throws(CommandError) -> Command in
            let t = try r.word("yaw, pitch or reset")
            switch t.text {
            case "yaw", "pitch":
                let column = r.peek?.column
                let d = try r.number("an angle in degrees")
                guard d >= -90, d <= 90 else { throw CommandError("\(t.text) must be within −90…90 degrees", column: column) }
                return .engine(.depth(t.text == "yaw" ? .yaw(d) : .pitch(d)))
            case "reset": return .engine(.depth(.reset))
            default:
                throw CommandError("unknown camera setting \"\(t.text)\"", column: t.column, suggestion: CommandTable.usage(of: "camera"))
            }
        }
    ]
}
