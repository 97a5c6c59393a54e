#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Scenes

// The engine's one file-system call, still in the explorer's core's reach (named in
// check-target-graph.py's KNOWN_IO): a `stat` of the scene's file. `didSave(to:)` (the
// reducer's `.saved`) takes the version of the file just written, and a session opened on a
// path its scene was not read from (`versionRead`: a scene whose script ran) takes the version
// on disk now. Moving it out means the save's answer carrying the version written (the
// `.saved` action, `ExplorerIO.save`) and a scripted scene keeping the version it was read at.
extension Session {
    /// The version of the file at `path` (nil: none), as LayoutFileIO's `FileVersion.of`.
    static func diskVersion(of path: String) -> FileVersion? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileVersion(st, isReadOnly: st.st_mode & 0o222 == 0 || access(path, W_OK) != 0)
    }
}
