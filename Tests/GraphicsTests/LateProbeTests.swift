import Graphics
import Testing

/// `LateProbe`: the probe's answers that came after its 150 ms, read when they have passed.
@Suite struct LateProbeTests {
    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func lateKittyAnswersUpgradeToKittyAtItsCellSize() throws {
        let late = LateProbe(early: GraphicsProbe(), environment: [:])
        let kitty = Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;17;8t\u{1B}[4;408;640t\u{1B}[?62;c")
        let up = try #require(late.upgrade(late: kitty, columns: 80, rows: 24))
        #expect(up.graphics == .kitty && up.cell == (8, 17))
        #expect(up.why == "kitty graphics (the terminal answered the kitty query, after the 150 ms wait)")
    }

    @Test func aLateSixelDA1UpgradesToSixelWithTheWindowOverTheCells() throws {
        // No cell size, a window of 800 × 480 pixels over 80 × 24 cells: 10 × 20.
        let late = LateProbe(early: GraphicsProbe(), environment: [:])
        let xterm = Self.bytes("\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[4;480;800t\u{1B}[?63;1;2;4;6;9;15;22c")
        let up = try #require(late.upgrade(late: xterm, columns: 80, rows: 24))
        #expect(up.graphics == .sixel && up.cell == (10, 20))
        #expect(up.why == "sixel (DA1 lists 4, after the 150 ms wait)")
    }

    @Test func whatCameInTimeCountsWithWhatCameLate() throws {
        // The cell size came within the 150 ms, DA1 with its 4 after.
        let early = GraphicsProbe.parse(Self.bytes("\u{1B}[6;16;7t"))
        let up = try #require(LateProbe(early: early, environment: [:]).upgrade(late: Self.bytes("\u{1B}[?62;4c"), columns: 80, rows: 24))
        #expect(up.graphics == .sixel && up.cell == (7, 16))
    }

    @Test func noImagesOrNoColourLeaveCells() {
        let plain = Self.bytes("\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\\u{1B}[?1;2c")
        #expect(LateProbe(early: GraphicsProbe(), environment: [:]).upgrade(late: plain, columns: 80, rows: 24) == nil)
        #expect(LateProbe(early: GraphicsProbe(), environment: [:]).upgrade(late: [], columns: 80, rows: 24) == nil)
        let kitty = Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
        #expect(LateProbe(early: GraphicsProbe(), environment: ["NO_COLOR": "1"]).upgrade(late: kitty, columns: 80, rows: 24) == nil)
        #expect(LateProbe(early: GraphicsProbe(), environment: ["TERM": "dumb"]).upgrade(late: kitty, columns: 80, rows: 24) == nil)
    }
}
