import LayerModel
import Scenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import SafeText

/// Saving that keeps the author's file (issue 11).
///
/// When the file being saved over is the scene's own (same title and script), the new text is
/// the old text with only the changed values rewritten in place: the readers recorded where
/// every value starts, so comments, key order, spacing, the script and the notes stay as the
/// author wrote them. The edits are found by comparing the scene with what the file on disk
/// loads to (its layers with its script run), property by property, so fields this tool does
/// not know stay untouched. Added layers are inserted as one flow-style object beside their
/// siblings; removed layers lose their span. A transform written as steps stays steps when
/// one step's value can absorb the change; numbers are the shortest that read back to 1e-9.
///
/// The result is checked before it is written: loaded back and scripted, it must give the
/// scene being saved. When it does not (an edit the script would overwrite, a moved layer),
/// the save is refused with a message that says to save under a new name, which writes the
/// whole scene in the canonical form. A scene with no file behind it is written canonically.
///
/// Comparing needs the scene *played*: its script run and its steps taken up to the current
/// one. That is the engine's job, so the caller passes it in (`play`; the engine's
/// `SceneLoader.save` passes a session's).
public enum PreservingSave {
    /// A scene with its script run and then `step` steps taken.
    public typealias Play = (_ scene: Scene, _ step: Int) throws -> Scene

    /// Saves `scene` to `path`: in place over its own file when that file can keep its text,
    /// canonically otherwise. The write is `TextFile.replace`, under the file's save lock
    /// (`SaveLock`) from before the old text is read until the rename: with `expected` a
    /// version, a file that is no longer that version (someone else saved it) is a conflict and
    /// nothing is written. Returns the version of the file now on disk.
    @discardableResult
    public static func save(_ scene: Scene, to path: String, play: Play,
                            expecting expected: TextFile.Expectation = .any) throws(LayoutError) -> FileVersion? {
        let lock = try LayoutFile.saveLock(path)
        if !expected.allows(lock.version) {
            throw LayoutFile.saveFailure(.changedOnDisk, path: path)
        }
        guard let format = LayoutFormat(path: path),
              let existing = try? TextFile.readBytes(path, limit: LayoutFile.sizeLimit),
              (try? LayoutFile.checkUTF8(existing, file: path)) != nil else {
            return try writeCanonical(scene, to: path, holding: lock, expecting: expected, play: play)
        }
        let original = String(decoding: existing, as: UTF8.self)
        guard let text = try preservedText(for: scene, original: original, file: path, format: format, play: play) else {
            return try writeCanonical(scene, to: path, holding: lock, expecting: expected, play: play)
        }
        if text == original { return lock.version }
        do { return try TextFile.replace(Array(text.utf8), holding: lock, expecting: expected).version } catch {
            throw LayoutFile.saveFailure(error, path: path)
        }
    }

    /// The whole scene in the canonical form, its script already applied (so not written).
    static func writeCanonical(_ scene: Scene, to path: String, holding lock: SaveLock,
                               expecting expected: TextFile.Expectation, play: Play) throws(LayoutError) -> FileVersion? {
        var flat = scene
        flat.script = []
        flat.steps = []
        flat.currentStep = 0
        if let base = scene.stepBase.tree, !scene.steps.isEmpty {
            // Steps authored in the explorer are kept: the layers as at step 0, then the steps.
            flat.tree = base
            flat.steps = scene.steps
            try checkStepsWritten(flat, as: scene, file: path, play: play)
        }
        return try LayoutFile.write(flat, to: path, holding: lock, expecting: expected, withSteps: !flat.steps.isEmpty).version
    }

