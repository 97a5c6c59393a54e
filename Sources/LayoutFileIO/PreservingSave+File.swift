import LayoutFiles
import Scenes

/// The preserving save's file side: the lock, the read of the file it keeps the text of, and
/// the write. What to write is the format's (`PreservingSave.outcome`, LayoutFiles), which
/// reads and writes nothing.
extension PreservingSave {
    /// Saves `scene` to `path`: in place over its own file when that file can keep its text,
    /// canonically otherwise. The write is `TextFile.replace`, under the file's save lock
    /// (`SaveLock`) from before the old text is read until the rename: with `expected` a
    /// version, a file that is no longer that version (someone else saved it) is a conflict and
    /// nothing is written. Returns the version of the file now on disk.
    @discardableResult
    public static func save(
        _ scene: Scene, to path: String, play: Play,
        expecting expected: TextFile.Expectation = .any
    ) throws(LayoutError) -> FileVersion? {
        try save(scene, to: path, play: play, expecting: expected, rewriting: false).version
    }

    /// `save`, and with `rewriting` the fallback for a save the file cannot keep its text for
    /// (`save --rewrite`, issue 36; `PreservingSave.outcome` says what is written afresh).
    public static func save(
        _ scene: Scene, to path: String, play: Play, expecting expected: TextFile.Expectation,
        rewriting: Bool
    ) throws(LayoutError) -> Report {
        let lock = try LayoutFile.saveLock(path)
        if !expected.allows(lock.version) {
            throw LayoutFile.saveFailure(.changedOnDisk, path: path)
        }
        let existing = LayoutFormat(path: path) == nil ? nil : try? TextFile.readBytes(path, limit: LayoutFile.sizeLimit)
        switch try outcome(for: scene, file: path, existing: existing, play: play, rewriting: rewriting) {
        case let .canonical(whole):
            var report = Report(version: try writeCanonical(scene, to: path, holding: lock, expecting: expected, play: play))
            report.whole = whole
            return report
        case let .text(text, original, rewritten):
            var report = Report(version: lock.version)
            report.rewritten = rewritten
            if text == original { return report }
            do { report.version = try TextFile.replace(Array(text.utf8), holding: lock, expecting: expected).version } catch {
                throw LayoutFile.saveFailure(error, path: path)
            }
            return report
        }
    }

    /// The whole scene in the canonical form (`PreservingSave.canonical`), written under the
    /// lock.
    static func writeCanonical(
        _ scene: Scene, to path: String, holding lock: SaveLock,
        expecting expected: TextFile.Expectation, play: Play
    ) throws(LayoutError) -> FileVersion? {
        let flat = try canonical(scene, file: path, play: play)
        return try LayoutFile.write(flat, to: path, holding: lock, expecting: expected, withSteps: !flat.steps.isEmpty).version
    }
}
