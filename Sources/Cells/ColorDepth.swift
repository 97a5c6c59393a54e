/// How many colours a target can show: the ladder none → 16 → 256 → truecolor.
/// One enum for the terminal's capabilities, the frame writer, the ANSI encoder of
/// `render` and the theme's colour reduction.
///
/// The raw values name the depths in golden files and JSON; `option` is the spelling of
/// a `--color` argument (`none`, `16`, `256`, `truecolor`).
public enum ColorDepth: String, Equatable, Hashable, Sendable, CaseIterable, Comparable {
    /// No colour at all (NO_COLOR, TERM=dumb, `render --color none`): attributes only.
    case none
    /// The 16 ANSI colours (8 + 8 bright; 8 on terminals that have only those).
    case ansi16
    /// The xterm 256-colour palette: 16 ANSI, a 6×6×6 cube, 24 greys.
    case ansi256
    /// 24-bit RGB.
    case truecolor

    /// The `--color` spelling: `none`, `16`, `256`, `truecolor`.
    public var option: String {
        switch self {
        case .none: "none"
        case .ansi16: "16"
        case .ansi256: "256"
        case .truecolor: "truecolor"
        }
    }

    /// The depth a `--color` argument names, or nil.
    public init?(option: String) {
        guard let depth = Self.allCases.first(where: { $0.option == option }) else { return nil }
        self = depth
    }

    private var rank: Int {
        switch self {
        case .none: 0
        case .ansi16: 1
        case .ansi256: 2
        case .truecolor: 3
        }
    }
    public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rank < b.rank }
}
