import Foundation
import Cells
import Testing

/// Canvas goldens (style.md): one line per row wrapped in `|` so trailing spaces show,
/// styles dropped. Small ones inline (`expectCanvas(_:matches:)`), larger ones in
/// `Tests/<Target>/__Goldens__/<Suite>/<test>.txt` (`expectGolden`). A missing golden fails;
/// a mismatch prints a row diff; `LAYERSCOPE_RECORD_GOLDENS=1` rewrites golden files.
public enum Golden {
    /// The environment variable that switches `expectGolden` to recording.
    public static let recordVariable = "LAYERSCOPE_RECORD_GOLDENS"

    /// Each row's glyphs wrapped in `|…|`, joined with newlines (no trailing newline).
    public static func text(_ canvas: Canvas) -> String {
        (0..<canvas.rows).map { "|" + canvas.text(row: $0) + "|" }.joined(separator: "\n")
    }

    /// nil when equal; otherwise a readable diff: size, then each differing row.
    public static func diff(expected: String, actual: String) -> String? {
        let e = normalized(expected), a = normalized(actual)
        guard e != a else { return nil }
        let el = e.split(separator: "\n", omittingEmptySubsequences: false)
        let al = a.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        if el.count != al.count { out.append("rows: expected \(el.count), got \(al.count)") }
        for i in 0..<max(el.count, al.count) {
            let x = i < el.count ? String(el[i]) : "(none)"
            let y = i < al.count ? String(al[i]) : "(none)"
            if x != y {
                out.append("row \(i):")
                out.append("  expected \(x)")
                out.append("  actual   \(y)")
            }
        }
        return out.joined(separator: "\n")
    }

    /// Trims one trailing newline and the common leading indentation of inline literals.
    static func normalized(_ s: String) -> String {
        var lines = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeFirst() }
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }

    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// `<directory of testFile>/__Goldens__/<suite>/<name>.txt`.
    public static func path(testFile: String, suite: String, name: String) -> String {
        let directory = (testFile as NSString).deletingLastPathComponent
        return "\(directory)/__Goldens__/\(suite)/\(name).txt"
    }
}

/// Compares `canvas` with an inline golden: rows wrapped in `|`, surrounding blank lines
/// and indentation ignored.
public func expectCanvas(
    _ canvas: Canvas, matches expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = Golden.text(canvas)
    if let diff = Golden.diff(expected: expected, actual: actual) {
        Issue.record("canvas differs from the inline golden:\n\(diff)\nactual:\n\(actual)", sourceLocation: sourceLocation)
    }
}

/// Compares `canvas` with the golden file
/// `<test file's directory>/__Goldens__/<suite>/<name>.txt`; `suite` defaults to the test
/// file's name and `name` to the test function's. Read from (and recorded into) the source
/// tree, found through `#filePath`. A missing file fails unless recording.
///
/// Recording never passes silently: a golden that was written (new or changed) fails the
/// test with "recorded …", so a recording run is green only when nothing changed — review
/// the diff, then run again without the variable.
public func expectGolden(
    _ canvas: Canvas, named name: String? = nil, suite: String? = nil,
    filePath: String = #filePath, function: String = #function,
    recording: Bool = Golden.isRecording,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectGolden(
        text: Golden.text(canvas), named: name, suite: suite, filePath: filePath, function: function,
        recording: recording, sourceLocation: sourceLocation)
}

/// `expectGolden` for any text (a rendered screen with its colours, say): the same file
/// layout, recording and diff.
public func expectGolden(
    text: String, named name: String? = nil, suite: String? = nil,
    filePath: String = #filePath, function: String = #function,
    recording: Bool = Golden.isRecording,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let testName = name ?? String(function.prefix { $0 != "(" })
    let suiteName = suite ?? ((filePath as NSString).lastPathComponent as NSString).deletingPathExtension
    let path = Golden.path(testFile: filePath, suite: suiteName, name: testName)
    let actual = text + "\n"
    let existing = try? String(contentsOfFile: path, encoding: .utf8)
    if recording {
        guard existing != actual else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded golden \(path) (\(existing == nil ? "new" : "changed")): review `git diff`, then run again without \(Golden.recordVariable)",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("could not record golden \(path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = existing else {
        Issue.record(
            "missing golden \(path); run with \(Golden.recordVariable)=1 to record it.\nactual:\n\(actual)",
            sourceLocation: sourceLocation)
        return
    }
    if let diff = Golden.diff(expected: expected, actual: actual) {
        Issue.record(
            "canvas differs from golden \(path):\n\(diff)\nrun with \(Golden.recordVariable)=1 to accept.",
            sourceLocation: sourceLocation)
    }
}
