import LayoutFiles

/// The dump reader as a fuzz target (issue 21): any bytes, read as a `recursiveDescription`,
/// `po someLayer` or AppKit `_subtreeDescription` text, Sentry's view-hierarchy.json or
/// SDCALayer's JSON/YAML export (whichever the content looks like), both by skipping (the default) and
/// with `--strict`. It must never trap or hang; an accepted dump must write a layout file that
/// reads back as the same scene (what `import` writes always passes `check`).
public enum DumpFuzzTarget {
    public static func run(_ bytes: [UInt8]) -> (accepted: Bool, problem: String?) {
        let text = String(decoding: bytes, as: UTF8.self)
        // Through the registry every entry point reads (`ImportForms`), both ways.
        _ = try? ImportForms.importText(text, file: "fuzz.txt", lenient: false)
        guard let imported = try? ImportForms.importText(text, file: "fuzz.txt", lenient: true) else { return (false, nil) }
        for format in [LayoutFormat.json, .yaml] {
            let written = LayoutFile.encode(imported.scene, format: format)
            do {
                let back = try LayoutFile.parse(written, file: "fuzz", format: format)
                if let d = LayoutFile.difference(between: imported.scene, and: back) { return (true, "dump: \(format) re-read differs in \(d)") }
            } catch {
                return (true, "dump: the imported scene does not reopen as \(format): \(error.description)")
            }
        }
        return (true, nil)
    }
}
