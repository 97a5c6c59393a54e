#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import Cells
import LayerModel

/// The terminal's background, as the picture is composed against it: overlay colours,
/// translucent fills and panel highlights are chosen for it.
public enum Theme: String, Equatable, Hashable, Sendable, CaseIterable {
    /// A dark background (the default when the terminal does not say).
    case dark
    /// A light background (black text on white or near-white).
    case light

    /// The theme whose palette suits a background colour: light above mid-grey luma.
    public static func matching(background c: Color) -> Theme {
        OverlayContrast.luma(c) > 128 ? .light : .dark
    }

    /// The background assumed when the terminal does not report its own.
    public var background: Color {
        switch self {
        case .dark: return Color(red: 0, green: 0, blue: 0)
        case .light: return Color(red: 255, green: 255, blue: 255)
        }
    }
}

extension RasterPalette {
    /// Overlay colours for a light background: the dark palette's hues, deeper.
    public static let light: RasterPalette = {
        var p = RasterPalette(
            defaultOutline: Color(red: 110, green: 110, blue: 110),
            selection: Color(red: 190, green: 0, blue: 190),
            frame: Color(red: 190, green: 110, blue: 0),
            ghost: Color(red: 120, green: 120, blue: 120),
            anchor: Color(red: 215, green: 20, blue: 20),
            position: Color(red: 0, green: 120, blue: 200),
            backdrop: Color(red: 255, green: 255, blue: 255))
        // The model ghost: a deeper green that still reads on white, dim and dotted.
        p.modelOutline = Color(red: 60, green: 140, blue: 60)
        return p
    }()

    /// The palette for a theme, composing against `background` (the terminal's own colour
    /// when it was asked with OSC 11, else the theme's default).
    public static func themed(_ theme: Theme, background: Color? = nil) -> RasterPalette {
        var p = theme == .dark ? RasterPalette.standard : RasterPalette.light
        p.backdrop = background ?? theme.background
        return p
    }
}

/// Picking overlay colours that stand out from what is under them, at every colour depth a
/// terminal may reduce them to (truecolor, xterm-256, the 16 ANSI colours).
///
/// Two colours are told apart when their sRGB distance is at least `minimumDistance` after
/// reducing both to each depth (`ColorReduction`): two truecolor colours that are far
/// enough apart can still land on the same 256-colour index (203 on 203).
public enum OverlayContrast {
    /// Euclidean sRGB distance (0…441) that reads as "a different colour" at a glance.
    public static let minimumDistance = 100.0

    static let depths: [ColorDepth] = [.truecolor, .ansi256, .ansi16]

    /// Perceived brightness 0…255.
    public static func luma(_ c: Color) -> Double {
        0.299 * Double(c.red) + 0.587 * Double(c.green) + 0.114 * Double(c.blue)
    }

    /// `c` as a terminal at `depth` shows it (`none` keeps it).
    public static func reduced(_ c: Color, to depth: ColorDepth) -> Color {
        switch depth {
        case .none, .truecolor: return c
        case .ansi256:
            let v = ColorReduction.rgb(ansi256: ColorReduction.ansi256(red: c.red, green: c.green, blue: c.blue))
            return Color(red: v.red, green: v.green, blue: v.blue)
        case .ansi16:
            let v = ColorReduction.ansi16Palette[Int(ColorReduction.ansi16(red: c.red, green: c.green, blue: c.blue))]
            return Color(red: v.red, green: v.green, blue: v.blue)
        }
    }

