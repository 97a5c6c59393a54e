import Cells

/// kitty's Unicode placeholders (the graphics protocol's "Unicode placeholders"), the way an
/// image shows through a multiplexer: the image is sent once (inside tmux wrapped for
/// passthrough) with a *virtual* placement (`U=1`), and the cells that show it are text —
/// U+10EEEE with two combining marks naming the cell's row and column in the image, its
/// foreground colour naming the image id — which tmux keeps, scrolls and clears like any
/// text. The explorer draws with them inside tmux when the outer terminal answers the
/// placeholder query (docs/picture.md, "Inside tmux"); kitty has them since 0.28.
public enum KittyPlaceholder {
    /// The placeholder character.
    public static let character = Unicode.Scalar(0x10EEEE)!

    /// The marks for rows and columns 0, 1, 2…: Unicode 6.0's combining marks of class 230
    /// without decompositions (the protocol's rowcolumn-diacritics list), 297 of them.
    public static let diacritics: [UInt32] = PlaceholderGlyph.diacritics

    /// The text of the cell at `row`, `column` of the image (nil past the list's 297); with
    /// `high` not 0 a third mark gives the image id's most significant byte (the protocol's
    /// third diacritic: without it kitty reads 0), so the id can use all 32 bits.
    public static func cell(row: Int, column: Int, high: UInt8 = 0) -> String? {
        guard row >= 0, column >= 0, row < diacritics.count, column < diacritics.count,
            let r = Unicode.Scalar(diacritics[row]), let c = Unicode.Scalar(diacritics[column]), let h = Unicode.Scalar(diacritics[Int(high)])
        else { return nil }
        var s = String.UnicodeScalarView()
        s.append(character); s.append(r); s.append(c)
        if high != 0 { s.append(h) }
        return String(s)
    }

