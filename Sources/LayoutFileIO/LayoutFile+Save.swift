import LayoutFiles
import Scenes

/// The write path of layout files: whatever LayerScope writes, it can read back, equal.
///
/// `LayoutFile.write` encodes a scene (`LayoutFile.text(saving:to:)`, the format's) and hands the text to `writeVerified`, which any other
/// encoder (one that keeps the author's formatting, say) can call the same way:
/// 1. the text must fit `LayoutFile.sizeLimit`, the same limit the reader applies;
/// 2. it is written to a temporary file beside the target and flushed (`TextFile`);
/// 3. that file is read back from disk with the normal reader and decoded, and the result
///    must be the same scene (every stored field, compared number by number);
/// 4. only then is it renamed over the target (through symbolic links).
extension LayoutFile {
    /// Saves the scene to `path` in the format its extension names, atomically: the text is
    /// written to a temporary file beside it (`path.layerscope-save-<pid>-XXXXXX`), flushed to disk, then renamed
    /// over `path`. On any failure the temporary file is removed and the old file is untouched.
    /// The written file is read back and compared before the rename (`writeVerified`), so a
    /// scene that would not load back equal is refused rather than written. An existing file
    /// keeps its permissions; a symbolic link is followed, not replaced.
    @discardableResult
    public static func write(_ scene: Scene, to path: String) throws(LayoutError) -> [String] {
        try write(scene, to: path, holding: nil, expecting: .any).removed
    }

    /// `write` under the save lock (taken here when `lock` is nil), the file as `expected`.
    static func write(
        _ scene: Scene, to path: String, holding lock: SaveLock?,
        expecting expected: TextFile.Expectation, withSteps: Bool = false
    ) throws(LayoutError) -> (removed: [String], version: FileVersion?) {
        let (text, format) = try text(saving: scene, to: path, withSteps: withSteps)
        let held: SaveLock
        if let lock { held = lock } else { held = try saveLock(path) }
        return try writeVerified(text, of: scene, to: path, format: format, holding: held, expecting: expected)
    }

    /// Saves `text`, which must describe `scene`, to `path` (see above). Returns the stale
    /// temporary files of killed earlier saves that were removed on the way.
    @discardableResult
    public static func writeVerified(_ text: String, of scene: Scene, to path: String, format: LayoutFormat) throws(LayoutError) -> [String] {
        try writeVerified(text, of: scene, to: path, format: format, holding: try saveLock(path), expecting: .any).removed
    }

    /// `writeVerified` with the save lock held and the file as `expected` (else a conflict:
    /// nothing is written). Returns the version written as well.
    static func writeVerified(
        _ text: String, of scene: Scene, to path: String, format: LayoutFormat,
        holding lock: SaveLock, expecting expected: TextFile.Expectation
    ) throws(LayoutError) -> (removed: [String], version: FileVersion?) {
        func failure(_ message: String, _ suggestion: String? = nil) -> LayoutError {
            LayoutError(file: path, line: 1, column: 1, message: message, suggestion: suggestion)
        }
        let bytes = Array(text.utf8)
        guard bytes.count <= sizeLimit else {
            throw failure(
                "cannot save: the file would be \(bytes.count >> 20) MB, over the \(sizeLimit >> 20) MB a layout file may be",
                "remove layers, or split the scene into several files")
        }
        var mismatch: LayoutError?
        do {
            return try TextFile.replace(bytes, holding: lock, expecting: expected) { (temporary: String) throws(TextFile.Failure) in
                do {
                    let reread = try parse(data: try readFile(temporary), file: path, format: format)
                    if let difference = difference(between: scene, and: reread) {
                        mismatch = failure(
                            "cannot save: the written file would not read back the same (\(difference))",
                            "this is a bug in LayerScope; the old file is untouched")
                        throw TextFile.Failure(message: "verification failed")
                    }
                } catch let e as LayoutError {
                    mismatch = failure("cannot save: the scene would not load back (\(e.message)\(e.path.isEmpty ? "" : " at \(e.path)"))")
                    throw TextFile.Failure(message: "verification failed")
                } catch let e as TextFile.Failure {
                    throw e
                } catch {
                    throw TextFile.Failure(message: "\(error)")
                }
            }
        } catch {
            if let mismatch { throw mismatch }
            throw saveFailure(error, path: path)
        }
    }

    /// Takes the save lock of `path` (`SaveLock`), or says why not.
    static func saveLock(_ path: String) throws(LayoutError) -> SaveLock {
        do { return try SaveLock(path) } catch { throw saveFailure(error, path: path) }
    }

    /// A failed write as a layout error; a conflict in the words the explorer and scripts use
    /// ("changed on disk since it was loaded"), with the file untouched.
    static func saveFailure(_ error: TextFile.Failure, path: String) -> LayoutError {
        if error.isConflict {
            return LayoutError(
                file: path, line: 1, column: 1, message: SaveConflict.changedOnDisk.message(path),
                suggestion: "not saving over it — the file is untouched (reload to take their version, or save NEW.json to write elsewhere)")
        }
        return LayoutError(file: path, line: 1, column: 1, message: "cannot save: \(error.message)")
    }
}
