import ExplorerRuntime
import Foundation
import Graphics
import Testing

/// The probe over a real pseudo-terminal: it writes its questions to the tty, a thread
/// playing the terminal reads them and answers, and the probe reads the answers back.
@Suite struct GraphicsProbePTYTests {
    @Test func theProbeAsksAndReadsTheAnswersOnATerminal() throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        try #require(openpty(&master, &slave, nil, nil, &size) == 0)
        defer { close(master); close(slave) }
        let terminalEnd = master
        // The terminal: reads until the last question (DA1, `ESC [ c`), then answers all.
        let terminal = Thread {
            var heard: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 512)
            while !String(decoding: heard, as: UTF8.self).hasSuffix("\u{1B}[c") {
                let n = read(terminalEnd, &buffer, buffer.count)
                if n <= 0 { return }
                heard += buffer[0..<n]
            }
            let answer = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;17;8t\u{1B}[?62;c".utf8)
            _ = answer.withUnsafeBufferPointer { write(terminalEnd, $0.baseAddress, $0.count) }
        }
        terminal.start()
        // (A generous wait: the answering thread may be slow to run on a loaded machine.)
        let probe = try #require(GraphicsProbe.run(fd: slave, milliseconds: 5000))
        #expect(probe.kitty && probe.answered)
        #expect(probe.version == "kitty(0.26.5)")
        #expect(probe.cellPixels(columns: 80, rows: 24) == (8, 17))
        #expect(GraphicsProbe.choose(.auto, probe: probe, environment: [:], asciiMode: false).0 == .kitty)
        // A terminal that says nothing: the probe ends at its bound with DA1 unanswered
        // (the explorer then drops whatever comes late: LateAnswersTests).
        let silent = try #require(GraphicsProbe.run(fd: slave, milliseconds: 30))
        #expect(!silent.answered && !silent.kitty)
        // Not a terminal: no probe at all.
        let pipeEnds = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        defer { pipeEnds.deallocate() }
        #expect(pipe(pipeEnds) == 0)
        #expect(GraphicsProbe.run(fd: pipeEnds[1]) == nil)
        close(pipeEnds[0]); close(pipeEnds[1])
    }
}
