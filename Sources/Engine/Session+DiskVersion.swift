#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scenes

// The engine's one file-system call, still in the explorer's core's reach (named in
// check-target-graph.py's KNOWN_IO): a `stat` of the scene's file when a session is opened on
// a path its scene was not read from (`versionRead`: a scene built in memory, or read from
// elsewhere, given a file path). A scene read by `SceneLoader.load` carries the version it was
// read at (`Scene.loaded`, kept through its script), so opening and reloading it stat nothing,
// and a save's version comes with the `.saved` action (the runtime's `stat`). Moving this one
// out means every caller that names a file path also handing the version over.
extension Session {
    /// The version of the file at `path` (nil: none), as LayoutFileIO's `FileVersion.of`.
    static func diskVersion(of path: String) -> FileVersion? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileVersion(st, isReadOnly: st.st_mode & 0o222 == 0 || access(path, W_OK) != 0)
    }
}