    public static func distance(_ a: Color, _ b: Color) -> Double {
        let dr = Double(a.red) - Double(b.red), dg = Double(a.green) - Double(b.green), db = Double(a.blue) - Double(b.blue)
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    /// The smallest distance between `a` and `b` over every colour depth.
    public static func worstDistance(_ a: Color, _ b: Color) -> Double {
        depths.map { distance(reduced(a, to: $0), reduced(b, to: $0)) }.min() ?? 0
    }

    /// True when `fg` stands out from `bg` at every colour depth.
    public static func isReadable(_ fg: Color, on bg: Color) -> Bool {
        worstDistance(fg, bg) >= minimumDistance
    }

    /// `fg` when it stands out from `bg` at every depth; else the first of its shade
    /// (half way to black), its tint (half way to white), black and white that does;
    /// failing all, the one that stands out most. Same-hue variants come first so an
    /// overlay keeps its colour wherever it can.
    /// Pure and worked out each time: a caller drawing frames keeps its picks in a
    /// `ContrastPicks` (the `RasterScratch` it passes down holds one).
    public static func pick(_ fg: Color, on bg: Color) -> Color {
        search(fg, on: bg)
    }

    /// `c` half way to black (`t` 0) or to white (`t` 255): its shade or tint.
    private static func mix(_ c: Color, _ t: UInt8) -> Color {
        func ch(_ v: UInt8) -> UInt8 { UInt8((Int(v) + Int(t)) / 2) }
        return Color(red: ch(c.red), green: ch(c.green), blue: ch(c.blue))
    }

    private static func search(_ fg: Color, on bg: Color) -> Color {
        if isReadable(fg, on: bg) { return fg }
        let darkFirst = luma(bg) > 110
        let shade = mix(fg, 0), tint = mix(fg, 255)
        let black = Color(red: 0, green: 0, blue: 0), white = Color(red: 255, green: 255, blue: 255)
        let candidates = darkFirst ? [shade, tint, black, white] : [tint, shade, white, black]
        var best = fg, bestDistance = worstDistance(fg, bg)
        for c in candidates {
            let d = worstDistance(c, bg)
            if d >= minimumDistance { return c }
            if d > bestDistance { best = c; bestDistance = d }
        }
        return best
    }

    /// WCAG 2 relative luminance (0…1) of an sRGB colour.
    public static func relativeLuminance(_ c: Color) -> Double {
        func lin(_ v: UInt8) -> Double {
            let x = Double(v) / 255
            return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)
    }

    /// WCAG 2 contrast ratio (1…21) between two colours, the worst over every colour depth.
    public static func contrastRatio(_ a: Color, _ b: Color) -> Double {
        depths.map { depth -> Double in
            let la = relativeLuminance(reduced(a, to: depth)), lb = relativeLuminance(reduced(b, to: depth))
            return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
        }.min() ?? 1
    }

    /// WCAG's minimum for large or bold text, which a one-row label on a fill is read as.
    public static let minimumTextContrast = 3.0

    /// A colour for text (a label) in `fg`'s hue that can be *read* on `bg`: `fg` itself, or
    /// its shade or tint (the better of the two), when its contrast ratio reaches
    /// `minimumTextContrast` at every depth; else black or white, whichever contrasts more.
    /// Distance alone (`pick`) is not enough for text: magenta on green is far apart in RGB
    /// and unreadable, because both are equally dark.
    /// Pure like `pick`; asked once per letter of every name, every frame, so the picture's
    /// names read it through a `ContrastPicks`.
    public static func readableText(_ fg: Color, on bg: Color) -> Color {
        textSearch(fg, on: bg)
    }

    private static func textSearch(_ fg: Color, on bg: Color) -> Color {
        if contrastRatio(fg, bg) >= minimumTextContrast { return fg }
        let variants = [mix(fg, 0), mix(fg, 255)].map { ($0, contrastRatio($0, bg)) }.max { $0.1 < $1.1 }!
        if variants.1 >= minimumTextContrast { return variants.0 }
        let black = Color(red: 0, green: 0, blue: 0), white = Color(red: 255, green: 255, blue: 255)
        return contrastRatio(black, bg) >= contrastRatio(white, bg) ? black : white
    }
}

/// `OverlayContrast`'s picks remembered: they are pure and the same few pairs recur every
/// frame, so whoever draws frames one after another keeps one of these (in its
/// `RasterScratch`) and passes it down — no process-wide table. Overlay picks and text picks
/// are kept apart (bit 48 of the key); past 4 096 pairs the table starts again.
public struct ContrastPicks: Sendable {
    private var table: [UInt64: Color] = [:]

    public init() {}

    /// `OverlayContrast.pick(fg, on: bg)`, remembered.
    public mutating func pick(_ fg: Color, on bg: Color) -> Color {
        remembered(fg, on: bg, text: false) { OverlayContrast.pick(fg, on: bg) }
    }

    /// `OverlayContrast.readableText(fg, on: bg)`, remembered.
    public mutating func readableText(_ fg: Color, on bg: Color) -> Color {
        remembered(fg, on: bg, text: true) { OverlayContrast.readableText(fg, on: bg) }
    }

    /// How many pairs are remembered (tests count them).
    public var count: Int { table.count }

    private mutating func remembered(_ fg: Color, on bg: Color, text: Bool, _ compute: () -> Color) -> Color {
        let key =
            (text ? UInt64(1) << 48 : 0) | UInt64(fg.red) << 40 | UInt64(fg.green) << 32 | UInt64(fg.blue) << 24
            | UInt64(bg.red) << 16 | UInt64(bg.green) << 8 | UInt64(bg.blue)
        if let hit = table[key] { return hit }
        let picked = compute()
        if table.count > 4096 { table.removeAll(keepingCapacity: true) }
        table[key] = picked
        return picked
    }
}
