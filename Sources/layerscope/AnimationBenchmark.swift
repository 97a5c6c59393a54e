import Explorer
import ExplorerRuntime
import Foundation
import NCursesTerminal
import Raster
import TerminalKit
import LayoutFiles
import Engine

/// The clock scene animating, measured for real: each frame is a 1/30 s tick → presentation
/// → raster → ncurses update into a 200×60 pseudo-terminal (the `PTY` of
/// InteractiveBenchmark.swift). Goals (issue 10): median frame ≤ 2 ms, and at 30 frames per
/// second ≤ 40 KB written per second.
enum AnimationBenchmark {
    /// Layouts/time-clock.json without its notes (the executable does not ship Layouts/).
    static let clockScene = #"""
        {"title": "Time: the ticking clock (seed 003), hands turning about (0.5, 0.9)", "screen": {"width": 240, "height": 240}, "layers": [{"name": "face", "kind": "view", "bounds": [0, 0, 200, 200], "center": [120, 120], "backgroundColor": "whitesmoke", "borderColor": "dimgray", "borderWidth": 2, "subviews": [{"name": "hourHand", "kind": "view", "bounds": [0, 0, 10, 60], "center": [100, 100], "anchorPoint": [0.5, 0.9], "transform": [{"rotate": 90}], "backgroundColor": "black"}, {"name": "minuteHand", "kind": "view", "bounds": [0, 0, 6, 80], "center": [100, 100], "anchorPoint": [0.5, 0.9], "transform": [{"rotate": 300}], "backgroundColor": "dimgray"}, {"name": "secondHand", "kind": "view", "bounds": [0, 0, 2, 90], "center": [100, 100], "anchorPoint": [0.5, 0.9], "transform": [{"rotate": 200}], "backgroundColor": "red"}]}], "animations": [{"layer": "secondHand", "keyPath": "transform.rotation.z", "by": 360, "duration": 60, "repeat": "forever"}, {"layer": "minuteHand", "keyPath": "transform.rotation.z", "by": 360, "duration": 3600, "repeat": "forever"}]}
        """#

    static func report(quick: Bool) -> String {
        let columns = 200, rows = 60, fps = 30.0
        var lines = ["animation, the ticking clock (Layouts/time-clock.json), \(columns)×\(rows), braille, \(Int(fps)) frames/s:"]
        guard let scene = try? LayoutFile.parse(clockScene, file: "time-clock.json", format: .json) else {
            return "animation: cannot read the clock scene"
        }
        let options = ScreenOptions(mode: .braille, unicode: true)
        let frames = quick ? 90 : 600

        // 1. Pure part: tick → presentation → render, no terminal.
        var pureState = ExplorerState(session: Session(scene: scene))
        pureState.columns = columns; pureState.rows = rows
        var pure: [Double] = []
        for _ in 0..<frames {
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = Reducer.reduce(&pureState, .tick(seconds: 1 / fps))
            let screen = ExplorerScreen.render(pureState, options: options)
            let t1 = DispatchTime.now().uptimeNanoseconds
            precondition(screen.canvas.columns == columns)
            pure.append(Double(t1 - t0) / 1e6)
        }
        lines.append(
            "  tick → presentation → raster:            median \(InteractiveBenchmark.ms(InteractiveBenchmark.median(pure))) ms, p90 \(InteractiveBenchmark.ms(InteractiveBenchmark.percentile(pure, 0.9))) ms (no terminal)"
        )

        // 2. With ncurses writing to a real pty.
        guard let pty = PTY(columns: columns, rows: rows) else {
            lines.append("  ncurses: no pseudo-terminal available (\(String(cString: strerror(errno))))")
            return lines.joined(separator: "\n")
        }
        let result: (times: [Double], bytes: [Int])? = pty.withTerminal { terminal in
            var s = ExplorerState(session: Session(scene: scene))
            s.columns = columns; s.rows = rows
            try? terminal.draw(ExplorerScreen.render(s, options: options).canvas)
            _ = pty.drain()
            var times: [Double] = [], bytes: [Int] = []
            for _ in 0..<frames {
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = Reducer.reduce(&s, .tick(seconds: 1 / fps))
                try? terminal.draw(ExplorerScreen.render(s, options: options).canvas)
                let t1 = DispatchTime.now().uptimeNanoseconds
                times.append(Double(t1 - t0) / 1e6)
                bytes.append(pty.drain())
            }
            return (times, bytes)
        }
        guard let result else {
            lines.append("  ncurses: could not open the terminal on the pty")
            return lines.joined(separator: "\n")
        }
        let median = InteractiveBenchmark.median(result.times)
        let perSecond = Double(result.bytes.reduce(0, +)) / Double(max(1, result.bytes.count)) * fps
        lines.append(
            "  tick → presentation → raster → ncurses: median \(InteractiveBenchmark.ms(median)) ms, p90 \(InteractiveBenchmark.ms(InteractiveBenchmark.percentile(result.times, 0.9))) ms (\(frames) frames; goal ≤ 2 ms)"
        )
        lines.append(
            "  bytes written per second at \(Int(fps)) frames/s: \(String(format: "%.1f", perSecond / 1000)) KB/s, max frame \(result.bytes.max() ?? 0) B (goal ≤ 40 KB/s)"
        )
        return lines.joined(separator: "\n")
    }
}
