import LayoutFiles
import Scenes
/// A layout that could not be loaded or saved: the file's error, or its script's.
public struct SceneLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Layout files as the front ends use them: parsed, validated, with the scene's script
/// applied — all or nothing.
public enum SceneLoader {
    public static func load(_ path: String) throws(SceneLoadError) -> Scene {
        let scene: Scene
        do { scene = try LayoutFile.load(contentsOf: path) } catch { throw SceneLoadError(error.description) }
        let scripted = try applyingScript(scene)
        try Session.checkSteps(of: scripted)
        return scripted
    }

    /// Runs the scene's script on it (a scene's file shows the order of writes).
    public static func applyingScript(_ scene: Scene) throws(SceneLoadError) -> Scene {
        guard !scene.script.isEmpty else { return scene }
        var session = Session(scene: scene)
        do { try session.runScript(scene.script) } catch { throw SceneLoadError(error.description) }
        return session.scene
    }

    /// Saves atomically in the format the extension names (.json, .yaml, .yml), keeping the
    /// text of the scene's own file when saving over it (`PreservingSave`).
    /// With `expected` a version, the file must still be that version when the save holds its
    /// lock (else "changed on disk since it was loaded" and nothing is written: issue 36).
    /// Returns the version written.
    @discardableResult
    public static func save(_ scene: Scene, to path: String, expecting expected: TextFile.Expectation = .any) throws(SceneLoadError) -> FileVersion? {
        do { return try PreservingSave.save(scene, to: path, play: played, expecting: expected) } catch { throw SceneLoadError(error.description) }
    }

    /// `save --rewrite` (issue 36): as `save`, but where the file cannot keep its text for the
    /// edit, what it cannot is written afresh and the rest kept (`PreservingSave`); the report
    /// says what was.
    public static func rewrite(_ scene: Scene, to path: String, expecting expected: TextFile.Expectation = .any) throws(SceneLoadError) -> PreservingSave.Report {
        do { return try PreservingSave.save(scene, to: path, play: played, expecting: expected, rewriting: true) } catch { throw SceneLoadError(error.description) }
    }

    /// `scene` with its script run, played to step `step` of its steps.
    public static func played(_ scene: Scene, toStep step: Int) throws -> Scene {
        let scripted = try applyingScript(scene)
        guard step > 0 else { return scripted }
        var session = Session(scene: scripted)
        _ = try session.perform(.step(step))
        return session.scene
    }
}

extension Scene {
    /// What a save of this scene to `path` expects on disk: the version it was read at (or
    /// last saved as) when `path` is that file, anything otherwise. The explorer's saves pass
    /// it (an `overwrite` clears it first), so the check is made again under the save's lock.
    public func savingExpectation(to path: String) -> TextFile.Expectation {
        loaded.path == path ? .version(loaded.version) : .any
    }
}