    /// The row and column a placeholder cell names, and the id's most significant byte (0
    /// without a third mark); nil when it is not one.
    public static func decode(_ text: String) -> (row: Int, column: Int, high: UInt8)? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 3 || scalars.count == 4, scalars[0] == character,
            let row = diacritics.firstIndex(of: scalars[1].value), let column = diacritics.firstIndex(of: scalars[2].value)
        else { return nil }
        guard scalars.count == 4 else { return (row, column, 0) }
        guard let high = diacritics.firstIndex(of: scalars[3].value), high < 256 else { return nil }
        return (row, column, UInt8(high))
    }

    /// The image id as the cells' 24-bit foreground colour (red, green, blue).
    public static func color(id: UInt32) -> (red: UInt8, green: UInt8, blue: UInt8) {
        (UInt8(id >> 16 & 0xFF), UInt8(id >> 8 & 0xFF), UInt8(id & 0xFF))
    }

    /// Image `id`, already transmitted, placed virtually over `columns × rows` cells.
    public static func virtualPlacement(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}_Ga=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2\u{1B}\\".utf8)
    }

    /// Transmits `image` as image `id` and places it virtually over `columns × rows` cells
    /// in one command (`a=T,U=1`): nothing shows until placeholder cells name it. No reply
    /// (`q=2`), so nothing comes back through tmux as keys. Not wrapped for tmux yet.
    public static func transmit(_ image: PixelImage, id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        Kitty.transfer(PNG.encode(image, level: 1), control: "a=T,U=1,f=100,i=\(id),c=\(columns),r=\(rows),q=2")
    }

    /// The placeholder query: kitty's query (`a=q`, a 1 × 1 image sent directly) with `U=1`.
    /// A terminal with Unicode placeholders answers `ESC _ G i=<id>;OK ESC \`; kitty before
    /// 0.28 knows no key `U`, rejects the whole command ("invalid key character: 0x55") and
    /// answers nothing — while it answers the plain query asked after it.
    public static func query(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Gi=\(id),s=1,v=1,a=q,t=d,f=24,U=1;AAAA\u{1B}\\".utf8)
    }

    /// How the placeholder cells name their image: the colour they are written in, their
    /// third mark, and the id the outer terminal reads from both. The colour is the xterm-256
    /// cube colour `index` (16…231) exactly, so what reaches the outer terminal is either that
    /// index (`38;5;n`: a frame written in 256 colours, or a truecolor frame tmux reduces for
    /// a terminal without RGB — an exact cube colour reduces to its own index) or its 24-bit
    /// value (`38;2;r;g;b`: a truecolor frame tmux passes on to a terminal with RGB). Either
    /// way the colour gives the id's low bits, and `high`, written as every cell's third mark,
    /// its top byte (kitty's 32-bit ids). The id is the one the terminal will read.
    public struct Ink: Equatable, Sendable {
        public var red: UInt8, green: UInt8, blue: UInt8
        public var id: UInt32
        /// The cube index (16…231), and whether the id's low 24 bits are the 24-bit value.
        public var index: UInt8
        public var truecolor: Bool
        /// The id's most significant byte: each cell's third mark (none when 0).
        public var high: UInt8

        public init(index: UInt8, high: UInt8 = 0, truecolorReachesTerminal: Bool) {
            let cube = min(231, max(16, Int(index)))
            let (r, g, b) = ColorReduction.rgb(ansi256: UInt8(cube))
            red = r; green = g; blue = b
            self.index = UInt8(cube); truecolor = truecolorReachesTerminal
            self.high = high
            id = UInt32(high) << 24 | (truecolorReachesTerminal ? UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) : UInt32(cube))
        }

        /// The next cube colour (231 wraps to 16), the same top byte: the patch image's ink
        /// beside the full one's.
        public var next: Ink { Ink(index: index == 231 ? 16 : index + 1, high: high, truecolorReachesTerminal: truecolor) }

        /// The cell at `row`, `column` of this ink's image (`KittyPlaceholder.cell`).
        public func cell(row: Int, column: Int) -> String? { KittyPlaceholder.cell(row: row, column: column, high: high) }

        /// The ink of tile `k` of a canvas shown as several images (a canvas past 297 cells a
        /// side: the explorer's `PlaceholderTiles`): the same colour, the top byte moved on by
        /// 16·k (mod 256), so `tiles` tiles have distinct ids, none of them a patch's
        /// (`next`, `next.next`: other colours). Tile 0 is this ink. (Another explorer in the
        /// same terminal meets a tile's id only when either canvas is past 297 cells and the
        /// two process ids differ by a multiple of 1 136, that is 16 × 71, modulo 18 176.)
        public func tile(_ k: Int) -> Ink {
            guard k > 0 else { return self }
            return Ink(index: index, high: high &+ UInt8(truncatingIfNeeded: 16 * k), truecolorReachesTerminal: truecolor)
        }

        /// How many tiles `tile(_:)` tells apart.
        public static let tiles = 16

        /// How many explorers can hold ids that no other one's meet: an explorer uses three
        /// (the full image, `next` and `next.next` for its patches), so the cube colours 17…229
        /// make 71 runs of three, times 256 top bytes. Not 16: black's 24-bit value is 0, and
        /// with a top byte of 0 that is no id at all.
        public static let slots = 71 * 256

        /// The ink for a process: `seed` (the process id) picks one of the `slots` runs of
        /// three ids — cube index 17 + 3·(slot mod 71), top byte slot ÷ 71 — so two explorers
        /// in one terminal share an id only when their seeds are equal modulo 18 176 (two
        /// process ids at random: 1 time in 18 176; started one after the other: never). The
        /// run never wraps past 231, so `next.next` stays in it.
        public static func forProcess(seed: Int, truecolorReachesTerminal: Bool) -> Ink {
            let slot = (seed % slots + slots) % slots
            return Ink(index: UInt8(17 + 3 * (slot % 71)), high: UInt8(slot / 71), truecolorReachesTerminal: truecolorReachesTerminal)
        }
    }
}