    /// A scene written anew with its authored steps must load back and play to the scene.
    static func checkStepsWritten(_ flat: Scene, as scene: Scene, file: String, play: Play) throws(LayoutError) {
        let format = LayoutFormat(path: file) ?? .json
        let text = LayoutEncoder(format: format, writesSteps: true).encode(flat)
        let reloaded: Scene
        do { reloaded = try play(try LayoutFile.parse(text, file: file, format: format), scene.currentStep) } catch {
            throw unfaithful(file, "the steps would not play back (\(error))")
        }
        if let difference = SceneComparison.difference(reloaded, scene) {
            throw LayoutError(file: file, line: 1, column: 1,
                              message: "cannot save the steps: at step \(scene.currentStep) the file would give another scene (\(difference))",
                              suggestion: "make the edits since the last step a step (step add \"…\"), or go back to it (step \(scene.currentStep)); the file is unchanged")
        }
    }

    /// The file's text with the scene's changes patched in; nil when `original` is not this
    /// scene's file (it does not parse, or its title or script differ), so a canonical save
    /// is right. Throws when it is the scene's file but the changes cannot be written into it
    /// faithfully.
    static func preservedText(for scene: Scene, original disk: String, file: String, format: LayoutFormat, play: Play) throws(LayoutError) -> String? {
        func parse(_ text: String) -> (SourceValue, Scene)? {
            let root: SourceValue?
            do {
                switch format {
                case .json: root = try JSONReader.parse(Array(text.utf8), file: file)
                case .yaml: root = try YAMLReader.parse(text, file: file)
                }
            } catch { return nil }
            guard let root, let base = try? LayoutDecoder(file: file).decode(root) else { return nil }
            return (root, base)
        }
        guard var (root, base) = parse(disk) else { return nil }
        guard base.title == scene.title, base.script.map(\.text) == scene.script.map(\.text) else { return nil }
        var original = disk
        if !SceneComparison.sameSteps(base.steps, scene.steps) {
            // Steps authored in the explorer go into the file's `steps` first; the layers are
            // then patched against what that text gives at the scene's step (issue 32).
            guard scene.stepBase.tree != nil else { return nil }
            var steps = Patcher(text: disk, format: format)
            do { try steps.patchSteps(from: base.steps, to: scene.steps, root: root) } catch { throw unfaithful(file, error.reason) }
            original = steps.result()
            guard let reparsed = parse(original) else { throw unfaithful(file, "the file with its new steps would not read back") }
            (root, base) = reparsed
        }
        // What the file gives at the step the scene is at: the edits are the rest.
        guard let reference = try? play(base, scene.currentStep) else { return nil }

        var patcher = Patcher(text: original, format: format)
        do {
            try patcher.patchScene(from: reference, to: scene, root: root)
        } catch {
            throw unfaithful(file, error.reason)
        }
        let text = patcher.result()
        // Verify: the new text, loaded and scripted, is the scene being saved.
        let reloaded: Scene
        do {
            reloaded = try play(try LayoutFile.parse(text, file: file, format: format), scene.currentStep)
        } catch {
            throw unfaithful(file, "the patched file would not load back (\(error))")
        }
        if let difference = SceneComparison.difference(reloaded, scene) {
            throw unfaithful(file, difference)
        }
        // The steps must still play to the end: removing a layer a step selects (popup.json's
        // anchorFirst) wrote a file that no longer opened (issue 20).
        let written: Scene
        do { written = try LayoutFile.parse(text, file: file, format: format) } catch {
            throw unfaithful(file, "the patched file would not load back (\(error))")
        }
        if !written.steps.isEmpty {
            do { _ = try play(written, written.steps.count) } catch {
                throw LayoutError(file: file, line: 1, column: 1,
                                  message: "cannot save: the file's steps would no longer run — \(error)",
                                  suggestion: "undo the change the steps need, or save under a new name (save NEW.json) to write the scene as it is now, without its steps; the file is unchanged")
            }
        }
        return text
    }

    static func unfaithful(_ file: String, _ reason: String) -> LayoutError {
        LayoutError(file: file, line: 1, column: 1,
                    message: "cannot save into the file and keep its text: \(reason)",
                    suggestion: "save under a new name (save NEW.json) to write the whole scene afresh; the file is unchanged")
    }
}
