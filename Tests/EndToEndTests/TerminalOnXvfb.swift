import Foundation

/// A terminal emulator (xterm, kitty) on an Xvfb display, running the explorer through a
/// shell that notes that it ran (so the explorer was started) and how the explorer ended;
/// the terminal's own errors go to a file. What the pixel tests need to tell "the terminal
/// never came up" (twice in about ten runs of the whole suite on 2 cores the screenshot was
/// the bare root window for 45 s) from "the explorer did something wrong", and to say which.
final class TerminalOnXvfb {
    /// A screenshot's canvas against the expected picture (`XtermSixelEndToEndTests.compare`):
    /// the share of the flat pixels within 2/255, the blue fill's IoU, and the script's line.
    struct Likeness {
        var share = 0.0, iou = 0.0, output = ""
        /// 95% of the flat pixels (the names' plaques are the rest) and an IoU of 0.98.
        var isThePicture: Bool { share >= 0.95 && iou >= 0.98 }
    }

    let process: Process
    let name: String
    let display: String
    let begun = Date()
    private let started: String, status: String, errors: String

    /// Starts `executable` with `arguments` then the explorer's `command` (after `-e` for
    /// xterm: `commandFlag`), as `name` (the files in `dir` are named after it).
    init(
        executable: String, arguments: [String], commandFlag: [String] = [], command: [String],
        environment: [String: String], display: String, dir: URL, name: String
    ) throws {
        self.name = name
        self.display = display
        started = dir.appendingPathComponent("\(name)-started").path
        status = dir.appendingPathComponent("\(name)-status").path
        errors = dir.appendingPathComponent("\(name)-errors").path
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.environment = environment
        let shell = ["/bin/sh", "-c", "echo $$ > '\(started)'; \"$@\"; echo $? > '\(status)'", "sh"]
        process.arguments = arguments + commandFlag + shell + command
        process.standardOutput = FileHandle.nullDevice
        let errorFile = FileHandle(forWritingAtPath: errors)
        process.standardError = errorFile
        defer { try? errorFile?.close() }
        try process.run()
    }

    /// The shell inside the terminal ran: the explorer was started.
    var explorerStarted: Bool { FileManager.default.fileExists(atPath: started) }

    /// The terminal ended under a running explorer (killed, or its X connection lost): the
    /// shell never said how the explorer ended, as it does when the explorer exits or crashes.
    var vanishedUnderTheExplorer: Bool {
        !process.isRunning && explorerStarted && !FileManager.default.fileExists(atPath: status)
    }

    /// Whatever this attempt showed, the explorer had no say in it: the terminal never ran
    /// it, or vanished under it.
    var failedBeforeTheExplorer: Bool { !explorerStarted || vanishedUnderTheExplorer }

    func stop() { XvfbServer.stop(process) }

    /// Screenshots of the whole display (`xwd`) until the canvas, `top` pixels down, is
    /// `png`'s picture (`Likeness.isThePicture`), or `deadline` passes, or the screen can no
    /// longer become it: the terminal has ended, or nothing ran inside it in 20 s (stuck, not
    /// slow).
    func canvasBecomes(_ png: String, top: Int, deadline: Date, dir: URL) throws -> Likeness {
        var likeness = Likeness()
        while Date() < deadline {
            let running = process.isRunning
            let shot = dir.appendingPathComponent("\(name)-shot.xwd").path
            let xwd = try Subprocess.run("/bin/sh", ["-c", "DISPLAY=\(display) /usr/bin/xwd -root -silent > '\(shot)'"], timeout: .seconds(10))
            if xwd.status == 0 {
                let result = try Subprocess.run(
                    "/usr/bin/python3", ["-c", XtermSixelEndToEndTests.compare, shot, png, "0", "\(top)", "2060e0"], timeout: .seconds(60))
                likeness.output = (result.output + result.errors).trimmingCharacters(in: .whitespacesAndNewlines)
                let figures = result.output.split(separator: " ")
                likeness.share = Double(figures.firstIndex(of: "share").map { figures[$0 + 1] } ?? "0") ?? 0
                likeness.iou = Double(figures.firstIndex(of: "blue-iou").map { figures[$0 + 1] } ?? "0") ?? 0
                if likeness.isThePicture { break }
            }
            if !running { break }
            if Date().timeIntervalSince(begun) > 20 && !explorerStarted { break }
            usleep(300_000)
        }
        return likeness
    }

    /// What there is to say when the picture did not come: the terminal's state and errors,
    /// whether the explorer ran and how it ended.
    var report: String {
        let seconds = Int(Date().timeIntervalSince(begun))
        let state = process.isRunning ? "\(name) still running" : "\(name) ended (status \(process.terminationStatus))"
        let said = ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let ended = (try? String(contentsOfFile: status, encoding: .utf8)).map {
            "the explorer ended with status \($0.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
        return [
            "\(name) after \(seconds) s: " + state + (said.isEmpty ? "" : ", \(name) said: \(said.suffix(600))"),
            !explorerStarted
                ? "the explorer never started"
                : vanishedUnderTheExplorer ? "the terminal vanished under the explorer" : ended ?? "the explorer still running"
        ].joined(separator: "; ")
    }

    /// Starts a terminal with `start` (given the attempt's number), each waited on with
    /// `firstPicture`, again only while the attempt failed before the explorer (at most
    /// `attempts`): whatever the explorer does once it runs is the result. Each attempt
    /// started again is printed and kept in the returned reports.
    static func startRunningTheExplorer(
        attempts: Int = 3, _ start: (Int) throws -> TerminalOnXvfb,
        firstPicture: (TerminalOnXvfb) throws -> Likeness
    ) throws -> (terminal: TerminalOnXvfb, first: Likeness, reports: [String]) {
        var reports: [String] = []
        var number = 0
        while true {
            number += 1
            let terminal = try start(number)
            let first = try firstPicture(terminal)
            if first.isThePicture || !terminal.failedBeforeTheExplorer || number >= attempts {
                return (terminal, first, reports)
            }
            let report = "attempt \(number): \(first.output); \(terminal.report)"
            print("\(terminal.name): the terminal never ran the explorer or vanished under it, so it is started again: \(report)")
            reports.append(report)
            terminal.stop()
        }
    }
}