/// tmux's passthrough (`allow-passthrough on`, tmux 3.3 and later): an escape sequence
/// wrapped in `ESC P tmux; … ESC \` with every ESC inside doubled reaches the outer
/// terminal as it was. Used for the placeholder images and the probe's questions only —
/// never for images placed at the cursor, which tmux would not know were there.
public enum TmuxPassthrough {
    /// One sequence wrapped.
    public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "P")] + Array("tmux;".utf8)
        out.reserveCapacity(sequence.count + 16)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        return out + [0x1B, 0x5C]
    }

    /// Every escape sequence of `bytes` (each ending in ST, `ESC \`, or the final byte of
    /// a CSI) wrapped on its own, so no one passthrough outgrows tmux's input buffer: an
    /// image of many 4096-byte chunks is as many passthroughs.
    public static func wrapEach(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2048 * 16 + 32)
        var start = 0, i = 0
        let n = bytes.count
        while i < n {
            if bytes[i] == 0x1B, i + 1 < n, bytes[i + 1] == UInt8(ascii: "[") {
                // CSI: up to its final byte.
                var e = i + 2
                while e < n && !(0x40...0x7E).contains(bytes[e]) { e += 1 }
                out += wrap(Array(bytes[start...min(e, n - 1)]))
                i = e + 1; start = i
                continue
            }
            if bytes[i] == 0x1B, i + 1 < n, bytes[i + 1] == 0x5C, i > start {
                out += wrap(Array(bytes[start...(i + 1)]))
                i += 2; start = i
                continue
            }
            i += 1
        }
        if start < n { out += wrap(Array(bytes[start..<n])) }
        return out
    }

    /// What `wrap` wrapped (each passthrough's inside, ESCs undoubled, in order); nil when
    /// `bytes` are not passthroughs end to end. For tests.
    public static func unwrap(_ bytes: [UInt8]) -> [UInt8]? {
        let head: [UInt8] = [0x1B, UInt8(ascii: "P")] + Array("tmux;".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard bytes.count - i >= head.count, Array(bytes[i..<(i + head.count)]) == head else { return nil }
            i += head.count
            var closed = false
            while i < bytes.count {
                if bytes[i] == 0x1B, i + 1 < bytes.count {
                    if bytes[i + 1] == 0x1B { out.append(0x1B); i += 2; continue }
                    if bytes[i + 1] == 0x5C { i += 2; closed = true; break }
                    return nil
                }
                out.append(bytes[i]); i += 1
            }
            guard closed else { return nil }
        }
        return out
    }
}

/// What tmux says about itself, asked with `tmux display-message -p` (docs/picture.md,
/// "Inside tmux"): its version, `#{sixel_support}` (tmux 3.4 and later built with sixel;
/// older versions know no such format and print nothing), the outer terminal's name (empty
/// when no client is attached: no outer terminal to ask), the client's features (`RGB`:
/// tmux passes 24-bit colours on as they are), and whether `allow-passthrough` is on
/// (needed to ask the outer terminal and send it a placeholder image).
public struct TmuxAnswers: Equatable, Sendable {
    public var version: String
    public var sixel: Bool
    public var outerTerminal: String
    public var passthrough: Bool
    public var clientFeatures: [String]

    public init(
        version: String = "", sixel: Bool = false, outerTerminal: String = "", passthrough: Bool = false,
        clientFeatures: [String] = []
    ) {
        self.version = version; self.sixel = sixel; self.outerTerminal = outerTerminal; self.passthrough = passthrough
        self.clientFeatures = clientFeatures
    }

    /// The format to ask `display-message -p` for.
    public static let format = "#{version}|#{sixel_support}|#{client_termname}|#{client_termfeatures}"

    /// Reads `display-message -p format`'s line and `allow-passthrough`'s value (`on`, `all`
    /// or `1` — tmux 3.3a prints the format `#{allow-passthrough}` as 1 or 0 — mean on).
    public static func parse(display: String, passthrough: String) -> TmuxAnswers {
        let parts = display.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: " \n") }
        let value = passthrough.trimmingCharacters(in: " \n")
        let features = parts.count > 3 ? parts[3].split(separator: ",").map(String.init) : []
        return TmuxAnswers(
            version: parts.first ?? "", sixel: parts.count > 1 && parts[1] == "1",
            outerTerminal: parts.count > 2 ? parts[2] : "", passthrough: value == "on" || value == "all" || value == "1",
            clientFeatures: features)
    }

    /// The outer terminal speaks kitty's graphics protocol (by its terminfo name).
    public var outerHasKittyGraphics: Bool {
        let name = outerTerminal.lowercased()
        return ["kitty", "ghostty", "wezterm"].contains { name.contains($0) }
    }

    /// A client is attached: there is an outer terminal (a detached session has none).
    public var hasClient: Bool { !outerTerminal.isEmpty }

    /// tmux passes 24-bit colours to the outer terminal as they are (the client's `RGB`
    /// feature); without it it reduces them to the 256-colour palette.
    public var passesTruecolor: Bool { clientFeatures.contains("RGB") }

    /// "tmux 3.3a", or "tmux" when it did not say.
    var name: String { version.isEmpty ? "tmux" : "tmux \(version)" }
    /// "xterm-kitty", or "the outer terminal".
    var outerName: String { outerTerminal.isEmpty ? "the outer terminal" : outerTerminal }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String { String(self).trimmingCharacters(in: set) }
}
