/// What a save expects to find on disk when it replaces the file, checked under the save
/// lock just before the rename (`SaveLock`, in LayoutFileIO, where it is also spelled
/// `TextFile.Expectation`). A value: the engine says what a save of its scene expects
/// (`Session.saveExpectation`) without reaching the file system.
public enum SaveExpectation: Equatable, Sendable {
    /// Whatever is there (a save under a new name, or "overwrite" after asking).
    case any
    /// This version of the file (nil: no file at all): anything else is someone else's
    /// save, and replacing it would silently revert theirs.
    case version(FileVersion?)

    /// True when the file on disk (nil: none) is what a save expecting this may replace.
    /// A file deleted since it was loaded may be written again: nothing of anyone's is lost.
    public func allows(_ now: FileVersion?) -> Bool {
        guard case let .version(v) = self, let now else { return true }
        return FileVersion.same(now, v)
    }
}
