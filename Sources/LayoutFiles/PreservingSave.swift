import LayerModel
import Scenes
import Geometry
import SafeText
import CommandLanguage

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
/// the save is refused with a message that names the file, line, column and field, and says
/// what `save --rewrite` would write afresh (it keeps the rest of the text) besides saving under
/// a new name (the whole scene in the canonical form). A scene with no file behind it is
/// written canonically.
///
/// Comparing needs the scene *played*: its script run and its steps taken up to the current
/// one. That is the engine's job, so the caller passes it in (`play`; the engine's
/// `SceneLoader.save` passes a session's).
public enum PreservingSave {
    /// A scene with its script run and then `step` steps taken.
    public typealias Play = (_ scene: Scene, _ step: Int) throws -> Scene

    /// What a save wrote: the version now on disk, and with `save --rewrite` what was written
    /// afresh (`layer "badge"`, `the script (…)`); `whole` when the whole file was.
    public struct Report: Equatable, Sendable {
        public var version: FileVersion?
        public var rewritten: [String] = []
        public var whole = false
        public init(version: FileVersion? = nil, rewritten: [String] = [], whole: Bool = false) {
            self.version = version; self.rewritten = rewritten; self.whole = whole
        }
        /// The report in words for a status line (empty for an ordinary save).
        public var summary: String {
            if whole { return "the whole file written afresh (none of its text could be kept)" }
            if rewritten.isEmpty { return "" }
            return "kept the file's text except: " + rewritten.joined(separator: "; ")
        }
    }

    /// What a save of `scene` over the file at `file` writes, from the file's bytes
    /// (`existing`; nil when there is none or it could not be read): the whole scene in the
    /// canonical form (`canonical(_:file:play:)`), or new text in place of the file's. Without
    /// `rewriting`, a file that cannot keep its text for the edit is refused (`refusal`);
    /// with it (`save --rewrite`, issue 36), the layers the edit cannot be patched into are
    /// written afresh where they stand (then their superlayers, one at a time, while the file
    /// still would not read back as the scene), a moved layer is taken out and written under
    /// its new superlayer, removed notes or screen lose their field, and a script that would
    /// undo the edit is folded into the layers (its effects written, its lines removed).
    /// Everything else keeps the author's text. Only when none of that reads back as the
    /// scene is the whole file written afresh, as a save under a new name would be. Reads and
    /// writes nothing: LayoutFileIO's `PreservingSave.save` reads the bytes and writes this.
    public static func outcome(
        for scene: Scene, file path: String, existing: [UInt8]?, play: Play,
        rewriting: Bool
    ) throws(LayoutError) -> Outcome {
        guard let format = LayoutFormat(path: path), let existing,
            (try? LayoutFile.checkUTF8(existing, file: path)) != nil
        else {
            return .canonical(whole: false)
        }
        let original = String(decoding: existing, as: UTF8.self)
        let preserved: (text: String, rewritten: [String])?
        do { preserved = try patchedText(for: scene, original: original, file: path, format: format, play: play, rewrite: nil) } catch {
            if let own = error.error { throw own }
            let plan = rewritePlan(for: scene, original: original, file: path, format: format, play: play)
            // The whole file afresh keeps the steps only when they were authored here; the
            // file's own steps would be lost, so that is refused rather than done.
            let losesSteps = plan == nil && !scene.steps.isEmpty && scene.stepBase.tree == nil
            guard rewriting, !losesSteps else { throw refusal(error, plan: plan, losesSteps: losesSteps, file: path, original: original, format: format) }
            guard let plan else { return .canonical(whole: true) }
            return .text(plan.text, original: original, rewritten: plan.rewritten)
        }
        guard let preserved else { return .canonical(whole: false) }
        return .text(preserved.text, original: original, rewritten: [])
    }

    /// What a save writes (`outcome(for:file:existing:play:rewriting:)`).
    public enum Outcome: Equatable, Sendable {
        /// The whole scene in the canonical form; `whole` when `save --rewrite` came to it
        /// (none of the file's text could be kept).
        case canonical(whole: Bool)
        /// This text in place of the file's `original` (nothing is written when they are
        /// equal); `rewritten`: what `save --rewrite` wrote afresh.
        case text(String, original: String, rewritten: [String])
    }

