import Engine
import LayoutFiles
import LayoutFileIO
import Scenes

// The files the engine's values come from and go to: reading a layout, saving a scene, a
// lesson file and a lesson pack's folder. The engine reads and writes no file; the explorer's
// runtime, the command-line tool and the fuzzer load here and hand the engine the values.

extension SceneLoader {
    /// The layout at `path`, parsed, validated, its script run and its steps checked (their
    /// warnings kept with the file's).
    public static func load(_ path: String) throws(SceneLoadError) -> Scene {
        let scene: Scene
        do { scene = try LayoutFile.load(contentsOf: path) } catch { throw SceneLoadError(error.description) }
        var scripted = try applyingScript(scene)
        // A step's command that warns is a load warning too, after the script's.
        scripted.loadWarnings.all += try Session.checkSteps(of: scripted)
        return scripted
    }

    /// Saves atomically in the format the extension names (.json, .yaml, .yml), keeping the
    /// text of the scene's own file when saving over it (`PreservingSave`).
    /// With `expected` a version, the file must still be that version when the save holds its
    /// lock (else "changed on disk since it was loaded" and nothing is written: issue 36).
    /// Returns the version written.
    @discardableResult
    public static func save(_ scene: Scene, to path: String, expecting expected: TextFile.Expectation = .any) throws(SceneLoadError) -> FileVersion? {
        do { return try PreservingSave.save(scene, to: path, play: played, expecting: expected) } catch {
            throw SceneLoadError(error)  // its rewrite offer kept (the quit question's)
        }
    }

    /// `save --rewrite` (issue 36): as `save`, but where the file cannot keep its text for the
    /// edit, what it cannot is written afresh and the rest kept (`PreservingSave`); the report
    /// says what was.
    public static func rewrite(_ scene: Scene, to path: String, expecting expected: TextFile.Expectation = .any) throws(SceneLoadError) -> PreservingSave.Report
    {
        do { return try PreservingSave.save(scene, to: path, play: played, expecting: expected, rewriting: true) } catch {
            throw SceneLoadError(error.description)
        }
    }
}

extension LessonLoader {
    /// Loads one lesson file: a layout with a `lesson`.
    public static func load(_ path: String) throws(SceneLoadError) -> LoadedLesson {
        let scene: Scene
        do { scene = try LayoutFile.load(contentsOf: path) } catch { throw SceneLoadError(error.description) }
        return try loaded(scene, file: path)
    }

    /// The lesson files of a pack folder, in file-name order (`.json`, `.yaml`, `.yml`).
    public static func packFiles(_ directory: String) -> [String]? {
        guard let names = DirectoryListing.names(directory) else { return nil }
        let dir = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return names.filter { LayoutFormat(pathExtension: String($0.split(separator: ".").last ?? "")) != nil && $0.contains(".") && !$0.hasPrefix(".") }
            .sorted().map { dir + "/" + $0 }
    }
}

extension Session {
    /// Why saving to `path` must ask first: the scene's own file changed on disk since it
    /// was loaded or saved, or the file is read-only. Nil: save.
    public func saveConflict(to path: String) -> SaveConflict? {
        SaveConflict.of(saving: path, ownFile: path == filePath, loaded: diskVersion)
    }

    /// Marks the scene saved to `path`, at the version on disk now.
    public mutating func didSave(to path: String) {
        didSave(to: path, version: FileVersion.of(path))
    }
}
