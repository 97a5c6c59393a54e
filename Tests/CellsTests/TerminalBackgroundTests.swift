import Cells
import Testing

@Suite struct TerminalBackgroundTests {
    @Test func osc11RepliesAreParsed() {
        func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
        // 4 hex digits: 0x1e1e = 7710 → 7710 · 255 / 65535 = 30; 0x2e2e → 46.
        #expect(TerminalBackground.parse(bytes("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\")).map { [$0.red, $0.green, $0.blue] } == [30, 30, 46])
        #expect(TerminalBackground.parse(bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}")).map { [$0.red, $0.green, $0.blue] } == [255, 255, 255])
        // 1 digit: f → 255, 8 → round(8 · 255 / 15) = 136, 0 → 0.
        #expect(TerminalBackground.parse(bytes("\u{1B}]11;rgb:f/8/0\u{07}")).map { [$0.red, $0.green, $0.blue] } == [255, 136, 0])
        #expect(TerminalBackground.parse(bytes("")) == nil)
        #expect(TerminalBackground.parse(bytes("\u{1B}]11;rgb:12345/0/0\u{07}")) == nil)
        #expect(TerminalBackground.parse(bytes("\u{1B}]11;rgb:zz/00/00\u{07}")) == nil)
    }

    /// The device attributes answer ends the wait: after an OSC 11 answer, or alone (a
    /// terminal without OSC 11: xterm's `ESC [ ? 62 ; 22 c`, VT100's `ESC [ ? 1 ; 2 c`).
    @Test func theDeviceAttributesAnswerEndsTheWait() {
        func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
        #expect(TerminalBackground.deviceAttributesRequest == bytes("\u{1B}[c"))
        #expect(TerminalBackground.hasDeviceAttributes(bytes("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\\u{1B}[?62;22c")))
        #expect(TerminalBackground.hasDeviceAttributes(bytes("\u{1B}[?1;2c")))
        #expect(TerminalBackground.hasDeviceAttributes(bytes("\u{1B}[?6c")))
        // Not yet: the OSC 11 answer alone, or a device attributes answer cut short.
        #expect(!TerminalBackground.hasDeviceAttributes(bytes("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}")))
        #expect(!TerminalBackground.hasDeviceAttributes(bytes("\u{1B}[?62;22")))
        #expect(!TerminalBackground.hasDeviceAttributes(bytes("\u{1B}[62c")))
        #expect(!TerminalBackground.hasDeviceAttributes([]))
        // The colour is still read from in front of it.
        #expect(TerminalBackground.parse(bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}\u{1B}[?62;22c")).map { [$0.red, $0.green, $0.blue] } == [255, 255, 255])
    }
}
