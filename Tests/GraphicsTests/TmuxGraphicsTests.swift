import Cells
import Graphics
import Testing

/// Inside tmux: the choice from tmux's own answers, and kitty's Unicode placeholders
/// encoded and decoded.
@Suite struct TmuxGraphicsTests {
    @Test func placeholdersNameTheirRowAndColumnAndTheImage() {
        // 297 marks, all different, each a combining mark drawn above (class 230).
        #expect(KittyPlaceholder.diacritics.count == 297)
        #expect(Set(KittyPlaceholder.diacritics).count == 297)
        for v in KittyPlaceholder.diacritics {
            let p = Unicode.Scalar(v)!.properties
            #expect(p.generalCategory == .nonspacingMark && p.canonicalCombiningClass.rawValue == 230, "U+\(String(v, radix: 16))")
        }
        #expect(KittyPlaceholder.diacritics.prefix(3) == [0x0305, 0x030D, 0x030E])
        // Every cell of a 200 × 60 canvas round-trips; one cell is one grapheme (one column).
        for row in 0..<60 {
            for column in 0..<200 {
                let text = KittyPlaceholder.cell(row: row, column: column)!
                #expect(text.count == 1)
                let back = KittyPlaceholder.decode(text)
                #expect(back?.row == row && back?.column == column)
            }
        }
        #expect(KittyPlaceholder.cell(row: 297, column: 0) == nil)
        #expect(KittyPlaceholder.decode("a") == nil)
        // The id in the foreground colour, and the virtual placement.
        #expect(KittyPlaceholder.color(id: 0x0A0B0C) == (10, 11, 12))
        #expect(
            String(decoding: KittyPlaceholder.virtualPlacement(id: 7, columns: 200, rows: 60), as: UTF8.self)
                == "\u{1B}_Ga=p,U=1,i=7,c=200,r=60,q=2\u{1B}\\")
    }

    /// One cell by hand: row 2, column 30 are the list's third and 31st marks, U+030E and
    /// U+0483; in UTF-8, U+10EEEE is F4 8E BB AE, U+030E is CC 8E, U+0483 is D2 83.
    @Test func aPlaceholderCellIsTheCharacterAndTwoMarksInUTF8() {
        let cell = KittyPlaceholder.cell(row: 2, column: 30)!
        #expect(cell.unicodeScalars.map(\.value) == [0x10EEEE, 0x030E, 0x0483])
        #expect(Array(cell.utf8) == [0xF4, 0x8E, 0xBB, 0xAE, 0xCC, 0x8E, 0xD2, 0x83])
        // The last of the 297 marks, U+1D244, for row and column 296.
        #expect(KittyPlaceholder.cell(row: 296, column: 0)!.unicodeScalars.map(\.value) == [0x10EEEE, 0x1D244, 0x0305])
    }

    /// The id in the colour: cube index 110 is 110 − 16 = 94 = 2·36 + 3·6 + 4, so levels 2,
    /// 3, 4 of (0, 95, 135, 175, 215, 255): (135, 175, 215). Written as `38;5;110` the id is
    /// 110; passed on as 24-bit, 0x87AFD7 = 135·65536 + 175·256 + 215 = 8 892 375.
    @Test func theInkIsACubeColourAndTheIdTheTerminalReadsFromIt() {
        let palette = KittyPlaceholder.Ink(index: 110, truecolorReachesTerminal: false)
        #expect(palette.red == 135 && palette.green == 175 && palette.blue == 215)
        #expect(palette.id == 110)
        #expect(ColorReduction.ansi256(red: 135, green: 175, blue: 215) == 110, "the frame writer sends 38;5;110 for it")
        #expect(KittyPlaceholder.Ink(index: 110, truecolorReachesTerminal: true).id == 8_892_375)
    }

    /// The id a process picks (`Ink.forProcess`): slot = seed mod 18 176 (71 runs of three
    /// cube colours from 17 × 256 top bytes), index 17 + 3·(slot mod 71), top byte slot ÷ 71.
    /// Seed 1000: 1000 = 14·71 + 6, so index 17 + 18 = 35, top byte 14. Index 35 is 19 =
    /// 0·36 + 3·6 + 1: levels 0, 3, 1 = (0, 175, 95). Written as `38;5;35` the id is
    /// 14·2²⁴ + 35 = 234 881 024 + 35 = 234 881 059; passed on as 24-bit, 234 881 024 +
    /// 0x00AF5F (44 895) = 234 925 919.
    @Test func aProcessPicksOneOfEighteenThousandRunsOfThreeIds() {
        let palette = KittyPlaceholder.Ink.forProcess(seed: 1000, truecolorReachesTerminal: false)
        #expect(palette.index == 35 && palette.high == 14)
        #expect(palette.red == 0 && palette.green == 175 && palette.blue == 95)
        #expect(palette.id == 234_881_059)
        #expect(KittyPlaceholder.Ink.forProcess(seed: 1000, truecolorReachesTerminal: true).id == 234_925_919)
        // Its patches: the next two cube colours, the same top byte.
        #expect(palette.next.id == 234_881_060 && palette.next.next.id == 234_881_061)
        // The cells carry the top byte as a third mark: the list's 15th, U+0352.
        #expect(palette.cell(row: 2, column: 30)?.unicodeScalars.map(\.value) == [0x10EEEE, 0x030E, 0x0483, 0x0352])
        #expect(KittyPlaceholder.decode(palette.cell(row: 2, column: 30)!).map { [$0.row, $0.column, Int($0.high)] } == [2, 30, 14])
        // The ends: seed 0 is index 17 with no top byte (no third mark: kitty reads 0) …
        let first = KittyPlaceholder.Ink.forProcess(seed: 0, truecolorReachesTerminal: false)
        #expect(first.index == 17 && first.high == 0 && first.id == 17)
        #expect(first.cell(row: 2, column: 30) == KittyPlaceholder.cell(row: 2, column: 30))
        #expect(KittyPlaceholder.Ink.forProcess(seed: 0, truecolorReachesTerminal: true).id == 95, "(0, 0, 95): never black, id 0")
        // … seed 18 175 the last run, 17 + 3·70 = 227 (patches 228, 229), top byte 255;
        // 18 176 wraps to the first, and a negative seed lands in range.
        let last = KittyPlaceholder.Ink.forProcess(seed: 18_175, truecolorReachesTerminal: false)
        #expect(last.index == 227 && last.high == 255 && last.next.next.index == 229)
        #expect(KittyPlaceholder.Ink.forProcess(seed: 18_176, truecolorReachesTerminal: false) == first)
        #expect(KittyPlaceholder.Ink.forProcess(seed: -1, truecolorReachesTerminal: false) == last)
    }

    /// Two explorers share an id only when their seeds are equal modulo 18 176: the three ids
    /// of every slot (both colour depths) are different from every other slot's — 54 528
    /// ids, no two alike, none 0 — where 216 indexes in turn shared one in 216, a patch's one
    /// time in 43 (index ± 2), and index 16 in truecolor was id 0.
    @Test func noTwoSlotsShareAnId() {
        for truecolor in [false, true] {
            var ids = Set<UInt32>()
            for seed in 0..<KittyPlaceholder.Ink.slots {
                let ink = KittyPlaceholder.Ink.forProcess(seed: seed, truecolorReachesTerminal: truecolor)
                ids.insert(ink.id); ids.insert(ink.next.id); ids.insert(ink.next.next.id)
            }
            let (count, hasZero) = (ids.count, ids.contains(0))
            #expect(count == 3 * 18_176, "truecolor \(truecolor)")
            #expect(!hasZero, "0 is no image id")
        }
        // Consecutive process ids (two explorers started one after the other) never share.
        let a = KittyPlaceholder.Ink.forProcess(seed: 4_242, truecolorReachesTerminal: false)
        let b = KittyPlaceholder.Ink.forProcess(seed: 4_243, truecolorReachesTerminal: false)
        #expect(Set([a.id, a.next.id, a.next.next.id]).isDisjoint(with: [b.id, b.next.id, b.next.next.id]))
    }

    /// tmux's passthrough: `ESC P tmux;`, the sequence with each ESC doubled, `ESC \`.
    @Test func passthroughDoublesEveryEscape() {
        let wrapped = TmuxPassthrough.wrap(Kitty.delete(id: 7))
        #expect(String(decoding: wrapped, as: UTF8.self) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\u{1B}\\\u{1B}\\")
        // 2 ESCs inside, so 2 + 2 more bytes than the 7 + 2 of the frame.
        #expect(wrapped.count == Kitty.delete(id: 7).count + 2 + 9)
        #expect(TmuxPassthrough.unwrap(wrapped) == Kitty.delete(id: 7))
        #expect(String(decoding: TmuxPassthrough.wrap(Array("\u{1B}[16t".utf8)), as: UTF8.self) == "\u{1B}Ptmux;\u{1B}\u{1B}[16t\u{1B}\\")
        #expect(TmuxPassthrough.unwrap(Array("\u{1B}_Gi=1\u{1B}\\".utf8)) == nil, "not a passthrough")
    }

    /// The image for placeholders: one passthrough per 4096-byte chunk, each decoding to
    /// kitty's commands — `a=T,U=1` with the id, columns and rows, `q=2` (no reply through
    /// tmux), no `C`/`z` (nothing is placed at the cursor) — and the chunks to the picture.
    @Test func thePlaceholderImageGoesThroughPassthroughChunkByChunk() throws {
        let image = GraphicsTests.picture(width: 400, height: 300)
        let bytes = TmuxPassthrough.wrapEach(KittyPlaceholder.transmit(image, id: 110, columns: 40, rows: 15))
        let inner = try #require(TmuxPassthrough.unwrap(bytes))
        let commands = GraphicsTests.kittyCommands(inner)
        #expect(commands.count >= 2)
        // As many passthroughs as commands: each starts with ESC P tmux;.
        let starts = (0..<(bytes.count - 6)).filter { bytes[$0] == 0x1B && bytes[$0 + 1] == UInt8(ascii: "P") }
        #expect(starts.count == commands.count)
        let first = commands[0].0
        #expect(first["a"] == "T" && first["U"] == "1" && first["f"] == "100" && first["i"] == "110")
        #expect(first["c"] == "40" && first["r"] == "15" && first["q"] == "2" && first["C"] == nil && first["z"] == nil)
        #expect(try Decode.png(Decode.base64(commands.flatMap(\.1))) == image)
        // The query: a plain kitty query plus U=1, asked as id 32.
        let query = GraphicsTests.kittyCommands(KittyPlaceholder.query(id: 32))
        #expect(query.count == 1 && query[0].0["a"] == "q" && query[0].0["U"] == "1" && query[0].0["i"] == "32")
    }

    /// The questions inside tmux, and the answers: the real bytes kitty 0.26.5 sent back
    /// through tmux 3.3a's passthrough (recorded on this machine) — the kitty query answered,
    /// the placeholder query not (kitty logged "invalid key character: 0x55", the `U`),
    /// and the cell size 9 × 18.
    @Test func theProbeThroughTmuxReadsTheOuterTerminalsAnswers() throws {
        let inner = try #require(TmuxPassthrough.unwrap(GraphicsProbe.tmuxQueries))
        #expect(
            String(decoding: inner, as: UTF8.self)
                == "\u{1B}[16t\u{1B}[14t" + String(decoding: KittyPlaceholder.query(id: 32) + Kitty.query(id: 31), as: UTF8.self))
        let kitty026 = GraphicsProbe.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;18;9t".utf8))
        #expect(kitty026.kitty && !kitty026.placeholders)
        #expect(kitty026.cellPixels(columns: 80, rows: 24) == (9, 18))
        let kitty028 = GraphicsProbe.parse(Array("\u{1B}[6;18;9t\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\".utf8))
        #expect(kitty028.kitty && kitty028.placeholders)
        // An error to the placeholder query is no placeholders.
        #expect(!GraphicsProbe.parse(Array("\u{1B}_Gi=32;EINVAL:bad\u{1B}\\".utf8)).placeholders)
    }

    @Test func theChoiceInsideTmuxFollowsWhatTmuxSays() {
        let env = ["TMUX": "/tmp/tmux-1000/default,1,0", "TERM": "tmux-256color"]
        func choose(_ t: TmuxAnswers?, _ probe: GraphicsProbe? = nil) -> (GraphicsProtocol, String) {
            GraphicsProbe.choose(.auto, probe: probe, environment: env, asciiMode: false, tmux: t)
        }
        // tmux 3.4 built with sixel, under a sixel terminal.
        let sixel = TmuxAnswers.parse(display: "3.4|1|xterm-256color|RGB,sixel\n", passthrough: "off\n")
        #expect(choose(sixel) == (.sixel, "sixel (inside tmux 3.4: #{sixel_support} is 1)"))
        // Under kitty with passthrough on (tmux 3.3a prints the format as 1): what kitty
        // answered through it decides.
        let kitty = TmuxAnswers.parse(display: "3.3a||xterm-kitty|256,RGB,title\n", passthrough: "1\n")
        #expect(kitty.outerHasKittyGraphics && kitty.passthrough && kitty.passesTruecolor)
        var answered = GraphicsProbe()
        answered.kitty = true
        answered.placeholders = true
        #expect(
            choose(kitty, answered)
                == (.kittyPlaceholders, "kitty Unicode placeholders (inside tmux 3.3a: xterm-kitty answered the placeholder query through passthrough)"))
        answered.placeholders = false
        #expect(
            choose(kitty, answered)
                == (
                    .cells,
                    "cells (inside tmux 3.3a: xterm-kitty answered the kitty query but not the placeholder query (U=1); kitty draws placeholders from 0.28)"
                ))
        #expect(choose(kitty, GraphicsProbe()) == (.cells, "cells (inside tmux 3.3a: xterm-kitty did not answer the kitty query through passthrough)"))
        // Passthrough off: not asked, and said why.
        let off = TmuxAnswers.parse(display: "3.3a||xterm-kitty|256\n", passthrough: "0\n")
        #expect(!off.passthrough && !off.passesTruecolor)
        #expect(
            choose(off) == (
                .cells,
                "cells (inside tmux 3.3a: allow-passthrough is off, so xterm-kitty cannot be asked for kitty's Unicode placeholders; tmux set -g allow-passthrough on)"
            ))
        // tmux 3.3a knows no #{sixel_support}: it prints nothing there. These are its exact
        // answers on the build machine (a detached session: no client, so no outer terminal).
        let old = TmuxAnswers.parse(display: "3.3a|||\n", passthrough: "0\n")
        #expect(!old.sixel && !old.hasClient)
        #expect(choose(old) == (.cells, "cells (inside tmux 3.3a: no sixel in tmux, no client attached to ask)"))
        #expect(choose(nil) == (.cells, "cells (inside tmux: tmux did not answer)"))
        // Asked for by name, a protocol is used inside tmux too (the user's call) — kitty's
        // by its placeholders, which need passthrough.
        #expect(GraphicsProbe.choose(.sixel, probe: nil, environment: env, asciiMode: false, tmux: old).0 == .sixel)
        #expect(GraphicsProbe.choose(.kitty, probe: nil, environment: env, asciiMode: false, tmux: kitty).0 == .kittyPlaceholders)
        #expect(
            GraphicsProbe.choose(.kitty, probe: nil, environment: env, asciiMode: false, tmux: off)
                == (.cells, "cells (--graphics kitty inside tmux 3.3a: allow-passthrough is off; tmux set -g allow-passthrough on)"))
        // A late answer to the placeholder query still switches to them.
        var early = GraphicsProbe()
        early.cellSize = (9, 18)
        let late = LateProbe(early: early, environment: env, tmux: kitty)
        let upgrade = late.upgrade(late: Array("\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\".utf8), columns: 80, rows: 24)
        #expect(upgrade?.graphics == .kittyPlaceholders && upgrade?.cell.width == 9 && upgrade?.cell.height == 18)
        #expect(late.upgrade(late: Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8), columns: 80, rows: 24) == nil)
    }
}
