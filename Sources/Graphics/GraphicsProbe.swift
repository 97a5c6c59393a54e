#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the canvas is drawn: in pixels by one of the image protocols, or in cells.
public enum GraphicsProtocol: String, CaseIterable, Sendable {
    case kitty, sixel, iterm
    /// kitty's Unicode placeholders inside tmux: the image sent through tmux's passthrough
    /// and placed virtually, the canvas's cells text that names it (`KittyPlaceholder`).
    case kittyPlaceholders = "kitty-placeholders"
    /// Character cells (the default, and where no images are found).
    case cells
}

/// What `--graphics` asks for.
public enum GraphicsChoice: String, CaseIterable, Sendable {
    case auto, kitty, sixel, iterm, none
}

/// The start-up probe (docs/picture.md, "Pixels"): one burst of questions, the answers read
/// for at most 150 ms, never blocking — the kitty query (`a=q`, sent directly, so it works
/// over SSH), XTVERSION, the cell size (`CSI 16 t`), the window size in pixels (`CSI 14 t`),
/// and DA1 last: every terminal answers DA1, so its answer ends the wait.
public struct GraphicsProbe: Equatable, Sendable {
    /// What the answers said: the kitty query was answered OK.
    public var kitty = false
    /// The placeholder query (`KittyPlaceholder.query`, id 32) was answered OK.
    public var placeholders = false
    /// DA1 lists 4 (sixel graphics).
    public var sixel = false
    /// DA1 answered (the terminal is alive and answered everything it will).
    public var answered = false
    public var version: String? = nil
    public var cellSize: (width: Int, height: Int)? {
        get { cellWidth > 0 && cellHeight > 0 ? (cellWidth, cellHeight) : nil }
        set { cellWidth = newValue?.width ?? 0; cellHeight = newValue?.height ?? 0 }
    }
    public var windowPixels: (width: Int, height: Int)? {
        get { windowWidth > 0 && windowHeight > 0 ? (windowWidth, windowHeight) : nil }
        set { windowWidth = newValue?.width ?? 0; windowHeight = newValue?.height ?? 0 }
    }
    private var cellWidth = 0, cellHeight = 0, windowWidth = 0, windowHeight = 0

    public init() {}

    /// The questions, in one write: kitty, XTVERSION, cell size, window size, DA1.
    public static let queries: [UInt8] = Kitty.query(id: 31) + Array("\u{1B}[>0q\u{1B}[16t\u{1B}[14t\u{1B}[c".utf8)

    /// The questions inside tmux, each wrapped for its passthrough so the outer terminal
    /// answers (tmux would answer DA1 and XTVERSION itself, and keeps the outer terminal's
    /// answers to those, so neither can end the wait): the cell size, the window size, the
    /// placeholder query (id 32), then the plain kitty query (id 31). A terminal answers in
    /// order, so the answer to 31 ends the wait: the one to 32, if any, came before it.
    public static let tmuxQueries: [UInt8] =
        ["\u{1B}[16t", "\u{1B}[14t"].flatMap { TmuxPassthrough.wrap(Array($0.utf8)) }
        + TmuxPassthrough.wrap(KittyPlaceholder.query(id: 32)) + TmuxPassthrough.wrap(Kitty.query(id: 31))

    /// Reads the answers in `bytes` (any order, any junk between them).
    public static func parse(_ bytes: [UInt8]) -> GraphicsProbe {
        var probe = GraphicsProbe()
        let n = bytes.count
        var i = 0
        while i < n {
            guard bytes[i] == 0x1B, i + 1 < n else { i += 1; continue }
            let kind = bytes[i + 1]
            if kind == UInt8(ascii: "_") || kind == UInt8(ascii: "P") {
                // APC (kitty) or DCS (XTVERSION): up to ESC \.
                var e = i + 2
                while e + 1 < n && !(bytes[e] == 0x1B && bytes[e + 1] == 0x5C) { e += 1 }
                let body = String(decoding: bytes[(i + 2)..<min(e, n)], as: UTF8.self)
                if kind == UInt8(ascii: "_"), body.hasPrefix("G"), body.contains(";OK") {
                    if body.hasPrefix("Gi=32;") { probe.placeholders = true } else { probe.kitty = true }
                }
                if kind == UInt8(ascii: "P"), body.hasPrefix(">|") { probe.version = String(body.dropFirst(2)) }
                i = e + 2
                continue
            }
            if kind == UInt8(ascii: "[") {
                var e = i + 2
                while e < n && !(0x40...0x7E).contains(bytes[e]) { e += 1 }
                guard e < n else { break }
                let params = String(decoding: bytes[(i + 2)..<e], as: UTF8.self)
                let final = bytes[e]
                if final == UInt8(ascii: "c"), params.hasPrefix("?") {
                    probe.answered = true
                    probe.sixel = params.dropFirst().split(separator: ";").contains("4")
                } else if final == UInt8(ascii: "t") {
                    let v = params.split(separator: ";").compactMap { Int($0) }
                    if v.count == 3, v[0] == 6 { probe.cellSize = (v[2], v[1]) }
                    if v.count == 3, v[0] == 4 { probe.windowPixels = (v[2], v[1]) }
                }
                i = e + 1
                continue
            }
            i += 1
        }
        return probe
    }

