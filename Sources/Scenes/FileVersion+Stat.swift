#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's version from what `stat` said of it (a value in, a value out: the call itself is
/// made by whoever asks, LayoutFileIO's `FileVersion.of`).
extension FileVersion {
    public init(_ st: stat, isReadOnly: Bool) {
        #if canImport(Darwin)
            let time = st.st_mtimespec
        #else
            let time = st.st_mtim
        #endif
        self.init(
            device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
            seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), isReadOnly: isReadOnly)
    }
}
