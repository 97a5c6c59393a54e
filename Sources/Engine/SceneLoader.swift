import LayoutFiles
import Scenes
/// A layout that could not be loaded or saved: the file's error, or its script's.
public struct SceneLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    /// A save refused in place that `save --rewrite` would write (`LayoutError.offersRewrite`,
    /// carried over): what the explorer's quit question decides on.
    public var offersRewrite: Bool
    public init(_ description: String, offersRewrite: Bool = false) {
        self.description = description
        self.offersRewrite = offersRewrite
    }
    /// A layout file's error as it reads, its rewrite offer kept.
    public init(_ error: LayoutError) { self.init(error.description, offersRewrite: error.offersRewrite) }
}

/// Layout files as the front ends use them: parsed, validated, with the scene's script
/// applied — all or nothing. The engine's part reads no file: it runs a parsed scene's
/// script and plays it to a step; reading and saving files is SceneFiles' (`SceneLoader.load`,
/// `SceneLoader.save`), above the engine.
public enum SceneLoader {
    /// Runs the scene's script on it (a scene's file shows the order of writes).
    public static func applyingScript(_ scene: Scene) throws(SceneLoadError) -> Scene {
        guard !scene.script.isEmpty else { return scene }
        var session = Session(scene: scene)
        do { try session.runScript(scene.script) } catch { throw SceneLoadError(error.description) }
        // The file it was read from, and its version then, stay the scene's: a session opened
        // on it need not look at the file again (`Session.versionRead`).
        var scripted = session.scene
        scripted.loaded = scene.loaded
        return scripted
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
    public func savingExpectation(to path: String) -> SaveExpectation {
        loaded.path == path ? .version(loaded.version) : .any
    }
}
