import LayoutFiles
import Scenes

/// A layout file read from disk: `TextFile`'s bytes (regular files only, at most
/// `LayoutFile.sizeLimit`), parsed by the format (`LayoutFile.parse(data:file:format:)`), with
/// the version of the file read kept in the scene (`Scene.loaded`).
extension LayoutFile {
    /// Loads the layout at `path`; the format comes from the extension (`.json`, `.yaml`,
    /// `.yml`). An unreadable or missing file is an error at line 1, column 1.
    public static func load(contentsOf path: String) throws(LayoutError) -> Scene {
        guard let format = LayoutFormat(path: path) else {
            throw LayoutError(
                file: path, line: 1, column: 1, message: "unknown kind of file: a layout file ends in .json, .yaml or .yml",
                suggestion: "rename it with one of those extensions")
        }
        var version: FileVersion?
        let data: [UInt8]
        do { data = try TextFile.readBytes(path, limit: sizeLimit, version: &version) } catch {
            throw LayoutError(file: path, line: 1, column: 1, message: error.message)
        }
        var scene = try parse(data: data, file: path, format: format)
        scene.loaded = LoadedFile(path: path, version: version)
        return scene
    }

    /// The bytes of the file at `path` (at most `sizeLimit`); a failure is an error at line 1,
    /// column 1 of `path`.
    static func readFile(_ path: String) throws(LayoutError) -> [UInt8] {
        do { return try TextFile.readBytes(path, limit: sizeLimit) } catch {
            throw LayoutError(file: path, line: 1, column: 1, message: error.message)
        }
    }
}
