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
        #expect(String(decoding: KittyPlaceholder.virtualPlacement(id: 7, columns: 200, rows: 60), as: UTF8.self)
            == "\u{1B}_Ga=p,U=1,i=7,c=200,r=60,q=2\u{1B}\\")
    }

    @Test func theChoiceInsideTmuxFollowsWhatTmuxSays() {
        let env = ["TMUX": "/tmp/tmux-1000/default,1,0", "TERM": "tmux-256color"]
        func choose(_ t: TmuxAnswers?) -> (GraphicsProtocol, String) {
            GraphicsProbe.choose(.auto, probe: nil, environment: env, asciiMode: false, tmux: t)
        }
        // tmux 3.4 built with sixel, under a sixel terminal.
        let sixel = TmuxAnswers.parse(display: "3.4|1|xterm-256color\n", passthrough: "off\n")
        #expect(choose(sixel) == (.sixel, "sixel (inside tmux 3.4: #{sixel_support} is 1)"))
        // Under kitty, passthrough on: placeholders would do, but are not drawn yet.
        let kitty = TmuxAnswers.parse(display: "3.4|0|xterm-kitty\n", passthrough: "on\n")
        #expect(kitty.outerHasKittyGraphics && kitty.passthrough)
        #expect(choose(kitty).0 == .cells && choose(kitty).1.contains("placeholders are not drawn yet"))
        // tmux 3.3a knows no #{sixel_support}: it prints nothing there. These are its exact
        // answers on the build machine (a detached session: no client, so no outer terminal).
        let old = TmuxAnswers.parse(display: "3.3a||\n", passthrough: "off\n")
        #expect(!old.sixel)
        #expect(choose(old) == (.cells, "cells (inside tmux 3.3a: no sixel in tmux, no kitty graphics outside)"))
        #expect(choose(nil) == (.cells, "cells (inside tmux: tmux did not answer)"))
        // Asked for by name, a protocol is used inside tmux too (the user's call).
        #expect(GraphicsProbe.choose(.sixel, probe: nil, environment: env, asciiMode: false, tmux: old).0 == .sixel)
    }
}
