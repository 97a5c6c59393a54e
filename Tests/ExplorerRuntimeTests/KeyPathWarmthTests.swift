@testable import Explorer
@testable import ExplorerRuntime
import ExplorerTestSupport
import Cells
import TerminalKit
import Testing

/// The sweep of the key path's code when a key arrives (issue 36, KeyPathWarmth.swift):
/// which lines it reads, and that it changes nothing a key draws.
@Suite struct KeyPathWarmthTests {
    @Test func theLinesARangeCoversAreWorkedOutFromItsFirstLine() throws {
        // 10 bytes into a line, 190 bytes long: bytes 10…199 of lines 0…3 (0–63, 64–127,
        // 128–191, 192–255) — 4 lines.
        #expect(CodeRange(from: 0x1000 + 10, to: 0x1000 + 200)?.lines == 4)
        // One whole line.
        #expect(CodeRange(from: 0x1000, to: 0x1040)?.lines == 1)
        // Two bytes across a line's end: the last byte of line 0 and the first of line 1.
        #expect(CodeRange(from: 0x103f, to: 0x1041)?.lines == 2)
        #expect(CodeRange(from: 0x1000, to: 0x1000 + 64 * 6200)?.lines == 6200)
    }

    @Test func aRangeReversedEmptyOrLargerThanTheLimitIsRefused() {
        #expect(CodeRange(from: 0x2000, to: 0x1000) == nil)
        #expect(CodeRange(from: 0x2000, to: 0x2000) == nil)
        #expect(CodeRange(from: 0x1000, to: 0x1000 + (8 << 20) + 1) == nil)
        #expect(CodeRange(from: 0x1000, to: 0x1000 + (8 << 20))?.count == 8 << 20)
        #expect(CodeRange(from: 0x1000, to: 0x1100, limit: 0x80) == nil)
    }

    @Test func aSweepReadsTheFirstByteOfEveryLineAndNothingElse() throws {
        let base = UnsafeMutableRawPointer.allocate(byteCount: 1024, alignment: 64)
        defer { base.deallocate() }
        // Every byte 100, except the first of each line: the line's number plus one.
        base.initializeMemory(as: UInt8.self, repeating: 100, count: 1024)
        for line in 0..<16 { base.storeBytes(of: UInt8(line + 1), toByteOffset: line * 64, as: UInt8.self) }
        let start = UInt(bitPattern: base)
        // Bytes 10…199: lines 0…3, whose first bytes are 1, 2, 3, 4.
        let first: UInt8? = CodeRange(from: start + 10, to: start + 200)?.sweep()
        #expect(first == 10)
        // Bytes 640…1023: lines 10…15: 11 + 12 + … + 16 = 81.
        #expect(CodeRange(from: start + 640, to: start + 1024)?.sweep() == 81)
        // All sixteen: 1 + … + 16 = 136.
        #expect(CodeRange(from: start, to: start + 1024)?.sweep() == 136)
    }

    @Test func theLoopSweepsOnceAnEventAndDrawsTheSameFrames() throws {
        let base = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 64)
        defer { base.deallocate() }
        base.initializeMemory(as: UInt8.self, repeating: 1, count: 4096)
        let events = keys("r", "r", "Tab", "l")
        let plain = InMemoryTerminal(columns: 100, rows: 30, events: events, keepsAllFrames: true)
        let swept = InMemoryTerminal(columns: 100, rows: 30, events: events, keepsAllFrames: true)
        let a = RunLoop(state: Fixture.state(), terminal: plain, options: ScreenOptions(mode: .braille))
        let b = RunLoop(state: Fixture.state(), terminal: swept, options: ScreenOptions(mode: .braille))
        b.keyPathCode = CodeRange(from: UInt(bitPattern: base), to: UInt(bitPattern: base) + 4096)
        try a.run()
        try b.run()
        // Four events, four sweeps of 64 lines each (each line's first byte is 1: 64 a sweep,
        // 256 in all, kept modulo 256).
        #expect(a.sweeps == 0)
        #expect(b.sweeps == 4)
        #expect(b.swept == 0)
        #expect(plain.frames.count == 5)
        #expect(plain.frames == swept.frames)
        #expect(a.state.session == b.state.session)
    }
}