    /// The scene a canonical save writes: its script already applied (so not written), and
    /// the steps authored in the explorer kept (the layers as at step 0, then the steps),
    /// checked to load back and play to the scene.
    public static func canonical(_ scene: Scene, file: String, play: Play) throws(LayoutError) -> Scene {
        var flat = scene
        flat.script = []
        flat.steps = []
        flat.currentStep = 0
        if let base = scene.stepBase.tree, !scene.steps.isEmpty {
            flat.tree = base
            flat.steps = scene.steps
            try checkStepsWritten(flat, as: scene, file: file, play: play)
        }
        return flat
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
            throw LayoutError(
                file: file, line: 1, column: 1,
                message: "cannot save the steps: at step \(scene.currentStep) the file would give another scene (\(difference))",
                suggestion: "make the edits since the last step a step (step add \"…\"), or go back to it (step \(scene.currentStep)); the file is unchanged")
        }
    }

    /// Why the file cannot keep its text for a save: in words, the layer and field it is
    /// about when known, or an error of its own that no rewrite mends.
    struct Refusal: Error {
        var reason: String
        var layer: String? = nil
        var field: String? = nil
        /// A refusal no rewrite mends, with its own message (the steps would no longer run).
        var error: LayoutError? = nil
    }

    /// How far `save --rewrite` has to go: layers written whole, the script folded.
    struct Rewrite {
        var fresh: Set<String> = []
        var foldScript = false
    }

    /// The text `save --rewrite` would write and what it writes afresh; nil when only the
    /// whole file afresh reads back as the scene. Each try is checked like any save (loaded
    /// back and played, it is the scene); at most `maxTries`, so a long chain of failures
    /// ends in the canonical save rather than in a long search.
    static func rewritePlan(for scene: Scene, original: String, file: String, format: LayoutFormat, play: Play) -> (text: String, rewritten: [String])? {
        var rewrite = Rewrite()
        for _ in 0..<maxTries {
            do {
                return try patchedText(for: scene, original: original, file: file, format: format, play: play, rewrite: rewrite)
            } catch {
                if error.error != nil { return nil }
                // Written afresh and still not the scene: with a script, the script undoes it
                // (fold it now rather than climb the tree first).
                if let layer = error.layer, rewrite.fresh.contains(layer), !rewrite.foldScript, !scene.script.isEmpty {
                    rewrite = Rewrite(fresh: [], foldScript: true)
                    continue
                }
                // The layer named, else the first of its superlayers not yet written whole.
                var name = error.layer
                while let n = name, rewrite.fresh.contains(n) {
                    name = scene.tree.id(named: n).flatMap { scene.tree[$0].superlayer }.map { scene.tree[$0].name }
                }
                if let name {
                    rewrite.fresh.insert(name)
                } else if !rewrite.foldScript, !scene.script.isEmpty {
                    // The script undoes the edit on load: fold it into the layers and start over.
                    rewrite = Rewrite(fresh: [], foldScript: true)
                } else {
                    return nil
                }
            }
        }
        return nil
    }

    static let maxTries = 24

    /// The file's text with the scene's changes patched in, and what was written afresh;
    /// nil when `original` is not this scene's file (it does not parse, or its title or
    /// script differ), so a canonical save is right. Throws when it is the scene's file but
    /// the changes cannot be written into it faithfully (with `rewrite`, as far as it goes).
    static func patchedText(
        for scene: Scene, original disk: String, file: String, format: LayoutFormat, play: Play,
        rewrite: Rewrite?
    ) throws(Refusal) -> (text: String, rewritten: [String])? {
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
            do { try steps.patchSteps(from: base.steps, to: scene.steps, root: root) } catch { throw Refusal(reason: error.reason, field: "steps") }
            original = steps.result()
            guard let reparsed = parse(original) else { throw Refusal(reason: "the file with its new steps would not read back", field: "steps") }
            (root, base) = reparsed
        }
        // Folding the script: the layers are patched from what the file gives without it to
        // the scene (whose script has run), and the script's lines go.
        let fold = rewrite?.foldScript == true
        let scripted = !base.script.isEmpty
        var target = scene
        if fold { base.script = []; target.script = [] }
        // What the file gives at the step the scene is at: the edits are the rest.
        guard let reference = try? play(base, scene.currentStep) else { return nil }

        var patcher = Patcher(text: original, format: format)
        if let rewrite {
            patcher.rewriting = true
            patcher.fresh = rewrite.fresh
        }
        do {
            try patcher.patchScene(from: reference, to: target, root: root)
            if fold, let member = root.member("script") {
                try patcher.removeMember(member, of: root)
                patcher.rewritten.append("the script folded into the layers (its effects written, its lines removed)")
            }
        } catch {
            throw Refusal(reason: error.reason, layer: error.layer, field: error.field)
        }
        let text = patcher.result()
        // Verify: the new text, loaded and scripted, is the scene being saved.
        let reloaded: Scene
        do {
            reloaded = try play(try LayoutFile.parse(text, file: file, format: format), scene.currentStep)
        } catch {
            throw Refusal(reason: "the patched file would not load back (\(error))")
        }
        if let difference = SceneComparison.detailedDifference(reloaded, target) {
            var reason = difference.words
            if scripted, !fold, difference.layer != nil {
                reason += " (the file's script sets it again when the file loads)"
            } else if scene.currentStep > 0, difference.layer != nil {
                reason += " (a step up to step \(scene.currentStep) sets it again when played)"
            }
            throw Refusal(reason: reason, layer: difference.layer, field: difference.field)
        }
        // The steps must still play to the end: removing a layer a step selects (popup.json's
        // anchorFirst) wrote a file that no longer opened (issue 20).
        let written: Scene
        do { written = try LayoutFile.parse(text, file: file, format: format) } catch {
            throw Refusal(reason: "the patched file would not load back (\(error))")
        }
        if !written.steps.isEmpty {
            do { _ = try play(written, written.steps.count) } catch {
                throw Refusal(
                    reason: "",
                    error: LayoutError(
                        file: file, line: 1, column: 1,
                        message: "cannot save: the file's steps would no longer run — \(error)",
                        suggestion:
                            "undo the change the steps need, or save under a new name (save NEW.json) to write the scene as it is now, without its steps; the file is unchanged"
                    ))
            }
        }
        return (text, patcher.rewritten)
    }

    /// A refused save as the error the user reads: where in the file (line, column and the
    /// field's path when the refusal is about a layer's field), why, and what `save --rewrite`
    /// would do instead (`plan`, worked out but not written).
    static func refusal(
        _ refusal: Refusal, plan: (text: String, rewritten: [String])?, losesSteps: Bool = false,
        file: String, original: String, format: LayoutFormat
    ) -> LayoutError {
        var line = 1, column = 1, path = refusal.field ?? ""
        let root: SourceValue?
        switch format {
        case .json: root = try? JSONReader.parse(Array(original.utf8), file: file)
        case .yaml: root = try? YAMLReader.parse(original, file: file)
        }
        if let root {
            if let layer = refusal.layer, let place = SourceLayers(root: root).location(of: layer, field: refusal.field) {
                (line, column, path) = (place.position.line, place.position.column, place.path)
            } else if let field = refusal.field, let member = root.member(field) {
                (line, column) = (member.keyPosition.line, member.keyPosition.column)
            }
        }
        if losesSteps {
            // Nothing short of the whole file works, and that would drop the file's steps.
            return LayoutError(
                file: file, line: line, column: column, path: path,
                message:
                    "cannot save into the file and keep its text: \(refusal.reason); written afresh, the file would lose its steps, so save --rewrite does not either",
                suggestion:
                    "go back to step 0 (step 0) and make the edit there, or make it a step (step add \"…\"); or save NEW.json to write the scene as it is now, without its steps; the file is unchanged"
            )
        }
        let rewrite =
            plan.map { SaveRewrite.offer + $0.rewritten.joined(separator: "; ") }
            ?? SaveRewrite.offerWhole + " (none of its text can be kept)"
        return LayoutError(
            file: file, line: line, column: column, path: path,
            message: "cannot save into the file and keep its text: \(refusal.reason)",
            suggestion: rewrite + ", or save NEW.json writes a new file; the file is unchanged", offersRewrite: true)
    }

    static func unfaithful(_ file: String, _ reason: String) -> LayoutError {
        LayoutError(
            file: file, line: 1, column: 1,
            message: "cannot save into the file and keep its text: \(reason)",
            suggestion: "save under a new name (save NEW.json) to write the whole scene afresh; the file is unchanged")
    }
}