    /// The cell size in pixels: as the terminal said, else the window's pixels over its
    /// cells, else 10 × 20.
    public func cellPixels(columns: Int, rows: Int) -> (width: Int, height: Int) {
        if let c = cellSize { return c }
        if let w = windowPixels, columns > 0, rows > 0, w.width / columns > 0, w.height / rows > 0 {
            return (w.width / columns, w.height / rows)
        }
        return (10, 20)
    }

    /// The protocol to draw with, and why (one line for the status bar).
    ///
    /// `environment` is the process's (NO_COLOR, TERM, TMUX, TERM_PROGRAM); `asciiMode` is
    /// `--mode ascii`; `probe` is nil when no probe ran (`auto` was not asked, or there is
    /// no terminal; inside tmux, the questions asked through its passthrough). Inside tmux
    /// see `inTmux`: never raw passthrough, which corrupts tmux's text layer.
    public static func choose(
        _ choice: GraphicsChoice, probe: GraphicsProbe?, environment: [String: String],
        asciiMode: Bool, tmux: TmuxAnswers? = nil
    ) -> (GraphicsProtocol, String) {
        if choice == .none { return (.cells, "cells (--graphics none)") }
        if asciiMode { return (.cells, "cells (--mode ascii)") }
        if environment["NO_COLOR"].map({ !$0.isEmpty }) == true { return (.cells, "cells (NO_COLOR)") }
        if environment["TERM"] == "dumb" { return (.cells, "cells (TERM=dumb)") }
        let inTmux = environment["TMUX"].map({ !$0.isEmpty }) == true
        if choice == .kitty && inTmux { return kittyInTmux(tmux) }
        switch choice {
        case .kitty: return (.kitty, "kitty graphics (--graphics kitty)")
        case .sixel: return (.sixel, "sixel (--graphics sixel)")
        case .iterm: return (.iterm, "iTerm2 images (--graphics iterm)")
        case .none, .auto: break
        }
        if inTmux { return self.inTmux(tmux, probe: probe) }
        guard let probe, probe.answered || probe.kitty else { return (.cells, "cells (the terminal did not answer the graphics probe)") }
        if probe.kitty { return (.kitty, "kitty graphics (the terminal answered the kitty query)") }
        if probe.sixel { return (.sixel, "sixel (DA1 lists 4)") }
        if probe.version?.hasPrefix("iTerm2") == true || environment["TERM_PROGRAM"] == "iTerm.app" {
            return (.iterm, "iTerm2 images (\(probe.version ?? "TERM_PROGRAM=iTerm.app"))")
        }
        return (.cells, "cells (no image protocol in the terminal's answers)")
    }

    /// Inside tmux (`tmux` is what it said, nil: it could not be asked; `probe` what the
    /// outer terminal answered through passthrough, nil: not asked): tmux's own sixel where
    /// `#{sixel_support}` is 1 (tmux draws the image into its own grid); kitty's Unicode
    /// placeholders where the outer terminal answered the placeholder query; else cells —
    /// never raw passthrough, which corrupts tmux's text layer. The reasons name what
    /// stopped it: no client (a detached session: nothing is said), `allow-passthrough`
    /// off, no answer, or an answer to the kitty query but not to the placeholder one
    /// (kitty before 0.28).
    static func inTmux(_ tmux: TmuxAnswers?, probe: GraphicsProbe?) -> (GraphicsProtocol, String) {
        guard let tmux else { return (.cells, "cells (inside tmux: tmux did not answer)") }
        let name = tmux.name
        if tmux.sixel { return (.sixel, "sixel (inside \(name): #{sixel_support} is 1)") }
        guard tmux.hasClient else { return (.cells, "cells (inside \(name): no sixel in tmux, no client attached to ask)") }
        guard tmux.passthrough else {
            return (
                .cells,
                "cells (inside \(name): allow-passthrough is off, so \(tmux.outerName) cannot be asked for kitty's Unicode placeholders; tmux set -g allow-passthrough on)"
            )
        }
        guard let probe else { return (.cells, "cells (inside \(name): \(tmux.outerName) was not asked)") }
        if probe.placeholders {
            return (.kittyPlaceholders, "kitty Unicode placeholders (inside \(name): \(tmux.outerName) answered the placeholder query through passthrough)")
        }
        if probe.kitty {
            return (
                .cells,
                "cells (inside \(name): \(tmux.outerName) answered the kitty query but not the placeholder query (U=1); kitty draws placeholders from 0.28)"
            )
        }
        return (.cells, "cells (inside \(name): \(tmux.outerName) did not answer the kitty query through passthrough)")
    }

    /// `--graphics kitty` inside tmux: placed images would be tmux's raw passthrough, so it
    /// means the placeholders, sent through passthrough — which must be on.
    static func kittyInTmux(_ tmux: TmuxAnswers?) -> (GraphicsProtocol, String) {
        guard let tmux else { return (.cells, "cells (--graphics kitty inside tmux: tmux did not answer)") }
        guard tmux.passthrough else {
            return (.cells, "cells (--graphics kitty inside \(tmux.name): allow-passthrough is off; tmux set -g allow-passthrough on)")
        }
        return (.kittyPlaceholders, "kitty Unicode placeholders (--graphics kitty, inside \(tmux.name))")
    }
}
